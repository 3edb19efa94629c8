"""What the teacher's console says while the room runs, and the log the apps' errors go to.

The console has one line per event that matters: a tab opened, closed, refused or ended, and
why. Nothing a client sends prints a traceback: what a client does wrong is a refusal, said in
a few words. Refusals of one kind that come in a flood (a script asking again and again) are
said once, then counted: ``(and 19 more like it)`` follows when the flood is over.

The apps' own error output (a crash report) is not the console's: it goes to ``--log FILE``,
each line marked with its tab, at most :attr:`~.limits.RoomLimits.log_per_tab` bytes a tab;
without ``--log`` it is read and dropped, and the console says an app failed.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import BinaryIO, TextIO

from ..text.terminal import printable

#: Seconds during which refusals of one kind after the first are counted, not said.
QUIET_SECONDS = 10.0


@dataclass
class _Flood:
    said_at: float
    more: int = 0


class RoomLog:
    """The teacher's console (``out``) and the apps' error log (``errors``, or None)."""

    def __init__(
        self,
        out: TextIO,
        errors: BinaryIO | None = None,
        *,
        errors_name: str | None = None,
        clock: Callable[[], float] = time.monotonic,
        wall: Callable[[], float] = time.time,
    ) -> None:
        self.out = out
        self.errors = errors
        #: The log's name, as the console says it.
        self.errors_name = errors_name
        self.clock = clock
        self.wall = wall
        self._floods: dict[str, _Flood] = {}
        self._lock = threading.Lock()

    def say(self, words: str) -> None:
        """One line on the console, after the time of day."""
        stamp = time.strftime("%H:%M:%S", time.localtime(self.wall()))
        with self._lock:
            try:
                self.out.write(f"{stamp}  {printable(words)}\n")
                self.out.flush()
            except (OSError, ValueError):  # the console has gone: the room goes on
                pass

    def refused(self, kind: str, words: str) -> None:
        """A refusal: said, unless one of the same ``kind`` was said in the last
        :data:`QUIET_SECONDS` (then counted, and said with the next one or by :meth:`tick`)."""
        now = self.clock()
        flood = self._floods.get(kind)
        if flood is not None and now - flood.said_at < QUIET_SECONDS:
            flood.more += 1
            return
        more = flood.more if flood is not None else 0
        self._floods[kind] = _Flood(now)
        self.say(words + (f" (and {more:,} more like it before)" if more else ""))

    def tick(self) -> None:
        """Say the counts of floods that are over (nothing of their kind for a while)."""
        now = self.clock()
        for kind, flood in list(self._floods.items()):
            if now - flood.said_at >= QUIET_SECONDS:
                if flood.more:
                    self.say(f"... and {flood.more:,} more refused like it: {kind}")
                del self._floods[kind]

    def app_errors(self, tab: int, data: bytes) -> None:
        """An app's error output, into the log, each line marked with its tab."""
        if self.errors is None or not data:
            return
        marked = b"".join(
            b"tab %d: %s\n" % (tab, line) for line in data.rstrip(b"\n").split(b"\n")
        )
        with self._lock:
            try:
                self.errors.write(marked)
                self.errors.flush()
            except (OSError, ValueError):
                pass

"""What a browser types, let through to its app within the room's bounds.

A tab's keys reach its app as text: what the terminal in the page sends, escape sequences and
all. Textual holds a paste (between ``ESC [200~`` and ``ESC [201~``) character by character
until its end, and every key as a message on its queue, so a client that pastes without end or
sends keys without pause would grow its app without bound. :class:`InputGate` stands between:

* a paste is cut at :attr:`InputGate.paste_limit` characters plus one and closed there (the app
  sees a paste too long, and says so as for any paste too long); the rest of it, up to its own
  end marker, is dropped;
* the text outside pastes is let through at :attr:`InputGate.keys_per_second` characters a
  second, in bursts of :attr:`InputGate.keys_burst`; a message that finds no room is dropped
  whole (never half an escape sequence);
* a paste's characters count against a budget of their own, refilled at one paste's worth in
  :data:`PASTE_REFILL_SECONDS`, so that pastes one after another cannot keep the app busy: a
  paste that begins with less than a whole paste's worth left is dropped whole (never cut
  short, which would hand the app a paste under the limit that is not the one pasted).

A marker split between two messages is found all the same (the end of a message that could be
the start of a marker, from ``ESC [2`` on, waits for the next one). A client that splits one
otherwise only has its paste counted as keys.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

PASTE_START = "\x1b[200~"
PASTE_END = "\x1b[201~"
#: Seconds for the paste budget to refill by one whole paste.
PASTE_REFILL_SECONDS = 5.0


@dataclass
class Passed:
    """What :meth:`InputGate.feed` lets through, and what it did not."""

    text: str
    #: Characters of keys dropped (no room in the budget).
    dropped: int = 0
    #: Whether a paste was cut here.
    cut: bool = False
    #: Pastes dropped whole: they came faster than the paste budget refills.
    dropped_pastes: int = 0
    #: Whether the text holds a paste's part (a marker, or what is pasted): never to be
    #: dropped on its way (a paste half dropped leaves the app waiting for its end).
    pasted: bool = False


class _Bucket:
    """A budget that refills with time (a token bucket)."""

    def __init__(self, rate: float, size: float, clock: Callable[[], float]) -> None:
        self.rate, self.size, self.clock = rate, size, clock
        self.level = size
        self.when = clock()

    def room(self) -> float:
        now = self.clock()
        self.level = min(self.size, self.level + (now - self.when) * self.rate)
        self.when = now
        return self.level

    def take(self, amount: float) -> None:
        self.level -= amount


class InputGate:
    """One tab's keys on their way to its app (see the module's words)."""

    def __init__(
        self,
        *,
        paste_limit: int,
        keys_per_second: int,
        keys_burst: int,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.paste_limit = paste_limit
        self.keys_per_second = keys_per_second
        self.keys_burst = keys_burst
        self._keys = _Bucket(keys_per_second, keys_burst, clock)
        paste_size = 2 * (paste_limit + 1)
        self._pastes = _Bucket(paste_size / 2 / PASTE_REFILL_SECONDS, paste_size, clock)
        #: In a paste: how many of its characters were let through so far; None: not in one.
        self._pasted: int | None = None
        #: Dropping the rest of a paste that was cut, until its end marker.
        self._skipping = False
        #: The end of the last message that may be the start of a marker.
        self._held = ""

    @property
    def in_paste(self) -> bool:
        return self._pasted is not None or self._skipping

    def feed(self, text: str) -> Passed:
        """What of ``text`` (one message of the browser's) goes on to the app now."""
        text = self._held + text
        self._held = ""
        out: list[str] = []
        passed = Passed("")
        while text:
            if self._pasted is None and not self._skipping:
                text = self._keys_part(text, out, passed)
            else:
                text = self._paste_part(text, out, passed)
        passed.text = "".join(out)
        return passed

    def _keys_part(self, text: str, out: list[str], passed: Passed) -> str:
        """Keys up to the next paste's start; the rest of ``text`` (from that start)."""
        start = text.find(PASTE_START)
        keys, rest = (text, "") if start < 0 else (text[:start], text[start:])
        if start < 0:
            keys, self._held = _split_marker_start(keys, PASTE_START)
        if keys:
            if self._keys.room() >= len(keys):
                self._keys.take(len(keys))
                out.append(keys)
            else:
                passed.dropped += len(keys)
        if rest:
            rest = rest[len(PASTE_START):]
            if self._pastes.room() < self.paste_limit + 1:  # pastes too fast: this one dropped
                passed.dropped_pastes += 1
                self._skipping = True
                return rest
            out.append(PASTE_START)
            passed.pasted = True
            self._pasted = 0
        return rest

    def _paste_part(self, text: str, out: list[str], passed: Passed) -> str:
        """A paste's characters up to its end; the rest of ``text`` (after the end marker)."""
        end = text.find(PASTE_END)
        body, rest = (text, "") if end < 0 else (text[:end], text[end + len(PASTE_END):])
        if end < 0:
            body, self._held = _split_marker_start(body, PASTE_END)
        if self._skipping:
            if end >= 0:
                self._skipping = False
            return rest
        assert self._pasted is not None
        passed.pasted = True
        room = self.paste_limit + 1 - self._pasted  # the budget was met as the paste began
        if len(body) < room or (len(body) == room and end >= 0):
            self._pasted += len(body)
            self._pastes.take(len(body))
            out.append(body)
            if end >= 0:
                out.append(PASTE_END)
                self._pasted = None
            return rest
        # too long: cut just past the limit, close the paste, drop the rest of it
        kept = max(room, 0)
        out.append(body[:kept])
        self._pastes.take(kept)
        out.append(PASTE_END)
        passed.cut = True
        self._pasted = None
        self._skipping = end < 0
        self._held = "" if end >= 0 else self._held
        return rest


def _split_marker_start(text: str, marker: str) -> tuple[str, str]:
    """``text`` cut before its end where that end is the start of ``marker`` (which the next
    message may finish): (what can go now, what waits). From ``ESC [2`` on only: a lone escape
    is the Escape key, and ``ESC [`` is Alt+[ (the terminal in the page sends a marker whole,
    with its paste)."""
    for size in range(min(len(marker) - 1, len(text)), 2, -1):
        if marker.startswith(text[-size:]):
            return text[:-size], text[-size:]
    return text, ""

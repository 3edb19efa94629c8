"""The signals that end a run from outside, turned into a request to stop training cleanly.

Ctrl-C (SIGINT), the terminal closing (SIGHUP) and ``kill`` (SIGTERM) would end the process in
the middle of a training and lose it. While a :class:`StopRequest` is in force they only ask
the training to stop: :meth:`StopRequest.asked` is the trainer's ``should_stop`` (looked at
between two games), and :attr:`StopRequest.signum` says which signal came, so the caller keeps
what was trained, says so, and ends. The app (``ui.leaving``) leaves on the same signals.
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
from types import FrameType, TracebackType
from typing import Any, TextIO

#: Ctrl-C, the terminal closing, ``kill``: the signals that stop a run (SIGHUP is missing on
#: Windows).
STOP_SIGNALS: tuple[int, ...] = tuple(
    getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)
)


def caught_signals() -> list[int]:
    """:data:`STOP_SIGNALS` but those ignored now (``nohup`` ignores SIGHUP: it still should)."""
    return [signum for signum in STOP_SIGNALS if signal.getsignal(signum) != signal.SIG_IGN]


def exit_status(signum: int) -> int:
    """How a shell reports a process a signal ended: 128 plus its number (130 for Ctrl-C)."""
    return 128 + signum


class StopRequest:
    """``with StopRequest() as stop: train(..., should_stop=stop.asked)``: while inside,
    :data:`STOP_SIGNALS` set :attr:`signum` instead of ending the process; the handlers found
    are put back on leaving, or at a second signal, which then does what it did before (ends
    the process, or raises KeyboardInterrupt for Ctrl-C): a run stuck after the first can still
    be ended. Outside the main thread (where Python takes no handlers) it changes nothing and
    is never asked."""

    def __init__(self) -> None:
        #: The first stop signal that came, or None.
        self.signum: int | None = None
        self._before: dict[int, Any] = {}

    def asked(self) -> bool:
        # read before every game of a training: one attribute, no lock (the handler runs in
        # the main thread and sets it once; a training in another thread reads it)
        return self.signum is not None

    def _on_signal(self, signum: int, frame: FrameType | None) -> None:
        if self.signum is not None:  # asked twice: the signal does what it did before
            self._put_back()
            signal.raise_signal(signum)
            return
        self.signum = signum

    def _put_back(self) -> None:
        for signum, before in self._before.items():
            signal.signal(signum, before if before is not None else signal.SIG_DFL)
        self._before.clear()

    def __enter__(self) -> StopRequest:
        if threading.current_thread() is threading.main_thread():
            for signum in caught_signals():
                self._before[signum] = signal.signal(signum, self._on_signal)
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self._put_back()


def say_if_there(stream: TextIO, *lines: str) -> None:
    """Print ``lines`` to ``stream`` and flush. After SIGHUP the terminal is gone: then nothing
    is said, and ``stream`` is pointed at ``/dev/null``, so that Python's own flush at exit
    does not fail too (it would end the process with status 120)."""
    try:
        for line in lines:
            print(line, file=stream)
        stream.flush()
    except (OSError, ValueError):
        with contextlib.suppress(OSError, ValueError):
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, stream.fileno())
            os.close(devnull)

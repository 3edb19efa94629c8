"""The memory a training may take (SPEC section 12): a cap, 1 GiB unless told otherwise.

The trainer (:func:`~.training.train`) asks a :class:`MemoryWatch` before its games, as it asks
``should_stop``; once the process holds so much memory that the games until the next look
would pass the cap, training stops between two games, the learner keeps what it learned, and
the result says why (:class:`MemoryStop`). The look is cheap: the process's resident memory is
read at most every :data:`CHECK_SECONDS`, and the growth since the last read is taken as the
growth until the next.

The memory counted is the operating system's count of the process's resident memory (on Linux
``/proc/self/statm``; elsewhere the peak resident size ``getrusage`` gives), so everything the
process holds counts: the brain, the program, an app around the training. Where neither can be
read, the cap is not watched.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass

__all__ = [
    "CHECK_SECONDS", "DEFAULT_MEMORY_CAP", "MemoryStop", "MemoryWatch", "process_memory",
    "stop_or_memory",
]

#: The memory a training may take when no other cap is given: 1 GiB.
DEFAULT_MEMORY_CAP = 1 << 30
#: Seconds between two reads of the process's memory (a read costs a few microseconds).
CHECK_SECONDS = 0.05

_STATM = "/proc/self/statm"


def process_memory() -> int | None:
    """The process's resident memory in bytes, or None where it cannot be read."""
    try:
        with open(_STATM, "rb") as statm:
            return int(statm.read().split()[1]) * _page_size()
    except (OSError, ValueError, IndexError):
        pass
    try:
        import resource
    except ImportError:  # not a Unix system
        return None
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak if sys.platform == "darwin" else peak * 1024  # bytes on macOS, else KiB


def _page_size() -> int:
    try:
        return os.sysconf("SC_PAGE_SIZE")
    except (AttributeError, ValueError, OSError):
        return 4096


@dataclass(frozen=True)
class MemoryStop:
    """Why a training stopped short of its games: the process held ``used`` bytes, and the
    next games would have passed the cap of ``cap`` bytes."""

    cap: int
    used: int


class MemoryWatch:
    """Says, between games, whether the games until the next look would pass ``cap`` bytes.

    ``probe`` reads the memory in bytes (None: unknown, never over), at most every ``every``
    seconds of ``clock``; the first question reads it at once.
    """

    def __init__(
        self,
        cap: int,
        probe: Callable[[], int | None] = process_memory,
        *,
        every: float | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if isinstance(cap, bool) or not isinstance(cap, int) or cap < 1:
            raise ValueError(f"a memory cap is a number of bytes of at least 1, got {cap!r:.40}")
        self.cap = cap
        self.probe = probe
        self.every = CHECK_SECONDS if every is None else every
        self.clock = clock
        self._next_look = float("-inf")
        self._last: int | None = None
        #: Set once the cap was reached: then every question says yes.
        self.stop: MemoryStop | None = None

    def over(self) -> bool:
        """Whether training must stop now, before the next game."""
        if self.stop is not None:
            return True
        now = self.clock()
        if now < self._next_look:
            return False
        self._next_look = now + self.every
        used = self.probe()
        if used is None:
            return False
        growth = 0 if self._last is None else max(0, used - self._last)
        self._last = used
        if used + growth >= self.cap:
            self.stop = MemoryStop(self.cap, used)
            self._next_look = float("-inf")  # asked again, it looks: and says yes
            return True
        return False


def stop_or_memory(
    should_stop: Callable[[], bool] | None, memory: MemoryWatch | None
) -> Callable[[], bool] | None:
    """What a training's loops ask before a game: whether they are told to stop, or whether
    memory would pass the cap (None: neither is watched)."""
    if memory is None:
        return should_stop
    # asked before every game: the look's time is checked here, and the watch called only when
    # it is due (what MemoryWatch.over would answer; a call fewer a game, some 2% of the flat
    # take-away loops' time)
    over, clock = memory.over, memory.clock
    if should_stop is None:
        return lambda: clock() >= memory._next_look and over()
    return lambda: should_stop() or (clock() >= memory._next_look and over())

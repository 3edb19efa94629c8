"""An octal game's Grundy values by a compiled loop (the optional extra ``sticks-tui[fast]``):
past the heaps pure Python computes in a minute (:mod:`.octal_values`), 10^5 heaps in seconds.

The kernel is the plain mex: for each heap ``n``, every move's value is marked in a table, the
table's first unmarked value is ``G(n)``; a split of ``rest`` sticks into ``a`` and ``rest - a``
marks ``G(a) xor G(rest - a)``, ``rest / 2`` of them a take, so ``n`` heaps cost ``n^2 / 4``
steps a take that may split, a step being two reads, an XOR and a write (about a nanosecond
here: the values are unsigned, so numba indexes the table without checking for a negative
index, which took twice as long). The table is not
cleared between heaps: heap ``n`` marks with ``n + 1``, so a value is marked for ``n`` exactly
when its entry holds ``n + 1``. The table holds a power of two ``P`` entries above every value so
far: the XOR of two values below ``P`` is below ``P``, and a mex of ``P`` (every entry marked)
makes the kernel stop and ask for a table twice as large.

The rules are those of :func:`.octal_values.grundy_values` and
:meth:`.octal_code.OctalCode.heap_options` (a take of 0 only splits, where ``digits[0]`` is 4);
the tests compare the values with the pure-Python ones. numba is loaded by :func:`load_kernel`
only, when values are asked of the compiled loop (:mod:`sticks_tui.engine.compiled`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..compiled import KernelUnavailable, compile_kernel
from .octal_code import LEAVES_NONE, LEAVES_ONE, LEAVES_TWO, OctalCode

__all__ = ["CompiledValues", "KernelUnavailable", "load_kernel"]

#: Heaps the kernel computes between two calls of the progress (and chances to stop), at most.
HEAPS_A_CALL = 1024
#: Steps (a split's two reads, an XOR and a write: about a nanosecond) the kernel takes between
#: two calls of the progress, at most, or one heap's where a heap takes more: Ctrl-C (heard only
#: between calls) and the bar answer within a few hundredths of a second, however large the
#: heaps and however many takes split (1,024 heaps of a million sticks with 32 takes that split
#: were 16 s).
STEPS_A_CALL = 1 << 25
#: The table of marks a computation starts with (grown by doubling).
TABLE_LEAST = 64

_kernel: Any = None


def load_kernel() -> Any:
    """The compiled kernel, compiled once; :class:`KernelUnavailable` with a one-line reason
    when it cannot be had (numba not installed, or it did not compile)."""
    global _kernel
    if _kernel is None:
        _kernel = compile_kernel(_grundy_run, _warm_up, "the Grundy values' loop")
    return _kernel


def _warm_up(kernel: Any) -> None:
    """Compile (or load from numba's cache) with the argument types the values use."""
    import numpy as np  # numba's own dependency

    values = np.zeros(8, dtype=np.uint32)
    kernel(np.array([0, 7], dtype=np.int64), values, np.zeros(8, dtype=np.int32), 1, 8)


class CompiledValues:
    """Values computed so far by the kernel, grown on demand: the interface of
    :class:`.octal_values._Values` that :func:`.octal_values.prove_period` uses (``values``,
    ``extend_to``), and it may go on from values computed otherwise (``known``)."""

    def __init__(self, code: OctalCode, room: int, known: Sequence[int] = (0,)) -> None:
        self.kernel = load_kernel()  # first: without numba, numpy may be missing too
        import numpy as np  # numba's own dependency

        self._np = np
        self.digits = np.array(code.digits, dtype=np.int64)
        self.splitting = sum(1 for digit in code.digits if digit & LEAVES_TWO) or 1
        self.done = len(known)
        self.array = np.zeros(max(room, self.done), dtype=np.uint32)  # see the kernel
        self.array[: self.done] = known
        self.table = np.zeros(_table_size(max(known, default=0)), dtype=np.int32)

    @property
    def values(self) -> list[int]:
        """``G(0)`` to ``G(done - 1)``."""
        values: list[int] = self.array[: self.done].tolist()
        return values

    def extend_to(self, count: int, progress: Callable[[int, int], None] | None = None) -> None:
        np = self._np
        if count > len(self.array):
            grown = np.zeros(max(count, 2 * len(self.array)), dtype=np.uint32)
            grown[: self.done] = self.array[: self.done]
            self.array = grown
        while self.done < count:
            heaps = STEPS_A_CALL // (self.splitting * (self.done // 2 + 1))
            stop = min(count, self.done + max(1, min(HEAPS_A_CALL, heaps)))
            reached = int(self.kernel(self.digits, self.array, self.table, self.done, stop))
            if reached < stop:  # a value filled the table: twice as large, marks start afresh
                self.table = np.zeros(2 * len(self.table), dtype=np.int32)
            self.done = reached
            if progress is not None:
                progress(self.done, count)


def _table_size(largest: int) -> int:
    """A power of two above ``largest`` (and at least :data:`TABLE_LEAST`)."""
    size = TABLE_LEAST
    while size <= largest:
        size *= 2
    return size


# -- the kernel: plain integer code, compiled by numba (and runnable, slowly, without it) -------
_NONE, _ONE, _TWO = LEAVES_NONE, LEAVES_ONE, LEAVES_TWO


def _grundy_run(digits: Any, values: Any, table: Any, start: int, stop: int) -> int:
    """Write ``G(n)`` into ``values[n]`` for ``n`` from ``start`` (``values`` before it
    computed) up to ``stop``; returns the heap after the last written: ``stop``, or the heap
    whose value is the table's size, not written (the caller gives a table twice as large and
    calls again from there; returning the heap after it would pass unnoticed where that heap
    was the batch's last, and the next heaps' XORs would then index past the table).
    ``table`` is as long as a power of two above every value before ``start``, its entries below
    ``start + 1`` (zeros at first)."""
    size = len(table)
    takes = len(digits)
    for n in range(start, stop):
        mark = n + 1
        for take in range(takes):
            rest = n - take
            if rest < 0:
                break
            digit = digits[take]
            if take > 0:
                if digit & _NONE and rest == 0:
                    table[0] = mark
                if digit & _ONE and rest > 0:
                    table[values[rest]] = mark
            if digit & _TWO and rest >= 2:
                for a in range(1, rest // 2 + 1):
                    table[values[a] ^ values[rest - a]] = mark
        value = 0
        while value < size and table[value] == mark:
            value += 1
        if value == size:
            return n  # every entry marked: G(n) is size, which the table cannot hold
        values[n] = value
    return stop

"""An octal game's Grundy values, fast, and their period, proved (SPEC section 16).

**Values.** In normal play a heap of ``n`` has the Grundy value ``G(n)``: the least value none of
its moves leads to, a move to two heaps ``a`` and ``b`` leading to ``G(a) xor G(b)``. Listing
every split is ``n / 2`` steps for each take that may split, so ``n`` heaps cost ``n^2 / 4``
steps a take: 10^8 for 20,000 heaps, minutes in Python. Instead the heaps are kept by value:
for each value ``v``, one number whose bit ``a`` says ``G(a) = v``, and one whose bit
``K - a`` does (the same heaps reversed). Whether some split of ``m`` sticks leaves values ``u``
and ``w`` is then one AND of the first number of ``u`` with the second of ``w`` shifted by
``K - m``; a heap asks this of each pair of values that occur (a few dozen for the known games,
whose values stay small) and only of pairs whose XOR it has not found already. Where the values
grow (there are octal games whose values grow without bound), the pairs would outnumber the
splits, and the splits are listed instead; each heap takes the cheaper way. That is 20,000 heaps
of the slowest codes of three digits in seconds (``benchmarks/octal_values.py``), and
:data:`PROOF_HEAPS_DEFAULT` the most asked of Python; more are computed by the plain mex
compiled by numba (:mod:`.octal_compiled`, the extra ``sticks-tui[fast]``, loaded only when
asked for: ``backend``), which gives the same values, 10^5 heaps of 0.007 in seconds.

**Periods.** The octal games' periodicity theorem (Guy and Smith, 1956; Winning Ways, chapter
4): let ``t`` be the largest take of the code. If ``G(n + p) = G(n)`` for every ``n`` with
``n0 <= n < 2 n0 + p + t``, then ``G(n + p) = G(n)`` for every ``n >= n0``. :func:`prove_period`
computes values in rounds that double, and after each looks for the least ``p`` (and its least
``n0``) that the values so far satisfy over the whole range the theorem asks for. Found, the
period is proved; the preperiod is that least ``n0``: the first heap from which the values
repeat. Not found within the heaps allowed, nothing is claimed: "no period up to N" (20,000
heaps for ``solve``; fewer for the app's analysis, which a person waits for:
:func:`quick_proof_heaps`). Only
normal play's values have this theorem; no misère period is ever claimed.

Why the least ``p`` found is the least period: an eventually periodic sequence's periods are the
multiples of its least one, and a sequence periodic from ``n0`` with ``p`` is periodic from the
same ``n0`` with every period it has eventually; so the least period's proof needs no more
values than ``p``'s, and is found first.
"""

from __future__ import annotations

import math
import threading
from array import array
from bisect import insort
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from .octal_code import LEAVES_NONE, LEAVES_ONE, LEAVES_TWO, OctalCode

#: Heaps whose values a proof computes at most, unless asked for more: pure Python's budget
#: (seconds for the slowest codes of three digits; more heaps are asked of the compiled loop).
PROOF_HEAPS_DEFAULT = 20_000
#: What a quick proof (the app's analysis, a thread the person waits for) may cost: takes
#: that split x heaps^2 at most. 4,000 heaps of a code with one take that splits: 0.2 to 0.4 s
#: for Treblecross (0.007) or 0.6, whose values grow and prove no period, where 20,000 heaps
#: took 5 to 10 s; a code of 32 such takes gets 707 heaps. ``solve`` keeps the 20,000.
QUICK_PROOF_WORK = 4_000**2
#: The fewest heaps a quick proof looks at, however many takes split.
QUICK_PROOF_HEAPS_LEAST = 500
#: Who computes the values: ``python``; ``numba``, the compiled loop
#: (:mod:`.octal_compiled`, the extra ``sticks-tui[fast]``); ``auto``, python within
#: :data:`PROOF_HEAPS_DEFAULT` heaps and numba beyond them where it can be had (else no further
#: than those heaps). The names are those of ``train --backend``
#: (:mod:`sticks_tui.engine.backends`).
AUTO, PYTHON, NUMBA = "auto", "python", "numba"
BACKENDS = (AUTO, PYTHON, NUMBA)
#: Under ``auto``, the rounds of a proof up to this many heaps stay in Python (a code whose
#: period shows early, as Kayles' at 168 heaps, never loads numba): a fraction of a second.
PYTHON_ROUNDS_UP_TO = 4_096
#: The fewest heaps a proof's values are given for (``solve``'s default shows as many).
HEAPS_SHOWN_LEAST = 1_000
#: Proofs kept (one per code); the oldest goes first.
PROOFS_KEPT = 32

#: Called with (heaps computed, heaps the computation may reach); raising in it stops the work.
Progress = Callable[[int, int], None]


def grundy_values(
    code: OctalCode, count: int, progress: Progress | None = None, backend: str = PYTHON
) -> list[int]:
    """``G(0)`` to ``G(count - 1)`` in normal play; ``backend`` ``numba`` computes them with the
    compiled loop (:class:`~.octal_compiled.KernelUnavailable` where it cannot be had)."""
    values: ValuesSoFar = (
        _compiled(code, count) if backend == NUMBA else _Values(code, count)
    )
    values.extend_to(count, progress)
    return values.values[:count]


def compiled_unavailable() -> str | None:
    """Why the compiled loop cannot be had here, in one line ("numba is not installed (pip
    install 'sticks-tui[fast]' installs it)"), or None where it can (numba is loaded)."""
    from .octal_compiled import KernelUnavailable, load_kernel

    try:
        load_kernel()
    except KernelUnavailable as error:
        return str(error)
    return None


class ValuesSoFar(Protocol):
    """Values computed so far, and more on demand: in Python (:class:`_Values`) or by the
    compiled loop (:class:`~.octal_compiled.CompiledValues`)."""

    @property
    def values(self) -> list[int]:
        """``G(0)``, ``G(1)``, ... as far as computed."""

    def extend_to(self, count: int, progress: Progress | None = None) -> None:
        """Compute up to ``G(count - 1)``."""


def _compiled(code: OctalCode, room: int, known: list[int] | None = None) -> ValuesSoFar:
    from .octal_compiled import CompiledValues  # numba: loaded only when asked for

    return CompiledValues(code, room, known or [0])


class _Values:
    """Values computed so far, with their bitsets by value (see the module docstring)."""

    def __init__(self, code: OctalCode, room: int) -> None:
        self.code = code
        self.room = room  # K: the reversed bitsets put heap a at bit room - a
        self.values: list[int] = [0]
        self.forward: list[int] = []  # by value: bit a set when G(a) = value (a >= 1)
        self.reverse: list[int] = []  # by value: bit room - a set when G(a) = value (a >= 1)
        self.present: list[int] = []  # the values some heap a >= 1 has, in order
        self.lanes = array("I", [0])  # G(a) at index a
        self.reversed_lanes = array("I", bytes(4 * (room + 1)))  # G(a) at index room - a
        self.takes = [
            (take, digit) for take, digit in enumerate(code.digits) if digit
        ]

    def _grow_room(self, room: int) -> None:
        shift = room - self.room
        self.reverse = [bits << shift for bits in self.reverse]
        self.reversed_lanes = array("I", bytes(4 * shift)) + self.reversed_lanes
        self.room = room

    def extend_to(self, count: int, progress: Progress | None = None) -> None:
        if count > self.room:
            self._grow_room(max(count, 2 * self.room))
        values, forward, reverse = self.values, self.forward, self.reverse
        room = self.room
        n = len(values)
        while n < count:
            seen = 0  # bit v: some move leads to value v
            for take, digit in self.takes:
                rest = n - take
                if rest < 0:
                    continue
                if digit & LEAVES_NONE and rest == 0 and take > 0:
                    seen |= 1
                if digit & LEAVES_ONE and rest > 0 and take > 0:
                    seen |= 1 << values[rest]
                if digit & LEAVES_TWO and rest >= 2:
                    seen |= self._splits(rest, seen, room)
            value = (~seen & (seen + 1)).bit_length() - 1  # the least bit not set: the mex
            values.append(value)
            self.lanes.append(value)
            self.reversed_lanes[room - n] = value
            while len(forward) <= value:
                forward.append(0)
                reverse.append(0)
            if not forward[value]:
                insort(self.present, value)
            forward[value] |= 1 << n
            reverse[value] |= 1 << (room - n)
            n += 1
            if progress is not None and n % 4096 == 0:
                progress(n, count)

    def _splits(self, rest: int, seen: int, room: int) -> int:
        """The values (as bits) of the splits of ``rest`` sticks into two non-empty heaps."""
        if rest < 48:  # a few splits: listed in Python, quicker than any set-up
            values = self.values
            found = 0
            for a in range(1, rest // 2 + 1):
                found |= 1 << (values[a] ^ values[rest - a])
            return found
        forward, reverse, present = self.forward, self.reverse, self.present
        pairs = len(present) * (len(present) + 1) // 2
        # a pair costs a shift and an AND of `room` bits, a split about a word's worth of C
        # work (measured: the crossover is near pairs * room / 2^11 = rest)
        if pairs * (64 + room // 32) > rest * 16:
            return self._splits_listed(rest)
        found = 0
        shift = room - rest
        for i, u in enumerate(present):
            fu = forward[u]
            for w in present[i:]:
                x = u ^ w
                if (seen | found) >> x & 1:
                    continue
                if fu & (reverse[w] >> shift):
                    found |= 1 << x
        return found

    def _splits_listed(self, rest: int) -> int:
        """:meth:`_splits` by listing the splits: heaps 1.. and heaps rest-1.. side by side as
        32-bit lanes of two numbers, XORed in one step (no carries cross lanes), the lanes
        gathered into a set."""
        half = rest // 2
        low = self.lanes[1 : half + 1].tobytes()
        start = self.room - rest + 1
        high = self.reversed_lanes[start : start + half].tobytes()
        xored = (int.from_bytes(low, "little") ^ int.from_bytes(high, "little")).to_bytes(
            len(low), "little"
        )
        found = 0
        for x in set(memoryview(xored).cast("I")):
            found |= 1 << x
        return found


@dataclass(frozen=True)
class OctalPeriod:
    """What is proved about a code's normal-play values: their period, or none up to a heap."""

    code: OctalCode
    values: tuple[int, ...]
    """``G(0)``, ``G(1)``, ... as far as computed (at least through the proof's range)."""
    period: int | None
    """The least period, proved by the theorem; None when none was proved."""
    preperiod: int
    """The first heap from which the values repeat (0 when no period was proved)."""
    checked_up_to: int
    """Proved: the last heap the theorem needed (``2 n0 + 2p + t - 1``). Not proved: the values
    up to this heap prove no period."""

    @property
    def proved(self) -> bool:
        return self.period is not None

    def value(self, heap: int) -> int | None:
        """``G(heap)``: computed, or read off the proved period; None beyond both."""
        if heap < len(self.values):
            return self.values[heap]
        if self.period is None:
            return None
        start = self.preperiod
        return self.values[start + (heap - start) % self.period]

    def describe(self) -> str:
        if self.period is None:
            return f"no period up to {self.checked_up_to:,} sticks"
        return (
            f"period {self.period} from {self.preperiod} sticks on "
            f"(proved by the values up to {self.checked_up_to:,})"
        )


def quick_proof_heaps(code: OctalCode) -> int:
    """The heaps a quick proof of ``code``'s period looks at (:data:`QUICK_PROOF_WORK`): a
    heap's splits cost about half its size for each take that splits, so the values of ``n``
    heaps cost about that many takes x ``n^2 / 4`` steps."""
    splitting = sum(1 for digit in code.digits if digit & LEAVES_TWO) or 1
    return min(
        PROOF_HEAPS_DEFAULT,
        max(QUICK_PROOF_HEAPS_LEAST, math.isqrt(QUICK_PROOF_WORK // splitting)),
    )


def prove_period(
    code: OctalCode, heaps: int = PROOF_HEAPS_DEFAULT, progress: Progress | None = None,
    backend: str = PYTHON,
) -> OctalPeriod:
    """Values in doubling rounds until the theorem proves a period or ``heaps`` values prove
    none (see the module docstring). ``backend`` says who computes them (:data:`BACKENDS`):
    under ``auto`` without numba, no more than :data:`PROOF_HEAPS_DEFAULT` values are computed
    (the proof then says "no period up to" the last of them); ``numba`` raises
    :class:`~.octal_compiled.KernelUnavailable` where it cannot be had."""
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r:.30}: give one of {', '.join(BACKENDS)}")
    largest = code.largest_take
    size = min(heaps, max(256, 8 * largest))
    values: ValuesSoFar = (
        _compiled(code, size) if backend == NUMBA else _Values(code, size)
    )
    while True:
        if (
            backend == AUTO and heaps > PROOF_HEAPS_DEFAULT and size > PYTHON_ROUNDS_UP_TO
            and isinstance(values, _Values)
        ):
            from .octal_compiled import KernelUnavailable

            try:
                values = _compiled(code, size, values.values)
            except KernelUnavailable:
                heaps = PROOF_HEAPS_DEFAULT  # pure Python's budget: minutes beyond it
                size = min(size, heaps)
                backend = PYTHON
        values.extend_to(size, progress)
        found = _least_period(values.values, largest)
        if found is not None:
            period, start = found
            return OctalPeriod(
                code, tuple(values.values), period, start, 2 * start + 2 * period + largest - 1
            )
        if size >= heaps:
            return OctalPeriod(code, tuple(values.values), None, 0, size - 1)
        size = min(heaps, 2 * size)


#: The last differences looked for one by one before halving (most periods that do not hold
#: differ within a few heaps of the end).
LOOKED_AT_FIRST = 16


def _least_period(values: list[int], largest: int) -> tuple[int, int] | None:
    """(least period, its least start) that ``values`` prove by the theorem, if any."""
    end = len(values)
    typecode = "B" if max(values) < 256 else "L"
    table = array(typecode, values)
    for period in range(1, end // 2 + 1):
        start = _last_difference(table, period) + 1
        if 2 * start + 2 * period + largest <= end:
            return period, start
    return None


def _last_difference(table: array[int], period: int) -> int:
    """The last ``n`` with ``table[n] != table[n + period]`` (-1 when none): looked for among the
    last few ``n`` first, then the longest run of agreement at the end, by halving (each
    comparison a slice compare, in C)."""
    end = len(table) - period  # n ranges over 0 .. end - 1
    for n in range(end - 1, max(end - LOOKED_AT_FIRST, 0) - 1, -1):  # mostly near the end:
        if table[n] != table[n + period]:  # found without copying the table (a million values
            return n  # have half a million periods to look at)
    low, high = 0, end  # the values agree over the last `low` n; not over the last `high + 1`
    if table[:end] == table[period:]:
        return -1
    while low < high:
        middle = (low + high + 1) // 2
        if table[end - middle : end] == table[end - middle + period : end + period]:
            low = middle
        else:
            high = middle - 1
    return end - low - 1


# -- one proof per code ----------------------------------------------------------------------------
_proofs: OrderedDict[tuple[tuple[int, ...], int, str], OctalPeriod] = OrderedDict()
_proofs_lock = threading.Lock()


def octal_period(
    code: OctalCode, heaps: int = PROOF_HEAPS_DEFAULT, progress: Progress | None = None,
    backend: str = PYTHON,
) -> OctalPeriod:
    """:func:`prove_period`, made once per code, bound and backend and kept (the app's threads
    share it). The backend is part of the key: ``auto`` without numba stops at
    :data:`PROOF_HEAPS_DEFAULT` heaps where ``python`` and ``numba`` compute every one asked."""
    key = (code.digits, heaps, backend)
    with _proofs_lock:
        found = _proofs.get(key)
        if found is not None:
            _proofs.move_to_end(key)
            return found
    proof = prove_period(code, heaps, progress, backend)
    with _proofs_lock:
        _proofs[key] = proof
        while len(_proofs) > PROOFS_KEPT:
            _proofs.popitem(last=False)
    return proof

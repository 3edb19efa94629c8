"""The period of a take-away game's lost heaps, proved (SPEC section 12).

Why a period can be proved: with largest take ``m``, every take is legal from ``m`` sticks on,
so whether a heap ``n >= m`` is lost depends only on the ``m`` heaps below it (under either
ending). Hence a period ``p`` from ``n0`` holds for every ``n >= n0`` as soon as
``outcome(n) == outcome(n + p)`` for ``n0 <= n < n0 + m``: from there on each heap and the heap
``p`` above it follow from the same ``m`` heaps. The last ``m`` outcomes are the state of a
finite machine (``2^m`` states), so some state repeats within ``2^m + m`` heaps and every game
has a period; that many heaps is what a proof may need.

How it is found: the outcomes go heap by heap into a table of one byte a heap, the last ``m``
of them kept as an ``m``-bit number (whether heap ``n`` wins is one AND of that number with the
takes). After each round (the rounds doubling in size up to the bound) the last ``m`` outcomes
are looked for earlier in the table (``bytes.rfind``). Found ``p`` heaps earlier, the window
repeats, which is the proof of period ``p``; the nearest such ``p`` is the least period (a state
on the machine's cycle does not recur within one turn of it), and comparing the table with
itself shifted by ``p`` gives the earliest heap the period holds from. If a proof fits in the
table at all, this finds it.

The bound: the proof looks at :func:`proof_heaps` heaps at most, :data:`PROOF_HEAPS_MAX`
(``2^20 + 20``: enough for every game whose takes are at most 20) or fewer when the largest take
is above 8,191, so that heaps x largest take stays under :data:`PROOF_WORK` (about a second).
Its memory is that table (a megabyte at most, growing only as far as the proof goes) and one
number of ``m`` bits. Without a proof
within the bound no rule is stated, only "no period up to N". A game whose largest take is
above the heaps the proof may look at is answered at once: no proof can fit below its largest
take.

No take-away game is lost nowhere from some heap on: ``m`` won heaps in a row would leave the
next heap no move to a lost one. So a proved rule always names lost heaps.

Proofs are kept once per game (its takes and ending) in a small cache shared by the threads of
the app; :func:`known_heap_period` looks there without ever computing.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from .game import mover_wins_at_end
from .solver import HeapGame, PeriodicRule

#: The most heaps (0 to 2^20 + 19) a proof looks at: with takes up to 20 a period is always
#: proved within them.
PROOF_HEAPS_MAX = 2**20 + 20
#: Heaps x largest take a proof may cost (about a second): a largest take above 8,191 looks at
#: fewer heaps.
PROOF_WORK = 2**33
#: Proofs kept (one per game: takes and ending); the oldest goes first.
PROOFS_KEPT = 64
#: How often (in heaps) a proof reports its progress.
PROGRESS_EVERY = 2**16

#: Called during a proof with (heaps solved, heaps the proof may look at); raising stops it.
Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class HeapPeriod:
    """What is proved about the lost heaps of a take-away game: their period, or that there is
    none within the heaps the proof looked at."""

    takes: tuple[int, ...]
    misere: bool
    period: int | None
    """The least period of the lost heaps; None when no period was proved."""
    start: int
    """The period holds for every heap from ``start`` sticks on (the least such heap)."""
    lost: bytes
    """Whether heaps ``start`` to ``start + period - 1`` are lost, a byte (0 or 1) each."""
    checked_up_to: int
    """Proved: the largest heap the proof compared (``start + period + largest take - 1``).
    Not proved: no period is proved by the heaps from 0 to this one."""

    @property
    def proved(self) -> bool:
        return self.period is not None

    @property
    def residues(self) -> tuple[int, ...]:
        """Lost when n mod ``period`` is one of these (from ``start`` on); () when not proved."""
        if self.period is None:
            return ()
        return tuple(sorted((self.start + i) % self.period for i, x in enumerate(self.lost) if x))

    @property
    def rule(self) -> PeriodicRule | None:
        """The proved rule in the words every rule has; None when not proved."""
        if self.period is None:
            return None
        return PeriodicRule(self.period, self.residues, self.start)

    def is_lost(self, sticks: int) -> bool | None:
        """Whether ``sticks`` is lost by the rule; None before its start or without a rule."""
        if self.period is None or sticks < self.start:
            return None
        return bool(self.lost[(sticks - self.start) % self.period])

    def describe(self) -> str:
        """The rule ("lost when n ≡ 1 (mod 4)"), or "no period up to N sticks"."""
        rule = self.rule
        return no_period_words(self.checked_up_to) if rule is None else rule.describe()


def no_period_words(checked_up_to: int) -> str:
    return f"no period up to {checked_up_to:,} sticks"


def proof_heaps(largest_take: int) -> int:
    """How many heaps (0, 1, ...) a proof may look at for a game whose largest take is this."""
    return min(PROOF_HEAPS_MAX, PROOF_WORK // max(largest_take, 1))


def prove_period(
    takes: tuple[int, ...], misere: bool, progress: Progress | None = None
) -> HeapPeriod:
    """Solve heaps 0, 1, ... until the period of the lost heaps is proved or the bound is
    reached (see the module docstring). ``takes`` are the allowed takes, smallest first."""
    largest, smallest = takes[-1], takes[0]
    most = proof_heaps(largest)
    if largest >= most:  # a proof compares heaps up to at least the largest take
        return HeapPeriod(takes, misere, None, 0, b"", largest - 1)
    take_bits = _bits(takes)
    window = (1 << largest) - 1
    at_end_lost = 0 if misere else 1  # a heap with no move: lost in normal play
    size = min(most, max(64, 4 * largest))
    table = bytearray(size)  # grows with the rounds: a proof found early stays small
    state = 0  # bit t-1: heap n-t is lost
    n = 0
    while True:
        table.extend(bytes(size - len(table)))
        while n < size:
            stop = min(size, n + PROGRESS_EVERY)
            while n < stop:
                if n < smallest:
                    lost = at_end_lost
                else:
                    lost = 0 if state & take_bits else 1
                table[n] = lost
                state = ((state << 1) | lost) & window
                n += 1
            if progress is not None:
                progress(n, most)
        found = _period_in(table, size, largest)
        if found is not None:
            period, start = found
            lost_flags = bytes(table[start : start + period])
            checked = start + period + largest - 1
            return HeapPeriod(takes, misere, period, start, lost_flags, checked)
        if size == most:
            return HeapPeriod(takes, misere, None, 0, b"", most - 1)
        size = min(most, 2 * size)


def _bits(takes: tuple[int, ...]) -> int:
    """The number with bit t-1 set for each take t (built as bytes: quick for long take sets)."""
    flags = bytearray(takes[-1] // 8 + 1)
    for t in takes:
        flags[(t - 1) // 8] |= 1 << ((t - 1) % 8)
    return int.from_bytes(flags, "little")


def _period_in(table: bytearray, end: int, largest: int) -> tuple[int, int] | None:
    """(least period, earliest start) proved by heaps 0..end-1 of ``table``, if any.

    The last ``largest`` outcomes found again ``p`` heaps earlier prove period ``p``; the latest
    such place gives the least ``p``. The earliest start: one past the last heap whose outcome
    differs from the heap ``p`` above it (the bytes as one number, XORed with them shifted)."""
    if end <= largest:
        return None
    last = table.rfind(table[end - largest : end], 0, end - 1)
    if last < 0:
        return None
    period = end - largest - last
    below = end - period
    differ = int.from_bytes(table[:below], "little") ^ int.from_bytes(
        table[period:end], "little"
    )
    start = 0 if differ == 0 else (differ.bit_length() - 1) // 8 + 1
    return period, start


# -- one proof per game ----------------------------------------------------------------------------
_proofs: OrderedDict[tuple[tuple[int, ...], bool], HeapPeriod] = OrderedDict()
_proofs_lock = threading.Lock()


def _key(rules: HeapGame) -> tuple[tuple[int, ...], bool]:
    return tuple(rules.takes), mover_wins_at_end(rules)


def known_heap_period(rules: HeapGame) -> HeapPeriod | None:
    """The proof for ``rules``' game if it was made already; never computes (a hint asks this,
    so that it never waits)."""
    key = _key(rules)
    with _proofs_lock:
        found = _proofs.get(key)
        if found is not None:
            _proofs.move_to_end(key)
        return found


def heap_period(rules: HeapGame, progress: Progress | None = None) -> HeapPeriod:
    """The proved period of ``rules``' lost heaps (or that there is none within the bound),
    made once per game and kept. ``progress`` is called during a proof (raising in it stops
    the proof; nothing is kept then)."""
    found = known_heap_period(rules)
    if found is not None:
        return found
    takes, misere = _key(rules)
    proof = prove_period(takes, misere, progress)
    with _proofs_lock:
        _proofs[(takes, misere)] = proof
        while len(_proofs) > PROOFS_KEPT:
            _proofs.popitem(last=False)
    return proof


def takeaway_rule(rules: HeapGame) -> PeriodicRule | None:
    """The proved rule of ``rules``' lost heaps (seed 003: mod 7), None where none is proved."""
    return heap_period(rules).rule

"""Exact outcomes and winning moves for any rule set, by memoized search (seed 003).

A position is *won* for the player to move when some move leads to a position that is lost for
the opponent, and *lost* otherwise (a P-position). Each position is solved once and remembered,
so the Game of Sticks with 50 sticks needs a few dozen evaluations where the plain recursion of
seed 003 needs millions (:func:`plain_recursion_calls` counts those without making them).

The search uses an explicit stack, so a heap of ten thousand sticks does not hit Python's
recursion limit.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Generic, Protocol

from .game import KnowsOutcomes, M, P, RuleSet, mover_wins_at_end


class HeapGame(RuleSet[int, int], Protocol):
    """A take-away game as the functions below need it: a heap and the takes allowed.

    Written as a protocol so that the solver knows no game family (the families use the
    solver for their theory)."""

    @property
    def sticks(self) -> int: ...

    @property
    def takes(self) -> tuple[int, ...]: ...


class Solver(Generic[P, M]):
    """Solves positions of one rule set on demand and remembers every answer."""

    def __init__(self, rules: RuleSet[P, M], use_theory: bool = True) -> None:
        self.rules = rules
        self._won: dict[P, bool] = {}
        # A rule set may know outcomes from theory (Nim, Sticky-Nim): ``known_outcome(position)``
        # returns whether the mover wins, or None where the search must decide.
        self._known: Callable[[P], bool | None] | None = None
        if use_theory and isinstance(rules, KnowsOutcomes):
            self._known = rules.known_outcome
        #: How many times an outcome was asked for (cache hits included), as seed 003 counts.
        self.evaluations = 0

    def is_won(self, position: P) -> bool:
        """True when the player to move at ``position`` wins with perfect play."""
        self.evaluations += 1
        known = self._won.get(position)
        if known is not None:
            return known
        if self._known is not None:
            known = self._known(position)
            if known is not None:
                return known
        self._solve(position)
        return self._won[position]

    def is_lost(self, position: P) -> bool:
        return not self.is_won(position)

    def winning_moves(self, position: P) -> tuple[M, ...]:
        """Moves that leave the opponent in a lost position (empty when there are none)."""
        rules = self.rules
        return tuple(
            move
            for move in rules.legal_moves(position)
            if not self.is_won(rules.apply(position, move))
        )

    def _solve(self, root: P) -> None:
        """Depth-first, trying moves in order and stopping at the first winning one.

        Each frame remembers which move it was looking at, so a child solved on the way is
        looked up (and counted) once, exactly like seed 003's memoized recursion.
        """
        rules, won = self.rules, self._won
        at_end = mover_wins_at_end(rules)
        # Each frame: a position and the index of the move it is looking at.
        stack: list[tuple[P, int]] = [(root, 0)]
        while stack:
            position, i = stack[-1]
            if position in won:
                stack.pop()
                continue
            moves = rules.legal_moves(position)
            if not moves:
                won[position] = at_end
                stack.pop()
                continue
            while i < len(moves):
                child = rules.apply(position, moves[i])
                child_won = won.get(child)
                if child_won is None and self._known is not None:
                    child_won = self._known(child)
                if child_won is None:
                    stack[-1] = (position, i)
                    stack.append((child, 0))
                    break
                self.evaluations += 1
                if not child_won:
                    won[position] = True
                    stack.pop()
                    break
                i += 1
            else:
                won[position] = False
                stack.pop()


#: A rule names at most this many of its residues in words.
RESIDUES_NAMED = 40


@dataclass(frozen=True)
class PeriodicRule:
    """"Lost when n mod ``period`` is in ``residues``", holding for every n >= ``start``."""

    period: int
    residues: tuple[int, ...]
    start: int = 0

    def holds_for(self, n: int) -> bool:
        return n % self.period in self.residues

    def describe(self, what: str = "lost") -> str:
        """The rule in words; a long list of residues shows its first :data:`RESIDUES_NAMED`
        and how many there are (the JSON gives them all)."""
        if not self.residues:
            return f"never {what}"
        if len(self.residues) == 1:
            text = f"{what} when n ≡ {self.residues[0]} (mod {self.period})"
        else:
            named = ", ".join(map(str, self.residues[:RESIDUES_NAMED]))
            if len(self.residues) > RESIDUES_NAMED:
                named += f", … ({len(self.residues):,} in all)"
            text = f"{what} when n mod {self.period} is one of {named}"
        if self.start:
            text += f", for n ≥ {self.start}"
        return text


def find_periodic_rule(flags: dict[int, bool], min_repeats: int = 2) -> PeriodicRule | None:
    """The simplest periodic rule that explains ``flags`` (n -> is it lost?), if any.

    A rule read off a sample, not a proof: it says only what the flags given show (the rule
    the lost heaps of a take-away game really follow is proved by
    :func:`~sticks_tui.engine.period_proof.heap_period`).

    For each period the earliest start from which the flags repeat is found; among the rules
    whose repeating part covers the period at least ``min_repeats`` times, the one with the
    shortest description (start + period) wins, so a long irregular prefix cannot pass for a
    rule and a handful of points cannot "prove" a long period. The search stops at the first
    period no shorter than the best description found (it could only cost more), so a true short
    period is found in about one pass over the flags, not one pass per period.
    """
    if not flags:
        return None
    ns = sorted(flags)
    lo, hi = ns[0], ns[-1]
    if ns != list(range(lo, hi + 1)):
        raise ValueError("the flags must cover a contiguous range of n")
    best: tuple[int, int, int] | None = None  # (cost, period, start)
    for period in range(1, (hi - lo + 1) // min_repeats + 1):
        if best is not None and period >= best[0]:
            break  # a rule's cost is at least its period: no longer period can do better
        start = hi - period + 1
        while start - 1 >= lo and flags[start - 1] == flags[start - 1 + period]:
            start -= 1
        if (hi - start + 1) < period * min_repeats:
            continue
        cost = (start - lo) + period
        if best is None or cost < best[0]:
            best = (cost, period, start)
    if best is None:
        return None
    _, period, start = best
    residues = tuple(sorted({n % period for n in range(start, hi + 1) if flags[n]}))
    return PeriodicRule(period, residues, 0 if start == lo else start)


def heap_outcomes(rules: HeapGame, upto: int) -> list[bool]:
    """Whether the player to move wins, for every heap 0..upto, smallest first.

    Each heap's outcome needs only smaller heaps', so a single pass upwards solves them all:
    the same answers as :class:`Solver`, without its stack and dictionary (a million heaps in
    about a second instead of four).
    """
    takes = tuple(rules.takes)
    at_end = mover_wins_at_end(rules)
    won: list[bool] = []
    for n in range(upto + 1):
        legal = [t for t in takes if t <= n] if n < takes[-1] else takes
        won.append(any(not won[n - t] for t in legal) if legal else at_end)
    return won


def lost_positions(rules: HeapGame, upto: int | None = None) -> list[int]:
    """Heap sizes 0..upto (default: the rules' heap) that are lost for the player to move."""
    top = rules.sticks if upto is None else upto
    return [n for n, won in enumerate(heap_outcomes(rules, top)) if not won]


def grundy_values(rules: HeapGame, upto: int) -> list[int]:
    """Sprague-Grundy values 0..upto of a take-away game under normal play (mex of options)."""
    if rules.misere:
        raise ValueError("Grundy values describe normal play; this game is misère")
    values: list[int] = []
    for n in range(upto + 1):
        options = {values[n - t] for t in rules.legal_moves(n)}
        g = 0
        while g in options:
            g += 1
        values.append(g)
    return values


def plain_recursion_calls(n: int, takes: Iterable[int], cannot_move_below: int) -> int:
    """How many calls seed 003's plain (un-memoized) ``can_win(n)`` makes, counted by DP.

    The seed's function returns False for ``n < cannot_move_below`` and otherwise tries each
    take in order, stopping at the first that leaves the opponent unable to win.

    The count grows exponentially with ``n`` (thousands of digits at 20,000 sticks), so only the
    last ``max(takes)`` heaps' counts are kept on the way up: memory stays a few numbers however
    large the heap, where a table of every heap's count would run out of it.
    """
    moves = tuple(takes)
    reach = max(moves)
    # heap -> (whether can_win(heap) is True, calls it makes), for the last `reach` heaps only
    recent: dict[int, tuple[bool, int]] = {}
    result = (False, 1)
    for k in range(n + 1):
        if k < cannot_move_below:
            result = (False, 1)
        else:
            calls = 1
            wins = False
            for move in moves:
                child = k - move
                child_wins, child_calls = recent[child] if child >= cannot_move_below else (
                    False, 1
                )
                calls += child_calls
                if not child_wins:
                    wins = True
                    break
            result = (wins, calls)
        recent[k] = result
        recent.pop(k - reach, None)
    return result[1] if n >= 0 else 1

"""Hints (SPEC section 9): the best move at any position of any registered game, from the exact
solver, and how long the game lasts after it.

A hint is facts only; the words are :mod:`sticks_tui.text.hints`'s (each game's presenter says
why the move wins in the game's own terms). In a won position the hint is a winning move, the one
that wins soonest; in a lost position every move loses, and the hint is the move after which the
game lasts longest, the winner winning as soon as it can and the loser holding out.

How long a game lasts under that play is counted by a search over the positions that matter (all
the moves of a lost position, only the winning moves of a won one); where that would look at
more than :data:`LASTING_BUDGET` moves it is not counted, and the hint then falls back on the first
winning move, or in a lost position on the move that leaves the opponent the most moves.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Generic, TypeVar

from .game import RuleSet
from .solver import Solver

P = TypeVar("P", bound=Hashable)
M = TypeVar("M", bound=Hashable)

#: The most moves one hint may look at to count the game's length (half a second at most).
LASTING_BUDGET = 50_000


@dataclass(frozen=True)
class Hint(Generic[P, M]):
    """The move suggested at ``position`` and what it leads to."""

    position: P
    won: bool
    """Whether the player to move wins with perfect play (``move`` is then a winning move)."""
    move: M
    leaves: P
    ends_game: bool
    """Whether ``move`` finishes the game (no move is left after it)."""
    lasting: int | None
    """Moves the game lasts after ``move`` under best play on both sides (the winner winning as
    soon as it can, the loser holding out); None when there were too many positions to count."""
    winning_moves: int
    """How many moves win here (0 in a lost position)."""


class _TooMany(Exception):
    """The count of a game's length went past its budget."""


class Advisor(Generic[P, M]):
    """Gives hints for one rule set, remembering what it solved and counted between hints."""

    def __init__(
        self, rules: RuleSet[P, M], solver: Solver[P, M] | None = None,
        budget: int = LASTING_BUDGET,
    ) -> None:
        self.rules = rules
        self.solver = solver if solver is not None else Solver(rules)
        self.budget = budget
        self._length: dict[P, int] = {}
        #: Moves the current hint may still look at (one budget for all its counts).
        self._left = budget

    def hint(self, position: P) -> Hint[P, M] | None:
        """The move to play at ``position`` (None when the game is over there)."""
        rules, solver = self.rules, self.solver
        legal = rules.legal_moves(position)
        if not legal:
            return None
        self._left = self.budget
        winning = solver.winning_moves(position)
        candidates = winning or legal
        lengths = [self.lasting(rules.apply(position, move)) for move in candidates]
        if all(length is not None for length in lengths):
            known = [length for length in lengths if length is not None]
            best = min(known) if winning else max(known)
            move = candidates[known.index(best)]
        else:
            move = candidates[0] if winning else self._most_moves_left(position, legal)
        leaves = rules.apply(position, move)
        return Hint(
            position, bool(winning), move, leaves, rules.is_over(leaves),
            self.lasting(leaves), len(winning),
        )

    def _most_moves_left(self, position: P, legal: tuple[M, ...]) -> M:
        """The move that leaves the opponent the most moves: the lost side's way of holding out
        when the game's length cannot be counted."""
        rules = self.rules
        counts = [len(rules.legal_moves(rules.apply(position, move))) for move in legal]
        return legal[counts.index(max(counts))]

    def lasting(self, position: P) -> int | None:
        """Moves left from ``position`` under best play on both sides (see :class:`Hint`);
        None when that would look at more moves than the budget left allows."""
        if position not in self._length and self._left < 0:
            return None
        try:
            return self._count(position)
        except _TooMany:
            return None

    def _count(self, root: P) -> int:
        """Depth-first with an explicit stack (a game may last hundreds of moves): a won
        position's length is one more than its shortest winning move's, a lost one's one more
        than its longest move's."""
        rules, solver, length = self.rules, self.solver, self._length
        if root in length:
            return length[root]
        # Each frame: a position and where the moves that matter there lead (a game's
        # positions never repeat, so the search ends; the budget bounds it all the same).
        stack: list[tuple[P, list[P]]] = []

        def push(position: P) -> None:
            legal = rules.legal_moves(position)
            self._left -= len(legal)
            if self._left < 0:
                raise _TooMany
            moves = solver.winning_moves(position) or legal
            stack.append((position, [rules.apply(position, move) for move in moves]))

        push(root)
        while stack:
            position, children = stack[-1]
            waiting = next((child for child in children if child not in length), None)
            if waiting is not None:
                push(waiting)
                continue
            stack.pop()
            if not children:
                length[position] = 0
            elif solver.is_won(position):
                length[position] = 1 + min(length[child] for child in children)
            else:
                length[position] = 1 + max(length[child] for child in children)
        return length[root]

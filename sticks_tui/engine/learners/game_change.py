"""What one game did to a learner: :class:`GameChange`, for the board to show after the game.

A learner that finished a game (:meth:`~.base.Learner.game_over`) keeps what that game changed
as its ``last_game``: each move it made, and the number behind that move before and after the
game: the balls of that number in the hat it was drawn from (:class:`~.hats.brain.HatBrain`), or the
move's Q-value (:class:`~.q.learner.QLearner`). When the game changed nothing, the learner says
why (:class:`Unchanged`): a hat AI that lost with every ball it drew at the floor learns nothing,
and a person watching should be told so rather than left to wonder.

The learners record it with a few tuples per game and build this value only when it is asked
for, so the plain training loop stays as fast (``benchmarks/game_change_cost.py``).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from enum import Enum


class Unchanged(Enum):
    """Why a finished game changed nothing in a learner."""

    NO_MOVE = "no move"
    """It made no move in the game."""
    AT_FLOOR = "at the floor"
    """It lost, and every ball it drew was already at the floor of its hat."""
    WIN_ADDS_NONE = "a win adds none"
    """It won, and its settings add no ball on a win."""
    LOSS_TAKES_NONE = "a loss takes none"
    """It lost, and its settings take no ball on a loss."""
    AT_TARGET = "already learned"
    """A Q-learner: each value it played was already what the game taught it."""


@dataclass(frozen=True)
class MoveChange:
    """One move a learner made in a game, and the number behind it before and after the game:
    the balls of that number in its hat (the ball drawn counted in), or its Q-value (0 when it
    had none)."""

    position: Hashable
    move: Hashable
    won: bool
    """Whether the side that made the move won the game."""
    before: float
    after: float

    @property
    def change(self) -> float:
        return self.after - self.before


@dataclass(frozen=True)
class GameChange:
    """What one game did to a learner: each move it made (in the order made) and its change."""

    learner: str
    """The learner's kind: "hats" or "q"."""
    moves: tuple[MoveChange, ...]
    unchanged: Unchanged | None = None
    """Why nothing changed, when nothing did (None when something did)."""
    floor: int = 0
    """A hat AI's floor: the fewest balls of each number a hat keeps (0 for a Q-learner)."""
    counts: bool = True
    """Whether the numbers are counts of balls (a hat AI's), else values (a Q-learner's)."""

    @property
    def changed(self) -> tuple[MoveChange, ...]:
        """The moves whose number changed."""
        return tuple(move for move in self.moves if move.after != move.before)

    @property
    def won(self) -> bool | None:
        """Whether it won (None when it made no move, or when its two sides did not agree: a
        game it played against itself)."""
        results = {move.won for move in self.moves}
        return results.pop() if len(results) == 1 else None

    def at(self, position: Hashable) -> MoveChange | None:
        """The (last) move made at ``position``, if one was."""
        return next((m for m in reversed(self.moves) if m.position == position), None)


def hat_change(moves: tuple[MoveChange, ...], floor: int, loss_takes: int) -> GameChange:
    """A hat AI's game (see :class:`GameChange`), with why it changed nothing if it did not
    (``loss_takes``: the balls its settings take on a loss)."""
    unchanged: Unchanged | None = None
    if not moves:
        unchanged = Unchanged.NO_MOVE
    elif all(move.after == move.before for move in moves):
        # a win changes a ball unless a win adds none; a loss unless it takes none, or the
        # ball was at the floor
        if all(move.won for move in moves):
            unchanged = Unchanged.WIN_ADDS_NONE
        elif loss_takes == 0:
            unchanged = Unchanged.LOSS_TAKES_NONE
        else:
            unchanged = Unchanged.AT_FLOOR
    return GameChange("hats", moves, unchanged, floor)


def q_change(moves: tuple[MoveChange, ...]) -> GameChange:
    """A Q-learner's game (see :class:`GameChange`)."""
    unchanged: Unchanged | None = None
    if not moves:
        unchanged = Unchanged.NO_MOVE
    elif all(move.after == move.before for move in moves):
        unchanged = Unchanged.AT_TARGET
    return GameChange("q", moves, unchanged, counts=False)

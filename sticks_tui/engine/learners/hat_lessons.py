"""What some games taught a hat AI, as a change that adds up: :class:`Lesson`.

:meth:`~.hats.HatBrain.lesson_since` takes one, :meth:`~.hats.HatBrain.apply_lesson` adds one.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ..game import Move, Position
from .base import CurvePoint


@dataclass(frozen=True)
class Lesson:
    """What some games taught a brain: per hat, the balls of each number gained (or lost), and
    how many games that was.

    A brain is saved as the lessons its games taught, added to the saved brain, never as a whole
    brain written over it: two programs teaching the same saved AI at once then both keep what
    their games taught (see :meth:`HatBrain.lesson_since` and :meth:`HatBrain.apply_lesson`).
    """

    rules_key: str
    """The rules of the brain that learned it (a lesson only fits a brain for the same rules)."""
    games: int
    """Games finished during the lesson."""
    balls: Mapping[Position, Mapping[Move, int]] = field(default_factory=dict)
    """Per hat, per ball number, the change in the count (hats and numbers unchanged are left
    out)."""
    since_games: int = 0
    """Games the brain had finished when the lesson began (its curve points count from there)."""
    curve: tuple[CurvePoint, ...] = ()
    """Checkpoints of the learning curve recorded during the lesson."""

    @property
    def is_empty(self) -> bool:
        """True when there is nothing to save: no game, no ball moved, no checkpoint."""
        return self.games == 0 and not self.balls and not self.curve

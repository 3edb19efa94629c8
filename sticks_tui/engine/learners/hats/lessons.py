"""What some games taught a hat AI, as a change that adds up: :class:`Lesson`.

:meth:`~.brain.HatBrain.lesson_since` takes one (:func:`lesson_between`),
:meth:`~.brain.HatBrain.apply_lesson` adds one (:func:`add_lesson`).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Protocol

from ...game import Rules
from ..base import CurvePoint
from .draw import SparseHats, set_count
from .settings import HatSettings


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
    balls: Mapping[Hashable, Mapping[Hashable, int]] = field(default_factory=dict)
    """Per hat, per ball number, the change in the count (hats and numbers unchanged are left
    out)."""
    since_games: int = 0
    """Games the brain had finished when the lesson began (its curve points count from there)."""
    curve: tuple[CurvePoint, ...] = ()
    """Checkpoints of the learning curve recorded during the lesson."""
    learner: str = "hats"
    """The learner it was taken from: the hat AI (the name of its kind)."""

    @property
    def is_empty(self) -> bool:
        """True when there is nothing to save: no game, no ball moved, no checkpoint."""
        return self.games == 0 and not self.balls and not self.curve


class LessonBrain(Protocol):
    """A hat brain, as far as its lessons need it: its rules, settings, games and curve, its
    sparse hats and the balls beside them."""

    rules: Rules
    settings: HatSettings
    games_played: int
    learning_curve: list[CurvePoint]
    _hats: SparseHats

    def counts(self, position: Hashable) -> dict[Hashable, int]: ...

    def _all_beside(self) -> list[tuple[Hashable, int]]: ...

    def _fill(self, position: Hashable, kinds: Sequence[Hashable]) -> list[int]: ...


def lesson_between(now: LessonBrain, earlier: LessonBrain) -> Lesson:
    """What brain ``now`` learned since it was ``earlier`` (a copy taken then).

    A ball waiting beside a hat still counts as the hat's, as in :meth:`HatBrain.counts`.
    """
    if earlier.rules.key != now.rules.key:
        raise ValueError(f"a lesson for {now.rules.key} cannot come from {earlier.rules.key}")
    games = now.games_played - earlier.games_played
    if games < 0:
        raise ValueError("the earlier brain has finished more games than this one")
    balls: dict[Hashable, dict[Hashable, int]] = {}
    beside = {p for p, _ in now._all_beside() + earlier._all_beside()}
    for position in now._hats.keys() | earlier._hats.keys() | beside:
        if position not in beside and now._hats.get(position) == earlier._hats.get(position):
            continue  # the same hat: nothing learned there
        counts, then = now.counts(position), earlier.counts(position)
        change = {move: counts[move] - then[move] for move in counts if counts[move] != then[move]}
        if change:
            balls[position] = change
    known = set(earlier.learning_curve)
    curve = tuple(point for point in now.learning_curve if point not in known)
    return Lesson(now.rules.key, games, balls, earlier.games_played, curve)


def add_lesson(brain: LessonBrain, lesson: Lesson) -> None:
    """Add what ``lesson`` taught to ``brain``'s hats, between two games.

    Balls gained go in and balls lost come out, but a hat always keeps the floor of its
    settings of each number (as :meth:`HatBrain.learn` does); the games add up, and the lesson's
    checkpoints are added to the learning curve counted from the brain's games.
    """
    if lesson.rules_key != brain.rules.key:
        raise ValueError(f"a lesson for {lesson.rules_key} does not fit a brain for "
                         f"{brain.rules.key}")
    if brain._all_beside():
        raise ValueError("a lesson is added between games, with no ball beside a hat")
    fresh, floor = brain.settings.fresh_balls, brain.settings.floor
    for position, change in lesson.balls.items():
        kinds = brain.rules.ball_kinds(position)
        counts = brain._fill(position, kinds)
        for move, delta in change.items():
            if move not in kinds:
                raise ValueError(f"hat {position!r} has no balls {move!r}")
            i = kinds.index(move)
            set_count(brain._hats, position, i, max(floor, counts[i] + delta), fresh)
    shift = brain.games_played - lesson.since_games
    brain.games_played += lesson.games
    curve = brain.learning_curve
    last = curve[-1].games if curve else 0
    for point in lesson.curve:
        moved = replace(point, games=max(0, point.games + shift))
        if moved.games >= last:  # a curve never goes back in games played
            curve.append(moved)
            last = moved.games

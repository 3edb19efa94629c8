"""The tallier, a second learner defined only in the tests: the scorer's scores, but it learns
from the games it plays against a person, as the hat AI does, and is kept as the lessons its
games teach (``learns_in_play``). It proves that the way a brain kept as lessons is played,
saved and merged is the learner kind's, not the hat AI's: nothing in the program names it.

A lesson is what its scores gained since an earlier copy (scores only grow, so lessons add up):
two programs teaching one tallier at once both keep what they taught.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from scorer_learner import Scorer, part_schema, read_scores

from sticks_tui.engine import LearnerPlayer
from sticks_tui.engine.learners.base import CurvePoint
from sticks_tui.engine.learners.kind import LearnerKind, LearnerWords
from sticks_tui.engine.learners.settings import Settings, setting

NAME = "tallier"


@dataclass(frozen=True)
class TallierSettings(Settings):
    """How the tallier learns."""

    WHAT = "tallier settings"

    explore: float = setting(
        0.1, help="the chance of a move drawn at random while learning, {range}", low=0, high=1,
        option="--tallier-explore", metavar="E", label="explore", form_id="tallier-explore",
    )
    prior: int = setting(
        2, help="games each move counts as played, half of them won, before it is played",
        low=0, high=1000, whole=True, option="--tallier-prior", label="prior",
        form_id="tallier-prior",
    )


@dataclass(frozen=True)
class TallyLesson:
    """What some games taught a tallier: per (position, move), the wins and games added."""

    rules_key: str
    games: int
    scores: dict[tuple[Any, Any], tuple[int, int]] = field(default_factory=dict)
    curve: tuple[CurvePoint, ...] = ()
    since_games: int = 0
    learner: str = NAME

    @property
    def is_empty(self) -> bool:
        return self.games == 0 and not self.scores and not self.curve


class Tallier(Scorer):
    """The scorer's scores, learned in play and kept as lessons."""

    kind = NAME
    part = "tallies"
    settings_type = TallierSettings

    @property
    def mid_game(self) -> bool:
        return bool(self._played[0] or self._played[1])

    def lesson_since(self, earlier: Tallier) -> TallyLesson:
        if earlier.rules.key != self.rules.key:
            raise ValueError("a lesson comes from a brain of the same game")
        gained: dict[tuple[Any, Any], tuple[int, int]] = {}
        for key, (won, games) in self.scores.items():
            then = earlier.scores.get(key, [0, 0])
            if (won, games) != tuple(then):
                gained[key] = (won - then[0], games - then[1])
        known = set(earlier.learning_curve)
        curve = tuple(point for point in self.learning_curve if point not in known)
        return TallyLesson(self.rules.key, self.games_played - earlier.games_played, gained,
                           curve, earlier.games_played)

    def apply_lesson(self, lesson: TallyLesson) -> None:
        if lesson.learner != NAME or lesson.rules_key != self.rules.key:
            raise ValueError("a tallier's lesson fits a tallier of the same game")
        if self.mid_game:
            raise ValueError("a lesson is added between games")
        for key, (won, games) in lesson.scores.items():
            score = self.scores.setdefault(key, [0, 0])
            score[0] += won
            score[1] += games
        shift = self.games_played - lesson.since_games
        self.games_played += lesson.games
        for point in lesson.curve:
            self.learning_curve.append(replace(point, games=point.games + shift))

    def put_back(self, position: Any, seat: int = 0) -> None:
        played = self._played[seat]
        for index in range(len(played) - 1, -1, -1):
            if played[index][0] == position:
                del played[index]
                return

    def take_on(self, saved: Any) -> None:
        if self.mid_game:
            raise ValueError("a brain takes on another between games")
        super().take_on(saved)


KIND: LearnerKind[Tallier] = LearnerKind(
    name=NAME,
    words=LearnerWords(
        a="a tallier",
        the="the tallier",
        choice="tallier (keeps each move's score, learns as it plays)",
        fits="where a Q-learner's table fits",
        brain="tallier brain",
        afresh="with no score kept",
        shown="tallies",
        settings="the tallier's learning settings",
        analysed="a tallier's brain",
    ),
    learner_type=Tallier,
    settings_type=TallierSettings,
    fresh=Tallier,
    from_dict=Tallier.from_dict,
    part="tallies",
    part_schema=part_schema,
    since_version=3,
    default_games=2000,
    ai_name="Tallier AI",
    trained_name="Tallier AI",
    learns_in_play=True,
    player=lambda name, learner, rng: LearnerPlayer(name, learner, rng),
    read=read_scores,
    fits=lambda rules: bool(rules.capabilities.q_learning),
    offered=lambda: "the games a Q-learner is offered for",
)

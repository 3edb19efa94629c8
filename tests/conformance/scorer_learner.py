"""The scorer, a learner defined only in the tests: it joins the learners' registry as a learner
the program has never heard of, and the conformance suite, the commands and the app then take it
like the hat AI and the Q-learner, with no change to the program (as Wythoff's game joins the
games).

It keeps each move's score at each position it played it from: the games it was played in and
those won. A move's value is its share of wins against losses, from -1 (always lost) to 1
(always won), 0 for a move never played (``prior`` games, half won, count before the first).
It plays its best move, or with chance ``explore`` any move (every-visit Monte Carlo). It
learns only in training, as the Q-learner: at the table it plays as trained.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from sticks_tui.engine import LearnerPlayer, RuleError, Rules
from sticks_tui.engine.learners.base import (
    LOST,
    UNDECIDED,
    WON,
    BrainError,
    CurvePoint,
    MoveValue,
    MoveValues,
    Reading,
    brain_dict,
    read_header,
)
from sticks_tui.engine.learners.game_change import GameChange, MoveChange, Unchanged
from sticks_tui.engine.learners.kind import LearnerKind, LearnerWords
from sticks_tui.engine.learners.settings import Settings, SettingsError, setting

NAME = "scorer"
PART = "scores"


@dataclass(frozen=True)
class ScorerSettings(Settings):
    """How the scorer learns."""

    WHAT = "scorer settings"

    explore: float = setting(
        0.1, help="the chance of a move drawn at random while learning, {range}", low=0, high=1,
        option="--scorer-explore", metavar="E", label="explore", form_id="scorer-explore",
    )
    prior: int = setting(
        2, help="games each move counts as played, half of them won, before it is played",
        low=0, high=1000, whole=True, option="--scorer-prior", label="prior",
        form_id="scorer-prior",
    )


class Scorer:
    """The scorer: a score per (position, move), learned from how games ended."""

    kind = NAME
    part = PART
    settings_type: type[ScorerSettings] = ScorerSettings

    def __init__(self, rules: Rules, settings: ScorerSettings | None = None) -> None:
        self.rules = rules
        self.settings = settings if settings is not None else self.settings_type()
        self.games_played = 0
        self.learning_curve: list[CurvePoint] = []
        #: (position, move) -> [games won, games played]
        self.scores: dict[tuple[Any, Any], list[int]] = {}
        self._played: tuple[list[tuple[Any, Any]], list[tuple[Any, Any]]] = ([], [])
        self._last: GameChange | None = None

    # -- what it holds ----------------------------------------------------------------------
    def value(self, position: Any, move: Any) -> float:
        won, games = self.scores.get((position, move), (0, 0))
        prior = self.settings.prior
        total = games + prior
        return (2 * won + prior - total) / total if total else 0.0

    def positions(self) -> list[Any]:
        found = list(dict.fromkeys(position for position, _ in self.scores))
        try:
            return sorted(found)
        except TypeError:
            return found

    def preferred_moves(self, position: Any) -> tuple[Any, ...]:
        legal = self.rules.legal_moves(position)
        if not legal:
            return ()
        values = [self.value(position, move) for move in legal]
        best = max(values)
        return tuple(move for move, value in zip(legal, values) if value == best)

    def preferred_move(self, position: Any) -> Any:
        best = self.preferred_moves(position)
        return best[0] if best else None

    def move_chances(self, position: Any) -> list[tuple[Any, float]]:
        legal = self.rules.legal_moves(position)
        best = self.preferred_moves(position)
        spread = self.settings.explore / len(legal) if legal else 0.0
        greedy = (1 - self.settings.explore) / len(best) if best else 0.0
        return [(move, spread + (greedy if move in best else 0.0)) for move in legal]

    def values_at(self, position: Any) -> MoveValues:
        moves = tuple(
            MoveValue(move, self.value(position, move), chance, (position, move) in self.scores)
            for move, chance in self.move_chances(position)
        )
        return MoveValues(position, moves, self.preferred_moves(position), False, -1.0, 1.0)

    # -- playing and learning ---------------------------------------------------------------
    def sample_move(self, position: Any, rng: random.Random) -> Any:
        legal = self.rules.legal_moves(position)
        if not legal:
            raise RuleError(f"no move is possible at {position!r}")
        if rng.random() < self.settings.explore:
            return rng.choice(legal)
        return rng.choice(self.preferred_moves(position))

    def move(self, position: Any, rng: random.Random, seat: int = 0) -> Any:
        move = self.sample_move(position, rng)
        self._played[seat].append((position, move))
        return move

    def game_over(self, results: Mapping[int, bool]) -> None:
        changes = []
        for seat in sorted(results):
            won = results[seat]
            for key in self._played[seat]:
                before = self.value(*key)
                score = self.scores.setdefault(key, [0, 0])
                score[0] += won
                score[1] += 1
                changes.append(MoveChange(key[0], key[1], won, before, self.value(*key)))
            self._played[seat].clear()
        moved = any(change.after != change.before for change in changes)
        unchanged = None if moved else (Unchanged.NO_MOVE if not changes else Unchanged.AT_TARGET)
        self._last = GameChange(self.kind, tuple(changes), unchanged, counts=False)
        self.games_played += 1

    @property
    def last_game(self) -> GameChange | None:
        return self._last

    def abandon(self) -> None:
        self._last = None
        for played in self._played:
            played.clear()

    def copy(self) -> Scorer:
        other = type(self)(self.rules, self.settings)
        other.games_played = self.games_played
        other.learning_curve = list(self.learning_curve)
        other.scores = {key: list(score) for key, score in self.scores.items()}
        return other

    def take_on(self, saved: Any) -> None:
        self.settings = saved.settings
        self.games_played = saved.games_played
        self.learning_curve = list(saved.learning_curve)
        self.scores = {key: list(score) for key, score in saved.scores.items()}
        self.abandon()

    # -- the brain file ---------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        rules = self.rules
        scores: dict[str, dict[str, list[int]]] = {}
        for (position, move), score in sorted(
            self.scores.items(), key=lambda item: (rules.position_key(item[0][0]),
                                                   rules.move_key(item[0][1]))
        ):
            scores.setdefault(rules.position_key(position), {})[rules.move_key(move)] = score
        return brain_dict(self.kind, rules, self.settings, self.games_played, {self.part: scores},
                          self.learning_curve)

    @classmethod
    def from_dict(cls, data: Any, rules: Rules | None = None) -> Scorer:
        header = read_header(data, rules)
        if header.kind != cls.kind:
            raise BrainError(f"this is not a {cls.kind}'s brain")
        try:
            settings = cls.settings_type.from_dict(header.settings)
        except SettingsError as error:
            raise BrainError(f"bad \"settings\": {error}") from None
        learner = cls(header.rules, settings)
        learner.games_played = header.games_played
        learner.learning_curve = header.learning_curve
        scores = data.get(cls.part)
        if not isinstance(scores, dict):
            raise BrainError(
                f"\"{cls.part}\" must be an object of position -> move -> [won, games]"
            )
        for position_key, moves in scores.items():
            try:
                position = learner.rules.position_from_key(position_key)
                for move_key, score in moves.items():
                    move = learner.rules.move_from_key(move_key)
                    won, games = score
                    learner.scores[position, move] = [int(won), int(games)]
            except (RuleError, ValueError, TypeError, AttributeError) as error:
                raise BrainError(f"scores at {position_key!r:.30}: {error}") from None
        return learner


def read_scores(
    learner: Scorer, rules: Rules, positions: Iterable[Any]
) -> dict[Any, Reading]:
    """Lost where the best move's value is below -1/2, won above 1/2."""
    readings = {}
    for position in positions:
        values = [move.value for move in learner.values_at(position).moves]
        best = max(values, default=0.0)
        learned = LOST if best < -0.5 else WON if best > 0.5 else UNDECIDED
        readings[position] = Reading(learned)
    return readings


def part_schema() -> dict[str, Any]:
    return {
        "type": "object",
        "additionalProperties": {
            "type": "object",
            "additionalProperties": {
                "type": "array", "items": {"type": "integer", "minimum": 0},
                "minItems": 2, "maxItems": 2,
            },
        },
    }


KIND: LearnerKind[Scorer] = LearnerKind(
    name=NAME,
    words=LearnerWords(
        a="a scorer",
        the="the scorer",
        choice="scorer (keeps each move's score)",
        fits="where a Q-learner's table fits",
        brain="scorer brain",
        afresh="with no score kept",
        shown="scores",
        settings="the scorer's learning settings",
        analysed="a scorer's brain",
    ),
    learner_type=Scorer,
    settings_type=ScorerSettings,
    fresh=Scorer,
    from_dict=Scorer.from_dict,
    part=PART,
    part_schema=part_schema,
    since_version=3,
    default_games=2000,
    ai_name="Scorer AI",
    trained_name="Scorer AI",
    learns_in_play=False,
    player=lambda name, learner, rng: LearnerPlayer(name, learner, rng, learns=False),
    read=read_scores,
    fits=lambda rules: bool(rules.capabilities.q_learning),
    offered=lambda: "the games a Q-learner is offered for",
)

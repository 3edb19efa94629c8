"""The Q-learner's entry in the learners' registry (:class:`~.kind.LearnerKind`)."""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import Any

from ...game import Rules
from ...games import game_families
from ...players import Player
from ..kind import LearnerKind, LearnerWords
from .learner import DEFAULT_Q_TRAINING_GAMES, QLearner, QLearningPlayer
from .reading import read_values
from .settings import QSettings


def _fresh(rules: Rules, settings: QSettings) -> QLearner:
    return QLearner.with_settings(settings, rules=rules)


def _player(name: str, learner: QLearner, rng: random.Random) -> Player[Hashable, Hashable]:
    """CS50's ``play``: its best move, learning nothing."""
    return QLearningPlayer(name, learner)


def _greedy_chances(learner: QLearner, position: Hashable) -> list[tuple[Hashable, float]]:
    """How :class:`QLearningPlayer` plays: a best move, the ties alike, never exploring."""
    best = learner.best_actions(position)
    return [(move, 1 / len(best)) for move in best]


def _fits(rules: Rules) -> bool:
    """Where its table fits: the game says (``capabilities.q_learning``)."""
    return bool(rules.capabilities.q_learning)


def _offered() -> str:
    """"every take-away game, every Nim game and Sticky-Nim lines of up to 30 sticks": each
    registered family's own words."""
    words = [family.q_learning_offered for family in game_families() if family.q_learning_offered]
    if len(words) <= 1:
        return "".join(words) or "no registered game"
    return f"{', '.join(words[:-1])} and {words[-1]}"


def part_schema() -> dict[str, Any]:
    """``"values"``: position key -> move key -> the value learned."""
    return {
        "description": "For each position met, the value of each move tried (a move left out "
        "has no value learned, read as 0).",
        "type": "object",
        "additionalProperties": {
            "type": "object",
            "additionalProperties": {"type": "number"},
        },
    }


KIND: LearnerKind[QLearner] = LearnerKind(
    name=QLearner.kind,
    words=LearnerWords(
        a="a Q-learner",
        the="the Q-learner",
        choice="Q-learner (CS50's)",
        fits="take-away games, Nim, short Sticky-Nim lines",
        brain="Q-learner brain",
        afresh="with no value learned",
        shown="Q-values",
        settings="the Q-learner's learning settings (default: CS50's)",
        unfit="{a}'s table does not fit {game} (too many positions)",
        analysed="a Q-learner's brain",
    ),
    learner_type=QLearner,
    settings_type=QSettings,
    fresh=_fresh,
    from_dict=QLearner.from_dict,
    part="values",
    part_schema=part_schema,
    since_version=2,
    default_games=DEFAULT_Q_TRAINING_GAMES,
    ai_name="Q-learning AI",
    trained_name="Q-learning AI",
    learns_in_play=False,
    player=_player,
    read=read_values,
    fits=_fits,
    offered=_offered,
    person_chances=_greedy_chances,
)

"""Learners: AIs that learn a game by playing it, behind one :class:`Learner` protocol.

* :class:`HatBrain` (``hats``): seed 000's hats of numbered balls, for any game;
* :class:`QLearner` (``q``): CS50 AI's Q-learning, for games whose table fits.

Both choose moves while learning (for either seat of a game), learn from how a game ended,
give their preferred move for hints and evaluation, carry their learning settings, and read
and write the same brain file (see :mod:`.base`); :func:`learner_from_dict` reads any of them.
"""

from __future__ import annotations

from typing import Any

from ..game import AnyRuleSet as RuleSet
from .base import (
    BRAIN_FORMAT,
    BRAIN_VERSION,
    LEARNER_KINDS,
    BrainError,
    CurvePoint,
    Learner,
    LearnerSettings,
    PlaysItselfFast,
    SelfPlayRun,
    SettingsError,
    read_header,
)
from .game_change import GameChange, MoveChange, Unchanged
from .hats import HatBrain, HatSettings, HatView
from .q_settings import QSettings
from .qlearning import QLearner

__all__ = [
    "BRAIN_FORMAT", "BRAIN_VERSION", "LEARNER_KINDS", "BrainError", "CurvePoint", "GameChange",
    "HatBrain", "HatSettings", "HatView", "Learner", "LearnerSettings", "MoveChange",
    "PlaysItselfFast", "QLearner", "QSettings", "SelfPlayRun", "SettingsError", "Unchanged",
    "learner_from_dict",
]


def learner_from_dict(data: Any, rules: RuleSet | None = None) -> HatBrain | QLearner:
    """The learner a brain file holds (hats or Q, by its "learner"; version 1 files are hats).

    ``rules``, when given, is the game it must be for. :class:`BrainError` says in one line
    what is wrong with anything else.
    """
    kind = read_header(data, rules).kind
    if kind == QLearner.kind:
        return QLearner.from_dict(data, rules)
    return HatBrain.from_dict(data, rules)

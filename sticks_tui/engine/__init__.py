"""The headless engine of sticks-tui: rules, players, learners, matches, training, the solver.

It never imports textual or rich (``tests/engine/test_headless.py`` proves it), so it can be
used from scripts, notebooks and other programs on its own.
"""

from .learners import (
    BrainError,
    CurvePoint,
    HatBrain,
    HatSettings,
    HatView,
    Learner,
    QLearner,
    QSettings,
    SettingsError,
    learner_from_dict,
)
from .learners.qlearning import QLearningPlayer
from .learning_curve import CurveSettings
from .levels import Level, levels_for
from .match import Match, Series, Turn
from .nim import Nim
from .players import (
    HatPlayer,
    HumanPlayer,
    LearnerPlayer,
    MixedPlayer,
    PerfectPlayer,
    Player,
    RandomPlayer,
)
from .rules import (
    STICKS_MAX,
    STICKS_MIN,
    STICKS_TAKES,
    IllegalMove,
    Move,
    Position,
    RuleError,
    RuleSet,
    TakeAway,
    game_of_sticks,
    rules_from_description,
)
from .solver import PeriodicRule, Solver, find_periodic_rule, takeaway_rule
from .sticky import StickyLine, StickyMove, StickyNim
from .training import (
    DEFAULT_TRAINING_GAMES,
    PERFECT,
    RANDOM,
    SELF,
    FrozenOpponent,
    MixedOpponent,
    Tally,
    TrainingProgress,
    TrainingResult,
    train,
    train_qlearner,
    train_self_play,
)

__all__ = [
    "DEFAULT_TRAINING_GAMES",
    "PERFECT",
    "RANDOM",
    "SELF",
    "STICKS_MAX",
    "STICKS_MIN",
    "STICKS_TAKES",
    "BrainError",
    "CurvePoint",
    "CurveSettings",
    "FrozenOpponent",
    "HatBrain",
    "HatPlayer",
    "HatSettings",
    "HatView",
    "HumanPlayer",
    "IllegalMove",
    "Learner",
    "LearnerPlayer",
    "Level",
    "Match",
    "MixedOpponent",
    "MixedPlayer",
    "Move",
    "Nim",
    "PerfectPlayer",
    "PeriodicRule",
    "Player",
    "Position",
    "QLearner",
    "QLearningPlayer",
    "QSettings",
    "RandomPlayer",
    "RuleError",
    "RuleSet",
    "Series",
    "SettingsError",
    "Solver",
    "StickyLine",
    "StickyMove",
    "StickyNim",
    "TakeAway",
    "Tally",
    "TrainingProgress",
    "TrainingResult",
    "Turn",
    "find_periodic_rule",
    "game_of_sticks",
    "learner_from_dict",
    "levels_for",
    "rules_from_description",
    "takeaway_rule",
    "train",
    "train_qlearner",
    "train_self_play",
]

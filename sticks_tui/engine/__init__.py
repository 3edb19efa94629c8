"""The headless engine of sticks-tui: rules, players, hats, matches, training, the solver.

It never imports textual or rich (``tests/engine/test_headless.py`` proves it), so it can be
used from scripts, notebooks and other programs on its own.
"""

from .learners.hats import BrainError, HatBrain, HatView
from .levels import Level, MixedPlayer, levels_for
from .match import Match, Series, Turn
from .nim import Nim
from .learners.qlearning import QLearner, QLearningPlayer, train_qlearner
from .players import HatPlayer, HumanPlayer, PerfectPlayer, Player, RandomPlayer
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
from .sticky import StickyLine, StickyMove, StickyNim
from .solver import PeriodicRule, Solver, find_periodic_rule, takeaway_rule
from .training import DEFAULT_TRAINING_GAMES, TrainingProgress, TrainingResult, train_self_play

__all__ = [
    "BrainError", "DEFAULT_TRAINING_GAMES", "HatBrain", "HatPlayer", "HatView", "HumanPlayer",
    "IllegalMove", "Level", "Match", "MixedPlayer", "Move", "Nim", "PerfectPlayer", "PeriodicRule",
    "Player", "Position", "QLearner", "QLearningPlayer", "RandomPlayer", "RuleError", "RuleSet",
    "STICKS_MAX", "STICKS_MIN", "STICKS_TAKES", "Series", "Solver", "StickyLine", "StickyMove",
    "StickyNim", "TakeAway", "TrainingProgress", "TrainingResult", "Turn", "find_periodic_rule",
    "game_of_sticks", "levels_for", "rules_from_description", "takeaway_rule", "train_qlearner",
    "train_self_play",
]

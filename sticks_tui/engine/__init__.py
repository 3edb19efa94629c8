"""The headless engine of sticks-tui: games and their registry, players, hats, matches, training,
the solver.

It never imports textual or rich (``tests/engine/test_headless.py`` proves it), so it can be
used from scripts, notebooks and other programs on its own.
"""

from .game import (
    AnyRuleSet,
    Capabilities,
    IllegalMove,
    KnowsOutcomes,
    Move,
    Position,
    RuleError,
    RuleSet,
    loser_at_end,
    mover_wins_at_end,
)
from .games import (
    GameFamily,
    GameSpecError,
    game_families,
    parse_game,
    register_game,
    rules_from_description,
    spec_of,
    unregister_game,
)
from .games.nim import Nim
from .games.sticky import StickyLine, StickyMove, StickyNim
from .games.takeaway import (
    STICKS_MAX,
    STICKS_MIN,
    STICKS_TAKES,
    TakeAway,
    game_of_sticks,
)
from .hats import BrainError, HatBrain, HatView
from .levels import Level, MixedPlayer, levels_for
from .match import Match, Series, Turn
from .numbers import parse_whole_number
from .players import HatPlayer, HumanPlayer, PerfectPlayer, Player, RandomPlayer
from .qlearning import QLearner, QLearningPlayer, train_qlearner
from .solver import PeriodicRule, Solver, find_periodic_rule, takeaway_rule
from .training import (
    DEFAULT_TRAINING_GAMES,
    TrainingProgress,
    TrainingResult,
    train_self_play,
)

__all__ = [
    "AnyRuleSet", "Capabilities", "GameFamily", "GameSpecError", "KnowsOutcomes", "game_families",
    "loser_at_end", "mover_wins_at_end", "parse_game", "parse_whole_number", "register_game",
    "spec_of", "unregister_game",
    "BrainError", "DEFAULT_TRAINING_GAMES", "HatBrain", "HatPlayer", "HatView", "HumanPlayer",
    "IllegalMove", "Level", "Match", "MixedPlayer", "Move", "Nim", "PerfectPlayer", "PeriodicRule",
    "Player", "Position", "QLearner", "QLearningPlayer", "RandomPlayer", "RuleError", "RuleSet",
    "STICKS_MAX", "STICKS_MIN", "STICKS_TAKES", "Series", "Solver", "StickyLine", "StickyMove",
    "StickyNim", "TakeAway", "TrainingProgress", "TrainingResult", "Turn", "find_periodic_rule",
    "game_of_sticks", "levels_for", "rules_from_description", "takeaway_rule", "train_qlearner",
    "train_self_play",
]

"""The headless engine of sticks-tui: games and their registry, players, learners, matches,
training, the solver.

It never imports textual or rich (``tests/engine/test_headless.py`` proves it), so it can be
used from scripts, notebooks and other programs on its own.
"""

from .game import (
    Capabilities,
    IllegalMove,
    KnowsOutcomes,
    RuleError,
    Rules,
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
    theory_of,
    unregister_game,
)
from .games.nim import Nim
from .games.sticky import StickyNim
from .games.sticky_line import StickyLine, StickyMove
from .games.takeaway import (
    STICKS_MAX,
    STICKS_MIN,
    STICKS_TAKES,
    TakeAway,
    game_of_sticks,
)
from .learners import learner_from_dict
from .learners.base import BrainError, CurvePoint, Learner
from .learners.game_change import GameChange, Unchanged
from .learners.hats.brain import HatBrain
from .learners.hats.player import HatPlayer
from .learners.hats.settings import HatSettings, HatView
from .learners.player import LearnerPlayer
from .learners.q.learner import QLearner, QLearningPlayer
from .learners.q.settings import QSettings
from .learners.settings import SettingsError
from .learning_curve import CurveSettings
from .match import Match, Series, Turn
from .numbers import parse_whole_number
from .period_proof import HeapPeriod, heap_period, takeaway_rule
from .players import (
    HumanPlayer,
    MixedPlayer,
    PerfectPlayer,
    Player,
    RandomPlayer,
)
from .solver import PeriodicRule, Solver, find_periodic_rule
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
    "Capabilities",
    "CurvePoint",
    "CurveSettings",
    "FrozenOpponent",
    "GameChange",
    "GameFamily",
    "GameSpecError",
    "HatBrain",
    "HatPlayer",
    "HatSettings",
    "HatView",
    "HeapPeriod",
    "HumanPlayer",
    "IllegalMove",
    "KnowsOutcomes",
    "Learner",
    "LearnerPlayer",
    "Match",
    "MixedOpponent",
    "MixedPlayer",
    "Nim",
    "PerfectPlayer",
    "PeriodicRule",
    "Player",
    "QLearner",
    "QLearningPlayer",
    "QSettings",
    "RandomPlayer",
    "RuleError",
    "RuleSet",
    "Rules",
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
    "Unchanged",
    "find_periodic_rule",
    "game_families",
    "game_of_sticks",
    "heap_period",
    "learner_from_dict",
    "loser_at_end",
    "mover_wins_at_end",
    "parse_game",
    "parse_whole_number",
    "register_game",
    "rules_from_description",
    "spec_of",
    "takeaway_rule",
    "theory_of",
    "train",
    "unregister_game",
]

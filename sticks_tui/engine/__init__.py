"""The headless engine of sticks-tui: games and their registry, players, learners, matches,
training, the solver.

It never imports textual or rich (``tests/engine/test_headless.py`` proves it), so it can be
used from scripts, notebooks and other programs on its own.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
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
    from .learners import (
        learner_from_dict,
        learner_kind,
        learner_kinds,
        register_learner,
        unregister_learner,
    )
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
        perfect_move,
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
        TrainingHooks,
        TrainingOptions,
        TrainingProgress,
        TrainingResult,
        train,
        train_with,
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
    "TrainingHooks",
    "TrainingOptions",
    "TrainingProgress",
    "TrainingResult",
    "Turn",
    "Unchanged",
    "find_periodic_rule",
    "game_families",
    "game_of_sticks",
    "heap_period",
    "learner_from_dict",
    "learner_kind",
    "learner_kinds",
    "loser_at_end",
    "mover_wins_at_end",
    "parse_game",
    "parse_whole_number",
    "perfect_move",
    "register_game",
    "register_learner",
    "rules_from_description",
    "spec_of",
    "takeaway_rule",
    "theory_of",
    "train",
    "train_with",
    "unregister_game",
    "unregister_learner",
]

#: Where each name above lives. A name is loaded when first asked for (PEP 562): a program
#: that needs one game's rules (each tab of a classroom, as it starts) loads neither training
#: nor the solver nor every learner. ``tests/engine/test_engine_names.py`` checks that this
#: and the imports above name the same things.
_HOMES: dict[str, str] = {
    "DEFAULT_TRAINING_GAMES": "training",
    "PERFECT": "training",
    "RANDOM": "training",
    "SELF": "training",
    "STICKS_MAX": "games.takeaway",
    "STICKS_MIN": "games.takeaway",
    "STICKS_TAKES": "games.takeaway",
    "BrainError": "learners.base",
    "Capabilities": "game",
    "CurvePoint": "learners.base",
    "CurveSettings": "learning_curve",
    "FrozenOpponent": "training",
    "GameChange": "learners.game_change",
    "GameFamily": "games",
    "GameSpecError": "games",
    "HatBrain": "learners.hats.brain",
    "HatPlayer": "learners.hats.player",
    "HatSettings": "learners.hats.settings",
    "HatView": "learners.hats.settings",
    "HeapPeriod": "period_proof",
    "HumanPlayer": "players",
    "IllegalMove": "game",
    "KnowsOutcomes": "game",
    "Learner": "learners.base",
    "LearnerPlayer": "learners.player",
    "Match": "match",
    "MixedOpponent": "training",
    "MixedPlayer": "players",
    "Nim": "games.nim",
    "PerfectPlayer": "players",
    "PeriodicRule": "solver",
    "Player": "players",
    "QLearner": "learners.q.learner",
    "QLearningPlayer": "learners.q.learner",
    "QSettings": "learners.q.settings",
    "RandomPlayer": "players",
    "RuleError": "game",
    "RuleSet": "game",
    "Rules": "game",
    "Series": "match",
    "SettingsError": "learners.settings",
    "Solver": "solver",
    "StickyLine": "games.sticky_line",
    "StickyMove": "games.sticky_line",
    "StickyNim": "games.sticky",
    "TakeAway": "games.takeaway",
    "Tally": "training",
    "TrainingHooks": "training",
    "TrainingOptions": "training",
    "TrainingProgress": "training",
    "TrainingResult": "training",
    "Turn": "match",
    "Unchanged": "learners.game_change",
    "find_periodic_rule": "solver",
    "game_families": "games",
    "game_of_sticks": "games.takeaway",
    "heap_period": "period_proof",
    "learner_from_dict": "learners",
    "learner_kind": "learners",
    "learner_kinds": "learners",
    "loser_at_end": "game",
    "mover_wins_at_end": "game",
    "parse_game": "games",
    "parse_whole_number": "numbers",
    "perfect_move": "players",
    "register_game": "games",
    "register_learner": "learners",
    "rules_from_description": "games",
    "spec_of": "games",
    "takeaway_rule": "period_proof",
    "theory_of": "games",
    "train": "training",
    "train_with": "training",
    "unregister_game": "games",
    "unregister_learner": "learners",
}


if not TYPE_CHECKING:  # the checker reads the imports above, so that a misspelt name is caught

    def __getattr__(name: str) -> Any:
        """The engine's ``name``, from its module, loaded the first time it is asked for."""
        home = _HOMES.get(name)
        if home is None:
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        value = getattr(import_module(f".{home}", __name__), name)
        globals()[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted({*globals(), *__all__})

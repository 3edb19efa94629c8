"""A saved brain as the store keeps it: its JSON, and what ``brain list`` reads of it without
rebuilding the brain. Apart from :mod:`sticks_tui.storage.store`, which keeps the rows."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass

from ..engine.game import AnyRuleSet as RuleSet
from ..engine.game import RuleError
from ..engine.games import rules_from_description, spec_of
from ..engine.learners import HatBrain, HatSettings, QLearner, QSettings
from ..engine.learners.hats import BrainError

# Not taken from .records, which imports this module (the records in memory list their brains).
HATS = HatBrain.kind
Q = QLearner.kind
SavedBrain = HatBrain | QLearner

_SQLITE_MAX_INTEGER = 2**63 - 1


@dataclass(frozen=True)
class BrainInfo:
    """What the store knows about one saved brain without rebuilding it."""

    rules_key: str
    ai_name: str
    games_played: int
    saved_at: str
    learner: str = HATS


@dataclass(frozen=True)
class BrainSummary:
    """One saved brain as ``brain list`` shows it: read from its JSON, not rebuilt."""

    info: BrainInfo
    game: str
    """The game's spec (``sticks``, ``nim:1,3,5,7``...); empty when the JSON cannot say."""
    game_name: str
    """The game's name ("Game of Sticks"); empty when the JSON cannot say."""
    changed_settings: Mapping[str, float]
    """The learning settings that differ from the defaults (seed 000's, CS50's)."""
    problem: str = ""
    """Why the saved brain cannot be used (damaged), or empty."""
    rules: RuleSet | None = None
    """The game, to reset or export the brain by; None when the JSON cannot say."""



def brain_text(brain: SavedBrain) -> str:
    """The brain's JSON as stored; a brain too large for the file is refused first."""
    rules_of(brain)
    if brain.games_played > _SQLITE_MAX_INTEGER:
        raise BrainError(f"games_played {brain.games_played} is too large to keep")
    return json.dumps(brain.to_dict(), separators=(",", ":"))


def rules_of(brain: SavedBrain) -> RuleSet:
    """The game a brain is saved under (a CS50-style Q-learner may have none: it is refused)."""
    if brain.rules is None:
        raise BrainError("a Q-learner without rules cannot be saved: it knows no game")
    return brain.rules


def summary(info: BrainInfo, text: str) -> BrainSummary:
    """What ``brain list`` shows of one row, read from its JSON without rebuilding the brain."""
    try:
        data = json.loads(text)
        rules = rules_from_description(data.get("rules"))
        settings = data.get("settings")
        if info.learner == Q:
            changes: Mapping[str, float] = QSettings.from_dict(settings).changes()
        else:
            changes = HatSettings().changes() if settings is None else (
                HatSettings.from_dict(settings).changes()
            )
    except (ValueError, RecursionError, AttributeError, TypeError, RuleError) as error:
        return BrainSummary(info, "", "", {}, problem=f"damaged ({error})")
    return BrainSummary(info, spec_of(rules), rules.name, changes, rules=rules)

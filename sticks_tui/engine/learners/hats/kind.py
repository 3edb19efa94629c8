"""The hat AI's entry in the learners' registry (:class:`~.kind.LearnerKind`)."""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import Any

from ...game import Rules
from ...players import Player
from ..base import MAX_COUNT
from ..kind import LearnerKind, LearnerWords
from .brain import HatBrain
from .compiled import NUMBA
from .player import HatPlayer
from .reading import read_hats
from .settings import HatSettings


def _fresh(rules: Rules, settings: HatSettings) -> HatBrain:
    return HatBrain(rules, settings)


def _player(name: str, brain: HatBrain, rng: random.Random) -> Player[Hashable, Hashable]:
    return HatPlayer(name, brain, rng)


def part_schema() -> dict[str, Any]:
    """``"hats"``: position key -> ball number -> balls (those that differ from a fresh hat's)."""
    return {
        "description": "For each position whose hat learned something, the balls of each "
        "number that differ from a fresh hat's (a hat or a number left out holds a fresh hat's).",
        "type": "object",
        "additionalProperties": {
            "type": "object",
            "additionalProperties": {"type": "integer", "minimum": 1, "maximum": MAX_COUNT},
        },
    }


KIND: LearnerKind[HatBrain] = LearnerKind(
    name=HatBrain.kind,
    words=LearnerWords(
        a="a hat AI",
        the="the hat AI",
        choice="hat AI (learns with balls in hats)",
        fits="any game",
        brain="brain",
        afresh="with one ball of each number in every hat",
        shown="hat in play",
        settings="the hat AI's learning settings (defaults: the original hat AI's)",
        numbers="the hats",
        plays="draws balls",
        right="hats right",
    ),
    learner_type=HatBrain,
    settings_type=HatSettings,
    fresh=_fresh,
    from_dict=HatBrain.from_dict,
    part="hats",
    part_schema=part_schema,
    since_version=1,
    default_games=100_000,  # seed 000's
    ai_name="AI",
    trained_name="Trained AI",
    learns_in_play=True,
    player=_player,
    read=read_hats,
    backends=(NUMBA,),
)

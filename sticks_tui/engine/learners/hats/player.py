"""The hat AI in a seat (:class:`HatPlayer`): its entry's player."""

from __future__ import annotations

import random
from collections.abc import Hashable

from ..player import LearnerPlayer
from .brain import HatBrain


class HatPlayer(LearnerPlayer[Hashable, Hashable]):
    """The learning AI of seed 000: draws balls from its hats and learns from every result."""

    def __init__(self, name: str, brain: HatBrain, rng: random.Random | None = None) -> None:
        super().__init__(name, brain, rng)
        self.brain = brain

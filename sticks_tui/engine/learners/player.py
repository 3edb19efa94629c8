"""Any learner in one seat of a game (:class:`LearnerPlayer`): how a learner's entry seats it,
how a frozen opponent and the learning curve's measured learner play."""

from __future__ import annotations

import random
from typing import Generic

from ..game import M, P, RuleSet
from ..players import _Machine
from .base import Learner


class LearnerPlayer(_Machine, Generic[P, M]):
    """Any :class:`~.base.Learner` in one seat of a game.

    Learning (the default), it plays and learns as in training; with ``learns=False`` it plays
    by its own rule (drawing balls, exploring) and learns nothing: a frozen opponent, or the
    learner being measured for its learning curve.
    """

    def __init__(
        self,
        name: str,
        learner: Learner[P, M],
        rng: random.Random | None = None,
        *,
        learns: bool = True,
    ) -> None:
        super().__init__(name, rng)
        self.learner = learner
        self.learns = learns

    def make_choice(self, rules: RuleSet[P, M], position: P) -> M:
        if self.learns:
            return self.learner.move(position, self.rng)
        return self.learner.sample_move(position, self.rng)

    def game_over(self, won: bool) -> None:
        if self.learns:
            self.learner.game_over({0: won})

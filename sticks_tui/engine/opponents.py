"""Whom a learner trains against (SPEC section 8): itself, the random, perfect or mixed
player, or a frozen saved brain; and a schedule of them. :func:`~.training.train` plays them."""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import ClassVar, TypeGuard

from .game import M, P, Rules, RuleSet
from .learners.base import Learner, MachineOpponent
from .learners.player import LearnerPlayer
from .players import MixedPlayer, PerfectPlayer, Player, RandomPlayer


@dataclass(frozen=True)
class SelfPlay:
    """The learner plays itself: one learner in both seats, both learning."""

    name: ClassVar[str] = "self"


@dataclass(frozen=True)
class RandomOpponent:
    """Seed 001's StupidAI: a uniformly random legal move."""

    name: ClassVar[str] = "random"

    def player(self, rules: RuleSet[P, M], rng: random.Random) -> Player[P, M]:
        return RandomPlayer(self.name, rng)


@dataclass(frozen=True)
class PerfectOpponent:
    """A winning move whenever one exists."""

    name: ClassVar[str] = "perfect"

    def player(self, rules: RuleSet[P, M], rng: random.Random) -> Player[P, M]:
        return PerfectPlayer(self.name, rules, rng)


@dataclass(frozen=True)
class MixedOpponent:
    """Perfect with probability ``skill``, otherwise random."""

    skill: float

    def __post_init__(self) -> None:
        if isinstance(self.skill, bool) or not 0.0 <= self.skill <= 1.0:
            raise ValueError(
                f"the chance of a perfect move must be between 0 and 1, got {self.skill!r}"
            )

    @property
    def name(self) -> str:
        return f"mixed:{self.skill:g}"

    def player(self, rules: RuleSet[P, M], rng: random.Random) -> Player[P, M]:
        return MixedPlayer(self.name, rules, self.skill, rng)


@dataclass(frozen=True)
class FrozenOpponent:
    """Another learner (e.g. a saved brain), playing by its own rule but learning nothing."""

    learner: Learner[Hashable, Hashable] = field(compare=False)
    label: str = "saved brain"
    """Its name in the tally (a file name, a brain's name)."""

    @property
    def name(self) -> str:
        return self.label

    def player(self, rules: Rules, rng: random.Random) -> Player[Hashable, Hashable]:
        # A copy: frozen as it is when its games begin, even if it is the learner itself.
        return LearnerPlayer(self.label, self.learner.copy(), rng, learns=False)


SELF = SelfPlay()
RANDOM = RandomOpponent()
PERFECT = PerfectOpponent()

Opponent = SelfPlay | RandomOpponent | PerfectOpponent | MixedOpponent | FrozenOpponent
#: Opponents in order, each for a number of games.
Schedule = Sequence[tuple[Opponent, int]]


def is_opponent(value: object) -> TypeGuard[Opponent]:
    return isinstance(
        value, (SelfPlay, RandomOpponent, PerfectOpponent, MixedOpponent, FrozenOpponent)
    )


def machine_opponent(opponent: Opponent) -> MachineOpponent | None:
    """The opponent as a learner's fast loop may play it (None: only the plain loop)."""
    if isinstance(opponent, RandomOpponent):
        return MachineOpponent("random")
    if isinstance(opponent, PerfectOpponent):
        return MachineOpponent("perfect")
    if isinstance(opponent, MixedOpponent):
        return MachineOpponent("mixed", opponent.skill)
    return None

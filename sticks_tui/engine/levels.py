"""AI levels: the machine opponents every game offers, from random to perfect.

* random: a uniformly random legal move (seed 001's StupidAI);
* learning: the hat AI (seed 000), which learns from every game;
* Q-learning: CS50's Q-learner (seed 002), trained by self-play, then greedy;
* perfect: a winning move whenever one exists;
* mixed: perfect with probability p, otherwise random, so that a beginner can win sometimes
  (p = 0 is the random player, p = 1 the perfect one).
"""

from __future__ import annotations

import random
from enum import Enum

from .game import AnyRuleSet
from .learners.hats.brain import HatBrain
from .learners.q.learner import DEFAULT_Q_TRAINING_GAMES, QLearner, QLearningPlayer
from .players import (
    DEFAULT_MIXED_SKILL,
    HatPlayer,
    MixedPlayer,
    PerfectPlayer,
    Player,
    RandomPlayer,
)
from .training import SELF, train

#: The longest Sticky-Nim line offered a Q-learning opponent.
Q_LEARNING_MAX_STICKY = 30


class Level(str, Enum):
    RANDOM = "random"
    LEARNING = "learning"
    Q_LEARNING = "q-learning"
    PERFECT = "perfect"
    MIXED = "mixed"

    @property
    def label(self) -> str:
        return {
            Level.RANDOM: "Random",
            Level.LEARNING: "Learning (hats)",
            Level.Q_LEARNING: "Q-learning",
            Level.PERFECT: "Perfect",
            Level.MIXED: "Mixed",
        }[self]


def levels_for(rules: AnyRuleSet) -> tuple[Level, ...]:
    """The levels offered for ``rules``: Q-learning where the game says CS50's table fits."""
    levels = [Level.RANDOM, Level.LEARNING]
    if rules.capabilities.q_learning:
        levels.append(Level.Q_LEARNING)
    levels += [Level.PERFECT, Level.MIXED]
    return tuple(levels)


def make_player(
    level: Level | str,
    rules: AnyRuleSet,
    name: str,
    *,
    rng: random.Random | None = None,
    brain: HatBrain | None = None,
    learner: QLearner | None = None,
    skill: float = DEFAULT_MIXED_SKILL,
) -> Player:
    """A machine player of ``level`` for ``rules``.

    ``brain`` is the hat AI's brain (a fresh one when not given); ``learner`` the trained
    Q-learner (when not given, one is trained now by CS50's default 10,000 self-play games,
    which takes well under a second for Nim 1, 3, 5, 7).
    """
    level = Level(level)
    rng = rng if rng is not None else random.Random()
    if level is Level.RANDOM:
        return RandomPlayer(name, rng)
    if level is Level.LEARNING:
        return HatPlayer(name, brain if brain is not None else HatBrain(rules), rng)
    if level is Level.Q_LEARNING:
        if learner is None:
            learner = QLearner(rules=rules, rng=random.Random(rng.randrange(2**32)))
            train(learner, SELF, DEFAULT_Q_TRAINING_GAMES, rng=learner.rng)
        return QLearningPlayer(name, learner)
    if level is Level.PERFECT:
        return PerfectPlayer(name, rules, rng)
    return MixedPlayer(name, rules, skill, rng)

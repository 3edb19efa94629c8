"""The one roster of machine players (:class:`Machine`): every computer player the program
offers, by the name it plays under, and the player each one is at the table (a learning
machine plays its learner's entry's player)."""

from __future__ import annotations

import random
from collections.abc import Hashable
from enum import Enum

from .game import Rules
from .learners import kind_of, learner_kind
from .learners.base import Learner
from .learners.hats.kind import KIND as HATS_KIND
from .learners.q.kind import KIND as Q_KIND
from .players import (
    DEFAULT_MIXED_SKILL,
    MixedPlayer,
    PerfectPlayer,
    Player,
    RandomPlayer,
)


class Machine(Enum):
    """The one roster of machine players: every computer player the program offers, by the
    name it plays under (its value: on the board, on the leaderboard, for its saved brain).

    Random, perfect and mixed learn nothing; the learning AI and the trained AI are hat AIs
    (two brains: training never overwrites what people taught the learning AI), the Q-learning
    AI is CS50's Q-learner, offered where the game says its table fits.
    """

    RANDOM = "Random AI"
    LEARNING = "AI"
    TRAINED = "Trained AI"
    Q_LEARNING = "Q-learning AI"
    PERFECT = "Perfect AI"
    MIXED = "Mixed AI"

    @property
    def level(self) -> str:
        """The machine's level, as the leaderboard marks its row: "(machine: perfect)"."""
        return _LEVELS[self]

    @property
    def learner(self) -> str | None:
        """The learner of the brain it plays (its registry name), None for a machine that does
        not learn."""
        return _LEARNERS.get(self)

    def fits(self, rules: Rules) -> bool:
        """Whether ``rules`` offer this machine (a learner only where its entry fits the game:
        the Q-learner where its table fits)."""
        return self.learner is None or learner_kind(self.learner).fits(rules)

    def player(
        self,
        name: str,
        rules: Rules,
        rng: random.Random,
        *,
        brain: Learner[Hashable, Hashable] | None = None,
        skill: float = DEFAULT_MIXED_SKILL,
    ) -> Player[Hashable, Hashable]:
        """The machine as a player called ``name``; a learner plays ``brain``, which it must be
        given, as its entry's player (teaching it, when its kind learns in play); ``skill``:
        the mixed player's chance of a perfect move."""
        if self is Machine.RANDOM:
            return RandomPlayer(name, rng)
        if self is Machine.PERFECT:
            return PerfectPlayer(name, rules, rng)
        if self is Machine.MIXED:
            return MixedPlayer(name, rules, skill, rng)
        if brain is None:
            raise ValueError(f"{self.value} plays a brain of its own: none was given")
        return kind_of(brain).player(name, brain, rng)


_LEVELS = {
    Machine.RANDOM: "random",
    Machine.LEARNING: "learning",
    Machine.TRAINED: "trained",
    Machine.Q_LEARNING: "Q-learning",
    Machine.PERFECT: "perfect",
    Machine.MIXED: "mixed",
}
#: The learner each learning machine plays.
_LEARNERS = {
    Machine.LEARNING: HATS_KIND.name,
    Machine.TRAINED: HATS_KIND.name,
    Machine.Q_LEARNING: Q_KIND.name,
}

#: The name of the learning AI in every game, on the leaderboard and for its saved brain.
LEARNING_AI_NAME = Machine.LEARNING.value
#: The learner of the learning AI (the hat AI), whose brains are named by default.
LEARNING_AI_LEARNER: str = HATS_KIND.name
#: The games the trained AI plays itself before it plays (seed 000's), unless told otherwise.
TRAINED_AI_GAMES: int = HATS_KIND.default_games
#: The games a new Q-learning AI plays itself before it plays, unless told otherwise.
Q_LEARNING_AI_GAMES: int = Q_KIND.default_games
#: The AI pre-trained by self-play.
TRAINED_AI_NAME = Machine.TRAINED.value
#: The Q-learner (CS50's), on the leaderboard and for its saved brain.
Q_LEARNING_AI_NAME = Machine.Q_LEARNING.value
#: Every name a computer player has, so no person may take one: their results would be added
#: to the machine's row on the leaderboard.
COMPUTER_PLAYER_NAMES = tuple(machine.value for machine in Machine)


def default_ai_name(learner: str) -> str:
    """Whose brain a learner's commands mean when no name is given (its entry says)."""
    name: str = learner_kind(learner).ai_name
    return name


def machines_for(rules: Rules) -> tuple[Machine, ...]:
    """The machines ``rules`` offer, in the roster's order."""
    return tuple(machine for machine in Machine if machine.fits(rules))


def machine_level(name: str) -> str | None:
    """The level of the computer player called ``name``; None for a person."""
    return next((machine.level for machine in Machine if machine.value == name), None)

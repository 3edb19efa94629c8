"""One protocol for every player, human or machine (seed 001's ``Interface`` with ``makeChoice``),
and the one roster of machine players (:class:`Machine`).

Given the rules and the position, a player returns a legal move; learners are also told how
each game ended. A human's move comes from the user interface: the caller either hands a
:class:`HumanPlayer` a function that asks, or plays the human's move into the match itself.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from enum import Enum
from typing import Any, Protocol, runtime_checkable

from .game import AnyRuleSet, Move, Position
from .learners.base import Learner
from .learners.hats import HatBrain
from .learners.qlearning import QLearner, QLearningPlayer
from .solver import Solver

#: The mixed player's default chance of a perfect move.
DEFAULT_MIXED_SKILL = 0.5


@runtime_checkable
class Player(Protocol):
    name: str
    #: True when the move comes from a person (the user interface supplies it).
    is_human: bool

    def make_choice(self, rules: AnyRuleSet, position: Position) -> Move:
        """Return a legal move at ``position`` (seed 001's ``makeChoice``)."""

    def game_over(self, won: bool) -> None:
        """Told once at the end of every game the player took part in (not of a practice game,
        where a move was taken back: see :meth:`Match.undo`)."""


class _Machine:
    is_human = False

    def __init__(self, name: str, rng: random.Random | None = None) -> None:
        self.name = name
        self.rng = rng if rng is not None else random.Random()

    def game_over(self, won: bool) -> None:
        """Most machines learn nothing from a result."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.name!r})"


class HumanPlayer:
    """A person. ``ask`` (when given) is called for the move; otherwise the UI plays it."""

    is_human = True

    def __init__(
        self, name: str, ask: Callable[[AnyRuleSet, Position], Move] | None = None
    ) -> None:
        self.name = name
        self.ask = ask

    def make_choice(self, rules: AnyRuleSet, position: Position) -> Move:
        if self.ask is None:
            raise RuntimeError(f"{self.name}'s move comes from the user interface")
        return self.ask(rules, position)

    def game_over(self, won: bool) -> None:
        pass

    def __repr__(self) -> str:
        return f"HumanPlayer({self.name!r})"


class RandomPlayer(_Machine):
    """Seed 001's "StupidAI": a uniformly random legal move."""

    def make_choice(self, rules: AnyRuleSet, position: Position) -> Move:
        return self.rng.choice(rules.legal_moves(position))


class LearnerPlayer(_Machine):
    """Any :class:`~.learners.base.Learner` in one seat of a game.

    Learning (the default), it plays and learns as in training; with ``learns=False`` it plays
    by its own rule (drawing balls, exploring) and learns nothing: a frozen opponent, or the
    learner being measured for its learning curve.
    """

    def __init__(
        self,
        name: str,
        learner: Learner[Position, Move],
        rng: random.Random | None = None,
        *,
        learns: bool = True,
    ) -> None:
        super().__init__(name, rng)
        self.learner = learner
        self.learns = learns

    def make_choice(self, rules: AnyRuleSet, position: Position) -> Move:
        if self.learns:
            return self.learner.move(position, self.rng)
        return self.learner.sample_move(position, self.rng)

    def game_over(self, won: bool) -> None:
        if self.learns:
            self.learner.game_over({0: won})


class HatPlayer(LearnerPlayer):
    """The learning AI of seed 000: draws balls from its hats and learns from every result."""

    def __init__(self, name: str, brain: HatBrain, rng: random.Random | None = None) -> None:
        super().__init__(name, brain, rng)
        self.brain = brain


class PerfectPlayer(_Machine):
    """Plays a winning move whenever one exists; from a lost position, a random legal move."""

    def __init__(self, name: str, rules: AnyRuleSet, rng: random.Random | None = None) -> None:
        super().__init__(name, rng)
        self.solver = Solver(rules)

    def make_choice(self, rules: AnyRuleSet, position: Position) -> Move:
        return perfect_move(self.solver, position, self.rng)


def perfect_move(solver: Solver[Any, Any], position: Position, rng: random.Random) -> Move:
    """A random winning move, or a random legal move when the position is lost."""
    winning = solver.winning_moves(position)
    return rng.choice(winning or solver.rules.legal_moves(position))


class MixedPlayer:
    """Perfect with probability ``skill``, otherwise a uniformly random legal move."""

    is_human = False

    def __init__(
        self,
        name: str,
        rules: AnyRuleSet,
        skill: float = DEFAULT_MIXED_SKILL,
        rng: random.Random | None = None,
        solver: Solver[Any, Any] | None = None,
    ) -> None:
        if not 0.0 <= skill <= 1.0:
            raise ValueError(f"the chance of a perfect move must be between 0 and 1, got {skill}")
        self.name = name
        self.skill = skill
        self.rng = rng if rng is not None else random.Random()
        self.solver = solver if solver is not None else Solver(rules)

    def make_choice(self, rules: AnyRuleSet, position: Position) -> Move:
        # One draw decides the kind of move, so a seeded player repeats its games exactly.
        if self.rng.random() < self.skill:
            return perfect_move(self.solver, position, self.rng)
        return self.rng.choice(rules.legal_moves(position))

    def game_over(self, won: bool) -> None:
        """The mixed player learns nothing."""

    def __repr__(self) -> str:
        return f"MixedPlayer({self.name!r}, skill={self.skill})"


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
        """The learner of the brain it plays (its ``kind``), None for a machine that does not
        learn."""
        if self in (Machine.LEARNING, Machine.TRAINED):
            return HatBrain.kind
        return QLearner.kind if self is Machine.Q_LEARNING else None

    def fits(self, rules: AnyRuleSet) -> bool:
        """Whether ``rules`` offer this machine (the Q-learner only where its table fits)."""
        return self is not Machine.Q_LEARNING or rules.capabilities.q_learning

    def player(
        self,
        name: str,
        rules: AnyRuleSet,
        rng: random.Random,
        *,
        brain: HatBrain | QLearner | None = None,
        skill: float = DEFAULT_MIXED_SKILL,
    ) -> Player:
        """The machine as a player called ``name``; a learner plays ``brain`` (and teaches it,
        for hats), which it must be given; ``skill``: the mixed player's chance of a perfect
        move."""
        if self is Machine.RANDOM:
            return RandomPlayer(name, rng)
        if self is Machine.PERFECT:
            return PerfectPlayer(name, rules, rng)
        if self is Machine.MIXED:
            return MixedPlayer(name, rules, skill, rng)
        if brain is None:
            raise ValueError(f"{self.value} plays a brain of its own: none was given")
        return learner_player(name, brain, rng)


_LEVELS = {
    Machine.RANDOM: "random",
    Machine.LEARNING: "learning",
    Machine.TRAINED: "trained",
    Machine.Q_LEARNING: "Q-learning",
    Machine.PERFECT: "perfect",
    Machine.MIXED: "mixed",
}

#: The name of the learning AI in every game, on the leaderboard and for its saved brain.
LEARNING_AI_NAME = Machine.LEARNING.value
#: The AI pre-trained by self-play.
TRAINED_AI_NAME = Machine.TRAINED.value
#: The Q-learner (CS50's), on the leaderboard and for its saved brain.
Q_LEARNING_AI_NAME = Machine.Q_LEARNING.value
#: Every name a computer player has, so no person may take one: their results would be added
#: to the machine's row on the leaderboard.
COMPUTER_PLAYER_NAMES = tuple(machine.value for machine in Machine)
#: Whose brain a learner's commands mean when no name is given, by the learner's ``kind``.
DEFAULT_AI_NAMES = {HatBrain.kind: LEARNING_AI_NAME, QLearner.kind: Q_LEARNING_AI_NAME}


def learner_player(name: str, brain: HatBrain | QLearner, rng: random.Random) -> Player:
    """A learner's brain as a player called ``name``: a hat AI draws (and learns), a Q-learner
    plays its table."""
    if isinstance(brain, QLearner):
        return QLearningPlayer(name, brain)
    return HatPlayer(name, brain, rng)


def machines_for(rules: AnyRuleSet) -> tuple[Machine, ...]:
    """The machines ``rules`` offer, in the roster's order."""
    return tuple(machine for machine in Machine if machine.fits(rules))


def machine_level(name: str) -> str | None:
    """The level of the computer player called ``name``; None for a person."""
    return next((machine.level for machine in Machine if machine.value == name), None)

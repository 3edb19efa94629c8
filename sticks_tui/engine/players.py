"""One protocol for every player, human or machine (seed 001's ``Interface`` with ``makeChoice``).

Given the rules and the position, a player returns a legal move; learners are also told how
each game ended. A human's move comes from the user interface: the caller either hands a
:class:`HumanPlayer` a function that asks, or plays the human's move into the match itself.

A learner in a seat is a learner's player (:mod:`.learners.player`; each learner's registry
entry names its own), and the one roster of machine players is :class:`~.machines.Machine`:
players never import learners.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Generic, Protocol, runtime_checkable

from .game import M, P, RuleSet
from .solver import Solver

#: The mixed player's default chance of a perfect move.
DEFAULT_MIXED_SKILL = 0.5


@runtime_checkable
class Player(Protocol[P, M]):
    """A player of a game whose positions are ``P`` and moves ``M`` (``Player[Hashable,
    Hashable]`` plays whichever game: :data:`~.game.Rules`)."""

    name: str
    #: True when the move comes from a person (the user interface supplies it).
    is_human: bool

    def make_choice(self, rules: RuleSet[P, M], position: P) -> M:
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


class HumanPlayer(Generic[P, M]):
    """A person. ``ask`` (when given) is called for the move; otherwise the UI plays it."""

    is_human = True

    def __init__(self, name: str, ask: Callable[[RuleSet[P, M], P], M] | None = None) -> None:
        self.name = name
        self.ask = ask

    def make_choice(self, rules: RuleSet[P, M], position: P) -> M:
        if self.ask is None:
            raise RuntimeError(f"{self.name}'s move comes from the user interface")
        return self.ask(rules, position)

    def game_over(self, won: bool) -> None:
        pass

    def __repr__(self) -> str:
        return f"HumanPlayer({self.name!r})"


class RandomPlayer(_Machine, Generic[P, M]):
    """Seed 001's "StupidAI": a uniformly random legal move."""

    def make_choice(self, rules: RuleSet[P, M], position: P) -> M:
        return self.rng.choice(rules.legal_moves(position))


class PerfectPlayer(_Machine, Generic[P, M]):
    """Plays a winning move whenever one exists; from a lost position, a random legal move."""

    def __init__(
        self, name: str, rules: RuleSet[P, M], rng: random.Random | None = None
    ) -> None:
        super().__init__(name, rng)
        self.solver = Solver(rules)

    def make_choice(self, rules: RuleSet[P, M], position: P) -> M:
        return perfect_move(self.solver, position, self.rng)


def perfect_move(solver: Solver[P, M], position: P, rng: random.Random) -> M:
    """A random winning move, or a random legal move when the position is lost."""
    winning = solver.winning_moves(position)
    return rng.choice(winning or solver.rules.legal_moves(position))


class MixedPlayer(Generic[P, M]):
    """Perfect with probability ``skill``, otherwise a uniformly random legal move."""

    is_human = False

    def __init__(
        self,
        name: str,
        rules: RuleSet[P, M],
        skill: float = DEFAULT_MIXED_SKILL,
        rng: random.Random | None = None,
        solver: Solver[P, M] | None = None,
    ) -> None:
        if not 0.0 <= skill <= 1.0:
            raise ValueError(f"the chance of a perfect move must be between 0 and 1, got {skill}")
        self.name = name
        self.skill = skill
        self.rng = rng if rng is not None else random.Random()
        self.solver = solver if solver is not None else Solver(rules)

    def make_choice(self, rules: RuleSet[P, M], position: P) -> M:
        # One draw decides the kind of move, so a seeded player repeats its games exactly.
        if self.rng.random() < self.skill:
            return perfect_move(self.solver, position, self.rng)
        return self.rng.choice(rules.legal_moves(position))

    def game_over(self, won: bool) -> None:
        """The mixed player learns nothing."""

    def __repr__(self) -> str:
        return f"MixedPlayer({self.name!r}, skill={self.skill})"

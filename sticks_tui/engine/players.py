"""One protocol for every player, human or machine (seed 001's ``Interface`` with ``makeChoice``).

Given the rules and the position, a player returns a legal move; learners are also told how
each game ended. A human's move comes from the user interface: the caller either hands a
:class:`HumanPlayer` a function that asks, or plays the human's move into the match itself.
"""

from __future__ import annotations

import random
from typing import Callable, Protocol, runtime_checkable

from .learners.hats import HatBrain
from .rules import Move, Position, RuleSet
from .solver import Solver


@runtime_checkable
class Player(Protocol):
    name: str
    #: True when the move comes from a person (the user interface supplies it).
    is_human: bool

    def make_choice(self, rules: RuleSet, position: Position) -> Move:
        """Return a legal move at ``position`` (seed 001's ``makeChoice``)."""

    def game_over(self, won: bool) -> None:
        """Told once at the end of every game the player took part in."""


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

    def __init__(self, name: str, ask: Callable[[RuleSet, Position], Move] | None = None) -> None:
        self.name = name
        self.ask = ask

    def make_choice(self, rules: RuleSet, position: Position) -> Move:
        if self.ask is None:
            raise RuntimeError(f"{self.name}'s move comes from the user interface")
        return self.ask(rules, position)

    def game_over(self, won: bool) -> None:
        pass

    def __repr__(self) -> str:
        return f"HumanPlayer({self.name!r})"


class RandomPlayer(_Machine):
    """Seed 001's "StupidAI": a uniformly random legal move."""

    def make_choice(self, rules: RuleSet, position: Position) -> Move:
        return self.rng.choice(rules.legal_moves(position))


class HatPlayer(_Machine):
    """The learning AI of seed 000: draws balls from its hats and learns from every result."""

    def __init__(self, name: str, brain: HatBrain, rng: random.Random | None = None) -> None:
        super().__init__(name, rng)
        self.brain = brain

    def make_choice(self, rules: RuleSet, position: Position) -> Move:
        return self.brain.draw(position, self.rng)

    def game_over(self, won: bool) -> None:
        self.brain.learn(won)


class PerfectPlayer(_Machine):
    """Plays a winning move whenever one exists; from a lost position, a random legal move."""

    def __init__(self, name: str, rules: RuleSet, rng: random.Random | None = None) -> None:
        super().__init__(name, rng)
        self.solver = Solver(rules)

    def make_choice(self, rules: RuleSet, position: Position) -> Move:
        return perfect_move(self.solver, position, self.rng)


def perfect_move(solver: Solver, position: Position, rng: random.Random) -> Move:
    """A random winning move, or a random legal move when the position is lost."""
    winning = solver.winning_moves(position)
    return rng.choice(winning or solver.rules.legal_moves(position))

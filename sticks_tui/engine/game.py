"""What a game is to the engine: the :class:`RuleSet` protocol, its errors, its capabilities, and
the one rule for who won a finished game.

Every algorithm in the engine (hats, training, the solver, a match) is written once against
:class:`RuleSet`, in the spirit of OpenSpiel's game API: a game is a value with an initial
position, legal moves, ``apply``, a terminal test and an ending. The families of games live in
:mod:`sticks_tui.engine.games`, which also reads and writes them as spec strings.

The ending convention is the combinatorial one, which covers both endings of seed 003:

* **misère** ("whoever takes the last stick loses"): the player who made the last move loses,
  so the player to move at a finished position has won;
* **normal** ("a player who cannot move loses"): the player to move at a finished position lost.

:func:`mover_wins_at_end` is the only code that turns the ending into a result; the match, the
solver and everything else ask it (or :func:`loser_at_end`), so no two places can disagree.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar, runtime_checkable

P = TypeVar("P", bound=Hashable)
M = TypeVar("M", bound=Hashable)
P_contra = TypeVar("P_contra", bound=Hashable, contravariant=True)


class IllegalMove(ValueError):
    """A move that the rules do not allow in the position it was tried in."""


class RuleError(ValueError):
    """A rule set that cannot be built from the values given (no takes, a negative heap...)."""


@dataclass(frozen=True)
class Capabilities:
    """What the engine may offer for a game beyond play, hats and the solver's search.

    Two other questions are answered by the protocols themselves, once: whether the solver knows
    outcomes from theory (the rules are :class:`KnowsOutcomes`), and whether the hat AI has a hat
    for every position from the start (``hat_positions()`` is not empty).
    """

    #: Whether a Q-learner's table fits the game: it is offered as an opponent and trained.
    q_learning: bool = True


@runtime_checkable
class RuleSet(Protocol[P, M]):
    """What every game in the engine offers. Positions ``P`` and moves ``M`` are hashable values."""

    @property
    def name(self) -> str:
        """A human name, e.g. "Game of Sticks"."""

    @property
    def key(self) -> str:
        """A stable identifier of the rules (not the start size), used to keep brains apart."""

    @property
    def misere(self) -> bool:
        """Whether the player who makes the last move loses (else the player who cannot move)."""

    @property
    def capabilities(self) -> Capabilities:
        """What the engine may offer for this game (see :class:`Capabilities`)."""

    def initial_position(self) -> P: ...

    def legal_moves(self, position: P) -> tuple[M, ...]: ...

    def apply(self, position: P, move: M) -> P: ...

    def is_over(self, position: P) -> bool: ...

    def ball_kinds(self, position: P) -> tuple[M, ...]:
        """The numbered balls a fresh hat for this position holds (one of each)."""

    def hat_positions(self) -> tuple[P, ...]:
        """Positions that always have a hat, even before the AI has met them."""

    def describe(self) -> dict[str, Any]:
        """A JSON-ready description, ``{"game": FAMILY, ...}``, that the registry reads back."""

    def position_key(self, position: P) -> str: ...

    def position_from_key(self, key: str) -> P: ...

    def move_key(self, move: M) -> str: ...

    def move_from_key(self, key: str) -> M: ...


#: The rules of some game, whichever it is: what the registry hands out (:func:`~.games.parse_game`)
#: and what code that works for every game holds (the app, the CLI, storage). All it knows of
#: the game's positions and moves is that they are hashable values: the holder takes them from
#: the rules and hands them back, never computes with them (a family's own code, with its own
#: types, does that). Algorithms are written generic in ``P`` and ``M`` instead, so that with a
#: family's rules the checker knows its types. A family's rule set becomes one of these only in
#: the registry (:func:`~.games.some_rules`), the one place that forgets its types.
Rules = RuleSet[Hashable, Hashable]


@runtime_checkable
class KnowsOutcomes(Protocol[P_contra]):
    """A rule set that knows outcomes from theory (Nim, Sticky-Nim): the solver asks it first."""

    def known_outcome(self, position: P_contra) -> bool | None:
        """Whether the player to move wins, or None where the solver must search."""


class _HasEnding(Protocol):
    @property
    def misere(self) -> bool: ...


def mover_wins_at_end(rules: _HasEnding) -> bool:
    """Whether the player to move at a finished position has won: THE rule for who won.

    Misère play: the opponent made the last move and so lost. Normal play: the player to move
    cannot move and so lost.
    """
    return rules.misere


def loser_at_end(rules: _HasEnding, to_move: int) -> int:
    """The player (0 or 1) who lost a finished game, ``to_move`` being the one whose turn it is."""
    return 1 - to_move if mover_wins_at_end(rules) else to_move

"""A game's theory as data: what ``solve`` and the analysis show beside what the AI learned.

Each family of games may give its own theory (``GameFamily.theory``: the take-away table and
its period, Nim's nim-sum, Sticky-Nim's Grundy values and lost configurations); the registry's
:func:`~sticks_tui.engine.games.theory_of` asks the family, and falls back on
:class:`SearchTheory` (the solver's answer from the start) for a game that brings none. A theory
brings its own words (:meth:`Theory.lines`, beside its data in the family's module), which
``solve`` prints and the analysis screen shows through :mod:`sticks_tui.text.theory`, so the
command line and the app say the same thing; ``to_dict`` gives the JSON of ``solve --json``.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from .game import Rules, RuleSet
from .solver import Solver
from .words import wrapped

P = TypeVar("P", bound=Hashable)
M = TypeVar("M", bound=Hashable)

#: The generic theory lists the lost positions only when the start reaches at most this many
#: positions: beyond it the list is too long to read and too slow to make.
SEARCH_LISTED_MAX = 2_000


class Theory(Protocol):
    """What every theory offers: its kind, its JSON and its words."""

    kind: ClassVar[str]

    def to_dict(self) -> dict[str, Any]:
        """The theory as JSON-ready data (the fields of ``solve --json``)."""

    def lines(self, name: str, width: int, answer_first: bool = False) -> Iterator[str]:
        """The theory of the game called ``name`` in words, as ``solve`` prints it: lines of at
        most ``width`` characters (where words allow). ``answer_first``: as the app's panel
        shows it, the answer above any long table, which a reader scrolls."""


@dataclass(frozen=True)
class WinningMove(Generic[P, M]):
    """A move that leaves the opponent lost, and the position it leaves."""

    move: M
    leaves: P


@dataclass(frozen=True)
class StartAnswer(Generic[P, M]):
    """The solver's answer at the start of a game: who wins, and how."""

    position: P
    won: bool
    """Whether the player to move wins with perfect play."""
    winning_moves: tuple[WinningMove[P, M], ...]
    """Every move that wins (empty when the start is lost)."""


def start_answer(rules: RuleSet[P, M], solver: Solver[P, M] | None = None) -> StartAnswer[P, M]:
    """Who wins from ``rules``' start, and every winning move with what it leaves."""
    solver = solver if solver is not None else Solver(rules)
    start = rules.initial_position()
    moves = tuple(
        WinningMove(move, rules.apply(start, move)) for move in solver.winning_moves(start)
    )
    return StartAnswer(start, solver.is_won(start), moves)


def reachable(rules: RuleSet[P, M], limit: int) -> list[P] | None:
    """Every position reachable from the start, the start first; None beyond ``limit``."""
    start = rules.initial_position()
    seen = {start}
    order = [start]
    todo = [start]
    while todo:
        position = todo.pop()
        for move in rules.legal_moves(position):
            child = rules.apply(position, move)
            if child not in seen:
                if len(seen) >= limit:
                    return None
                seen.add(child)
                order.append(child)
                todo.append(child)
    return order


@dataclass(frozen=True)
class SearchTheory:
    """What the solver alone says about a game that brings no theory of its own.

    Positions and moves are kept as the rules' keys (``position_key``, ``move_key``), the only
    way to write them that every game has.
    """

    kind: ClassVar[str] = "search"

    game: str
    start: str
    won: bool
    winning_moves: tuple[tuple[str, str], ...]
    """(move, the position it leaves), as keys."""
    reachable: int | None
    """Positions reachable from the start (None when more than :data:`SEARCH_LISTED_MAX`)."""
    lost_positions: tuple[str, ...] | None
    """The reachable positions lost for the player to move (None when not listed)."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "start": {
                "position": self.start,
                "outcome": "won" if self.won else "lost",
                "winning_moves": [
                    {"move": move, "leaves": leaves} for move, leaves in self.winning_moves
                ],
            },
            "reachable_positions": self.reachable,
            "lost_positions": None if self.lost_positions is None else list(self.lost_positions),
        }

    def lines(self, name: str, width: int, answer_first: bool = False) -> Iterator[str]:
        """The solver's answer from the start, in the rules' own keys."""
        outcome = "wins" if self.won else "loses"
        yield f"{self.game}: the solver's answer (this game brings no theory of its own)."
        yield ""
        yield f"From the start ({self.start}): the player to move {outcome} with perfect play."
        if self.winning_moves:
            yield from wrapped(
                "Winning moves: "
                + "; ".join(f"{move} (leaves {leaves})" for move, leaves in self.winning_moves),
                width,
            )
        if self.lost_positions is not None:
            yield from wrapped(
                f"Lost for the player to move ({len(self.lost_positions)} of the "
                f"{self.reachable} positions reachable from the start): "
                + "; ".join(self.lost_positions),
                width,
            )


def search_theory(rules: Rules) -> SearchTheory:
    """The solver's answer from the start, and the lost positions when there are few enough."""
    solver: Solver[Hashable, Hashable] = Solver(rules)
    answer = start_answer(rules, solver)
    positions = reachable(rules, SEARCH_LISTED_MAX)
    lost = None
    if positions is not None:
        lost = tuple(rules.position_key(p) for p in positions if solver.is_lost(p))
    return SearchTheory(
        rules.name,
        rules.position_key(answer.position),
        answer.won,
        tuple((rules.move_key(w.move), rules.position_key(w.leaves)) for w in answer.winning_moves),
        None if positions is None else len(positions),
        lost,
    )

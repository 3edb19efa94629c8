"""Wythoff's game, defined only for the tests: a game the engine has never heard of joins the
registry and is then read from specs and brain files like the games the engine ships.

Two heaps; a move takes any number from one heap, or the same number from both; whoever cannot
move loses (normal play, the default), or, in the misère version, whoever takes the last object
loses. A position is ``(first, second)``, a move ``(from_first, from_second)``. Its spec is
``wythoff:FIRST,SECOND[:misere|normal]`` and its description says its ending the way the games
the engine ships say theirs (``"ending"``), so the conformance suite can play both endings.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sticks_tui.engine import Capabilities, IllegalMove, RuleError
from sticks_tui.engine.games import GameFamily, GameSpecError, Spec

Heaps = tuple[int, int]


@dataclass(frozen=True)
class Wythoff:
    heaps: Heaps = (3, 5)
    misere: bool = False
    q_learning: bool = True

    @property
    def name(self) -> str:
        return f"Wythoff {self.heaps[0]}, {self.heaps[1]}"

    @property
    def key(self) -> str:
        return "wythoff:misere" if self.misere else "wythoff:normal"

    @property
    def capabilities(self) -> Capabilities:
        return Capabilities(q_learning=self.q_learning)

    def initial_position(self) -> Heaps:
        return self.heaps

    def legal_moves(self, position: Heaps) -> tuple[Heaps, ...]:
        first, second = position
        return (
            tuple((k, 0) for k in range(1, first + 1))
            + tuple((0, k) for k in range(1, second + 1))
            + tuple((k, k) for k in range(1, min(first, second) + 1))
        )

    def apply(self, position: Heaps, move: Heaps) -> Heaps:
        if move not in self.legal_moves(position):
            raise IllegalMove(f"cannot take {move} from {position}")
        return (position[0] - move[0], position[1] - move[1])

    def is_over(self, position: Heaps) -> bool:
        return position == (0, 0)

    def ball_kinds(self, position: Heaps) -> tuple[Heaps, ...]:
        return self.legal_moves(position)

    def hat_positions(self) -> tuple[Heaps, ...]:
        return ()

    def describe(self) -> dict[str, Any]:
        return {
            "game": "wythoff",
            "heaps": list(self.heaps),
            "ending": "misere" if self.misere else "normal",
        }

    def position_key(self, position: Heaps) -> str:
        return f"{position[0]},{position[1]}"

    def position_from_key(self, key: str) -> Heaps:
        first, second = key.split(",")
        return (int(first), int(second))

    def move_key(self, move: Heaps) -> str:
        return f"{move[0]}:{move[1]}"

    def move_from_key(self, key: str) -> Heaps:
        first, second = key.split(":")
        return (int(first), int(second))


def parse(spec: Spec) -> Wythoff:
    spec.at_most(2)
    parts = (spec.part(0) or "").split(",")
    if len(parts) != 2 or not all(part.isdigit() for part in parts):
        raise GameSpecError("Wythoff's game has two heaps")
    ending = (spec.part(1) or "normal").strip().lower()
    if ending not in ("misere", "normal"):
        raise GameSpecError(f"the ending is misere or normal, got {ending!r}")
    return Wythoff((int(parts[0]), int(parts[1])), misere=ending == "misere")


def spec_of(rules: Wythoff) -> str:
    """Normal play is Wythoff's own default, so only the misère ending is written."""
    ending = ":misere" if rules.misere else ""
    return f"wythoff:{rules.heaps[0]},{rules.heaps[1]}{ending}"


def from_description(description: Mapping[str, Any], sticks: int | None) -> Wythoff:
    heaps = description.get("heaps")
    if not isinstance(heaps, list) or len(heaps) != 2:
        raise RuleError("Wythoff's game has two heaps")
    ending = description.get("ending", "normal")
    if ending not in ("misere", "normal"):
        raise RuleError(f"the ending must be \"misere\" or \"normal\", got {ending!r}")
    return Wythoff((heaps[0], heaps[1]), ending == "misere")


FAMILY = GameFamily(
    name="wythoff",
    grammar="wythoff:FIRST,SECOND[:misere|normal]",
    example="wythoff:3,5",
    rules_type=Wythoff,
    parse=parse,
    spec_of=spec_of,
    from_description=from_description,
)

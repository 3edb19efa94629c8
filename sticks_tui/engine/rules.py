"""Rule sets: small immutable values that say what a game position is and how it changes.

Every algorithm in the engine (hats, training, the solver, a match) is written once against
the :class:`RuleSet` protocol, in the spirit of OpenSpiel's game API: a game is a value with an
initial position, legal moves, ``apply``, a terminal test and a rule for who lost.

The ending convention is the combinatorial one, which covers both endings of seed 003:

* **misère** ("whoever takes the last stick loses"): the player who made the last move loses,
  so the player to move at a finished position has won;
* **normal** ("a player who cannot move loses"): the player to move at a finished position lost.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Hashable, Protocol, runtime_checkable

Position = Hashable
Move = Hashable

#: The Game of Sticks of the seeds: 10 to 100 sticks, take 1, 2 or 3, taking the last one loses.
STICKS_MIN = 10
STICKS_MAX = 100
STICKS_TAKES = (1, 2, 3)
#: Hats the learning AI always has for a take-away game ("one hat per stick count 1..100").
DEFAULT_HAT_COUNT = 100


class IllegalMove(ValueError):
    """A move that the rules do not allow in the position it was tried in."""


class RuleError(ValueError):
    """A rule set that cannot be built from the values given (no takes, a negative heap...)."""


@runtime_checkable
class RuleSet(Protocol):
    """What every game in the engine offers. Positions and moves are hashable values."""

    #: Whether the player to move at a finished position has lost (normal play) or won (misère).
    mover_loses_at_end: bool

    @property
    def name(self) -> str:
        """A human name, e.g. "Game of Sticks"."""

    @property
    def key(self) -> str:
        """A stable identifier of the rules (not the start size), used to keep brains apart."""

    def initial_position(self) -> Position: ...

    def legal_moves(self, position: Position) -> tuple[Move, ...]: ...

    def apply(self, position: Position, move: Move) -> Position: ...

    def is_over(self, position: Position) -> bool: ...

    def ball_kinds(self, position: Position) -> tuple[Move, ...]:
        """The numbered balls a fresh hat for this position holds (one of each)."""

    def hat_positions(self) -> tuple[Position, ...]:
        """Positions that always have a hat, even before the AI has met them."""

    def describe(self) -> dict[str, Any]:
        """A JSON-ready description from which :func:`rules_from_description` rebuilds it."""

    def position_key(self, position: Position) -> str: ...

    def position_from_key(self, key: str) -> Position: ...

    def move_key(self, move: Move) -> str: ...

    def move_from_key(self, key: str) -> Move: ...


def _normalise_takes(takes: Any) -> tuple[int, ...]:
    try:
        values = tuple(sorted({int(t) for t in takes}))
    except (TypeError, ValueError):
        raise RuleError(f"allowed takes must be whole numbers, got {takes!r}") from None
    if not values:
        raise RuleError("at least one allowed take is needed")
    if values[0] < 1:
        raise RuleError(f"allowed takes must be at least 1, got {values[0]}")
    return values


@dataclass(frozen=True)
class TakeAway:
    """A heap of sticks; a move takes one of the allowed amounts, never more than are left.

    The Game of Sticks is ``TakeAway(sticks, takes=(1, 2, 3), misere=True)``; seed 003's game is
    ``TakeAway(n, takes=(2, 3, 5), misere=False)``.
    """

    sticks: int = 20
    takes: tuple[int, ...] = STICKS_TAKES
    misere: bool = True
    _legal: dict[int, tuple[int, ...]] = field(
        default_factory=dict, init=False, repr=False, compare=False, hash=False
    )

    def __post_init__(self) -> None:
        object.__setattr__(self, "takes", _normalise_takes(self.takes))
        if isinstance(self.sticks, bool) or not isinstance(self.sticks, int):
            raise RuleError(f"the number of sticks must be a whole number, got {self.sticks!r}")
        if self.sticks < 0:
            raise RuleError(f"the number of sticks cannot be negative, got {self.sticks}")
        object.__setattr__(self, "misere", bool(self.misere))

    @property
    def mover_loses_at_end(self) -> bool:  # type: ignore[override]
        return not self.misere

    @property
    def is_game_of_sticks(self) -> bool:
        return self.takes == STICKS_TAKES and self.misere

    @property
    def name(self) -> str:
        if self.is_game_of_sticks:
            return "Game of Sticks"
        ending = "last stick loses" if self.misere else "no move loses"
        return f"Take-away {{{', '.join(map(str, self.takes))}}}, {ending}"

    @property
    def key(self) -> str:
        ending = "misere" if self.misere else "normal"
        return f"takeaway:{','.join(map(str, self.takes))}:{ending}"

    def with_sticks(self, sticks: int) -> TakeAway:
        return TakeAway(sticks, self.takes, self.misere)

    def initial_position(self) -> int:
        return self.sticks

    def legal_moves(self, position: int) -> tuple[int, ...]:
        legal = self._legal.get(position)
        if legal is None:
            if position < 0:
                raise IllegalMove(f"a heap cannot hold {position} sticks")
            legal = tuple(t for t in self.takes if t <= position)
            self._legal[position] = legal
        return legal

    def apply(self, position: int, move: int) -> int:
        if move not in self.legal_moves(position):
            raise IllegalMove(f"cannot take {move} from a heap of {position}")
        return position - move

    def is_over(self, position: int) -> bool:
        return not self.legal_moves(position)

    def ball_kinds(self, position: int) -> tuple[int, ...]:
        return self.takes

    def hat_positions(self) -> tuple[int, ...]:
        return tuple(range(1, max(DEFAULT_HAT_COUNT, self.sticks) + 1))

    def describe(self) -> dict[str, Any]:
        return {
            "game": "takeaway",
            "takes": list(self.takes),
            "ending": "misere" if self.misere else "normal",
        }

    def position_key(self, position: int) -> str:
        return str(position)

    def position_from_key(self, key: str) -> int:
        return _whole_number(key, "stick count")

    def move_key(self, move: int) -> str:
        return str(move)

    def move_from_key(self, key: str) -> int:
        return _whole_number(key, "ball number")


def parse_whole_number(text: str, *, signed: bool = False, max_digits: int = 9) -> int | None:
    """The whole number ``text`` spells, or None: the one reading of numbers that people type.

    Only plain ASCII digits count, with spaces around and, when ``signed``, one leading sign.
    ``int()`` alone is too generous ("1_000", "١", " +3") and, past 4,300 digits, raises an
    error of its own; here such text, or more than ``max_digits`` significant digits (leading
    zeros do not count), is simply not a number.
    """
    if not isinstance(text, str):
        return None
    stripped = text.strip()
    digits = stripped[1:] if signed and stripped[:1] in ("+", "-") else stripped
    if not (digits.isascii() and digits.isdigit()):
        return None
    if len(digits.lstrip("0")) > max_digits:
        return None
    return int(stripped)


def _whole_number(text: str, what: str) -> int:
    """A key of a brain file (a stick count, a ball number...), which must be plain digits."""
    value = parse_whole_number(text) if isinstance(text, str) and text == text.strip() else None
    if value is None:
        raise RuleError(f"a {what} must be a whole number, got {text!r:.40}")
    return value


def game_of_sticks(sticks: int = 20) -> TakeAway:
    """The seeds' Game of Sticks with ``sticks`` on the table."""
    return TakeAway(sticks, STICKS_TAKES, misere=True)


def rules_from_description(description: Any, sticks: int | None = None) -> RuleSet:
    """Rebuild a rule set from :meth:`RuleSet.describe` output (e.g. read from a brain file)."""
    if not isinstance(description, dict):
        raise RuleError("the rules must be an object such as {\"game\": \"takeaway\", ...}")
    game = description.get("game")
    if game == "takeaway":
        ending = description.get("ending", "misere")
        if ending not in ("misere", "normal"):
            raise RuleError(f"the ending must be \"misere\" or \"normal\", got {ending!r}")
        takes = description.get("takes", list(STICKS_TAKES))
        if not isinstance(takes, list) or not all(
            isinstance(t, int) and not isinstance(t, bool) for t in takes
        ):
            raise RuleError(f"takes must be a list of whole numbers, got {takes!r}")
        return TakeAway(sticks if sticks is not None else 20, tuple(takes), ending == "misere")
    if game == "nim":
        from .nim import nim_from_description  # noqa: PLC0415 - nim.py imports this module

        return nim_from_description(description)
    if game == "sticky":
        from .sticky import sticky_from_description  # noqa: PLC0415 - as above

        return sticky_from_description(description, sticks)
    raise RuleError(f"unknown game {game!r}")


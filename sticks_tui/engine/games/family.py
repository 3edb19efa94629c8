"""A family of games as the registry holds it, and the pieces of a spec string each family reads.

A spec is the family's word and its parts, separated by colons: ``nim:1,3,5,7:normal``. The
family reads its parts (:class:`Spec`) and says what is wrong with them in a few words
(:class:`GameSpecError`); the registry adds the family's grammar and an example to the message.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from ..game import RuleError
from ..numbers import parse_whole_number

if TYPE_CHECKING:
    from ..period_proof import Progress
    from ..theory import Theory

#: A family's class of rule sets (``TakeAway``, ``Nim``...): each is a ``RuleSet`` of its own
#: positions and moves, which the registry forgets (:func:`~sticks_tui.engine.games.some_rules`).
R = TypeVar("R")

#: How the two endings are written in specs and in brain files' descriptions.
MISERE = "misere"
NORMAL = "normal"


class GameSpecError(ValueError):
    """A game spec (``--game``) that names no game; the message says what is wrong and gives
    an example."""


@dataclass(frozen=True)
class Spec:
    """A spec split at its colons: the family's word (lower case) and the parts after it."""

    word: str
    parts: tuple[str, ...]
    #: The heap a take-away game starts from (``--sticks``); None when not given.
    sticks: int | None = None

    def part(self, index: int) -> str | None:
        """The part at ``index`` (0 is the first after the word), or None when left out."""
        return self.parts[index] if index < len(self.parts) else None

    def at_most(self, count: int) -> None:
        """Refuse parts beyond the first ``count``."""
        if len(self.parts) > count:
            extra = quoted(":".join(self.parts[count:]))
            if count == 0:
                raise GameSpecError(f"{self.word} takes nothing after its name; remove {extra}")
            raise GameSpecError(
                f"{self.word} takes at most {count} parts after its name; remove {extra}"
            )


@dataclass(frozen=True)
class FamilyWords(Generic[R]):
    """How a family's positions and moves read in a few words, short enough for a table cell
    (the analysis, ``analyze``, the console): each takes a value of one of the family's games;
    and why a position is lost, in the game's terms, for a hint."""

    #: A position: ``20``, ``1, 3, 5, 7``, ``groups of 6, 3``.
    position: Callable[[Hashable], str]
    #: A move: ``3``, ``take 2 from pile 3``, ``2 of 6 → 1 + 3``.
    move: Callable[[Hashable], str]
    #: What a table's position column is called.
    heading: str = "position"
    #: How to read the moves of a table, where the game's words need saying (lines).
    legend: tuple[str, ...] = ()
    #: Why ``position`` loses for the player to move, for a hint ("13 sticks are left, 1 more
    #: than a multiple of 4, and that loses for the player to move"); the flag says it is the
    #: position a winning move leaves, else the one the player is in. None: the generic reason.
    lost_reason: Callable[[R, Hashable, bool], str] | None = None
    #: What a finished position still holds, where a game can end with something left ("1 stick
    #: is left and no take fits"), for the board's last line and a hint whose move ends the
    #: game; "" when nothing is left. None: the family's games end with nothing left.
    left_at_end: Callable[[R, Hashable], str] | None = None


@dataclass(frozen=True)
class GameFamily(Generic[R]):
    """One kind of game: how its spec is read and written, and how its description is read."""

    #: The spec's first word and the ``"game"`` of :meth:`RuleSet.describe`, e.g. ``"nim"``.
    name: str
    #: The spec's shape, for messages: ``"nim:PILES[:misere|normal]"``.
    grammar: str
    #: A spec that reads, for messages (and a game of the family for tests): ``"nim:1,3,5,7"``.
    example: str
    #: The class of the family's rule sets: :func:`spec_of` finds the family by it.
    rules_type: type[R]
    #: Builds the rules from the spec's parts; raises GameSpecError (or RuleError) when it cannot.
    parse: Callable[[Spec], R]
    #: The canonical spec of the rules: ``parse`` reads it back to the same game.
    spec_of: Callable[[R], str]
    #: Rebuilds the rules from ``describe()`` output and an optional start size; raises RuleError.
    from_description: Callable[[Mapping[str, Any], int | None], R]
    #: Other words that name the family in specs (``"sticks"`` is a take-away game).
    aliases: tuple[str, ...] = ()
    #: Whether ``--sticks`` (a heap to start from) means something for the family.
    takes_sticks: bool = False
    #: The family's theory of a game (see :mod:`sticks_tui.engine.theory`); None: the solver's
    #: answer from the start is all there is (:func:`~sticks_tui.engine.theory.search_theory`).
    theory: Callable[[R], Theory] | None = None
    #: Work the theory and the hints' reasons use that may take long, done once per game in a
    #: worker before they are asked (a take-away game proves the period of its lost heaps, which
    #: both state); ``progress(done, most)`` is called during it (raising in it stops the work).
    #: None: nothing to do ahead.
    prepare: Callable[[R, Progress | None], object] | None = None
    #: Which of the family's games a Q-learner is offered for, for the message that refuses
    #: one (``rules.capabilities.q_learning`` decides): ``"every Nim game"``; empty for none.
    q_learning_offered: str = ""
    #: The JSON Schema of the family's :meth:`RuleSet.describe` (a brain file's ``"rules"``)
    #: beyond its ``"game"``: its properties, by name; None: not said (any other property).
    description_schema: Callable[[], dict[str, Any]] | None = None
    #: The family's positions and moves in its own words; None: by their keys in brain files.
    words: FamilyWords[R] | None = None

    def rules_schema(self) -> dict[str, Any]:
        """The JSON Schema of a brain file's ``"rules"`` for a game of this family (the brain
        format's schema is built from every family's: :mod:`~..learners.schema`)."""
        game = {"const": self.name, "description": f"the family of games: {self.grammar}"}
        if self.description_schema is None:
            return {"type": "object", "properties": {"game": game}, "required": ["game"]}
        properties = self.description_schema()
        return {
            "type": "object",
            "properties": {"game": game, **properties},
            "required": ["game"],
            "additionalProperties": False,
        }


def ending_schema() -> dict[str, Any]:
    """The JSON Schema of a description's ``"ending"`` (misère when left out)."""
    return {
        "enum": [MISERE, NORMAL],
        "description": "misere: whoever takes the last object loses; normal: whoever cannot "
        "move loses",
        "default": MISERE,
    }


def quoted(text: str, longest: int = 30) -> str:
    """``text`` in quotes for a one-line message: cut short when long, and a character that
    would break the line or drive the terminal (a newline, an escape) written as its escape."""
    shown = text if len(text) <= longest else text[: longest - 1] + "…"
    visible = "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in shown)
    return f"'{visible}'"


def whole_numbers(text: str | None, what: str) -> tuple[int, ...]:
    """Whole numbers separated by commas (``"2,3,5"``), in the order given."""
    if text is None or not text.strip():
        raise GameSpecError(f"the {what} are missing")
    values = [parse_whole_number(part) for part in text.split(",")]
    numbers = tuple(value for value in values if value is not None)
    if len(numbers) != len(values):
        raise GameSpecError(f"the {what} are whole numbers separated by commas, got {quoted(text)}")
    return numbers


def whole_number(text: str, what: str) -> int:
    """One whole number, e.g. the length of a line."""
    value = parse_whole_number(text)
    if value is None:
        raise GameSpecError(f"the {what} is a whole number, got {quoted(text)}")
    return value


def ending_is_misere(text: str | None) -> bool:
    """The ending part: ``misere`` (the default, also written ``misère``) or ``normal``."""
    if text is None:
        return True
    word = text.strip().lower()
    if word in (MISERE, "misère"):
        return True
    if word == NORMAL:
        return False
    raise GameSpecError(f"the ending is {MISERE} or {NORMAL}, got {quoted(text)}")


def ending_part(misere: bool) -> str:
    """The ending as a canonical spec writes it: nothing for misère (the default)."""
    return "" if misere else f":{NORMAL}"


def description_ending(description: Mapping[str, Any]) -> bool:
    """Whether a described game is misère (``"ending"``, misère when left out)."""
    ending = description.get("ending", MISERE)
    if ending not in (MISERE, NORMAL):
        raise RuleError(f"the ending must be \"{MISERE}\" or \"{NORMAL}\", got {ending!r}")
    return bool(ending == MISERE)

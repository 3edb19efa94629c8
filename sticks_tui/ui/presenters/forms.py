"""The setup screen's forms: one per choice of game, each with its own fields, their checks and
messages, and the spec that builds the rules from them.

A form checks its fields with the setup screen's own limits (a board must stay drawable at
80x24), the app's limits whichever way a game comes in (``--game`` too:
:func:`~sticks_tui.ui.presenters.app_refusal`), then builds a spec (``takeaway:2,3,5:normal``)
and asks the engine's registry for the game (:func:`~sticks_tui.engine.games.parse_game`), so
the engine's checks and words apply too.
The fields' texts are kept by their widget ids in one mapping that every form reads from: a
field two forms share (the number of sticks) keeps its text when the game changes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from textual.app import ComposeResult
from textual.widget import Widget
from textual.widgets import Input, Label, RadioButton, RadioSet

from ...engine.game import Rules
from ...engine.games import GameSpecError, parse_game

#: (widget id, message) for a field that is wrong.
Problem = tuple[str, str]


@dataclass(frozen=True)
class TextField:
    """A field typed on the rules' row; ``label`` is shown before it (id ``<id>-label``), and
    ``width`` (in cells) fits the field to what is typed in it."""

    id: str
    default: str
    max_length: int
    label: str = ""
    width: int | None = None
    #: Shown on the rules' row (not on a row of its own).
    on_rules_row: ClassVar[bool] = True

    def text(self, values: Mapping[str, str]) -> str:
        return values.get(self.id, self.default)

    def compose(self, values: Mapping[str, str]) -> ComposeResult:
        if self.label:
            yield Label(self.label, id=f"{self.id}-label", classes="inline")
        field = Input(self.text(values), id=self.id, max_length=self.max_length)
        if self.width is not None:
            field.styles.width = self.width
        yield field

    def read(self, screen: Widget) -> str:
        """The text on the screen."""
        return screen.query_one(f"#{self.id}", Input).value

    @property
    def widget_ids(self) -> tuple[str, ...]:
        return (f"{self.id}-label", self.id) if self.label else (self.id,)


@dataclass(frozen=True)
class ChoiceField:
    """A row of its own with a label (id ``<id>-label``) and radio buttons; the value is the id
    of the button pressed; the first option is the default."""

    id: str
    label: str
    options: tuple[tuple[str, str], ...]  # (button id, words)
    on_rules_row: ClassVar[bool] = False

    def text(self, values: Mapping[str, str]) -> str:
        return values.get(self.id, self.options[0][0])

    def compose(self, values: Mapping[str, str]) -> ComposeResult:
        yield Label(self.label, id=f"{self.id}-label")
        chosen = self.text(values)
        buttons = [
            RadioButton(words, value=chosen == button, id=button) for button, words in self.options
        ]
        yield RadioSet(*buttons, id=self.id)

    def read(self, screen: Widget) -> str:
        """The id of the button pressed on the screen."""
        for button, _words in self.options:
            if screen.query_one(f"#{button}", RadioButton).value:
                return button
        return self.options[0][0]

    @property
    def widget_ids(self) -> tuple[str, ...]:
        return (f"{self.id}-label", self.id)


FormField = TextField | ChoiceField

#: The number of sticks: the heap of a take-away game, the line of Sticky-Nim (one field, so
#: its text stays when the game changes).
STICKS_FIELD = TextField("sticks", "20", 12, width=10)


def parse_number(text: str, low: int, high: int) -> int | None:
    """A whole number from ``low`` to ``high`` typed in a field, or None.

    Only plain ASCII digits count: "2.5", "١٠", "" and a 10,000-digit number are all refused.
    """
    stripped = text.strip()
    if not (stripped.isascii() and stripped.isdigit()) or len(stripped) > 3:
        return None
    value = int(stripped)
    return value if low <= value <= high else None


def parse_numbers(text: str, high: int, most: int) -> tuple[int, ...] | None:
    """Numbers from 1 to ``high`` separated by commas or spaces (at most ``most``), or None."""
    parts = text.replace(",", " ").split()
    values = [parse_number(part, 1, high) for part in parts]
    if not values or len(values) > most or any(v is None for v in values):
        return None
    return tuple(v for v in values if v is not None)


def numbers_text(numbers: tuple[int, ...]) -> str:
    return ",".join(map(str, numbers))


def spec_numbers(text: str) -> str:
    """Numbers typed with commas or spaces as a spec writes them ("5 3,2" is "5,3,2").

    The spec is built without the form's limits, which the form checks apart (its field
    problems); the engine checks the spec.
    """
    return ",".join(text.replace(",", " ").split())


def spec_heap(text: str, message: str) -> int:
    """The heap typed, for :func:`~sticks_tui.engine.games.parse_game`; GameSpecError with
    ``message`` when it is not a whole number."""
    stripped = text.strip()
    if not (stripped.isascii() and stripped.isdigit()) or len(stripped) > 3:
        raise GameSpecError(message)
    return int(stripped)


class SetupForm:
    """One choice of game on the setup screen; subclasses name their fields and check them."""

    #: The choice's value in the game's list (unique among the choices).
    key: str = ""
    #: The words of the choice.
    label: str = ""
    #: The label of the rules' row.
    heading: str = ""
    fields: ClassVar[tuple[FormField, ...]] = ()
    #: Whether the app keeps its own subtitle for the game (the Game of Sticks) rather than
    #: showing the rules' name.
    keeps_title: ClassVar[bool] = False

    @property
    def first(self) -> str:
        """The id of the field focused when the screen opens."""
        return self.fields[0].id if self.fields else "name1"

    @property
    def shown(self) -> frozenset[str]:
        """The widgets of the form's fields (the screen hides the other forms')."""
        return frozenset(ids for field in self.fields for ids in field.widget_ids)

    def field_problems(self, values: Mapping[str, str]) -> list[Problem]:
        """The fields that break the setup screen's limits, in the order shown."""
        return []

    def spec(self, values: Mapping[str, str]) -> tuple[str, int | None]:
        """The spec of the game the fields make, and its heap (``--sticks``) if it has one."""
        raise NotImplementedError

    def note(self, values: Mapping[str, str]) -> str:
        """What the user should know of the game good fields make, though nothing is wrong
        (the setup screen shows it under the form, not as an error); "" when nothing."""
        return ""

    def problems(self, values: Mapping[str, str]) -> list[Problem]:
        """Every field that is wrong: the form's own checks, then the engine's."""
        problems = self.field_problems(values)
        if problems:
            return problems
        try:
            self.rules(values)
        except GameSpecError as error:
            return [(self.first, str(error))]
        return []

    def rules(self, values: Mapping[str, str]) -> Rules:
        """The game the fields make; raises GameSpecError with the engine's message."""
        spec, sticks = self.spec(values)
        return parse_game(spec, sticks)

    def values_of(self, rules: Rules) -> dict[str, str] | None:
        """The fields' texts that make ``rules``; None when this form cannot make them."""
        return None


class GivenForm(SetupForm):
    """A game the form has no fields for (``--game wythoff:3,5``): offered by its name and
    played as given."""

    heading = "Rules as given"

    def __init__(self, rules: Rules, key: str) -> None:
        self.given = rules
        self.key = key
        self.label = rules.name

    def rules(self, values: Mapping[str, str]) -> Rules:
        return self.given

    def values_of(self, rules: Rules) -> dict[str, str] | None:
        return {} if rules == self.given else None

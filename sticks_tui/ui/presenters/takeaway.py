"""Take-away games (the Game of Sticks among them): a heap of sticks that shrinks, a button and
a digit key per allowed take, and every hat in one chart (a position is a heap)."""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Label

from ...engine import STICKS_MAX, STICKS_MIN, TakeAway
from ...engine.game import Rules
from ...engine.games import GameFamily
from ...engine.games.takeaway import heap_of
from ...text.moves import takes_words
from ...text.words import board_line
from ..widgets.sticks import StickArt
from .base import BoardView, MoveButton, Presenter
from .forms import (
    STICKS_FIELD,
    ChoiceField,
    FormField,
    Problem,
    SetupForm,
    TextField,
    numbers_text,
    parse_number,
    parse_numbers,
    spec_heap,
    spec_numbers,
)

#: Digits take that many sticks (takes above 9 have buttons only).
DIGIT_TAKES = range(1, 10)

#: The classic console's message for a bad number of sticks, word for word (no full stop).
STICKS_MESSAGE = f"Please enter a number between {STICKS_MIN} and {STICKS_MAX}"
#: The takes the setup screen offers (a button each must fit at 80x24).
TAKES_MAX = 20
TAKES_MOST = 6
TAKES_MESSAGE = (
    f"Takes: 1 to {TAKES_MOST} different numbers from 1 to {TAKES_MAX}, e.g. 2,3,5"
)
#: The columns the take buttons have beside the hats at 80x24, and a button's least width
#: (app.tcss: .actions Button; a number's own in takeaway.tcss).
TAKES_ROW_WIDTH = 38
BUTTON_MIN_WIDTH = 8
TAKES_FIELD = TextField("takes", "1,2,3", 30, label="Takes", width=20)
#: The button ids are the spec's words for the ending.
ENDING_FIELD = ChoiceField(
    "ending", "Ending", (("misere", "Last stick loses"), ("normal", "No move loses"))
)


def takes_fit(takes: tuple[int, ...]) -> bool:
    """Whether a "Take n" button per take fits the row beside the hats at 80x24."""
    widths = (max(BUTTON_MIN_WIDTH, len(f"Take {n}") + 2) + 1 for n in takes)
    return sum(widths) - 1 <= TAKES_ROW_WIDTH


def parse_takes(text: str) -> tuple[int, ...] | None:
    """The allowed takes of a take-away game: different numbers, smallest first."""
    values = parse_numbers(text, TAKES_MAX, TAKES_MOST)
    if values is None or len(set(values)) != len(values):
        return None
    return tuple(sorted(values))


class SticksForm(SetupForm):
    """The Game of Sticks: only the heap is asked."""

    key = "sticks"
    label = "Game of Sticks"
    heading = f"Sticks ({STICKS_MIN}-{STICKS_MAX})"
    fields: ClassVar[tuple[FormField, ...]] = (STICKS_FIELD,)
    keeps_title = True

    def field_problems(self, values: Mapping[str, str]) -> list[Problem]:
        if self.sticks(values) is None:
            return [(STICKS_FIELD.id, STICKS_MESSAGE)]
        return []

    @staticmethod
    def sticks(values: Mapping[str, str]) -> int | None:
        return parse_number(STICKS_FIELD.text(values), STICKS_MIN, STICKS_MAX)

    def spec(self, values: Mapping[str, str]) -> tuple[str, int | None]:
        return "sticks", spec_heap(STICKS_FIELD.text(values), STICKS_MESSAGE)

    def values_of(self, rules: Rules) -> dict[str, str] | None:
        if not (isinstance(rules, TakeAway) and rules.is_game_of_sticks):
            return None
        return {STICKS_FIELD.id: str(rules.sticks)}


class TakeAwayForm(SticksForm):
    """Any take-away game: the heap, the takes and the ending."""

    key = "takeaway"
    label = "Take-away"
    fields = (STICKS_FIELD, TAKES_FIELD, ENDING_FIELD)
    keeps_title = False

    def field_problems(self, values: Mapping[str, str]) -> list[Problem]:
        problems = super().field_problems(values)
        if parse_takes(TAKES_FIELD.text(values)) is None:
            problems.append((TAKES_FIELD.id, TAKES_MESSAGE))
        return problems

    def spec(self, values: Mapping[str, str]) -> tuple[str, int | None]:
        _word, sticks = super().spec(values)
        takes = spec_numbers(TAKES_FIELD.text(values))
        return f"takeaway:{takes}:{ENDING_FIELD.text(values)}", sticks

    def values_of(self, rules: Rules) -> dict[str, str] | None:
        if not isinstance(rules, TakeAway):
            return None
        return {
            STICKS_FIELD.id: str(rules.sticks),
            TAKES_FIELD.id: numbers_text(rules.takes),
            ENDING_FIELD.id: "misere" if rules.misere else "normal",
        }


class TakeAwayPresenter(Presenter):
    every_hat: ClassVar[bool] = True
    keeps_curve: ClassVar[bool] = True
    positions_label: ClassVar[str] = "Stick counts"
    auto_focus: ClassVar[str | None] = None  # the first take button

    def __init__(self, rules: Rules) -> None:
        super().__init__(rules)
        self.takes: tuple[int, ...] = rules.takes if isinstance(rules, TakeAway) else ()

    @classmethod
    def setup_forms(
        cls, family: GameFamily[Any], chosen: Rules | None
    ) -> tuple[SetupForm, ...]:
        return (SticksForm(), TakeAwayForm())

    def bindings(self) -> list[BindingType]:
        return [
            Binding(str(n), f"move_key({n})", f"Take {n}") for n in DIGIT_TAKES if n in self.takes
        ]

    def compose_position(self) -> ComposeResult:
        heap = StickArt(heap_of(self.rules.initial_position()), id="heap", classes="position")
        self._poster = heap
        yield heap

    def compose_input(self) -> ComposeResult:
        """A button per take: "Take 2", or, when those would not all fit beside the hats at
        80x24, the word "Take" once and a button per number."""
        if takes_fit(self.takes):
            for n in self.takes:
                yield MoveButton(f"Take {n}", n, id=f"take-{n}")
            return
        yield Label("Take", id="take-label")
        for n in self.takes:
            button = MoveButton(str(n), n, id=f"take-{n}")
            button.add_class("-number")
            yield button

    def redraw(self, view: BoardView) -> None:
        assert self._poster is not None
        screen = self._poster.screen
        for n in self.takes:
            screen.query_one(f"#take-{n}", MoveButton).disabled = not (
                view.human_turn and n in view.legal
            )
        heap = self._poster
        assert isinstance(heap, StickArt)
        heap.count = heap_of(view.position)

    def key_state(self, args: tuple[object, ...], view: BoardView) -> bool | None:
        """A take the heap allows now: shown (greyed while a machine moves); any other take is
        left out of the footer ("3 Take 3" is not offered with 2 sticks left)."""
        if args[0] not in view.legal:
            return False
        return True if view.human_turn else None

    def key(self, args: tuple[object, ...], view: BoardView) -> bool:
        take = args[0]
        if not view.human_turn or take not in view.legal:
            return False
        self.choose(take)
        return True

    def start_words(self) -> str:
        return f"{self.rules.initial_position()} sticks"

    def position_words(self, position: Hashable) -> str:
        return board_line(heap_of(position))  # the console's words

    def question(self, legal: tuple[Hashable, ...]) -> str:
        """"take 1-3 sticks", "take 2, 3 or 5 sticks", "take 1 stick": the takes allowed now,
        short enough to stay on one line beside the hats at 80x24 (a long list has commas
        only: "take 2, 4, 6, 8, 10, 12")."""
        return f"take {takes_words(tuple(sorted(map(heap_of, legal))))}"

    def move_words(self, name: str, human: bool, move: Hashable, placed: str) -> str:
        verb = "takes" if human else "selects"
        return f"{name} {verb} {move}"

    def where_words(self, position: Hashable) -> str:
        return f"{position} {'stick' if position == 1 else 'sticks'}"

    def hat_name(self, position: Hashable) -> str:
        return f"hat {position}"

    def takes_words(self, move: Hashable) -> str:
        return f"takes {move}"

    def hint_move(self, move: Hashable) -> str:
        return f"take {move}"

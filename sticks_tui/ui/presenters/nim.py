"""Nim: rows of sticks; a person chooses a pile (arrows or a click) and types how many to take
(or clicks the stick to take from), and the machines speak as CS50's Nim does."""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from random import Random
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType

from ...engine import Nim
from ...engine.game import Rules
from ...engine.games import GameFamily
from ...engine.games.nim import DEFAULT_PILES, nim_move, piles_of
from ..widgets.piles import NimPiles
from .base import BoardView, Presenter
from .forms import Problem, SetupForm, TextField, numbers_text, parse_numbers, spec_numbers

#: The piles the setup screen offers (rows of sticks that fit at 80x24).
PILE_MAX = 20
PILES_MOST = 8
PILES_MESSAGE = f"Piles: 1 to {PILES_MOST} numbers from 1 to {PILE_MAX}, e.g. 1,3,5,7"
PILES_FIELD = TextField("piles", numbers_text(DEFAULT_PILES), 40, width=30)
#: Nim's ending has no field (the form offers CS50's misère game) but is kept when given
#: (``--game nim:1,3,5:normal``): the spec's word, under this name.
ENDING_VALUE = "nim-ending"


def parse_piles(text: str) -> tuple[int, ...] | None:
    return parse_numbers(text, PILE_MAX, PILES_MOST)


class NimForm(SetupForm):
    key = "nim"
    label = "Nim"
    heading = "Piles"
    fields = (PILES_FIELD,)

    def field_problems(self, values: Mapping[str, str]) -> list[Problem]:
        if parse_piles(PILES_FIELD.text(values)) is None:
            return [(PILES_FIELD.id, PILES_MESSAGE)]
        return []

    def spec(self, values: Mapping[str, str]) -> tuple[str, int | None]:
        piles = spec_numbers(PILES_FIELD.text(values))
        return f"nim:{piles}:{values.get(ENDING_VALUE, 'misere')}", None

    def values_of(self, rules: Rules) -> dict[str, str] | None:
        if not isinstance(rules, Nim):
            return None
        ending = "misere" if rules.misere else "normal"
        return {PILES_FIELD.id: numbers_text(rules.piles), ENDING_VALUE: ending}


#: The least height of a position's box on the board (app.tcss: .position).
POSITION_MIN_HEIGHT = 9


class PilesInput(NimPiles):
    """The piles, and a click on a stick takes it and every stick to its right."""

    def __init__(self, presenter: NimPresenter, piles: tuple[int, ...]) -> None:
        super().__init__(piles, id="piles", classes="position")
        self.presenter = presenter
        # Every pile in view, even eight at 80x24: the box is as tall as the piles and its
        # border (app.tcss gives a position 9 rows at least).
        self.styles.min_height = max(POSITION_MIN_HEIGHT, len(piles) + 2)

    def on_nim_piles_chosen(self, event: NimPiles.Chosen) -> None:
        event.stop()
        self.presenter.clicked(event.pile, event.count)


class NimPresenter(Presenter):
    keeps_curve: ClassVar[bool] = True

    def __init__(self, rules: Rules) -> None:
        super().__init__(rules)
        #: The pile chosen and the count typed so far.
        self.pile: int | None = None
        self.typed = ""
        self._view: BoardView | None = None

    @classmethod
    def setup_forms(
        cls, family: GameFamily[Any], chosen: Rules | None
    ) -> tuple[SetupForm, ...]:
        return (NimForm(),)

    def bindings(self) -> list[BindingType]:
        counts: list[BindingType] = [
            Binding(str(d), f"move_key('count', {d})", "Count", key_display="0-9", show=d == 0)
            for d in range(10)
        ]
        return counts + [
            Binding("up", "move_key('pile', -1)", "Pile", key_display="↑↓"),
            Binding("down", "move_key('pile', 1)", "Pile", show=False),
            Binding("enter", "move_key('confirm')", "Take", show=False),
            Binding("backspace", "move_key('clear')", "Clear", show=False),
        ]

    def compose_position(self) -> ComposeResult:
        piles = PilesInput(self, piles_of(self.rules.initial_position()))
        self._poster = piles
        yield piles

    def new_game(self, rng: Random) -> None:
        self.pile, self.typed = None, ""

    def human_turn(self) -> None:
        piles = piles_of(self._view.position) if self._view is not None else ()
        if piles and (self.pile is None or not piles[self.pile]):
            self.pile = next(i for i, size in enumerate(piles) if size)

    def played(self, position: Hashable) -> None:
        self.typed = ""

    def taken_back(self, position: Hashable) -> None:
        self.typed = ""

    def redraw(self, view: BoardView) -> None:
        self._view = view
        pile, taking = self._preview(view)
        assert isinstance(self._poster, NimPiles)
        self._poster.show(piles_of(view.position), pile, taking)

    def _preview(self, view: BoardView) -> tuple[int | None, int]:
        """The pile marked and how many sticks would go: the person's choice, or the ball the
        AI just drew."""
        if view.drawn is not None:
            pile, count = nim_move(view.drawn)
            return pile, count
        if view.human_turn:
            return self.pile, int(self.typed) if self.typed else 0
        return None, 0

    def clicked(self, pile: int, count: int) -> None:
        if self._view is not None and self._view.human_turn:
            self.pile = pile
            self.choose((pile, count))

    # -- keys -------------------------------------------------------------------------------------
    def key(self, args: tuple[object, ...], view: BoardView) -> bool:
        what = args[0]
        if what == "pile":
            delta = args[1]
            assert isinstance(delta, int)
            self._next_pile(delta, view)
            return True
        if what == "count":
            digit = args[1]
            assert isinstance(digit, int)
            return self._count(digit, view)
        if what == "confirm":
            if view.human_turn and self.typed and self.pile is not None:
                self.choose((self.pile, int(self.typed)))
            return True
        self.typed = ""
        return True

    def _next_pile(self, delta: int, view: BoardView) -> None:
        """Choose the next non-empty pile up or down; the count typed so far is cleared."""
        filled = [i for i, size in enumerate(piles_of(view.position)) if size]
        if not filled or not view.human_turn:
            return
        if self.pile not in filled:
            self.pile = filled[0] if delta > 0 else filled[-1]
        else:
            self.pile = filled[(filled.index(self.pile) + delta) % len(filled)]
        self.typed = ""

    def _count(self, digit: int, view: BoardView) -> bool:
        """Type the count: it is taken as soon as no longer count could start with it (so
        one key does it for piles up to 9); otherwise Enter takes it."""
        if not view.human_turn:
            return False
        piles = piles_of(view.position)
        if self.pile is None or not piles[self.pile]:
            self.pile = next(i for i, size in enumerate(piles) if size)
        size = piles[self.pile]
        typed = self.typed + str(digit)
        value = int(typed)
        if value == 0 or value > size:
            self.typed = ""
            return False
        if value * 10 > size:
            self.choose((self.pile, value))
            return True
        self.typed = typed
        return True

    # -- words ------------------------------------------------------------------------------------
    def start_words(self) -> str:
        return "piles " + self.rules.position_key(self.rules.initial_position())

    def game_words(self) -> str:
        return f"{self.rules.name}."  # Nim's name already lists its piles

    def position_words(self, position: Hashable) -> str:
        return "Piles: " + ", ".join(map(str, piles_of(position)))

    def question(self, legal: tuple[Hashable, ...]) -> str:
        return "choose a pile (up/down or click) and type how many to take"

    def move_words(self, name: str, human: bool, move: Hashable, placed: str) -> str:
        pile, count = nim_move(move)
        if human:
            return f"{name} takes {count} from pile {pile}"
        return f"{name} chose to take {count} from pile {pile}."  # CS50's words

    def ball_words(self, move: Hashable) -> str:
        pile, count = nim_move(move)
        return f"{count} from pile {pile}"

    def where_words(self, position: Hashable) -> str:
        return "piles " + ", ".join(map(str, piles_of(position)))

    def drew_words(self, move: Hashable) -> str:
        return f"“{self.ball_words(move)}”"

    def takes_words(self, move: Hashable) -> str:
        pile, count = nim_move(move)
        return f"takes {count} from pile {pile}"

    def prompt(self, name: str, view: BoardView) -> str | None:
        if not view.human_turn or self.pile is None:
            return None
        size = piles_of(view.position)[self.pile]
        typed = self.typed or "_"
        return f"{name}: take {typed} of {size} from pile {self.pile}"  # one line at 80x24

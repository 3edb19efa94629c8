"""Take-away games (the Game of Sticks among them): a heap of sticks that shrinks, a button and
a digit key per allowed take, and every hat in one chart (a position is a heap)."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType

from ...engine import TakeAway
from ...engine.game import AnyRuleSet, Move, Position
from ...text.words import board_line
from ..widgets.sticks import StickArt
from .base import BoardView, MoveButton, Presenter, SetupFields

#: Digits take that many sticks (takes above 9 have buttons only).
DIGIT_TAKES = range(1, 10)


class TakeAwayPresenter(Presenter):
    every_hat: ClassVar[bool] = True
    keeps_curve: ClassVar[bool] = True
    positions_label: ClassVar[str] = "Stick counts"
    auto_focus: ClassVar[str | None] = None  # the first take button

    def __init__(self, rules: AnyRuleSet) -> None:
        super().__init__(rules)
        self.takes: tuple[int, ...] = rules.takes if isinstance(rules, TakeAway) else ()

    @classmethod
    def setup_fields(cls, rules: AnyRuleSet) -> SetupFields | None:
        if not isinstance(rules, TakeAway):
            return None
        fields: dict[str, object] = {
            "sticks": rules.sticks, "takes": rules.takes, "misere": rules.misere,
        }
        return SetupFields("sticks" if rules.is_game_of_sticks else "takeaway", fields)

    def bindings(self) -> list[BindingType]:
        return [
            Binding(str(n), f"move_key({n})", f"Take {n}") for n in DIGIT_TAKES if n in self.takes
        ]

    def compose_position(self) -> ComposeResult:
        heap = StickArt(self.rules.initial_position(), id="heap", classes="position")
        self._poster = heap
        yield heap

    def compose_input(self) -> ComposeResult:
        for n in self.takes:
            yield MoveButton(f"Take {n}", n, id=f"take-{n}")

    def redraw(self, view: BoardView) -> None:
        assert self._poster is not None
        screen = self._poster.screen
        for n in self.takes:
            screen.query_one(f"#take-{n}", MoveButton).disabled = not (
                view.human_turn and n in view.legal
            )
        heap = self._poster
        assert isinstance(heap, StickArt)
        heap.count = view.position

    def key_state(self, args: tuple[object, ...], view: BoardView) -> bool | None:
        return True if view.human_turn and args[0] in view.legal else None

    def key(self, args: tuple[object, ...], view: BoardView) -> bool:
        take = args[0]
        if not view.human_turn or take not in view.legal:
            return False
        self.choose(take)
        return True

    def start_words(self) -> str:
        return f"{self.rules.initial_position()} sticks"

    def position_words(self, position: Position) -> str:
        return board_line(position)  # the console's words

    def question(self, legal: tuple[Move, ...]) -> str:
        takes = sorted(legal)
        if takes == list(range(1, len(takes) + 1)):
            return f"How many sticks do you take (1-{takes[-1]})?"
        return f"How many sticks do you take ({', '.join(map(str, takes))})?"

    def move_words(self, name: str, human: bool, move: Move, placed: str) -> str:
        verb = "takes" if human else "selects"
        return f"{name} {verb} {move}"

    def ball_words(self, move: Move) -> str:
        return str(move)

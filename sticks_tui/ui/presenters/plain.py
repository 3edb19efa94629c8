"""Any registered game without a presenter of its own: the position in words, the legal moves
as numbered buttons, and the number keys (a number above 9 is typed digit by digit, then
Enter). The words are the registry's (:mod:`sticks_tui.text.moves`), which every game has."""

from __future__ import annotations

from collections.abc import Hashable

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.widgets import Static

from ...engine.game import Rules
from ...text import moves
from .base import BoardView, MoveButton, Presenter, numbered

#: Buttons shown for the legal moves (the rest are chosen by number).
BUTTONS_MOST = 9
#: The footer's one word for the digits.
MOVE_KEYS = Binding.Group("Move")


class PlainPresenter(Presenter):
    def __init__(self, rules: Rules) -> None:
        super().__init__(rules)
        self.typed = ""
        self._legal: tuple[Hashable, ...] = ()

    def bindings(self) -> list[BindingType]:
        """The digits, shown in the footer together ("1 2 3 Move"): only those that pick a
        legal move now, or go on typing the number of one (:meth:`key_state`)."""
        digits: list[BindingType] = [
            Binding(str(d), f"move_key('digit', {d})", "Move", group=MOVE_KEYS)
            for d in range(10)
        ]
        return digits + [
            Binding("enter", "move_key('confirm')", "Move", show=False),
            Binding("backspace", "move_key('clear')", "Clear", show=False),
        ]

    def compose_position(self) -> ComposeResult:
        text = Static(id="position-text", classes="position")
        self._poster = text
        yield text

    def compose_input(self) -> ComposeResult:
        yield Horizontal(id="move-buttons")

    def played(self, position: Hashable) -> None:
        self.typed = ""

    def taken_back(self, position: Hashable) -> None:
        self.typed = ""

    def redraw(self, view: BoardView) -> None:
        assert isinstance(self._poster, Static)
        shown = moves.position_words(self.rules, view.position)
        listed = "  ".join(
            f"{n}: {moves.move_words(self.rules, move)}" for n, move in numbered(view.legal)
        )
        typed = f"\n\nnumber typed: {self.typed}" if self.typed else ""
        self._poster.update(f"{shown}\n\n{listed}{typed}" if view.human_turn else shown)
        if view.legal != self._legal or not view.human_turn:
            self._legal = view.legal if view.human_turn else ()
            self._buttons()

    def _buttons(self) -> None:
        """A button per legal move (the first few), rebuilt when the legal moves change."""
        assert self._poster is not None
        row = self._poster.screen.query_one("#move-buttons", Horizontal)
        row.remove_children()
        row.mount_all(
            MoveButton(f"{n} {moves.move_words(self.rules, move)}", move)
            for n, move in numbered(self._legal[:BUTTONS_MOST])
        )

    def key_state(self, args: tuple[object, ...], view: BoardView) -> bool | None:
        """A digit that starts or goes on with the number of a legal move (shown; greyed while
        a machine moves); the others are left out of the footer."""
        if args[0] != "digit":
            return True if view.human_turn else None
        value = int(self.typed + str(args[1]))
        if not 1 <= value <= len(view.legal):
            return False
        return True if view.human_turn else None

    def key(self, args: tuple[object, ...], view: BoardView) -> bool:
        typed = self.typed
        try:
            return self._key(args, view)
        finally:
            if self.typed != typed and self._poster is not None:
                self._poster.screen.refresh_bindings()  # the digits that go on now

    def _key(self, args: tuple[object, ...], view: BoardView) -> bool:
        what = args[0]
        if what == "clear":
            self.typed = ""
            return True
        if what == "confirm":
            if self.typed:
                return self._number(int(self.typed), view)
            return True
        digit = args[1]
        assert isinstance(digit, int)
        typed = self.typed + str(digit)
        value = int(typed)
        if value == 0 or value > len(view.legal):
            self.typed = ""
            return False
        if value * 10 > len(view.legal):
            return self._number(value, view)
        self.typed = typed
        return True

    def _number(self, value: int, view: BoardView) -> bool:
        """Choose the legal move numbered ``value``."""
        self.typed = ""
        if not view.human_turn or not 1 <= value <= len(view.legal):
            return False
        self.choose(view.legal[value - 1])
        return True

    def question(self, legal: tuple[Hashable, ...]) -> str:
        return f"choose a move: its button or its number (1-{len(legal)})"

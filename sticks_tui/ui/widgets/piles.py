"""Nim's piles, one row each: the pile number, its sticks in groups of five, and its size.

The pile chosen for the next move is marked, and the sticks a typed count would take are
shown in another colour before the move is made. A click on a stick takes it and every stick
to its right in that pile (the widget says so with a :class:`NimPiles.Chosen` message).
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget

from .sticks import GROUP, HEAD_STYLE, STICK_STYLE

STICK = "┃"
TAKING_STYLE = "bold #ff5f5f"
CHOSEN_STYLE = "reverse bold"
#: Columns before the first stick: marker, pile number, a space.
PREFIX = 5


def stick_column(index: int) -> int:
    """The column of stick ``index`` (from 0) after the prefix, with a gap every five."""
    return index + index // GROUP


def stick_at(column: int) -> int | None:
    """The stick drawn at ``column`` (after the prefix), or None on a gap."""
    if column < 0 or column % (GROUP + 1) == GROUP:
        return None
    return column - column // (GROUP + 1)


class NimPiles(Widget):
    """The piles on the board; call :meth:`show` to redraw."""

    @dataclass
    class Chosen(Message):
        """A click on a stick: take ``count`` from ``pile``."""

        pile: int
        count: int

    def __init__(
        self,
        piles: tuple[int, ...],
        *,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.piles = piles
        self.chosen: int | None = None
        self.taking = 0

    def show(self, piles: tuple[int, ...], chosen: int | None, taking: int = 0) -> None:
        self.piles, self.chosen, self.taking = piles, chosen, taking
        self.refresh()

    def _gap(self) -> int:
        """Blank lines between rows: one when the height allows it."""
        return 1 if 2 * len(self.piles) - 1 <= self.content_size.height else 0

    def render(self) -> Text:
        text = Text(no_wrap=True, overflow="crop")
        gap = self._gap()
        for pile, size in enumerate(self.piles):
            if pile:
                text.append("\n" * (1 + gap))
            chosen = pile == self.chosen
            text.append("▶ " if chosen else "  ", style=HEAD_STYLE)
            text.append(f"{pile:>2}", style=CHOSEN_STYLE if chosen else "dim")
            text.append(" ")
            kept = size - (self.taking if chosen else 0)
            for i in range(size):
                if i and i % GROUP == 0:
                    text.append(" ")
                text.append(STICK, style=STICK_STYLE if i < kept else TAKING_STYLE)
            text.append(f"  {size}" if size else "  (empty)", style="dim")
        return text

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        gap = self._gap()
        row, rest = divmod(offset.y, 1 + gap)
        if rest or not 0 <= row < len(self.piles):
            return
        index = stick_at(offset.x - PREFIX)
        size = self.piles[row]
        if index is None or index >= size:
            return
        self.post_message(self.Chosen(row, size - index))

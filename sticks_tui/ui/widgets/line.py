"""Sticky-Nim's line: the sticks in a row with a letter under each, as in seed 004.

A stick still on the table is drawn tall; a taken one leaves a ``-`` on the ground line. When
the line does not fit the width it continues on the next rows, each with its letters. Sticks
marked for a move (the first letter typed, a click, the AI's choice) are shown in another
colour. A click on a stick says so with :class:`StickyLineView.Clicked`.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget

from ...engine import StickyLine
from .sticks import HEAD, HEAD_STYLE, STICK, STICK_STYLE

MARKED_STYLE = "bold #ff5f5f"
#: A stick is one column and a space; the tallest sticks are this many cells.
MAX_HEIGHT = 3


def line_layout(sticks: int, width: int, height: int) -> tuple[int, int, int]:
    """(sticks per row, rows, stick height) for a line of ``sticks`` in ``width`` x ``height``.

    Each row is the sticks, then the letters, then a blank line when it fits.
    """
    per_row = max(1, (width + 1) // 2)
    rows = max(1, -(-sticks // per_row))
    stick_height = max(1, min(MAX_HEIGHT, (height - 2 * rows + 1) // rows))
    return per_row, rows, stick_height


class StickyLineView(Widget):
    """The line on the board; call :meth:`show` to redraw."""

    @dataclass
    class Clicked(Message):
        """A click on stick ``index`` (from 0, the letter ``LETTERS[index]``)."""

        index: int

    def __init__(self, line: StickyLine, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.line = line
        self.marked: tuple[int, int] | None = None

    def show(self, line: StickyLine, marked: tuple[int, int] | None = None) -> None:
        self.line, self.marked = line, marked
        self.refresh()

    def _is_marked(self, index: int) -> bool:
        return self.marked is not None and self.marked[0] <= index <= self.marked[1]

    def render(self) -> Text:
        present = self.line.present
        letters = self.line.letters
        size = self.content_size
        per_row, rows, stick_height = line_layout(len(present), size.width, size.height)
        text = Text(no_wrap=True, overflow="crop")
        for row in range(rows):
            indices = range(row * per_row, min(len(present), (row + 1) * per_row))
            if row:
                text.append("\n")
            for level in range(stick_height):
                for i in indices:
                    if not present[i]:
                        cell, style = ("-", "dim") if level == stick_height - 1 else (" ", "")
                    elif level == 0 and stick_height > 1:
                        cell, style = HEAD, MARKED_STYLE if self._is_marked(i) else HEAD_STYLE
                    else:
                        cell, style = STICK, MARKED_STYLE if self._is_marked(i) else STICK_STYLE
                    text.append(cell + " ", style=style)
                text.append("\n")
            for i in indices:
                style = "reverse bold" if self._is_marked(i) else ("" if present[i] else "dim")
                text.append(letters[i], style=style)
                text.append(" ")
            if row < rows - 1 and 2 * rows - 1 + rows * stick_height <= size.height:
                text.append("\n")
        return text

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None or offset.x % 2:
            return
        size = self.content_size
        per_row, rows, stick_height = line_layout(len(self.line.present), size.width, size.height)
        gap = 1 if 2 * rows - 1 + rows * stick_height <= size.height else 0
        row, within = divmod(offset.y, stick_height + 1 + gap)
        if within > stick_height:  # the blank line between rows
            return
        index = row * per_row + offset.x // 2
        if 0 <= index < len(self.line.present) and offset.x // 2 < per_row:
            self.post_message(self.Clicked(index))

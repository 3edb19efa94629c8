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


@dataclass(frozen=True)
class LineLayout:
    """How the line is laid out: columns per stick (2 with a space, 1 when space is short),
    sticks per row, rows, the height of a stick, and blank lines between rows (0 or 1)."""

    step: int
    per_row: int
    rows: int
    stick_height: int
    gap: int


def line_layout(sticks: int, width: int, height: int) -> LineLayout:
    """The roomiest layout of ``sticks`` that fits ``width`` x ``height``.

    Each row is the sticks, then their letters; sticks lose their spaces only when the rows
    would not otherwise fit in the height.
    """
    for step in (2, 1):
        per_row = max(1, (width + step - 1) // step)
        rows = max(1, -(-sticks // per_row))
        if 2 * rows <= height or step == 1:
            break
    gap = 1 if 3 * rows - 1 <= height else 0
    stick_height = max(1, min(MAX_HEIGHT, (height - rows - gap * (rows - 1)) // rows))
    return LineLayout(step, per_row, rows, stick_height, gap)


class StickyLineView(Widget):
    """The line on the board; call :meth:`show` to redraw."""

    @dataclass
    class Clicked(Message):
        """A click on stick ``index`` (from 0, the letter ``LETTERS[index]``)."""

        index: int

    def __init__(
        self,
        line: StickyLine,
        *,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
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
        layout = line_layout(len(present), size.width, size.height)
        space = " " * (layout.step - 1)
        text = Text(no_wrap=True, overflow="crop")
        for row in range(layout.rows):
            indices = range(row * layout.per_row, min(len(present), (row + 1) * layout.per_row))
            if row:
                text.append("\n" * (1 + layout.gap))
            for level in range(layout.stick_height):
                for i in indices:
                    text.append_text(self._cell(i, level, layout.stick_height))
                    text.append(space)
                text.append("\n")
            for i in indices:
                style = "reverse bold" if self._is_marked(i) else ("" if present[i] else "dim")
                text.append(letters[i], style=style)
                text.append(space)
        return text

    def _cell(self, index: int, level: int, stick_height: int) -> Text:
        """One cell of stick ``index``: a head on top of a tall stick, a ``-`` where it was."""
        if not self.line.present[index]:
            return Text("-", style="dim") if level == stick_height - 1 else Text(" ")
        style = MARKED_STYLE if self._is_marked(index) else None
        if level == 0 and stick_height > 1:
            return Text(HEAD, style=style or HEAD_STYLE)
        return Text(STICK, style=style or STICK_STYLE)

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        size = self.content_size
        layout = line_layout(len(self.line.present), size.width, size.height)
        if offset.x % layout.step:
            return  # the space between two sticks
        row, within = divmod(offset.y, layout.stick_height + 1 + layout.gap)
        column = offset.x // layout.step
        if within > layout.stick_height or column >= layout.per_row:
            return  # the blank line between rows
        index = row * layout.per_row + column
        if 0 <= index < len(self.line.present):
            self.post_message(self.Clicked(index))

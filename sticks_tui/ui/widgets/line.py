"""Sticky-Nim's line: the sticks in a row with a letter under each, as in seed 004.

A stick still on the table is drawn tall; a taken one leaves a ``-`` on the ground line. When
the line does not fit the width it continues on the next rows, each with its letters, and a row
ends where a stick was taken wherever it can (see :func:`line_layout`). Sticks
marked for a move (the first letter typed, a click, the AI's choice) are shown in another
colour. A click on a stick says so with :class:`StickyLineView.Clicked`.
"""

from __future__ import annotations

from collections.abc import Sequence
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
#: Drawn after the last letter of a row whose group goes on in the next row.
GOES_ON = "→"


@dataclass(frozen=True)
class LineLayout:
    """How the line is laid out: columns per stick (2 with a space, 1 without), the sticks of
    each row as ``(first, end)`` (end excluded), the height of a stick, and blank lines between
    rows (0 or 1)."""

    step: int
    rows: tuple[tuple[int, int], ...]
    stick_height: int
    gap: int

    def stick_at(self, row: int, column: int) -> int | None:
        """The stick drawn in ``column`` of ``row`` (from 0), if any."""
        if not 0 <= row < len(self.rows) or column % self.step:
            return None
        first, end = self.rows[row]
        index = first + column // self.step
        return index if index < end else None


def line_layout(present: Sequence[bool], width: int, height: int) -> LineLayout:
    """The roomiest layout of the line ``present`` that fits ``width`` x ``height``.

    The line stays on one row whenever it fits: with a space after each stick, else without.
    A longer line is laid out without spaces, in rows that end where a stick was taken, so two
    sticks next to each other are not drawn apart (a person could not tell they may be taken
    together); only a group longer than a row is cut, and then its row ends with an arrow.
    """
    sticks = len(present)
    if 2 * sticks - 1 <= width:
        rows: tuple[tuple[int, int], ...] = ((0, sticks),)
        step = 2
    else:
        step = 1
        rows = ((0, sticks),) if sticks <= width else _rows(present, max(1, width - 1))
    count = len(rows)
    gap = 1 if 3 * count - 1 <= height else 0
    stick_height = max(1, min(MAX_HEIGHT, (height - count - gap * (count - 1)) // count))
    return LineLayout(step, rows, stick_height, gap)


def _rows(present: Sequence[bool], per_row: int) -> tuple[tuple[int, int], ...]:
    """Rows of at most ``per_row`` sticks, each as long as it can be without ending between
    two sticks still on the table (unless one group fills the whole row)."""
    sticks = len(present)
    rows: list[tuple[int, int]] = []
    first = 0
    while first < sticks:
        end = min(sticks, first + per_row)
        apart = next(
            (cut for cut in range(end, first, -1) if not goes_on(present, cut)), end
        )
        rows.append((first, apart))
        first = apart
    return tuple(rows)


def goes_on(present: Sequence[bool], cut: int) -> bool:
    """Whether a row ending before stick ``cut`` would part two sticks of one group."""
    return 0 < cut < len(present) and present[cut - 1] and present[cut]


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
        layout = line_layout(present, size.width, size.height)
        space = " " * (layout.step - 1)
        text = Text(no_wrap=True, overflow="crop")
        for row, (first, end) in enumerate(layout.rows):
            if row:
                text.append("\n" * (1 + layout.gap))
            for level in range(layout.stick_height):
                for i in range(first, end):
                    text.append_text(self._cell(i, level, layout.stick_height))
                    text.append(space)
                text.append("\n")
            for i in range(first, end):
                style = "reverse bold" if self._is_marked(i) else ("" if present[i] else "dim")
                text.append(letters[i], style=style)
                text.append(space)
            if goes_on(present, end):
                text.append(GOES_ON, style="dim")
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
        layout = line_layout(self.line.present, size.width, size.height)
        row, within = divmod(offset.y, layout.stick_height + 1 + layout.gap)
        if within > layout.stick_height:
            return  # the blank line between rows
        index = layout.stick_at(row, offset.x)
        if index is not None:
            self.post_message(self.Clicked(index))

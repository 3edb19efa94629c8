"""Sticky-Nim's line: the sticks in a row with a letter under each, as in seed 004.

A stick still on the table is drawn tall; a taken one leaves a ``-`` on the ground line. When
the line does not fit the width it continues on the next rows, each with its letters, and a row
ends where a stick was taken wherever it can (see :func:`line_layout`). Sticks
marked for a move (the first letter typed, a click, the AI's choice) are shown in another
colour. Where a split without taking parted two sticks, a wall stands between them (``╎``, and
``|`` between their letters, as it is typed). A click on a stick, or between two, says so with
:class:`StickyLineView.Clicked`.
"""

from __future__ import annotations

from collections.abc import Sequence, Set
from dataclasses import dataclass
from typing import NamedTuple

from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget

from ...engine import StickyLine
from ...engine.games.sticky_line import CUT, Span, is_cut
from .sticks import HEAD, HEAD_STYLE, STICK, STICK_STYLE

MARKED_STYLE = "bold #ff5f5f"
#: A stick is one column and a space; the tallest sticks are this many cells.
MAX_HEIGHT = 3
#: Drawn after the last letter of a row whose group goes on in the next row.
GOES_ON = "→"
#: Drawn between two sticks a split without taking parted (the letters' row shows :data:`CUT`).
CUT_WALL = "╎"


class Column(NamedTuple):
    """What one column of a row shows: stick ``stick``, or (``gap``) the room just before it,
    where a cut between it and the stick before is drawn."""

    stick: int
    gap: bool = False


@dataclass(frozen=True)
class LineLayout:
    """How the line is laid out: columns per stick (2 with a space, 1 without), the sticks of
    each row as ``(first, end)`` (end excluded), the height of a stick, blank lines between
    rows (0 or 1), and the cuts drawn (sticks that a split without taking parts from the one
    before: each has a column of its own when the sticks have no space between them)."""

    step: int
    rows: tuple[tuple[int, int], ...]
    stick_height: int
    gap: int
    cuts: frozenset[int] = frozenset()

    def columns(self, row: int) -> tuple[Column, ...]:
        """Every column of ``row``, left to right (a cut that ends the row comes last)."""
        first, end = self.rows[row]
        shown: list[Column] = []
        for index in range(first, end):
            if index > first and (self.step == 2 or index in self.cuts):
                shown.append(Column(index, gap=True))
            shown.append(Column(index))
        if end in self.cuts:
            shown.append(Column(end, gap=True))
        return tuple(shown)

    def column_at(self, row: int, column: int) -> Column | None:
        """What ``column`` of ``row`` (from 0) shows, if anything."""
        if not 0 <= row < len(self.rows):
            return None
        shown = self.columns(row)
        return shown[column] if 0 <= column < len(shown) else None

    def stick_at(self, row: int, column: int) -> int | None:
        """The stick drawn in ``column`` of ``row`` (from 0), if any."""
        found = self.column_at(row, column)
        return None if found is None or found.gap else found.stick


def line_layout(
    present: Sequence[bool], width: int, height: int, cuts: Set[int] = frozenset()
) -> LineLayout:
    """The roomiest layout of the line ``present`` that fits ``width`` x ``height``, with a
    column for each of ``cuts`` where the sticks have no space between them.

    The line stays on one row whenever it fits: with a space after each stick, else without.
    A longer line is laid out without spaces, in rows that end where a stick was taken (or a
    group was cut), so two sticks next to each other are not drawn apart (a person could not
    tell they may be taken together); only a group longer than a row is cut, and then its row
    ends with an arrow.
    """
    sticks = len(present)
    cut = frozenset(index for index in cuts if 0 < index < sticks)
    if 2 * sticks - 1 <= width:
        rows: tuple[tuple[int, int], ...] = ((0, sticks),)
        step = 2
    else:
        step = 1
        rows = (
            ((0, sticks),) if sticks + len(cut) <= width
            else _rows(present, max(1, width - 1), cut)
        )
    count = len(rows)
    gap = 1 if 3 * count - 1 <= height else 0
    stick_height = max(1, min(MAX_HEIGHT, (height - count - gap * (count - 1)) // count))
    return LineLayout(step, rows, stick_height, gap, cut)


def _rows(
    present: Sequence[bool], per_row: int, cuts: frozenset[int]
) -> tuple[tuple[int, int], ...]:
    """Rows of at most ``per_row`` columns (a stick, or a cut inside the row), each as long as
    it can be without ending between two sticks still on the table (unless one group fills the
    whole row)."""
    sticks = len(present)
    rows: list[tuple[int, int]] = []
    first = 0
    while first < sticks:
        end, room = first, per_row
        while end < sticks and room > 0:
            room -= 1 + (end > first and end in cuts)
            if room >= 0:
                end += 1
        end = max(end, first + 1)
        apart = next(
            (cut for cut in range(end, first, -1) if not goes_on(present, cut, cuts)), end
        )
        rows.append((first, apart))
        first = apart
    return tuple(rows)


def goes_on(present: Sequence[bool], cut: int, cuts: Set[int] = frozenset()) -> bool:
    """Whether a row ending before stick ``cut`` would part two sticks of one group."""
    return 0 < cut < len(present) and present[cut - 1] and present[cut] and cut not in cuts


class StickyLineView(Widget):
    """The line on the board; call :meth:`show` to redraw."""

    @dataclass
    class Clicked(Message):
        """A click on stick ``index`` (from 0, the letter ``LETTERS[index]``), or (``between``)
        on the room between it and the stick before."""

        index: int
        between: bool = False

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
        self.marked: Span | None = None

    def show(self, line: StickyLine, marked: Span | None = None) -> None:
        self.line, self.marked = line, marked
        self.refresh()

    def _is_marked(self, index: int) -> bool:
        return self.marked is not None and self.marked[0] <= index <= self.marked[1]

    def _cut_marked(self, index: int) -> bool:
        return self.marked is not None and is_cut(self.marked) and self.marked[0] == index

    def _layout(self) -> LineLayout:
        line, size = self.line, self.content_size
        cuts = {index for index in line.cuts if line.apart(index)}
        if self.marked is not None and is_cut(self.marked):
            cuts.add(self.marked[0])
        return line_layout(line.present, size.width, size.height, cuts)

    def render(self) -> Text:
        present = self.line.present
        letters = self.line.letters
        layout = self._layout()
        text = Text(no_wrap=True, overflow="crop")
        after = " " * (layout.step - 1)  # the space after the last stick, as after every other
        for row, (_first, end) in enumerate(layout.rows):
            if row:
                text.append("\n" * (1 + layout.gap))
            columns = layout.columns(row)
            for level in range(layout.stick_height):
                for column in columns:
                    if column.gap:
                        text.append_text(self._between(column.stick, CUT_WALL))
                    else:
                        text.append_text(self._cell(column.stick, level, layout.stick_height))
                text.append(after + "\n")
            for column in columns:
                if column.gap:
                    text.append_text(self._between(column.stick, CUT))
                    continue
                i = column.stick
                style = "reverse bold" if self._is_marked(i) else ("" if present[i] else "dim")
                text.append(letters[i], style=style)
            text.append(after)
            if goes_on(present, end, layout.cuts):
                text.append(GOES_ON, style="dim")
        return text

    def _between(self, index: int, mark: str) -> Text:
        """The room before stick ``index``: ``mark`` where a cut parts it from the one before
        (in the marked colour while a move proposes it), else a space."""
        if self._cut_marked(index):
            return Text(mark, style=MARKED_STYLE)
        return Text(mark, style="dim") if self.line.apart(index) else Text(" ")

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
        layout = self._layout()
        row, within = divmod(offset.y, layout.stick_height + 1 + layout.gap)
        if within > layout.stick_height:
            return  # the blank line between rows
        column = layout.column_at(row, offset.x)
        if column is not None:
            self.post_message(self.Clicked(column.stick, column.gap))

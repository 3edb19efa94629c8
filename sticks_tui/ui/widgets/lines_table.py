"""A table laid out before it is shown, drawn a line at a time: thousands of rows cost the
event loop no more than twenty.

Textual's ``DataTable`` measures every cell on the event loop as its rows are added and walks
every row to find the one on a screen line; the analysis of a big brain (2,000 positions, seven
columns) held the keys for seconds that way. Here :func:`lay_out` does all the measuring once,
wherever the rows are made (the analysis does it in its thread), and :class:`LinesTable` only
draws the lines on screen (Textual's line API: ``render_line``), with a header that stays put,
zebra stripes and a row cursor moved by the arrows, the page keys, Home, End and the mouse.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from io import StringIO

from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.geometry import Size
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

__all__ = ["READING_KEYS", "LinesTable", "TableLayout", "lay_out"]

#: The keys that move the cursor, and their actions (a screen showing the table may hand
#: them on while the focus is elsewhere).
READING_KEYS = {
    "up": "move(-1)", "down": "move(1)", "pageup": "page(-1)", "pagedown": "page(1)",
    "home": "go(0)", "end": "go(-1)",
}

#: Renders a cell's text to segments where no app runs (the thread that lays a table out); it
#: only reads styles, it never writes anywhere.
_CONSOLE = Console(file=StringIO(), width=1_000, color_system=None, legacy_windows=False)


@dataclass(frozen=True)
class TableLayout:
    """A table ready to draw: its header line, every line of every row, and each row's cells
    as plain words (for whoever reads the table rather than looks at it)."""

    header: tuple[Segment, ...]
    lines: tuple[tuple[Segment, ...], ...]
    starts: tuple[int, ...]
    """The first line of each row (ascending), so a screen line finds its row by bisection."""
    keys: tuple[str, ...]
    cells: tuple[tuple[str, ...], ...]
    width: int

    @property
    def row_count(self) -> int:
        return len(self.keys)

    def row_of_line(self, line: int) -> int:
        """The row that line ``line`` of the table (0: the first row's first) belongs to."""
        return bisect.bisect_right(self.starts, line) - 1

    def row_lines(self, row: int) -> range:
        """The lines of row ``row``."""
        end = self.starts[row + 1] if row + 1 < len(self.starts) else len(self.lines)
        return range(self.starts[row], end)


EMPTY = TableLayout(header=(), lines=(), starts=(), keys=(), cells=(), width=0)


def _segments(text: Text, width: int, padding: int) -> list[Segment]:
    """One line of a cell, padded to its column's ``width`` and ``padding`` spaces each side."""
    segments = [segment for segment in text.render(_CONSOLE) if segment.text]
    room = width - text.cell_len
    return [
        Segment(" " * padding),
        *segments,
        Segment(" " * (room + padding)),
    ]


def lay_out(
    labels: Sequence[Text],
    rows: Sequence[tuple[Sequence[Text], str]],
    padding: int = 1,
    each: Callable[[], object] | None = None,
) -> TableLayout:
    """Lay out a table: its column ``labels``, its ``rows`` (each its cells, a cell of several
    lines where its text has line breaks, and its key), ``padding`` spaces on each side of a
    cell. Pure work on text: safe in a thread, which ``each``, called after each row, may let
    others run or stop by raising."""
    split_rows = [[cell.split("\n", allow_blank=True) for cell in cells] for cells, _key in rows]
    widths = [label.cell_len for label in labels]
    for split_cells in split_rows:
        for column, cell_lines in enumerate(split_cells):
            widths[column] = max(widths[column], *(line.cell_len for line in cell_lines))
    header = tuple(
        segment
        for label, width in zip(labels, widths)
        for segment in _segments(label, width, padding)
    )
    lines: list[tuple[Segment, ...]] = []
    starts: list[int] = []
    for split_cells in split_rows:
        starts.append(len(lines))
        height = max((len(cell) for cell in split_cells), default=1)
        for index in range(height):
            line: list[Segment] = []
            for cell, width in zip(split_cells, widths):
                part = cell[index] if index < len(cell) else Text("")
                line.extend(_segments(part, width, padding))
            lines.append(tuple(line))
        if each is not None:
            each()
    return TableLayout(
        header=header,
        lines=tuple(lines),
        starts=tuple(starts),
        keys=tuple(key for _cells, key in rows),
        cells=tuple(tuple(cell.plain for cell in cells) for cells, _key in rows),
        width=sum(widths) + 2 * padding * len(widths),
    )


class LinesTable(ScrollView, can_focus=True):
    """A read-only table of :class:`TableLayout`, drawn only where it shows."""

    DEFAULT_CSS = """
    LinesTable {
        background: $surface;
        color: $foreground;
        & > .lines-table--header {
            text-style: bold;
            background: $panel;
            color: $foreground;
        }
        & > .lines-table--even-row {
            background: $surface-lighten-1 50%;
        }
        &:dark > .lines-table--even-row {
            background: $surface-darken-1 40%;
        }
        & > .lines-table--cursor {
            background: $block-cursor-blurred-background;
            color: $block-cursor-blurred-foreground;
            text-style: $block-cursor-blurred-text-style;
        }
        &:focus {
            background-tint: $foreground 5%;
            & > .lines-table--header {
                background-tint: $foreground 5%;
            }
            & > .lines-table--cursor {
                background: $block-cursor-background;
                color: $block-cursor-foreground;
                text-style: $block-cursor-text-style;
            }
        }
    }
    """
    COMPONENT_CLASSES = {
        "lines-table--header",
        "lines-table--even-row",
        "lines-table--cursor",
    }
    BINDINGS = [Binding(key, action, show=False) for key, action in READING_KEYS.items()]

    cursor_row: reactive[int] = reactive(0, always_update=True)

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.layout_shown = EMPTY

    # -- what is shown ---------------------------------------------------------------------------
    def show(self, layout: TableLayout) -> None:
        """Show ``layout`` from its first row."""
        self.layout_shown = layout
        self.virtual_size = Size(layout.width, len(layout.lines) + 1)  # + the header
        self.cursor_row = 0
        self.scroll_home(animate=False)
        self.refresh()

    @property
    def row_count(self) -> int:
        return self.layout_shown.row_count

    @property
    def keys(self) -> tuple[str, ...]:
        return self.layout_shown.keys

    def row(self, key: str) -> tuple[str, ...]:
        """The cells of the row keyed ``key``, in plain words."""
        return self.layout_shown.cells[self.layout_shown.keys.index(key)]

    def row_at(self, index: int) -> tuple[str, ...]:
        return self.layout_shown.cells[index]

    # -- drawing ---------------------------------------------------------------------------------
    def render_line(self, y: int) -> Strip:
        layout = self.layout_shown
        scroll_x, scroll_y = self.scroll_offset
        width = self.size.width
        base = self.rich_style
        if y == 0:
            segments, style = layout.header, self.get_component_rich_style("lines-table--header")
        else:
            line = scroll_y + y - 1
            if line >= len(layout.lines):
                return Strip.blank(width, base)
            segments, row = layout.lines[line], layout.row_of_line(line)
            style = self._row_style(row)
        strip = Strip(segments).apply_style(base + style)
        strip = strip.extend_cell_length(scroll_x + width, base + style)
        return strip.crop(scroll_x, scroll_x + width)

    def _row_style(self, row: int) -> Style:
        if row == self.cursor_row:
            return self.get_component_rich_style("lines-table--cursor")
        if row % 2 == 0:  # rows count from 0, as Textual's DataTable stripes them
            return self.get_component_rich_style("lines-table--even-row")
        return Style()

    # -- the cursor ------------------------------------------------------------------------------
    def validate_cursor_row(self, row: int) -> int:
        return max(0, min(row, self.row_count - 1))

    def watch_cursor_row(self, row: int) -> None:
        """Keep the cursor's row in sight, below the header."""
        if not self.row_count:
            return
        lines = self.layout_shown.row_lines(row)
        seen = max(1, self.size.height - 1)
        top = self.scroll_offset.y
        if lines.start < top:
            self.scroll_to(y=lines.start, animate=False)
        elif lines.stop > top + seen:
            self.scroll_to(y=lines.stop - seen, animate=False)
        self.refresh()

    def action_move(self, rows: int) -> None:
        self.cursor_row += rows

    def action_page(self, pages: int) -> None:
        seen = max(1, self.size.height - 1)
        line = self.layout_shown.row_lines(self.cursor_row).start + pages * seen
        line = max(0, min(line, len(self.layout_shown.lines) - 1))
        self.cursor_row = self.layout_shown.row_of_line(line)

    def action_go(self, row: int) -> None:
        self.cursor_row = row if row >= 0 else self.row_count - 1

    def on_click(self, event: events.Click) -> None:
        if event.y >= 1 and self.row_count:
            line = self.scroll_offset.y + event.y - 1
            if line < len(self.layout_shown.lines):
                self.cursor_row = self.layout_shown.row_of_line(line)

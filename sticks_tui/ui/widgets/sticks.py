"""The heap drawn as sticks: tall sticks when few are left, short rows of them when many.

Sticks come in groups of five (like tally marks) so that a person can count them at a glance,
and the drawing is laid out for the space the widget has, so 100 sticks fit in a narrow column
at 80x24 and one last stick still looks like a stick.
"""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

GROUP = 5
MAX_HEIGHT = 5
STICK = "┃"
#: A one-cell stick in rows packed without blank lines: "┃" would join the rows into tall sticks.
SHORT_STICK = "▮"
HEAD = "●"
STICK_STYLE = "#d7a85f"
HEAD_STYLE = "bold #d75f5f"


def stick_layout(count: int, width: int, height: int) -> tuple[int, int, int]:
    """(sticks per row, rows, stick height) for ``count`` sticks in ``width`` x ``height`` cells.

    A row holds whole groups of five with one space between groups; the sticks are as tall as
    the height allows (at most five cells), leaving one blank line between rows when it fits.
    """
    groups_per_row = max(1, (width + 1) // (GROUP + 1))
    per_row = groups_per_row * GROUP
    rows = max(1, -(-count // per_row))
    stick_height = max(1, min(MAX_HEIGHT, (height - (rows - 1)) // rows))
    return per_row, rows, stick_height


def draw_sticks(count: int, width: int, height: int) -> Text:
    """The drawing of ``count`` sticks, centred in ``width`` columns."""
    if count <= 0:
        return Text("(no sticks left)", style="dim", justify="center")
    per_row, rows, stick_height = stick_layout(count, width, height)
    gap = 1 if rows * stick_height + (rows - 1) <= height else 0
    glyph = SHORT_STICK if (rows > 1 and not gap and stick_height == 1) else STICK
    text = Text(justify="center")
    left = count
    for row in range(rows):
        in_row = min(per_row, left)
        left -= in_row
        groups = [glyph * GROUP] * (in_row // GROUP)
        if in_row % GROUP:
            groups.append(glyph * (in_row % GROUP))
        line = " ".join(groups)
        for level in range(stick_height):
            if level == 0 and stick_height >= 2:
                text.append(line.replace(glyph, HEAD), style=HEAD_STYLE)
            else:
                text.append(line, style=STICK_STYLE)
            text.append("\n")
        if gap and row < rows - 1:
            text.append("\n")
    text.rstrip()
    return text


class StickArt(Widget):
    """The heap on the board; set :attr:`count` and it redraws to fit."""

    count: reactive[int] = reactive(0)

    def __init__(
        self,
        count: int = 0,
        *,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.set_reactive(StickArt.count, count)

    def render(self) -> Text:
        return draw_sticks(self.count, self.content_size.width, self.content_size.height)

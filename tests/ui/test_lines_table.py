"""The analysis' table (ui/widgets/lines_table.py): laid out once, drawn a line at a time, with
its header kept on top, its cursor kept in sight and its words shown as written."""

from __future__ import annotations

from textual.app import App, ComposeResult
from ui_helpers import screen_text, wait_until

from sticks_tui.ui.plain import plain
from sticks_tui.ui.widgets.lines_table import LinesTable, lay_out

ROWS = 40


def sample() -> list[tuple[list, str]]:
    rows = [([plain(str(n)), plain(f"row {n}")], str(n)) for n in range(ROWS)]
    rows[1] = ([plain("1"), plain("first line\nsecond line")], "1")
    rows[2] = ([plain("2"), plain("[red]not markup[/red]")], "2")
    return rows


def test_the_layout_measures_every_column_once_and_keeps_multi_line_rows_together() -> None:
    layout = lay_out([plain("n"), plain("words")], sample(), padding=1)
    widest = len("[red]not markup[/red]")
    assert layout.width == 2 + widest + 2 * 2  # "n" column 2 wide ("39"), two pads a cell
    assert layout.row_count == ROWS and len(layout.lines) == ROWS + 1  # row 1 has two lines
    assert layout.row_lines(1) == range(1, 3) and layout.row_of_line(2) == 1
    assert layout.row_of_line(3) == 2
    assert "".join(segment.text for segment in layout.lines[2]) == "     second line" + " " * (
        widest - len("second line") + 1
    )


class OneTable(App[None]):
    def compose(self) -> ComposeResult:
        yield LinesTable(id="table")

    def on_mount(self) -> None:
        table = self.query_one(LinesTable)
        table.show(lay_out([plain("n"), plain("words")], sample()))
        table.focus()


async def test_keys_move_the_cursor_and_the_header_stays_on_top() -> None:
    app = OneTable()
    async with app.run_test(size=(30, 10)) as pilot:
        table = app.query_one(LinesTable)
        await wait_until(pilot, lambda: "row 0" in screen_text(pilot))
        lines = screen_text(pilot).splitlines()
        assert lines[0].split() == ["n", "words"]
        assert "[red]not markup[/red]" in screen_text(pilot)  # shown as typed, not as markup
        await pilot.press("end")
        await wait_until(pilot, lambda: f"row {ROWS - 1}" in screen_text(pilot))
        assert table.cursor_row == ROWS - 1
        assert screen_text(pilot).splitlines()[0].split() == ["n", "words"]
        assert "row 0" not in screen_text(pilot)
        await pilot.press("home", "down", "down")
        await wait_until(pilot, lambda: table.cursor_row == 2)
        assert "first line" in screen_text(pilot)
        await pilot.press("pagedown")
        await wait_until(pilot, lambda: "first line" not in screen_text(pilot))
        assert table.cursor_row > 2
        await pilot.click(LinesTable, offset=(2, 1))  # the first row on screen, under the header
        shown_first = screen_text(pilot).splitlines()[1].split()[0]
        assert table.row_at(table.cursor_row)[0] == shown_first

"""The leaderboard screen: a board per game to choose, machines marked, and the games between two
machines counted only when asked for (issues 11 and 13)."""

from __future__ import annotations

from textual.pilot import Pilot
from textual.widgets import DataTable, Select
from ui_helpers import make_app, screen_name, wait_until

from sticks_tui.storage.records import MemoryRecords


def rows(pilot: Pilot) -> list[list[str]]:
    table = pilot.app.screen.query_one(DataTable)
    return [[str(cell) for cell in table.get_row_at(i)] for i in range(table.row_count)]


def played() -> MemoryRecords:
    records = MemoryRecords()
    records.record_game("Ann", "Bob", game="sticks")
    records.record_game("Ann", "Bob", game="sticks")
    records.record_game("Bob", "AI", game="nim:1,3,5,7")
    records.record_game("Perfect AI", "AI", game="nim:1,3,5,7")  # watched: two machines
    return records


async def open_leaderboard(pilot: Pilot) -> None:
    await pilot.press("ctrl+l")
    await wait_until(pilot, lambda: screen_name(pilot) == "LeaderboardScreen")


async def choose_board(pilot: Pilot, downs: int) -> None:
    """Pick a board with the keyboard: open the list, go down ``downs`` lines, take it."""
    pilot.app.screen.query_one("#board-choice", Select).focus()
    await pilot.press("enter", *["down"] * downs, "enter")
    await pilot.pause()


async def test_the_overall_board_comes_first_and_machines_are_marked() -> None:
    app = make_app(records=played())
    async with app.run_test(size=(80, 24)) as pilot:
        await open_leaderboard(pilot)
        assert rows(pilot) == [
            ["Ann", "2", "2", "0", "+2"],
            ["Bob", "3", "1", "2", "-1"],
            ["AI (machine: learning)", "1", "0", "1", "-1"],
        ]


async def test_each_game_played_has_a_board_to_choose() -> None:
    app = make_app(records=played())
    async with app.run_test(size=(80, 24)) as pilot:
        await open_leaderboard(pilot)
        await choose_board(pilot, 1)  # every game, nim:1,3,5,7, sticks
        assert pilot.app.screen.query_one("#board-choice", Select).value == "nim:1,3,5,7"
        assert rows(pilot) == [
            ["Bob", "1", "1", "0", "+1"], ["AI (machine: learning)", "1", "0", "1", "-1"]
        ]
        await choose_board(pilot, 1)
        assert [row[0] for row in rows(pilot)] == ["Ann", "Bob"]


async def test_m_counts_the_games_between_machines_and_m_again_leaves_them_out() -> None:
    app = make_app(records=played())
    async with app.run_test(size=(80, 24)) as pilot:
        await open_leaderboard(pilot)
        await pilot.press("m")
        assert ["Perfect AI (machine: perfect)", "1", "1", "0", "+1"] in rows(pilot)
        assert ["AI (machine: learning)", "2", "0", "2", "-2"] in rows(pilot)
        await pilot.press("m")
        assert "Perfect AI (machine: perfect)" not in [row[0] for row in rows(pilot)]


async def test_the_rows_start_right_under_the_choice_of_board_at_80x24() -> None:
    app = make_app(records=played())
    async with app.run_test(size=(80, 24)) as pilot:
        await open_leaderboard(pilot)
        choice = pilot.app.screen.query_one("#board-choice", Select).region
        table = pilot.app.screen.query_one(DataTable).region
        # one line of note and one of margin between them, and room for the rows below
        assert table.y - choice.bottom <= 2
        assert table.height >= 12

"""Every screen fits 80x24, and a smaller terminal is told so: the too-small cover, the
Sticky-Nim line and its words, take-away's take buttons, the setup screen's messages.

The snapshots of the screens named here are at the end of the file.
"""

from __future__ import annotations

import pytest
from test_ui_games import against, board, choose_game, log_lines, setup_message
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import Button, Static
from ui_helpers import (
    make_app,
    palette_highlights,
    screen_name,
    screen_text,
    set_input,
    still_cursor,
    to_board,
    to_mode,
    wait_until,
)

from sticks_tui.engine import StickyLine, StickyNim, TakeAway
from sticks_tui.ui.presenters import presenter_for
from sticks_tui.ui.presenters.sticky import StickyPresenter
from sticks_tui.ui.screens.board import BoardScreen
from sticks_tui.ui.screens.too_small import TooSmallScreen
from sticks_tui.ui.session import Machine
from sticks_tui.ui.widgets.line import GOES_ON, line_layout


def cover_text(pilot: Pilot) -> str:
    return str(pilot.app.screen.query_one("#too-small", Static).render())


def words_in(pilot: Pilot, widget: Widget) -> str:
    """The words drawn inside ``widget``'s part of the screen, its lines joined by spaces."""
    region = widget.region
    lines = screen_text(pilot).splitlines()[region.y : region.bottom]
    return " ".join(" ".join(line[region.x : region.right] for line in lines).split())


def letter_rows(pilot: Pilot) -> list[str]:
    """The rows of letters under Sticky-Nim's line, as drawn (spaces dropped)."""
    drawn = pilot.app.screen.query_one("#line").render()
    rows = [row.replace(" ", "") for row in str(drawn).splitlines()]
    return [row for row in rows if row and row.rstrip(GOES_ON).isalnum()]


# -- too small ------------------------------------------------------------------------------------


async def test_a_terminal_of_40x12_is_told_it_is_too_small_until_it_grows() -> None:
    app = make_app()
    async with app.run_test(size=(40, 12)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TooSmallScreen))
        assert "sticks-tui needs at least 80x24; this terminal is 40x12" in " ".join(
            screen_text(pilot).split()
        )
        assert "Continue" not in screen_text(pilot)  # no squeezed setup form beneath it
        await pilot.resize_terminal(80, 24)
        await wait_until(pilot, lambda: screen_name(pilot) == "SetupScreen")
        assert "Continue" in screen_text(pilot)
        assert "too small" not in screen_text(pilot)


async def test_a_tiny_terminal_gets_the_short_message_whole() -> None:
    app = make_app()
    async with app.run_test(size=(20, 5)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TooSmallScreen))
        shown = " ".join(screen_text(pilot).split())
        assert shown == "sticks-tui needs at least 80x24; this terminal is 20x5."


async def test_the_cover_follows_the_size_and_any_screen() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await to_board(pilot, "1", sticks=20)
        await pilot.resize_terminal(79, 30)  # one column short is too small as well
        await wait_until(pilot, lambda: isinstance(app.screen, TooSmallScreen))
        assert "this terminal is 79x30" in cover_text(pilot)
        await pilot.resize_terminal(70, 20)
        await wait_until(pilot, lambda: "this terminal is 70x20" in cover_text(pilot))
        await pilot.press("3")  # a key meant for the hidden board takes nothing
        await pilot.resize_terminal(100, 30)
        await wait_until(pilot, lambda: screen_name(pilot) == "BoardScreen")
        assert isinstance(app.screen, BoardScreen) and app.screen.match.position == 20
        assert "Take 3" in screen_text(pilot)


async def test_a_screen_opened_while_too_small_is_covered_too() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.resize_terminal(60, 20)
        await wait_until(pilot, lambda: isinstance(app.screen, TooSmallScreen))
        await pilot.press("f1")  # help opens beneath the cover, which stays on top
        await pilot.pause()
        await wait_until(pilot, lambda: isinstance(app.screen, TooSmallScreen))
        await pilot.resize_terminal(80, 24)
        await wait_until(pilot, lambda: screen_name(pilot) == "HelpScreen")
        await pilot.press("escape")
        await wait_until(pilot, lambda: screen_name(pilot) == "SetupScreen")


# -- Sticky-Nim -----------------------------------------------------------------------------------


def test_a_line_that_fits_one_row_stays_on_it_and_rows_end_where_sticks_were_taken() -> None:
    assert len(line_layout(StickyLine.full(20).present, 34, 7).rows) == 1
    assert line_layout(StickyLine.full(20).present, 76, 7).step == 2  # roomy: with spaces
    line = StickyLine.full(40).take(25, 25)  # ...y - A...: 25 sticks, then 14
    assert line_layout(line.present, 34, 7).rows == ((0, 26), (26, 40))
    full = line_layout(StickyLine.full(40).present, 34, 7)  # one group: cut, and marked
    assert full.rows == ((0, 33), (33, 40)) and full.stick_at(1, 0) == 33


def test_a_ball_drawn_for_one_stick_names_one_letter() -> None:
    presenter = StickyPresenter(StickyNim(5, 3))
    presenter.mark = (2, 2)
    assert presenter.drew_words((5, 1, 2)) == "“1 of 5 → 2 + 2”: c"
    presenter.mark = (1, 3)
    assert presenter.drew_words((5, 3, 1)) == "“3 of 5 → 1 + 1”: b..d"


async def test_the_line_of_20_is_one_row_beside_the_hats_at_80x24() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await against(pilot, Machine.LEARNING, "sticky", sticks="20", max_take="3")
        assert letter_rows(pilot) == ["abcdefghijklmnopqrst"]


async def test_the_line_of_40_is_parted_only_where_a_stick_was_taken() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await against(pilot, Machine.LEARNING, "sticky", sticks="40", max_take="5")
        await pilot.press("H", "enter")  # the 34th stick
        await wait_until(pilot, lambda: screen.match.to_move == 0)
        rows = letter_rows(pilot)
        presenter = screen.presenter
        assert isinstance(presenter, StickyPresenter)
        assert len(rows) == 2
        assert "".join(row.rstrip(GOES_ON) for row in rows) == presenter.line.letters
        present = presenter.line.present
        cut = len(rows[0])
        assert not (present[cut - 1] and present[cut])  # the row ends beside a taken stick


async def test_sticky_words_and_refusals_are_not_cut_at_80x24() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await against(pilot, Machine.LEARNING, "sticky", sticks="40", max_take="5")
        await pilot.press("e", "enter")
        await wait_until(pilot, lambda: screen.match.to_move == 0)
        await pilot.press("backspace", "d", "f", "enter")  # e is gone: refused
        await pilot.pause()
        heap_words = screen.presenter.position_words(screen.match.position)
        assert "in groups of" in heap_words
        assert heap_words in words_in(pilot, screen.query_one("#heap-words"))
        refusal = "Only sticks still on the table, next to each other, can be taken"
        assert refusal in words_in(pilot, screen.query_one("#move-problem"))


# -- take-away ------------------------------------------------------------------------------------


async def test_every_take_of_1_2_3_4_11_20_has_its_button_in_view_beside_the_hats() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await against(
            pilot, Machine.LEARNING, "takeaway", sticks="30", takes="1,2,3,4,11,20"
        )
        table = screen.query_one("#table").content_region
        for take in (1, 2, 3, 4, 11, 20):
            button = screen.query_one(f"#take-{take}", Button)
            assert table.contains_region(button.region), take
            assert str(take) in words_in(pilot, button)
        await pilot.click("#take-11")
        await wait_until(pilot, lambda: screen.match.position < 30 - 11)  # the AI replied
        assert screen.table.seats[0].name in log_lines(pilot)[1] and "11" in log_lines(pilot)[1]
        await wait_until(  # the footer is redrawn after the AI's reply
            pilot,
            lambda: all(f"{n} Take {n}" in screen_text(pilot).splitlines()[-1] for n in (1, 2, 3, 4)),
        )


def test_the_question_with_one_stick_left_offers_one_take() -> None:
    presenter = presenter_for(TakeAway(10))
    assert presenter.question((1,)) == "How many sticks do you take (1)?"
    assert presenter.question((1, 2, 3)) == "How many sticks do you take (1-3)?"


async def test_three_takes_keep_their_words_on_the_buttons() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await against(pilot, Machine.LEARNING, "takeaway", sticks="30", takes="2,3,5")
        assert [words_in(pilot, screen.query_one(f"#take-{n}")) for n in (2, 3, 5)] == [
            "Take 2", "Take 3", "Take 5"
        ]


# -- Nim ------------------------------------------------------------------------------------------


async def test_eight_piles_are_all_in_view_beside_the_hats_at_80x24() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await against(pilot, Machine.LEARNING, "nim", piles=",".join(["20"] * 8))
        drawn = words_in(pilot, screen.query_one("#piles"))
        assert all(f"{pile} ┃┃┃┃┃ ┃┃┃┃┃ ┃┃┃┃┃ ┃┃┃┃┃ 20" in drawn for pile in range(8)), drawn
        assert "Player 1 vs AI" in words_in(pilot, screen.query_one("#log"))


# -- the setup screen -----------------------------------------------------------------------------


@pytest.mark.parametrize("game", ["sticks", "takeaway", "nim", "sticky"])
async def test_the_setup_screens_name_errors_are_shown_whole_at_80x24(game: str) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await choose_game(pilot, game)
        screen = pilot.app.screen
        for name in ("Perfect AI", "Ann\tLee"):
            await set_input(pilot, "#name2", name)
            problem = setup_message(pilot)
            assert problem.startswith(("\"Perfect AI\" is the name", "A player's name cannot"))
            message = screen.query_one("#setup-message")
            assert problem in words_in(pilot, message)
            continue_button = screen.query_one("#continue").region
            assert message.region.bottom <= continue_button.y < continue_button.bottom <= 23


# -- the title bar --------------------------------------------------------------------------------


def title_bar(pilot: Pilot) -> str:
    return screen_text(pilot).splitlines()[0]


async def test_the_title_bar_follows_the_game_chosen_on_setup() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "the Game of Sticks" in title_bar(pilot)
        await choose_game(pilot, "nim")
        await wait_until(pilot, lambda: "Nim" in title_bar(pilot))
        assert "Game of Sticks" not in title_bar(pilot)
        await pilot.press("ctrl+n")
        await wait_until(pilot, lambda: screen_name(pilot) == "ModeScreen")
        assert "Nim" in title_bar(pilot)
        await pilot.press("escape")
        await choose_game(pilot, "sticks")
        await wait_until(pilot, lambda: "the Game of Sticks" in title_bar(pilot))


@pytest.mark.parametrize(
    ("takes", "shown"),
    [
        ("15,16,17,18,19,20", "Take-away {15,16,17,18,19,20}, last stick loses"),
        ("1,2,3,4,11,20", "Take-away {1, 2, 3, 4, 11, 20}, last stick loses"),
    ],
)
async def test_a_long_game_name_is_not_cut_in_the_title_bar(takes: str, shown: str) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await choose_game(pilot, "takeaway", takes=takes)
        await wait_until(pilot, lambda: shown in title_bar(pilot))
        assert "…" not in title_bar(pilot)


async def test_a_game_given_at_the_start_is_in_the_title_bar_at_once() -> None:
    app = make_app()
    app.settings.choose(StickyNim(20, 3))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "Sticky-Nim (take 1–3 adjacent)" in title_bar(pilot)


# -- leaving a game -------------------------------------------------------------------------------


async def test_escape_mid_game_asks_and_no_stays_with_the_game_as_it_was() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await to_board(pilot, "1", sticks=20)
        screen = board(pilot)
        await pilot.press("3")
        await pilot.press("escape")
        await wait_until(pilot, lambda: screen_name(pilot) == "LeaveGameScreen")
        assert "Leave this game?" in screen_text(pilot)
        await pilot.press("n")
        await wait_until(pilot, lambda: screen_name(pilot) == "BoardScreen")
        await pilot.press("escape")
        await wait_until(pilot, lambda: screen_name(pilot) == "LeaveGameScreen")
        await pilot.click("#no")
        await wait_until(pilot, lambda: screen_name(pilot) == "BoardScreen")
        assert screen.match.position == 17
        await pilot.press("2")  # the game goes on
        assert screen.match.position == 15


async def test_escape_mid_game_and_yes_leaves_to_the_mode_screen() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await to_board(pilot, "2", sticks=20)
        await pilot.press("1")
        await pilot.press("escape")
        await wait_until(pilot, lambda: screen_name(pilot) == "LeaveGameScreen")
        await pilot.click("#yes")
        await wait_until(pilot, lambda: screen_name(pilot) == "ModeScreen")
        assert app.records.standings() == []  # not counted


async def test_new_setup_and_palette_jumps_mid_game_ask_first() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await to_board(pilot, "1", sticks=20)
        await pilot.press("n")
        await wait_until(pilot, lambda: screen_name(pilot) == "LeaveGameScreen")
        await pilot.press("escape")  # Escape answers No
        await wait_until(pilot, lambda: screen_name(pilot) == "BoardScreen")
        await pilot.press("ctrl+p")
        await wait_until(pilot, lambda: screen_name(pilot) == "CommandPalette")
        await pilot.press(*"Mode")
        await wait_until(pilot, lambda: palette_highlights(pilot, "Mode"))
        await pilot.press("enter")
        await wait_until(pilot, lambda: screen_name(pilot) == "LeaveGameScreen")
        await pilot.press("y")
        await wait_until(pilot, lambda: screen_name(pilot) == "ModeScreen")
        await pilot.press("1")
        await wait_until(pilot, lambda: screen_name(pilot) == "BoardScreen")
        app.action_watch()  # the palette's Watch
        await wait_until(pilot, lambda: screen_name(pilot) == "LeaveGameScreen")
        await pilot.press("y")
        await wait_until(
            pilot, lambda: screen_name(pilot) == "BoardScreen" and board(pilot).watching
        )


async def test_a_finished_game_or_a_watched_one_is_left_without_asking() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await to_board(pilot, "1", sticks=10)
        await pilot.press("3", "3", "3", "1")
        assert board(pilot).match.is_over
        await pilot.press("escape")
        await wait_until(pilot, lambda: screen_name(pilot) == "ModeScreen")
        await pilot.press("1")
        await wait_until(pilot, lambda: screen_name(pilot) == "BoardScreen")
        await pilot.press("3", "3", "3", "1")
        await pilot.press("n")
        await wait_until(pilot, lambda: screen_name(pilot) == "SetupScreen")
        await pilot.press("ctrl+n")
        await wait_until(pilot, lambda: screen_name(pilot) == "ModeScreen")
        await pilot.press("4")  # watch: nothing of the person's is lost
        await wait_until(pilot, lambda: screen_name(pilot) == "BoardScreen")
        await pilot.press("escape")
        await wait_until(pilot, lambda: screen_name(pilot) == "ModeScreen")


# -- snapshots ------------------------------------------------------------------------------------


def test_snapshot_too_small(snap_compare) -> None:
    assert snap_compare(make_app(), terminal_size=(40, 12), run_before=still_cursor)


def test_snapshot_sticky_20_3_against_the_ai(snap_compare) -> None:
    async def run_before(pilot: Pilot) -> None:
        screen = await against(pilot, Machine.LEARNING, "sticky", sticks="20", max_take="3")
        await pilot.press("a", "c", "enter")
        await wait_until(pilot, lambda: screen.match.to_move == 0)
        await still_cursor(pilot)

    assert snap_compare(make_app(), run_before=run_before)


def test_snapshot_sticky_40_5_with_a_refusal(snap_compare) -> None:
    async def run_before(pilot: Pilot) -> None:
        screen = await against(pilot, Machine.LEARNING, "sticky", sticks="40", max_take="5")
        await pilot.press("j", "enter")
        await wait_until(pilot, lambda: screen.match.to_move == 0)
        await pilot.press("backspace", "a", "k", "enter")  # too many, and j is gone
        await still_cursor(pilot)

    assert snap_compare(make_app(), run_before=run_before)


def test_snapshot_leaving_a_game_asks(snap_compare) -> None:
    async def run_before(pilot: Pilot) -> None:
        await to_board(pilot, "2", sticks=20)
        await pilot.press("1", "escape")
        await wait_until(pilot, lambda: screen_name(pilot) == "LeaveGameScreen")

    assert snap_compare(make_app(), run_before=run_before)


async def test_every_way_to_play_is_in_view_with_two_long_names_at_80x24() -> None:
    app = make_app()
    app.settings.names = ("W" * 40, "M" * 40)  # the longest names the setup screen takes
    async with app.run_test(size=(80, 24)) as pilot:
        await to_mode(pilot, 20)
        screen = pilot.app.screen
        above_the_footer = screen.region.height - 1
        for selector in ("#friend", "#computer", "#trained", "#watch", "#lab", "#left", "#skill"):
            region = screen.query_one(selector, Widget).region
            assert region.height >= 1 and region.bottom <= above_the_footer, selector

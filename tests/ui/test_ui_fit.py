"""Every screen fits 80x24, and a smaller terminal is told so: the too-small cover, the
Sticky-Nim line and its words, take-away's take buttons, the setup screen's messages.

The snapshots of the screens named here are at the end of the file.
"""

from __future__ import annotations

from rich.cells import cell_len
from test_ui_games import against, board, choose_game, log_lines, setup_message
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import Button, Static
from ui_helpers import (
    back_to_setup,
    check_each,
    check_steps,
    hint_worked_out,
    make_app,
    palette_highlights,
    screen_name,
    screen_text,
    set_input,
    still_cursor,
    to_board,
    to_mode,
    to_training,
    training_done,
    wait_until,
)

from sticks_tui.engine import StickyLine, StickyNim, TakeAway
from sticks_tui.engine.machines import Machine
from sticks_tui.ui.presenters import presenter_for
from sticks_tui.ui.presenters.sticky import StickyPresenter
from sticks_tui.ui.screens.board.help import WORKING
from sticks_tui.ui.screens.board.screen import BoardScreen
from sticks_tui.ui.screens.too_small import TooSmallScreen
from sticks_tui.ui.widgets.line import GOES_ON, Column, line_layout
from sticks_tui.ui.widgets.tally import fitted_line


def cover_text(pilot: Pilot) -> str:
    return str(pilot.app.screen.query_one("#too-small", Static).render())


def words_in(pilot: Pilot, widget: Widget) -> str:
    """The words drawn inside ``widget``'s part of the screen, its lines joined by spaces."""
    region = widget.region
    lines = screen_text(pilot).splitlines()[region.y : region.bottom]
    return " ".join(" ".join(line[region.x : region.right] for line in lines).split())


def unfit(pilot: Pilot, widget: Widget, *, prose: bool = False) -> list[str]:
    """What of ``widget``'s words a person does not read whole at this size: a line wider than
    the widget (wrapped into another line, or cut), more lines than its height (cut), or a place
    off the screen or under the footer (hidden); empty when it all reads. ``prose`` may wrap
    (the hint), but must show whole without scrolling."""
    region, problems = widget.content_region, []
    width, height = pilot.app.size
    if not widget.display or region.height <= 0 or region.width <= 0:
        return ["hidden"]
    if region.right > width or region.bottom > height - 1:  # the last line is the footer's
        problems.append(f"off the screen: {region}")
    if prose:  # its lines as wrapped at its width
        lines = widget.get_content_height(region.size, pilot.app.size, region.width)
        if lines > region.height:
            problems.append(f"cut: {lines} lines in {region.height}")
        return problems
    lines = str(widget.render()).splitlines()
    problems += [f"wraps: {line!r}" for line in lines if cell_len(line) > region.width]
    if len(lines) > region.height:
        problems.append(f"cut: {len(lines)} lines in {region.height}")
    return problems


def board_unfit(pilot: Pilot) -> dict[str, list[str]]:
    """Every line of the board's left column that does not read whole (the position's words,
    the turn, the tally, the hint), and the log, which must show its last lines."""
    screen = board(pilot)
    found = {
        selector: unfit(pilot, screen.query_one(selector))
        for selector in ("#heap-words", "#turn", "#tally")
        if screen.query_one(selector).display and not screen.has_class("-hint")
    }
    hint = screen.query_one("#hint")
    if hint.display:
        found["#hint"] = unfit(pilot, hint, prose=True)
    else:
        log = screen.query_one("#log").content_region  # it scrolls to its last line itself
        height = pilot.app.size.height
        if log.height < 2 or log.bottom > height - 1:
            found["#log"] = [f"the move log is not in view: {log}"]
    return {selector: problems for selector, problems in found.items() if problems}


def letter_rows(pilot: Pilot) -> list[str]:
    """The rows of letters under Sticky-Nim's line, as drawn (spaces dropped)."""
    drawn = pilot.app.screen.query_one("#line").render()
    rows = [row.replace(" ", "") for row in str(drawn).splitlines()]
    return [row for row in rows if row and row.rstrip(GOES_ON).isalnum()]


# -- too small ------------------------------------------------------------------------------------


async def covered_board(pilot: Pilot) -> None:
    """Two friends' game of 20 sticks, 3 taken, then the terminal shrinks under the cover."""
    await to_board(pilot, "1", sticks=20)
    await pilot.press("3")
    await pilot.resize_terminal(60, 20)
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, TooSmallScreen))


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


async def the_cover_follows_the_size_and_any_screen(pilot: Pilot) -> None:
    app = pilot.app
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


async def a_screen_opened_while_too_small_is_covered_too(pilot: Pilot) -> None:
    app = pilot.app
    await pilot.pause()
    await pilot.resize_terminal(60, 20)
    await wait_until(pilot, lambda: isinstance(app.screen, TooSmallScreen))
    app.action_help()  # opened by the program (no key reaches beneath the cover)
    await pilot.pause()
    await wait_until(pilot, lambda: isinstance(app.screen, TooSmallScreen))
    await pilot.resize_terminal(80, 24)
    await wait_until(pilot, lambda: screen_name(pilot) == "HelpScreen")
    await pilot.press("escape")
    await wait_until(pilot, lambda: screen_name(pilot) == "SetupScreen")


async def no_key_acts_behind_the_cover_but_ctrl_q(pilot: Pilot) -> None:
    """Each key in turn on one covered board: it changes nothing, and once the terminal grows
    the game is as it was and the palette opens; then the board is covered again for the next
    key. A key that acted is named (and the keys after it, not tried)."""
    app = pilot.app
    keys = ["f1", "q", "f2", "f3", "ctrl+b", "ctrl+l", "ctrl+p", "ctrl+c"]
    acted: list[str] = []
    await covered_board(pilot)
    for tried, key in enumerate(keys):
        stack = list(app.screen_stack)
        await pilot.press(key)
        for _ in range(5):
            await pilot.pause()
        if not app.is_running or app.screen_stack != stack:
            shown = [type(screen).__name__ for screen in app.screen_stack]
            acted.append(f"{key}: running {app.is_running}, screens {shown}; "
                         f"not tried: {keys[tried + 1:]}")
            break
        await pilot.resize_terminal(80, 24)
        await wait_until(pilot, lambda: screen_name(pilot) == "BoardScreen")
        if board(pilot).match.position != 17:  # the game as it was
            acted.append(f"{key}: the game went on to {board(pilot).match.position}")
        await pilot.press("ctrl+p")  # the palette is back once the cover is gone
        await wait_until(pilot, lambda: screen_name(pilot) == "CommandPalette")
        await pilot.press("escape")
        await wait_until(pilot, lambda: screen_name(pilot) == "BoardScreen")
        await pilot.resize_terminal(60, 20)  # covered again, for the next key
        await wait_until(pilot, lambda: isinstance(app.screen, TooSmallScreen))
    assert not acted, "\n".join(acted)


async def ctrl_q_quits_from_the_cover(pilot: Pilot) -> None:
    await covered_board(pilot)
    assert "ctrl+q quits" in cover_text(pilot)
    await pilot.press("ctrl+q")
    await wait_until(pilot, lambda: not pilot.app.is_running)


async def grown_back_to_setup(pilot: Pilot) -> None:
    """The terminal at 80x24 again, its cover gone, and the setup screen alone (the next
    step's start, as a fresh app shows it)."""
    await pilot.resize_terminal(80, 24)
    await wait_until(pilot, lambda: not isinstance(pilot.app.screen, TooSmallScreen))
    await back_to_setup(pilot)


async def test_the_cover_follows_the_size_covers_any_screen_and_only_ctrl_q_gets_through(
) -> None:
    """Steps on one app, each from the setup screen at 80x24; ctrl+q's, which ends the app,
    is the last."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await check_steps(pilot, [
            the_cover_follows_the_size_and_any_screen,
            a_screen_opened_while_too_small_is_covered_too,
            no_key_acts_behind_the_cover_but_ctrl_q,
            ctrl_q_quits_from_the_cover,
        ], then=grown_back_to_setup)


# -- every line read whole ------------------------------------------------------------------------


async def test_against_the_trained_ai_the_tally_fits_and_the_log_stays_in_view() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await to_training(pilot, 20)
        await training_done(pilot)
        await pilot.press("enter")
        await wait_until(pilot, lambda: screen_name(pilot) == "BoardScreen")
        screen = board(pilot)
        assert screen.table.seats[1].name == "Trained AI"
        await wait_until(pilot, lambda: screen.human_turn())
        assert board_unfit(pilot) == {}
        while not screen.match.is_over:
            await pilot.press("1")
            await wait_until(pilot, lambda: screen.match.is_over or screen.human_turn())
        await wait_until(pilot, lambda: "1 game" in words_in(pilot, screen.query_one("#tally")))
        tally = words_in(pilot, screen.query_one("#tally"))
        assert "1 game: Trained AI won 1, you 0" in tally and "100%" in tally
        assert board_unfit(pilot) == {}
        assert "You lose." in log_lines(pilot)[-1]  # the end of the game, in view


def test_a_tally_line_shortens_names_never_figures() -> None:
    name = "W" * 40
    choices = [[(name, ""), (" won 1,234, you 5,678", "")]]
    line = fitted_line(choices, 38, [name]).plain
    assert len(line) == 38 and line.endswith("… won 1,234, you 5,678") and line.startswith("WWW")
    assert fitted_line([[("AI", ""), (" won 1", "")], choices[0]], 38, [name]).plain == "AI won 1"


HINT_CASES = [
    ("sticks", {"sticks": "13"}, ()),
    ("sticks", {"sticks": "17"}, ("1", "u")),  # a practice game: one line more
    ("nim", {"piles": "1,3,5,7"}, ()),
    ("nim", {"piles": ",".join(["20"] * 8)}, ()),
    ("sticky", {"sticks": "20", "max_take": "3"}, ()),
    ("takeaway", {"sticks": "30", "takes": "1,2,3,4,11,20"}, ()),
    ("takeaway", {"sticks": "30", "takes": "2,4,6,8,10,12"}, ()),
]


async def test_the_hint_and_the_turn_read_whole_beside_the_hats_at_80x24() -> None:
    async def check(pilot: Pilot, case: tuple[str, dict[str, str], tuple[str, ...]]) -> None:
        game, fields, keys = case
        screen = await against(pilot, Machine.LEARNING, game, **fields)
        for key in keys:
            await wait_until(pilot, lambda: screen.human_turn())
            await pilot.press(key)
        await wait_until(pilot, lambda: screen.human_turn())
        assert board_unfit(pilot) == {}
        await pilot.press("f5")
        await hint_worked_out(pilot)
        hint = screen.query_one("#hint")
        await wait_until(pilot, lambda: hint.display and WORKING not in words_in(pilot, hint))
        if game in ("sticks", "takeaway"):  # the words wait for the period's proof
            await wait_until(pilot, lambda: "multiple of" in words_in(pilot, hint))
        await wait_until(pilot, lambda: board_unfit(pilot) == {})
        assert "draws" in words_in(pilot, hint)  # the AI's line, the last, in view

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await check_each(pilot, HINT_CASES, check, then=back_to_setup)


# -- Sticky-Nim -----------------------------------------------------------------------------------


def test_a_line_that_fits_one_row_stays_on_it_and_rows_end_where_sticks_were_taken() -> None:
    assert len(line_layout(StickyLine.full(20).present, 34, 7).rows) == 1
    assert line_layout(StickyLine.full(20).present, 76, 7).step == 2  # roomy: with spaces
    line = StickyLine.full(40).take(25, 25)  # ...y - A...: 25 sticks, then 14
    assert line_layout(line.present, 34, 7).rows == ((0, 26), (26, 40))
    full = line_layout(StickyLine.full(40).present, 34, 7)  # one group: cut, and marked
    assert full.rows == ((0, 33), (33, 40)) and full.stick_at(1, 0) == 33


def test_a_cut_has_a_column_of_its_own_and_a_row_ends_there_rather_than_inside_a_group() -> None:
    """A split without taking (4.07) parts two sticks with nothing taken: without spaces between
    the sticks the cut gets a column (else the two groups would look like one), and a long line's
    row ends at the cut instead of cutting a group with an arrow."""
    line = StickyLine.full(40).take(20, 19)  # a cut between t and u: groups of 20, 20
    layout = line_layout(line.present, 34, 7, {20})
    assert layout.rows == ((0, 20), (20, 40))
    assert layout.columns(0)[-1] == Column(20, gap=True)  # the wall at the end of the row
    one_row = line_layout(StickyLine.full(30).present, 32, 7, {10, 20})
    assert one_row.rows == ((0, 30),) and len(one_row.columns(0)) == 32
    assert [one_row.stick_at(0, column) for column in (9, 10, 11)] == [9, None, 10]
    assert one_row.column_at(0, 10) == Column(10, gap=True)
    roomy = line_layout(StickyLine.full(12).present, 40, 7, {4})
    assert roomy.step == 2 and roomy.column_at(0, 7) == Column(4, gap=True)


def test_a_ball_drawn_for_one_stick_names_one_letter() -> None:
    presenter = StickyPresenter(StickyNim(5, 3))
    presenter.mark = (2, 2)
    assert presenter.drew_words((5, 1, 2)) == "“1 of 5 → 2 + 2”: c"
    presenter.mark = (1, 3)
    assert presenter.drew_words((5, 3, 1)) == "“3 of 5 → 1 + 1”: b..d"


async def the_line_of_20_is_one_row_beside_the_hats_at_80x24(pilot: Pilot) -> None:
    await against(pilot, Machine.LEARNING, "sticky", sticks="20", max_take="3")
    assert letter_rows(pilot) == ["abcdefghijklmnopqrst"]


async def the_line_of_40_is_parted_only_where_a_stick_was_taken(pilot: Pilot) -> None:
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


async def sticky_words_and_refusals_are_not_cut_at_80x24(pilot: Pilot) -> None:
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


async def every_take_of_1_2_3_4_11_20_has_its_button_in_view_beside_the_hats(pilot: Pilot) -> None:
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
    await wait_until(pilot, lambda: all(  # the footer is redrawn once it is their turn
        f"{n} Take {n}" in screen_text(pilot).splitlines()[-1] for n in (1, 2, 3, 4)
    ))


def test_the_question_names_the_takes_allowed_now_in_a_few_words() -> None:
    presenter = presenter_for(TakeAway(10))
    assert presenter.question((1,)) == "take 1 stick"
    assert presenter.question((1, 2, 3)) == "take 1-3 sticks"
    assert presenter.question((2, 3, 5)) == "take 2, 3 or 5 sticks"
    assert presenter.question((1, 2, 3, 4, 11, 20)) == "take 1-4, 11 or 20 sticks"
    longest = presenter.question((10, 12, 14, 16, 18, 20))  # beside the default name: 38
    assert longest == "take 10, 12, 14, 16, 18, 20" and len(f"Player 1: {longest}") <= 38


async def three_takes_keep_their_words_on_the_buttons(pilot: Pilot) -> None:
    screen = await against(pilot, Machine.LEARNING, "takeaway", sticks="30", takes="2,3,5")
    assert [words_in(pilot, screen.query_one(f"#take-{n}")) for n in (2, 3, 5)] == [
        "Take 2", "Take 3", "Take 5"
    ]


# -- Nim ------------------------------------------------------------------------------------------


async def eight_piles_are_all_in_view_beside_the_hats_at_80x24(pilot: Pilot) -> None:
    screen = await against(pilot, Machine.LEARNING, "nim", piles=",".join(["20"] * 8))
    drawn = words_in(pilot, screen.query_one("#piles"))
    assert all(f"{pile} ┃┃┃┃┃ ┃┃┃┃┃ ┃┃┃┃┃ ┃┃┃┃┃ 20" in drawn for pile in range(8)), drawn
    assert "Player 1 vs AI" in words_in(pilot, screen.query_one("#log"))


async def test_each_games_board_shows_its_line_buttons_and_piles_whole_beside_the_hats() -> None:
    """Against the learning AI at 80x24, each step from the setup screen on one app."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await check_steps(pilot, [
            the_line_of_20_is_one_row_beside_the_hats_at_80x24,
            the_line_of_40_is_parted_only_where_a_stick_was_taken,
            sticky_words_and_refusals_are_not_cut_at_80x24,
            every_take_of_1_2_3_4_11_20_has_its_button_in_view_beside_the_hats,
            three_takes_keep_their_words_on_the_buttons,
            eight_piles_are_all_in_view_beside_the_hats_at_80x24,
        ], then=back_to_setup)


# -- the setup screen -----------------------------------------------------------------------------


async def test_the_setup_screens_name_errors_are_shown_whole_at_80x24() -> None:
    async def check(pilot: Pilot, game: str) -> None:
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

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await check_each(pilot, ["sticks", "takeaway", "nim", "sticky"], check)


# -- the title bar --------------------------------------------------------------------------------


def title_bar(pilot: Pilot) -> str:
    return screen_text(pilot).splitlines()[0]


async def the_title_bar_follows_the_game_chosen_on_setup(pilot: Pilot) -> None:
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


async def a_long_game_name_is_not_cut_in_the_title_bar(pilot: Pilot) -> None:
    async def check(pilot: Pilot, case: tuple[str, str]) -> None:
        takes, shown = case
        await choose_game(pilot, "takeaway", takes=takes)
        await wait_until(pilot, lambda: shown in title_bar(pilot))
        assert "…" not in title_bar(pilot)

    await check_each(pilot, [
        ("15,16,17,18,19,20", "Take-away {15,16,17,18,19,20}, last stick loses"),
        ("1,2,3,4,11,20", "Take-away {1, 2, 3, 4, 11, 20}, last stick loses"),
    ], check)


async def test_the_title_bar_names_the_game_chosen_on_setup_whole() -> None:
    """Both steps on one app; the first starts from the game a fresh app has."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await check_steps(pilot, [
            the_title_bar_follows_the_game_chosen_on_setup,
            a_long_game_name_is_not_cut_in_the_title_bar,
        ], then=back_to_setup)


async def test_a_game_given_at_the_start_is_in_the_title_bar_at_once() -> None:
    app = make_app()
    app.settings.choose(StickyNim(20, 3))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "Sticky-Nim (take 1–3 adjacent)" in title_bar(pilot)


# -- leaving a game -------------------------------------------------------------------------------


#: The AI's pause where a step starts a watch only to see where a key leads from it: the
#: machines wait, as the keys do not depend on their moves. At no pause a watch keeps the
#: interface busy, and each pause and key of the test waits a whole second of its games.
WATCH_WAITS = 1000.0


async def escape_mid_game_asks_and_no_stays_with_the_game_as_it_was(pilot: Pilot) -> None:
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


async def escape_mid_game_and_yes_leaves_to_the_mode_screen(pilot: Pilot) -> None:
    await to_board(pilot, "2", sticks=20)
    await pilot.press("1")
    await pilot.press("escape")
    await wait_until(pilot, lambda: screen_name(pilot) == "LeaveGameScreen")
    await pilot.click("#yes")
    await wait_until(pilot, lambda: screen_name(pilot) == "ModeScreen")
    assert pilot.app.records.standings() == []  # not counted


async def new_setup_and_palette_jumps_mid_game_ask_first(pilot: Pilot) -> None:
    await to_board(pilot, "1", sticks=20)
    await pilot.press("1")  # a move made: the game is under way
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
    await pilot.press("1")
    pilot.app.ai_delay = WATCH_WAITS
    await pilot.press("ctrl+p")  # the palette's Watch
    await wait_until(pilot, lambda: screen_name(pilot) == "CommandPalette")
    await pilot.press(*"Watch")
    await wait_until(pilot, lambda: palette_highlights(pilot, "Watch"))
    await pilot.press("enter")
    await wait_until(pilot, lambda: screen_name(pilot) == "LeaveGameScreen")
    await pilot.press("y")
    await wait_until(
        pilot, lambda: screen_name(pilot) == "BoardScreen" and board(pilot).watching
    )


async def a_finished_game_or_a_watched_one_is_left_without_asking(pilot: Pilot) -> None:
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
    pilot.app.ai_delay = WATCH_WAITS
    await pilot.press("4")  # watch: nothing of the person's is lost
    await wait_until(pilot, lambda: screen_name(pilot) == "BoardScreen")
    await pilot.press("escape")
    await wait_until(pilot, lambda: screen_name(pilot) == "ModeScreen")


async def test_a_game_is_left_at_once_when_nothing_is_lost_else_only_once_the_player_says_yes(
) -> None:
    """Each step from the setup screen on one app; the steps that check that an abandoned game
    is not counted come before the one that finishes games."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await check_steps(pilot, [
            escape_mid_game_asks_and_no_stays_with_the_game_as_it_was,
            escape_mid_game_and_yes_leaves_to_the_mode_screen,
            new_setup_and_palette_jumps_mid_game_ask_first,
            a_finished_game_or_a_watched_one_is_left_without_asking,
        ], then=back_to_setup)


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

"""Octal games in the app (SPEC section 16): the setup screen offers Kayles, Dawson's Kayles,
Dawson's Chess, Treblecross and any code typed, refusing in words what the line cannot play;
the board refuses a take the code forbids, splits a group without taking where the code says
so, ends a game with sticks left, and the learning AI plays Kayles and learns from it."""

from __future__ import annotations

from test_ui_games import against, choose_game, log_lines, setup_message, to_game_board, turn_text
from textual.pilot import Pilot
from textual.widgets import Button, Select, Static
from ui_helpers import back_to_setup, check_steps, make_app, screen_name, screen_text, wait_until

from sticks_tui.engine.games import parse_game
from sticks_tui.engine.machines import Machine
from sticks_tui.ui.presenters import app_refusal
from sticks_tui.ui.presenters.sticky import LineInput
from sticks_tui.ui.screens.board.screen import BoardScreen

NAMED = {
    "octal-0.77": "Kayles (0.77)",
    "octal-0.07": "Dawson's Kayles (0.07)",
    "octal-0.137": "Dawson's Chess (0.137)",
    "octal-0.007": "Treblecross (0.007)",
    "octal-any": "Octal game (any code)",
}


def move_problem(screen: BoardScreen) -> str:
    return str(screen.query_one("#move-problem", Static).render())


async def kayles_is_chosen_by_name(pilot: Pilot) -> None:
    select = pilot.app.screen.query_one("#game", Select)
    options = {value: str(label) for label, value in select._options}
    assert {value: options.get(value) for value in NAMED} == NAMED
    await choose_game(pilot, "octal-0.77", sticks="12")
    assert "Welcome to Kayles (0.77)!" in screen_text(pilot)
    await pilot.press("ctrl+n")
    await wait_until(pilot, lambda: screen_name(pilot) == "ModeScreen")
    assert pilot.app.settings.rules == parse_game("octal:0.77:12")  # type: ignore[attr-defined]
    assert "sticks-tui — Kayles (0.77, no move loses)" in screen_text(pilot)
    await pilot.press("escape")


async def any_code_is_read_and_what_cannot_be_played_is_refused(pilot: Pilot) -> None:
    app = pilot.app
    for typed, said in [
        ("[b]7", "Code: '[b]7' is not an octal code: a code has a point, as in 0.77"),
        ("0.[red]", "Code: an octal code's digits after the point are 0 to 7, not '['"),
        ("0.00", "Code: '0.00' allows no move at all"),
    ]:
        await choose_game(pilot, "octal-any", sticks="10", octal_code=typed)
        assert setup_message(pilot).startswith(said), typed  # the typed text, not markup
        assert app.screen.query_one("#octal-code").has_class("-invalid")
        assert app.screen.query_one("#continue", Button).disabled
        await pilot.press("ctrl+n")
        assert screen_name(pilot) == "SetupScreen"
    await choose_game(pilot, "octal-any", sticks="10", octal_code="0.1234567123")
    assert "Code ▊  0.1234567123 " in screen_text(pilot)  # the whole code in sight
    await choose_game(pilot, "octal-any", sticks="10", octal_code=".6")
    assert setup_message(pilot) == ""
    await pilot.press("ctrl+n")
    await wait_until(pilot, lambda: screen_name(pilot) == "ModeScreen")
    assert app.settings.rules == parse_game("octal:0.6:10")  # type: ignore[attr-defined]
    await pilot.press("escape")


async def dawsons_kayles_refuses_a_take_of_one_and_ends_with_a_stick_left(pilot: Pilot) -> None:
    screen = await to_game_board(pilot, "octal-0.07", "1", sticks="5")
    assert "take 2 sticks, e.g. de" in turn_text(pilot)
    await pilot.press("a", "enter")
    assert move_problem(screen).startswith(
        "The code 0.07 does not allow this move: take 1 stick from a group of 5"
    )
    assert screen.match.position == (5,)
    await pilot.press("backspace", "a", "b", "enter")
    assert screen.match.position == (3,) and move_problem(screen) == ""
    await pilot.press("c", "d", "enter")  # one stick is left, and no take of 2 fits
    assert screen.match.is_over and screen.match.position == (1,)
    assert " ".join(log_lines(pilot)[-3:]) == (  # normal play: no move loses, and it says why
        "Player 1, you lose. A group of 1 is left and no move of 0.07 fits: Player 1 cannot move "
        "and loses."
    )
    assert "A group of 1 is left and no move of 0.07 fits." in screen_text(pilot)


async def a_split_without_taking_is_typed_or_clicked_between_two_sticks(pilot: Pilot) -> None:
    """4.07: a group may be split in two without taking (4 before the point), or 2 taken. The
    split is typed as two neighbours with a bar between them, or clicked between two sticks;
    the line draws a wall there and the log says where."""
    screen = await to_game_board(pilot, "octal-any", "1", sticks="12", octal_code="4.07")
    assert "take 2 sticks or split, e.g. d|e" in turn_text(pilot)
    await pilot.press("d", "|", "e", "enter")
    assert screen.match.position == (8, 4) and move_problem(screen) == ""
    assert log_lines(pilot)[-1] == "Player 1 splits at d|e"
    view = screen.query_one(LineInput)
    assert "a b c d|e f g h i j k l" in view.render().plain  # the wall between d and e
    await pilot.press("d", "|", "e", "enter")
    assert move_problem(screen).startswith("Those two sticks are already apart")
    await pilot.press("backspace", "backspace", "backspace", "a", "|", "c", "enter")
    assert move_problem(screen).startswith("A split goes between two neighbouring sticks")
    region = view.content_region  # a line of 12 has a space between its sticks: i is the 9th
    await pilot.click(offset=(region.x + 2 * 8 - 1, region.y))  # between h and i
    assert screen.match.position == (4, 4, 4)
    assert log_lines(pilot)[-1] == "Player 2 splits at h|i"


async def a_long_line_searched_in_misere_play_is_refused(pilot: Pilot) -> None:
    """Dawson's Kayles "last move loses" has no values to read its outcomes off: they are
    searched on the app's loop (the hint, the perfect AI's moves), which froze the board for
    20 s on a line of 62 and for up to a second on a line of 30 (0.6, 0.676); the line is kept
    to 20, as --game keeps it."""
    app = pilot.app
    await choose_game(pilot, "octal-0.07", sticks="21")
    await pilot.click("#octal-misere")
    await pilot.pause()
    assert setup_message(pilot).startswith(
        "Last move loses is played on lines of 1 to 20 sticks with this code"
    )
    assert app.screen.query_one("#continue", Button).disabled
    assert app_refusal(parse_game("octal:0.6:21:misere")) == (
        "sticks", setup_message(pilot)
    )
    assert app_refusal(parse_game("octal:0.6:20:misere")) is None
    await choose_game(pilot, "octal-0.07", sticks="20")
    assert setup_message(pilot) == ""
    await pilot.click("#octal-normal")
    await choose_game(pilot, "octal-0.07", sticks="62")  # normal play: read off the values
    assert setup_message(pilot) == ""


KAYLES_MISERE_NOTE = (
    "Kayles (0.77) where the last move loses is Sticky-Nim taking 1 or 2 sticks: it is played as "
    "Sticky-Nim"
)


async def kayles_where_the_last_move_loses_says_it_is_sticky_nim(pilot: Pilot) -> None:
    """Kayles played "last move loses" is Sticky-Nim taking 1 or 2 (one rules key): the title
    bar names Sticky-Nim, and the note under the form says why, in the words of the choice."""
    app = pilot.app
    await choose_game(pilot, "octal-0.77", sticks="12")
    assert setup_message(pilot) == ""  # normal play: Kayles itself
    await pilot.click("#octal-misere")
    await pilot.pause()
    assert setup_message(pilot) == KAYLES_MISERE_NOTE
    text = screen_text(pilot)
    assert "sticks-tui — Sticky-Nim (take 1–2 adjacent)" in text
    assert "Kayles (0.77) where the last move loses is" in text  # in sight at 80x24
    assert "played as Sticky-Nim" in text
    assert not app.screen.query_one("#setup-message").has_class("error")  # a note, not a fault
    assert not app.screen.query_one("#continue", Button).disabled
    await choose_game(pilot, "octal-any", sticks="12", octal_code="0.777")  # any code of sevens
    assert setup_message(pilot) == (
        "0.777 where the last move loses is Sticky-Nim taking 1-3 sticks: it is played as "
        "Sticky-Nim"
    )
    await choose_game(pilot, "octal-any", sticks="12", octal_code="0.777777777")
    assert setup_message(pilot) == (  # Sticky-Nim's limit, as --game sticky:12:9 is refused
        "Code: 0.777777777 where the last move loses is Sticky-Nim taking 1-9 sticks, played "
        "with takes of at most 8"
    )
    assert app.screen.query_one("#continue", Button).disabled
    await choose_game(pilot, "octal-any", sticks="12", octal_code="0.07")  # not Sticky-Nim
    assert setup_message(pilot) == ""
    await choose_game(pilot, "octal-0.77", sticks="12")
    await pilot.press("ctrl+n")
    await wait_until(pilot, lambda: screen_name(pilot) == "ModeScreen")
    assert app.settings.rules == parse_game("sticky:12:2")  # type: ignore[attr-defined]
    await pilot.press("escape")
    await wait_until(pilot, lambda: screen_name(pilot) == "SetupScreen")
    assert setup_message(pilot) == KAYLES_MISERE_NOTE  # the choice kept, and its note
    await pilot.click("#octal-normal")
    await pilot.pause()


async def test_the_setup_screen_offers_the_octal_games_and_the_board_keeps_their_rules() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await check_steps(pilot, [
            kayles_is_chosen_by_name,
            any_code_is_read_and_what_cannot_be_played_is_refused,
            dawsons_kayles_refuses_a_take_of_one_and_ends_with_a_stick_left,
            a_split_without_taking_is_typed_or_clicked_between_two_sticks,
            a_long_line_searched_in_misere_play_is_refused,
            kayles_where_the_last_move_loses_says_it_is_sticky_nim,
        ], then=back_to_setup)


async def test_the_learning_ai_plays_kayles_to_the_end_and_learns_from_it() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await against(pilot, Machine.LEARNING, "octal-0.77", sticks="7")
        assert screen.rules == parse_game("octal:0.77:7")
        while not screen.match.is_over:
            line = screen.presenter.line
            first = next(i for i, here in enumerate(line.present) if here)
            await pilot.press(line.letters[first], "enter")
            await wait_until(pilot, lambda: screen.match.is_over or screen.match.to_move == 0)
        assert [row for row in log_lines(pilot) if row.startswith("AI selects ")]
        brain = screen.table.seats[1].brain
        assert brain is not None and brain.games_played == 1
        assert app.brains.has(screen.rules, app.brains.named(screen.rules, "AI"))  # kept for Kayles
        await wait_until(pilot, lambda: "1 game learned" in screen_text(pilot))

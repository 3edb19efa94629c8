"""What the app's screens say, as a person reads them at 80x24 (issue 33's words): the setup
screen greets the game chosen, the end of a game lists every key it takes, a board nobody has
moved on is left without a question, the mode screen's lists do not draw over their words, the
lab's form fits, and the room's words are a classroom's only."""

from __future__ import annotations

import pytest
from test_ui_board_tally import play_out
from test_ui_games import choose_game
from textual.pilot import Pilot
from textual.widgets import Select
from ui_helpers import make_app, screen_name, screen_text, set_input, to_board, to_mode, wait_until

from sticks_tui.engine.games import parse_game
from sticks_tui.ui.screens.board.screen import BoardScreen
from sticks_tui.ui.screens.lab.form import LabScreen
from sticks_tui.ui.screens.name import NameScreen


def lines(pilot: Pilot) -> list[str]:
    return screen_text(pilot).splitlines()


@pytest.mark.parametrize(
    ("game", "welcome"),
    [("nim", "Welcome to Nim!"), ("sticky", "Welcome to Sticky-Nim!"),
     ("takeaway", "Welcome to Take-away!"), ("sticks", "Welcome to the game of sticks!")],
)
async def test_the_setup_screen_welcomes_to_the_game_chosen(game: str, welcome: str) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await choose_game(pilot, "nim" if game == "sticks" else game)
        await choose_game(pilot, game)  # and back, for the Game of Sticks
        assert welcome in screen_text(pilot)
        assert ("game of sticks" in screen_text(pilot)) == (game == "sticks")


async def test_the_end_of_a_game_lists_every_key_it_takes() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await to_board(pilot, "1", sticks=10)
        screen = pilot.app.screen
        assert isinstance(screen, BoardScreen)
        assert "New setup" not in lines(pilot)[-1]  # in the game: its moves have the room
        await play_out(pilot, screen, to_win=True)
        await pilot.pause()
        assert lines(pilot)[-1].startswith(" a Play again  n New setup  l Leaderboard  q Quit")
        await pilot.press("l")
        await wait_until(pilot, lambda: screen_name(pilot) == "LeaderboardScreen")


async def test_a_board_where_nobody_moved_yet_is_left_without_a_question() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await to_board(pilot, "1", sticks=10)
        await pilot.press("n")  # nothing to lose: straight to the setup
        await wait_until(pilot, lambda: screen_name(pilot) == "SetupScreen")
        await pilot.press("ctrl+n")
        await wait_until(pilot, lambda: screen_name(pilot) == "ModeScreen")
        await pilot.press("1")
        await wait_until(pilot, lambda: screen_name(pilot) == "BoardScreen")
        await pilot.press("q")
        await wait_until(pilot, lambda: not app.is_running)
    assert app.return_code == 0


async def test_a_lists_open_on_the_mode_screen_leaves_the_words_beside_it_whole() -> None:
    """At 80x24 the level's list, open, drew over "vs" all but its v: "vmixed"."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await to_mode(pilot, 10)
        level = pilot.app.screen.query_one("#level", Select)
        level.focus()
        await pilot.pause()
        await pilot.press("enter")  # the list opens over the rows below it
        await wait_until(pilot, lambda: level.expanded)
        await pilot.pause()
        watch_row = next(line for line in lines(pilot) if "▼" in line)  # the left side's
        assert "vmixed" not in watch_row and " vs mixed" in watch_row
        await pilot.press("escape")


async def test_the_labs_form_of_a_long_named_game_fits_80x24() -> None:
    """Take-away {2, 5, 7}'s title wrapped and pushed the last help line off the screen."""
    app = make_app()
    app.settings.choose(parse_game("takeaway:2,5,7"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        pilot.app.push_screen(LabScreen())
        await wait_until(pilot, lambda: screen_name(pilot) == "LabScreen")
        await pilot.pause()
        shown = lines(pilot)
        assert shown[1] == (
            " Training lab · Take-away {2, 5, 7}, last stick loses, from 20".ljust(80)
        )
        assert shown[2].strip() == ""  # one line
        assert "learned, d discards it, p keeps it and plays you with it." in shown[-2]


async def to_room(pilot: Pilot) -> str:
    await pilot.press("ctrl+l")
    await wait_until(pilot, lambda: screen_name(pilot) == "LeaderboardScreen")
    footer = lines(pilot)[-1]
    await pilot.press("r")
    await wait_until(pilot, lambda: screen_name(pilot) == "RoomScreen")
    await wait_until(pilot, lambda: "against" in screen_text(pilot).split("yet", 1)[0])
    return footer


async def test_a_terminal_shows_the_learning_ais_brain_in_no_rooms_words() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        footer = await to_room(pilot)
        assert "r AI's brain" in footer
        said = " ".join(screen_text(pilot).split())
        assert "The learning AI's brain: AI (hats) for Game of Sticks." in said
        assert "No game against people yet" in said
        assert "Read again every 2 seconds, as games are played." in said
        assert "room" not in said and "tab" not in said


async def test_a_classrooms_tab_shows_the_rooms_brain_in_its_words() -> None:
    app = make_app(served=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, NameScreen))
        await set_input(pilot, "#player-name", "Ada")
        await pilot.press("enter")
        await wait_until(pilot, lambda: screen_name(pilot) == "SetupScreen")
        footer = await to_room(pilot)
        assert "r Room's brain" in footer
        said = " ".join(screen_text(pilot).split())
        assert "The room's brain: AI (hats) for Game of Sticks." in said
        assert "in any tab, teaches it" in said and "as the room plays" in said
        assert "No game against the room yet" in said

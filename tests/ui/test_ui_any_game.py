"""A game the app has never heard of plays through the plain presenter: Wythoff's game, defined
only in the tests (tests/engine/wythoff_game.py), registered for these tests and removed after.

It is chosen as ``sticks-tui --game wythoff:3,5`` chooses it (``app.settings.choose``), shown on
the setup screen by its name, and played to the end by two friends and against the random AI.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import RichLog, Select, Static
from ui_helpers import make_app, screen_name, screen_text, wait_until

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "engine"))  # wythoff_game

from wythoff_game import FAMILY, Wythoff  # noqa: E402

from sticks_tui.engine.games import register_game, unregister_game  # noqa: E402
from sticks_tui.engine.machines import Machine
from sticks_tui.ui.app import SticksApp  # noqa: E402
from sticks_tui.ui.presenters import MoveButton  # noqa: E402
from sticks_tui.ui.screens.board.screen import BoardScreen


@pytest.fixture(autouse=True)
def _wythoff_registered() -> Iterator[None]:
    register_game(FAMILY)
    try:
        yield
    finally:
        unregister_game(FAMILY.name)


def wythoff_app() -> SticksApp:
    app = make_app()
    app.settings.choose(Wythoff((3, 5)))
    return app


def board(pilot: Pilot) -> BoardScreen:
    screen = pilot.app.screen
    assert isinstance(screen, BoardScreen)
    return screen


def log_lines(pilot: Pilot) -> list[str]:
    return [strip.text.rstrip() for strip in board(pilot).query_one("#log", RichLog).lines]


async def to_board(pilot: Pilot, mode_key: str, machine: Machine | None = None) -> BoardScreen:
    """From the setup screen, Wythoff's game as chosen, to the board in the mode given."""
    await pilot.pause()
    assert pilot.app.screen.query_one("#game", Select).selection is not None
    await pilot.press("ctrl+n")
    await wait_until(pilot, lambda: screen_name(pilot) == "ModeScreen")
    if machine is not None:
        pilot.app.screen.query_one("#level", Select).value = machine
        await pilot.pause()
    await pilot.press(mode_key)
    await wait_until(pilot, lambda: screen_name(pilot) == "BoardScreen")
    return board(pilot)


async def test_the_setup_screen_offers_a_game_without_fields_by_its_name() -> None:
    app = wythoff_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = screen_text(pilot)
        assert "Wythoff 3, 5" in text and "Rules as given" in text
        assert "Sticks (10-100)" not in text


async def test_two_friends_play_wythoff_by_number_keys_and_buttons() -> None:
    app = wythoff_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await to_board(pilot, "1")
        assert screen.match.position == (3, 5)
        assert "3,5" in str(screen.query_one("#position-text", Static).render())
        # 11 moves from (3, 5): "1" might start 10 or 11, so it waits; "3" makes it move 3
        await pilot.press("1")
        assert screen.match.position == (3, 5)
        await pilot.press("backspace", "3")
        assert screen.match.position == (0, 5)
        buttons = list(screen.query(MoveButton))
        assert [button.move for button in buttons] == [(0, k) for k in range(1, 6)]
        await pilot.click(buttons[-1])
        await wait_until(pilot, lambda: screen.match.is_over)
        assert log_lines(pilot)[1:] == [
            "Player 1 takes 3:0",
            "Player 2 takes 0:5",
            "Player 1, you lose.",  # normal play: Player 1 cannot move
        ]
        standings = {row.name: row for row in app.records.standings()}
        assert standings["Player 1"].losses == 1 and standings["Player 2"].wins == 1


async def test_a_person_plays_wythoff_to_the_end_against_the_random_ai() -> None:
    app = wythoff_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await to_board(pilot, "2", Machine.RANDOM)
        assert screen.table.seats[1].name == Machine.RANDOM.value
        assert screen.rules == Wythoff((3, 5)) and screen.query("#position-text")
        for _ in range(20):
            if screen.match.is_over:
                break
            await wait_until(
                pilot, lambda: screen.match.is_over or screen.table.seats[
                    screen.match.to_move].is_human
            )
            if not screen.match.is_over:
                before = screen.match.position
                await pilot.press("1")  # the first legal move: one from the first heap
                if getattr(screen.presenter, "typed", ""):  # 10 moves or more: "1" waits
                    await pilot.press("enter")
                await wait_until(pilot, lambda: screen.match.position != before)
        await wait_until(pilot, lambda: screen.match.is_over)
        lines = log_lines(pilot)
        assert lines[-1] in ("You lose.", "Random AI loses.")
        assert not any(line.startswith("-- game") for line in lines)  # one game only
        assert "Player 1 takes " in "\n".join(log_lines(pilot))
        assert {row.name for row in app.records.standings()} >= {"Player 1", "Random AI"}


async def test_a_registered_game_is_offered_on_the_setup_screen_without_being_chosen() -> None:
    app = make_app()  # no --game: the registry alone puts Wythoff's game on the list
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        choices = [label for label, _value in app.screen.query_one("#game", Select)._options]
        assert choices == [
            "Game of Sticks", "Take-away", "Nim", "Sticky-Nim", "Kayles (0.77)",
            "Dawson's Kayles (0.07)", "Dawson's Chess (0.137)", "Treblecross (0.007)",
            "Octal game (any code)", "Wythoff 3, 5",
        ]
        app.screen.query_one("#game", Select).value = "wythoff"
        await pilot.pause()
        assert "Rules as given" in screen_text(pilot)
        await pilot.press("ctrl+n")
        await wait_until(pilot, lambda: screen_name(pilot) == "ModeScreen")
        assert app.settings.rules == Wythoff((3, 5))

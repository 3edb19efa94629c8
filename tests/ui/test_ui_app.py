"""Leaderboard, help, quitting, the command palette, and the app's settings from the environment."""

from __future__ import annotations

import pytest
from textual.pilot import Pilot
from textual.widgets import DataTable, Input, Markdown
from ui_helpers import (
    back_to_setup,
    check_steps,
    make_app,
    palette_highlights,
    screen_name,
    to_board,
    training_done,
    wait_until,
)

from sticks_tui.storage.records import MemoryRecords
from sticks_tui.cli.app import ConfigError, ai_delay_from_env, training_games_from_env


def rows(pilot) -> list[list[str]]:  # noqa: ANN001
    table = pilot.app.screen.query_one(DataTable)
    return [[str(cell) for cell in table.get_row_at(i)] for i in range(table.row_count)]


async def test_leaderboard_is_updated_by_every_finished_game_and_sorted_by_rating() -> None:
    records = MemoryRecords()
    records.record_game("Hal", "Marvin", game="sticks")
    app = make_app(records=records)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_board(pilot, "1", sticks=10)
        await pilot.press("3", "3", "3", "1")  # Player 2 loses
        await pilot.press("a", "3", "3", "3", "1")  # and again
        await pilot.press("l")
        assert screen_name(pilot) == "LeaderboardScreen"
        assert rows(pilot) == [
            ["Player 1", "2", "2", "0", "+2"],
            ["Hal", "1", "1", "0", "+1"],
            ["Marvin", "1", "0", "1", "-1"],
            ["Player 2", "2", "0", "2", "-2"],
        ]
        await pilot.press("escape")
        assert screen_name(pilot) == "BoardScreen"
        await pilot.press("a", "1", "3", "3", "2", "1")  # Player 1 loses this time
        await pilot.press("l")
        assert rows(pilot)[0] == ["Player 1", "3", "2", "1", "+1"]


async def empty_leaderboard_says_so(pilot: Pilot) -> None:
    await pilot.press("ctrl+l")
    assert screen_name(pilot) == "LeaderboardScreen"
    assert rows(pilot) == [["(no games yet)", "", "", "", ""]]


async def help_explains_the_rules_and_keys(pilot: Pilot) -> None:
    await pilot.press("f1")
    assert screen_name(pilot) == "HelpScreen"
    markdown = pilot.app.screen.query_one(Markdown)
    assert "Whoever takes the last stick loses" in markdown.source
    await pilot.press("escape")
    assert screen_name(pilot) == "SetupScreen"


async def test_q_quits_from_the_board() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await to_board(pilot, "1")
        await pilot.press("1", "q")  # in the middle of a game: it asks first
        await wait_until(pilot, lambda: screen_name(pilot) == "LeaveGameScreen")
        await pilot.press("y")
        await wait_until(pilot, lambda: not app.is_running)
    assert app.return_code == 0
    assert not app.is_running


async def test_ctrl_q_quits_even_while_typing_a_name_and_q_is_typed() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        pilot.app.screen.query_one("#name1").focus()
        await pilot.press("end", "q")
        assert pilot.app.screen.query_one("#name1", Input).value == "Player 1q"
        assert app.is_running
        await pilot.press("ctrl+q")
        await pilot.pause()
    assert not app.is_running


async def command_palette_offers_every_screen(pilot: Pilot) -> None:
    app = pilot.app
    titles = {command.title for command in app.get_system_commands(app.screen)}
    assert {"Setup", "Mode", "Training", "Watch", "Leaderboard", "Help"} <= titles
    await pilot.press("ctrl+p")
    await wait_until(pilot, lambda: screen_name(pilot) == "CommandPalette")
    await pilot.press(*"Leaderboard")
    await wait_until(pilot, lambda: palette_highlights(pilot, "Leaderboard"))
    await pilot.press("enter")
    await wait_until(pilot, lambda: screen_name(pilot) == "LeaderboardScreen")


async def choose_in_palette(pilot, title: str) -> None:  # noqa: ANN001
    """Open the command palette (ctrl+p), type ``title`` and choose it (Enter) once it is the
    command highlighted, as a person does."""
    from textual.command import CommandList

    def highlighted() -> bool:
        commands = pilot.app.screen.query(CommandList)
        if not commands or commands.first().highlighted is None:
            return False
        options = commands.first()
        prompt = options.get_option_at_index(options.highlighted).prompt
        return str(getattr(prompt, "plain", prompt)).splitlines()[0].strip() == title

    await pilot.press("ctrl+p")
    await wait_until(pilot, lambda: screen_name(pilot) == "CommandPalette")
    await pilot.press(*title)
    await wait_until(pilot, highlighted)
    await pilot.press("enter")


async def palette_watch_starts_a_game_between_machines(pilot: Pilot) -> None:
    # the machines wait: what is checked is who plays (at no pause a watch keeps the interface
    # busy, and each pause of the test waits a whole second of its games)
    pilot.app.ai_delay = 1000.0
    await choose_in_palette(pilot, "Watch")
    await wait_until(pilot, lambda: screen_name(pilot) == "BoardScreen")
    seats = pilot.app.screen.table.seats  # type: ignore[attr-defined]
    assert not seats[0].is_human and not seats[1].is_human
    # The board's title bar is still being mounted: leaving the app before that is over
    # makes Textual's Header look for a title that is gone (a race of the test's exit).
    await pilot.pause()


def test_settings_from_the_environment_are_checked() -> None:
    assert training_games_from_env({}) == 100_000
    assert training_games_from_env({"STICKS_TUI_TRAINING_GAMES": "250"}) == 250
    assert ai_delay_from_env({"STICKS_TUI_AI_DELAY": "0"}) == 0.0
    for bad in ("0", "-5", "abc", "1e9", "99999999999"):
        with pytest.raises(ConfigError, match="STICKS_TUI_TRAINING_GAMES"):
            training_games_from_env({"STICKS_TUI_TRAINING_GAMES": bad})
    for bad in ("-1", "soon", "nan", "100"):
        with pytest.raises(ConfigError, match="STICKS_TUI_AI_DELAY"):
            ai_delay_from_env({"STICKS_TUI_AI_DELAY": bad})


async def test_screenshot_script_saves_the_board(tmp_path) -> None:  # noqa: ANN001
    import importlib.util
    from pathlib import Path

    tool = Path(__file__).resolve().parents[2] / "tools" / "screenshot.py"
    spec = importlib.util.spec_from_file_location("screenshot", tool)
    assert spec is not None and spec.loader is not None
    screenshot = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(screenshot)
    out = await screenshot.take(tmp_path / "shots" / "board.svg", (100, 30))
    svg = out.read_text(encoding="utf-8").replace("&#160;", " ")
    assert svg.startswith("<svg")
    assert "Marvin" in svg and "hats" in svg and "sticks on the board" in svg


def test_run_app_reports_a_crash_as_a_failing_exit_status(monkeypatch, tmp_path) -> None:
    """Textual shows the error and returns None; the exit status must still say it failed."""
    from sticks_tui.ui import app as app_module

    def crashed_run(self, *args, **kwargs):
        self._return_code = 1  # what Textual records when an exception stops the app
        return None

    monkeypatch.setattr(app_module.SticksApp, "run", crashed_run)
    assert app_module.run_app(data_dir=str(tmp_path)) == 1
    monkeypatch.setattr(app_module.SticksApp, "run", lambda self, *a, **k: None)
    assert app_module.run_app(data_dir=str(tmp_path)) == 0


async def palette_training_opens_the_training_screen(pilot: Pilot) -> None:
    await choose_in_palette(pilot, "Training")
    await wait_until(pilot, lambda: screen_name(pilot) == "LabRunScreen")
    await training_done(pilot)


async def test_every_screen_opens_by_its_key_or_from_the_command_palette() -> None:
    """Steps on one app, each from the setup screen: the empty leaderboard before any game is
    played, the palette's watch, which plays on, last."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await check_steps(pilot, [
            empty_leaderboard_says_so,
            help_explains_the_rules_and_keys,
            command_palette_offers_every_screen,
            palette_training_opens_the_training_screen,
            palette_watch_starts_a_game_between_machines,
        ], then=back_to_setup)

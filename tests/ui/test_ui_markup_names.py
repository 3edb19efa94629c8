"""Players' names are shown as typed, never read as markup (issue 15, item 1).

A name is whatever a person typed: on the setup screen, as ``--player1``/``--player2``, or in
the classic console, which saves it in the leaderboard. Rich/Textual markup in such a name must
not colour anything, make a link, run an action on a click, or stop the app ("[/]" used to stop
it with a MarkupError, and every later visit to the leaderboard with it). Each test reads the
screen as drawn (``screen_text``), so a name shown with its brackets eaten fails.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import DataTable, RadioButton, RichLog, Static
from textual.widgets._toast import Toast
from ui_helpers import (
    make_app,
    screen_name,
    screen_text,
    set_input,
    to_mode,
    training_done,
    wait_until,
)

from sticks_tui.cli.main import main
from sticks_tui.engine import HatBrain, game_of_sticks
from sticks_tui.engine.machines import Machine
from sticks_tui.storage.sqlite.store import SqliteStore
from sticks_tui.ui.app import SticksApp
from sticks_tui.ui.screens.board.screen import BoardScreen
from sticks_tui.ui.screens.lab.run import LabRunScreen
from sticks_tui.ui.session import Mode, Table, human_seat, machine_seat

QUIT_ON_CLICK = "[@click=app.quit]Q[/]"
LINK = "[link=file:///etc/passwd]a[/link]"
#: Names that markup would read; each pair can sit at one table (they differ, none is an AI's).
PAIRS = [
    ("[/]", "[red]x[/red]"),
    (QUIT_ON_CLICK, LINK),
    ("[bold]", ":smile:"),
    ("\\[b]x", "[b]Ann[/b"),
]
NAMES = [name for pair in PAIRS for name in pair]
WIDE = (120, 36)  # room for two names of 33 characters side by side


async def shown(pilot: Pilot, *texts: str) -> None:
    """Each of ``texts`` comes on the screen, character for character (the screen may still be
    drawing when it has just been pushed)."""
    try:
        await wait_until(pilot, lambda: all(map(screen_text(pilot).__contains__, texts)))
    except AssertionError:
        screen = screen_text(pilot)
        missing = [text for text in texts if text not in screen]
        raise AssertionError(f"{missing!r} not on the {screen_name(pilot)}:\n{screen}") from None


def who_starts(pilot: Pilot) -> list[str]:
    """The labels of the setup screen's "who starts" buttons, as drawn (not as markup)."""
    return [str(button.label) for button in pilot.app.screen.query("#first RadioButton")]


def log_lines(pilot: Pilot) -> list[str]:
    return [strip.text.rstrip() for strip in pilot.app.screen.query_one("#log", RichLog).lines]


def static_text(pilot: Pilot, selector: str) -> str:
    return str(pilot.app.screen.query_one(selector, Static).render())


async def names_on_setup(pilot: Pilot, first: str, second: str) -> None:
    """Type both names into the setup screen key by key, as a person would."""
    await set_input(pilot, "#name1", first, type_it=True)
    await set_input(pilot, "#name2", second, type_it=True)


@pytest.mark.parametrize(("first", "second"), PAIRS)
async def test_names_typed_on_setup_are_shown_as_typed_through_a_whole_game(
    first: str, second: str
) -> None:
    app = make_app()
    async with app.run_test(size=WIDE) as pilot:
        await names_on_setup(pilot, first, second)
        assert who_starts(pilot) == [first, second]
        await shown(pilot, first)  # (the second may be cut at the form's edge: checked above)

        await pilot.press("enter")
        await wait_until(pilot, lambda: screen_name(pilot) == "ModeScreen")
        assert static_text(pilot, "#mode-summary").endswith(
            f"{first} against {second}, {first} starts. Against the computer, "
            f"the AI takes {second}'s place."
        )
        await shown(pilot, first, second)  # (the summary wraps between words)

        await pilot.press("1")  # a friend
        await wait_until(pilot, lambda: screen_name(pilot) == "BoardScreen")
        assert static_text(pilot, "#turn") == f"{first}: take 1-3 sticks"
        await shown(pilot, f"{first}: take 1-3 sticks", f"{first} vs {second} · 20 sticks")
        await pilot.press("3", "3", "3", "3", "3", "3", "1", "1")  # 20 sticks; second takes last
        assert static_text(pilot, "#turn") == f"{second}, you lose."
        assert log_lines(pilot)[-3:] == [
            f"{first} takes 1", f"{second} takes 1", f"{second}, you lose."
        ]
        await shown(pilot, f"{first} takes 1", f"{second}, you lose.")

        await pilot.press("l")
        await wait_until(pilot, lambda: screen_name(pilot) == "LeaderboardScreen")
        await shown(pilot, first, second)
        table = app.screen.query_one(DataTable)
        assert [str(table.get_row_at(i)[0]) for i in range(table.row_count)] == [first, second]
        assert app.is_running


async def test_names_with_markup_meet_every_kind_of_opponent() -> None:
    """Against the learning AI (with F2's analysis), the trained AI and in watch mode."""
    first, second = "[/]", QUIT_ON_CLICK
    app = make_app()
    async with app.run_test(size=WIDE) as pilot:
        await names_on_setup(pilot, first, second)
        await to_mode(pilot, 10)
        await pilot.press("2")  # the learning AI takes the second player's place
        await wait_until(pilot, lambda: screen_name(pilot) == "BoardScreen")
        await shown(pilot, f"{first}: take 1-3 sticks", f"{first} vs AI · 10 sticks", "AI (hats)")
        await pilot.press("f2")
        await wait_until(pilot, lambda: screen_name(pilot) == "AnalysisScreen")
        await shown(pilot, "What AI has learned")
        await pilot.press("escape")
        await wait_until(pilot, lambda: screen_name(pilot) == "BoardScreen")

        await pilot.press("escape", "y", "3")  # leave, to the mode screen: the trained AI
        await wait_until(pilot, lambda: screen_name(pilot) == "LabRunScreen")
        training = app.screen
        assert isinstance(training, LabRunScreen)
        await training_done(pilot)
        await wait_until(pilot, lambda: training.result is not None)
        await pilot.press("enter")
        await wait_until(pilot, lambda: screen_name(pilot) == "BoardScreen")
        await shown(pilot, f"{first}: take 1-3 sticks", f"{first} vs Trained AI")

        await pilot.press("escape", "y", "4")  # watch: the machines play, the names stay as typed
        await wait_until(pilot, lambda: screen_name(pilot) == "BoardScreen")
        board = app.screen
        assert isinstance(board, BoardScreen) and board.table.mode is Mode.WATCH
        # the watch stops after its first game: at no AI pause it would play on, keeping the
        # interface busy, and each pause and key of the test would wait a second of its games
        board.watched.pause_after = 1
        await wait_until(pilot, lambda: board.match.is_over)
        await pilot.press("escape")
        await wait_until(pilot, lambda: screen_name(pilot) == "ModeScreen")
        await shown(pilot, first, second)
        assert app.is_running


async def test_the_leaderboard_shows_names_the_console_saved_as_they_were_typed(
    tmp_path: Path,
) -> None:
    """The rows stay in the store: the leaderboard opens with them, again and again."""
    with SqliteStore.open(tmp_path) as store:
        for winner, loser in PAIRS:
            store.record_game(winner, loser, game="sticks")
    app = SticksApp(records=SqliteStore.open(tmp_path), ai_delay=0)
    async with app.run_test(size=WIDE) as pilot:
        for _visit in range(2):
            await pilot.press("ctrl+l")
            await wait_until(pilot, lambda: screen_name(pilot) == "LeaderboardScreen")
            await shown(pilot, *NAMES)
            table = app.screen.query_one(DataTable)
            names = {str(table.get_row_at(i)[0]) for i in range(table.row_count)}
            assert names == set(NAMES)
            await pilot.press("escape")
            await wait_until(pilot, lambda: screen_name(pilot) == "SetupScreen")
        assert app.is_running


async def test_a_click_on_a_name_on_the_leaderboard_runs_nothing(tmp_path: Path) -> None:
    with SqliteStore.open(tmp_path) as store:
        store.record_game(QUIT_ON_CLICK, "Ann", game="sticks")  # first row: the best rating
    app = SticksApp(records=SqliteStore.open(tmp_path), ai_delay=0)
    async with app.run_test(size=WIDE) as pilot:
        await pilot.press("ctrl+l")
        await wait_until(pilot, lambda: screen_name(pilot) == "LeaderboardScreen")
        await shown(pilot, QUIT_ON_CLICK)
        for column in range(1, 6):  # the first characters of the name cell, header row above
            await pilot.click(DataTable, offset=(column, 1))
            await pilot.pause()
        assert app.is_running
        assert screen_name(pilot) == "LeaderboardScreen"


async def test_a_click_on_a_name_on_the_setup_screen_only_chooses_who_starts() -> None:
    app = make_app()
    async with app.run_test(size=WIDE) as pilot:
        await names_on_setup(pilot, "Ann", QUIT_ON_CLICK)
        for column in range(9):  # the button and its label: the second "who starts" button
            await pilot.click("#first2", offset=(column, 0))
            await pilot.pause()
        assert app.is_running
        assert app.screen.query_one("#first2", RadioButton).value


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[SticksApp]:
    """Stand in for the terminal: keep the app ``sticks-tui`` would run, to run it here."""
    apps: list[SticksApp] = []

    def run(self: SticksApp, *args: object, **kwargs: object) -> int:
        apps.append(self)
        return 0

    monkeypatch.setattr(SticksApp, "run", run)
    return apps


@pytest.mark.parametrize(("first", "second"), PAIRS)
async def test_names_given_as_player1_and_player2_are_shown_as_typed(
    started: list[SticksApp], tmp_path: Path, first: str, second: str
) -> None:
    assert main(["--data-dir", str(tmp_path), "--player1", first, "--player2", second]) == 0
    (app,) = started
    app.ai_delay = 0
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        assert who_starts(pilot) == [first, second]
        await shown(pilot, first)
        await to_mode(pilot, 10)
        await shown(pilot, first, second)
        assert app.is_running


async def test_a_warning_names_the_data_directory_as_it_was_given(
    started: list[SticksApp], tmp_path: Path
) -> None:
    """The directory is the user's words too: "[red]x[/red]" in its path is not a colour."""
    blocked = tmp_path / "[red]x[/red]"  # "[red]x[" holds a *file* called "red]"
    blocked.parent.mkdir(parents=True)
    blocked.write_text("in the way")
    data_dir = f"{blocked}/[/]/data"
    assert main(["--data-dir", data_dir]) == 0
    (app,) = started
    async with app.run_test(size=WIDE, notifications=True) as pilot:
        await wait_until(pilot, lambda: bool(app.screen.query(Toast)))
        (toast,) = app.screen.query(Toast)
        message = str(toast.render())
        assert "without saving" in message and str(blocked) in message
        assert app.is_running


async def test_an_ai_named_with_brackets_is_shown_as_named_on_the_board() -> None:
    """The board's hat chart, prompt, log and result name an AI seat as written, too."""
    rules = game_of_sticks(10)
    ai_name = "[red]Hal[/red]"
    app = make_app()
    async with app.run_test(size=WIDE) as pilot:
        ai = machine_seat(
            Machine.LEARNING, ai_name, rules, random.Random(1), learner=HatBrain(rules)
        )
        table = Table(Mode.COMPUTER, rules, (human_seat("[/]"), ai), first=1)
        board = BoardScreen(table)
        await app.push_screen(board)
        await wait_until(pilot, lambda: board.match.to_move == 0)  # the AI has moved
        await shown(pilot, f"{ai_name} (hats)", f"{ai_name} selects", "[/] vs [red]Hal[/red]")
        assert app.is_running

"""Opening the analysis never holds the keys (issue 22): the hats are read and the table laid out
in a thread, and the table then draws only the lines on screen. The test holds the reading
until it lets it go: the order of events is asserted, never a time."""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest
from textual.widgets import Static, TabbedContent
from ui_helpers import make_app, screen_name, screen_text, wait_until

from sticks_tui.engine.analysis import Analysis
from sticks_tui.engine.game import Rules
from sticks_tui.engine.games import parse_game
from sticks_tui.ui.screens.analysis import screen as screen_module
from sticks_tui.ui.screens.analysis.screen import AnalysisScreen
from sticks_tui.ui.widgets.lines_table import LinesTable

SIZE = (80, 24)
NIM = "nim:1,3,5,7"  # 383 positions reachable from the start: a table of 383 rows


async def test_keys_are_answered_while_the_hats_are_read_and_the_table_comes_whole(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    reading, go = threading.Event(), threading.Event()
    analyse = screen_module.analyse_game

    def held(learner: object, rules: Rules, each: Callable[[], object]) -> Analysis:
        reading.set()
        go.wait()
        return analyse(learner, rules, each)  # type: ignore[arg-type]

    monkeypatch.setattr(screen_module, "analyse_game", held)
    app = make_app()
    app.settings.choose(parse_game(NIM))
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("f2")
            await wait_until(pilot, lambda: screen_name(pilot) == "AnalysisScreen")
            screen = app.screen
            assert isinstance(screen, AnalysisScreen)
            await wait_until(pilot, reading.is_set)
            await pilot.press("c")  # answered while the hats are read
            tabs = screen.query_one(TabbedContent)
            await wait_until(pilot, lambda: tabs.active == "analysis-learning")
            table = screen.query_one(LinesTable)
            assert screen.working and not go.is_set() and table.row_count == 0
            await pilot.press("t")
            await wait_until(pilot, lambda: tabs.active == "analysis-positions")
            go.set()
            await wait_until(pilot, lambda: not screen.working)
            assert table.row_count == 383  # every position at once, laid out in the thread
            assert "Working" not in str(screen.query_one("#analysis-rules", Static).render())
            await pilot.press("end")  # the last row is drawn when the cursor goes there
            await wait_until(pilot, lambda: table.cursor_row == 382)
            assert table.row_at(382)[0] in screen_text(pilot)
    finally:
        go.set()


async def test_a_fault_in_the_work_is_said_instead_of_working_forever(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def broken(learner: object, rules: Rules, each: Callable[[], object]) -> Analysis:
        raise RuntimeError("a fault in the reading")

    monkeypatch.setattr(screen_module, "analyse_game", broken)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("f2")
        await wait_until(pilot, lambda: screen_name(pilot) == "AnalysisScreen")
        screen = app.screen
        assert isinstance(screen, AnalysisScreen)
        await wait_until(pilot, lambda: not screen.working)
        title = str(screen.query_one("#analysis-title", Static).render())
        assert title == "AI: the analysis stopped: a fault in the reading"
        assert "Working" not in screen_text(pilot)
        await pilot.press("escape")
        await wait_until(pilot, lambda: screen_name(pilot) == "SetupScreen")

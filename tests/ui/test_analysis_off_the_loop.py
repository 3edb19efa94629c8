"""Opening the analysis never holds the keys (issue 22): the hats are read in a thread, and the
table's hundreds of rows are added a few at a time, a key answered between two steps. The test
holds the reading, and then the filling, until it lets them go: the order of events is
asserted, never a time."""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest
from textual.widgets import DataTable, Static, TabbedContent
from ui_helpers import make_app, screen_name, wait_until

from sticks_tui.engine.analysis import Analysis
from sticks_tui.engine.game import AnyRuleSet
from sticks_tui.engine.games import parse_game
from sticks_tui.ui.screens.analysis import screen as screen_module
from sticks_tui.ui.screens.analysis.screen import FILL_STEP
from sticks_tui.ui.screens.analysis.screen import AnalysisScreen

SIZE = (80, 24)
NIM = "nim:1,3,5,7"  # 383 positions reachable from the start: a table of 383 rows


async def test_keys_are_answered_while_the_hats_are_read_and_while_the_table_fills(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    reading, go = threading.Event(), threading.Event()
    analyse = screen_module.analyse_game

    def held(learner: object, rules: AnyRuleSet) -> Analysis:
        reading.set()
        go.wait()
        return analyse(learner, rules)  # type: ignore[arg-type]

    monkeypatch.setattr(screen_module, "analyse_game", held)
    app = make_app()
    app.settings.choose(parse_game(NIM))
    steps: list[Callable[[], None]] = []
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("f2")
            await wait_until(pilot, lambda: screen_name(pilot) == "AnalysisScreen")
            screen = app.screen
            assert isinstance(screen, AnalysisScreen)
            screen.later = steps.append  # the table's steps wait for the test
            await wait_until(pilot, reading.is_set)
            await pilot.press("c")  # answered while the hats are read
            tabs = screen.query_one(TabbedContent)
            await wait_until(pilot, lambda: tabs.active == "analysis-learning")
            assert screen.working and not go.is_set()
            go.set()
            await wait_until(pilot, lambda: len(steps) == 1)  # the first rows are in
            table = screen.query_one(DataTable)
            assert table.row_count == FILL_STEP and screen.working
            rules = " ".join(str(screen.query_one("#analysis-rules", Static).render()).split())
            assert rules == f"Working… filling the table: {FILL_STEP} of 383 rows"
            await pilot.press("t")  # answered while the table fills
            await wait_until(pilot, lambda: tabs.active == "analysis-positions")
            assert table.row_count == FILL_STEP and screen.working
            while steps:
                steps.pop()()
                await pilot.pause()
            assert table.row_count == 383 and not screen.working
            assert "Working" not in str(screen.query_one("#analysis-rules", Static).render())
    finally:
        go.set()

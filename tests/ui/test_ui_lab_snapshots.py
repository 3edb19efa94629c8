"""Snapshots of the training lab: its form, a run at its start (at the slow speed it starts at,
its first move shown), and a run paused at a fixed game (seeded, so the same games are played
and the same hats, tally and curve are drawn every time)."""

from __future__ import annotations

import pytest
from test_ui_lab import open_lab, start
from textual.pilot import Pilot
from ui_helpers import make_app, still_cursor, wait_until

from sticks_tui.engine import Nim, game_of_sticks
from sticks_tui.engine.pacing import MoveSeen
from sticks_tui.ui.screens.lab.run import LabRunScreen
from sticks_tui.ui.speed import SpeedControl


def test_lab_form(snap_compare) -> None:
    async def run_before(pilot: Pilot) -> None:
        await open_lab(pilot, game_of_sticks(20), speed=None)  # as a person finds it
        await still_cursor(pilot)

    assert snap_compare(make_app(), run_before=run_before)


def test_lab_at_its_start_at_the_slow_speed(snap_compare, monkeypatch) -> None:
    """The first moment of a run as a person starts it: quick moves, the first move on the
    hats and in words, no rate yet. Training is held after that move (not paused: the screen
    is as it runs) so that the picture does not depend on when it is taken."""

    def held_after_the_move(self: SpeedControl, move: MoveSeen) -> None:
        if self.on_move is not None:
            self.on_move(move)
        self._stopped.wait()  # until the screen goes

    monkeypatch.setattr(SpeedControl, "_watch", held_after_the_move)

    async def run_before(pilot: Pilot) -> None:
        await open_lab(pilot, game_of_sticks(20), speed=None)
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(pilot.app.screen, LabRunScreen))
        screen = pilot.app.screen
        assert isinstance(screen, LabRunScreen) and screen.control.speed.label == "quick moves"
        await wait_until(pilot, lambda: "game 1: " in str(screen.query_one("#run-move").render()))
        await pilot.pause()

    assert snap_compare(make_app(), terminal_size=(80, 24), run_before=run_before)


def paused_at(games: int, rules: object) -> object:
    async def run_before(pilot: Pilot) -> None:
        await open_lab(pilot, rules, pause_after=games)  # type: ignore[arg-type]
        screen = await start(pilot, 20_000)
        assert isinstance(screen, LabRunScreen)
        await wait_until(
            pilot, lambda: screen.control.paused and screen.games_done == games, tries=3000
        )
        await pilot.pause()

    return run_before


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_lab_paused_mid_run(snap_compare, size) -> None:
    run_before = paused_at(1500, game_of_sticks(20))
    assert snap_compare(make_app(), terminal_size=size, run_before=run_before)


def test_lab_paused_mid_run_nim(snap_compare) -> None:
    run_before = paused_at(300, Nim((1, 3, 5)))
    assert snap_compare(make_app(), terminal_size=(80, 24), run_before=run_before)

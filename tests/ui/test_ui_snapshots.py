"""Snapshot tests: each screen at 80x24 (and the board larger), with seeds fixed.

Regenerate after an intended change with
``python -m pytest tests/ui/test_ui_snapshots.py --snapshot-update`` and look at the SVGs.
"""

from __future__ import annotations

from textual.pilot import Pilot
from textual.widgets import Select
from ui_helpers import (
    make_app,
    set_input,
    still_cursor,
    to_board,
    to_mode,
    training_done,
    wait_until,
)

from sticks_tui.engine.machines import Machine
from sticks_tui.storage.records import MemoryRecords
from sticks_tui.ui.screens.board.screen import BoardScreen


def test_setup_screen(snap_compare) -> None:  # noqa: ANN001
    assert snap_compare(make_app(), run_before=still_cursor)


def test_setup_screen_refuses_a_bad_number(snap_compare) -> None:  # noqa: ANN001
    async def run_before(pilot: Pilot) -> None:
        await set_input(pilot, "#sticks", "500")
        await pilot.press("enter")
        await still_cursor(pilot)

    assert snap_compare(make_app(), run_before=run_before)


def test_mode_screen(snap_compare) -> None:  # noqa: ANN001
    async def run_before(pilot: Pilot) -> None:
        await to_mode(pilot, 20)

    assert snap_compare(make_app(), run_before=run_before)


def test_board_friend_game(snap_compare) -> None:  # noqa: ANN001
    async def run_before(pilot: Pilot) -> None:
        await to_board(pilot, "1", sticks=20)
        await pilot.press("3", "2")

    assert snap_compare(make_app(), run_before=run_before)


def test_board_friend_game_over(snap_compare) -> None:  # noqa: ANN001
    async def run_before(pilot: Pilot) -> None:
        await to_board(pilot, "1", sticks=10)
        await pilot.press("3", "3", "3", "1")

    assert snap_compare(make_app(), run_before=run_before)


async def ai_has_drawn(pilot: Pilot, sticks: int) -> None:
    """Against the AI: the person takes 1, the AI draws a ball (and waits to take it)."""
    await to_board(pilot, "2", sticks=sticks)
    await pilot.press("1")
    screen = pilot.app.screen
    assert isinstance(screen, BoardScreen)
    screen.machine_step()
    await pilot.pause()


def test_board_ai_draws_a_ball(snap_compare) -> None:  # noqa: ANN001
    async def run_before(pilot: Pilot) -> None:
        await ai_has_drawn(pilot, 20)

    assert snap_compare(make_app(ai_delay=1000.0), run_before=run_before)


def test_board_with_100_sticks_at_80x24(snap_compare) -> None:  # noqa: ANN001
    async def run_before(pilot: Pilot) -> None:
        await ai_has_drawn(pilot, 100)

    assert snap_compare(make_app(ai_delay=1000.0), run_before=run_before)


def test_board_with_100_sticks_at_120x40(snap_compare) -> None:  # noqa: ANN001
    async def run_before(pilot: Pilot) -> None:
        await ai_has_drawn(pilot, 100)

    assert snap_compare(make_app(ai_delay=1000.0), run_before=run_before, terminal_size=(120, 40))


def test_watch_mode_paused_after_a_few_games(snap_compare) -> None:  # noqa: ANN001
    """Game after game by itself, with the tally, paused at the end of the fourth."""

    async def run_before(pilot: Pilot) -> None:
        await to_mode(pilot, 20)
        pilot.app.screen.query_one("#left", Select).value = Machine.LEARNING
        pilot.app.screen.query_one("#right", Select).value = Machine.RANDOM
        await pilot.press("4")
        await wait_until(pilot, lambda: isinstance(pilot.app.screen, BoardScreen))
        screen = pilot.app.screen
        assert isinstance(screen, BoardScreen)
        screen.watched.pause_after = 4
        pilot.app.ai_delay = 0.0  # type: ignore[attr-defined]
        await pilot.press("space", "space")  # the step waiting (for 1000 s) comes at once
        await wait_until(pilot, lambda: screen.watched.paused)

    assert snap_compare(make_app(ai_delay=1000.0), run_before=run_before)


def test_training_screen_done(snap_compare) -> None:  # noqa: ANN001
    async def run_before(pilot: Pilot) -> None:
        await to_mode(pilot, 20)
        await pilot.press("3")
        await pilot.pause()
        await training_done(pilot)
        await wait_until(pilot, lambda: getattr(pilot.app.screen, "result", None) is not None)

    assert snap_compare(make_app(), run_before=run_before)


def test_leaderboard_screen(snap_compare) -> None:  # noqa: ANN001
    records = MemoryRecords()
    for winner, loser in [("Marvin", "Hal"), ("Marvin", "AI"), ("AI", "Hal"), ("Perfect AI", "AI")]:
        records.record_game(winner, loser, game="sticks")

    async def run_before(pilot: Pilot) -> None:
        await pilot.press("ctrl+l")

    assert snap_compare(make_app(records=records), run_before=run_before)


def test_help_screen(snap_compare) -> None:  # noqa: ANN001
    async def run_before(pilot: Pilot) -> None:
        await pilot.press("f1")

    assert snap_compare(make_app(), run_before=run_before)

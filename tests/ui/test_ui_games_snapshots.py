"""Snapshot tests of the relatives' screens at 80x24, with seeds fixed and the AI paused.

Regenerate after an intended change with
``python -m pytest tests/ui/test_ui_games_snapshots.py --snapshot-update`` and look at the SVGs.
"""

from __future__ import annotations

from test_ui_games import against, choose_game, to_game_board
from textual.pilot import Pilot
from ui_helpers import make_app, still_cursor, wait_until

from sticks_tui.engine.machines import Machine


def test_setup_for_takeaway(snap_compare) -> None:  # noqa: ANN001
    async def run_before(pilot: Pilot) -> None:
        await choose_game(pilot, "takeaway", takes="2,3,5")
        await pilot.click("#normal")
        await still_cursor(pilot)

    assert snap_compare(make_app(), run_before=run_before)


def test_takeaway_board(snap_compare) -> None:  # noqa: ANN001
    async def run_before(pilot: Pilot) -> None:
        await to_game_board(pilot, "takeaway", "1", sticks="30", takes="2,3,5")
        await pilot.press("5", "3")

    assert snap_compare(make_app(), run_before=run_before)


def test_nim_board_with_a_count_typed(snap_compare) -> None:  # noqa: ANN001
    async def run_before(pilot: Pilot) -> None:
        await to_game_board(pilot, "nim", "1", piles="1,3,5,7,12")
        await pilot.press("1", "down", "down", "2", "down", "1")  # pile 4: "1" could be 1x

    assert snap_compare(make_app(), run_before=run_before)


def test_nim_board_ai_draws_a_ball(snap_compare) -> None:  # noqa: ANN001
    async def run_before(pilot: Pilot) -> None:
        screen = await against(pilot, Machine.LEARNING, "nim")
        await pilot.press("down", "3")
        screen.machine_step()  # the AI draws a ball and waits to make the move
        await pilot.pause()

    assert snap_compare(make_app(ai_delay=1000.0), run_before=run_before)


def test_sticky_board_ai_draws_a_ball(snap_compare) -> None:  # noqa: ANN001
    async def run_before(pilot: Pilot) -> None:
        screen = await against(pilot, Machine.LEARNING, "sticky", sticks="24")
        await pilot.press("d", "f", "enter")
        screen.machine_step()  # the AI draws a ball: its sticks are marked on the line
        await pilot.pause()
        screen.machine_step()  # ...and takes them
        await pilot.pause()
        screen.machine_step()  # nothing: it is the person's turn again
        await pilot.press("k")  # the next move's first letter, marked on the line
        await still_cursor(pilot)

    assert snap_compare(make_app(ai_delay=1000.0), run_before=run_before)


def test_q_learning_training_done(snap_compare) -> None:  # noqa: ANN001
    async def run_before(pilot: Pilot) -> None:
        await choose_game(pilot, "nim")
        await pilot.press("ctrl+n")
        await wait_until(pilot, lambda: type(pilot.app.screen).__name__ == "ModeScreen")
        pilot.app.screen.query_one("#level").value = Machine.Q_LEARNING  # type: ignore[attr-defined]
        await pilot.press("2")
        await wait_until(pilot, lambda: getattr(pilot.app.screen, "result", None) is not None)

    assert snap_compare(make_app(q_training_games=3000), run_before=run_before)

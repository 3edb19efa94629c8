"""Snapshot tests of the hint on the board at 80x24, one per family of games, with the AI
waiting for the test (SPEC section 9).

Regenerate after an intended change with
``python -m pytest tests/ui/test_ui_hint_snapshots.py --snapshot-update`` and look at the SVGs.
"""

from __future__ import annotations

from test_ui_games import against
from textual.pilot import Pilot
from textual.widgets import Static
from ui_helpers import hint_worked_out, make_app, still_cursor, wait_until

from sticks_tui.engine.machines import Machine
from sticks_tui.ui.screens.board.help import WORKING


async def worked_out(pilot: Pilot) -> None:
    """Until the hint, worked out in a thread, replaces the panel's "working" line."""
    await hint_worked_out(pilot)
    hint = pilot.app.screen.query_one("#hint", Static)
    await wait_until(pilot, lambda: hint.display and WORKING not in str(hint.render()))


def test_sticks_hint_in_a_practice_game(snap_compare) -> None:
    async def run_before(pilot: Pilot) -> None:
        screen = await against(pilot, Machine.LEARNING, "sticks", sticks="17")
        await pilot.press("1")
        screen.machine_step()  # the AI draws a ball...
        await pilot.pause()
        screen.machine_step()  # ...and takes its sticks
        await pilot.pause()
        await pilot.press("u", "h")  # both moves taken back, then the hint at 17 sticks
        hint = screen.query_one("#hint", Static)
        await wait_until(pilot, lambda: "multiple of 4" in str(hint.render()))  # the period

    assert snap_compare(make_app(ai_delay=1000.0), run_before=run_before)


def test_nim_hint_where_every_move_loses(snap_compare) -> None:
    async def run_before(pilot: Pilot) -> None:
        await against(pilot, Machine.LEARNING, "nim")
        await pilot.press("h")
        await worked_out(pilot)

    assert snap_compare(make_app(ai_delay=1000.0), run_before=run_before)


def test_sticky_hint_names_the_letters_and_the_configuration(snap_compare) -> None:
    async def run_before(pilot: Pilot) -> None:
        await against(pilot, Machine.LEARNING, "sticky", sticks="20")
        await pilot.press("f5")
        await worked_out(pilot)
        await still_cursor(pilot)

    assert snap_compare(make_app(ai_delay=1000.0), run_before=run_before)

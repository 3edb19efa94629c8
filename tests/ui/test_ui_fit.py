"""Every screen fits 80x24, and a smaller terminal is told so: the too-small cover, the
Sticky-Nim line and its words, take-away's take buttons, the setup screen's messages.

The snapshots of the screens named here are at the end of the file.
"""

from __future__ import annotations

from textual.pilot import Pilot
from textual.widgets import Static
from ui_helpers import make_app, screen_name, screen_text, still_cursor, to_board, wait_until

from sticks_tui.ui.screens.too_small import TooSmallScreen


def cover_text(pilot: Pilot) -> str:
    return str(pilot.app.screen.query_one("#too-small", Static).render())


# -- too small ---------------------------------------------------------------------------------


async def test_a_terminal_of_40x12_is_told_it_is_too_small_until_it_grows() -> None:
    app = make_app()
    async with app.run_test(size=(40, 12)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TooSmallScreen))
        assert "sticks-tui needs at least 80x24; this terminal is 40x12" in " ".join(
            screen_text(pilot).split()
        )
        assert "Continue" not in screen_text(pilot)  # no squeezed setup form beneath it
        await pilot.resize_terminal(80, 24)
        await wait_until(pilot, lambda: screen_name(pilot) == "SetupScreen")
        assert "Continue" in screen_text(pilot)
        assert "too small" not in screen_text(pilot)


async def test_the_cover_follows_the_size_and_any_screen() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await to_board(pilot, "1", sticks=20)
        await pilot.resize_terminal(79, 30)  # one column short is too small as well
        await wait_until(pilot, lambda: isinstance(app.screen, TooSmallScreen))
        assert "this terminal is 79x30" in cover_text(pilot)
        await pilot.resize_terminal(70, 20)
        await wait_until(pilot, lambda: "this terminal is 70x20" in cover_text(pilot))
        await pilot.press("3")  # a key meant for the hidden board takes nothing
        await pilot.resize_terminal(100, 30)
        await wait_until(pilot, lambda: screen_name(pilot) == "BoardScreen")
        assert app.screen.match.position == 20  # type: ignore[attr-defined]
        assert "Take 3" in screen_text(pilot)


async def test_a_screen_opened_while_too_small_is_covered_too() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.resize_terminal(60, 20)
        await wait_until(pilot, lambda: isinstance(app.screen, TooSmallScreen))
        await pilot.press("f1")  # help opens beneath the cover, which stays on top
        await pilot.pause()
        await wait_until(pilot, lambda: isinstance(app.screen, TooSmallScreen))
        await pilot.resize_terminal(80, 24)
        await wait_until(pilot, lambda: screen_name(pilot) == "HelpScreen")
        await pilot.press("escape")
        await wait_until(pilot, lambda: screen_name(pilot) == "SetupScreen")


# -- snapshots -----------------------------------------------------------------------------------


def test_snapshot_too_small(snap_compare) -> None:
    assert snap_compare(make_app(), terminal_size=(40, 12), run_before=still_cursor)

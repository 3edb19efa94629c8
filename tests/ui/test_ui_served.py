"""A tab of ``sticks-tui serve``, as the app runs it there (``served``): the player's name is
asked first, for the room's leaderboard; the tab's names are not remembered for the room; no
path on the server is asked for. (The real server, in a real browser: tests/serve/.)"""

from __future__ import annotations

from textual.widgets import Input, Static
from ui_helpers import make_app, wait_until

from sticks_tui.storage.records import MemoryRecords
from sticks_tui.ui.screens.brains.screen import BrainsScreen
from sticks_tui.ui.screens.mode import ModeScreen
from sticks_tui.ui.screens.name import NameScreen
from sticks_tui.ui.screens.setup import SetupScreen


async def test_a_served_tab_asks_the_players_name_first_and_refuses_a_machines() -> None:
    records = MemoryRecords()
    app = make_app(records=records, served=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, NameScreen))
        await pilot.press("A", "I", "enter")  # a computer player's name: one row with it
        message = app.screen.query_one("#name-message", Static)
        assert "is the name of a computer player" in str(message.render())
        assert isinstance(app.screen, NameScreen)
        app.screen.query_one("#player-name", Input).value = ""
        await pilot.press(*"[b]Ada", "enter")  # shown as typed, never as markup
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen))
        assert app.screen.query_one("#name1", Input).value == "[b]Ada"
        await pilot.press("ctrl+n")
        await wait_until(pilot, lambda: isinstance(app.screen, ModeScreen))
        assert app.settings.names == ("[b]Ada", "Player 2")
    assert records.recall("player1_name") is None  # the room's next tab starts unnamed


async def test_a_served_tab_asks_no_path_to_import_a_brain() -> None:
    app = make_app(served=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, NameScreen))
        await pilot.press(*"Ada", "enter")
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen))
        await pilot.press("ctrl+b")
        await wait_until(pilot, lambda: isinstance(app.screen, BrainsScreen))
        await pilot.press("i")
        await pilot.pause()
        assert isinstance(app.screen, BrainsScreen)  # no form asking for a file
        message = str(app.screen.query_one("#brains-message", Static).render())
        assert "not offered in a browser" in message

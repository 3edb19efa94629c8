"""A served tab draws its first screen before it reads the app's styles (app.tcss and each
game's), which that screen does not use; every screen after it is laid out as in a terminal."""

from __future__ import annotations

from textual.app import App
from textual.pilot import Pilot
from textual.widget import Widget
from ui_helpers import make_app, wait_until

from sticks_tui.ui.screens.name import NameScreen
from sticks_tui.ui.screens.setup import SetupScreen

SIZE = (120, 40)  # wider than the setup form's most (app.tcss: #setup max-width: 76)


def layout(pilot: Pilot) -> list[tuple[str, object]]:
    """Where the setup form and each of its widgets are, by type and id (the footer's keys
    are not compared: a served tab's differ)."""
    setup = pilot.app.screen.query_one("#setup")
    return [
        (f"{type(widget).__name__}#{widget.id}", widget.region)
        for widget in (setup, *setup.query(Widget))
    ]


async def test_a_served_tabs_setup_screen_is_laid_out_as_in_a_terminal() -> None:
    async with make_app().run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(pilot.app.screen, SetupScreen))
        in_a_terminal = layout(pilot)
    async with make_app(served=True).run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(pilot.app.screen, NameScreen))
        await pilot.press(*"Player 1", "enter")  # the terminal's first name
        await wait_until(pilot, lambda: isinstance(pilot.app.screen, SetupScreen))
        await pilot.pause()
        assert layout(pilot) == in_a_terminal


def style_files(app: App[int]) -> list[str]:
    """The style files the app has read, in the order read."""
    return [path for path, _ in app.stylesheet.source if path.endswith(".tcss")]


async def test_a_served_tab_reads_the_apps_styles_once_its_first_screen_is_drawn() -> None:
    app = make_app(served=True)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, NameScreen))
        await wait_until(pilot, lambda: bool(style_files(app)))
        assert style_files(app) == [str(path) for path in make_app().css_path]

"""Setup: how many sticks, the players' names and who starts.

A bad number of sticks shows the classic console's message right under the field, and the
screen cannot be confirmed until the number is good.
"""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Footer, Header, Input, Label, RadioButton, RadioSet, Static

from ..session import (
    DEFAULT_NAMES,
    NAME_MAX,
    STICKS_MESSAGE,
    clean_name,
    names_problem,
    parse_sticks,
    remember_names,
)
from . import app_of


class SetupScreen(Screen[None]):
    """The first screen: the game's settings."""

    BINDINGS = [
        Binding("ctrl+n", "confirm", "Continue"),
        Binding("ctrl+l", "app.leaderboard", "Leaderboard"),
    ]

    def compose(self) -> ComposeResult:
        settings = app_of(self).settings
        yield Header()
        with Vertical(id="setup"):
            yield Static("Welcome to the game of sticks!", id="setup-title")
            with Grid(id="setup-form"):
                yield Label("Sticks (10-100)")
                yield Input(str(settings.sticks), id="sticks", max_length=12)
                yield Label("Player 1")
                yield Input(settings.names[0], id="name1", max_length=NAME_MAX)
                yield Label("Player 2")
                yield Input(settings.names[1], id="name2", max_length=NAME_MAX)
                yield Label("Who starts")
                with RadioSet(id="first"):
                    yield RadioButton(settings.names[0], value=settings.first == 0, id="first1")
                    yield RadioButton(settings.names[1], value=settings.first == 1, id="first2")
            yield Static("", id="setup-message")
            with Horizontal(id="setup-buttons"):
                yield Button("Continue", id="continue", variant="primary")
                yield Button("Leaderboard", id="setup-leaderboard")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#sticks", Input).focus()
        self._check()

    # -- reading the form -----------------------------------------------------------------------
    def _names(self) -> tuple[str, str]:
        first = clean_name(self.query_one("#name1", Input).value, DEFAULT_NAMES[0])
        second = clean_name(self.query_one("#name2", Input).value, DEFAULT_NAMES[1])
        return first, second

    def _problem(self) -> str | None:
        """What stops the form from being confirmed, in words for the user; None if nothing."""
        if parse_sticks(self.query_one("#sticks", Input).value) is None:
            return STICKS_MESSAGE
        return names_problem(self._names())

    def _check(self) -> bool:
        problem = self._problem()
        message = self.query_one("#setup-message", Static)
        message.update(problem or "")
        message.set_class(problem is not None, "error")
        self.query_one("#sticks", Input).set_class(
            parse_sticks(self.query_one("#sticks", Input).value) is None, "-invalid"
        )
        self.query_one("#continue", Button).disabled = problem is not None
        names = self._names()
        self.query_one("#first1", RadioButton).label = names[0]
        self.query_one("#first2", RadioButton).label = names[1]
        return problem is None

    @on(Input.Changed)
    def _changed(self) -> None:
        self._check()

    @on(Input.Submitted)
    def _submitted(self) -> None:
        self.action_confirm()

    @on(Button.Pressed, "#continue")
    def _continue(self) -> None:
        self.action_confirm()

    @on(Button.Pressed, "#setup-leaderboard")
    def _leaderboard(self) -> None:
        app_of(self).action_leaderboard()

    def action_confirm(self) -> None:
        """Keep the settings and choose how to play; refused while anything is wrong."""
        if not self._check():
            self.app.bell()
            return
        from .mode import ModeScreen

        settings = app_of(self).settings
        sticks = parse_sticks(self.query_one("#sticks", Input).value)
        assert sticks is not None
        settings.sticks = sticks
        settings.names = self._names()
        remember_names(app_of(self).records, settings.names)
        settings.first = 1 if self.query_one("#first2", RadioButton).value else 0
        self.app.push_screen(ModeScreen())

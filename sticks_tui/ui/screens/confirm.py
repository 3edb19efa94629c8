"""Leaving a game in progress asks first: a key pressed by mistake (Escape, ``n``, a jump from
the command palette) would otherwise throw away a game half played, with no way back.

A finished game and a watched game are left at once: nothing is lost. The board keeps the
game; this module only asks. :class:`LeavesGame` is the board's side (is a game in progress,
and was leaving agreed), :func:`asks_before_leaving` is what every way out calls first, and
:class:`LeaveGameScreen` is the question.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Static

from ...engine import Match

QUESTION = "Leave this game?"
WHY = (
    "It is not over: it will not count on the leaderboard, and no AI learns from it."
)


class LeavesGame(Screen[None]):
    """A screen holding a game that a person plays; leaving it mid-game asks first."""

    match: Match
    watching: bool = False
    #: Set once the person said Yes, so the way out asked for is not asked again.
    leave_agreed: bool = False

    def game_in_progress(self) -> bool:
        return not (self.match.is_over or self.watching or self.leave_agreed)

    def action_leave_game(self) -> None:
        """Back to the screen before (asking first while the game is on)."""
        if not asks_before_leaving(self.app, self.action_leave_game):
            self.app.pop_screen()


class LeaveGameScreen(ModalScreen[bool]):
    """Yes leaves (the answer is True), No or Escape stays."""

    DEFAULT_CSS = """
    LeaveGameScreen {
        align: center middle;
    }
    LeaveGameScreen #leave-box {
        width: 60;
        height: auto;
        border: round $warning;
        padding: 0 1;
        background: $surface;
    }
    LeaveGameScreen #leave-question {
        text-style: bold;
    }
    LeaveGameScreen #leave-buttons {
        height: 1;
        margin: 1 0 0 0;
    }
    LeaveGameScreen Button {
        width: auto;
        margin-right: 2;
    }
    """
    BINDINGS = [
        Binding("y", "answer(True)", "Yes, leave"),
        Binding("n,escape", "answer(False)", "No, stay"),
    ]
    AUTO_FOCUS = "#leave-no"

    def compose(self) -> ComposeResult:
        with Vertical(id="leave-box"):
            yield Static(QUESTION, id="leave-question", markup=False)
            yield Static(WHY, id="leave-why", markup=False)
            with Horizontal(id="leave-buttons"):
                yield Button("Yes, leave (y)", id="leave-yes", compact=True, variant="warning")
                yield Button("No, stay (n)", id="leave-no", compact=True, variant="primary")

    def action_answer(self, leave: bool) -> None:
        self.dismiss(leave)

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "leave-yes")


def asks_before_leaving(app: App[Any], then: Callable[[], object]) -> bool:
    """Whether leaving must wait for the person's answer: True when a game is in progress on
    any screen of the stack (the question is then asked, and ``then`` runs on Yes); False
    when the caller may leave at once."""
    if isinstance(app.screen, LeaveGameScreen):
        return True  # asked already
    game = next(
        (s for s in app.screen_stack if isinstance(s, LeavesGame) and s.game_in_progress()), None
    )
    if game is None:
        return False

    def answered(leave: bool | None) -> None:
        if leave:
            game.leave_agreed = True
            then()

    app.push_screen(LeaveGameScreen(), answered)
    return True

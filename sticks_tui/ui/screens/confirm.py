"""Leaving a game in progress asks first: a key pressed by mistake (Escape, ``n``, a jump from
the command palette) would otherwise throw away a game half played, with no way back.

A finished game and a watched game are left at once: nothing is lost. The board keeps the
game; this module only asks. :class:`LeavesGame` is the board's side (is a game in progress,
and was leaving agreed), :func:`asks_before_leaving` is what every way out calls first, and
:class:`LeaveGameScreen` is the question.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from textual.app import App
from textual.screen import Screen

from ...engine import Match
from .brains.modals import ConfirmModal

QUESTION = "Leave this game?"
WHY = (
    "It is not over: it will not count on the leaderboard, and no AI learns from it."
)


class LeavesGame(Screen[None]):
    """A screen holding a game that a person plays; leaving it mid-game asks first."""

    watching: bool = False
    #: Set once the person said Yes, so the way out asked for is not asked again.
    leave_agreed: bool = False

    @property
    def match(self) -> Match[Hashable, Hashable]:
        """The game held (each screen that holds one says which)."""
        raise NotImplementedError

    def game_in_progress(self) -> bool:
        return not (self.match.is_over or self.watching or self.leave_agreed)

    def action_leave_game(self) -> None:
        """Back to the screen before (asking first while the game is on)."""
        if not asks_before_leaving(self.app, self.action_leave_game):
            self.app.pop_screen()


class LeaveGameScreen(ConfirmModal):
    """The app's yes-or-no question, asked before a game in progress is left: Yes (``y``)
    leaves, No (``n``, Escape, Enter on its own) stays."""

    def __init__(self, question: str = QUESTION) -> None:
        super().__init__(f"{question} {WHY}")


#: The question when the way out ends the program (``q``): Yes quits, not only the game.
QUIT_QUESTION = "Quit sticks-tui?"


def asks_before_leaving(
    app: App[Any], then: Callable[[], object], question: str = QUESTION
) -> bool:
    """Whether leaving must wait for the person's answer: True when a game is in progress on
    any screen of the stack (``question`` is then asked, and ``then`` runs on Yes); False
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

    app.push_screen(LeaveGameScreen(question), answered)
    return True

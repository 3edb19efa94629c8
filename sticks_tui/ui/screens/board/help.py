"""The board's help for the person to move (SPEC section 9): a hint (``h``), and the words and
keys of undo (``u``: the game driver takes the moves back, :meth:`~...game_driver.GameDriver.undo`).

The hint is the exact solver's move (:class:`~sticks_tui.engine.hints.Advisor`) in the game's
own words (:func:`~sticks_tui.text.hints.hint_words`: the move as its presenter names it,
:meth:`~sticks_tui.ui.presenters.Presenter.hint_move`, and the reason its family gives), beside what
each learning AI at the table would play there: its hat's favourite ball and that ball's share,
or its Q table's best move. It shows in the log's place until the next move.

What the words need that may take long (a take-away game's proved period) is worked out in a
thread as soon as the board is drawn (:func:`~sticks_tui.engine.games.prepare_theory`);
a hint asked for before it is done never waits: it gives the move and its reason without the
period, and is said again with it once the period is proved. The hint itself is worked out in a
thread too (the count of how long the game lasts took up to a second on a line of 62, the board
frozen meanwhile): the panel says it is working, and the hint replaces that when it comes,
unless a move, an undo or a new game came first.

Undo takes back the person's last move, and the machine's reply after it, so that it is their
turn again (two friends: the last move). A game with a move taken back is practice: the balls
drawn for the moves taken back go back at once, those of the moves that stand stay beside their
hats (marked) until its end, when they go back too: nothing is learned and the leaderboard does
not count it; the board says so above the log. With no move of theirs to take back yet, undo says
so (a notification) rather than doing nothing.

The hint is a widget (:class:`HintPanel`) that knows nothing of the board screen: the screen
asks it for a hint of the match on the board, hands it the game driver's events (any move, a
move taken back or a new game puts it away), and gives it its place while it is shown
(:attr:`HintPanel.showing`).
"""

from __future__ import annotations

import threading
from collections.abc import Hashable
from functools import cached_property

from textual.binding import Binding, BindingType
from textual.widgets import Static
from textual.worker import Worker, WorkerState

from ....engine import Match
from ....engine.games import prepare_theory
from ....engine.hints import Advisor, Hint
from ....text.hints import hint_words
from ...game_driver import Event, GameStarted, MovePlayed, TakenBack
from ...plain import plain
from ...presenters import Presenter, learner_presenter
from ...session import Table

HELP_ACTIONS = ("hint", "undo")
PRACTICE = "practice game: it will not count"
#: Undo (F6) with no move of the person's to take back.
NOTHING_TO_UNDO = "Nothing to undo: no move of yours yet."
#: Shown while the hint is worked out.
WORKING = "Working out the best move…"


def help_bindings(presenter: Presenter) -> list[BindingType]:
    """F5 hint and F6 undo, the same keys on every board (SPEC 9: one key in every game; no
    letter can be, as Sticky-Nim's moves are typed as letters); ``h`` and ``u`` too on a board
    whose moves are not letters."""
    if presenter.types_letters:
        return [Binding("f5", "hint", "Hint"), Binding("f6", "undo", "Undo")]
    return [
        Binding("f5,h", "hint", "Hint", key_display="F5"),
        Binding("f6,u", "undo", "Undo", key_display="F6"),
    ]


class HintPanel(Static):
    """The hint, shown in the log's place until the next move."""

    DEFAULT_CSS = """
    HintPanel {
        display: none;
        height: 1fr;
        min-height: 3;
        border-top: round $success;
        border-title-color: $success;
        padding: 0 0 0 1;
        overflow-y: auto;
        scrollbar-size-vertical: 1;
    }
    """

    def __init__(self, table: Table, presenter: Presenter) -> None:
        super().__init__(id="hint")
        self.border_title = "Hint"
        self.table = table
        self.presenter = presenter
        #: The match the hint shown is for, while it is shown (it goes with the next move).
        self._shown_for: Match[Hashable, Hashable] | None = None
        #: Counts the hints asked and the events that put one away: a hint worked out in its
        #: thread is shown only if nothing came after it was asked.
        self._asked = 0
        #: One hint worked out at a time (the advisor counts each hint's budget as it goes).
        self._advising = threading.Lock()

    @property
    def showing(self) -> bool:
        """Whether a hint is shown (the board gives it the log's place meanwhile)."""
        return self._shown_for is not None

    @cached_property
    def advisor(self) -> Advisor[Hashable, Hashable]:
        return Advisor(self.table.rules)

    def prepare(self) -> None:
        """Work out, in a thread that goes with the board, what the hint's words need that may
        take long (a take-away game's proved period); a hint shown meanwhile is said again
        once it is done."""
        rules = self.table.rules
        self.run_worker(
            lambda: prepare_theory(rules), thread=True, exit_on_error=False, group="hint",
            name="prepare",
        )

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.state is not WorkerState.SUCCESS:
            return
        if event.worker.name == "prepare":
            if self._shown_for is not None:
                self.show_hint(self._shown_for)  # its words are complete now
            return
        if event.worker.result is None:
            return
        asked, match, hint = event.worker.result
        if asked == self._asked and hint is not None:
            self._say(match, hint)

    def show_hint(self, match: Match[Hashable, Hashable]) -> None:
        """The hint for the person to move in ``match``, at its position: worked out in a
        thread, the panel saying so meanwhile."""
        if not match.legal_moves():
            return
        self._asked += 1
        asked, position = self._asked, match.position

        def work_out() -> tuple[int, Match[Hashable, Hashable], Hint[Hashable, Hashable] | None]:
            with self._advising:
                return asked, match, self.advisor.hint(position)

        if self._shown_for is not match:
            self.update(WORKING)
        self._shown_for = match
        self.display = True
        self.run_worker(work_out, thread=True, exit_on_error=False, group="hint", name="hint")

    def _say(self, match: Match[Hashable, Hashable], hint: Hint[Hashable, Hashable]) -> None:
        move = self.presenter.hint_move(hint.move)
        lines = [hint_words(self.table.rules, hint, move), *self._machines_view(match)]
        if match.practice:
            lines.append(f"({PRACTICE})")
        self.update(plain("\n".join(lines)))
        self._shown_for = match
        self.display = True

    def _machines_view(self, match: Match[Hashable, Hashable]) -> list[str]:
        """What each learning machine at the table would play here."""
        return [
            learner_presenter(seat.learner, self.presenter).hint(
                seat.name, seat.learner, match.position
            )
            for seat in self.table.seats
            if seat.learner is not None and not seat.is_human
        ]

    def show(self, event: Event) -> None:
        """A move (played, or taken back: a hint asked for before comes back only when asked
        again) or a new game puts the hint away."""
        if isinstance(event, MovePlayed | TakenBack | GameStarted):
            self._asked += 1  # a hint still being worked out is not shown
            self._shown_for = None
            self.display = False

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
period, and is said again with it once the period is proved.

Undo takes back the person's last move, and the machine's reply after it, so that it is their
turn again (two friends: the last move). A game with a move taken back is practice: the balls
drawn for the moves taken back go back at once, those of the moves that stand stay beside their
hats (marked) until its end, when they go back too: nothing is learned and the leaderboard does
not count it; the board says so above the log. With no move of theirs to take back yet, undo says
so (a notification) rather than doing nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from functools import cached_property
from typing import Any, Protocol, TypeVar

from textual.binding import Binding, BindingType
from textual.widget import Widget
from textual.widgets import RichLog, Static
from textual.worker import Worker, WorkerState

from ....engine import Match
from ....engine.games import prepare_theory
from ....engine.hints import Advisor
from ....text.hints import hint_words
from ...plain import plain
from ...presenters import Presenter, learner_presenter
from ...session import Table

W = TypeVar("W", bound=Widget)

HELP_ACTIONS = ("hint", "undo")
PRACTICE = "practice game: it will not count"
#: Undo (F6) with no move of the person's to take back.
NOTHING_TO_UNDO = "Nothing to undo: no move of yours yet."


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


class Board(Protocol):
    """What the help needs of the board screen."""

    table: Table

    @property
    def match(self) -> Match[Hashable, Hashable]: ...

    presenter: Presenter

    def human_turn(self) -> bool: ...

    def set_class(self, add: bool, *class_names: str, update: bool = True) -> Any: ...

    def query_one(self, selector: str, expect_type: type[W]) -> W: ...


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

    def __init__(self) -> None:
        super().__init__(id="hint")
        self.border_title = "Hint"
        #: Called once the work the hint's words need is done (see :meth:`prepare`).
        self._when_prepared: Callable[[], None] | None = None

    def prepare(self, work: Callable[[], None], then: Callable[[], None]) -> None:
        """Run ``work`` in a thread (it goes with the board), then call ``then`` here."""
        self._when_prepared = then
        self.run_worker(work, thread=True, exit_on_error=False, group="hint", name="prepare")

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        if event.state is WorkerState.SUCCESS and self._when_prepared is not None:
            self._when_prepared()


class BoardHelp:
    """The hint and undo of one board."""

    def __init__(self, board: Board) -> None:
        self.board = board
        #: The game and the position the hint shown is for (it goes once either changes).
        self._shown_for: tuple[Match[Hashable, Hashable], object] | None = None
        #: Whether the work the hint's words need was started (once, when the board is drawn).
        self._preparing = False

    @cached_property
    def advisor(self) -> Advisor[Hashable, Hashable]:
        return Advisor(self.board.match.rules)

    def allowed(self, action: str) -> bool:
        """Both keys are for a person to move (undo with nothing to take back says so)."""
        return self.board.human_turn()

    # -- the hint ---------------------------------------------------------------------------------
    def show_hint(self) -> None:
        board = self.board
        match = board.match
        hint = self.advisor.hint(match.position) if board.human_turn() else None
        if hint is None:
            return
        move = board.presenter.hint_move(hint.move)
        lines = [hint_words(board.table.rules, hint, move), *self._machines_view()]
        if match.practice:
            lines.append(f"({PRACTICE})")
        self._panel().update(plain("\n".join(lines)))
        self._shown_for = (match, match.position)
        self.redraw()

    def _machines_view(self) -> list[str]:
        """What each learning machine at the table would play here."""
        board = self.board
        position = board.match.position
        return [
            learner_presenter(seat.learner, board.presenter).hint(seat.name, seat.learner, position)
            for seat in board.table.seats
            if seat.learner is not None and not seat.is_human
        ]

    def _showing(self) -> bool:
        """Whether the hint shown is for the position on the board."""
        board = self.board
        return self._shown_for == (board.match, board.match.position) and board.human_turn()

    def _prepared(self) -> None:
        """The hint's words are complete now: a hint shown is said again with them."""
        if self._showing():
            self.show_hint()

    def redraw(self) -> None:
        """The hint in the log's place while it holds; the practice game's note on the log."""
        if not self._preparing:
            self._preparing = True
            rules = self.board.table.rules
            self._panel().prepare(lambda: prepare_theory(rules), self._prepared)
        board = self.board
        match = board.match
        showing = self._showing()
        self._panel().display = showing
        board.query_one("#speed", Static).display = not showing  # empty unless watching
        log = board.query_one("#log", RichLog)
        log.border_title = plain(PRACTICE) if match.practice else None
        # The log and the tally give the hint their place, so that it is read whole at 80x24
        # (app.tcss: BoardScreen.-hint). The log shrinks to nothing: hidden (display: none),
        # it would wrap the lines written meanwhile at its smallest width.
        board.set_class(showing, "-hint")

    def forget(self) -> None:
        """Moves were taken back: a hint asked for before comes back only when asked again."""
        self._shown_for = None

    def _panel(self) -> HintPanel:
        return self.board.query_one("#hint", HintPanel)

"""The board's hat panel: a chart for each machine at the table that learns, and what each game
did to it (SPEC section 11, "watching it learn").

While a game is played, each chart shows the hat of the position in play (highlighted, and in
view): a take-away game's every hat, one hat of Nim or Sticky-Nim, or a Q-learner's values
there; each learner's presenter draws its own (:func:`~..presenters.learner_presenter`). When
the game ends, each chart shows what the game did (the learner's ``last_game``): the balls drawn
stay marked, each change shown in colour and as text, and a line says it, or why nothing
changed. It stays until the next game starts; a move taken back clears it, as the balls go back.

It lives beside the board screen (as its help and watch mode do) so that the board keeps to
the flow of one game.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Protocol, TypeVar

from textual.widget import Widget

from ....engine import GameChange, Learner, LearnerPlayer, Match
from ...game_driver import GameEnded
from ...presenters import LearnerPresenter, Presenter, learner_presenter
from ...presenters.hat_words import NOT_LEARNING_WORDS, PRACTICE_WORDS
from ...presenters.hats import HatChart
from ...session import Seat, Table

W = TypeVar("W", bound=Widget)


class Board(Protocol):
    """What the hat panel needs of the board screen."""

    table: Table

    @property
    def match(self) -> Match[Hashable, Hashable]: ...

    presenter: Presenter

    def query_one(self, selector: str, expect_type: type[W]) -> W: ...


def learns(seat: Seat) -> bool:
    """Whether the machine learns from the games it plays here (a hat AI does; a Q-learner
    plays as it was trained, as CS50's does)."""
    player = seat.player
    return isinstance(player, LearnerPlayer) and player.learns


@dataclass(frozen=True)
class AfterGame:
    """What the game just finished did to one learner: its change, or words alone (a game that
    taught nothing: practice, or a learner that does not learn here)."""

    change: GameChange | None
    said: str | None = None
    games: int = 0
    """The games the learner had learned once the game was over: one that has learned more
    since (kept from a training in the lab) is no longer the brain this game changed."""


class BoardHats:
    """The charts of the machines that learn at one board, and what they show."""

    def __init__(self, board: Board) -> None:
        self.board = board
        seats = board.table.seats
        self.seats = [i for i, seat in enumerate(seats) if seat.learner is not None]
        #: Each learner's presenter (its chart, drawn in the game's words).
        self.presenters: dict[int, LearnerPresenter] = {
            i: learner_presenter(self._learner(i), board.presenter) for i in self.seats
        }
        #: The position whose hat each machine is drawing from (while it is its turn).
        self.in_use: dict[int, object] = {}
        #: The hat each chart is centred on; it stays on the last hat used when a game ends.
        self.focus: dict[int, object] = {}
        #: What the game just finished did, per seat, until the next game starts.
        self.after: dict[int, AfterGame] = {}

    def _learner(self, seat: int) -> Learner[Hashable, Hashable]:
        learner = self.board.table.seats[seat].learner
        assert learner is not None
        return learner

    def every_hat(self, seat: int) -> bool:
        """Whether the seat's chart shows every hat (a take-away game's hat AI)."""
        return self.presenters[seat].every_hat

    def chart(self, seat: int) -> Widget:
        """The chart of one seat, for the board to lay out."""
        name = self.board.table.seats[seat].brain_words(games=False)  # "AI (hats)": which brain
        return self.presenters[seat].chart(name, id=f"chart-{seat}")

    # -- the flow of the games ------------------------------------------------------------------
    def playing(self, seat: int, position: object) -> None:
        """The machine in ``seat`` is to move at ``position``: its hat there is in play."""
        if seat in self.seats:
            self.in_use[seat] = position

    def game_over(self, ended: GameEnded) -> None:
        """The game is over: show what it did to each learner (read by the driver before
        anything else changed it, as saving may)."""
        self.in_use.clear()
        for i in self.seats:
            seat = self.board.table.seats[i]
            change, games = ended.changes[i], self._learner(i).games_played
            if not learns(seat):  # it learns nothing at the table, practice game or not
                self.after[i] = AfterGame(None, NOT_LEARNING_WORDS, games)
            elif not ended.counted:
                self.after[i] = AfterGame(None, PRACTICE_WORDS, games)
            elif change is None:
                self.after[i] = AfterGame(None, NOT_LEARNING_WORDS, games)
            else:
                self.after[i] = AfterGame(change, games=games)
                if change.changed:  # the window shows the last hat the game changed
                    self.focus[i] = change.changed[-1].position

    def new_game(self, position: object) -> None:
        """The next game starts at ``position``: the marks of the last one go."""
        self.after.clear()
        self.in_use.clear()
        for i in self.seats:
            self.focus[i] = position
        for chart in self._charts():
            chart.reset_scroll()

    def resumed(self) -> None:
        """Back on the board (from the lab, say): a learner that has learned since its last
        game here (a training kept) is drawn as it is now, without that game's marks, which
        were of the brain before."""
        for i, after in list(self.after.items()):
            if self._learner(i).games_played != after.games:
                del self.after[i]
        self.draw()

    def taken_back(self, position: object) -> None:
        """Moves were taken back to ``position``: the balls drawn went back, so nothing is
        marked, and the charts show the hats as they are now, there."""
        self.in_use.clear()
        self.after.clear()
        for i in self.seats:
            self.focus[i] = position

    def scroll(self, delta: int) -> None:
        for chart in self._charts():
            chart.scroll_hats(delta)

    def _charts(self) -> list[HatChart]:
        board = self.board
        return [
            chart for i in self.seats
            if isinstance(chart := board.query_one(f"#chart-{i}", Widget), HatChart)
        ]

    # -- drawing --------------------------------------------------------------------------------
    def draw(self) -> None:
        match = self.board.match
        for i in self.seats:
            in_use = self.in_use.get(i)
            if in_use is not None:
                self.focus[i] = in_use
            elif not match.is_over and self.every_hat(i):
                self.focus[i] = match.position
            focus = self.focus.get(i, match.position)
            after = self.after.get(i) or AfterGame(None)
            said = (after.said or "") if i in self.after and after.change is None else None
            played = next(
                (t.move for t in match.history if t.player == i and t.before == focus), None
            )
            self.presenters[i].draw(
                self.board.query_one(f"#chart-{i}", Widget), self._learner(i), focus,
                in_use=in_use, played=played, change=after.change, said=said,
            )

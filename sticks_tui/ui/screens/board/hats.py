"""The board's hat panel: a chart for each machine at the table that learns, and what each game
did to it (SPEC section 11, "watching it learn").

While a game is played, each chart shows the hat of the position in play (highlighted, and in
view): a take-away game's every hat, one hat of Nim or Sticky-Nim, or a Q-learner's values
there; each learner's presenter draws its own (:func:`~..presenters.learner_presenter`). When
the game ends, each chart shows what the game did (the learner's ``last_game``): the balls drawn
stay marked, each change shown in colour and as text, and a line says it, or why nothing
changed. It stays until the next game starts; a move taken back clears it, as the balls go back.

The panel is a widget fed by the game driver's events (:meth:`HatsPanel.show`, which the board
screen hands each one) and drawn from the match the board passes (:meth:`HatsPanel.draw`); it
knows nothing of the screen.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widget import Widget

from ....engine import GameChange, Learner, LearnerPlayer, Match
from ...game_driver import BallDrawn, Event, GameEnded, GameStarted, MovePlayed, TakenBack
from ...presenters import LearnerPresenter, Presenter, learner_presenter
from ...presenters.hat_words import NOT_LEARNING_WORDS, PRACTICE_WORDS
from ...presenters.hats import HatChart
from ...session import Seat, Table


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


class HatsPanel(Vertical):
    """The charts of the machines that learn at one board, and what they show."""

    def __init__(self, table: Table, presenter: Presenter) -> None:
        super().__init__(id="hats")
        self.table = table
        self.seats = [i for i, seat in enumerate(table.seats) if seat.learner is not None]
        #: Each learner's presenter (its chart, drawn in the game's words).
        self.presenters: dict[int, LearnerPresenter] = {
            i: learner_presenter(self._learner(i), presenter) for i in self.seats
        }
        #: The position whose hat each machine drew from last (or is drawing from now).
        self.in_use: dict[int, object] = {}
        #: The hat each chart is centred on; it stays on the last hat used when a game ends.
        self.centred: dict[int, object] = {}
        #: What the game just finished did, per seat, until the next game starts.
        self.after: dict[int, AfterGame] = {}

    def _learner(self, seat: int) -> Learner[Hashable, Hashable]:
        learner = self.table.seats[seat].learner
        assert learner is not None
        return learner

    def every_hat(self, seat: int) -> bool:
        """Whether the seat's chart shows every hat (a take-away game's hat AI)."""
        return self.presenters[seat].every_hat

    def compose(self) -> ComposeResult:
        for i in self.seats:
            name = self.table.seats[i].brain_words(games=False)  # "AI (hats)": which brain
            yield self.presenters[i].chart(name, id=f"chart-{i}")

    # -- the driver's events --------------------------------------------------------------------
    def show(self, event: Event) -> None:
        """What ``event`` does to the charts' marks (drawn by :meth:`draw`)."""
        if isinstance(event, BallDrawn | MovePlayed):
            # the machine that drew or moved used its hat there
            seat, position = (
                (event.seat, event.position) if isinstance(event, BallDrawn)
                else (event.turn.player, event.turn.before)
            )
            if seat in self.seats:
                self.in_use[seat] = position
        elif isinstance(event, GameEnded):
            self._game_over(event)
        elif isinstance(event, GameStarted):
            self._new_game(event.position)
        elif isinstance(event, TakenBack):
            self._taken_back(event.turns[-1].before)

    def _game_over(self, ended: GameEnded) -> None:
        """Show what the game did to each learner (read by the driver before anything else
        changed it, as saving may)."""
        self.in_use.clear()
        for i in self.seats:
            seat = self.table.seats[i]
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
                    self.centred[i] = change.changed[-1].position

    def _new_game(self, position: object) -> None:
        """The next game starts at ``position``: the marks of the last one go."""
        self.after.clear()
        self.in_use.clear()
        for i in self.seats:
            self.centred[i] = position
        for chart in self._charts():
            chart.reset_scroll()

    def _taken_back(self, position: object) -> None:
        """Moves were taken back to ``position``: the balls drawn went back, so nothing is
        marked, and the charts show the hats as they are now, there."""
        self.in_use.clear()
        self.after.clear()
        for i in self.seats:
            self.centred[i] = position

    def resumed(self, match: Match[Hashable, Hashable]) -> None:
        """Back on the board (from the lab, say): a learner that has learned since its last
        game here (a training kept) is drawn as it is now, without that game's marks, which
        were of the brain before."""
        for i, after in list(self.after.items()):
            if self._learner(i).games_played != after.games:
                del self.after[i]
        self.draw(match)

    def scroll(self, delta: int) -> None:
        for chart in self._charts():
            chart.scroll_hats(delta)

    def _charts(self) -> list[HatChart]:
        return [chart for chart in self.children if isinstance(chart, HatChart)]

    # -- drawing --------------------------------------------------------------------------------
    def draw(self, match: Match[Hashable, Hashable], *seats: int) -> None:
        """The charts of ``seats`` (each one, with none), at ``match`` (the game on the
        board)."""
        for i in seats or self.seats:
            if i not in self.seats:
                continue
            if not match.is_over and match.to_move == i and not self.table.seats[i].is_human:
                self.in_use[i] = match.position  # its hat there is in play
            in_use = self.in_use.get(i)
            if in_use is not None:
                self.centred[i] = in_use
            elif not match.is_over and self.every_hat(i):
                self.centred[i] = match.position
            focus = self.centred.get(i, match.position)
            after = self.after.get(i) or AfterGame(None)
            said = (after.said or "") if i in self.after and after.change is None else None
            played = next(
                (t.move for t in match.history if t.player == i and t.before == focus), None
            )
            self.presenters[i].draw(
                self.query_one(f"#chart-{i}", Widget), self._learner(i), focus,
                in_use=in_use, played=played, change=after.change, said=said,
            )

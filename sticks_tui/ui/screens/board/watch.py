"""Watch mode on the board: two machines play while a person runs, pauses, steps and changes
the speed (``space``, ``s``, ``-``/``+``), on the lab's ladder of speeds (:data:`..speed.SPEEDS`):
at the speeds that show moves, each step of a machine's turn waits the speed's pause; at the
others, games are played undrawn, as many as the speed's report holds (full speed: as many as
:data:`RUSH_SECONDS` holds), and the board is drawn after each run of them.

:class:`BoardPace` holds the pacing of a board's machine steps (watched or played), and the
board's tally (:class:`BoardTally`) its results; neither knows the board screen, which asks the
pace when its next step is due (:meth:`BoardPace.wait`: the lab's :class:`~...speed.SpeedControl`
says it while watching) and waits for it on its one timer, and hands the tally the game driver's
events.

The saves of the board's games are gathered by the game driver's :class:`~...game_driver.GameSaves`
(watched at full speed, games end many times a second); the board flushes them when the watch
pauses.
"""

from __future__ import annotations

from collections.abc import Hashable

from rich.text import Text
from textual.widgets import Static

from ....engine import Match
from ...game_driver import Event, GameEnded
from ...session import Table
from ...speed import FULL_SPEED, SPEEDS, START_SPEED, SpeedControl
from ...widgets.tally import Part, RunningTally, WindowShare, fitted_line

#: At full speed, about how long the games played in one go take before the board is drawn.
RUSH_SECONDS = 0.1
WATCH_ACTIONS = ("pause", "step", "slower", "faster")
#: The results the curve under the tally keeps (one mark each, the latest on the right).
CURVE_MOST = 200
#: The board's column at 80x24, for the tally's words before the board is laid out.
TALLY_WIDTH = 38
BARS = "▁▂▃▄▅▆▇█"


def _share(last: WindowShare) -> str:
    return "-" if last.games == 0 else f"{last.share:.0%}"


def tally_side(table: Table) -> int | None:
    """The seat the tally counts for: the left machine when two machines play, the machine
    when one plays a person (its results against them); none between two people."""
    machines = [i for i, seat in enumerate(table.seats) if not seat.is_human]
    return machines[0] if machines else None


class BoardTally(Static):
    """The games of this board so far: games, who won them, the counted side's win share over
    the last 100 and 1,000 games, and a small curve of that share after each game."""

    DEFAULT_CSS = """
    BoardTally { height: auto; color: $text-muted; }
    BoardTally.-nobody { display: none; }
    """

    def __init__(self, table: Table) -> None:
        super().__init__(id="tally")
        self.table = table
        self.side = tally_side(table)
        self.tally = RunningTally()
        self.curve: list[float] = []
        self.set_class(self.side is None, "-nobody", update=False)  # two people: no tally

    def on_mount(self) -> None:
        if self.side is not None:
            self.update(self.words())  # from the start, so the board does not move after a game

    def show(self, event: Event) -> None:
        """A finished game that counts (practice games do not) is counted."""
        if isinstance(event, GameEnded) and event.counted:
            self.count(event.match)

    def count(self, match: Match[Hashable, Hashable]) -> None:
        """A finished game, counted for the tally's side."""
        if self.side is None or match.winner is None:
            return
        self.tally.add(1, int(match.winner == self.side))
        self.curve.append(self.tally.last(100).share)
        del self.curve[:-CURVE_MOST]
        self.update(self.words())

    def on_resize(self) -> None:
        if self.side is not None:
            self.update(self.words())  # the words that fit the new width

    def words(self) -> Text:
        """Two lines, each the fullest words that fit the board's column on one line (a line
        that wrapped would push the move log off the board at 80x24); playing a person, the
        curve of the machine's win share after each game under them."""
        assert self.side is not None
        tally, seats = self.tally, self.table.seats
        name, other = seats[self.side].name, seats[1 - self.side]
        width = self.content_size.width or TALLY_WIDTH
        games = f"{tally.games:,} game{'' if tally.games == 1 else 's'}"
        won, lost = f"{tally.won:,}", f"{tally.lost:,}"
        if other.is_human:
            counts: list[list[Part]] = [
                [(name, ""), (f" vs you: {games}, won {won}, lost {lost}", "")],
                [(f"{games}: ", ""), (name, ""), (f" won {won}, you {lost}", "")],
                [(name, ""), (f" won {won}, you {lost}", "")],
            ]
        else:
            counts = [
                [(f"{games}: ", ""), (name, ""), (f" won {won}, ", ""), (other.name, ""),
                 (f" {lost}", "")],
                [(name, ""), (f" won {won}, ", ""), (other.name, ""), (f" {lost}", "")],
            ]
        shares: list[Part] = [
            (f"last 100: {_share(tally.last(100))}", "bold"), (" · ", "dim"),
            (f"1,000: {_share(tally.last(1000))}", "bold"),
        ]
        text = fitted_line(counts, width, [name, other.name])
        text.append("\n")
        text.append_text(fitted_line(
            [[(name, "dim"), (" wins, ", "dim"), *shares], [("its wins, ", "dim"), *shares],
             [("wins, ", "dim"), *shares], shares],
            width, [name],
        ))
        if other.is_human:
            marks = "".join(BARS[round(share * (len(BARS) - 1))] for share in self.curve[-width:])
            text.append(f"\n{marks}", style="#87d75f")
        return text


class BoardPace:
    """When a board's machines make their next step: after the app's AI pause while a person
    plays; watched, as the run, the pause and the speed of the lab's pacing say
    (:class:`~...speed.SpeedControl`: the speed on the one ladder, the pause, where to pause).
    The board waits for the step on its one timer, where the lab's training thread waits in the
    control itself."""

    def __init__(self, watching: bool) -> None:
        self.watching = watching
        self.control = SpeedControl(START_SPEED)
        #: True while the board plays a rush of moves undrawn (:meth:`rush_goes_on`).
        self.rushing = False

    @property
    def paused(self) -> bool:
        return self.control.paused

    @paused.setter
    def paused(self, paused: bool) -> None:
        self.control.pause(paused)

    @property
    def speed(self) -> int:
        """The speed's place on the ladder (:data:`~...speed.SPEEDS`)."""
        return self.control.index

    @speed.setter
    def speed(self, index: int) -> None:
        self.control.set_speed(index)

    @property
    def pause_after(self) -> int | None:
        """Pause once this many games are done (a fixed place to stop at, e.g. a picture)."""
        return self.control.pause_after

    @pause_after.setter
    def pause_after(self, games: int | None) -> None:
        self.control.pause_after = games

    def wait(self, ai_delay: float, *, over: bool) -> float | None:
        """Seconds before the machine's next step (``over``: the next game), or None while it
        waits for a key (paused): the app's AI pause, or the watch's
        (:meth:`~...speed.SpeedControl.board_wait`)."""
        if not self.watching:
            return ai_delay
        return self.control.board_wait(ai_delay, next_game=over)

    @property
    def hurries(self) -> bool:
        """Whether the moves of the game in play are made without drawing each one."""
        return self.watching and not self.paused and not SPEEDS[self.speed].moves

    def quiet(self, over: bool) -> bool:
        """Whether the board is left undrawn now: mid-game while hurrying, and during a rush."""
        return self.rushing or (self.hurries and not over)

    def rush_goes_on(self, games: int, since: float, now: float) -> bool:
        """Whether a rush that began at ``since`` and has played ``games`` plays another: while
        the speed hurries, as many games as its report holds (full speed: for about
        :data:`RUSH_SECONDS`; never longer than that)."""
        most = SPEEDS[self.speed].games if self.speed != FULL_SPEED else None
        return self.hurries and now - since < RUSH_SECONDS and games != most

    def reached(self, games: int) -> bool:
        """A watched game ended with ``games`` played: whether the watch pauses here now
        (:attr:`pause_after`)."""
        if self.pause_after is None or games < self.pause_after:
            return False
        self.pause_after = None
        self.paused = True
        return True

    def words(self, *, over: bool) -> str:
        """The speed lines: the keys that run it, then the speed and its keys (empty unless
        watching). Two lines of their own: one line would wrap in the board's column at 80x24."""
        if not self.watching:
            return ""
        if not self.paused:
            state = "space pauses"
        elif over:
            state = "paused · s: next game"
        else:
            state = "paused · s steps"
        return f"{state}\nspeed: {SPEEDS[self.speed].label} (-/+)"

    def allowed(self, action: str) -> bool:
        return self.watching

    def faster(self, steps: int) -> None:
        """Change the speed by ``steps`` (negative: slower)."""
        self.control.faster(steps)

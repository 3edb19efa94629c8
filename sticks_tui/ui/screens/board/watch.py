"""Watch mode on the board: two machines play while a person runs, pauses, steps and changes
the speed (``space``, ``s``, ``-``/``+``), on the lab's ladder of speeds (:data:`..speed.SPEEDS`):
at the speeds that show moves, each step of a machine's turn waits the speed's pause; at the
others, games are played undrawn, as many as the speed's report holds (full speed: as many as
:data:`RUSH_SECONDS` holds), and the board is drawn after each run of them.

It lives beside the board screen (as its help does, :mod:`.help`) so that the board keeps
to the flow of one game: the board asks here how long a machine's step waits and whether it
waits at all, and hands the watch keys here.

The saves of the board's games are gathered by the game driver's :class:`~...game_driver.GameSaves`
(watched at full speed, games end many times a second); the watch flushes them when it pauses.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable
from typing import Protocol

from rich.text import Text
from textual.widgets import Static

from ....engine import Match
from ...game_driver import GameSaves
from ...session import Table
from ...speed import FULL_SPEED, SPEEDS, START_SPEED, SpeedControl, paced
from ...widgets.tally import Part, RunningTally, WindowShare, fitted_line

#: At full speed, about how long the games played in one go take before the board is drawn.
RUSH_SECONDS = 0.1
#: The least wait before the next watched game: the screen is drawn (and keys read) meanwhile.
LEAST_BETWEEN = 0.01
WATCH_ACTIONS = ("pause", "step", "slower", "faster")
#: The results the curve under the tally keeps (one mark each, the latest on the right).
CURVE_MOST = 200
#: The board's column at 80x24, for the tally's words before the board is laid out.
TALLY_WIDTH = 38
BARS = "▁▂▃▄▅▆▇█"


class Board(Protocol):
    """What watch mode needs of the board screen."""

    table: Table

    @property
    def match(self) -> Match[Hashable, Hashable]: ...

    watching: bool

    @property
    def saves(self) -> GameSaves: ...

    def machine_step(self) -> None: ...

    def forget_step(self, *, ball: bool = False) -> None: ...

    def schedule(self, step: Callable[[], None]) -> None: ...

    def redraw(self) -> None: ...

    def show_speed(self) -> None: ...

    def action_play_again(self) -> None: ...


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

    def count(self, match: Match[Hashable, Hashable]) -> None:
        """A finished game that counts (practice games do not: the board does not hand them)."""
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


class BoardWatch:
    """The run, the pause and the speed of one board's watched games: the lab's pacing
    (:class:`~...speed.SpeedControl`: the speed on the one ladder, the pause, where to pause)
    holds them; the board waits its steps on the app's timers, where the lab's training thread
    waits in the control itself."""

    def __init__(self, board: Board, watching: bool) -> None:
        self.board = board
        self.watching = watching
        self.control = SpeedControl(START_SPEED)
        #: True while :meth:`rush` plays moves: the board is not drawn and schedules nothing.
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

    def delay(self, pause: float) -> float:
        """The wait before a machine's next step: the app's AI pause; watching, the speed's
        pause (scaled by the AI pause, :func:`~..speed.paced`), after a step that is drawn and
        before the next game."""
        if not self.watching:
            return pause
        speed = SPEEDS[self.speed]
        wait = paced(speed.wait, pause)
        if self.board.match.is_over:
            return max(LEAST_BETWEEN, wait)
        return wait if speed.moves else 0.0

    @property
    def hurries(self) -> bool:
        """Whether the moves of the game in play are made without drawing each one."""
        return self.watching and not self.paused and not SPEEDS[self.speed].moves

    @property
    def quiet(self) -> bool:
        """Whether the board is left undrawn now: mid-game while hurrying, and during a rush."""
        return self.rushing or (self.hurries and not self.board.match.is_over)

    @property
    def holds(self) -> bool:
        """Whether a machine's step that comes due waits for a key instead."""
        return self.watching and self.paused

    def words(self) -> str:
        """The speed lines: the keys that run it, then the speed and its keys (empty unless
        watching). Two lines of their own: one line would wrap in the board's column at 80x24."""
        if not self.watching:
            return ""
        if not self.paused:
            state = "space pauses"
        elif self.board.match.is_over:
            state = "paused · s: next game"
        else:
            state = "paused · s steps"
        return f"{state}\nspeed: {SPEEDS[self.speed].label} (-/+)"

    def allowed(self, action: str) -> bool:
        return self.watching

    def machine_turn(self) -> Callable[[], None] | None:
        """What the board schedules for a machine's turn (nothing while a rush plays it)."""
        if self.rushing:
            return None
        return self.rush if self.hurries else self.board.machine_step

    def game_over(self) -> None:
        """The end of a watched game: the next one starts after the pause, unless paused."""
        board = self.board
        if self.pause_after is not None and board.table.games >= self.pause_after:
            self.pause_after = None
            self.paused = True
            board.saves.flush()
            board.redraw()
        if self.watching and not self.rushing:
            board.schedule(board.action_play_again)

    def rush(self) -> None:
        """At a speed that shows no moves: the game's moves at once, and the next games too, as
        many as the speed's report holds (full speed: for about :data:`RUSH_SECONDS`; never
        longer than that), undrawn; then the board is drawn (a pause waits for the rush to end:
        it takes no longer than a drawing)."""
        board = self.board
        if not self.hurries:  # paused or slowed down meanwhile
            board.machine_step()
            return
        deadline = time.monotonic() + RUSH_SECONDS
        self.rushing = True
        games = 0
        try:
            while True:
                while not board.match.is_over:
                    board.machine_step()
                games += 1
                most = SPEEDS[self.speed].games if self.speed != FULL_SPEED else None
                if not self.hurries or time.monotonic() >= deadline or games == most:
                    break
                board.action_play_again()
        finally:
            self.rushing = False
        board.redraw()
        self.game_over()

    # -- the keys ---------------------------------------------------------------------------------
    def pause(self) -> None:
        board = self.board
        self.paused = not self.paused
        if self.paused:
            board.saves.flush()
        board.forget_step()  # the step that was waiting; it is scheduled again below
        if not self.paused:
            board.schedule(self._next_step)
        board.redraw()

    def _next_step(self) -> None:
        """The next step of the run: a machine's, or the next game once this one is over."""
        board = self.board
        if board.match.is_over:
            board.action_play_again()
        else:
            board.machine_step()

    def step(self) -> None:
        """Single-step: pause if running, then run the next step of the machine's turn."""
        board = self.board
        if not self.paused:
            self.paused = True
            board.forget_step()
        self._next_step()
        board.redraw()

    def faster(self, steps: int) -> None:
        """Change the speed by ``steps`` (negative: slower)."""
        self.control.faster(steps)
        self.board.show_speed()
        self.board.redraw()

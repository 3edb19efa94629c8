"""The speed of training (or of watched games) a person can follow, and the controls that
change it while it runs: ``-``/``+`` slower and faster, pause, resume, step.

:data:`SPEEDS` runs from one move at a time to full speed. :class:`SpeedControl` holds the
speed, the pause and the steps asked for; it is shared between the screen (which changes it
from the app's thread) and the training thread, for which it is the engine's
:class:`~sticks_tui.engine.pacing.Pacing`: it blocks there while paused, lets one game (or one
move) through per step, waits between games or moves at the slow speeds, and at full speed
lets as many games through between two reports as fit in :data:`REPORT_SECONDS`, so that the
screen redraws about once a second and the fast loops play the rest (a redraw costs the app's
thread some 30 ms of Python, which training, sharing Python's lock, waits for: at two a second
the lab lost 6% of headless training's games per second to them; ``benchmarks/lab_speed.py``
measures it).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from ..engine.pacing import MoveSeen, MoveWatcher

#: At full speed, about how long the games between two reports take (a report a second).
REPORT_SECONDS = 1.0
#: At full speed the games between reports grow at most this many times from one report to
#: the next (the first 100 games measure the pace; a quick game is at full pace by the third).
FULL_SPEED_GROWTH = 100
#: The most games between two reports at full speed (a quick game, a long lull).
FULL_SPEED_MOST = 1_000_000


@dataclass(frozen=True)
class Speed:
    """One speed: every move shown or not, the wait after each move or each report, and the
    games between two reports (None: as many as fit in :data:`REPORT_SECONDS`)."""

    label: str
    moves: bool
    wait: float
    games: int | None

    @property
    def is_full(self) -> bool:
        return self.games is None


SPEEDS: tuple[Speed, ...] = (
    Speed("one move at a time", True, 0.8, 1),
    Speed("quick moves", True, 0.2, 1),
    Speed("a game at a time", False, 0.6, 1),
    Speed("10 games a second", False, 0.1, 1),
    Speed("100 games a second", False, 0.1, 10),
    Speed("1,000 games a second", False, 0.1, 100),
    Speed("full speed", False, 0.0, None),
)
FULL_SPEED = len(SPEEDS) - 1


class SpeedControl:
    """The speed, the pause and the steps: set from the screen, obeyed by the training thread.

    ``on_move`` (when given) is called from the training thread with every move of the games
    played at a speed that shows moves, before the wait that follows it. ``clock`` and
    ``sleep`` are for tests; a wait is cut short by any change (a new speed, pause, step, stop).
    """

    def __init__(
        self,
        speed: int = FULL_SPEED,
        *,
        paused: bool = False,
        on_move: Callable[[MoveSeen], None] | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._index = max(0, min(FULL_SPEED, speed))
        self._paused = paused
        self._steps = 0
        self._stopped = threading.Event()
        #: Asked by the trainer before every game: the Event's own method, the cheapest call
        #: (a Python function there costs full speed a few percent).
        self.should_stop = self._stopped.is_set
        self._changed = threading.Condition()
        self.on_move = on_move
        self.clock = clock
        self._last: tuple[float, int] | None = None  # (when, games done) at the last report
        self._full_games = 100  # games between reports at full speed, adapted as it goes
        #: Pause once this many games are done (a fixed place to stop at, e.g. for a picture).
        self.pause_after: int | None = None

    # -- from the screen -------------------------------------------------------------------
    @property
    def speed(self) -> Speed:
        return SPEEDS[self._index]

    @property
    def index(self) -> int:
        return self._index

    @property
    def paused(self) -> bool:
        return self._paused

    def faster(self, steps: int = 1) -> Speed:
        """One speed up (a negative ``steps`` slows down); the new speed."""
        with self._changed:
            self._index = max(0, min(FULL_SPEED, self._index + steps))
            self._changed.notify_all()
        return self.speed

    def pause(self, paused: bool = True) -> None:
        with self._changed:
            self._paused = paused
            self._steps = 0
            self._changed.notify_all()

    def step(self) -> None:
        """While paused: one more game (one more move at the speeds that show moves)."""
        with self._changed:
            if self._paused:
                self._steps += 1
                self._changed.notify_all()

    def stop(self) -> None:
        """Nothing waits any more (training is cancelled, or the screen goes away)."""
        with self._changed:
            self._stopped.set()
            self._changed.notify_all()

    @property
    def stopped(self) -> bool:
        return self._stopped.is_set()

    def reached(self, games_done: int) -> bool:
        """Told at each report: pause here if :attr:`pause_after` says so; whether paused."""
        with self._changed:
            if self.pause_after is not None and games_done >= self.pause_after:
                self.pause_after = None
                self._paused = True
                self._steps = 0
            return self._paused

    # -- from the training thread (the engine's Pacing) ------------------------------------------
    def games_before_report(self, games_done: int) -> int:
        with self._changed:
            speed = self.speed
            if self._paused and not speed.moves:
                self._wait_for_step()
                return 1
            if not self._paused and speed.wait > 0 and not speed.moves:
                self._changed.wait(speed.wait)  # a change cuts the wait short
            speed = self.speed
        if speed.games is not None or self._paused:
            self._last = None
            games = speed.games or 1
        else:
            games = self._full_speed_games(games_done)
        if self.pause_after is not None:
            games = max(1, min(games, self.pause_after - games_done))
        return games

    def move_watcher(self) -> MoveWatcher | None:
        return self._watch if self.speed.moves else None

    def _watch(self, move: MoveSeen) -> None:
        if self.on_move is not None:
            self.on_move(move)
        with self._changed:
            if self._paused:
                self._wait_for_step()
            elif not self._stopped.is_set():
                self._changed.wait(self.speed.wait)

    def _wait_for_step(self) -> None:
        """Block (holding the condition) until a step, a resume or a stop; use up the step."""
        while self._paused and self._steps == 0 and not self._stopped.is_set():
            self._changed.wait()
        if self._steps:
            self._steps -= 1

    def _full_speed_games(self, games_done: int) -> int:
        """As many games as took about :data:`REPORT_SECONDS` last time (the report's own cost
        included), growing at most :data:`FULL_SPEED_GROWTH` times at a time."""
        now = self.clock()
        last, self._last = self._last, (now, games_done)
        if last is not None and games_done > last[1]:
            elapsed = now - last[0]
            per_game = elapsed / (games_done - last[1])
            wanted = REPORT_SECONDS / per_game if per_game > 0 else FULL_SPEED_MOST
            grown = self._full_games * FULL_SPEED_GROWTH
            self._full_games = int(max(1, min(FULL_SPEED_MOST, grown, wanted)))
        return self._full_games

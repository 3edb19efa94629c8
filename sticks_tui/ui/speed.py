"""The speed of training (or of watched games) a person can follow, and the controls that
change it while it runs: ``-``/``+`` slower and faster, ``f`` full speed, pause, resume, step.

One ladder of speeds and one pacing class for the lab and for watch mode on the board: the
board's watch keeps its speed, pause and place to pause in a :class:`SpeedControl` too, which
says when the board's next step is due (:meth:`SpeedControl.board_wait`); the board waits for it
on its one timer (:mod:`.screens.board.watch`).

:data:`SPEEDS` runs from one move at a time to full speed; the lab starts at
:data:`START_SPEED` (moves about 0.3 s apart, each shown on the hats) unless another speed was
chosen last (:func:`recalled_speed`). :class:`SpeedControl` holds the speed, the pause and the
steps asked for; it is shared between the screen (which changes it from the app's thread) and
the training thread, for which it is the engine's :class:`~sticks_tui.engine.pacing.Pacing`: it
blocks there while paused, lets one game (or one move) through per step, and waits between
games or moves at the slow speeds. At full speed it lets the games through in chunks of a few
hundredths of a second (:class:`~sticks_tui.engine.pacing.Chunks`) and ends the run of games,
so that a report comes, about once a :data:`REPORT_SECONDS` or at once after any key: a key
acts within one chunk, while the screen redraws only about once a second (a redraw costs the
app's thread some 30 ms of Python, which training, sharing Python's lock, waits for;
``benchmarks/lab_speed.py`` measures both).
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from ..engine.pacing import CHUNK_MOST, Chunks, MoveSeen, MoveWatcher
from ..storage.records import KeepsSettings

#: At full speed, about how long the games between two reports take (a report a second).
REPORT_SECONDS = 1.0
#: ... but the first report after the start or a key comes sooner: its effect shows at once.
FIRST_REPORT_SECONDS = 0.1
#: Games per second are counted over about this long (at least the last two reports).
RATE_SECONDS = 1.0
#: The most games of one run at full speed (its chunks end it long before).
FULL_SPEED_MOST = 1_000_000_000
#: Where the records keep the speed last chosen in the lab (by its words).
SPEED_SETTING = "lab_speed"
#: Seconds a person gets to see the AI draw a ball before the sticks go (``--ai-delay``).
DEFAULT_AI_DELAY = 0.45
#: The least wait before the next watched game: the screen is drawn (and keys read) meanwhile.
LEAST_BETWEEN = 0.01


@dataclass(frozen=True)
class Speed:
    """One speed: every move shown or not, the wait after each move or each report, and the
    games between two reports (None: full speed, a report about once a second)."""

    label: str
    moves: bool
    wait: float
    games: int | None

    @property
    def is_full(self) -> bool:
        return self.games is None


SPEEDS: tuple[Speed, ...] = (
    Speed("one move at a time", True, 0.8, 1),
    Speed("quick moves", True, 0.3, 1),
    Speed("a game at a time", False, 0.6, 1),
    Speed("10 games a second", False, 0.1, 1),
    Speed("100 games a second", False, 0.1, 10),
    Speed("1,000 games a second", False, 0.1, 100),
    Speed("full speed", False, 0.0, None),
)
FULL_SPEED = len(SPEEDS) - 1
#: The lab's first speed: its moves about 0.3 s apart, each drawn on the hats.
START_SPEED = 1


def paced(wait: float, ai_delay: float) -> float:
    """A speed's ``wait`` on the board, where the app's AI pause scales it: the speed's own
    seconds at the default pause, none at ``--ai-delay 0``."""
    return wait * ai_delay / DEFAULT_AI_DELAY


def recalled_speed(records: KeepsSettings) -> int:
    """The speed last chosen in the lab (:data:`START_SPEED` when none is kept, or unknown)."""
    label = records.recall(SPEED_SETTING)
    return next((i for i, speed in enumerate(SPEEDS) if speed.label == label), START_SPEED)


def remember_speed(records: KeepsSettings, index: int) -> None:
    """Keep the speed chosen for the lab's next run (and the app's next start)."""
    records.remember({SPEED_SETTING: SPEEDS[index].label})


def time_left_words(seconds: float | None) -> str:
    """``about 2 min left at this speed``; "—" when it is not known (paused, or measuring)."""
    if seconds is None:
        return "time left: —"
    for unit, size in (("days", 86_400), ("h", 3600), ("min", 60)):
        if seconds >= 1.5 * size:
            return f"about {seconds / size:,.0f} {unit} left at this speed"
    return f"about {max(1, round(seconds))} s left at this speed"


class RecentRate:
    """Games per second over about the last :data:`RATE_SECONDS` (over the last two reports
    when they are further apart), not since the start; :meth:`reset` when the pace changes."""

    def __init__(self) -> None:
        self._seen: deque[tuple[float, int]] = deque()

    def reset(self) -> None:
        self._seen.clear()

    def add(self, now: float, games: int) -> float | None:
        """A report: ``games`` done at ``now``; the rate, or None before two reports."""
        seen = self._seen
        seen.append((now, games))
        while len(seen) > 2 and seen[1][0] <= now - RATE_SECONDS:
            seen.popleft()
        (then, before) = seen[0]
        return (games - before) / (now - then) if len(seen) > 1 and now > then else None


class SpeedControl:
    """The speed, the pause and the steps: set from the screen, obeyed by the training thread.

    ``on_move`` (when given) is called from the training thread with every move of the games
    played at a speed that shows moves, before the wait that follows it. ``clock`` is for
    tests; a wait is cut short by any change (a new speed, pause, step, stop), and any change
    ends a run of games at the next chunk.
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
        #: Asked by the trainer before every game or chunk: the Event's own method, the
        #: cheapest call.
        self.should_stop = self._stopped.is_set
        self._changed = threading.Condition()
        self.on_move = on_move
        self.chunks = Chunks(clock)
        self._changes = 0  # keys obeyed so far; a run of games ends when it grows
        self._run_changes = 0  # ... as it was when the run began
        self._run_from: tuple[float, int] | None = None  # (when, games) a full-speed run began
        self._run_seconds = FIRST_REPORT_SECONDS  # how long that run lasts
        #: Games done when the last chunk began (as the trainer said).
        self.games_seen = 0
        #: :attr:`games_seen` when the last key changed something (a key acts within a chunk).
        self.key_games: int | None = None
        #: Pause once this many games are done (a fixed place to stop at, e.g. for a picture).
        self.pause_after: int | None = None

    @property
    def clock(self) -> Callable[[], float]:
        return self.chunks.clock

    @clock.setter
    def clock(self, clock: Callable[[], float]) -> None:
        self.chunks.clock = clock

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
        return self.set_speed(self._index + steps)

    def set_speed(self, index: int) -> Speed:
        """Straight to the speed ``index`` (e.g. :data:`FULL_SPEED`); the new speed."""
        with self._changed:
            self._index = max(0, min(FULL_SPEED, index))
            self._change()
        return self.speed

    def pause(self, paused: bool = True) -> None:
        with self._changed:
            self._paused = paused
            self._steps = 0
            self._change()

    def step(self) -> None:
        """While paused: one more game (one more move at the speeds that show moves)."""
        with self._changed:
            if self._paused:
                self._steps += 1
                self._change()

    def stop(self) -> None:
        """Nothing waits any more (training is cancelled, or the screen goes away)."""
        with self._changed:
            self._stopped.set()
            self._change()

    def _change(self) -> None:
        """(Holding the condition.) Wake any wait, and end the run of games at its next chunk."""
        self._changes += 1
        self.key_games = self.games_seen
        self._changed.notify_all()

    @property
    def stopped(self) -> bool:
        return self._stopped.is_set()

    def stopped_within(self, seconds: float) -> bool:
        """Wait up to ``seconds`` for a stop (from the training thread, before it trains);
        whether it came."""
        return self._stopped.wait(seconds)

    def reached(self, games_done: int) -> bool:
        """Told at each report: pause here if :attr:`pause_after` says so; whether paused."""
        with self._changed:
            if self.pause_after is not None and games_done >= self.pause_after:
                self.pause_after = None
                self._paused = True
                self._steps = 0
            return self._paused

    # -- for the board's watched games -------------------------------------------------------------
    def board_wait(self, ai_delay: float, *, next_game: bool) -> float | None:
        """Seconds before a watched board's next step, or None while paused (a key steps): the
        speed's pause (scaled by the app's AI pause, :func:`paced`) after a step that is drawn
        and before the next game (``next_game``; never less than :data:`LEAST_BETWEEN`), none
        between the moves of a game played undrawn."""
        if self._paused:
            return None
        wait = paced(self.speed.wait, ai_delay)
        if next_game:
            return max(LEAST_BETWEEN, wait)
        return wait if self.speed.moves else 0.0

    # -- from the training thread (the engine's Pacing) ------------------------------------------
    def games_before_report(self, games_done: int) -> int:
        with self._changed:
            self.games_seen = games_done
            speed = self.speed
            if self._paused and not speed.moves:
                self._wait_for_step()
                games = 1
            else:
                if not self._paused and speed.wait > 0 and not speed.moves:
                    self._changed.wait(speed.wait)  # a change cuts the wait short
                speed = self.speed
                games = FULL_SPEED_MOST if speed.is_full and not self._paused else speed.games or 1
            self._run_from = (self.clock(), games_done) if games == FULL_SPEED_MOST else None
            first = self._run_changes != self._changes or self.games_seen == 0
            self._run_seconds = FIRST_REPORT_SECONDS if first else REPORT_SECONDS
            self._run_changes = self._changes  # a change from now on ends this run
        self.chunks.rest()  # the time since the last chunk was no game's
        if self.pause_after is not None:
            games = max(1, min(games, self.pause_after - games_done))
        return games

    def next_chunk(self, games_done: int) -> int:
        """Games for the next chunk: 0 (the run ends, a report comes) after any change, or at
        full speed once :data:`REPORT_SECONDS` have passed since the run began
        (:data:`FIRST_REPORT_SECONDS` for the first run after the start or a key)."""
        with self._changed:
            self.games_seen = games_done
            if self._changes != self._run_changes:
                return 0
            run_from = self._run_from
        if run_from is None:
            return CHUNK_MOST  # a slow speed's few games, at once
        now = self.clock()
        if now - run_from[0] >= self._run_seconds and games_done > run_from[1]:
            return 0
        return self.chunks.size(games_done, now)

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

"""Watch mode on the board: two machines play while a person runs, pauses, steps and changes
the speed (``space``, ``s``, ``-``/``+``).

It lives beside the board screen (as its help does, :mod:`.board_help`) so that the board keeps
to the flow of one game: the board asks here how long a machine's step waits and whether it
waits at all, and hands the watch keys here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from ...engine import Match

#: Watch-mode speeds: name and how many "AI pauses" each step waits.
SPEEDS: tuple[tuple[str, float], ...] = (
    ("slow", 3.0),
    ("normal", 1.0),
    ("fast", 0.25),
    ("fastest", 0.0),
)
NORMAL_SPEED = 1
WATCH_ACTIONS = ("pause", "step", "slower", "faster")


class Board(Protocol):
    """What watch mode needs of the board screen."""

    match: Match
    _generation: int

    def _machine_step(self) -> None: ...

    def _schedule(self, step: Callable[[], None]) -> None: ...

    def _redraw(self) -> None: ...


class BoardWatch:
    """The run, the pause and the speed of one board's watched games."""

    def __init__(self, board: Board, watching: bool) -> None:
        self.board = board
        self.watching = watching
        self.paused = False
        self.speed = NORMAL_SPEED

    def delay(self, pause: float) -> float:
        """The wait before a machine's next step: the app's AI pause, times the speed's."""
        return pause * SPEEDS[self.speed][1] if self.watching else pause

    @property
    def holds(self) -> bool:
        """Whether a machine's step that comes due waits for a key instead."""
        return self.watching and self.paused

    def words(self) -> str:
        """The speed line: the speed and the keys that change the run (empty unless watching)."""
        if not self.watching:
            return ""
        state = "paused · s steps · space runs" if self.paused else "space pauses"
        return f"{SPEEDS[self.speed][0]} speed (-/+) · {state}"

    def allowed(self, action: str) -> bool:
        return self.watching and not self.board.match.is_over

    # -- the keys ---------------------------------------------------------------------------------
    def pause(self) -> None:
        board = self.board
        self.paused = not self.paused
        board._generation += 1  # forget the step that was waiting; it is scheduled again below
        if not self.paused and not board.match.is_over:
            board._schedule(board._machine_step)
        board._redraw()

    def step(self) -> None:
        """Single-step: pause if running, then run the next step of the machine's turn."""
        board = self.board
        if board.match.is_over:
            return
        if not self.paused:
            self.paused = True
            board._generation += 1
        board._machine_step()
        board._redraw()

    def faster(self, steps: int) -> None:
        """Change the speed by ``steps`` (negative: slower)."""
        self.speed = max(0, min(len(SPEEDS) - 1, self.speed + steps))
        self.board._redraw()

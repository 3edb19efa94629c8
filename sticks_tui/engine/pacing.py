"""Pacing: how a watcher (the training lab) sets the pace of :func:`~.training.train`.

Headless training reports every ``progress_every`` games and plays the fast loops in between.
A person watching wants something else, and wants it to change while training runs: every
game or every move at a slow speed, reports a few times a second at full speed, a pause, one
more game or move on a key. A :class:`Pacing` given to ``train(pacing=...)`` is asked, from the
training thread, before each run of games:

* :meth:`Pacing.games_before_report`: how many games to play before the next report. It may
  block: that is how a pause works (it returns when play may go on, or when training is to
  stop, which ``should_stop`` then says);
* :meth:`Pacing.move_watcher`: who sees every move of those games, or None. With a watcher the
  plain loop plays them (the fast loops see no single move); without one the fast loops play,
  so full speed stays full speed. A watcher may block too (one move at a time);
* :meth:`Pacing.next_chunk`: games no one watches are played in small chunks (a few
  hundredths of a second of games each, :class:`Chunks` sizes them), and before each the pacing
  says how many, or 0 to end the run there: the report then comes at once and the pacing is
  asked again. That is how a pause, a step or a new speed acts within one chunk even at full
  speed, while the reports (the redraws of a screen) stay as rare as the pacing likes.

Nothing here knows a screen: the lab's own pacing lives with the lab.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Protocol

__all__ = ["CHUNK_SECONDS", "Chunks", "MoveSeen", "MoveWatcher", "Pacing"]

#: About how long a chunk of games no one watches lasts: a key acts within one.
CHUNK_SECONDS = 0.025
#: The games of the first chunk, before the pace is known.
CHUNK_FIRST = 16
#: A chunk grows at most this many times from one to the next (a quick game is at pace by the
#: fifth chunk, and a chunk the processor shared with others does not make the next one huge).
CHUNK_GROWTH = 4
#: The most games in one chunk (a few milliseconds of the quickest loop, the compiled one).
CHUNK_MOST = 10_000


@dataclass(frozen=True)
class MoveSeen:
    """One move of a training game, as a watcher sees it (from the training thread)."""

    game: int
    """The games of this training finished before this one."""
    seat: int
    """0 for the learner; 1 for its opponent (in self-play the learner's other side)."""
    before: Hashable
    move: Hashable
    after: Hashable
    over: bool
    """Whether the move ended the game."""


#: Called with every move of the games it watches; it may block (a pause, a slow speed).
MoveWatcher = Callable[[MoveSeen], None]


class Pacing(Protocol):
    """What the trainer asks a watcher before each run of games (see the module's text)."""

    def games_before_report(self, games_done: int) -> int:
        """Games to play before the next report (at least 1 is played); may block to pause."""

    def move_watcher(self) -> MoveWatcher | None:
        """Who sees every move of the next games (the plain loop then plays), or None."""

    def next_chunk(self, games_done: int) -> int:
        """Before each chunk of the games no one watches: how many to play next (at least 1),
        or 0 to end the run of games here (the report comes now; then
        :meth:`games_before_report` is asked again). Asked often: keep it cheap."""


class Chunks:
    """Sizes chunks of games to about :data:`CHUNK_SECONDS` each, by ``clock``: each chunk is
    as many games as that long took at the pace of the last one, growing at most
    :data:`CHUNK_GROWTH` times at a time. :meth:`rest` after a wait (a pause, a slow speed) so
    that the wait is not taken for slow games."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.games = CHUNK_FIRST
        self._last: tuple[float, int] | None = None  # (when, games done) at the last chunk

    def rest(self) -> None:
        self._last = None

    def size(self, games_done: int, now: float | None = None) -> int:
        """The games of the next chunk, ``games_done`` being done (``now``: the clock's time,
        when the caller has just read it)."""
        now = self.clock() if now is None else now
        last, self._last = self._last, (now, games_done)
        if last is not None and games_done > last[1]:
            per_game = (now - last[0]) / (games_done - last[1])
            wanted = CHUNK_SECONDS / per_game if per_game > 0 else CHUNK_MOST
            self.games = round(max(1, min(CHUNK_MOST, self.games * CHUNK_GROWTH, wanted)))
        return self.games

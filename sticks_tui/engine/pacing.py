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
  so full speed stays full speed. A watcher may block too (one move at a time).

Nothing here knows a screen: the lab's own pacing lives with the lab.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from .game import Move, Position

__all__ = ["MoveSeen", "MoveWatcher", "Pacing"]


@dataclass(frozen=True)
class MoveSeen:
    """One move of a training game, as a watcher sees it (from the training thread)."""

    game: int
    """The games of this training finished before this one."""
    seat: int
    """0 for the learner; 1 for its opponent (in self-play the learner's other side)."""
    before: Position
    move: Move
    after: Position
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

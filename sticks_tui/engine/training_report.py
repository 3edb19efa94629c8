"""What training reports: the tally per opponent, the progress sent between games, and the
result (:func:`~.training.train` makes them; the app, the CLI and the lab read them)."""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass

from .learners.base import CurvePoint, Learner
from .memory import MemoryStop


@dataclass(frozen=True)
class Tally:
    """Games against one opponent and how they ended for the learner.

    In self-play the learner wins and loses every game, so there ``won`` and ``lost`` count the
    games the starting side won and lost (it wins them all once it plays a won start well).
    """

    games: int
    won: int
    lost: int

    @property
    def win_share(self) -> float:
        return self.won / self.games if self.games else 0.0


@dataclass(frozen=True)
class TrainingProgress:
    """Sent to the progress callback between games, from the thread that trains.

    ``learner`` is the live learner being trained: between games it may be read (or copied)
    inside the callback, but not kept and read later.
    """

    games_done: int
    games_total: int
    opponent: str
    """The name of the opponent now (``self``, ``random``, ``perfect``, ``mixed:P``, a label)."""
    tally: Mapping[str, Tally]
    """Per opponent met so far, in the order met."""
    learner: Learner[Hashable, Hashable]
    curve: tuple[CurvePoint, ...]
    """The learner's learning curve so far."""

    @property
    def fraction(self) -> float:
        return self.games_done / self.games_total if self.games_total else 1.0


@dataclass(frozen=True)
class TrainingResult:
    learner: Learner[Hashable, Hashable]
    games_played: int
    """Games played in this training (the learner's ``games_played`` counts all it learned)."""
    cancelled: bool
    """Stopped before its games: told to, or short of memory."""
    tally: Mapping[str, Tally]
    curve: tuple[CurvePoint, ...]
    memory_stop: MemoryStop | None = None
    """Why it stopped, when it stopped at the memory cap (then ``cancelled`` too)."""

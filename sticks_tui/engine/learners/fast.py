"""A learner's faster ways to play its fast loops (:class:`Backend`), declared by its kind
(:attr:`~.kind.LearnerKind.backends`) and chosen by name by training (:mod:`..backends`)."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..game import Rules


class BackendUnavailable(Exception):
    """The backend cannot be had here (not installed, did not compile); the message says why,
    in one line."""


@dataclass(frozen=True)
class Backend:
    """A way to play some of a learner's fast loops quicker, proven to leave the same brain."""

    name: str
    #: Whether it plays the learner's self-play in this game.
    fits: Callable[[Rules], bool]
    #: Whether it plays this run (one of the learner's fast loops).
    plays: Callable[[Any], bool]
    #: Loads it (once: later calls are free); :class:`BackendUnavailable` when it cannot be had.
    load: Callable[[], object]
    #: The run, played by the backend from now on (loaded first).
    take_over: Callable[[Any, random.Random], Any]

"""How a saved brain is named: :class:`BrainRef`."""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.machines import LEARNING_AI_LEARNER


@dataclass(frozen=True)
class BrainRef:
    """A saved brain of a game: its AI's name and its learner (a registered learner's name;
    by default the learning AI's)."""

    name: str
    learner: str = LEARNING_AI_LEARNER

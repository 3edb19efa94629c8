"""The Q-learner's presenter: its values at the position in play, as bars from the loss reward
(empty) to the win reward (full), the move it played there marked; after a game, each value it
changed, old → new; for the hint, the move its table values most."""

from __future__ import annotations

from collections.abc import Hashable

from ...engine.learners.base import Learner
from ...text import hints
from .learner import LearnerPresenter


class QPresenter(LearnerPresenter):
    """The Q-value table (CS50's Q-learner)."""

    def hint(self, name: str, learner: Learner[Hashable, Hashable], position: object) -> str:
        preferred = learner.values_at(position).preferred
        return hints.table_text(name, [self.words.ball_words(move) for move in preferred])

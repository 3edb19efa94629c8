"""What a Q-learner has learned of each position (see ``engine/analysis``'s docstring: "Reading
a lost position off the Q-values"): its best value there, against its rewards."""

from __future__ import annotations

from collections.abc import Hashable, Iterable

from ...game import Rules
from ..base import LOST, UNDECIDED, WON, Reading
from .learner import QLearner
from .settings import QSettings


def read_values(
    learner: QLearner, rules: Rules, positions: Iterable[Hashable]
) -> dict[Hashable, Reading]:
    """Each position's :class:`~..base.Reading`: undecided where no value was learned, else
    what its best value says (an unknown value counting as 0, as the learner counts it)."""
    readings: dict[Hashable, Reading] = {}
    for position in positions:
        values = learner.values_at(position)
        best = max((move.value for move in values.moves), default=0.0)
        known = any(move.learned for move in values.moves)
        learned = classify_values(best, learner.settings) if known else UNDECIDED
        readings[position] = Reading(learned)
    return readings


def classify_values(best: float, settings: QSettings) -> str:
    """What a Q-learner has learned about a position from its best value there: lost in the
    lower quarter of the range from the loss reward to the win reward, won in the upper."""
    middle = (settings.win_reward + settings.loss_reward) / 2
    quarter = (settings.win_reward - settings.loss_reward) / 4
    if best <= middle - quarter:
        return LOST
    if best >= middle + quarter:
        return WON
    return UNDECIDED

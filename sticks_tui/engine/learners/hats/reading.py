"""What the hats have learned of each position (see ``engine/analysis``'s docstring: "Reading a
lost position off the hats"): a lost position's hat never grows while the moves into it do."""

from __future__ import annotations

from collections.abc import Hashable, Iterable

from ...game import Rules
from ..base import LOST, UNDECIDED, WON, Reading
from .brain import HatBrain

#: A position needs at least this much evidence (games that taught something) to be decided.
MIN_EVIDENCE = 10
#: ... and this share of it must point one way (inflow for lost, growth for won).
DECISIVE_SHARE = 0.9


def read_hats(
    brain: HatBrain, rules: Rules, positions: Iterable[Hashable]
) -> dict[Hashable, Reading]:
    """Each position's :class:`~..base.Reading`: its hat's growth and inflow, and what they
    say."""
    into = inflows(brain)
    readings: dict[Hashable, Reading] = {}
    for position in positions:
        gained, inflow = growth(brain, position), into.get(position, 0)
        readings[position] = Reading(classify(gained, inflow), gained, inflow)
    return readings


def inflows(brain: HatBrain) -> dict[Hashable, int]:
    """For every position, the balls gained by the moves into it (see the module docstring).

    One pass over the hats and their legal balls, for any rule set.
    """
    rules = brain.rules
    into: dict[Hashable, int] = {}
    for parent in brain.positions():
        balls = brain.legal_counts(parent)
        for move, count in balls.items():
            child = rules.apply(parent, move)
            into[child] = into.get(child, 0) + count - 1
    return into


def growth(brain: HatBrain, position: Hashable) -> int:
    """Balls the hat at ``position`` has gained: legal balls beyond its starting one of each."""
    legal = brain.legal_counts(position)
    return sum(legal.values()) - len(legal)


def classify(growth: int, inflow: int) -> str:
    """What the AI has learned about a position, from its :func:`growth` and inflow."""
    evidence = growth + inflow
    if evidence < MIN_EVIDENCE:
        return UNDECIDED
    if inflow >= DECISIVE_SHARE * evidence:
        return LOST
    if growth >= DECISIVE_SHARE * evidence:
        return WON
    return UNDECIDED

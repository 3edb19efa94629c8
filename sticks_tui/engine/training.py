"""Self-play training: two hat AIs play each other many times (seed 000, part three).

The two AIs take turns at starting, so each meets every position from both sides. Training
reports progress through a callback, can be cancelled between any two games (what was learned
so far is kept), and repeats exactly for a given seed.

The inner loop is the hot path of the whole program (100,000 games of 100 sticks are about five
million draws), so it works on the brains' count tables directly instead of going through
:class:`~sticks_tui.engine.match.Match`; ``tests/engine`` checks that both give the same games.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable

from .learners.hats import HatBrain
from .rules import RuleSet

DEFAULT_TRAINING_GAMES = 100_000


@dataclass(frozen=True)
class TrainingProgress:
    """Sent to the progress callback between games, from the thread that trains.

    ``brain`` is the live brain being trained; between games it has no balls beside its hats,
    so it may be read (or copied) inside the callback, but not kept and read later.
    """

    games_done: int
    games_total: int
    brain: HatBrain

    @property
    def fraction(self) -> float:
        return self.games_done / self.games_total if self.games_total else 1.0


@dataclass(frozen=True)
class TrainingResult:
    brain: HatBrain
    """The trained AI: the one that started the first game."""
    opponent: HatBrain
    """Its sparring partner, which learned just as much from the other side."""
    games_played: int
    cancelled: bool


def train_self_play(
    rules: RuleSet,
    games: int = DEFAULT_TRAINING_GAMES,
    *,
    seed: int | None = None,
    rng: random.Random | None = None,
    brain: HatBrain | None = None,
    opponent: HatBrain | None = None,
    progress: Callable[[TrainingProgress], None] | None = None,
    progress_every: int = 1000,
    should_stop: Callable[[], bool] | None = None,
) -> TrainingResult:
    """Play ``games`` games between two hat AIs, both learning, and return them.

    ``brain`` and ``opponent`` continue from what they already know (fresh hats otherwise).
    ``should_stop`` is asked between games (a ``threading.Event().is_set`` fits); when it says
    yes, training ends early and the result says ``cancelled``.
    """
    if games < 0:
        raise ValueError("the number of training games cannot be negative")
    if progress_every < 1:
        raise ValueError("progress_every must be at least 1")
    rng = rng if rng is not None else random.Random(seed)
    a = brain if brain is not None else HatBrain(rules)
    b = opponent if opponent is not None else HatBrain(rules)
    if a is b:
        raise ValueError("the two training AIs need brains of their own")
    start = rules.initial_position()
    if rules.is_over(start):
        raise ValueError("the starting position is already finished; nothing to train on")

    misere = not rules.mover_loses_at_end
    moves = _MoveTable(rules, a)
    random_ = rng.random
    # Per side: the brain, its hats (position -> counts) and the balls it has put beside hats
    # this game, kept flat as [counts, index, counts, index, ...] to settle without lookups.
    side_a = (a, a._counts, [])
    side_b = (b, b._counts, [])
    for hat_owner in (a, b):
        hat_owner.abandon()  # balls left beside from an unfinished game go back first
    pairings = ((side_a, side_b), (side_b, side_a))
    played = 0
    cancelled = False
    for game in range(games):
        if should_stop is not None and should_stop():
            cancelled = True
            break
        pair = pairings[game & 1]
        position = start
        mover = 0
        while True:
            hat_owner, hats, beside = pair[mover]
            counts = hats.get(position)
            if counts is None:
                counts = hat_owner._hat(position)
            legal, nexts, ends, three = moves.get(position)
            if three:  # the common case: a hat of three balls, all legal
                c0, c1, c2 = counts
                r = random_() * (c0 + c1 + c2)
                chosen = 0 if r < c0 else (1 if r < c0 + c1 else 2)
            else:
                chosen = _draw_index(counts, legal, random_())
            counts[chosen] -= 1
            beside.append(counts)
            beside.append(chosen)
            if ends[chosen]:
                break
            position = nexts[chosen]
            mover ^= 1
        loser = mover if misere else 1 - mover
        _settle(pair[loser], won=False)
        _settle(pair[1 - loser], won=True)
        played += 1
        if progress is not None and (played % progress_every == 0 or played == games):
            progress(TrainingProgress(played, games, a))
    return TrainingResult(a, b, played, cancelled)


def _draw_index(counts: list[int], legal: tuple[int, ...], u: float) -> int:
    """A legal ball index drawn with probability proportional to its count (``u`` in [0, 1))."""
    total = 0
    for i in legal:
        total += counts[i]
    r = u * total
    for i in legal:
        r -= counts[i]
        if r < 0:
            return i
    return legal[-1]


def _settle(side: tuple[HatBrain, dict, list], won: bool) -> None:
    """HatBrain.learn() for the flat list of balls beside the hats that training keeps."""
    brain, _, beside = side
    if won:
        for k in range(0, len(beside), 2):
            beside[k][beside[k + 1]] += 2
    else:
        for k in range(0, len(beside), 2):
            counts = beside[k]
            i = beside[k + 1]
            if counts[i] == 0:
                counts[i] = 1
    beside.clear()
    brain.games_played += 1


class _MoveTable:
    """For each position met: the legal ball indices, where each leads, whether it ends, and
    whether the hat is the common three-ball hat with every ball legal."""

    def __init__(self, rules: RuleSet, brain: HatBrain) -> None:
        self._rules = rules
        self._brain = brain
        self._table: dict = {}

    def get(self, position):  # noqa: ANN001, ANN201 - hot path, kept plain
        row = self._table.get(position)
        if row is None:
            rules, brain = self._rules, self._brain
            brain._hat(position)
            kinds, legal = brain._kinds[position], brain._legal[position]
            nexts = [None] * len(kinds)
            ends = [False] * len(kinds)
            for i in legal:
                nexts[i] = rules.apply(position, kinds[i])
                ends[i] = rules.is_over(nexts[i])
            three = len(kinds) == 3 and legal == (0, 1, 2)
            row = self._table[position] = (legal, nexts, ends, three)
        return row

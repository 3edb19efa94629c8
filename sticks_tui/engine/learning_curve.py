"""The learning curve: how well a learner plays as it learns (SPEC section 8).

A point measures the learner as it is: of the positions reachable from the start where a
winning move exists, how many it prefers only winning moves at (its preferred moves, as for a
hint), and the share of games it wins against the random and against the perfect player,
playing by its own rule (drawing balls, exploring) and learning nothing. It is measured through
the :class:`~.learners.base.Learner` protocol alone, so every learner has one; the trainer
records it (``train(curve=CurveSettings(...))``) and the brain keeps it in its file.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .game import AnyRuleSet as RuleSet
from .game import Move, Position
from .learners.base import CurvePoint, Learner
from .match import Match
from .players import LearnerPlayer, PerfectPlayer, Player, RandomPlayer
from .solver import Solver

__all__ = [
    "CurvePoint", "CurveSettings", "count_right", "curve_point", "point_due",
    "reachable_positions", "record_point", "win_rate",
]


@dataclass(frozen=True)
class CurveSettings:
    """How the trainer records the curve.

    A point is taken before training, at progress reports, and at the end. Most is learned in
    the first few thousand games, so with ``spacing`` (e.g. 1.5) a point is only taken once the
    games played have grown by that factor since the last one (and at the end): 100,000 games
    then give about 13 points, dense where the curve bends. Each point plays
    ``games_per_point`` games against each opponent, with a generator seeded from ``seed``
    (never the training one: the curve never changes what is learned).
    """

    games_per_point: int = 200
    seed: int = 0
    spacing: float | None = None

    def __post_init__(self) -> None:
        if self.games_per_point < 1:
            raise ValueError("games_per_point must be at least 1")
        if self.spacing is not None and self.spacing <= 1:
            raise ValueError("spacing must be more than 1 (the factor between checkpoints)")


def reachable_positions(rules: RuleSet) -> list[Position]:
    """Every position that can arise from the start (where training can teach anything)."""
    start = rules.initial_position()
    seen = {start}
    todo = [start]
    while todo:
        position = todo.pop()
        for move in rules.legal_moves(position):
            child = rules.apply(position, move)
            if child not in seen:
                seen.add(child)
                todo.append(child)
    return list(seen)


def count_right(
    learner: Learner[Position, Move], solver: Solver[Any, Any], positions: Iterable[Position]
) -> tuple[int, int]:
    """(positions where every preferred move wins, positions where some move wins).

    A tie between a winning and a losing move is no preference: a fresh hat's "preferred" ball
    (the first of equals) is luck, and counting it as right would credit an untrained AI with a
    third of the answers.
    """
    right = winnable = 0
    for position in positions:
        winning = solver.winning_moves(position)
        if winning:
            winnable += 1
            right += all(move in winning for move in learner.preferred_moves(position))
    return right, winnable


def win_rate(
    learner: Learner[Position, Move], rules: RuleSet, opponent: str, games: int = 200,
    seed: int = 0,
) -> float:
    """Share of ``games`` the learner wins from the start against ``random`` or ``perfect``.

    The learner plays by its own rule (drawing balls, not always its most numerous one;
    exploring), learning nothing, and starts every other game; so a perfect player scores 50%
    against the perfect player whatever the start, and one who never errs nearly 100% against
    random.
    """
    if games < 1:
        raise ValueError("at least one game is needed for a win rate")
    rng = random.Random(seed)
    ai = LearnerPlayer("learner", learner, rng, learns=False)
    other: Player
    if opponent == "random":
        other = RandomPlayer("random", rng)
    elif opponent == "perfect":
        other = PerfectPlayer("perfect", rules, rng)
    else:
        raise ValueError(f"unknown opponent {opponent!r} (random or perfect)")
    won = 0
    for game in range(games):
        match = Match(rules, (ai, other), first=game % 2)
        won += match.play_out() == 1
    return won / games


def curve_point(
    learner: Learner[Position, Move], rules: RuleSet, games: int = 200, seed: int = 0
) -> CurvePoint:
    """Measure ``learner`` now, from ``rules``' start (its own rules may start elsewhere)."""
    right, winnable = count_right(learner, Solver(rules), reachable_positions(rules))
    return CurvePoint(
        games=learner.games_played,
        hats_right=right,
        hats_winnable=winnable,
        vs_random=win_rate(learner, rules, "random", games, seed),
        vs_perfect=win_rate(learner, rules, "perfect", games, seed + 1),
    )


def record_point(
    learner: Learner[Position, Move], rules: RuleSet, settings: CurveSettings
) -> CurvePoint | None:
    """Measure ``learner`` and append the point to its curve (not twice for the same games)."""
    curve = learner.learning_curve
    if curve and curve[-1].games >= learner.games_played:
        return None
    point = curve_point(learner, rules, settings.games_per_point, settings.seed + len(curve))
    curve.append(point)
    return point


def point_due(learner: Learner[Position, Move], settings: CurveSettings) -> bool:
    """Whether the games played have grown enough since the last point (see ``spacing``)."""
    curve = learner.learning_curve
    last = curve[-1].games if curve else 0
    return settings.spacing is None or learner.games_played >= last * settings.spacing

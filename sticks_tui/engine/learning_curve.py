"""The learning curve: how well a learner plays as it learns (SPEC section 8).

A point measures the learner as it is: of the positions reachable from the start where a
winning move exists, how many it prefers only winning moves at (its preferred moves, as for a
hint), and the share of games it wins against the random and against the perfect player,
playing by its own rule (drawing balls, exploring) and learning nothing, starting every other
game. Those shares are worked out exactly, not sampled: from the chance of each of the
learner's moves (:meth:`~.learners.base.Learner.move_chances`) and of each of the opponent's,
by dynamic programming over the reachable positions, the last ones first. A point thus costs a
pass over the positions, has no sampling noise, and depends on nothing but what the learner
knows (the same hats give the same point, however they were trained). :func:`win_rate` still
plays sampled games, to check the exact shares against.

It is measured through the :class:`~.learners.base.Learner` protocol alone, so every learner has
one; the trainer records it (``train(curve=CurveSettings(...))``) and the brain keeps it in its
file.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Generic

from .game import M, P, Rules, RuleSet, mover_wins_at_end
from .games import spec_of
from .learners.base import CurvePoint, Learner
from .learners.player import LearnerPlayer
from .match import Match
from .players import PerfectPlayer, Player, RandomPlayer
from .solver import Solver
from .theory import reachable

__all__ = [
    "CURVE_POSITIONS_MAX", "CURVE_SPACING", "CurveBoard", "CurvePoint", "CurveSettings",
    "Measures", "checkpoint_every", "count_right", "curve_point", "games_until_right",
    "kept_curve", "next_checkpoint", "point_due", "record_point", "too_many_positions",
    "win_rate",
]


#: The learning curve a training keeps (``train``, the lab): a point whenever the games played
#: have grown by this factor (and at the end): 13 points for 100,000 games, dense where learning
#: is quick.
CURVE_SPACING = 1.5
#: ...for games whose start reaches at most this many positions: each point looks at every one
#: of them (the win shares are worked out over all of them), and Nim's 5, 7, 9, 11, 13 reaches
#: 80,640.
CURVE_POSITIONS_MAX = 10_000


@dataclass(frozen=True)
class CurveSettings:
    """How the trainer records the curve.

    A point is taken before training, at progress reports (at the checkpoints of ``every``,
    when given), and at the end. Most is learned in
    the first few thousand games, so with ``spacing`` (e.g. 1.5) a point is only taken once the
    games played have grown by that factor since the last one (and at the end): 100,000 games
    then give about 13 points, dense where the curve bends.

    ``every``: the games of this training at which a point may be taken are its multiples
    (a point is taken at the first one where it is due, whatever the reports: the same points
    at any speed, however often a screen is drawn); None: at the progress reports.

    ``games_per_point`` and ``seed`` were the sampled games of each point against each opponent
    and their generator's seed; the shares are now exact, so they change nothing, and are kept
    so that callers that give them still work.
    """

    games_per_point: int = 200
    seed: int = 0
    spacing: float | None = None
    every: int | None = None

    def __post_init__(self) -> None:
        if self.games_per_point < 1:
            raise ValueError("games_per_point must be at least 1")
        if self.every is not None and self.every < 1:
            raise ValueError("every must be at least 1 (the games between checkpoints)")
        if self.spacing is not None and self.spacing <= 1:
            raise ValueError("spacing must be more than 1 (the factor between checkpoints)")


class CurveBoard(Generic[P, M]):
    """A game as the curve measures it, worked out once for every point of a training.

    Every position reachable from the start, each after all the positions it leads to (so the
    win shares can be filled in from the end of the game back to the start), with its moves and
    where they lead; the winning moves (the perfect player's choice, and what ``hats_right``
    asks for); and who wins a finished game.
    """

    def __init__(self, rules: RuleSet[P, M]) -> None:
        self.rules = rules
        self.start = rules.initial_position()
        solver = Solver(rules)
        #: position -> its moves and where each leads (empty for a finished position)
        self.moves: dict[P, tuple[tuple[M, P], ...]] = {}
        self.order: list[P] = []
        pending: list[tuple[P, bool]] = [(self.start, False)]
        while pending:  # depth first, a position listed once all its children are
            position, children_done = pending.pop()
            if children_done:
                self.order.append(position)
                continue
            if position in self.moves:
                continue
            moves = tuple((m, rules.apply(position, m)) for m in rules.legal_moves(position))
            self.moves[position] = moves
            pending.append((position, True))
            pending.extend((child, False) for _, child in moves if child not in self.moves)
        self.winning: dict[P, tuple[M, ...]] = {
            p: solver.winning_moves(p) for p in self.order if self.moves[p]
        }
        self.mover_wins_at_end = mover_wins_at_end(rules)
        # What no learner changes, made once for every point: where each move leads, the
        # positions the random player and the perfect player move to, the winnable positions.
        self._leads: dict[P, dict[M, P]] = {p: dict(moves) for p, moves in self.moves.items()}
        self._children: dict[P, tuple[P, ...]] = {
            p: tuple(child for _, child in moves) for p, moves in self.moves.items()
        }
        self._perfect_children: dict[P, tuple[P, ...]] = {
            p: tuple(child for move, child in self.moves[p] if move in winning) if winning
            else self._children[p]
            for p, winning in self.winning.items()
        }
        self._winnable: tuple[tuple[P, tuple[M, ...]], ...] = tuple(
            (p, winning) for p, winning in self.winning.items() if winning
        )

    def hats_right(self, learner: Learner[P, M]) -> tuple[int, int]:
        """As :func:`count_right`, over every reachable position."""
        right = 0
        for position, winning in self._winnable:
            right += all(move in winning for move in learner.preferred_moves(position))
        return right, len(self._winnable)

    def win_shares(self, learner: Learner[P, M]) -> tuple[float, float]:
        """(share won against random, against perfect), each side starting half the games.

        For each position, from the end back: the chance the learner wins when it is to move
        there (its moves weighted by its chances) and when the opponent is (the random player's
        moves all alike; the perfect player's winning moves alike, or all moves alike from a lost
        position, as :func:`~.players.perfect_move` draws).
        """
        end = 1.0 if self.mover_wins_at_end else 0.0
        mine: dict[P, tuple[float, float]] = {}  # learner to move: vs random, vs perfect
        theirs: dict[P, tuple[float, float]] = {}  # opponent to move
        for position in self.order:
            children = self._children[position]
            if not children:
                mine[position] = (end, end)
                theirs[position] = (1.0 - end, 1.0 - end)
                continue
            leads = self._leads[position]
            vs_random = vs_perfect = 0.0
            for move, chance in learner.move_chances(position):
                after = theirs[leads[move]]
                vs_random += chance * after[0]
                vs_perfect += chance * after[1]
            mine[position] = (vs_random, vs_perfect)
            perfect = self._perfect_children[position]
            theirs[position] = (
                sum(mine[child][0] for child in children) / len(children),
                sum(mine[child][1] for child in perfect) / len(perfect),
            )
        start = self.start
        return (
            (mine[start][0] + theirs[start][0]) / 2,
            (mine[start][1] + theirs[start][1]) / 2,
        )

    def measures(
        self,
        learner: Learner[P, M],
        chances: Callable[[P], Sequence[tuple[M, float]]] | None = None,
    ) -> Measures:
        """Every measure of a checkpoint in one walk of the positions, from the end back
        (:class:`Measures`): the shares won against random, perfect and the best response to
        the learner's own policy, each side starting half the games, and the positions right.

        ``chances(position)``: each move the learner makes there with its chance (by default
        :meth:`~.learners.base.Learner.move_chances`, its own rule while learning; an experiment
        gives the rule it plays a person by). The best response, at a position where the
        opponent is to move, takes the move after which the learner's chance of winning is
        smallest: the learner's policy depends on the position alone, so no opponent, however
        it plays, does better against it (the tests check it against every deterministic one).
        """
        move_chances = chances if chances is not None else learner.move_chances
        end = 1.0 if self.mover_wins_at_end else 0.0
        # learner to move / opponent to move: vs random, vs perfect, vs the best response
        mine: dict[P, tuple[float, float, float]] = {}
        theirs: dict[P, tuple[float, float, float]] = {}
        winning = self.winning
        right = 0
        for position in self.order:
            children = self._children[position]
            if not children:
                mine[position] = (end, end, end)
                theirs[position] = (1.0 - end, 1.0 - end, 1.0 - end)
                continue
            leads = self._leads[position]
            vs_random = vs_perfect = vs_best = 0.0
            for move, chance in move_chances(position):
                after = theirs[leads[move]]
                vs_random += chance * after[0]
                vs_perfect += chance * after[1]
                vs_best += chance * after[2]
            mine[position] = (vs_random, vs_perfect, vs_best)
            perfect = self._perfect_children[position]
            theirs[position] = (
                sum(mine[child][0] for child in children) / len(children),
                sum(mine[child][1] for child in perfect) / len(perfect),
                min(mine[child][2] for child in children),
            )
            wins = winning[position]
            if wins:
                right += all(move in wins for move in learner.preferred_moves(position))
        first, second = mine[self.start], theirs[self.start]
        return Measures(
            learner.games_played,
            (first[0] + second[0]) / 2,
            (first[1] + second[1]) / 2,
            (first[2] + second[2]) / 2,
            right,
            len(self._winnable),
        )

    def point(self, learner: Learner[P, M]) -> CurvePoint:
        right, winnable = self.hats_right(learner)
        vs_random, vs_perfect = self.win_shares(learner)
        return CurvePoint(learner.games_played, right, winnable, vs_random, vs_perfect)


@dataclass(frozen=True)
class Measures:
    """What an experiment measures of a learner at one checkpoint (:meth:`CurveBoard.measures`).

    The shares are of the games it wins from the start, each side starting half of them,
    worked out exactly (no games are sampled)."""

    games: int
    """Games the learner had learned from."""
    vs_random: float
    """Share won against the random player."""
    vs_perfect: float
    """Share won against the perfect player (its winning moves alike, else any move alike)."""
    worst_case: float
    """Share won against the best response to the learner's own policy: what the opponent
    that knows exactly how it plays wins; never more than :attr:`vs_perfect`."""
    right: int
    """Positions reachable from the start where some move wins and every move the learner
    prefers wins (a tie between a winning and a losing move is no preference)."""
    winnable: int
    """Positions reachable from the start where some move wins."""

    @property
    def all_right(self) -> bool:
        """Every winnable position has only winning preferred moves."""
        return self.right == self.winnable


def games_until_right(points: Sequence[Measures]) -> int | None:
    """The games at the first checkpoint from which every later one (``points`` in order) is
    :attr:`~Measures.all_right`: the learner got every winnable position right there and kept
    it so; None when the last checkpoint is not right ("not within the games played"). Its
    resolution is the checkpoints': the learner may have got there a little earlier."""
    found: int | None = None
    for point in reversed(points):
        if not point.all_right:
            break
        found = point.games
    return found


def count_right(
    learner: Learner[P, M],
    solver: Solver[P, M],
    positions: Iterable[P],
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
    learner: Learner[P, M], rules: RuleSet[P, M], opponent: str, games: int = 200,
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
    other: Player[P, M]
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
    learner: Learner[P, M], rules: RuleSet[P, M], board: CurveBoard[P, M] | None = None
) -> CurvePoint:
    """Measure ``learner`` now, from ``rules``' start (its own rules may start elsewhere);
    ``board`` (made from ``rules``) saves working the game out again at every point."""
    return (board if board is not None else CurveBoard(rules)).point(learner)


def record_point(
    learner: Learner[P, M], rules: RuleSet[P, M], settings: CurveSettings,
    board: CurveBoard[P, M] | None = None,
) -> CurvePoint | None:
    """Measure ``learner`` and append the point to its curve (not twice for the same games)."""
    curve = learner.learning_curve
    if curve and curve[-1].games >= learner.games_played:
        return None
    point = curve_point(learner, rules, board)
    curve.append(point)
    return point


def point_due(
    learner: Learner[P, M], settings: CurveSettings, since: int = 0
) -> bool:
    """Whether the games played have grown enough since the last point (see ``spacing``),
    counted from ``since``: the games the learner had learned when this training began (so a
    brain that has learned much gets its points as it trains on, not once its count is half
    as big again)."""
    curve = learner.learning_curve
    last = curve[-1].games if curve else 0
    grown = learner.games_played - since
    return settings.spacing is None or grown >= max(0, last - since) * settings.spacing


def next_checkpoint(settings: CurveSettings, played: int, last: int) -> int:
    """The games of this training (``played`` so far) at its next point, by ``settings.every``
    and ``spacing``: the first multiple of ``every`` past ``played`` at which the games have
    grown enough since the last point, taken ``last`` games into this training (as
    :func:`point_due` says)."""
    every = settings.every or 1
    due = played + 1
    if settings.spacing is not None:
        due = max(due, math.ceil(max(0, last) * settings.spacing))
    return -(-due // every) * every


def checkpoint_every(games: int) -> int:
    """The games between the checkpoints of a training of ``games`` games that keeps its curve
    (``train``, the lab): a hundredth of them, at most 1,000 (``train``'s progress reports)."""
    return max(1, min(1000, games // 100))


def too_many_positions(rules: Rules) -> str:
    """Why a game has no learning curve, in words: its start reaches too many positions."""
    return (
        f"{spec_of(rules)} reaches more than {CURVE_POSITIONS_MAX:,} positions, too many to "
        "measure at every checkpoint"
    )


def kept_curve(rules: Rules, games: int) -> CurveSettings | None:
    """The one rule for the curve a training of ``games`` games keeps, wherever it trains
    (``train``, the lab, the trained opponent): points :data:`CURVE_SPACING` apart, at the
    checkpoints of :func:`checkpoint_every`, for a game whose start reaches at most
    :data:`CURVE_POSITIONS_MAX` positions; None (no curve) for a larger one."""
    if reachable(rules, CURVE_POSITIONS_MAX) is None:
        return None
    return CurveSettings(spacing=CURVE_SPACING, every=checkpoint_every(games))

"""One position read off a learner, hats or Q-values, beside the solver (see the package
docstring: how a lost position is read off the hats and off the values)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..game import AnyRuleSet as RuleSet
from ..game import Move, Position, mover_wins_at_end
from ..learners.hats.brain import HatBrain
from ..learners.q.learner import QLearner
from ..learners.q.settings import QSettings
from ..solver import Solver

#: A position needs at least this much evidence (games that taught something) to be decided.
MIN_EVIDENCE = 10
#: ... and this share of it must point one way (inflow for lost, growth for won).
DECISIVE_SHARE = 0.9

LOST, WON, UNDECIDED = "lost", "won", "undecided"
AGREE, DISAGREE, UNKNOWN = "yes", "NO", "?"


@dataclass(frozen=True)
class PositionReport:
    """One stick count: what the hat says, what the solver says, and whether they agree."""

    position: Position
    balls: dict[Move, int]
    """The legal balls of the hat (a ball waiting beside it counted in)."""
    preferred: Move | None
    confidence: float
    growth: int
    inflow: int
    learned: str
    """``lost``, ``won`` or ``undecided``; where no move is left the rules say it, not a hat."""
    terminal: bool
    """No move is left: the game is over and its rules say who won."""
    solver_lost: bool
    winning_moves: tuple[Move, ...]
    agreement: str
    """``yes``, ``NO`` (a disagreement) or ``?`` (the hat has not learned enough to say).

    At a winning position: yes when a winning ball strictly outnumbers the losing ones, NO when
    the hat learned a losing preference (or believes the position lost). At a lost position: yes
    when the hats learned it is lost, NO when they learned it is won. A Q-learner's values are
    read the same way as balls."""
    values: dict[Move, float] = field(default_factory=dict)
    """A Q-learner's value of each legal move (0 where none was learned); empty for hats."""
    values_learned: int = 0
    """How many of the legal moves have a learned value (Q; 0 for hats)."""

    @property
    def evidence(self) -> int:
        return self.growth + self.inflow

    @property
    def scores(self) -> Mapping[Move, float]:
        """What the preference is read from: the balls of a hat, or the Q-values."""
        return self.values if self.values else self.balls

    @property
    def tied(self) -> bool:
        """True when no legal move scores above all others: no preference yet."""
        top = sorted(self.scores.values(), reverse=True)
        return len(top) > 1 and top[0] == top[1]

    @property
    def runner_up(self) -> float | None:
        """The second best score (the next best Q-value); None with fewer than two moves."""
        top = sorted(self.scores.values(), reverse=True)
        return top[1] if len(top) > 1 else None

    @property
    def learned_lost(self) -> bool | None:
        """True/False when the hats decide it, None when they do not (yet)."""
        if self.learned == UNDECIDED:
            return None
        return self.learned == LOST


def inflows(brain: HatBrain) -> dict[Position, int]:
    """For every position, the balls gained by the moves into it (see the module docstring).

    One pass over the hats and their legal balls, for any rule set.
    """
    rules = brain.rules
    into: dict[Position, int] = {}
    for parent in brain.positions():
        balls = brain.legal_counts(parent)
        for move, count in balls.items():
            child = rules.apply(parent, move)
            into[child] = into.get(child, 0) + count - 1
    return into


def growth(brain: HatBrain, position: Position) -> int:
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


def prefers_winning(balls: Mapping[Move, float], winning: Iterable[Move]) -> bool:
    """Whether a winning ball strictly outnumbers every losing one in a hat's legal ``balls``.

    A tie is no preference: a fresh hat's "preferred" ball (the first of equals) is luck, and
    counting it as right would credit an untrained AI with a third of the answers.
    """
    winning = set(winning)
    best_winning = max((c for m, c in balls.items() if m in winning), default=0)
    best_losing = max((c for m, c in balls.items() if m not in winning), default=0)
    return best_winning > best_losing


def _agreement(learned: str, balls: Mapping[Move, float], winning: tuple[Move, ...]) -> str:
    if not winning:  # lost: only learning that it is lost agrees
        return {LOST: AGREE, WON: DISAGREE}.get(learned, UNKNOWN)
    if learned == LOST:
        return DISAGREE
    if prefers_winning(balls, winning):
        return AGREE
    return DISAGREE if learned == WON else UNKNOWN


def report_position(
    brain: HatBrain, solver: Solver[Any, Any], position: Position, inflow: int
) -> PositionReport:
    """Everything the table shows for one position (``inflow`` from :func:`inflows`)."""
    rules = brain.rules
    gained = growth(brain, position)
    terminal = rules.is_over(position)
    preferred = brain.preferred_move(position)
    winning = solver.winning_moves(position)
    if terminal:
        learned = _end_result(rules)
        agreement = AGREE
    else:
        learned = classify(gained, inflow)
        agreement = _agreement(learned, brain.legal_counts(position), winning)
    return PositionReport(
        position=position,
        balls=brain.legal_counts(position),
        preferred=preferred,
        confidence=brain.confidence(position),
        growth=gained,
        inflow=inflow,
        learned=learned,
        terminal=terminal,
        solver_lost=solver.is_lost(position),
        winning_moves=winning,
        agreement=agreement,
    )


def _end_result(rules: RuleSet) -> str:
    """What a finished position is for the player to move: the rules say it, not a learner."""
    return WON if mover_wins_at_end(rules) else LOST


def classify_values(best: float, settings: QSettings) -> str:
    """What a Q-learner has learned about a position from its best value there (see the
    module docstring); ``settings`` are its :class:`~.learners.QSettings` (the rewards)."""
    middle = (settings.win_reward + settings.loss_reward) / 2
    quarter = (settings.win_reward - settings.loss_reward) / 4
    if best <= middle - quarter:
        return LOST
    if best >= middle + quarter:
        return WON
    return UNDECIDED


def report_q_position(
    learner: QLearner, rules: RuleSet, solver: Solver[Any, Any], position: Position
) -> PositionReport:
    """Everything the table shows for one position of a Q-learner."""
    legal = rules.legal_moves(position)
    learned_values = {move: learner.q.get((position, move)) for move in legal}
    values = {move: float(value or 0.0) for move, value in learned_values.items()}
    known = sum(value is not None for value in learned_values.values())
    terminal = rules.is_over(position)
    winning = solver.winning_moves(position)
    best = max(values.values(), default=0.0)
    preferred = next((move for move in legal if values[move] == best), None)
    if terminal:
        learned, agreement = _end_result(rules), AGREE
    else:
        learned = classify_values(best, learner.settings) if known else UNDECIDED
        agreement = _agreement(learned, values, winning)
    return PositionReport(
        position=position,
        balls={},
        preferred=preferred,
        confidence=best,
        growth=0,
        inflow=0,
        learned=learned,
        terminal=terminal,
        solver_lost=solver.is_lost(position),
        winning_moves=winning,
        agreement=agreement,
        values=values,
        values_learned=known,
    )

"""One position read off a learner, hats or Q-values, beside the solver (see the package
docstring: how a lost position is read off the hats and off the values)."""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass, field

from ..game import Rules, mover_wins_at_end
from ..learners.base import LOST, UNDECIDED, WON, MoveValues, Reading
from ..solver import Solver

AGREE, DISAGREE, UNKNOWN = "yes", "NO", "?"


@dataclass(frozen=True)
class PositionReport:
    """One stick count: what the hat says, what the solver says, and whether they agree."""

    position: Hashable
    balls: dict[Hashable, int]
    """The legal balls of the hat (a ball waiting beside it counted in)."""
    preferred: Hashable | None
    confidence: float
    growth: int
    inflow: int
    learned: str
    """``lost``, ``won`` or ``undecided``; where no move is left the rules say it, not a hat."""
    terminal: bool
    """No move is left: the game is over and its rules say who won."""
    solver_lost: bool
    winning_moves: tuple[Hashable, ...]
    agreement: str
    """``yes``, ``NO`` (a disagreement) or ``?`` (nothing to judge yet), by one rule.

    At a winning position the AI's move is judged: yes when a winning ball strictly outnumbers
    the losing ones, NO when a losing ball strictly outnumbers the winning ones, however sure the
    hat is (a strong preference for a losing move is as wrong as a weak one), or when it
    believes the position lost; ? when a winning and a losing ball tie at the top. At a lost
    position: yes when the hats learned it is lost, NO when they learned it is won. A
    Q-learner's values are read the same way as balls."""
    values: dict[Hashable, float] = field(default_factory=dict)
    """A Q-learner's value of each legal move (0 where none was learned); empty for hats."""
    values_learned: int = 0
    """How many of the legal moves have a learned value (Q; 0 for hats)."""

    @property
    def evidence(self) -> int:
        return self.growth + self.inflow

    @property
    def scores(self) -> Mapping[Hashable, float]:
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


def prefers_winning(balls: Mapping[Hashable, float], winning: Iterable[Hashable]) -> bool:
    """Whether a winning ball strictly outnumbers every losing one in a hat's legal ``balls``.

    A tie is no preference: a fresh hat's "preferred" ball (the first of equals) is luck, and
    counting it as right would credit an untrained AI with a third of the answers.
    """
    winning = set(winning)
    best_winning = max((c for m, c in balls.items() if m in winning), default=0)
    best_losing = max((c for m, c in balls.items() if m not in winning), default=0)
    return best_winning > best_losing


def _agreement(learned: str, balls: Mapping[Hashable, float], winning: tuple[Hashable, ...]) -> str:
    """The one rule of ``agree?`` (the legend's words: :data:`~sticks_tui.text.analysis.
    AGREEMENT_RULE`): where a move wins, the AI's move is judged, however sure it is; where every
    move loses, what it learned of the position."""
    if not winning:  # lost: every move loses, so only learning that it is lost agrees
        return {LOST: AGREE, WON: DISAGREE}.get(learned, UNKNOWN)
    if learned == LOST:  # won, but it believes the position lost
        return DISAGREE
    if prefers_winning(balls, winning):
        return AGREE
    if prefers_winning(balls, _losing(balls, winning)):  # a losing move ahead, weakly or not
        return DISAGREE
    return UNKNOWN  # a winning and a losing move tie at the top: no preference yet


def _losing(balls: Mapping[Hashable, float], winning: tuple[Hashable, ...]) -> tuple[Hashable, ...]:
    return tuple(move for move in balls if move not in winning)



def report_position(
    values: MoveValues, reading: Reading, rules: Rules, solver: Solver[Hashable, Hashable]
) -> PositionReport:
    """Everything the table shows for one position: what the learner holds there
    (:meth:`~..learners.base.Learner.values_at`), what it has learned of it (its kind's
    ``read``), and the solver's answer."""
    position = values.position
    terminal = rules.is_over(position)
    winning = solver.winning_moves(position)
    numbers = {move.move: move.value for move in values.moves}
    best = max(numbers.values(), default=0.0)
    if terminal:
        learned, agreement = _end_result(rules), AGREE
    else:
        learned = reading.learned
        agreement = _agreement(learned, numbers, winning)
    return PositionReport(
        position=position,
        balls={move: int(count) for move, count in numbers.items()} if values.counts else {},
        preferred=values.preferred[0] if values.preferred else None,
        confidence=values.share(best) if values.counts else best,
        growth=reading.growth,
        inflow=reading.inflow,
        learned=learned,
        terminal=terminal,
        solver_lost=solver.is_lost(position),
        winning_moves=winning,
        agreement=agreement,
        values={} if values.counts else numbers,
        values_learned=0 if values.counts else sum(move.learned for move in values.moves),
    )


def _end_result(rules: Rules) -> str:
    """What a finished position is for the player to move: the rules say it, not a learner."""
    return WON if mover_wins_at_end(rules) else LOST

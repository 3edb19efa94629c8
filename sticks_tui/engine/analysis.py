"""What the hats say about the game, side by side with the exact solver (SPEC section 5).

Reading a lost position off the hats
------------------------------------
A hat of the learning AI grows by one ball for every game won after drawing from it and shrinks
(never below one ball of a number) for every game lost. At a lost position every ball drawn
loses against good play, so the hat stays at its starting balls, exactly like a hat that was
never visited. The two are told apart by the hats *around* it: the AI reaches a position ``n``
because somebody moved into it, and every won game in which the AI itself moved into ``n`` left
one more ball of that move in the hat it moved from. So for each position we count

* ``growth``: balls the hat at ``n`` has gained (legal balls beyond its one of each), about the
  games won after playing from ``n``;
* ``inflow``: balls gained by the moves *into* ``n`` in the hats above it, about the games won
  after leaving the opponent at ``n``.

Their sum is the evidence (roughly: games that went through ``n`` and taught something). With
enough evidence, a position is *learned lost* when nearly all of it is inflow, *learned won* when
nearly all of it is growth, and *undecided* otherwise (still mixed, or rarely visited: the stick
counts just below the start are met seldom once the AI plays well from the start).

Finding the rule
----------------
The positions that are decided feed :func:`find_rule`, which looks for the simplest periodic
rule (period plus an irregular prefix, as :func:`~sticks_tui.engine.solver.find_periodic_rule`
does) that explains them, tolerating a few contradicting positions (at most ``noise`` of those
used). The cost of a rule is counted as in minimum description length: a unit per residue
of the period, per position of an irregular prefix (its flag written out), and ``1 + log2(N)``
per contradicting position (which one it is, among N, and its flag), so a rule that only explains
a short tail, or leaves many exceptions, loses against one that explains nearly all. Undecided
positions are left out, so the rule is backed only by data, and the report says how many
positions back it and which disagree.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field
from typing import Any, Callable, Iterable

from .game import AnyRuleSet as RuleSet
from .game import Move, Position, mover_wins_at_end
from .games.takeaway import TakeAway
from .learners import CurvePoint, HatBrain, Learner
from .learning_curve import CurveSettings, point_due, record_point
from .learning_curve import curve_point as curve_point  # the callers' old place for it
from .learning_curve import win_rate as win_rate  # the same
from .solver import PeriodicRule, Solver, takeaway_rule
from .training import TrainingProgress

#: A position needs at least this much evidence (games that taught something) to be decided.
MIN_EVIDENCE = 10
#: ... and this share of it must point one way (inflow for lost, growth for won).
DECISIVE_SHARE = 0.9
#: The rule finder needs at least this many decided positions before it looks for a rule.
MIN_POSITIONS = 12
#: Each residue of a rule's period must be seen at least this often among the decided positions.
MIN_REPEATS = 3
#: At most this share of the positions a rule covers may contradict it.
MAX_NOISE = 0.1
#: A rule must explain at least this share of the decided positions (the rest being its prefix).
MIN_COVER = 0.5
#: Longest period looked for (take-away games with takes up to ~20 have far shorter ones).
MAX_PERIOD = 200

#: Heaps larger than this are refused: the solver's answer beside them would take too long.
MAX_ANALYSED_STICKS = 10_000

LOST, WON, UNDECIDED = "lost", "won", "undecided"
AGREE, DISAGREE, UNKNOWN = "yes", "NO", "?"


class AnalysisError(ValueError):
    """A brain that cannot be analysed (the message says why, in one line)."""


# -- the rule finder --------------------------------------------------------------------------
@dataclass(frozen=True)
class RuleFinding:
    """A rule found from data (or why none was), with how much data backs it."""

    rule: PeriodicRule | None
    used: tuple[int, ...]
    """The positions the rule was looked for on (the decided ones)."""
    disagreements: tuple[int, ...] = ()
    """Positions at or after the rule's start whose flag contradicts the rule."""
    reason: str = ""
    """Why there is no rule (empty when there is one)."""

    @property
    def enough_data(self) -> bool:
        return self.rule is not None or not self.reason.startswith("not enough data")

    def describe(self) -> str:
        """One line for people: the rule in words and what backs it, or why there is none."""
        if self.rule is None:
            return self.reason
        text = self.rule.describe()
        if not self.rule.residues and self.rule.start:
            text += f", for n ≥ {self.rule.start}"
        backing = f"backed by {len(self.used)} positions"
        if self.disagreements:
            listed = ", ".join(map(str, self.disagreements))
            verb = "disagrees" if len(self.disagreements) == 1 else "disagree"
            backing += f", {len(self.disagreements)} of which {verb} ({listed})"
        else:
            backing += ", none disagreeing"
        return f"{text} ({backing})"


def find_rule(
    flags: dict[int, bool],
    *,
    noise: float = MAX_NOISE,
    min_repeats: int = MIN_REPEATS,
    min_positions: int = MIN_POSITIONS,
    max_period: int | None = MAX_PERIOD,
    min_cover: float = MIN_COVER,
) -> RuleFinding:
    """The simplest periodic rule for ``flags`` (n -> lost?), which may have gaps and noise.

    A candidate is a period, a start (the positions before it are an irregular prefix) and, per
    residue, the majority flag of the positions from the start on. It is acceptable when every
    residue is seen at least ``min_repeats`` times with a strict majority and at most ``noise``
    of those positions disagree. Among acceptable ones the cheapest wins (see the module
    docstring: period + prefix + ``1 + log2(N)`` per contradicting position), then the smaller
    period. The prefix may not leave less than ``min_cover`` of the positions to the rule.
    With ``noise=0`` and ``min_cover=0`` on contiguous flags this is exactly
    :func:`~sticks_tui.engine.solver.find_periodic_rule`. Work: O(periods x positions).
    """
    ns = tuple(sorted(flags))
    if len(ns) < max(min_positions, 1):
        return RuleFinding(
            None, ns,
            reason=f"not enough data: {len(ns)} positions decided, at least {min_positions} needed",
        )
    most = len(ns) // min_repeats
    if max_period is not None:
        most = min(most, max_period)
    exception_cost = 1 + math.log2(len(ns))
    best: tuple[float, int, int, int] | None = None  # (cost, period, disagreements, skip)
    for period in range(1, most + 1):
        if best is not None and period > best[0]:
            break  # every later candidate costs at least its period
        found = _best_start(flags, ns, period, min_repeats, noise, exception_cost, min_cover)
        if found is not None and (best is None or found < best):
            best = found
    if best is None:
        return RuleFinding(
            None, ns,
            reason=f"no periodic rule (period up to {most}) fits the {len(ns)} decided positions",
        )
    _, period, _, skip = best
    tail = ns[skip:]
    residues, wrong = _fit(flags, tail, period)
    return RuleFinding(PeriodicRule(period, residues, 0 if skip == 0 else tail[0]), ns, wrong)


def _best_start(
    flags: dict[int, bool],
    ns: tuple[int, ...],
    period: int,
    min_repeats: int,
    noise: float,
    exception_cost: float,
    min_cover: float,
) -> tuple[float, int, int, int] | None:
    """The cheapest start for one period, growing the tail from the top one position at a time.

    Per residue it keeps how many positions were seen and how many are lost; the positions
    contradicting the majority are the smaller of the two, so each step is O(1).
    """
    seen = [0] * period
    lost = [0] * period
    filled = tied = minority = 0  # residues seen min_repeats times; with a tie; disagreements
    best: tuple[float, int, int, int] | None = None
    for skip in range(len(ns) - 1, -1, -1):
        n = ns[skip]
        r = n % period
        minority -= min(lost[r], seen[r] - lost[r])
        tied -= seen[r] > 0 and 2 * lost[r] == seen[r]
        seen[r] += 1
        lost[r] += flags[n]
        minority += min(lost[r], seen[r] - lost[r])
        tied += 2 * lost[r] == seen[r]
        filled += seen[r] == min_repeats
        covered = len(ns) - skip
        if filled < period or tied or minority > noise * covered or covered < min_cover * len(ns):
            continue
        candidate = (period + skip + exception_cost * minority, period, minority, skip)
        if best is None or candidate <= best:
            best = candidate
    return best


def _fit(
    flags: dict[int, bool], tail: tuple[int, ...], period: int
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Majority flag per residue over ``tail``: (lost residues, contradicting positions)."""
    lost_count = [0] * period
    seen = [0] * period
    for n in tail:
        seen[n % period] += 1
        lost_count[n % period] += flags[n]
    residues = tuple(r for r in range(period) if 2 * lost_count[r] > seen[r])
    lost = set(residues)
    wrong = tuple(n for n in tail if flags[n] != (n % period in lost))
    return residues, wrong


# -- reading the hats -------------------------------------------------------------------------
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
    when the hats learned it is lost, NO when they learned it is won."""

    @property
    def evidence(self) -> int:
        return self.growth + self.inflow

    @property
    def tied(self) -> bool:
        """True when no legal ball outnumbers all others: the hat has no preference yet."""
        top = sorted(self.balls.values(), reverse=True)
        return len(top) > 1 and top[0] == top[1]

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


def prefers_winning(balls: dict[Move, int], winning: Iterable[Move]) -> bool:
    """Whether a winning ball strictly outnumbers every losing one in a hat's legal ``balls``.

    A tie is no preference: a fresh hat's "preferred" ball (the first of equals) is luck, and
    counting it as right would credit an untrained AI with a third of the answers.
    """
    winning = set(winning)
    best_winning = max((c for m, c in balls.items() if m in winning), default=0)
    best_losing = max((c for m, c in balls.items() if m not in winning), default=0)
    return best_winning > best_losing


def _agreement(learned: str, balls: dict[Move, int], winning: tuple[Move, ...]) -> str:
    if not winning:  # lost: only learning that it is lost agrees
        return {LOST: AGREE, WON: DISAGREE}.get(learned, UNKNOWN)
    if learned == LOST:
        return DISAGREE
    if prefers_winning(balls, winning):
        return AGREE
    return DISAGREE if learned == WON else UNKNOWN


def report_position(
    brain: HatBrain, solver: Solver, position: Position, inflow: int
) -> PositionReport:
    """Everything the table shows for one position (``inflow`` from :func:`inflows`)."""
    rules = brain.rules
    gained = growth(brain, position)
    terminal = rules.is_over(position)
    preferred = brain.preferred_move(position)
    winning = solver.winning_moves(position)
    if terminal:
        learned = WON if mover_wins_at_end(rules) else LOST
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


@dataclass(frozen=True)
class Analysis:
    """Everything SPEC section 5 shows, computed once; text and JSON are views of it."""

    rules_name: str
    games_played: int
    positions: tuple[PositionReport, ...]
    inferred: RuleFinding
    solver_rule: PeriodicRule | None
    learning_curve: tuple[CurvePoint, ...] = field(default=())

    @property
    def disagreements(self) -> tuple[Position, ...]:
        return tuple(p.position for p in self.positions if p.agreement == DISAGREE)

    @property
    def rule_matches_solver(self) -> bool | None:
        """Whether the inferred rule says the same as the solver at every analysed position."""
        rule = self.inferred.rule
        if rule is None or self.solver_rule is None:
            return None
        return all(_rule_says(rule, p.position) == p.solver_lost for p in self.positions)

    def to_dict(self) -> dict[str, Any]:
        """The machine-readable form behind ``sticks-tui analyze --json``."""
        inferred = self.inferred
        return {
            "rules": self.rules_name,
            "games_played": self.games_played,
            "positions": [_position_dict(p) for p in self.positions],
            "disagreements": list(self.disagreements),
            "inferred_rule": {
                **(_rule_dict(inferred.rule) if inferred.rule else {"rule": None}),
                "positions_used": len(inferred.used),
                "disagreeing_positions": list(inferred.disagreements),
                "reason": inferred.reason or None,
                "text": inferred.describe(),
            },
            "solver_rule": _rule_dict(self.solver_rule) if self.solver_rule else {"rule": None},
            "rule_matches_solver": self.rule_matches_solver,
            "learning_curve": [asdict(p) for p in self.learning_curve],
        }


def _rule_says(rule: PeriodicRule, n: int) -> bool | None:
    return rule.holds_for(n) if n >= rule.start else None


def _rule_dict(rule: PeriodicRule) -> dict[str, Any]:
    return {
        "period": rule.period,
        "residues": list(rule.residues),
        "start": rule.start,
        "text": rule.describe(),
    }


def _position_dict(p: PositionReport) -> dict[str, Any]:
    return {
        "position": p.position,
        "balls": {str(k): v for k, v in p.balls.items()},
        "preferred_move": p.preferred,
        "tied": p.tied,
        "confidence": round(p.confidence, 4),
        "growth": p.growth,
        "inflow": p.inflow,
        "learned": p.learned,
        "learned_lost": p.learned_lost,
        "terminal": p.terminal,
        "solver_lost": p.solver_lost,
        "winning_moves": list(p.winning_moves),
        "agreement": p.agreement,
    }


def analyse(brain: HatBrain) -> Analysis:
    """Read every hat of ``brain``, find the rule its decided positions follow, compare."""
    rules = brain.rules
    largest = max((p for p in brain.positions() if isinstance(p, int)), default=0)
    if largest > MAX_ANALYSED_STICKS:
        raise AnalysisError(
            f"a hat for {largest:,} sticks: heaps above {MAX_ANALYSED_STICKS:,} are not analysed"
        )
    solver = Solver(rules)
    into = inflows(brain)
    reports = tuple(report_position(brain, solver, p, into.get(p, 0)) for p in brain.positions())
    numeric = all(isinstance(p.position, int) for p in reports)
    flags = {p.position: p.learned_lost for p in reports if p.learned_lost is not None}
    if numeric:
        inferred = find_rule(flags)  # type: ignore[arg-type]
    else:
        inferred = RuleFinding(None, (), reason="positions are not stick counts: no periodic rule")
    solver_rule = None
    if numeric and isinstance(rules, TakeAway) and reports:
        solver_rule = takeaway_rule(rules, upto=largest)
    return Analysis(
        rules.name, brain.games_played, reports, inferred, solver_rule, tuple(brain.learning_curve)
    )


# -- the learning curve ------------------------------------------------------------------------
class LearningCurveRecorder:
    """A training progress callback that adds a :class:`CurvePoint` to the learner's curve.

    ``train(curve=CurveSettings(...))`` records the curve itself; this callback does the same
    for callers that chain it before another callback (``then``, e.g. a progress bar). Every
    report it measures the live learner and appends the point to ``learner.learning_curve``
    when one is due (see :class:`~.learning_curve.CurveSettings` for ``spacing``), and always
    at the end of training. Call :meth:`record` once before training for the starting point.
    """

    def __init__(
        self,
        rules: RuleSet,
        *,
        games_per_point: int = 200,
        seed: int = 0,
        spacing: float | None = None,
        then: Callable[[TrainingProgress], None] | None = None,
    ) -> None:
        self.rules = rules
        self.settings = CurveSettings(games_per_point, seed, spacing)
        self.then = then

    def record(self, learner: Learner[Position, Move]) -> CurvePoint | None:
        """Measure ``learner`` and append the point (not twice for the same games played)."""
        return record_point(learner, self.rules, self.settings)

    def __call__(self, progress: TrainingProgress) -> None:
        final = progress.games_done == progress.games_total
        if final or point_due(progress.learner, self.settings):
            self.record(progress.learner)
        if self.then is not None:
            self.then(progress)

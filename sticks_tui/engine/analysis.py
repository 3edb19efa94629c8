"""What a learner has learned about its game, side by side with the exact solver (SPEC section 5).

The hat AI's hats and the Q-learner's values are read alike: for each position, the preferred
move and how sure the learner is (hats: the preferred ball's share; Q: the values), whether it
has learned the position is lost, and the solver's winning moves, with every disagreement
marked. :func:`analyse` reads every hat a brain has (the app's analysis screen);
:func:`analyse_from_start` reads the positions reachable from the start of its game (a brain
file: ``sticks-tui analyze``), see :func:`analysis_rules` for the start of a take-away game.

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

Reading a lost position off the Q-values
----------------------------------------
A Q-value estimates what a move brings by the end of the game: near the win reward when it
leads to a win, near the loss reward when it loses. A position is *learned lost* when the best
value there (an unknown one counting as 0, as the learner itself counts it) is in the lower
quarter of the range from the loss reward to the win reward, *learned won* when it is in the
upper quarter, and *undecided* otherwise or where no value was learned.

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
from collections.abc import Callable, Iterable, Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from .game import AnyRuleSet as RuleSet
from .game import Move, Position, RuleError, mover_wins_at_end
from .games import family_of, rules_from_description, spec_of
from .games.takeaway import TakeAway
from .learners import CurvePoint, HatBrain, QLearner, QSettings
from .solver import PeriodicRule, Solver, takeaway_rule

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
#: A start reaching more positions than this is refused: the table would be unreadable anyway.
MAX_ANALYSED_POSITIONS = 20_000

#: A learner the analysis reads.
Analysed = HatBrain | QLearner

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


@dataclass(frozen=True)
class Analysis:
    """Everything SPEC section 5 shows, computed once; text and JSON are views of it."""

    rules_name: str
    games_played: int
    positions: tuple[PositionReport, ...]
    inferred: RuleFinding
    solver_rule: PeriodicRule | None
    learning_curve: tuple[CurvePoint, ...] = field(default=())
    learner: str = HatBrain.kind
    """Whose brain: ``hats`` or ``q``."""
    rules: RuleSet | None = None
    """The game, for naming its positions and moves (None: the positions are shown as they are)."""
    changed_settings: Mapping[str, float] = field(default_factory=dict)
    """The learner's settings that differ from the defaults."""

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
        move_key = self.rules.move_key if self.rules is not None else str
        return {
            "rules": self.rules_name,
            "game": _spec(self.rules),
            "learner": self.learner,
            "changed_settings": dict(self.changed_settings),
            "games_played": self.games_played,
            "positions": [
                _position_dict(p, move_key, self.learner == QLearner.kind) for p in self.positions
            ],
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


def _spec(rules: RuleSet | None) -> str | None:
    """The game's spec for JSON; None for a game the registry does not know."""
    try:
        return spec_of(rules) if rules is not None else None
    except RuleError:
        return None


def _rule_says(rule: PeriodicRule, n: int) -> bool | None:
    return rule.holds_for(n) if n >= rule.start else None


def _rule_dict(rule: PeriodicRule) -> dict[str, Any]:
    return {
        "period": rule.period,
        "residues": list(rule.residues),
        "start": rule.start,
        "text": rule.describe(),
    }


def _position_dict(
    p: PositionReport, move_key: Callable[[Move], str], q: bool
) -> dict[str, Any]:
    """One position for JSON: positions and moves as the game's values (a heap is a number,
    Nim's piles a list, a move a number or a list); balls and values keyed like a brain file."""
    scores: dict[str, Any]
    if q:
        scores = {
            "values": {move_key(k): v for k, v in p.values.items()},
            "values_learned": p.values_learned,
            "best_value": p.confidence,
        }
    else:
        scores = {
            "balls": {move_key(k): v for k, v in p.balls.items()},
            "confidence": round(p.confidence, 4),
            "growth": p.growth,
            "inflow": p.inflow,
        }
    return {
        "position": p.position,
        **scores,
        "preferred_move": p.preferred,
        "tied": p.tied,
        "learned": p.learned,
        "learned_lost": p.learned_lost,
        "terminal": p.terminal,
        "solver_lost": p.solver_lost,
        "winning_moves": list(p.winning_moves),
        "agreement": p.agreement,
    }


def analyse(brain: HatBrain) -> Analysis:
    """Read every hat of ``brain``, find the rule its decided positions follow, compare."""
    largest = max((p for p in brain.positions() if isinstance(p, int)), default=0)
    if largest > MAX_ANALYSED_STICKS:
        raise AnalysisError(
            f"a hat for {largest:,} sticks: heaps above {MAX_ANALYSED_STICKS:,} are not analysed"
        )
    return _analysis(brain, brain.rules, brain.positions())


def analyse_from_start(learner: Analysed) -> Analysis:
    """Read the positions reachable from the start of the learner's game (:func:`analysis_rules`),
    hats or Q-values, and compare them with the solver; a brain file's analysis."""
    rules = analysis_rules(learner)
    start = rules.initial_position()
    if isinstance(start, int) and start > MAX_ANALYSED_STICKS:
        raise AnalysisError(
            f"a heap of {start:,} sticks: heaps above {MAX_ANALYSED_STICKS:,} are not analysed"
        )
    return _analysis(learner, rules, reachable_positions(rules))


def _analysis(learner: Analysed, rules: RuleSet, positions: Iterable[Position]) -> Analysis:
    solver: Solver[Any, Any] = Solver(rules)
    if isinstance(learner, HatBrain):
        brain = learner.copy()  # reading a hat never met makes one: not in the caller's brain
        into = inflows(brain)
        reports = tuple(report_position(brain, solver, p, into.get(p, 0)) for p in positions)
    else:
        reports = tuple(report_q_position(learner, rules, solver, p) for p in positions)
    counts = [p.position for p in reports if isinstance(p.position, int)]
    numeric = len(counts) == len(reports)
    flags = {p.position: p.learned_lost for p in reports if p.learned_lost is not None}
    if numeric:
        inferred = find_rule(flags)
    else:
        inferred = RuleFinding(None, (), reason="positions are not stick counts: no periodic rule")
    solver_rule = None
    if numeric and isinstance(rules, TakeAway) and reports:
        solver_rule = takeaway_rule(rules, upto=max(counts))
    return Analysis(
        rules.name, learner.games_played, reports, inferred, solver_rule,
        tuple(learner.learning_curve), learner.kind, rules, learner.settings.changes(),
    )


def analysis_rules(learner: Analysed) -> RuleSet:
    """The game an analysis starts from: the learner's own, whose start its brain file gives
    (Nim's piles, Sticky-Nim's line); but a take-away brain serves every heap and its file does
    not say one, so its heap is the largest stick count at which the brain has learned
    something (a hat that is no longer fresh, a value learned), and the game's default heap for
    a brain that has learned nothing."""
    rules = learner.rules
    if rules is None:
        raise AnalysisError("a Q-learner without a game cannot be analysed")
    try:
        takes_sticks = family_of(rules).takes_sticks
    except RuleError:
        takes_sticks = False
    learned = [p for p in learned_positions(learner) if isinstance(p, int)]
    if not takes_sticks or not learned:
        return rules
    return rules_from_description(rules.describe(), max(learned))


def learned_positions(learner: Analysed) -> list[Position]:
    """The positions the learner has learned something at: a hat no longer fresh (its balls
    differ from a fresh hat's), a move with a learned value."""
    if isinstance(learner, QLearner):
        return list({position for position, _ in learner.q})
    fresh = learner.settings.fresh_balls
    return [
        position for position in learner.positions()
        if any(count != fresh for count in learner.counts(position).values())
    ]


def reachable_positions(rules: RuleSet, limit: int = MAX_ANALYSED_POSITIONS) -> list[Position]:
    """Every position play can reach from the start, fewest sticks first; a finished position
    only where the rules keep a hat for it (a take-away heap nobody can move from, e.g. 1 stick
    when a move takes 2 or 3), not the empty table every game ends at."""
    start = rules.initial_position()
    seen = {start}
    waiting = [start]
    while waiting:
        position = waiting.pop()
        if rules.is_over(position):
            continue
        for move in rules.legal_moves(position):
            child = rules.apply(position, move)
            if child not in seen:
                seen.add(child)
                waiting.append(child)
                if len(seen) > limit:
                    raise AnalysisError(
                        f"{rules.name} reaches more than {limit:,} positions from its start: "
                        "too many to analyse"
                    )
    kept = set(rules.hat_positions())
    return _fewest_sticks_first(p for p in seen if not rules.is_over(p) or p in kept)


def _fewest_sticks_first(positions: Iterable[Position]) -> list[Position]:
    """Heaps in order; piles and groups by the sticks they hold, then as numbers compare."""
    listed = list(positions)
    try:
        return sorted(listed, key=lambda p: (sum(p), p) if isinstance(p, tuple) else (p, p))
    except TypeError:  # positions of a game that do not compare: as they were found
        return listed

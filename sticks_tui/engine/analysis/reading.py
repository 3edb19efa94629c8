"""Reading a learner into an :class:`~.report.Analysis`: every hat of a brain, or the
positions reachable from the start of its game."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable

from ..game import RuleError, Rules
from ..games import family_of, rules_from_description
from ..games.takeaway import TakeAway
from ..learners import kind_of
from ..learners.base import Learner
from ..period_proof import heap_period
from ..solver import Solver
from ..theory import reachable
from .positions import PositionReport, report_position
from .report import Analysis
from .rule_finding import RuleFinding, find_rule

#: Heaps larger than this are refused: the solver's answer beside them would take too long.
MAX_ANALYSED_STICKS = 10_000
#: A start reaching more positions than this is refused: the table would be unreadable anyway.
MAX_ANALYSED_POSITIONS = 20_000

#: A learner the analysis reads: any registered learner.
Analysed = Learner[Hashable, Hashable]


class AnalysisError(ValueError):
    """A brain that cannot be analysed (the message says why, in one line)."""


def analyse(brain: Analysed) -> Analysis:
    """Read every position ``brain`` holds something for (a hat, a value), and every standing
    one of its game (a take-away game's heaps), find the rule its decided positions follow,
    compare."""
    rules = brain.rules
    if rules is None:
        raise AnalysisError("a brain that knows no game cannot be analysed")
    positions = list(dict.fromkeys([*rules.hat_positions(), *brain.positions()]))
    largest = max((p for p in positions if isinstance(p, int)), default=0)
    if largest > MAX_ANALYSED_STICKS:
        raise AnalysisError(
            f"a hat for {largest:,} sticks: heaps above {MAX_ANALYSED_STICKS:,} are not analysed"
        )
    return _analysis(brain, rules, positions)


def analyse_from_start(learner: Analysed) -> Analysis:
    """Read the positions reachable from the start of the learner's game (:func:`analysis_rules`),
    hats or Q-values, and compare them with the solver; a brain file's analysis."""
    return analyse_game(learner, analysis_rules(learner))


def analyse_game(
    learner: Analysed, rules: Rules, each: Callable[[], object] | None = None
) -> Analysis:
    """Read the positions reachable from the start of ``rules`` (the game on screen: a take-away
    brain serves every heap, and a 20-stick game has 20 positions, whatever else it learned).

    ``each`` is called after each position is read: a thread reading a big brain (a
    thousand positions, half a millisecond each) lets the others run there, or stops by
    raising."""
    start = rules.initial_position()
    if isinstance(start, int) and start > MAX_ANALYSED_STICKS:
        raise AnalysisError(
            f"a heap of {start:,} sticks: heaps above {MAX_ANALYSED_STICKS:,} are not analysed"
        )
    return _analysis(learner, rules, reachable_positions(rules), each)


def _analysis(
    learner: Analysed,
    rules: Rules,
    positions: Iterable[Hashable],
    each: Callable[[], object] | None = None,
) -> Analysis:
    solver: Solver[Hashable, Hashable] = Solver(rules)
    kind = kind_of(learner)
    listed = tuple(positions)
    readings = kind.read(learner, rules, listed)
    reports = tuple(
        _then(each, report_position(learner.values_at(p), readings[p], rules, solver))
        for p in listed
    )
    counts = [p.position for p in reports if isinstance(p.position, int)]
    numeric = len(counts) == len(reports)
    flags = {
        p.position: p.learned_lost
        for p in reports
        if isinstance(p.position, int) and p.learned_lost is not None
    }
    if numeric:
        inferred = find_rule(flags)
    else:
        inferred = RuleFinding(None, (), reason="positions are not stick counts: no periodic rule")
    solver_rule = heap_period(rules) if numeric and isinstance(rules, TakeAway) else None
    return Analysis(
        rules.name, learner.games_played, reports, inferred, solver_rule,
        tuple(learner.learning_curve), kind.name, rules, learner.settings.changes(),
        counts=learner.values_at(rules.initial_position()).counts,
    )


def analysis_rules(learner: Analysed) -> Rules:
    """The game an analysis starts from: the learner's own, whose start its brain file gives
    (Nim's piles, Sticky-Nim's line); but a take-away brain serves every heap and its file does
    not say one, so its heap is the largest stick count at which the brain has learned
    something (a hat that is no longer fresh, a value learned), and the game's default heap for
    a brain that has learned nothing."""
    rules = learner.rules
    if rules is None:
        raise AnalysisError("a learner without a game cannot be analysed")
    try:
        takes_sticks = family_of(rules).takes_sticks
    except RuleError:
        takes_sticks = False
    learned = [p for p in learned_positions(learner) if isinstance(p, int)]
    if not takes_sticks or not learned:
        return rules
    return rules_from_description(rules.describe(), max(learned))


def learned_positions(learner: Analysed) -> list[Hashable]:
    """The positions the learner has learned something at: a hat no longer fresh (its balls
    differ from a fresh hat's), a move with a learned value."""
    return [p for p in learner.positions() if not learner.values_at(p).fresh]


def _then(each: Callable[[], object] | None, report: PositionReport) -> PositionReport:
    if each is not None:
        each()
    return report


def reachable_positions(rules: Rules, limit: int = MAX_ANALYSED_POSITIONS) -> list[Hashable]:
    """Every position play can reach from the start, fewest sticks first; a finished position
    only where the rules keep a hat for it (a take-away heap nobody can move from, e.g. 1 stick
    when a move takes 2 or 3), not the empty table every game ends at."""
    positions = reachable(rules, limit)
    if positions is None:
        raise AnalysisError(
            f"{rules.name} reaches more than {limit:,} positions from its start: "
            "too many to analyse"
        )
    kept = set(rules.hat_positions())
    return _fewest_sticks_first(p for p in positions if not rules.is_over(p) or p in kept)


def _fewest_sticks_first(positions: Iterable[Hashable]) -> list[Hashable]:
    """Heaps in order; piles and groups by the sticks they hold, then as numbers compare."""
    listed = list(positions)
    try:
        return sorted(listed, key=lambda p: (sum(p), p) if isinstance(p, tuple) else (p, p))
    except TypeError:  # positions of a game that do not compare: as they were found
        return listed

"""The solver at scale: the early-stopping period search finds the very rules the full search
finds, heaps solved bottom-up agree with the memoized solver, and seed 003's plain-recursion
count kept in a window agrees with the count of every call."""

from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sticks_tui.engine import Solver, TakeAway, game_of_sticks
from sticks_tui.engine.solver import (
    PeriodicRule,
    find_periodic_rule,
    heap_outcomes,
    lost_positions,
    plain_recursion_calls,
)
from sticks_tui.engine.period_proof import takeaway_rule


def every_period_rule(flags: dict[int, bool], min_repeats: int = 2) -> PeriodicRule | None:
    """The search without stopping early: every period tried, the cheapest (first) kept."""
    ns = sorted(flags)
    lo, hi = ns[0], ns[-1]
    best = None
    for period in range(1, (hi - lo + 1) // min_repeats + 1):
        start = hi - period + 1
        while start - 1 >= lo and flags[start - 1] == flags[start - 1 + period]:
            start -= 1
        if (hi - start + 1) < period * min_repeats:
            continue
        cost = (start - lo) + period
        if best is None or cost < best[0]:
            best = (cost, period, start)
    if best is None:
        return None
    _, period, start = best
    residues = tuple(sorted({n % period for n in range(start, hi + 1) if flags[n]}))
    return PeriodicRule(period, residues, 0 if start == lo else start)


@settings(max_examples=300, deadline=None)
@given(
    lo=st.integers(0, 5),
    prefix=st.lists(st.booleans(), max_size=12),
    cycle=st.lists(st.booleans(), min_size=1, max_size=12),
    repeats=st.integers(1, 8),
    tail=st.lists(st.booleans(), max_size=3),
    min_repeats=st.integers(1, 3),
)
def test_early_stop_finds_the_same_rule(lo, prefix, cycle, repeats, tail, min_repeats) -> None:  # noqa: ANN001
    bits = prefix + cycle * repeats + tail
    flags = {lo + i: b for i, b in enumerate(bits)}
    assert find_periodic_rule(flags, min_repeats) == every_period_rule(flags, min_repeats)


@pytest.mark.parametrize(
    "rules",
    [game_of_sticks(10), TakeAway(10, (2, 3, 5), misere=False), TakeAway(10, (1, 4), True),
     TakeAway(10, (3, 4, 9), misere=False), TakeAway(10, (2, 7), misere=True)],
    ids=lambda r: r.key,
)
def test_heaps_bottom_up_agree_with_the_memoized_solver(rules) -> None:  # noqa: ANN001
    solver = Solver(rules)
    assert heap_outcomes(rules, 600) == [solver.is_won(n) for n in range(601)]
    assert lost_positions(rules, 600) == [n for n in range(601) if solver.is_lost(n)]
    flags = {n: solver.is_lost(n) for n in range(601)}
    assert takeaway_rule(rules) == every_period_rule(flags)  # proved, and as the table shows


def test_seed_003s_rule_at_a_large_heap() -> None:
    """mod 7 for takes 2, 3, 5 (lost at 0 and 1), found over 20,000 heaps."""
    rule = takeaway_rule(TakeAway(20_000, (2, 3, 5), misere=False))
    assert rule == PeriodicRule(7, (0, 1), 0)


@pytest.mark.parametrize(("takes", "below"), [((2, 3, 5), 2), ((1, 2, 3), 1), ((1, 4), 1)])
def test_plain_recursion_count_agrees_with_a_table_of_every_heap(takes, below) -> None:  # noqa: ANN001
    @cache
    def calls(k: int) -> tuple[bool, int]:
        if k < below:
            return False, 1
        total = 1
        for move in takes:
            child_wins, child_calls = calls(k - move)
            total += child_calls
            if not child_wins:
                return True, total
        return False, total

    for n in [*range(-2, 40), 200, 700]:
        for k in range(min(0, n - 5), n + 1):  # bottom-up: no deep recursion
            calls(k)
        assert plain_recursion_calls(n, takes, below) == calls(n)[1]


def test_plain_recursion_count_of_tiny_heaps_by_counting_the_calls() -> None:
    made = 0

    def can_win(n: int) -> bool:  # seed 003's function, counting itself
        nonlocal made
        made += 1
        if n < 2:
            return False
        return any(not can_win(n - move) for move in (2, 3, 5))

    for n in range(18):
        made = 0
        can_win(n)
        assert plain_recursion_calls(n, (2, 3, 5), 2) == made

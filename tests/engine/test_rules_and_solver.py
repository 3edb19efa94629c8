"""Rule sets and the exact solver (SPEC sections 1 and 6; seed 003)."""

import pytest

from sticks_tui.engine import IllegalMove, RuleError, Solver, TakeAway, game_of_sticks, takeaway_rule
from sticks_tui.engine import rules_from_description
from sticks_tui.engine.solver import find_periodic_rule, grundy_values, lost_positions, plain_recursion_calls


def test_game_of_sticks_moves_never_take_more_than_are_left():
    rules = game_of_sticks(10)
    assert rules.initial_position() == 10
    assert rules.legal_moves(10) == (1, 2, 3)
    assert rules.legal_moves(2) == (1, 2)
    assert rules.legal_moves(1) == (1,)
    assert rules.apply(10, 3) == 7
    assert rules.is_over(0) and not rules.is_over(1)
    with pytest.raises(IllegalMove, match="cannot take 3 from a heap of 2"):
        rules.apply(2, 3)
    with pytest.raises(IllegalMove):
        rules.apply(5, 4)


@pytest.mark.parametrize("bad", [dict(takes=()), dict(takes=(0, 1)), dict(takes=(-2,)), dict(sticks=-1), dict(sticks=2.5)])
def test_impossible_rule_sets_are_refused(bad):
    with pytest.raises(RuleError):
        TakeAway(**bad)


def test_rules_rebuild_from_their_description_and_keep_brains_apart():
    variant = TakeAway(30, (5, 2, 3), misere=False)
    assert variant.takes == (2, 3, 5)
    again = rules_from_description(variant.describe(), sticks=30)
    assert again == variant
    assert variant.key != game_of_sticks().key
    assert game_of_sticks(10).key == game_of_sticks(100).key, "one brain serves every heap size"


def test_sticks_positions_lost_for_the_mover_are_n_equal_1_mod_4():
    rules = game_of_sticks(100)
    assert lost_positions(rules) == list(range(1, 101, 4))
    solver = Solver(rules)
    for n in range(2, 101):
        if n % 4 != 1:
            assert solver.winning_moves(n) == ((n - 1) % 4,)
    assert takeaway_rule(rules).describe() == "lost when n ≡ 1 (mod 4)"


def test_takes_2_3_5_with_normal_ending_are_lost_when_n_mod_7_is_0_or_1():
    rules = TakeAway(100, (2, 3, 5), misere=False)
    assert lost_positions(rules) == [n for n in range(101) if n % 7 in (0, 1)]
    rule = takeaway_rule(rules)
    assert (rule.period, rule.residues) == (7, (0, 1))


def test_memoization_needs_110_evaluations_where_plain_recursion_needs_2305817():
    """Seed 003's figures for 50 stones, takes 2, 3, 5, a player who cannot move loses."""
    solver = Solver(TakeAway(50, (2, 3, 5), misere=False))
    assert solver.is_won(50) is False
    assert solver.evaluations == 110
    assert plain_recursion_calls(50, (2, 3, 5), cannot_move_below=2) == 2_305_817


def test_plain_recursion_count_matches_really_recursing():
    calls = 0

    def can_win(n):
        nonlocal calls
        calls += 1
        if n < 2:
            return False
        return any(not can_win(n - m) for m in (2, 3, 5))

    for n in range(0, 25):
        calls = 0
        can_win(n)
        assert plain_recursion_calls(n, (2, 3, 5), cannot_move_below=2) == calls


def test_solver_handles_heaps_deeper_than_the_recursion_limit():
    assert Solver(game_of_sticks(50_001)).is_lost(50_001)


def test_grundy_values_of_a_subtraction_game():
    assert grundy_values(TakeAway(10, (1, 2, 3), misere=False), 9) == [0, 1, 2, 3, 0, 1, 2, 3, 0, 1]
    with pytest.raises(ValueError):
        grundy_values(game_of_sticks(10), 5)


def test_periodic_rule_finder_prefers_the_short_true_rule_and_refuses_thin_data():
    flags = {n: n % 5 in (0, 3) for n in range(60)}
    rule = find_periodic_rule(flags)
    assert (rule.period, rule.residues, rule.start) == (5, (0, 3), 0)
    prefixed = {n: (n == 2) or (n >= 10 and n % 3 == 0) for n in range(40)}
    rule = find_periodic_rule(prefixed)
    assert (rule.period, rule.residues) == (3, (0,)) and rule.start > 2
    assert find_periodic_rule({0: True, 1: False}) is None, "one point after the change proves nothing"
    assert find_periodic_rule({}) is None


@pytest.mark.parametrize(
    "text, signed, expected",
    [("12", False, 12), (" 0010 \n", False, 10), ("+3", False, None), ("+3", True, 3), ("-4", True, -4),
     ("2.5", False, None), ("1_000", False, None), ("١", False, None), ("", False, None), ("-", True, None),
     ("9" * 10, False, None), ("1" + "0" * 10_000, False, None)],
)
def test_only_plain_digits_are_a_whole_number(text, signed, expected):
    from sticks_tui.engine import parse_whole_number

    assert parse_whole_number(text, signed=signed) == expected

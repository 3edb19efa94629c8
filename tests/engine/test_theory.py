"""Each game's theory as data (SPEC section 9), reached through the registry, never by class:
take-away's table and period, Nim's nim-sum and winning moves, Sticky-Nim's Grundy values, octal
code and lost configurations, and the solver's answer for a game that brings no theory."""

import pytest
import wythoff_game

from sticks_tui.engine import (
    Nim,
    Solver,
    StickyNim,
    TakeAway,
    parse_game,
    register_game,
    unregister_game,
)
from sticks_tui.engine.games import game_families, theory_of
from sticks_tui.engine.games.sticky_heaps import reachable_positions
from sticks_tui.engine.games.sticky_heaps import BruteForce


def test_every_shipped_family_brings_a_theory_of_its_own_kind():
    kinds = {family.name: theory_of(parse_game(family.example)).kind for family in game_families()}
    assert kinds == {"takeaway": "takeaway", "nim": "nim", "sticky": "sticky"}


def test_takeaway_theory_is_the_solved_table_with_its_period_and_seed_003_counts():
    theory = theory_of(TakeAway(50, (2, 3, 5), misere=False))
    assert theory.lost == [n for n in range(1, 51) if n % 7 in (0, 1)]
    assert (theory.period.period, theory.period.residues, theory.period.proved) == (7, (0, 1), True)
    assert (theory.memoized_evaluations, theory.plain_recursion_calls) == (110, 2_305_817)
    assert theory.positions[5].winning_moves == (5,)


def test_takeaway_theory_says_which_heap_seed_003s_recursion_would_misjudge():
    theory = theory_of(TakeAway(30, (2, 5), misere=False))
    assert theory.plain_recursion_calls is None
    assert theory.plain_recursion_misjudges == 4


def test_nim_theory_gives_the_nim_sum_in_binary_and_no_winning_move_from_1_3_5_7():
    theory = theory_of(Nim((1, 3, 5, 7)))
    assert theory.nim_sum == 0
    assert [theory.binary(p) for p in theory.piles] == ["001", "011", "101", "111"]
    assert not theory.start.won and theory.start.winning_moves == ()


@pytest.mark.parametrize("misere", [True, False])
def test_nim_winning_moves_are_exactly_the_solvers(misere):
    rules = Nim((3, 4, 5), misere=misere)
    theory = theory_of(rules)
    moves = {w.move for w in theory.start.winning_moves}
    assert moves == set(Solver(rules, use_theory=False).winning_moves((3, 4, 5)))
    assert moves
    assert all(w.leaves == rules.apply((3, 4, 5), w.move) for w in theory.start.winning_moves)


def test_nim_misere_twist_differs_from_normal_play_at_the_end():
    assert not theory_of(Nim((1, 1, 1))).start.won  # three 1-piles: odd, lost in misère
    assert theory_of(Nim((1, 1, 1), misere=False)).start.won


def test_sticky_theory_has_grundy_values_octal_code_and_seed_004s_lost_configurations():
    theory = theory_of(StickyNim(20, 3))
    assert theory.octal_code == "0.777"
    assert theory.grundy[:11] == (0, 1, 2, 3, 4, 1, 6, 3, 2, 1, 6)
    assert {(1,), (1, 1, 1), (2, 2)} <= set(theory.lost_configurations)
    assert theory.counterexample == (5, 1)  # misère Nim's rule on the values fails there
    assert theory_of(StickyNim(10, 5)).octal_code == "0.77777"


@pytest.mark.parametrize("k", [1, 2, 3, 4])
def test_sticky_lost_configurations_are_exactly_the_lost_positions_a_line_reaches(k):
    theory = theory_of(StickyNim(12, k))
    brute = BruteForce(k)
    lost = {p for p in reachable_positions(12) if p and brute.lost(p)}
    assert set(theory.lost_configurations) == lost
    assert theory.start.won == (not brute.lost((12,)))


def test_sticky_lost_configurations_stop_at_the_listed_length_for_long_lines():
    theory = theory_of(StickyNim(62, 3))
    assert theory.listed_up_to == 24
    assert max(sum(p) for p in theory.lost_configurations) <= 24
    assert len(theory.grundy) == 63


def test_a_game_without_a_theory_gets_the_solvers_answer_and_its_lost_positions():
    register_game(wythoff_game.FAMILY)
    try:
        theory = theory_of(parse_game("wythoff:3,5"))
    finally:
        unregister_game(wythoff_game.FAMILY.name)
    assert theory.kind == "search"
    assert not theory.won and theory.winning_moves == ()  # (3, 5) is a Wythoff pair: lost
    assert {"0,0", "1,2", "2,1", "3,5"} <= set(theory.lost_positions)
    assert theory.to_dict()["start"]["outcome"] == "lost"

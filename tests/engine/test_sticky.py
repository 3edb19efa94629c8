"""Sticky-Nim (seed 004): rules, the concrete line, the seed's losing configurations, and the fast
exact theory against brute-force search."""

import random
import re
from functools import lru_cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sticks_tui.engine import (
    HatBrain, HatPlayer, IllegalMove, Match, PerfectPlayer, RandomPlayer, RuleError, Solver,
    SELF, rules_from_description, train,
)
from sticks_tui.engine.games.sticky import StickyNim
from sticks_tui.engine.games.sticky_line import StickyMove
from sticks_tui.engine.games.sticky_line import StickyLine
from sticks_tui.engine.games.sticky_line import STICKY_MAX
from sticks_tui.engine.games.sticky_line import LETTERS, is_cut, span_letters
from sticks_tui.engine.games import parse_game
from sticks_tui.engine.games.sticky_theory import prove_tame, shipped_tables, theory_for
from sticks_tui.engine.games.sticky_quotient import find_exceptions
from sticks_tui.engine.games.sticky_heaps import reachable_positions
from sticks_tui.engine.games.sticky_heaps import grundy_values
from sticks_tui.engine.games.sticky_heaps import BruteForce


def test_defaults_and_limits():
    game = StickyNim()
    assert (game.sticks, game.max_take, game.initial_position()) == (20, 3, (20,))
    assert len(LETTERS) == 62 and StickyLine.full(62).letters.endswith("9")
    for bad in (0, 63, True, 2.0):
        with pytest.raises(RuleError):
            StickyNim(bad)
    with pytest.raises(RuleError):
        StickyNim(10, 0)


def test_moves_inside_a_group_are_listed_once_each():
    game = StickyNim(4)
    moves = game.legal_moves((4,))
    assert moves == ((4, 1, 0), (4, 1, 1), (4, 2, 0), (4, 2, 1), (4, 3, 0))
    assert [game.apply((4,), m) for m in moves] == [(3,), (2, 1), (2,), (1, 1), (1,)]
    assert game.apply((4,), (4, 1, 2)) == (2, 1)  # the mirror image of (4, 1, 1)


@settings(max_examples=80, deadline=None)
@given(st.lists(st.integers(1, 12), min_size=1, max_size=5), st.integers(1, 4))
def test_different_moves_lead_to_different_positions(groups, k):
    game = StickyNim(62, k)
    position = tuple(sorted(groups, reverse=True))
    results = [game.apply(position, move) for move in game.legal_moves(position)]
    assert len(results) == len(set(results))
    assert all(sum(r) < sum(position) for r in results)


@pytest.mark.parametrize("move", [(5, 1, 0), (4, 4, 0), (4, 0, 1), (4, 1, 4), "ab", (4, 1)])
def test_illegal_moves_are_refused(move):
    with pytest.raises(IllegalMove):
        StickyNim(10).apply((4, 2), move)


def test_the_seeds_example_game_on_the_line():
    line = StickyLine.full(10)
    game = StickyNim(10)
    match = Match(game, [RandomPlayer("1"), RandomPlayer("2")])
    configurations = []
    for text in ["d", "fh", "ab", "j", "i", "c", "e"]:
        first, last = line.parse(text)
        match.play(line.move_for(first, last, game.max_take))
        line = line.take(first, last)
        assert line.position == match.position
        configurations.append(list(match.position))
    assert configurations == [[6, 3], [3, 2, 1], [2, 1, 1], [1, 1, 1], [1, 1], [1], []]
    assert match.loser == 0  # player 1 took the last stick
    assert StickyLine.full(10).take(3, 3).render() == "< I I I - I I I I I I >"
    assert StickyLine.full(3).letter_row() == "  a b c"


@pytest.mark.parametrize(
    "text, message",
    [("", "letters"), ("abc", "letters"), ("a!", "letters"), ("k", "letters"),
     ("ej", "at most 3"), ("ce", "next to each other"), ("d", "next to each other")],
)
def test_bad_choices_on_the_line_get_a_message(text, message):
    line = StickyLine.full(10).take(3, 3)  # < I I I - I I I I I I >
    with pytest.raises(IllegalMove, match=message):
        first, last = line.parse(text)
        line.move_for(first, last, 3)


@settings(max_examples=80, deadline=None)
@given(st.lists(st.booleans(), min_size=1, max_size=20), st.integers(0, 10**6), st.integers(1, 4))
def test_placing_a_canonical_move_on_the_line_plays_that_move(present, seed, k):
    line = StickyLine(tuple(present))
    game = StickyNim(20, k)
    position = line.position
    for move in game.legal_moves(position):
        for rng in (None, random.Random(seed)):
            first, last = line.place(move, rng)
            assert line.move_for(first, last, k) == move
            assert line.take(first, last).position == game.apply(position, move)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.booleans(), min_size=1, max_size=16),
    st.sets(st.integers(1, 15), max_size=4),
    st.integers(0, 10**6),
)
def test_a_split_without_taking_placed_on_the_line_plays_that_move(present, cuts, seed):
    """4.07 splits a group without taking: the machine's move is placed as a cut between two
    sticks, read back as the same move, and the line's groups then agree with the rules."""
    line = StickyLine(tuple(present), frozenset(cut for cut in cuts if cut < len(present)))
    game = parse_game("octal:4.07:16")
    position = line.position
    for move in game.legal_moves(position):
        for rng in (None, random.Random(seed)):
            span = line.place(move, rng)
            assert is_cut(span) == (move.take == 0)
            assert line.move_for(*span, game.max_take) == move
            assert line.take(*span).position == game.apply(position, move)


def test_a_split_is_typed_with_a_bar_between_neighbours_and_drawn_so():
    line = StickyLine.full(8)
    assert line.parse("d|e", splits=True) == line.parse("e | d", splits=True) == (4, 3)
    cut = line.take(4, 3)
    assert cut.position == (4, 4) and cut.render() == "< I I I I|I I I I >"
    assert span_letters((4, 3)) == "d|e" and span_letters((3, 5)) == "df"
    for text, message in [
        ("d|f", "a split goes between two neighbouring sticks, e.g. d|e, got 'd|f'"),
        ("d|", "a split is two neighbouring letters with | between them"),
    ]:
        with pytest.raises(IllegalMove, match=re.escape(message)):
            cut.parse(text, splits=True)
    with pytest.raises(IllegalMove, match="already apart"):
        cut.move_for(4, 3, 3)
    with pytest.raises(IllegalMove, match="still on the table"):
        cut.take(2, 2).move_for(3, 2, 3)
    with pytest.raises(IllegalMove, match=r"type one or two letters from a to h, got 'd\|e'"):
        line.parse("d|e")  # Sticky-Nim: no split to type


@lru_cache(maxsize=None)
def line_lost(mask: int, k: int) -> bool:
    """Brute force on the concrete line (bit i = stick i), independent of group lengths."""
    if mask == 0:
        return False  # the previous player took the last stick
    for first in range(mask.bit_length()):
        run = 0
        for length in range(1, k + 1):
            bit = first + length - 1
            if not mask >> bit & 1:
                break
            run |= 1 << bit
            if line_lost(mask & ~run, k):
                return False
    return True


@pytest.mark.parametrize("k", [1, 2, 3])
def test_group_lengths_are_all_that_matters(k):
    searched = BruteForce(k)
    for n in range(1, 11):
        for mask in range(1 << n):
            line = StickyLine(tuple(bool(mask >> i & 1) for i in range(n)))
            assert searched.lost(line.position) == line_lost(mask, k), line.render()


def test_the_seeds_losing_configurations():
    game = StickyNim()
    for lost in [(1,), (1, 1, 1), (2, 2)]:
        assert game.known_outcome(lost) is False
        assert Solver(game, use_theory=False).is_lost(lost)
    for won in [(2,), (1, 1), (2, 1), (3,), (10,)]:
        assert game.known_outcome(won) is True


@pytest.mark.parametrize("k", [1, 2, 3, 4, 5])
def test_fast_theory_agrees_with_brute_force_up_to_14_sticks(k):
    game = StickyNim(14, k)
    searched = Solver(game, use_theory=False)
    positions = list(reachable_positions(14))
    assert len(positions) == 176
    for position in positions:
        assert game.known_outcome(position) == searched.is_won(position), position


def test_default_game_agrees_with_brute_force_up_to_22_sticks():
    game = StickyNim(22)
    searched = BruteForce(3)
    for position in reachable_positions(22):
        assert game.known_outcome(position) == (not searched.lost(position)), position


@pytest.mark.parametrize("k", [2, 3])
def test_the_shipped_table_is_exact_on_every_position_of_30_sticks(k):
    # find_exceptions recomputes the true outcome of all 6,842 positions bottom-up from the
    # shipped quotient; the exceptions it finds must be exactly the shipped ones there.
    table = shipped_tables()[k]
    assert table.limit == 62
    found = find_exceptions(table.quotient, 30)
    shipped = {p for p in table.exceptions if sum(p) + len(p) <= 31}
    assert found == shipped


def test_tameness_is_proven_where_it_holds_and_refused_where_it_fails():
    assert prove_tame(2, STICKY_MAX) is None and prove_tame(3, STICKY_MAX) is None
    # The first failure for k = 3: heap 5 has Grundy value 1 and is won alone, like a pair of
    # Nim heaps, yet [5, 1] is won too (take 3 from the middle of 5, leaving [1, 1, 1]).
    assert grundy_values(3, 5)[5] == 1
    assert not BruteForce(3).lost((5,)) and not BruteForce(3).lost((5, 1))
    assert StickyNim(6).apply((5, 1), (5, 3, 1)) == (1, 1, 1)
    for k in (1, 4, 5, 6):
        assert prove_tame(k, STICKY_MAX) is not None
    assert isinstance(theory_for(4, STICKY_MAX), type(prove_tame(4, STICKY_MAX)))


def test_perfect_player_moves_to_lost_positions_and_handles_62_sticks():
    game = StickyNim(62)
    perfect = PerfectPlayer("P", game, random.Random(1))
    theory = theory_for(3, STICKY_MAX)
    move = perfect.make_choice(game, (62,))
    assert theory.lost(game.apply((62,), move))
    searched = BruteForce(3)
    small = StickyNim(12)
    player = PerfectPlayer("P", small, random.Random(2))
    for position in reachable_positions(12):
        if position and not searched.lost(position):
            assert searched.lost(small.apply(position, player.make_choice(small, position)))


def test_perfect_player_never_loses_a_won_start_against_random():
    game = StickyNim(20)  # (20,) is won for the first player
    assert game.known_outcome((20,))
    rng = random.Random(8)
    for _ in range(40):
        assert Match(game, [PerfectPlayer("P", game, rng), RandomPlayer("R", rng)]).play_out() == 1


def test_hats_training_and_brains_work_on_sticky_nim():
    game = StickyNim(8)
    brain = HatBrain(game)
    train(brain, SELF, 300, seed=3)
    for position in brain.positions():
        assert set(brain.counts(position)) == set(game.legal_moves(position))
    again = HatBrain.from_dict(brain.to_dict())
    assert again.to_dict() == brain.to_dict()
    Match(game, [HatPlayer("H", brain, random.Random(1)), RandomPlayer("R")]).play_out()


def test_description_and_keys_round_trip():
    game = StickyNim(30, 4)
    assert rules_from_description(game.describe()) == game
    assert rules_from_description(game.describe(), sticks=12) == StickyNim(12, 4)
    assert game.key == "sticky:4"
    assert game.position_from_key(game.position_key((6, 3, 3))) == (6, 3, 3)
    assert game.move_from_key(game.move_key(StickyMove(6, 2, 1))) == (6, 2, 1)
    for bad in ("6,,3", "x", "0,2", "40,40"):
        with pytest.raises(RuleError):
            game.position_from_key(bad)
    with pytest.raises(RuleError):
        game.move_from_key("6:2")
    with pytest.raises(RuleError):
        rules_from_description({"game": "sticky", "sticks": "20"})

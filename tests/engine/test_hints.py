"""Hints (SPEC section 9): the move the exact solver suggests at a position, and how long the game
lasts after it, for each family of games; words are tested in tests/engine/test_hint_words.py."""

from __future__ import annotations

from functools import cache
from typing import Any

from sticks_tui.engine import Nim, Rules, StickyNim, TakeAway, game_of_sticks, parse_game
from sticks_tui.engine.hints import Advisor


def longest_game(rules: Rules) -> Any:
    """Moves left under best play, from the definition: the winner wins as soon as it can, the
    loser holds out as long as it can (written here without the engine's solver)."""

    @cache
    def won(position: Any) -> bool:
        moves = rules.legal_moves(position)
        if not moves:
            return rules.misere
        return any(not won(rules.apply(position, move)) for move in moves)

    @cache
    def left(position: Any) -> int:
        moves = rules.legal_moves(position)
        if not moves:
            return 0
        children = [rules.apply(position, move) for move in moves]
        if won(position):
            return 1 + min(left(child) for child in children if not won(child))
        return 1 + max(left(child) for child in children)

    return won, left


def test_sixteen_sticks_take_3_leaving_13() -> None:
    hint = Advisor(game_of_sticks(20)).hint(16)
    assert hint is not None
    assert (hint.won, hint.move, hint.leaves, hint.winning_moves) == (True, 3, 13, 1)
    assert hint.lasting == 7  # 13 -> 12 -> 9 -> 8 -> 5 -> 4 -> 1 -> 0


def test_thirteen_sticks_are_lost_and_every_move_lasts_as_long() -> None:
    rules = game_of_sticks(20)
    hint = Advisor(rules).hint(13)
    assert hint is not None
    assert not hint.won and hint.winning_moves == 0
    assert hint.move == 1 and hint.lasting == 6  # each round takes 4 whatever the loser does


def test_seven_sticks_taking_1_2_or_5_are_lost_and_taking_2_lasts_longest() -> None:
    hint = Advisor(TakeAway(40, (1, 2, 5))).hint(7)
    assert hint is not None and not hint.won
    assert (hint.move, hint.leaves, hint.lasting) == (2, 5, 4)  # take 1 or 5: over in 2 more


def test_every_heap_of_two_take_away_games_against_the_definition() -> None:
    for rules in (TakeAway(40, (2, 3, 5), misere=False), TakeAway(40, (1, 2, 5))):
        won, left = longest_game(rules)
        advisor = Advisor(rules)
        for heap in range(1, 41):
            hint = advisor.hint(heap)
            if not rules.legal_moves(heap):
                assert hint is None
                continue
            assert hint is not None and hint.won == won(heap)
            lengths = {move: left(rules.apply(heap, move)) for move in rules.legal_moves(heap)}
            if won(heap):
                assert not won(hint.leaves)
                assert hint.lasting == min(n for m, n in lengths.items() if not won(heap - m))
            else:
                assert hint.lasting == lengths[hint.move] == max(lengths.values())


def test_nim_winning_move_makes_the_nim_sum_zero_and_misere_twist_at_the_end() -> None:
    rules = Nim((1, 3, 5, 6))
    hint = Advisor(rules).hint((1, 3, 5, 6))
    assert hint is not None and hint.won
    assert hint.move == (0, 1) and hint.leaves == (0, 3, 5, 6)
    endgame = Advisor(rules).hint((1, 1, 2, 0))
    assert endgame is not None and endgame.won
    assert endgame.leaves == (1, 1, 1, 0)  # misère: an odd number of 1-piles, not nim-sum 0


def test_nim_from_1_3_5_7_is_lost() -> None:
    rules = Nim((1, 3, 5, 7))
    _won, left = longest_game(rules)
    start = (1, 3, 5, 7)
    hint = Advisor(rules).hint(start)
    assert hint is not None and not hint.won
    assert hint.lasting == max(left(rules.apply(start, m)) for m in rules.legal_moves(start))


def test_sticky_line_of_20_splits_it_into_two_equal_groups() -> None:
    rules = StickyNim(20, 3)
    hint = Advisor(rules).hint((20,))
    assert hint is not None and hint.won
    assert hint.leaves == (9, 9)
    won, left = longest_game(StickyNim(12, 3))
    small = Advisor(StickyNim(12, 3))
    for position in [(12,), (6, 3), (5, 1), (4, 4, 1), (1,)]:
        found = small.hint(position)
        assert found is not None and found.won == won(position)
        assert found.lasting == left(found.leaves)


def test_no_hint_once_the_game_is_over() -> None:
    assert Advisor(game_of_sticks(20)).hint(0) is None
    assert Advisor(Nim((1, 3))).hint((0, 0)) is None


def test_too_many_positions_to_count_still_gives_a_winning_move() -> None:
    rules = parse_game("nim:20,20,20,20,20,20,20,19")
    advisor = Advisor(rules, budget=1000)
    hint = advisor.hint(rules.initial_position())
    assert hint is not None and hint.won and hint.lasting is None
    assert advisor.solver.is_lost(hint.leaves)
    lost = advisor.hint((20, 20, 20, 20, 20, 20, 20, 20))
    assert lost is not None and not lost.won and lost.lasting is None
    assert lost.leaves == (19, 20, 20, 20, 20, 20, 20, 20)  # takes 1: the most moves left


def test_a_long_sticky_line_is_answered_quickly() -> None:
    """The budget bounds the count: a line of 62 gets a winning move without counting."""
    rules = StickyNim(62, 3)
    advisor = Advisor(rules, budget=5000)
    hint = advisor.hint((62,))
    assert hint is not None and hint.won and advisor.solver.is_lost(hint.leaves)

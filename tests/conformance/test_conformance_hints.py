"""The hint (SPEC section 9) of every registered game: a winning move in every won position, and
in a lost position a move after which the game lasts longest, against a plain minimax."""

from __future__ import annotations

from game_samples import GameSample, minimax, reachable

from sticks_tui.engine.hints import Advisor

#: Positions checked per game, nearest the start first.
POSITIONS = 400


def test_the_hint_wins_every_won_position(game: GameSample) -> None:
    rules = game.rules()
    is_won = minimax(rules)
    advisor = Advisor(rules)
    won = 0
    for position in reachable(rules, POSITIONS):
        hint = advisor.hint(position)
        if not rules.legal_moves(position):
            assert hint is None
            continue
        assert hint is not None and hint.move in rules.legal_moves(position)
        assert hint.leaves == rules.apply(position, hint.move)
        assert hint.won == is_won(position)
        if hint.won:
            won += 1
            assert not is_won(hint.leaves), f"{position!r}: {hint.move!r} does not win"
    assert won


def test_a_lost_position_suggests_the_longest_move(game: GameSample) -> None:
    rules = game.rules()
    advisor = Advisor(rules)
    for position in reachable(rules, POSITIONS)[:60]:
        hint = advisor.hint(position)
        if hint is None or hint.won or hint.lasting is None:
            continue
        longest = [
            advisor.lasting(rules.apply(position, move)) for move in rules.legal_moves(position)
        ]
        assert None not in longest
        assert hint.lasting == max(n for n in longest if n is not None)

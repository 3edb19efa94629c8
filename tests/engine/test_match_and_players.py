"""Matches, series and the players' protocol."""

import random

import pytest

from sticks_tui.engine import (
    HatBrain, HatPlayer, HumanPlayer, IllegalMove, Match, PerfectPlayer, Player, RandomPlayer,
    Series, TakeAway, game_of_sticks,
)


def scripted(name, moves):
    moves = list(moves)
    return HumanPlayer(name, ask=lambda rules, position: moves.pop(0))


def test_the_spec_transcript_game_player_2_takes_the_last_stick_and_loses():
    match = Match(game_of_sticks(10), [scripted("Player 1", [3, 3]), scripted("Player 2", [3, 1])])
    assert match.play_out() == 1
    assert [(t.player, t.before, t.move) for t in match.history] == [(0, 10, 3), (1, 7, 3), (0, 4, 3), (1, 1, 1)]
    assert match.is_over and match.winner == 0 and match.position == 0


def test_the_ui_hands_in_a_humans_move_and_illegal_ones_are_refused():
    match = Match(game_of_sticks(10), [HumanPlayer("Ann"), HumanPlayer("Bob")], first=1)
    assert match.current_player.name == "Bob"
    with pytest.raises(IllegalMove):
        match.play(4)
    with pytest.raises(RuntimeError, match="user interface"):
        match.play_machine_turn()
    match.play(3)
    assert match.current_player.name == "Ann" and match.legal_moves() == (1, 2, 3)
    for move in (3, 3):
        match.play(move)
    assert match.legal_moves() == (1,)
    match.play(1)  # Ann takes the last stick
    assert match.loser == 0
    with pytest.raises(IllegalMove, match="over"):
        match.play(1)


def test_normal_ending_the_player_who_cannot_move_loses():
    rules = TakeAway(6, (2, 3, 5), misere=False)
    match = Match(rules, [scripted("A", [5]), scripted("B", [])])
    assert match.play_out() == 1, "B faces 1 stone and cannot take 2, 3 or 5"


def test_learners_are_told_the_result_and_a_series_keeps_their_learning():
    brain = HatBrain(game_of_sticks(10))
    ai = HatPlayer("AI", brain, random.Random(3))
    series = Series(game_of_sticks(10), [RandomPlayer("R", random.Random(4)), ai])
    for _ in range(30):
        series.new_match().play_out()
    assert brain.games_played == 30 and series.games == 30 and sum(series.wins) == 30
    assert brain.balls_beside == []
    assert any(sum(brain.counts(n).values()) > 3 for n in range(1, 11))


def test_series_can_alternate_who_starts():
    series = Series(game_of_sticks(10), [RandomPlayer("A"), RandomPlayer("B")], alternate=True)
    starts = []
    for _ in range(4):
        match = series.new_match()
        starts.append(match.to_move)
        match.play_out()
    assert starts == [0, 1, 0, 1]


def test_perfect_player_always_wins_from_a_winning_position():
    rules = game_of_sticks(50)
    rng = random.Random(11)
    for n in range(10, 40):
        if n % 4 == 1:
            continue
        match = Match(rules.with_sticks(n), [PerfectPlayer("P", rules, rng), RandomPlayer("R", rng)])
        assert match.play_out() == 1


def test_every_player_meets_the_protocol():
    rules = game_of_sticks(10)
    for player in (HumanPlayer("H"), RandomPlayer("R"), HatPlayer("AI", HatBrain(rules)), PerfectPlayer("P", rules)):
        assert isinstance(player, Player)


def test_undo_takes_back_the_last_move_and_whose_turn_it_was():
    match = Match(game_of_sticks(10), [HumanPlayer("Ann"), HumanPlayer("Bob")])
    with pytest.raises(IllegalMove, match="no move"):
        match.undo()
    match.play(3)
    match.play(2)
    turn = match.undo()
    assert (turn.player, turn.before, turn.move) == (1, 7, 2)
    assert (match.position, match.to_move, len(match.history)) == (7, 1, 1)
    assert match.practice and match.legal_moves() == (1, 2, 3)
    match.undo()
    assert (match.position, match.to_move, match.history) == (10, 0, [])


def test_a_game_with_a_move_taken_back_teaches_the_learner_nothing():
    brain = HatBrain(game_of_sticks(10))
    ai = HatPlayer("AI", brain, random.Random(3))
    match = Match(game_of_sticks(10), [HumanPlayer("Ann"), ai])
    match.play(1)
    match.play_machine_turn()
    match.undo()
    brain.abandon()  # the ball drawn for the move taken back goes back (the board does this)
    match.undo()
    before = brain.to_dict()
    while not match.is_over:
        match.play(1) if match.to_move == 0 else match.play_machine_turn()
    assert match.is_over and match.practice
    brain.abandon()  # the practice game's balls go back: nothing was learned
    assert brain.to_dict() == before and brain.games_played == 0
    with pytest.raises(IllegalMove, match="over"):
        match.undo()

"""Every game plays: random legal play always ends, with exactly one loser, decided as the game's
ending says; no move outside ``legal_moves`` is ever accepted."""

from __future__ import annotations

import random
from typing import Any

import pytest
from game_samples import MOVE_LIMIT, GameSample, random_line

from sticks_tui.engine import IllegalMove, Match, RandomPlayer, Rules, loser_at_end

GAMES = 40


class Counting(RandomPlayer):
    """A random player that remembers every result it is told."""

    def __init__(self, name: str, rng: random.Random) -> None:
        super().__init__(name, rng)
        self.results: list[bool] = []

    def game_over(self, won: bool) -> None:
        self.results.append(won)


def played_out(match: Match) -> Match:
    """Play a match to its end, refusing to wait for ever."""
    for _ in range(MOVE_LIMIT):
        if match.is_over:
            return match
        match.play_machine_turn()
    raise AssertionError(f"a game of random moves did not end in {MOVE_LIMIT} moves")


def expected_loser(rules: Rules, last_mover: int) -> int:
    """Who lost, from the ending alone: misère, the last mover; normal, the one who cannot move."""
    return last_mover if rules.misere else 1 - last_mover


def test_random_play_ends_with_exactly_one_loser_as_the_ending_says(game: GameSample) -> None:
    rules = game.rules()
    rng = random.Random(7)
    losers_seen = set()
    for number in range(GAMES):
        players = [Counting("A", rng), Counting("B", rng)]
        match = played_out(Match(rules, players, first=number % 2))
        assert match.is_over and rules.is_over(match.position)
        assert rules.legal_moves(match.position) == ()
        assert match.legal_moves() == ()
        last = match.history[-1]
        assert match.loser == expected_loser(rules, last.player)
        assert match.loser == loser_at_end(rules, to_move=1 - last.player)
        assert match.winner == 1 - match.loser
        # each player is told once, and exactly one of them lost
        assert [p.results for p in players] == [[i != match.loser] for i in (0, 1)]
        losers_seen.add(match.loser)
    assert losers_seen == {0, 1}, "random play from both seats lost somewhere"


def test_a_game_history_is_a_chain_of_legal_moves_by_alternate_players(game: GameSample) -> None:
    rules = game.rules()
    rng = random.Random(11)
    for number in range(GAMES):
        match = played_out(Match(rules, [RandomPlayer("A", rng), RandomPlayer("B", rng)],
                                 first=number % 2))
        position, player = rules.initial_position(), number % 2
        for turn in match.history:
            assert turn.before == position and turn.player == player
            assert not rules.is_over(position)
            assert turn.move in rules.legal_moves(position)
            assert turn.after == rules.apply(position, turn.move)
            position, player = turn.after, 1 - player
        assert position == match.position


def test_a_game_is_over_exactly_where_no_move_is_legal(game: GameSample) -> None:
    # The match asks is_over, the solver and the hats ask legal_moves: they must agree.
    rules = game.rules()
    rng = random.Random(3)
    for _ in range(GAMES):
        for position in random_line(rules, rng):
            assert rules.is_over(position) == (rules.legal_moves(position) == ())


def foreign_moves(rules: Rules, line: list[Any]) -> set[Any]:
    """Moves that are legal somewhere in the game, and things that are no move at all."""
    moves: set[Any] = {None, "", "1", -1, 0, 10**9, (), (0,), (0, 0), (-1, 1), (1, 10**9),
                       (0, 0, 0), (10**9, 1, 0), 1.5, frozenset()}
    for position in line:
        moves.update(rules.legal_moves(position))
    return moves


def test_no_move_outside_the_legal_ones_is_accepted(game: GameSample) -> None:
    rules = game.rules()
    rng = random.Random(5)
    tried = 0
    for _ in range(10):
        line = random_line(rules, rng)
        candidates = foreign_moves(rules, line)
        for position in line:
            legal = rules.legal_moves(position)
            for move in candidates:
                if move in legal:
                    continue
                tried += 1
                with pytest.raises(IllegalMove):
                    rules.apply(position, move)
    assert tried > 100


def test_a_match_refuses_an_illegal_move_and_stays_as_it_was(game: GameSample) -> None:
    rules = game.rules()
    rng = random.Random(9)
    for _ in range(10):
        match = Match(rules, [RandomPlayer("A", rng), RandomPlayer("B", rng)])
        candidates = foreign_moves(rules, random_line(rules, rng))
        while not match.is_over:
            before = (match.position, match.to_move, len(match.history))
            for move in candidates - set(match.legal_moves()):
                with pytest.raises(IllegalMove):
                    match.play(move)
                assert (match.position, match.to_move, len(match.history)) == before
            match.play_machine_turn()
        with pytest.raises(IllegalMove):  # a finished game takes no move at all
            match.play(next(iter(candidates)))

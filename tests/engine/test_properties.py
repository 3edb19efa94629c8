"""Properties over random games of every registered family, and random take-away rule sets
(hypothesis).

A game is drawn as a family (every one the registry holds, and the tests' Wythoff) and a seed
that renumbers the family's example spec with small numbers (``game_samples.small_game``), or
as a take-away game with any takes up to 9 and a heap up to 60.
"""

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from game_samples import every_family, random_line, reachable, small_game, with_test_games
from hypothesis import given, settings
from hypothesis import strategies as st

from sticks_tui.engine import (
    RANDOM,
    SELF,
    HatBrain,
    HatPlayer,
    HatSettings,
    IllegalMove,
    Match,
    PerfectPlayer,
    QLearner,
    RandomPlayer,
    Rules,
    Solver,
    TakeAway,
    learner_from_dict,
    spec_of,
    train,
)
from sticks_tui.engine.players import Player

seeds = st.integers(0, 2**32 - 1)
takes = st.sets(st.integers(min_value=1, max_value=9), min_size=1, max_size=4)
take_away_games = st.builds(TakeAway, sticks=st.integers(1, 60), takes=takes, misere=st.booleans())
family_games = st.builds(small_game, st.sampled_from(every_family()), seeds)
#: Any game: a small game of any family, or any take-away rule set.
games = st.one_of(family_games, take_away_games)
#: Games with a move to make at the start (training needs one).
playable = games.filter(lambda rules: not rules.is_over(rules.initial_position()))


@pytest.fixture(autouse=True, scope="module")
def _tests_games_registered() -> Iterator[None]:
    """The tests' own games (Wythoff's) are in the registry while this module runs."""
    with with_test_games():
        yield


class Watchful:
    """Wraps a player and checks that every move it makes is legal where it is made."""

    def __init__(self, inner: Player):
        self.inner, self.name, self.is_human, self.illegal = inner, inner.name, False, []

    def make_choice(self, rules, position):
        move = self.inner.make_choice(rules, position)
        if move not in rules.legal_moves(position):
            self.illegal.append((position, move))
        return move

    def game_over(self, won):
        self.inner.game_over(won)


def machines(rules, rng, brain):
    return [RandomPlayer("R", rng), HatPlayer("H", brain, rng), PerfectPlayer("P", rules, rng)]


@settings(max_examples=150, deadline=None)
@given(rules=games, seed=seeds, pick=st.tuples(st.integers(0, 2), st.integers(0, 2)),
       first=st.integers(0, 1))
def test_no_player_ever_makes_an_illegal_move_and_every_game_ends(rules, seed, pick, first):
    rng = random.Random(seed)
    brains = (HatBrain(rules), HatBrain(rules))
    players = [Watchful(machines(rules, rng, brains[i])[pick[i]]) for i in (0, 1)]
    match = Match(rules, players, first=first)
    loser = match.play_out()
    assert players[0].illegal == [] and players[1].illegal == []
    assert loser in (0, 1) and rules.is_over(match.position)
    position = rules.initial_position()
    for turn in match.history:
        assert turn.before == position and turn.after == rules.apply(position, turn.move)
        position = turn.after
    assert position == match.position
    if match.history:  # misère: the last mover lost; normal: the player who cannot move
        last = match.history[-1].player
        assert loser == (last if rules.misere else 1 - last)
    else:  # over at the start: the first player cannot move, and so won (misère) or lost
        assert loser == (1 - first if rules.misere else first)


def moves_seen(rules: Rules, line: list[Any]) -> set[Any]:
    return {move for position in line for move in rules.legal_moves(position)}


@settings(max_examples=100, deadline=None)
@given(rules=games, seed=seeds)
def test_no_move_outside_the_legal_ones_is_ever_applied(rules, seed):
    rng = random.Random(seed)
    line = random_line(rules, rng)
    others = moves_seen(rules, random_line(rules, rng)) | moves_seen(rules, line)
    others |= {None, (), (0,), (0, 0), (0, 0, 0), -1, 0, "x", 10**6}
    for position in line:
        legal = rules.legal_moves(position)
        for move in others:
            if move not in legal:
                with pytest.raises(IllegalMove):
                    rules.apply(position, move)


hat_settings = st.builds(
    lambda floor, extra, added, taken: HatSettings(floor + extra, added, taken, floor),
    st.integers(1, 3), st.integers(0, 3), st.integers(0, 3), st.integers(1, 3),
)


@settings(max_examples=60, deadline=None)
@given(rules=playable, seed=seeds, learning=hat_settings, games=st.integers(1, 300))
def test_a_hat_never_holds_fewer_balls_of_a_number_than_its_floor(rules, seed, learning, games):
    brain = HatBrain(rules, learning)
    train(brain, [(RANDOM, games), (SELF, games)], seed=seed)
    start = rules.initial_position()
    for position in [start, *brain.positions()]:  # the start's hat, kept or fresh
        assert set(brain.counts(position)) == set(rules.ball_kinds(position))
        assert all(count >= learning.floor for count in brain.legal_counts(position).values())


@settings(max_examples=40, deadline=None)
@given(rules=playable, seed=seeds, learning=hat_settings, games=st.integers(1, 400))
def test_fast_self_play_leaves_the_brain_the_plain_loop_leaves(rules, seed, learning, games):
    fast, plain = HatBrain(rules, learning), HatBrain(rules, learning)
    train(fast, SELF, games, seed=seed, progress_every=37)
    train(plain, SELF, games, seed=seed, progress_every=37, fast=False)
    assert fast.to_dict() == plain.to_dict()
    fast_q, plain_q = QLearner(rules=rules), QLearner(rules=rules)
    train(fast_q, SELF, games, seed=seed)
    train(plain_q, SELF, games, seed=seed, fast=False)
    assert fast_q.to_dict() == plain_q.to_dict()


@settings(max_examples=25, deadline=None)
@given(rules=playable, seed=seeds)
def test_training_with_the_same_seed_gives_the_same_hats(rules, seed):
    one, two = HatBrain(rules), HatBrain(rules)
    train(one, SELF, 200, seed=seed)
    train(two, SELF, 200, seed=seed)
    assert one.to_dict() == two.to_dict()


@settings(max_examples=100, deadline=None)
@given(rules=games)
def test_solver_agrees_with_the_definition_of_won_and_lost(rules):
    solver = Solver(rules)
    for position in reachable(rules, 2000):
        moves = rules.legal_moves(position)
        if not moves:
            assert solver.is_won(position) == rules.misere
        else:
            after = {move: rules.apply(position, move) for move in moves}
            assert solver.is_won(position) == any(solver.is_lost(p) for p in after.values())
            assert set(solver.winning_moves(position)) == {
                move for move, p in after.items() if solver.is_lost(p)
            }


@settings(max_examples=60, deadline=None)
@given(rules=playable, seed=seeds)
def test_brains_survive_the_json_round_trip(rules, seed):
    rng = random.Random(seed)
    brain, q = HatBrain(rules), QLearner(rules=rules)
    for _ in range(20):
        for position in random_line(rules, rng)[:-1]:
            brain.draw(position, rng, seat=rng.randint(0, 1))
            q.move(position, rng, seat=rng.randint(0, 1))
        results = {0: rng.random() < 0.5, 1: rng.random() < 0.5}
        brain.game_over(results)
        q.game_over(results)
    for learner in (brain, q):
        again = learner_from_dict(json.loads(json.dumps(learner.to_dict())), rules)
        assert again.to_dict() == learner.to_dict()
        assert again.games_played == 20


@settings(max_examples=100, deadline=None)
@given(rules=family_games)
def test_a_small_game_is_named_by_its_spec(rules):
    from sticks_tui.engine import parse_game
    from sticks_tui.engine.games import family_of

    heap = rules.initial_position() if family_of(rules).takes_sticks else None
    assert parse_game(spec_of(rules), heap) == rules

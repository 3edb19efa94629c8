"""Properties over random games and random rule sets (hypothesis)."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from sticks_tui.engine import (
    SELF, HatBrain, HatPlayer, HatSettings, Match, PerfectPlayer, QLearner, RandomPlayer, Solver,
    TakeAway, train,
)
from sticks_tui.engine.players import Player

takes = st.sets(st.integers(min_value=1, max_value=9), min_size=1, max_size=4)
rule_sets = st.builds(TakeAway, sticks=st.integers(1, 60), takes=takes, misere=st.booleans())
seeds = st.integers(0, 2**32 - 1)


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
@given(rules=rule_sets, seed=seeds, pick=st.tuples(st.integers(0, 2), st.integers(0, 2)), first=st.integers(0, 1))
def test_no_player_ever_makes_an_illegal_move_and_every_game_ends(rules, seed, pick, first):
    rng = random.Random(seed)
    brains = (HatBrain(rules), HatBrain(rules))
    players = [Watchful(machines(rules, rng, brains[i])[pick[i]]) for i in (0, 1)]
    match = Match(rules, players, first=first)
    loser = match.play_out()
    assert players[0].illegal == [] and players[1].illegal == []
    assert loser in (0, 1) and rules.is_over(match.position)
    assert sum(t.move for t in match.history) == rules.sticks - match.position


@settings(max_examples=60, deadline=None)
@given(rules=rule_sets, seed=seeds, games=st.integers(1, 300))
def test_a_hat_never_loses_its_last_ball_of_a_number(rules, seed, games):
    brain = HatBrain(rules)
    if not rules.is_over(rules.sticks):
        train(brain, SELF, games, seed=seed)
    for position in brain.positions():
        assert all(count >= 1 for count in brain.counts(position).values())
        assert set(brain.counts(position)) == set(rules.takes)


hat_settings = st.builds(
    lambda floor, extra, added, taken: HatSettings(floor + extra, added, taken, floor),
    st.integers(1, 3), st.integers(0, 3), st.integers(0, 3), st.integers(1, 3),
)


@settings(max_examples=40, deadline=None)
@given(rules=rule_sets.filter(lambda r: not r.is_over(r.sticks)), seed=seeds,
       learning=hat_settings, games=st.integers(1, 400))
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
@given(rules=rule_sets.filter(lambda r: not r.is_over(r.sticks)), seed=seeds)
def test_training_with_the_same_seed_gives_the_same_hats(rules, seed):
    one, two = HatBrain(rules), HatBrain(rules)
    train(one, SELF, 200, seed=seed)
    train(two, SELF, 200, seed=seed)
    assert one.to_dict() == two.to_dict()


@settings(max_examples=100, deadline=None)
@given(rules=rule_sets)
def test_solver_agrees_with_the_definition_of_won_and_lost(rules):
    solver = Solver(rules)
    for n in range(rules.sticks + 1):
        moves = rules.legal_moves(n)
        if not moves:
            assert solver.is_won(n) == rules.misere
        else:
            assert solver.is_won(n) == any(solver.is_lost(n - m) for m in moves)
            assert set(solver.winning_moves(n)) == {m for m in moves if solver.is_lost(n - m)}


@settings(max_examples=60, deadline=None)
@given(rules=rule_sets, seed=seeds)
def test_brains_survive_the_json_round_trip(rules, seed):
    rng = random.Random(seed)
    brain = HatBrain(rules)
    for _ in range(20):
        n = rng.randint(1, rules.sticks)
        if rules.legal_moves(n):
            brain.draw(n, rng)
        brain.learn(won=rng.random() < 0.5)
    again = HatBrain.from_dict(brain.to_dict(), rules)
    assert again.to_dict() == brain.to_dict()

"""Properties over random games and random rule sets (hypothesis)."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from sticks_tui.engine import (
    HatBrain, HatPlayer, Match, PerfectPlayer, RandomPlayer, Solver, TakeAway, train_self_play,
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
    result = train_self_play(rules, games, seed=seed) if not rules.is_over(rules.sticks) else None
    if result is None:
        return
    for brain in (result.brain, result.opponent):
        for position in brain.positions():
            assert all(count >= 1 for count in brain.counts(position).values())
            assert set(brain.counts(position)) == set(rules.takes)


@settings(max_examples=25, deadline=None)
@given(rules=rule_sets.filter(lambda r: not r.is_over(r.sticks)), seed=seeds)
def test_training_with_the_same_seed_gives_the_same_hats(rules, seed):
    one = train_self_play(rules, 200, seed=seed).brain
    two = train_self_play(rules, 200, seed=seed).brain
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

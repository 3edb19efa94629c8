"""The Q-learner follows CS50 AI's NimAI: known Q tables in, known values out; epsilon-greedy
proportions; fast training equals the method-by-method loop; a trained AI plays Nim soundly."""

import itertools
import json
import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sticks_tui.engine import SELF, Match, RandomPlayer, Solver, TakeAway, train
from sticks_tui.engine.games.nim import Nim, misere_nim_lost
from sticks_tui.engine.games.sticky import StickyNim
from sticks_tui.engine.learners.q.reference import train_qlearner_reference
from sticks_tui.engine.learners.q.learner import QLearner, QLearningPlayer, nim_actions


def test_defaults_and_empty_table():
    ai = QLearner()
    assert (ai.alpha, ai.epsilon, ai.q) == (0.5, 0.1, {})


def test_get_q_value_reads_tuple_keys_and_defaults_to_zero():
    ai = QLearner()
    ai.q[(0, 0, 0, 2), (3, 2)] = -1
    assert ai.get_q_value([0, 0, 0, 2], (3, 2)) == -1  # CS50 passes states as lists
    assert ai.get_q_value([0, 0, 0, 2], (3, 1)) == 0


def test_update_q_value_applies_the_formula_with_alpha():
    ai = QLearner(alpha=0.5)
    ai.update_q_value([1, 2], (1, 1), old_q=0.2, reward=1, future_rewards=0.4)
    assert ai.q[(1, 2), (1, 1)] == pytest.approx(0.2 + 0.5 * (1.4 - 0.2))  # 0.8
    ai = QLearner(alpha=0.25)
    ai.update_q_value([3], (0, 3), old_q=-0.5, reward=-1, future_rewards=0)
    assert ai.q[(3,), (0, 3)] == pytest.approx(-0.5 + 0.25 * (-1 + 0.5))  # -0.625


def test_best_future_reward_counts_unknown_actions_as_zero():
    ai = QLearner()
    ai.q[(0, 0, 0, 2), (3, 2)] = -1
    assert ai.best_future_reward([0, 0, 0, 2]) == 0  # (3, 1) is unknown: 0 beats -1
    ai.q[(0, 0, 0, 2), (3, 1)] = -0.5
    assert ai.best_future_reward([0, 0, 0, 2]) == -0.5
    ai.q[(0, 0, 0, 2), (3, 1)] = 0.75
    assert ai.best_future_reward([0, 0, 0, 2]) == 0.75
    assert ai.best_future_reward([0, 0, 0, 0]) == 0  # no action at all


def test_update_combines_old_value_reward_and_best_future():
    ai = QLearner(alpha=0.5)
    ai.q[(1, 1), (0, 1)] = 0.5
    ai.q[(0, 1), (1, 1)] = -1  # the only action in the new state
    ai.update([1, 1], (0, 1), [0, 1], 0)
    assert ai.q[(1, 1), (0, 1)] == pytest.approx(0.5 + 0.5 * ((0 + -1) - 0.5))  # -0.25
    ai.update([0, 1], (1, 1), [0, 0], -1)
    assert ai.q[(0, 1), (1, 1)] == pytest.approx(-1 + 0.5 * (-1 - -1))  # stays -1


def test_greedy_choice_takes_the_best_known_value_with_unknown_as_zero():
    ai = QLearner(rng=random.Random(1))
    state = [0, 2, 1]
    for action in nim_actions(state):
        ai.q[tuple(state), action] = -0.5
    ai.q[tuple(state), (1, 1)] = 0.25
    assert all(ai.choose_action(state, epsilon=False) == (1, 1) for _ in range(50))
    del ai.q[tuple(state), (2, 1)]  # unknown now: 0 is still below 0.25
    assert ai.choose_action(state, epsilon=False) == (1, 1)
    ai.q[tuple(state), (1, 1)] = -0.75  # now the unknown action (value 0) is the best
    assert all(ai.choose_action(state, epsilon=False) == (2, 1) for _ in range(50))


def test_greedy_ties_are_broken_among_the_best_only():
    ai = QLearner(rng=random.Random(2))
    state = (1, 3)
    ai.q[state, (1, 1)] = ai.q[state, (1, 3)] = 0.5
    chosen = {ai.choose_action(state, epsilon=False) for _ in range(200)}
    assert chosen == {(1, 1), (1, 3)}


@settings(max_examples=100, deadline=None)
@given(
    st.lists(st.integers(0, 4), min_size=1, max_size=4),
    st.dictionaries(st.integers(0, 30), st.floats(-1, 1), max_size=12),
)
def test_best_future_reward_and_greedy_choice_on_any_table(state, known):
    ai = QLearner(rng=random.Random(0))
    actions = nim_actions(state)
    for index, value in known.items():
        if index < len(actions):
            ai.q[tuple(state), actions[index]] = value
    values = {a: ai.q.get((tuple(state), a), 0) for a in actions}
    expected = max(values.values(), default=0)
    assert ai.best_future_reward(state) == expected
    if actions:
        assert values[ai.choose_action(state, epsilon=False)] == expected


def hoeffding_margin(draws: int, failure: float = 1e-6) -> float:
    """|share - p| stays below this with probability >= 1 - failure (Hoeffding's inequality:
    P(|share - p| >= t) <= 2 exp(-2 n t^2))."""
    return math.sqrt(math.log(2 / failure) / (2 * draws))


def test_epsilon_greedy_explores_in_the_right_proportion():
    ai = QLearner(epsilon=0.1, rng=random.Random(12345))
    state = (1, 3, 5, 7)
    actions = nim_actions(state)
    ai.q[state, (2, 4)] = 1.0
    draws = 40_000
    counts = dict.fromkeys(actions, 0)
    for _ in range(draws):
        counts[ai.choose_action(state)] += 1
    margin = hoeffding_margin(draws)
    # The best action: greedy (0.9) plus its share of the random moves (0.1 / 16).
    assert abs(counts[(2, 4)] / draws - (0.9 + 0.1 / 16)) < margin
    for action in actions:
        if action != (2, 4):
            assert abs(counts[action] / draws - 0.1 / 16) < margin
    assert sum(counts[a] for a in actions if a != (2, 4)) / draws == pytest.approx(0.1 * 15 / 16, abs=margin)


def test_no_exploration_when_epsilon_is_off():
    ai = QLearner(epsilon=0.5, rng=random.Random(3))
    ai.q[(2, 2), (0, 1)] = 0.1
    assert {ai.choose_action([2, 2], epsilon=False) for _ in range(500)} == {(0, 1)}


SELF_PLAY_GAMES = [
    (Nim(), 800), (Nim((2, 4, 6)), 400), (TakeAway(21, (1, 2, 3)), 500), (StickyNim(9), 300),
    (TakeAway(21, (2, 3, 5), misere=False), 500), (Nim((2, 4, 6), misere=False), 400),
]


@pytest.mark.parametrize("rules, games", SELF_PLAY_GAMES, ids=lambda r: getattr(r, "key", r))
def test_fast_training_gives_the_same_table_as_the_method_by_method_loop(rules, games):
    for seed in (0, 7):
        reference = train_qlearner_reference(rules, games, seed=seed)
        fast = QLearner(rules=rules)
        train(fast, SELF, games, seed=seed)
        assert fast.q == reference.q
        assert len(fast.q) > 10


@pytest.mark.parametrize("rules, games", SELF_PLAY_GAMES, ids=lambda r: getattr(r, "key", r))
def test_fast_training_leaves_the_learner_the_plain_protocol_loop_leaves(rules, games):
    fast, plain = QLearner(rules=rules), QLearner(rules=rules)
    for seed in (3, 4):  # and training goes on from what it knows
        one = train(fast, SELF, games, seed=seed, progress_every=97)
        two = train(plain, SELF, games, seed=seed, progress_every=97, fast=False)
        assert json.dumps(fast.to_dict()) == json.dumps(plain.to_dict())
        assert one.tally == two.tally


@pytest.mark.parametrize("seed", range(3))
def test_rewards_follow_who_won_in_a_game_where_the_last_mover_wins(seed):
    """Take 2, 3 or 5; a player who cannot move loses: the last mover WINS. Rewarding the move
    that ends the game with -1 (right only for misère games) taught the AI to avoid winning:
    it found the winning move at 3 to 7 of these 21 won positions."""
    rules = TakeAway(30, (2, 3, 5), misere=False)
    solver = Solver(rules)
    learner = QLearner(rules=rules)
    train(learner, SELF, 10_000, seed=seed)
    won = [n for n in range(2, 31) if solver.is_won(n)]
    assert len(won) == 21
    for n in won:
        best = learner.best_actions(n)
        assert best and set(best) <= set(solver.winning_moves(n)), (n, best)


def self_trained(rules, games, seed, learner=None):
    """CS50's training: the learner plays itself, its own generator seeded with ``seed``."""
    learner = learner if learner is not None else QLearner(rules=rules, rng=random.Random(seed))
    result = train(learner, SELF, games, rules=rules, rng=learner.rng)
    return learner, result


def test_training_continues_from_what_the_learner_knows():
    nim = Nim()
    reference = train_qlearner_reference(nim, 400, seed=5)
    train_qlearner_reference(nim, 300, learner=reference)
    fast, _ = self_trained(nim, 400, seed=5)
    self_trained(nim, 300, seed=None, learner=fast)
    assert fast.q == reference.q and fast.games_played == 700


def test_q_training_reports_progress_and_cancels():
    seen = []
    learner = QLearner(rules=Nim(), rng=random.Random(1))
    result = train(learner, SELF, 2500, rng=learner.rng, progress=seen.append, progress_every=1000)
    assert [p.games_done for p in seen] == [1000, 2000, 2500]
    assert seen[-1].fraction == 1.0 and not result.cancelled
    stop_after = iter(range(10**6))
    learner = QLearner(rules=Nim(), rng=random.Random(1))
    result = train(learner, SELF, 2500, rng=learner.rng, should_stop=lambda: next(stop_after) >= 300)
    assert result.cancelled and result.games_played == 300 == learner.games_played


def test_training_refuses_nonsense():
    with pytest.raises(ValueError):
        self_trained(Nim(), -1, seed=1)
    with pytest.raises(ValueError):
        self_trained(Nim((0, 0)), 10, seed=1)


@pytest.fixture(scope="module")
def trained():
    return self_trained(Nim(), 10_000, seed=2024)[0]


def won_positions_below_1357():
    for position in itertools.product(range(2), range(4), range(6), range(8)):
        if any(position) and not misere_nim_lost(position):
            yield position


def test_trained_ai_finds_the_winning_move_almost_everywhere(trained):
    # Sound play, part 1: in a won position a sound player moves to a lost one (Bouton's rule).
    # Of the 335 won positions below 1, 3, 5, 7, a uniformly random move does that only about
    # one time in five; ten thousand games of self-play teach the AI nearly all of them.
    positions = list(won_positions_below_1357())
    assert len(positions) == 335
    nim = Nim()
    good = sum(misere_nim_lost(nim.apply(p, trained.choose_action(p, epsilon=False))) for p in positions)
    random_share = sum(
        sum(misere_nim_lost(nim.apply(p, m)) for m in nim.legal_moves(p)) / len(nim.legal_moves(p))
        for p in positions
    ) / len(positions)
    assert random_share < 0.3
    assert good / len(positions) >= 0.95


def test_trained_ai_wins_from_a_won_start_against_random(trained):
    # Sound play, part 2: 1, 3, 5, 7 has xor 0, so the second player wins with sound play.
    # Playing second against random moves, the trained AI wins at least 98 games in 100.
    rng = random.Random(77)
    nim = Nim()
    games = 500
    wins = sum(
        Match(nim, [RandomPlayer("R", rng), QLearningPlayer("Q", trained)], first=0).play_out() == 0
        for _ in range(games)
    )
    assert wins / games >= 0.98


def test_player_is_greedy_and_does_not_learn_while_playing(trained):
    player = QLearningPlayer("Q", trained)
    before = dict(trained.q)
    Match(Nim(), [player, RandomPlayer("R", random.Random(1))]).play_out()
    assert trained.q == before
    assert player.make_choice(Nim(), (0, 0, 0, 3)) == (3, 2)

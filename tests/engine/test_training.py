"""Self-play training: repeatable, cancellable, reporting progress, and actually learning."""

import random
import threading

import pytest

from sticks_tui.engine import (
    HatBrain, HatPlayer, Match, RandomPlayer, Solver, TakeAway, game_of_sticks, train_self_play,
)


def snapshot(brain):
    return {p: brain.counts(p) for p in brain.positions()}


def test_the_same_seed_gives_the_same_hats():
    first = train_self_play(game_of_sticks(30), 2000, seed=42)
    second = train_self_play(game_of_sticks(30), 2000, seed=42)
    other = train_self_play(game_of_sticks(30), 2000, seed=43)
    assert snapshot(first.brain) == snapshot(second.brain)
    assert snapshot(first.opponent) == snapshot(second.opponent)
    assert snapshot(first.brain) != snapshot(other.brain)
    assert first.games_played == 2000 and first.brain.games_played == 2000


def test_training_plays_the_same_games_as_matches_between_hat_players():
    """The fast training loop is the seed's AI-vs-AI game, starter alternating."""
    rules = game_of_sticks(25)
    fast = train_self_play(rules, 300, seed=9)
    rng = random.Random(9)
    a, b = HatBrain(rules), HatBrain(rules)
    players = [HatPlayer("A", a, rng), HatPlayer("B", b, rng)]
    for game in range(300):
        Match(rules, players, first=game % 2).play_out()
    assert snapshot(a) == snapshot(fast.brain) and snapshot(b) == snapshot(fast.opponent)


def test_progress_is_reported_and_cancel_keeps_what_was_learned():
    seen = []
    stop = threading.Event()

    def progress(p):
        seen.append((p.games_done, p.games_total))
        if p.games_done == 300:
            stop.set()

    result = train_self_play(game_of_sticks(20), 1000, seed=1, progress=progress,
                             progress_every=100, should_stop=stop.is_set)
    assert seen == [(100, 1000), (200, 1000), (300, 1000)]
    assert result.cancelled and result.games_played == 300 and result.brain.games_played == 300
    assert result.brain.balls_beside == []


def test_training_continues_from_an_existing_brain():
    rules = game_of_sticks(20)
    first = train_self_play(rules, 500, seed=5)
    more = train_self_play(rules, 500, seed=6, brain=first.brain, opponent=first.opponent)
    assert more.brain is first.brain and more.brain.games_played == 1000


def test_bad_training_requests_are_refused():
    rules = game_of_sticks(20)
    with pytest.raises(ValueError):
        train_self_play(rules, -1)
    brain = HatBrain(rules)
    with pytest.raises(ValueError):
        train_self_play(rules, 10, brain=brain, opponent=brain)


def test_training_works_for_other_take_sets_and_the_normal_ending():
    rules = TakeAway(40, (2, 3, 5), misere=False)
    brain = train_self_play(rules, 20_000, seed=3).brain
    solver = Solver(rules)
    near_end = [n for n in range(2, 16) if solver.is_won(n)]
    agree = [n for n in near_end if brain.preferred_move(n) in solver.winning_moves(n)]
    assert len(agree) == len(near_end)


@pytest.fixture(scope="module")
def trained_100():
    return train_self_play(game_of_sticks(100), 100_000, seed=2024).brain


@pytest.mark.slow
def test_after_100000_games_the_ai_prefers_the_winning_move_almost_everywhere(trained_100):
    solver = Solver(game_of_sticks(100))
    winning = [n for n in range(1, 101) if solver.is_won(n)]
    assert len(winning) == 75
    right = [n for n in winning if trained_100.preferred_move(n) in solver.winning_moves(n)]
    assert len(right) >= 74, sorted(set(winning) - set(right))


@pytest.mark.slow
def test_the_trained_ai_beats_the_random_player_from_winning_positions(trained_100):
    rules = game_of_sticks(100)
    rng = random.Random(77)
    games = wins = 0
    for start in (100, 98, 75, 50, 30, 12):
        for _ in range(100):
            ai = HatPlayer("AI", trained_100.copy(), rng)
            match = Match(rules.with_sticks(start), [ai, RandomPlayer("R", rng)])
            games += 1
            wins += match.play_out() == 1
    assert wins >= 0.95 * games, f"{wins}/{games}"

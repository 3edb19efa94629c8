"""What one game did to a learner (``last_game``): each move it made, the number behind that
move before and after the game, and why nothing changed when nothing did."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sticks_tui.engine import HatBrain, HatSettings, Match, Nim, QLearner, game_of_sticks
from sticks_tui.engine.learners.game_change import Unchanged
from sticks_tui.engine.learners.hats.player import HatPlayer
from sticks_tui.engine.learners.player import LearnerPlayer
from sticks_tui.engine.players import RandomPlayer


def drawn(brain: HatBrain, *balls: tuple[int, int]) -> None:
    """Draw the balls ``(hat, ball)``: each with a random number that falls on it."""
    for position, move in balls:
        chances = brain.move_chances(position)
        below = sum(chance for kind, chance in chances[: [k for k, _ in chances].index(move)])
        u = below + dict(chances)[move] / 2

        class Falls(random.Random):
            def random(self) -> float:
                return u

        assert brain.draw(position, Falls()) == move


def test_a_won_game_puts_one_more_ball_of_each_number_drawn() -> None:
    brain = HatBrain(game_of_sticks(10))
    drawn(brain, (9, 2), (5, 1))
    brain.learn(won=True)
    change = brain.last_game
    assert change is not None and change.unchanged is None and change.won is True
    assert [(m.position, m.move, m.before, m.after) for m in change.moves] == [
        (9, 2, 1, 2), (5, 1, 1, 2),
    ]
    assert [m.change for m in change.changed] == [1, 1]


def test_a_loss_at_the_floor_changes_nothing_and_says_why() -> None:
    brain = HatBrain(game_of_sticks(10))
    drawn(brain, (9, 2), (5, 1))
    brain.learn(won=False)
    change = brain.last_game
    assert change is not None and change.won is False
    assert change.changed == () and change.unchanged is Unchanged.AT_FLOOR
    assert change.floor == 1
    assert [(m.before, m.after) for m in change.moves] == [(1, 1), (1, 1)]


def test_a_loss_above_the_floor_takes_the_ball_away() -> None:
    brain = HatBrain(game_of_sticks(10))
    drawn(brain, (9, 2))
    brain.learn(won=True)  # hat 9 holds two balls of 2 now
    drawn(brain, (9, 2), (5, 3))
    brain.learn(won=False)
    change = brain.last_game
    assert change is not None and change.unchanged is None
    assert [(m.position, m.before, m.after) for m in change.moves] == [(9, 2, 1), (5, 1, 1)]
    assert [(m.position, m.change) for m in change.changed] == [(9, -1)]


@pytest.mark.parametrize(
    ("hat_settings", "won", "why"),
    [
        (HatSettings(balls_added_on_win=0), True, Unchanged.WIN_ADDS_NONE),
        (HatSettings(balls_taken_on_loss=0), False, Unchanged.LOSS_TAKES_NONE),
    ],
)
def test_settings_that_leave_a_result_unlearned_are_the_reason(hat_settings, won, why) -> None:
    brain = HatBrain(game_of_sticks(10), hat_settings)
    drawn(brain, (9, 2))
    brain.learn(won=won)
    change = brain.last_game
    assert change is not None and change.changed == () and change.unchanged is why


def test_a_game_without_a_move_and_an_abandoned_game() -> None:
    brain = HatBrain(game_of_sticks(10))
    assert brain.last_game is None
    brain.learn(won=False)  # the AI never moved
    change = brain.last_game
    assert change is not None and change.moves == () and change.unchanged is Unchanged.NO_MOVE
    drawn(brain, (9, 2))
    brain.abandon()
    assert brain.last_game is None  # nothing to show for a game that taught nothing


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), games=st.integers(1, 6))
def test_the_change_is_what_the_hats_held_before_and_after_the_game(seed, games) -> None:
    """Checked against the plain way: the hats' counts before and after the game."""
    rules = Nim((1, 2, 3))
    brain = HatBrain(rules, HatSettings(fresh_balls=2))
    rng = random.Random(seed)
    for _ in range(games):
        before = brain.copy()
        match = Match(rules, (HatPlayer("AI", brain, rng), RandomPlayer("R", rng)), rng.randrange(2))
        match.play_out()
        change = brain.last_game
        assert change is not None and change.won is (match.loser == 1)
        played = [turn for turn in match.history if turn.player == 0]
        assert [(m.position, m.move) for m in change.moves] == [(t.before, t.move) for t in played]
        for m in change.moves:
            assert m.before == before.counts(m.position)[m.move]
            assert m.after == brain.counts(m.position)[m.move]


def test_learned_hats_counts_the_hats_that_hold_something_learned() -> None:
    brain = HatBrain(game_of_sticks(10))
    drawn(brain, (9, 2), (5, 1))
    assert brain.learned_hats() == 0  # a ball beside counts as the hat's: nothing learned yet
    brain.learn(won=False)  # at the floor: back to fresh
    assert brain.learned_hats() == 0 and brain.games_played == 1
    drawn(brain, (9, 2), (5, 1))
    brain.learn(won=True)
    assert brain.learned_hats() == 2
    drawn(brain, (9, 2))
    assert brain.learned_hats() == 2  # mid-game, a ball out of a learned hat
    brain.learn(won=False)
    assert brain.learned_hats() == 1  # hat 9 is fresh again


def test_a_q_learner_tells_each_value_it_played_old_and_new() -> None:
    rules = Nim((1, 2))
    learner = QLearner(rules=rules, rng=random.Random(3))
    rng = random.Random(3)
    match = Match(rules, (LearnerPlayer("Q", learner, rng), RandomPlayer("R", rng)), 0)
    match.play_out()
    change = learner.last_game
    assert change is not None and change.learner == "q" and change.won is (match.loser == 1)
    played = [(t.before, t.move) for t in match.history if t.player == 0]
    assert [(m.position, m.move) for m in change.moves] == played
    assert all(m.before == 0 for m in change.moves)  # a fresh table: every value was 0
    assert [m.after for m in change.moves] == [learner.get_q_value(p, a) for p, a in played]
    last = change.moves[-1]
    assert last.after == (0.5 if change.won else -0.5)  # alpha 0.5 of the reward +1 or -1
    assert change.unchanged is None
    learner.abandon()
    assert learner.last_game is None

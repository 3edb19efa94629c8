"""The hat AI exactly as seed 000 tells it."""

import random

import pytest

from sticks_tui.engine import BrainError, HatBrain, HatSettings, Match, Nim, TakeAway, game_of_sticks
from sticks_tui.engine.learners.base import CurvePoint
from sticks_tui.engine.learners.hats.player import HatPlayer
from sticks_tui.engine.players import RandomPlayer


class ScriptedRandom(random.Random):
    """random() answers that make HatBrain.draw pick the balls a test wants."""

    def __init__(self, values):
        super().__init__(0)
        self._values = list(values)

    def random(self):
        return self._values.pop(0)


def test_fresh_brain_shows_a_hat_per_stick_count_with_balls_1_2_3_and_keeps_none():
    brain = HatBrain(game_of_sticks(10))
    assert brain.hat_positions() == list(range(1, 101))
    assert all(brain.counts(n) == {1: 1, 2: 1, 3: 1} for n in range(1, 101))
    assert [view.position for view in brain] == list(range(1, 101))
    assert brain.positions() == [] and brain.to_dict()["hats"] == {}  # nothing learned yet


def dense_file(rules=None):
    """A brain file as the program wrote it before version 3: every hat, every count."""
    rules = rules or game_of_sticks(10)
    return {
        "format": "sticks-tui-brain", "version": 2, "learner": "hats",
        "rules": rules.describe(), "settings": HatSettings().to_dict(), "games_played": 0,
        "hats": {str(n): {"1": 1, "2": 1, "3": 1} for n in range(1, 101)},
    }


def test_seed_000_worked_example():
    """Hat 7 draws 2, hat 4 draws 3, the AI wins: hat 4 is 1,2,3,3 and hat 7 is 1,2,2,3."""
    brain = HatBrain(game_of_sticks(10))
    # three equal balls: u in [1/3, 2/3) draws ball 2, u in [2/3, 1) draws ball 3
    rng = ScriptedRandom([0.5, 0.9])
    assert brain.draw(7, rng) == 2
    assert brain.view(7).balls == {1: 1, 2: 0, 3: 1} and brain.view(7).beside == 2
    assert brain.draw(4, rng) == 3
    assert brain.view(4).balls == {1: 1, 2: 1, 3: 0} and brain.view(4).beside == 3
    assert brain.balls_beside == [(7, 2), (4, 3)]
    brain.learn(won=True)
    assert brain.counts(4) == {1: 1, 2: 1, 3: 2}
    assert brain.counts(7) == {1: 1, 2: 2, 3: 1}
    assert brain.balls_beside == [] and brain.games_played == 1


def test_a_loss_throws_the_balls_away_but_never_the_last_of_a_number():
    brain = HatBrain(game_of_sticks(10))
    rng = ScriptedRandom([0.9, 0.9, 0.9])
    brain.draw(8, rng)
    brain.learn(won=True)  # hat 8: 1,2,3,3
    assert brain.counts(8) == {1: 1, 2: 1, 3: 2}
    brain.draw(8, rng)  # draws a 3 (2 of 4 balls are 3s, u=0.9)
    brain.learn(won=False)
    assert brain.counts(8) == {1: 1, 2: 1, 3: 1}
    brain.draw(8, rng)  # the last 3
    brain.learn(won=False)
    assert brain.counts(8) == {1: 1, 2: 1, 3: 1}, "the last ball of a number goes back"


def test_a_ball_worth_more_than_the_sticks_left_is_never_drawn():
    brain = HatBrain(game_of_sticks(10))
    rng = random.Random(5)
    for _ in range(200):
        assert brain.draw(2, rng) in (1, 2)
        brain.learn(won=True)
    assert brain.counts(2)[3] == 1


def test_draws_follow_the_ball_counts():
    brain = HatBrain(game_of_sticks(10))
    rng = ScriptedRandom([0.1] * 8)
    for _ in range(8):
        brain.draw(5, rng)
        brain.learn(won=True)  # the ball goes back with one more: one more 1 per win
    assert brain.counts(5) == {1: 9, 2: 1, 3: 1}
    rng = random.Random(7)
    ones = 0
    for _ in range(3000):
        ones += brain.draw(5, rng) == 1
        brain.abandon()  # put the ball back without learning
    # P(ball 1) = 9/11: mean 2454.5, sd 21.1; six standard deviations either side
    assert 2328 <= ones <= 2581


def test_a_ball_put_back_leaves_the_other_balls_beside_their_hats():
    """Undo: the ball drawn for a move taken back goes back into its hat; a move that stands
    keeps its ball beside its hat, still to be settled at the end."""
    brain = HatBrain(game_of_sticks(20))
    rng = random.Random(3)
    first = brain.draw(17, rng)
    brain.draw(13, rng)
    brain.put_back(13)
    assert brain.balls_beside == [(17, first)]
    assert brain.counts(13) == {1: 1, 2: 1, 3: 1} and brain.view(13).beside is None
    brain.put_back(12)  # no ball beside that hat: nothing changes
    assert brain.balls_beside == [(17, first)]


def test_preferred_move_and_confidence_count_only_legal_balls():
    brain = HatBrain(game_of_sticks(10))
    rng = ScriptedRandom([0.9] * 5)
    for _ in range(5):
        brain.draw(3, rng)  # ball 3: takes all three sticks
        brain.learn(won=True)
    assert brain.preferred_move(3) == 3
    assert brain.counts(3) == {1: 1, 2: 1, 3: 6}
    assert brain.confidence(3) == pytest.approx(6 / 8)
    assert brain.preferred_move(1) == 1 and brain.confidence(1) == 1.0


def test_json_round_trip_keeps_every_count():
    rules = game_of_sticks(20)
    brain = HatBrain(rules)
    rng = random.Random(1)
    for _ in range(50):
        brain.draw(rng.randint(3, 20), rng)
        brain.learn(won=rng.random() < 0.5)
    again = HatBrain.from_dict(brain.to_dict(), rules)
    assert again.games_played == 50
    assert all(again.counts(n) == brain.counts(n) for n in range(1, 101))
    hats = brain.to_dict()["hats"]  # each hat learned in, with the counts that differ from 1
    assert hats and hats == {
        str(n): {str(ball): count for ball, count in brain.counts(n).items() if count != 1}
        for n in range(1, 101) if brain.counts(n) != {1: 1, 2: 1, 3: 1}
    }


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda d: d.update(format="other"), "not a sticks-tui brain"),
        (lambda d: d.update(version=99), "version 99"),
        (lambda d: d["hats"]["5"].update({"2": -1}), "hat 5: balls 2 is -1"),
        (lambda d: d["hats"]["5"].pop("3"), "hat 5: the count of balls 3 is missing"),
        (lambda d: d["hats"]["5"].update({"3": "many"}), "whole number"),
        (lambda d: d["hats"].update({"x": {}}), "hat 'x'"),
        (lambda d: d.update(games_played=-3), "games_played"),
        (lambda d: d.update(rules={"game": "takeaway", "takes": [2, 3, 5], "ending": "normal"}), "not for Game of Sticks"),
    ],
)
def test_a_bad_brain_is_refused_with_a_reason(change, message):
    data = dense_file()
    change(data)
    with pytest.raises(BrainError, match=message):
        HatBrain.from_dict(data, game_of_sticks(10))


def test_hats_of_other_take_sets_hold_one_ball_per_allowed_take():
    brain = HatBrain(TakeAway(12, (2, 3, 5), misere=False))
    assert brain.counts(4) == {2: 1, 3: 1, 5: 1}
    assert brain.legal_counts(4) == {2: 1, 3: 1}
    assert brain.legal_counts(1) == {} and brain.preferred_move(1) is None


@pytest.mark.parametrize("count", [2**53 + 1, 10**400, 10**5000], ids=["2**53+1", "10**400", "10**5000"])
def test_a_count_beyond_any_play_is_refused_without_trouble(count):
    data = HatBrain(game_of_sticks(10)).to_dict()
    data["hats"]["3"] = {"2": count}
    with pytest.raises(BrainError, match=r"hat 3: balls 2 is more than 9007199254740992"):
        HatBrain.from_dict(data, game_of_sticks(10))
    data = HatBrain(game_of_sticks(10)).to_dict()
    data["games_played"] = count
    with pytest.raises(BrainError, match="games_played"):
        HatBrain.from_dict(data, game_of_sticks(10))


def test_the_largest_allowed_count_still_plays():
    data = HatBrain(game_of_sticks(10)).to_dict()
    data["hats"]["3"] = {"2": 2**53}
    brain = HatBrain.from_dict(data, game_of_sticks(10))
    assert brain.draw(3, random.Random(1)) in (1, 2, 3)


def test_a_hugely_negative_count_is_refused_with_a_readable_message():
    data = HatBrain(game_of_sticks(10)).to_dict()
    data["hats"]["3"] = {"2": -(10**5000)}
    with pytest.raises(BrainError, match="a number below -10\\*\\*19, but a hat always keeps"):
        HatBrain.from_dict(data, game_of_sticks(10))


# -- lessons: what games taught, saved as a change that adds up ------------------------------
def _play_games(brain, games, seed):
    """``games`` games of ``brain`` against the random player; the brain learns from each."""
    rng = random.Random(seed)
    for game in range(games):
        players = [HatPlayer("AI", brain, rng), RandomPlayer("Random", rng)]
        if game % 2:
            players.reverse()
        match = Match(brain.rules, players)
        while not match.is_over:
            match.play_machine_turn()
    return brain


def _same_hats(one, two):
    """Every hat of either holds the same balls (a hat never met holds a fresh hat's balls)."""
    positions = set(one.positions()) | set(two.positions())
    return all(one.counts(position) == two.counts(position) for position in positions)


def test_a_lesson_added_to_the_brain_it_started_from_gives_the_brain_it_became():
    for rules in (game_of_sticks(20), Nim((1, 3, 5))):
        start = _play_games(HatBrain(rules), 30, seed=1)
        later = _play_games(start.copy(), 40, seed=2)
        lesson = later.lesson_since(start)
        assert lesson.games == 40 and lesson.balls
        start.apply_lesson(lesson)
        assert start.games_played == later.games_played == 70
        assert _same_hats(start, later)


def test_two_programs_lessons_from_one_saved_brain_both_count():
    saved = HatBrain(game_of_sticks(10))
    data = saved.to_dict()  # far from the floor, so no ball change is cut short
    data["hats"] = {str(hat): {ball: 50 for ball in "123"} for hat in range(1, 101)}
    saved = HatBrain.from_dict(data, saved.rules)
    one = _play_games(saved.copy(), 25, seed=3).lesson_since(saved)
    two = _play_games(saved.copy(), 35, seed=4).lesson_since(saved)
    merged = saved.copy()
    merged.apply_lesson(one)
    merged.apply_lesson(two)
    assert merged.games_played == 60  # the second never writes over the first
    for hat in range(1, 11):
        for ball in (1, 2, 3):
            changes = [lesson.balls.get(hat, {}).get(ball, 0) for lesson in (one, two)]
            assert merged.counts(hat)[ball] == 50 + sum(changes)
    other_order = saved.copy()
    other_order.apply_lesson(two)
    other_order.apply_lesson(one)
    assert _same_hats(other_order, merged)


def test_a_lesson_never_takes_a_hat_below_one_ball_of_each_number():
    rules = game_of_sticks(10)
    taught = HatBrain(rules)
    data = taught.to_dict()
    data["hats"]["7"] = {"1": 1, "2": 9, "3": 1}
    taught = HatBrain.from_dict(data, rules)
    lesson = HatBrain(rules).lesson_since(taught)  # hat 7 lost 8 balls of number 2
    assert lesson.balls == {7: {2: -8}} and lesson.games == 0
    other = HatBrain(rules)  # another program's brain, whose hat 7 has a single 2
    other.apply_lesson(lesson)
    assert other.counts(7) == {1: 1, 2: 1, 3: 1}


def test_a_lesson_keeps_its_learning_curve_counted_from_the_brain_it_is_added_to():
    rules = game_of_sticks(10)
    start = _play_games(HatBrain(rules), 10, seed=5)
    start.learning_curve = [CurvePoint(0, 0, 7, 0.5, 0.0)]
    later = _play_games(start.copy(), 20, seed=6)
    later.learning_curve.append(CurvePoint(30, 5, 7, 0.7, 0.1))
    lesson = later.lesson_since(start)
    assert lesson.curve == (CurvePoint(30, 5, 7, 0.7, 0.1),)
    elsewhere = _play_games(HatBrain(rules), 100, seed=7)  # played 100 games meanwhile
    elsewhere.apply_lesson(lesson)
    assert elsewhere.games_played == 120
    assert [point.games for point in elsewhere.learning_curve] == [120]
    assert HatBrain.from_dict(elsewhere.to_dict(), rules).games_played == 120  # still loads


def test_a_lesson_fits_only_a_brain_of_its_rules():
    lesson = _play_games(HatBrain(game_of_sticks(10)), 3, seed=8).lesson_since(
        HatBrain(game_of_sticks(10))
    )
    with pytest.raises(ValueError, match="does not fit"):
        HatBrain(TakeAway(10, (1, 2), misere=True)).apply_lesson(lesson)


def test_taking_on_the_saved_brain_keeps_the_same_object_and_becomes_it():
    rules = game_of_sticks(10)
    mine = _play_games(HatBrain(rules), 5, seed=9)
    saved = _play_games(HatBrain(rules), 50, seed=10)
    player = HatPlayer("AI", mine)
    mine.take_on(saved)
    assert player.brain is mine and mine.games_played == 50
    assert _same_hats(mine, saved)
    _play_games(mine, 1, seed=11)
    assert saved.games_played == 50  # a copy: the saved brain is not played on

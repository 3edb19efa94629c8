"""The learning curve's win shares: exact (worked out from the learner's move chances), the same
however training ran, and in agreement with games actually played."""

import json

import pytest

from sticks_tui.engine import (
    SELF,
    CurveSettings,
    HatBrain,
    Nim,
    QLearner,
    StickyNim,
    TakeAway,
    game_of_sticks,
    train,
)
from sticks_tui.engine.learning_curve import CurveBoard, curve_point, win_rate


def test_two_sticks_by_hand() -> None:
    """Two sticks, a fresh hat (take 1 or 2, equally likely). Moving first it wins half its
    games against anyone (taking 1 wins, taking 2 loses); moving second it wins half against
    random (which takes 2 half the time) and never against perfect (which takes 1)."""
    rules = game_of_sticks(2)
    assert CurveBoard(rules).win_shares(HatBrain(rules)) == (0.5, 0.25)


def test_a_hat_that_always_wins_scores_all_against_random_and_half_against_perfect() -> None:
    rules = game_of_sticks(2)
    brain = HatBrain(rules)
    for _ in range(60):  # teach the 2-stick hat to take 1 (a ball of 2 always stays: the floor)
        brain.draw(2, _Always(0.0))
        brain.learn(True)
    vs_random, vs_perfect = CurveBoard(rules).win_shares(brain)
    # moving first: wins unless it draws the one ball of 2; moving second: random takes 2 half
    # the time and loses, or takes 1 and the AI takes the last stick
    first = 1 - 1 / 62
    assert vs_random == pytest.approx((first + 0.5) / 2)
    assert vs_perfect == pytest.approx(first / 2)


class _Always:
    """A random generator that always says the same number (the first ball is drawn)."""

    def __init__(self, value: float) -> None:
        self.value = value

    def random(self) -> float:
        return self.value


@pytest.mark.parametrize(
    "rules", [game_of_sticks(20), TakeAway(25, (2, 3, 5), misere=False), Nim((1, 3, 5))],
    ids=lambda r: r.key,
)
@pytest.mark.parametrize("kind", ["hats", "q"])
def test_exact_shares_agree_with_games_played(rules, kind) -> None:  # noqa: ANN001
    """10,000 seeded games against each opponent land within 1.5 points of the exact shares
    (three standard deviations of a share measured on 10,000 games)."""
    learner = HatBrain(rules) if kind == "hats" else QLearner(rules=rules)
    train(learner, SELF, 1500, seed=7)
    point = curve_point(learner, rules)
    assert win_rate(learner, rules, "random", 10_000, seed=1) == pytest.approx(
        point.vs_random, abs=0.015
    )
    assert win_rate(learner, rules, "perfect", 10_000, seed=2) == pytest.approx(
        point.vs_perfect, abs=0.015
    )


def test_the_curve_does_not_depend_on_its_seed_or_games_per_point() -> None:
    """No sampling: the curve's seed and games per point change nothing."""
    curves = []
    for settings in (CurveSettings(100, 0, 1.5), CurveSettings(20, 9, 1.5)):
        brain = HatBrain(game_of_sticks(30))
        train(brain, SELF, 3000, seed=3, progress_every=100, curve=settings)
        curves.append(brain.learning_curve)
    assert curves[0] == curves[1]
    assert len(curves[0]) > 5


@pytest.mark.parametrize(
    "rules", [game_of_sticks(25), Nim((1, 3, 5)), StickyNim(9)], ids=lambda r: r.key
)
def test_the_curve_is_the_same_whether_training_ran_fast_or_plain(rules) -> None:  # noqa: ANN001
    fast, plain = HatBrain(rules), HatBrain(rules)
    curve = CurveSettings(spacing=1.5)
    train(fast, SELF, 2000, seed=5, progress_every=100, curve=curve)
    train(plain, SELF, 2000, seed=5, progress_every=100, curve=curve, fast=False)
    assert fast.learning_curve == plain.learning_curve
    assert json.dumps(fast.to_dict()) == json.dumps(plain.to_dict())



def test_a_brain_that_learned_much_gets_points_as_it_trains_on() -> None:
    """The points are spaced from where this training began, not from the brain's first game:
    a brain of 20,000 games trained 2,000 more got no point until the end (the next was due at
    30,000); now its curve grows as it trains."""
    brain = HatBrain(game_of_sticks(21))
    curve = CurveSettings(spacing=1.5)
    train(brain, SELF, 20_000, seed=6, progress_every=1000, curve=curve)
    before = len(brain.learning_curve)
    train(brain, SELF, 2000, seed=7, progress_every=100, curve=curve)
    added = [p.games for p in brain.learning_curve[before:]]
    assert added[0] < 20_500 and added[-1] == 22_000  # from the start of this training
    assert len(added) >= 5  # on the way, spaced by half again of what it has trained
    fresh = HatBrain(game_of_sticks(21))
    train(fresh, SELF, 2000, seed=7, progress_every=100, curve=curve)
    assert [p.games for p in fresh.learning_curve] == [0, 100, 200, 300, 500, 800, 1200, 1800,
                                                      2000]  # a fresh brain's, as before


def test_one_rule_says_which_trainings_keep_a_curve_and_how_dense() -> None:
    """``train`` and the lab keep the curve by one rule: points 1.5x apart, for a game whose
    start reaches at most 10,000 positions (Nim 5, 7, 9, 11, 13 reaches 80,640: none)."""
    from sticks_tui.engine.games.nim import Nim
    from sticks_tui.engine.learning_curve import kept_curve

    sticks = kept_curve(game_of_sticks(20), 100_000)
    assert sticks is not None and sticks.spacing == 1.5 and sticks.every == 1000
    assert kept_curve(game_of_sticks(20), 2000).every == 20  # type: ignore[union-attr]
    assert kept_curve(Nim((5, 7, 9, 11, 13)), 100_000) is None


class _OneReport:
    """A watcher's pacing that asks for one report for the whole training, its games in
    chunks of 97 (as the lab at full speed, which reports about once a second)."""

    def games_before_report(self, games_done: int) -> int:
        return 10**9

    def move_watcher(self) -> None:
        return None

    def next_chunk(self, games_done: int) -> int:
        return 97


@pytest.mark.parametrize("learner", ["hats", "q"])
def test_the_kept_curve_has_the_same_points_however_often_training_reports(learner: str) -> None:
    """The lab at full speed reported once for 10,000 games and kept only the curve's two
    ends ([0, 10000]); the checkpoints are the training's own, whatever the reports."""
    from sticks_tui.engine.learning_curve import checkpoint_every, kept_curve

    rules = Nim((1, 3, 5, 7))
    curve = kept_curve(rules, 10_000)
    curves = []
    for pacing in (None, _OneReport()):
        brain = HatBrain(rules) if learner == "hats" else QLearner(rules=rules)
        train(brain, SELF, 10_000, seed=4, progress_every=checkpoint_every(10_000), curve=curve,
              pacing=pacing)
        curves.append(brain.learning_curve)
    assert [p.games for p in curves[1]] == [
        0, 100, 200, 300, 500, 800, 1200, 1800, 2700, 4100, 6200, 9300, 10_000
    ]
    assert curves[1] == curves[0]  # the same points, measured of the same brain

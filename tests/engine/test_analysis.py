"""What the analysis reads off the hats, checked against the solver and against made-up data."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sticks_tui.engine import (
    SELF, BrainError, CurveSettings, HatBrain, RuleSet, Solver, TakeAway, game_of_sticks, train,
)
from sticks_tui.engine.analysis import DISAGREE, AnalysisError, analyse, find_rule
from sticks_tui.engine.learners.base import LOST, UNDECIDED, WON
from sticks_tui.engine.learners.hats.reading import classify
from sticks_tui.engine.learning_curve import curve_point, record_point, win_rate
from sticks_tui.engine.learners.base import CurvePoint
from sticks_tui.engine.solver import PeriodicRule, find_periodic_rule


def trained(rules: RuleSet, games: int, seed: int) -> HatBrain:
    brain = HatBrain(rules)
    train(brain, SELF, games, seed=seed)
    return brain


@pytest.fixture(scope="module")
def trained_100() -> HatBrain:
    """The brain of the issue: 100,000 self-play games at 100 sticks (about 2.5 s)."""
    return trained(game_of_sticks(100), 100_000, seed=2026)


@pytest.fixture(scope="module")
def trained_235() -> HatBrain:
    """Seed 003's game (takes 2, 3 or 5; a player who cannot move loses), 20,000 games at 60."""
    return trained(TakeAway(60, (2, 3, 5), misere=False), 20_000, seed=7)


def brain_from_pattern(rules: TakeAway, lost: set[int], top: int = 100, balls: int = 500) -> HatBrain:
    """A brain whose hats look as if the AI believed exactly ``lost`` are the lost positions.

    Every other hat has grown ``balls`` balls of a move into a believed-lost position (or, a
    twentieth as many, of its first move where there is none), so the believed-lost hats gain
    inflow and never grow, and the others gain far more balls than flow into them.
    """
    hats = {}
    for n in range(1, top + 1):
        counts = {str(t): 1 for t in rules.takes}
        legal = [t for t in rules.takes if t <= n]
        if n not in lost and legal:
            into_lost = [t for t in legal if n - t in lost]
            counts[str((into_lost or legal)[0])] += balls if into_lost else balls // 20
        hats[str(n)] = counts
    data = {
        "format": "sticks-tui-brain",
        "version": 1,
        "rules": rules.describe(),
        "games_played": 1000,
        "hats": hats,
    }
    return HatBrain.from_dict(data)


# -- the trained brain of the issue ------------------------------------------------------------
def test_trained_brain_states_the_mod_4_rule(trained_100: HatBrain) -> None:
    analysis = analyse(trained_100)
    assert analysis.inferred.rule == PeriodicRule(4, (1,), 0)
    assert "lost when n ≡ 1 (mod 4)" in analysis.inferred.describe()
    assert len(analysis.inferred.used) >= 90  # nearly every stick count backs it
    assert analysis.rule_matches_solver is True


def test_trained_brain_agrees_with_the_solver_where_it_prefers_the_winning_move(
    trained_100: HatBrain,
) -> None:
    analysis = analyse(trained_100)
    solver = Solver(trained_100.rules)
    checked = 0
    for report in analysis.positions:
        winning = solver.winning_moves(report.position)
        if winning and report.preferred in winning:
            assert not report.tied  # a real preference, not the first of equal balls
            assert report.agreement == "yes", report
            checked += 1
    assert checked >= 70  # the 75 winning positions, give or take the rarely met top ones
    assert analysis.disagreements == ()


def test_trained_brain_has_learned_which_positions_are_lost(trained_100: HatBrain) -> None:
    analysis = analyse(trained_100)
    for report in analysis.positions[:96]:  # the stick counts every game passes near
        assert report.learned_lost == (report.position % 4 == 1), report
        if report.learned == LOST and report.position > 1:
            assert report.confidence == pytest.approx(1 / 3)  # nothing learned to prefer


def test_fresh_brain_has_not_enough_data() -> None:
    analysis = analyse(HatBrain(game_of_sticks(100)))
    assert analysis.inferred.rule is None
    assert analysis.inferred.describe().startswith("not enough data")
    assert not analysis.inferred.enough_data
    assert {p.learned for p in analysis.positions} == {UNDECIDED}
    # a fresh hat has no belief, wrong or right: "?" everywhere
    assert {p.agreement for p in analysis.positions} == {"?"}
    assert analysis.solver_rule is not None
    assert analysis.solver_rule.rule == PeriodicRule(4, (1,), 0)  # the solver still answers


def test_brain_after_a_few_games_has_not_enough_data() -> None:
    brain = trained(game_of_sticks(100), 50, seed=1)
    assert analyse(brain).inferred.rule is None


def test_takes_2_3_5_normal_play_gives_mod_7_residues_0_and_1(trained_235: HatBrain) -> None:
    analysis = analyse(trained_235)
    assert analysis.inferred.rule == PeriodicRule(7, (0, 1), 0)
    assert analysis.inferred.describe().startswith("lost when n mod 7 is one of 0, 1")
    assert analysis.rule_matches_solver is True
    assert analysis.disagreements == ()


def test_misere_takes_2_3_position_without_a_move_is_decided_by_the_rules() -> None:
    brain = trained(TakeAway(30, (2, 3), misere=True), 5_000, seed=3)
    analysis = analyse(brain)
    one = analysis.positions[0]
    assert one.position == 1 and one.terminal and one.learned == WON and one.agreement == "yes"
    assert analysis.inferred.rule == PeriodicRule(5, (2, 3), 0)


def test_rule_comes_from_the_hats_not_from_the_solver() -> None:
    """Hats that believe n ≡ 1 (mod 5) are lost: the analysis says so, and marks the clash."""
    rules = game_of_sticks(100)
    believed = {n for n in range(1, 101) if n % 5 == 1}
    analysis = analyse(brain_from_pattern(rules, believed))
    assert analysis.inferred.rule == PeriodicRule(5, (1,), 0)
    assert analysis.solver_rule is not None
    assert analysis.solver_rule.rule == PeriodicRule(4, (1,), 0)
    assert analysis.rule_matches_solver is False
    assert 5 in analysis.disagreements  # lost, but the hats learned a move there
    assert 6 in analysis.disagreements  # won, but the hats believe it lost
    assert 21 not in analysis.disagreements  # lost both ways


def test_wrong_preference_is_a_disagreement() -> None:
    rules = game_of_sticks(100)
    brain = brain_from_pattern(rules, {n for n in range(1, 101) if n % 4 == 1})
    data = brain.to_dict()
    data["hats"]["7"] = {"1": 400, "2": 1, "3": 1}  # 7 sticks: take 2 wins, the hat prefers 1
    report = analyse(HatBrain.from_dict(data)).positions[6]
    assert (report.position, report.preferred, report.agreement) == (7, 1, DISAGREE)


def test_analysis_refuses_a_heap_too_large_to_solve() -> None:
    data = HatBrain(game_of_sticks(20)).to_dict()
    data["hats"]["99999999"] = {"1": 2, "2": 1, "3": 1}  # a hat that learned something
    with pytest.raises(AnalysisError, match="not analysed"):
        analyse(HatBrain.from_dict(data))


# -- what a position has learned ---------------------------------------------------------------
@pytest.mark.parametrize(
    ("growth", "inflow", "expected"),
    [
        (0, 5000, LOST),  # never grew while the moves into it did
        (3, 200, LOST),  # a little early luck does not hide it
        (5000, 0, WON),
        (300, 10, WON),
        (0, 0, UNDECIDED),  # never met
        (4, 3, UNDECIDED),  # too little to say
        (25, 25, UNDECIDED),  # still mixed
    ],
)
def test_classify(growth: int, inflow: int, expected: str) -> None:
    assert classify(growth, inflow) == expected


# -- the rule finder ---------------------------------------------------------------------------
def flags_of(period: int, residues: set[int], ns: range | list[int]) -> dict[int, bool]:
    return {n: n % period in residues for n in ns}


@pytest.mark.parametrize(
    ("period", "residues"),
    [(4, {1}), (4, {0}), (7, {0, 1}), (7, {2, 3}), (5, {1, 3}), (11, {0, 1, 4, 8}), (2, {0})],
)
def test_rule_finder_finds_other_periods(period: int, residues: set[int]) -> None:
    finding = find_rule(flags_of(period, residues, range(1, 101)))
    assert finding.rule == PeriodicRule(period, tuple(sorted(residues)), 0)
    assert finding.disagreements == ()
    assert len(finding.used) == 100


def test_rule_finder_tolerates_a_little_noise() -> None:
    flags = flags_of(4, {1}, range(1, 101))
    for n in (62, 80, 93):  # late positions, where the hats see little play
        flags[n] = not flags[n]
    finding = find_rule(flags)
    assert finding.rule == PeriodicRule(4, (1,), 0)
    assert finding.disagreements == (62, 80, 93)
    assert "3 of which disagree (62, 80, 93)" in finding.describe()


def test_rule_finder_gives_up_on_too_much_noise() -> None:
    rng = random.Random(5)
    flags = flags_of(4, {1}, range(1, 101))
    for n in rng.sample(range(1, 101), 30):
        flags[n] = not flags[n]
    finding = find_rule(flags)
    assert finding.rule is None
    assert finding.describe().startswith("no periodic rule")


def test_rule_finder_skips_gaps() -> None:
    rng = random.Random(11)
    kept = sorted(rng.sample(range(1, 101), 60))
    finding = find_rule(flags_of(7, {0, 1}, kept))
    assert finding.rule == PeriodicRule(7, (0, 1), 0)
    assert finding.used == tuple(kept)


def test_rule_finder_reports_an_irregular_prefix() -> None:
    flags = flags_of(4, {1}, range(1, 61))
    flags[1] = False
    flags[2] = True
    finding = find_rule(flags)
    assert finding.rule == PeriodicRule(4, (1,), 3)
    assert finding.describe().startswith("lost when n ≡ 1 (mod 4), for n ≥ 3")


def test_rule_finder_will_not_explain_only_a_short_tail() -> None:
    rng = random.Random(3)
    flags = {n: rng.random() < 0.5 for n in range(1, 61)}  # no rule at all...
    flags.update({n: n % 2 == 0 for n in range(61, 91)})  # ...but the last third alternates
    assert find_rule(flags, min_cover=0).rule == PeriodicRule(2, (0,), 61)
    assert find_rule(flags).rule is None


def test_rule_finder_needs_enough_positions() -> None:
    finding = find_rule(flags_of(4, {1}, range(1, 9)))
    assert finding.rule is None
    assert finding.describe() == "not enough data: 8 positions decided, at least 12 needed"


def test_rule_finder_needs_each_residue_seen_often_enough() -> None:
    # 14 positions cannot show a period of 7 three times over
    finding = find_rule(flags_of(7, {0, 1}, range(1, 15)))
    assert finding.rule is None
    assert "period up to 4" in finding.reason


@settings(max_examples=200, deadline=None)
@given(st.lists(st.booleans(), min_size=1, max_size=60), st.integers(0, 5))
def test_without_noise_it_is_the_solvers_rule_finder(bits: list[bool], lo: int) -> None:
    flags = {lo + i: bit for i, bit in enumerate(bits)}
    finding = find_rule(
        flags, noise=0, min_repeats=2, min_positions=1, max_period=None, min_cover=0
    )
    assert finding.rule == find_periodic_rule(flags)


# -- the learning curve ------------------------------------------------------------------------
def test_measuring_the_ai_does_not_teach_it(trained_100: HatBrain) -> None:
    before = trained_100.to_dict()
    point = curve_point(trained_100, game_of_sticks(100))
    assert trained_100.to_dict() == before
    assert point.games == 100_000
    assert point.hats_winnable == 75
    assert point.hats_right == 75


def test_win_rates_show_what_training_did(trained_100: HatBrain) -> None:
    rules = game_of_sticks(100)
    fresh = HatBrain(rules)
    assert win_rate(trained_100, rules, "random", 200, seed=1) > 0.95
    # it starts every other game, so perfect play scores 50% against the perfect player
    assert 0.4 <= win_rate(trained_100, rules, "perfect", 200, seed=1) <= 0.5
    assert win_rate(fresh, rules, "perfect", 200, seed=1) < 0.05
    assert win_rate(fresh, rules, "random", 200, seed=1) < 0.7
    assert win_rate(fresh, rules, "random", 50, seed=9) == win_rate(fresh, rules, "random", 50, seed=9)
    with pytest.raises(ValueError):
        win_rate(fresh, rules, "nobody")


def test_recorder_keeps_the_curve_with_the_brain() -> None:
    rules = game_of_sticks(30)
    brain = HatBrain(rules)
    seen: list[int] = []
    train(
        brain, SELF, 6_000, seed=4, progress=lambda p: seen.append(p.games_done),
        progress_every=250, curve=CurveSettings(games_per_point=100, seed=3, spacing=2),
    )
    curve = brain.learning_curve
    games = [p.games for p in curve]
    assert games == [0, 250, 500, 1000, 2000, 4000, 6000]  # doubling, and the end of training
    assert len(seen) == 24  # the progress callback saw every report
    assert curve[0].hats_right == 0 and curve[-1].hats_right == curve[-1].hats_winnable
    assert curve[-1].vs_random > curve[0].vs_random
    assert curve[-1].vs_perfect > curve[0].vs_perfect
    # saved with the brain and read back
    again = HatBrain.from_dict(brain.to_dict())
    assert again.learning_curve == curve
    assert brain.copy().learning_curve == curve


def test_recorder_does_not_record_the_same_games_twice() -> None:
    rules = game_of_sticks(12)
    brain = HatBrain(rules)
    settings = CurveSettings(games_per_point=10)
    assert record_point(brain, rules, settings) is not None
    assert record_point(brain, rules, settings) is None
    assert len(brain.learning_curve) == 1


def test_brain_file_without_a_curve_still_loads() -> None:
    data = HatBrain(game_of_sticks(20)).to_dict()
    assert "learning_curve" not in data  # files stay as they were when no curve is kept
    assert HatBrain.from_dict(data).learning_curve == []


GOOD_POINT = {"games": 10, "hats_right": 3, "hats_winnable": 7, "vs_random": 0.5, "vs_perfect": 0}


@pytest.mark.parametrize(
    ("curve", "message"),
    [
        ("lots", "must be a list"),
        ([{"games": 1}], "exactly games"),
        ([{**GOOD_POINT, "games": -1}], "games must be a whole number"),
        ([{**GOOD_POINT, "hats_right": True}], "hats_right must be a whole number"),
        ([{**GOOD_POINT, "vs_random": 1.5}], "vs_random must be a share"),
        ([{**GOOD_POINT, "vs_perfect": "half"}], "vs_perfect must be a share"),
        ([GOOD_POINT, {**GOOD_POINT, "games": 5}], "goes back"),
    ],
)
def test_malformed_curve_is_refused(curve: object, message: str) -> None:
    data = HatBrain(game_of_sticks(20)).to_dict()
    data["learning_curve"] = curve
    with pytest.raises(BrainError, match=message):
        HatBrain.from_dict(data)


def test_curve_point_from_file_is_read_exactly() -> None:
    data = HatBrain(game_of_sticks(20)).to_dict()
    data["learning_curve"] = [GOOD_POINT]
    assert HatBrain.from_dict(data).learning_curve == [CurvePoint(10, 3, 7, 0.5, 0.0)]

"""Every learner through one protocol: learning settings, brain files (version 3, and versions 1
and 2 as written before), one reader, and a learning curve for each."""

import copy
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sticks_tui.engine import (
    SELF,
    BrainError,
    CurvePoint,
    CurveSettings,
    HatBrain,
    HatSettings,
    Nim,
    QLearner,
    QSettings,
    SettingsError,
    StickyNim,
    TakeAway,
    game_of_sticks,
    learner_from_dict,
    train,
)

#: A brain file exactly as the program wrote it before learners had settings (the brain format's example).
HATS_V1 = {
    "format": "sticks-tui-brain",
    "version": 1,
    "rules": {"game": "takeaway", "takes": [1, 2, 3], "ending": "misere"},
    "games_played": 100000,
    "hats": {
        "1": {"1": 1, "2": 1, "3": 1},
        "4": {"1": 1, "2": 1, "3": 16626},
        "7": {"1": 1, "2": 16657, "3": 1},
    },
    "learning_curve": [
        {"games": 0, "hats_right": 0, "hats_winnable": 75, "vs_random": 0.5, "vs_perfect": 0},
    ],
}


def test_a_version_1_hat_file_loads_with_default_settings_and_every_count_unchanged():
    brain = learner_from_dict(copy.deepcopy(HATS_V1))
    assert isinstance(brain, HatBrain) and brain.settings == HatSettings()
    assert brain.games_played == 100_000
    assert brain.counts(4) == {1: 1, 2: 1, 3: 16626} and brain.counts(7) == {1: 1, 2: 16657, 3: 1}
    assert brain.learning_curve == [CurvePoint(0, 0, 75, 0.5, 0.0)]
    data = brain.to_dict()
    assert (data["version"], data["learner"]) == (3, "hats")
    assert data["settings"] == {
        "fresh_balls": 1, "balls_added_on_win": 1, "balls_taken_on_loss": 1, "floor": 1,
    }
    assert data["hats"] == {"4": {"3": 16626}, "7": {"2": 16657}}  # what differs from fresh
    assert HatBrain.from_dict(copy.deepcopy(HATS_V1)).to_dict() == data


def test_a_hat_brain_file_says_the_learner_and_its_settings():
    settings = HatSettings(fresh_balls=3, balls_added_on_win=2, balls_taken_on_loss=2, floor=2)
    brain = HatBrain(game_of_sticks(20), settings)
    train(brain, SELF, 300, seed=1)
    data = json.loads(json.dumps(brain.to_dict()))
    assert list(data)[:7] == [
        "format", "version", "learner", "rules", "settings", "games_played", "hats",
    ]
    again = learner_from_dict(data)
    assert isinstance(again, HatBrain) and again.settings == settings
    assert again.to_dict() == brain.to_dict()
    assert settings.changes() == {"fresh_balls": 3, "balls_added_on_win": 2,
                                  "balls_taken_on_loss": 2, "floor": 2}
    assert HatSettings().changes() == {}


class Half(random.Random):
    """Draws the middle ball of a hat of equal counts."""

    def random(self):
        return 0.5


@pytest.mark.parametrize(
    "settings, expected",
    [
        (HatSettings(), {1: 1, 2: 1, 3: 1}),  # seed 000: a loss throws the ball, floor 1
        (HatSettings(fresh_balls=4), {1: 4, 2: 3, 3: 4}),  # the drawn 2 is thrown away
        (HatSettings(fresh_balls=4, balls_taken_on_loss=3), {1: 4, 2: 1, 3: 4}),  # 4 - 3
        (HatSettings(fresh_balls=4, balls_taken_on_loss=3, floor=2), {1: 4, 2: 2, 3: 4}),
        (HatSettings(fresh_balls=4, balls_taken_on_loss=0), {1: 4, 2: 4, 3: 4}),  # it goes back
    ],
)
def test_the_settings_decide_what_a_loss_does(settings, expected):
    brain = HatBrain(game_of_sticks(10), settings)
    assert brain.draw(7, Half(), seat=1) == 2
    brain.game_over({1: False})
    assert brain.counts(7) == expected and brain.games_played == 1


def test_the_settings_decide_what_a_win_and_a_fresh_hat_hold():
    brain = HatBrain(game_of_sticks(10), HatSettings(fresh_balls=2, balls_added_on_win=5))
    assert brain.counts(7) == {1: 2, 2: 2, 3: 2}
    move = brain.draw(7, random.Random(0))
    brain.learn(won=True)
    assert brain.counts(7)[move] == 7  # the ball goes back with five more


@pytest.mark.parametrize(
    "values, message",
    [
        ({"floor": 0}, "floor must be at least 1"),
        ({"fresh_balls": 1, "floor": 2}, r"fresh_balls \(1\) must be at least the floor \(2\)"),
        ({"balls_added_on_win": 0, "balls_taken_on_loss": 0}, "would never change"),
        ({"balls_added_on_win": -1}, "balls_added_on_win must be from 0 to 1,000,000"),
        ({"fresh_balls": 2.5}, "fresh_balls must be a whole number"),
        ({"floor": True}, "floor must be a whole number"),
        ({"fresh_balls": 10**7}, "fresh_balls must be from 0"),
    ],
)
def test_bad_hat_settings_are_refused_with_a_reason(values, message):
    with pytest.raises(SettingsError, match=message):
        HatSettings(**values)


@pytest.mark.parametrize(
    "values, message",
    [
        ({"alpha": 0}, "alpha must be more than 0 and at most 1"),
        ({"alpha": 1.5}, "alpha must be more than 0 and at most 1"),
        ({"epsilon": -0.1}, "epsilon must be from 0 to 1"),
        ({"win_reward": -1, "loss_reward": -1}, "win_reward .* must be more than loss_reward"),
        ({"move_reward": float("nan")}, "move_reward must be a finite number"),
        ({"alpha": "fast"}, "alpha must be a number"),
        ({"loss_reward": -1e9}, "loss_reward must be from"),
    ],
)
def test_bad_q_settings_are_refused_with_a_reason(values, message):
    with pytest.raises(SettingsError, match=message):
        QSettings(**values)


def test_q_defaults_are_cs50s():
    assert QSettings() == QSettings(0.5, 0.1, 1, -1, 0)
    assert QLearner().settings == QSettings()
    with pytest.raises(SettingsError):
        QLearner(alpha=2)


# -- Q brain files ----------------------------------------------------------------------------
def trained_q(rules, games=1500, seed=1, **settings):
    learner = QLearner.with_settings(QSettings(**settings), rules=rules)
    train(learner, SELF, games, seed=seed)
    return learner


@pytest.mark.parametrize("rules", [Nim(), TakeAway(25, (2, 3, 5), misere=False), StickyNim(8)],
                         ids=lambda r: r.key)
def test_a_q_brain_round_trips_with_every_value_exact(rules):
    learner = trained_q(rules, alpha=0.3, epsilon=0.2, win_reward=2, loss_reward=-0.5,
                        move_reward=-0.01)
    start = rules.initial_position()
    awkward = [0.1 + 0.2, 5e-324, -1 / 3, 1e300]
    for move, value in zip(rules.legal_moves(start), awkward):
        learner.q[start, move] = value
    text = json.dumps(learner.to_dict())
    again = learner_from_dict(json.loads(text))
    assert isinstance(again, QLearner)
    assert again.q == learner.q
    assert all(repr(again.q[key]) == repr(value) for key, value in learner.q.items())
    assert again.settings == learner.settings and again.games_played == 1500
    assert json.dumps(again.to_dict()) == text


def test_a_q_brain_file_says_the_learner_its_settings_and_values_by_key():
    learner = QLearner(rules=Nim((1, 2)))
    learner.q[(1, 2), (1, 2)] = 0.75
    learner.q[(1, 2), (0, 1)] = -0.5
    learner.games_played = 3
    assert learner.to_dict() == {
        "format": "sticks-tui-brain",
        "version": 3,
        "learner": "q",
        "rules": {"game": "nim", "piles": [1, 2], "ending": "misere"},
        "settings": {"alpha": 0.5, "epsilon": 0.1,
                     "rewards": {"win": 1.0, "loss": -1.0, "move": 0.0}},
        "games_played": 3,
        "values": {"1,2": {"0:1": -0.5, "1:2": 0.75}},
    }


def q_file():
    data = QLearner(rules=Nim((1, 2))).to_dict()
    data["values"] = {"1,2": {"0:1": -0.5, "1:2": 0.75}}
    return data


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda d: d.update(learner="menace"), "\"learner\" must be one of 'hats', 'q'"),
        (lambda d: d.pop("learner"), "\"learner\" must be one of"),
        (lambda d: d.pop("settings"), "\"settings\" must be an object"),
        (lambda d: d["settings"].update(alpha=0), "bad \"settings\": alpha must be more than 0"),
        (lambda d: d["settings"].pop("rewards"), "bad \"settings\": Q settings must be"),
        (lambda d: d["settings"]["rewards"].update(win=-2), "must be more than loss_reward"),
        (lambda d: d.update(values=[]), "\"values\" must be an object"),
        (lambda d: d["values"].update({"1,x": {}}), "position '1,x'"),
        (lambda d: d["values"].update({"1,2": 5}), "position 1,2: the values must be an object"),
        (lambda d: d["values"]["1,2"].update({"0:2": 1}), "move 0:2 is not a legal move"),
        (lambda d: d["values"]["1,2"].update({"0-1": 1}), "move '0-1'"),
        (lambda d: d["values"]["1,2"].update({"0:1": "high"}), "must be a finite number"),
        (lambda d: d["values"]["1,2"].update({"0:1": float("nan")}), "must be a finite number"),
        (lambda d: d["values"]["1,2"].update({"0:1": True}), "must be a finite number"),
        (lambda d: d["values"]["1,2"].update({"0:1": 10**400}), "must be a finite number"),
        (lambda d: d["settings"].update(epsilon=10**400), "epsilon must be a finite number"),
        (lambda d: d.update(version=4), "version 4 is not supported"),
        (lambda d: d.update(rules={"game": "takeaway", "takes": [1], "ending": "misere"}),
         "not for Nim"),
    ],
)
def test_a_bad_q_brain_is_refused_with_a_reason(change, message):
    data = q_file()
    change(data)
    with pytest.raises(BrainError, match=message):
        learner_from_dict(data, Nim((1, 2)))


def test_each_reader_refuses_the_other_learners_file():
    with pytest.raises(BrainError, match="a Q-learner's brain, not a hat AI's"):
        HatBrain.from_dict(q_file())
    with pytest.raises(BrainError, match="a hat AI's brain, not a Q-learner's"):
        QLearner.from_dict(HatBrain(Nim((1, 2))).to_dict())
    assert isinstance(learner_from_dict(q_file()), QLearner)
    assert isinstance(learner_from_dict(HatBrain(Nim((1, 2))).to_dict()), HatBrain)


def test_a_q_learner_without_rules_has_no_brain_file():
    with pytest.raises(ValueError, match="without rules"):
        QLearner().to_dict()


# -- one protocol ------------------------------------------------------------------------------
LEARNERS = [lambda r: HatBrain(r), lambda r: QLearner(rules=r)]


@pytest.mark.parametrize("make", LEARNERS, ids=["hats", "q"])
def test_a_frozen_move_learns_nothing_and_a_copy_is_its_own(make):
    rules = game_of_sticks(15)
    learner = make(rules)
    train(learner, SELF, 500, seed=1)
    before = json.dumps(learner.to_dict())
    rng = random.Random(2)
    for n in range(1, 16):
        assert learner.sample_move(n, rng) in rules.legal_moves(n)
    assert json.dumps(learner.to_dict()) == before
    twin = learner.copy()
    train(twin, SELF, 100, seed=3)
    assert json.dumps(learner.to_dict()) == before
    assert twin.games_played == learner.games_played + 100


@pytest.mark.parametrize("make", LEARNERS, ids=["hats", "q"])
def test_an_abandoned_game_teaches_nothing(make):
    rules = game_of_sticks(15)
    learner = make(rules)
    train(learner, SELF, 200, seed=1)
    before = json.dumps(learner.to_dict())
    rng = random.Random(5)
    position = 15
    for seat in (0, 1, 0, 1):
        position = rules.apply(position, learner.move(position, rng, seat))
    learner.abandon()
    learner.game_over({0: True, 1: False})  # nothing is left to reward
    after = learner.to_dict()
    after["games_played"] -= 1
    assert json.dumps(after) == before


@pytest.mark.parametrize("make", LEARNERS, ids=["hats", "q"])
def test_every_learner_keeps_a_learning_curve_recorded_by_the_trainer(make):
    rules = Nim((1, 3, 5))
    learner = make(rules)
    seen = []
    result = train(learner, SELF, 4000, seed=1, progress_every=250,
                   curve=CurveSettings(games_per_point=50, seed=2, spacing=2),
                   progress=lambda p: seen.append(len(p.curve)))
    games = [p.games for p in learner.learning_curve]
    assert games == [0, 250, 500, 1000, 2000, 4000]
    assert result.curve == tuple(learner.learning_curve)
    assert seen[0] == 2 and seen[-1] == 6  # each report carries the points so far
    first, last = learner.learning_curve[0], learner.learning_curve[-1]
    assert last.hats_right > first.hats_right and last.vs_perfect > first.vs_perfect
    again = learner_from_dict(json.loads(json.dumps(learner.to_dict())))
    assert again.learning_curve == learner.learning_curve


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**30), 10**30) | st.floats() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
    max_leaves=6,
)


def paths(data, prefix=()):
    """Every place in a JSON object where a value could be swapped."""
    yield prefix
    if isinstance(data, dict):
        for key, value in data.items():
            yield from paths(value, prefix + (key,))


def swapped(data, path, value):
    data = copy.deepcopy(data)
    if not path:
        return value
    place = data
    for key in path[:-1]:
        place = place[key]
    place[path[-1]] = value
    return data


def small_hat_file():
    brain = HatBrain(Nim((1, 2)))
    train(brain, SELF, 20, seed=1)
    return brain.to_dict()


FILES = {"q": q_file(), "hats": small_hat_file(), "hats v1": HATS_V1}


@settings(max_examples=400, deadline=None)
@given(kind=st.sampled_from(sorted(FILES)), pick=st.integers(0, 10**6), value=json_values)
def test_any_value_anywhere_in_a_brain_file_is_a_learner_or_a_reason(kind, pick, value):
    data = FILES[kind]
    places = list(paths(data))
    mutated = swapped(data, places[pick % len(places)], value)
    try:
        learner = learner_from_dict(mutated)
    except BrainError as error:
        assert str(error) and "\n" not in str(error)
    else:
        assert learner.to_dict()["learner"] == kind.split()[0]

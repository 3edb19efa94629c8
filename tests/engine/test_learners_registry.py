"""The learners' registry: each learner is one entry, asked by name or by the learner it made,
and what a learner holds at a position (``values_at``) is one piece of data whichever it is."""

import random

import pytest

from sticks_tui.engine import SELF, HatBrain, Nim, QLearner, QSettings, game_of_sticks, parse_game, train
from sticks_tui.engine.learners.base import BrainError
from sticks_tui.engine.learners import (
    kind_of,
    learner_from_dict,
    learner_kind,
    learner_kinds,
    learner_names,
    learners_for,
    register_learner,
)


def test_the_registry_holds_the_hat_ai_first_then_the_q_learner():
    assert learner_names() == ("hats", "q")
    assert [kind.name for kind in learner_kinds()] == ["hats", "q"]
    assert learner_kind("q").words.a == "a Q-learner"
    assert learner_kind("hats").words.the == "the hat AI"


def test_an_unknown_learner_is_refused_naming_those_there_are():
    with pytest.raises(KeyError, match="there is no learner 'sarsa': hats, q are registered"):
        learner_kind("sarsa")


def test_a_learner_is_found_by_what_it_is():
    rules = game_of_sticks(10)
    assert kind_of(HatBrain(rules)) is learner_kind("hats")
    assert kind_of(QLearner(rules=rules)) is learner_kind("q")
    with pytest.raises(KeyError, match="not a registered learner"):
        kind_of(object())


def test_a_fresh_learner_of_each_kind_has_the_kinds_default_settings():
    rules = game_of_sticks(10)
    for kind in learner_kinds():
        learner = kind.make(rules)
        assert kind_of(learner) is kind
        assert learner.settings == kind.settings_type()
        assert learner.games_played == 0


def test_a_name_taken_or_not_one_word_is_refused():
    with pytest.raises(ValueError, match="is taken"):
        register_learner(learner_kind("hats"))
    with pytest.raises(ValueError, match="one lower-case word"):
        register_learner(_renamed("Hat AI"))


def _renamed(name: str):
    from dataclasses import replace

    return replace(learner_kind("hats"), name=name)


def test_the_learners_offered_follow_the_game():
    assert [k.name for k in learners_for(parse_game("nim:1,3,5,7"))] == ["hats", "q"]
    assert [k.name for k in learners_for(parse_game("sticky:62:3"))] == ["hats"]
    assert learner_kind("q").offered() == (
        "every take-away game, every Nim game and Sticky-Nim lines of up to 30 sticks"
    )


def test_a_brain_of_another_learner_than_asked_is_refused_saying_which_it_is():
    data = QLearner(rules=Nim((1, 2))).to_dict()
    with pytest.raises(BrainError, match="this is a Q-learner's brain, not a hat AI's"):
        learner_from_dict(data, kind="hats")
    assert isinstance(learner_from_dict(data, kind="q"), QLearner)


def test_a_version_1_file_is_read_as_hats_whatever_it_says():
    data = QLearner(rules=Nim((1, 2))).to_dict()
    data["version"] = 1  # version 1 files hold hats only: "learner" is not read
    with pytest.raises(BrainError, match="\"hats\" must be an object"):
        learner_from_dict(data)


# -- values_at: what a learner holds at a position --------------------------------------------
def test_a_fresh_hat_holds_every_legal_ball_alike_and_prefers_none():
    brain = HatBrain(game_of_sticks(10))
    values = brain.values_at(2)  # 3 sticks cannot be taken from 2
    assert [(m.move, m.value, m.learned) for m in values.moves] == [(1, 1, False), (2, 1, False)]
    assert [m.chance for m in values.moves] == [0.5, 0.5]
    assert values.counts and values.fresh and values.tied
    assert values.preferred == (1, 2)
    assert brain.positions() == []  # looking made no hat


def test_a_trained_hat_prefers_its_most_numerous_ball_and_shows_the_ball_drawn():
    brain = HatBrain(game_of_sticks(10))
    train(brain, SELF, 2000, seed=1)
    values = brain.values_at(7)
    assert values.preferred == brain.preferred_moves(7) == (2,)
    assert {m.move: m.value for m in values.moves} == brain.legal_counts(7)
    assert not values.fresh and not values.tied
    assert values.share(values.moves[1].value) == pytest.approx(brain.confidence(7))
    move = brain.draw(7, random.Random(2))
    assert brain.values_at(7).drawn == move
    assert brain.values_at(6).drawn is None


def test_a_q_learners_values_are_on_the_scale_of_its_rewards():
    rules = Nim((1, 2))
    learner = QLearner.with_settings(QSettings(win_reward=3.0, loss_reward=-1.0), rules=rules)
    learner.q[(1, 2), (1, 2)] = 3.0
    values = learner.values_at((1, 2))
    assert not values.counts and (values.low, values.high) == (-1.0, 3.0)
    assert values.preferred == ((1, 2),)
    best = next(m for m in values.moves if m.move == (1, 2))
    assert best.learned and values.share(best.value) == 1.0
    others = [m for m in values.moves if m.move != (1, 2)]
    assert all(m.value == 0.0 and not m.learned for m in others)
    assert values.share(0.0) == 0.25
    assert sum(m.chance for m in values.moves) == pytest.approx(1.0)


def test_a_learner_whose_options_or_fields_are_anothers_is_refused():
    from dataclasses import replace

    with pytest.raises(ValueError, match="the option --floor is hats.s setting already"):
        register_learner(replace(learner_kind("hats"), name="copycat"))

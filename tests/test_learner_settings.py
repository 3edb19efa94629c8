"""A learner's settings are declared once (a dataclass whose fields carry their help, range and
default): the checks and their messages, the brain file's "settings", the changed settings,
``train``'s options and the lab's fields all come from that one declaration."""

import argparse
from dataclasses import fields

import pytest

from sticks_tui.cli.train_options import add_settings_arguments, options_of
from sticks_tui.engine import HatSettings, QSettings, game_of_sticks
from sticks_tui.engine.learners import learner_kinds
from sticks_tui.engine.learners.settings import METADATA_KEY, SettingsError
from sticks_tui.storage.records import MemoryRecords
from sticks_tui.ui.lab_plan import default_settings, read_plan, settings_fields

KINDS = learner_kinds()
SETTINGS = [(kind, meta) for kind in KINDS for meta in kind.settings_type.settings()]
IDS = [f"{kind.name}-{meta.name}" for kind, meta in SETTINGS]


@pytest.mark.parametrize("kind", KINDS, ids=[kind.name for kind in KINDS])
def test_every_field_of_a_learners_settings_is_a_declared_setting(kind):
    declared = kind.settings_type.settings()
    assert [meta.name for meta in declared] == [f.name for f in fields(kind.settings_type)]
    assert all(METADATA_KEY in f.metadata for f in fields(kind.settings_type))
    defaults = kind.settings_type()
    assert all(getattr(defaults, meta.name) == meta.default for meta in declared)
    assert defaults.changes() == {}


def test_the_brain_files_settings_are_laid_out_as_declared():
    assert HatSettings().to_dict() == {
        "fresh_balls": 1, "balls_added_on_win": 1, "balls_taken_on_loss": 1, "floor": 1,
    }
    assert QSettings().to_dict() == {
        "alpha": 0.5, "epsilon": 0.1, "rewards": {"win": 1.0, "loss": -1.0, "move": 0.0},
    }
    changed = QSettings(epsilon=0.25, loss_reward=-2)
    assert QSettings.from_dict(changed.to_dict()) == changed
    assert changed.changes() == {"epsilon": 0.25, "loss_reward": -2.0}


@pytest.mark.parametrize(
    "settings, data, message",
    [
        (HatSettings, {"fresh_balls": 1}, "hat settings must be an object with exactly "
         "fresh_balls, balls_added_on_win, balls_taken_on_loss, floor"),
        (QSettings, [], "Q settings must be an object with exactly alpha, epsilon, rewards"),
        (QSettings, {"alpha": 0.5, "epsilon": 0.1, "rewards": {"win": 1, "loss": -1}},
         "rewards must be an object with exactly win, loss, move"),
    ],
)
def test_a_settings_object_without_exactly_its_keys_is_refused_naming_them(settings, data, message):
    with pytest.raises(SettingsError, match=message):
        settings.from_dict(data)


def _just_outside(meta):
    """A value just beyond each end of the setting's range."""
    step = 1 if meta.whole else 1e-6
    low = meta.low if meta.low_open else meta.low - step
    return [low, meta.high + step]


@pytest.mark.parametrize("kind, meta", SETTINGS, ids=IDS)
def test_a_setting_out_of_its_declared_range_is_refused_with_its_range(kind, meta):
    for value in _just_outside(meta):
        with pytest.raises(SettingsError) as refused:
            kind.settings_type(**{meta.name: int(value) if meta.whole else value})
        assert str(refused.value).startswith(f"{meta.name} must be {meta.range_words()}, got ")


@pytest.mark.parametrize("kind, meta", SETTINGS, ids=IDS)
def test_a_setting_of_the_wrong_kind_is_refused(kind, meta):
    wanted = "a whole number" if meta.whole else "a number"
    with pytest.raises(SettingsError, match=f"^{meta.name} must be {wanted}, got 'x'"):
        kind.settings_type(**{meta.name: "x"})


def test_the_ranges_read_as_before():
    words = {meta.name: meta.range_words() for _, meta in SETTINGS}
    assert words["fresh_balls"] == "from 0 to 1,000,000"
    assert words["alpha"] == "more than 0 and at most 1"
    assert words["epsilon"] == "from 0 to 1"
    assert words["win_reward"] == "from -1,000,000 to 1,000,000"


# -- what comes from the declaration --------------------------------------------------------------
def _help() -> str:
    parser = argparse.ArgumentParser(prog="train", formatter_class=argparse.RawTextHelpFormatter)
    add_settings_arguments(parser)
    return parser.format_help()


@pytest.mark.parametrize("kind", KINDS, ids=[kind.name for kind in KINDS])
def test_train_has_an_option_for_every_setting_with_its_default(kind):
    text = " ".join(_help().split())
    assert kind.words.settings in text
    for option, settings in options_of(kind):
        defaults = ",".join(f"{meta.default:g}" for meta in settings)
        assert f"{option} " in text
        assert f"(default {defaults}" in text
    given = {meta.name for _, settings in options_of(kind) for meta in settings}
    assert given == {meta.name for meta in kind.settings_type.settings()}


def test_the_q_learners_options_say_their_range_and_the_rewards_are_one_option():
    text = " ".join(_help().split())
    assert "--alpha A the learning rate, more than 0 and at most 1 (default 0.5)" in text
    assert "--epsilon E the chance of a random move while learning, 0 to 1 (default 0.1)" in text
    assert "--rewards WIN,LOSS,MOVE" in text and "(default 1,-1,0; write --rewards=-1" in text
    assert "--loss-balls N balls taken per drawn ball on a loss (default 1; 0 puts it back)" in text


@pytest.mark.parametrize("kind", KINDS, ids=[kind.name for kind in KINDS])
def test_the_labs_fields_are_the_settings_with_their_defaults(kind):
    fields_shown = settings_fields(kind.name)
    declared = kind.settings_type.settings()
    assert fields_shown == [(meta.form_id, meta.label) for meta in declared]
    assert default_settings(kind.name) == {
        meta.form_id: f"{meta.default:g}" for meta in declared
    }


@pytest.mark.parametrize("kind, meta", SETTINGS, ids=IDS)
def test_the_lab_names_a_bad_setting_by_its_label(kind, meta):
    values = {
        "learner": kind.name, "brain": "New brain", "against": "random", "games": "10",
        **default_settings(kind.name), meta.form_id: "x",
    }
    problems = read_plan(game_of_sticks(10), MemoryRecords(), values, lambda name, kind: None)
    assert isinstance(problems, dict)
    wanted = "a whole number" if meta.whole else "a number"
    assert problems["settings"] == f"'{meta.label}' must be {wanted}, got 'x'"

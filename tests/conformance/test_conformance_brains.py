"""Every game's brains survive their JSON file: every learner the game offers (hats, the
Q-learner and the tests' scorer where their tables fit) comes back with what it knows exactly,
the same settings and the same games; a brain for one game is refused for another; and every
brain file is valid against the brain format's JSON Schema."""

from __future__ import annotations

import json
from typing import Any

import pytest
from game_samples import GameSample
from jsonschema import Draft202012Validator

from sticks_tui.engine import RANDOM, SELF, BrainError, learner_from_dict, train
from sticks_tui.engine.learners import learner_kind
from sticks_tui.engine.learners.base import Learner
from sticks_tui.engine.learners.kind import LearnerKind
from sticks_tui.engine.learners.schema import brain_schema
from sticks_tui.engine.learners.settings import Settings, SettingsError

GAMES = 300


def changed_settings(kind: LearnerKind[Any]) -> Settings:
    """The learner's settings with as many changed from their defaults as the settings allow
    together (each moved inside its declared range)."""
    values: dict[str, Any] = {}
    for meta in kind.settings_type.settings():
        if meta.whole:
            candidate = meta.default + 1 if meta.default + 1 <= meta.high else meta.default - 1
        else:
            candidate = (meta.default + meta.high) / 2 if meta.high > meta.default else (
                (meta.default + meta.low) / 2
            )
        try:
            kind.settings_type(**{**values, meta.name: candidate})
        except SettingsError:
            continue
        values[meta.name] = candidate
    settings = kind.settings_type(**values)
    assert settings.changes(), "some setting can change"
    return settings


def trained(kind: str, game: GameSample, changed: bool) -> Learner[Any, Any]:
    entry = learner_kind(kind)
    learner = entry.make(game.rules(), changed_settings(entry) if changed else None)
    train(learner, [(RANDOM, GAMES), (SELF, GAMES)], seed=3)
    return learner


def through_json(data: dict[str, Any]) -> Any:
    return json.loads(json.dumps(data))


def knowledge(learner: Learner[Any, Any]) -> dict[Any, Any]:
    """What a learner knows, position by position, as it says it holds it."""
    return {position: learner.values_at(position) for position in learner.positions()}


@pytest.mark.parametrize("changed", [False, True], ids=["default settings", "changed settings"])
def test_a_brain_comes_back_from_its_json_file_exactly(game: GameSample, learner: str,
                                                       changed: bool) -> None:
    original = trained(learner, game, changed)
    again = learner_from_dict(through_json(original.to_dict()))
    assert type(again) is type(original)
    assert again.kind == original.kind == learner
    assert again.settings == original.settings
    assert again.settings.changes() == original.settings.changes()
    assert bool(again.settings.changes()) == changed
    assert again.games_played == original.games_played == 2 * GAMES
    assert again.rules is not None and original.rules is not None
    assert again.rules.key == original.rules.key
    assert again.rules.describe() == original.rules.describe()
    assert knowledge(again) == knowledge(original)
    assert len(knowledge(original)) > 1, "training taught it something to save"
    assert again.to_dict() == original.to_dict()


def test_the_brain_file_is_the_same_for_the_same_seed(game: GameSample, learner: str) -> None:
    assert trained(learner, game, False).to_dict() == trained(learner, game, False).to_dict()


def test_a_brain_for_one_game_is_refused_for_another(
    game: GameSample, learner: str, samples: list[GameSample]
) -> None:
    data = through_json(trained(learner, game, False).to_dict())
    rules = game.rules()
    assert learner_from_dict(data, rules).games_played == 2 * GAMES
    others = [sample.rules() for sample in samples]
    others = [other for other in others if other.key != rules.key]
    assert others
    for other in others:
        with pytest.raises(BrainError, match="this brain is for"):
            learner_from_dict(data, other)


@pytest.mark.parametrize("changed", [False, True], ids=["default settings", "changed settings"])
def test_the_brain_file_is_valid_against_the_schema_the_registries_build(
    game: GameSample, learner: str, changed: bool
) -> None:
    """The tests' own game and learner give their parts too: no schema is written by hand."""
    schema = brain_schema()
    data = through_json(trained(learner, game, changed).to_dict())
    errors = [error.message for error in Draft202012Validator(schema).iter_errors(data)]
    assert errors == []
    learners = [part["properties"].get("learner", {}).get("const") for part in schema["oneOf"]]
    assert learner in learners

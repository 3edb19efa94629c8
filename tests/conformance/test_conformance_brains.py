"""Every game's brains survive their JSON file: hats, and Q-learners where the game offers them,
come back with the same counts or values exactly, the same settings and the same games; a brain
for one game is refused for another."""

from __future__ import annotations

import json
from typing import Any

import pytest
from game_samples import GameSample

from sticks_tui.engine import (
    RANDOM,
    SELF,
    BrainError,
    HatBrain,
    HatSettings,
    QLearner,
    QSettings,
    learner_from_dict,
    train,
)

GAMES = 300
CHANGED_HATS = HatSettings(fresh_balls=4, balls_added_on_win=3, balls_taken_on_loss=2, floor=2)
CHANGED_Q = QSettings(alpha=0.25, epsilon=0.3, win_reward=2.0, loss_reward=-3.0,
                      move_reward=-0.125)


def trained(kind: str, game: GameSample, changed: bool) -> HatBrain | QLearner:
    rules = game.rules()
    learner: HatBrain | QLearner
    if kind == "hats":
        learner = HatBrain(rules, CHANGED_HATS if changed else None)
    else:
        learner = QLearner.with_settings(CHANGED_Q if changed else QSettings(), rules=rules)
    train(learner, [(RANDOM, GAMES), (SELF, GAMES)], seed=3)
    return learner


def through_json(data: dict[str, Any]) -> Any:
    return json.loads(json.dumps(data))


def knowledge(learner: HatBrain | QLearner) -> dict[Any, Any]:
    """What a learner knows, position by position, as the engine holds it."""
    if isinstance(learner, HatBrain):
        return {position: learner.counts(position) for position in learner.positions()}
    return dict(learner.q)


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

"""Every game can be learned: after a modest number of games against itself or against random,
a learner (each the game offers: hats; Q and the tests' scorer where their tables fit) beats a random player more often than it did fresh.

Fresh, either learner plays like the random player, so it wins about half its games when the
two take turns to start. The margin holds with room for every sample game: the smallest gain
measured on seeds 0 to 22 was 0.136 (take-away {2, 3, 5} from 7 sticks, where even perfect play
wins only 70% against random); most gains are 0.3 to 0.5.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from game_samples import GameSample

from sticks_tui.engine import RANDOM, SELF, LearnerPlayer, Match, RandomPlayer, Rules, train
from sticks_tui.engine.learners import learner_kind
from sticks_tui.engine.learners.base import Learner
from sticks_tui.engine.training import Opponent

TRAINING_GAMES = 2000
EVALUATION_GAMES = 500
#: How much more often a trained learner must win than the fresh one.
MARGIN = 0.10
SEEDS = (0, 1)


def share_won_against_random(learner: Learner[Any, Any], rules: Rules, seed: int) -> float:
    """The learner plays by its own rule (drawing balls, exploring), learning nothing, and
    starts every other game."""
    rng = random.Random(seed)
    won = 0
    for number in range(EVALUATION_GAMES):
        me = LearnerPlayer("learner", learner, rng, learns=False)
        them = RandomPlayer("random", rng)
        players = [me, them] if number % 2 == 0 else [them, me]
        loser = Match(rules, players).play_out()
        won += players[1 - loser] is me
    return won / EVALUATION_GAMES


@pytest.mark.parametrize("opponent", [SELF, RANDOM], ids=["self-play", "against random"])
def test_training_beats_random_more_often_than_a_fresh_learner(
    game: GameSample, learner: str, opponent: Opponent
) -> None:
    for seed in SEEDS:
        rules = game.rules()
        trainee = learner_kind(learner).make(rules)
        fresh = share_won_against_random(trainee, rules, 100 + seed)
        train(trainee, opponent, TRAINING_GAMES, seed=seed)
        trained = share_won_against_random(trainee, rules, 100 + seed)
        assert trained >= fresh + MARGIN, f"seed {seed}: {fresh:.2f} fresh, {trained:.2f} trained"

"""Every game has hats (SPEC section 6: one hat per position, one ball kind per move): a fresh hat
holds ``fresh_balls`` of each number, and however many games are lost, no hat ever holds fewer
than the floor of a number it may play."""

from __future__ import annotations

import random

import pytest
from game_samples import GameSample, random_line

from sticks_tui.engine import RANDOM, SELF, HatBrain, HatSettings, train

SETTINGS = {
    "seed 000's": HatSettings(),
    "changed": HatSettings(fresh_balls=3, balls_added_on_win=2, balls_taken_on_loss=3, floor=2),
    "losses take nothing": HatSettings(fresh_balls=2, balls_added_on_win=1,
                                       balls_taken_on_loss=0, floor=1),
}
TRAINING_GAMES = 400


@pytest.mark.parametrize("settings", SETTINGS.values(), ids=SETTINGS.keys())
def test_a_fresh_hat_holds_fresh_balls_of_each_number(game: GameSample,
                                                      settings: HatSettings) -> None:
    rules = game.rules()
    brain = HatBrain(rules, settings)
    positions = {p for line in (random_line(rules, random.Random(s)) for s in range(5))
                 for p in line if not rules.is_over(p)}
    for position in positions:
        kinds = rules.ball_kinds(position)
        assert brain.counts(position) == dict.fromkeys(kinds, settings.fresh_balls)
        assert set(rules.legal_moves(position)) <= set(kinds)
        assert set(brain.legal_counts(position)) == set(rules.legal_moves(position))


@pytest.mark.parametrize("settings", SETTINGS.values(), ids=SETTINGS.keys())
def test_hats_keep_their_floor_through_many_games(game: GameSample,
                                                  settings: HatSettings) -> None:
    rules = game.rules()
    brain = HatBrain(rules, settings)
    train(brain, [(RANDOM, TRAINING_GAMES), (SELF, TRAINING_GAMES)], seed=1)
    assert brain.games_played == 2 * TRAINING_GAMES
    fresh = {p: dict.fromkeys(rules.ball_kinds(p), settings.fresh_balls)
             for p in brain.positions()}
    assert any(brain.counts(p) != fresh[p] for p in brain.positions()), "the hats learned"
    lowest = []
    for position in brain.positions():
        assert set(brain.counts(position)) == set(rules.ball_kinds(position))
        if not rules.is_over(position):
            lowest.append(min(brain.legal_counts(position).values()))
    assert min(lowest) >= settings.floor
    if settings.balls_taken_on_loss > settings.fresh_balls - settings.floor:
        assert settings.floor in lowest, "some hat was pushed down to its floor"

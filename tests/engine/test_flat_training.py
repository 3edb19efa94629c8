"""The hat AI's flat take-away loops (engine/learners/hats/loops.py) leave, for the same seed,
exactly the brain the plain loop of train() leaves: self-play and against the machines, for
the Game of Sticks, other take sets, both endings and changed settings."""

import json
import random

import pytest

from sticks_tui.engine import (
    PERFECT,
    RANDOM,
    SELF,
    CurveSettings,
    HatBrain,
    HatSettings,
    MixedOpponent,
    TakeAway,
    game_of_sticks,
    train,
)
from sticks_tui.engine.learners.base import MachineOpponent
from sticks_tui.engine.learners.hats.loops import TakeAwayAgainstMachine, TakeAwaySelfPlay


def exact(brain: HatBrain) -> str:
    """The brain file, byte for byte."""
    return json.dumps(brain.to_dict())


RULES = [
    game_of_sticks(100), game_of_sticks(10), TakeAway(40, (2, 3, 5), misere=False),
    TakeAway(30, (1, 4), misere=True), TakeAway(3), TakeAway(12, (1, 2, 3), misere=False),
]
OPPONENTS = [SELF, RANDOM, PERFECT, MixedOpponent(0.3), MixedOpponent(1.0)]


@pytest.mark.parametrize("rules", RULES, ids=lambda r: f"{r.key}@{r.sticks}")
@pytest.mark.parametrize("against", OPPONENTS, ids=lambda o: o.name)
@pytest.mark.parametrize(
    "settings",
    [HatSettings(), HatSettings(3, 2, 2, 2), HatSettings(2, 1, 0, 1), HatSettings(4, 0, 3, 2)],
    ids=["seed", "changed", "keeps-losers", "adds-no-balls"],
)
def test_flat_loop_leaves_the_brain_the_plain_loop_leaves(rules, against, settings) -> None:  # noqa: ANN001
    flat, plain = HatBrain(rules, settings), HatBrain(rules, settings)
    for seed, games in ((5, 701), (6, 300)):  # and on from what the brain knows
        one = train(flat, against, games, seed=seed, progress_every=333)
        two = train(plain, against, games, seed=seed, progress_every=333, fast=False)
        assert one.tally == two.tally
        assert exact(flat) == exact(plain)
    assert flat.games_played == 1001


def test_a_schedule_with_a_curve_is_the_same_flat_or_plain() -> None:
    rules = game_of_sticks(60)
    schedule = [(RANDOM, 1001), (SELF, 3000), (MixedOpponent(0.5), 999), (PERFECT, 500)]
    flat, plain = HatBrain(rules), HatBrain(rules)
    curve = CurveSettings(spacing=1.5)
    one = train(flat, schedule, seed=11, progress_every=250, curve=curve)
    two = train(plain, schedule, seed=11, progress_every=250, curve=curve, fast=False)
    assert one.tally == two.tally
    assert exact(flat) == exact(plain)
    assert len(flat.learning_curve) > 5


def test_the_flat_loops_are_the_ones_chosen_for_take_away_games() -> None:
    """The proof above is about the flat loops: check train() plays them there."""
    brain = HatBrain(game_of_sticks(100))
    assert isinstance(brain.self_play_run(brain.rules, random.Random(1), 0), TakeAwaySelfPlay)
    run = brain.machine_run(brain.rules, random.Random(1), 0, MachineOpponent("perfect"))
    assert isinstance(run, TakeAwayAgainstMachine)


def test_a_heap_bigger_than_the_hats_trains_the_same_and_makes_hats_as_play_reaches_them() -> None:
    """A brain for 20 sticks (hats 1..100) trained from 130: the flat loop would need hats
    play has not made yet, so the plain-equal generic loop plays; the brain is the same."""
    flat, plain = HatBrain(game_of_sticks(20)), HatBrain(game_of_sticks(20))
    train(flat, SELF, 3, seed=2, rules=game_of_sticks(130))
    train(plain, SELF, 3, seed=2, rules=game_of_sticks(130), fast=False)
    assert exact(flat) == exact(plain)
    for against in (RANDOM, PERFECT):
        train(flat, against, 50, seed=3, rules=game_of_sticks(130))
        train(plain, against, 50, seed=3, rules=game_of_sticks(130), fast=False)
        assert exact(flat) == exact(plain)

"""A brain's memory follows what it learned (issue 20): a hat keeps only the counts that differ
from a fresh hat's, a Q table only the values it updated, the brain file the same; a file the
program wrote before (every hat met, every count) still loads, to the brain the same training
makes now; the rule sets keep no list of moves for the positions met."""

from __future__ import annotations

import json
import random
import tracemalloc
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sticks_tui.engine import (
    RANDOM,
    SELF,
    CurveSettings,
    HatBrain,
    HatSettings,
    Nim,
    QLearner,
    StickyNim,
    TakeAway,
    game_of_sticks,
    learner_from_dict,
    parse_game,
    train,
)
from sticks_tui.engine.learners.hats import self_play as hat_self_play
from sticks_tui.engine.learners.q import self_play as q_self_play
from sticks_tui.engine.learners.hats.draw import draw_index, fresh_index
from sticks_tui.engine.learners.q.reference import train_qlearner_reference

DATA = Path(__file__).parent / "data"

#: The brain files of tests/engine/data, written by the code before brains kept only what they
#: learned (4a9780a), and the `sticks-tui train` that wrote each (with --seed 7).
DENSE_FILES = {
    "dense_v2_sticks_hats.json": ("sticks", 30, 2000, HatSettings(), "hats"),
    "dense_v2_nim_hats.json": ("nim:2,3,4", None, 300, HatSettings(), "hats"),
    "dense_v2_sticky_hats.json": ("sticky:12:3", None, 300, HatSettings(fresh_balls=3), "hats"),
    "dense_v2_nim_q.json": ("nim:2,3,4", None, 300, None, "q"),
}


def fresh_hat(brain: HatBrain, position: object) -> dict[object, int]:
    return dict.fromkeys(brain.rules.ball_kinds(position), brain.settings.fresh_balls)


# -- the draw on a hat the brain does not keep -------------------------------------------------
@settings(max_examples=300, deadline=None)
@given(
    size=st.integers(1, 200),
    fresh=st.integers(1, 7),
    u=st.one_of(
        st.floats(0, 1, exclude_max=True),
        st.sampled_from([0.0, 1 - 2**-53, 0.5, 1 / 3, 2 / 3]),
    ),
    prefix=st.booleans(),
)
def test_a_fresh_hat_is_drawn_from_as_its_counts_would_be(size, fresh, u, prefix) -> None:
    legal = tuple(range(size // 2 + 1)) if prefix else tuple(range(size))  # as take-away's
    assert fresh_index(legal, u, fresh) == draw_index([fresh] * size, legal, u)


# -- what a brain keeps ------------------------------------------------------------------------
def test_a_hat_back_to_fresh_after_a_loss_is_not_kept() -> None:
    brain = HatBrain(Nim((2, 3)))
    start = brain.rules.initial_position()
    rng = random.Random(1)
    move = brain.draw(start, rng)
    assert brain.positions() == [start]  # a ball beside the hat: the hat is in play
    brain.learn(won=True)
    assert brain.positions() == [start] and brain.counts(start)[move] == 2
    assert brain.to_dict()["hats"] == {"2,3": {brain.rules.move_key(move): 2}}
    while brain.counts(start)[move] == 2:  # draw until that ball is drawn again, and lose
        if brain.draw(start, rng) == move:
            brain.learn(won=False)
        else:
            brain.abandon()
    assert brain.counts(start) == fresh_hat(brain, start)
    assert brain.positions() == [] and brain.to_dict()["hats"] == {}
    assert brain.counts(start) == fresh_hat(brain, start) and brain.positions() == []  # looked


@pytest.mark.parametrize("name", [n for n, case in DENSE_FILES.items() if case[4] == "hats"])
def test_the_hats_kept_are_the_hats_met_that_learned_something(name: str) -> None:
    """The files written before list every hat the training met: the same training now keeps
    exactly those whose balls differ from a fresh hat's, with the same balls."""
    spec, sticks, games, learning, _ = DENSE_FILES[name]
    dense = json.loads((DATA / name).read_text())
    brain = HatBrain(parse_game(spec, sticks), learning)
    train(brain, SELF, games, seed=7)
    rules, fresh = brain.rules, learning.fresh_balls
    learned = {
        rules.position_from_key(key) for key, balls in dense["hats"].items()
        if any(count != fresh for count in balls.values())
    }
    assert len(learned) < len(dense["hats"])  # some hats met are fresh (or fresh again)
    assert set(brain.positions()) == learned
    for key, balls in dense["hats"].items():
        counts = brain.counts(rules.position_from_key(key))
        assert {rules.move_key(move): n for move, n in counts.items()} == balls


@pytest.mark.parametrize("name", sorted(DENSE_FILES))
def test_a_dense_file_written_before_loads_to_the_brain_training_makes_now(name: str) -> None:
    spec, sticks, games, learning, kind = DENSE_FILES[name]
    old = learner_from_dict(json.loads((DATA / name).read_text()))
    rules = parse_game(spec, sticks)
    now: HatBrain | QLearner
    if kind == "hats":
        now = HatBrain(rules, learning)
    else:
        now = QLearner(rules=rules)
    every = max(1, min(1000, games // 100))  # as train did, with its learning curve
    train(now, SELF, games, seed=7, progress_every=every, curve=CurveSettings(spacing=1.5))
    assert old.games_played == now.games_played == games and old.learning_curve
    assert old.to_dict() == now.to_dict()  # the same brain, written the same way
    if isinstance(old, HatBrain):
        assert old._hats == now._hats  # kept the same way too


GAMES = [
    game_of_sticks(40), TakeAway(25, (2, 3, 5), misere=False), Nim((3, 4, 5)), StickyNim(14),
]
SETTINGS = [HatSettings(), HatSettings(1, 1, 0, 1), HatSettings(3, 2, 1, 2)]


@pytest.mark.parametrize("rules", GAMES, ids=lambda r: r.key)
@pytest.mark.parametrize("learning", SETTINGS, ids=["seed", "keeps-losers", "fresh-3"])
def test_a_brain_file_holds_no_fresh_hat_and_no_fresh_count(rules, learning) -> None:
    brain = HatBrain(rules, learning)
    train(brain, [(RANDOM, 400), (SELF, 800)], seed=3)
    hats = brain.to_dict()["hats"]
    assert hats and all(balls for balls in hats.values())
    assert all(n != learning.fresh_balls for balls in hats.values() for n in balls.values())
    assert len(hats) == len(brain.positions())
    assert brain.kept_counts() == sum(len(balls) for balls in hats.values())
    for position in brain.positions():
        assert brain.counts(position) != fresh_hat(brain, position)


# -- the fast loops, past what they remember position by position ------------------------------
@pytest.mark.parametrize("rules", [Nim((3, 4, 5)), StickyNim(14)], ids=lambda r: r.key)
def test_the_hat_loop_plays_the_same_games_past_its_remembered_positions(
    rules, monkeypatch: pytest.MonkeyPatch
) -> None:
    plain = HatBrain(rules)
    train(plain, SELF, 600, seed=9, fast=False)
    monkeypatch.setattr(hat_self_play, "ROW_MOVES_MAX", 40)  # a few positions' moves, then none
    fast = HatBrain(rules)
    train(fast, SELF, 600, seed=9)
    assert fast.to_dict() == plain.to_dict()


@pytest.mark.parametrize("rules", [Nim((2, 4, 6)), StickyNim(9)], ids=lambda r: r.key)
def test_the_q_loop_sets_the_same_values_past_its_remembered_positions(
    rules, monkeypatch: pytest.MonkeyPatch
) -> None:
    reference = train_qlearner_reference(rules, 500, seed=4)
    monkeypatch.setattr(q_self_play, "ROW_MOVES_MAX", 40)
    fast = QLearner(rules=rules)
    train(fast, SELF, 500, seed=4)
    assert fast.q == reference.q


def test_a_q_value_updated_to_0_is_kept() -> None:
    """With alpha 1 a move's value becomes its reward plus the next position's best value: 0
    for most moves of a game. CS50's table keeps those zeros, and so does the file."""
    learner = QLearner(alpha=1.0, rules=Nim((2, 3, 4)))
    train(learner, SELF, 50, seed=2)
    zeros = [key for key, value in learner.q.items() if value == 0]
    assert zeros
    values = learner.to_dict()["values"]
    for state, action in zeros:
        rules = learner.rules
        assert values[rules.position_key(state)][rules.move_key(action)] == 0


# -- the rule sets keep nothing per position met -----------------------------------------------
def _memory_kept(call) -> int:
    """Bytes still allocated after ``call()`` (what it left behind)."""
    tracemalloc.start()
    try:
        call()
        return tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()


def test_the_rules_keep_no_moves_of_the_positions_they_are_asked_about() -> None:
    """Before issue 20 the rules kept every legal move of every position asked about: 20,000
    positions of eight piles of 20 left 104 MB behind, 100,000 heaps 15 MB."""
    nim, rng = Nim((20,) * 8), random.Random(3)
    positions = {tuple(rng.randint(0, 20) for _ in range(8)) for _ in range(20_000)}
    assert _memory_kept(lambda: [nim.legal_moves(p) for p in positions]) < 1_000_000
    heaps = TakeAway(100_000, (1, 3, 4))
    assert _memory_kept(lambda: [heaps.legal_moves(n) for n in range(100_000)]) < 100_000
    line = StickyNim(62, 3)
    groups = {tuple(sorted((rng.randint(1, 20) for _ in range(3)), reverse=True))
              for _ in range(2_000)}
    line.legal_moves((62,))  # the moves of a group are listed once, a few kilobytes in all
    assert _memory_kept(lambda: [line.legal_moves(p) for p in groups]) < 200_000

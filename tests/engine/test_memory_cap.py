"""The memory cap of training (issue 20): before the process's memory would pass it, training
stops cleanly between two games, keeps what was learned and says why; with no cap, nothing is
watched."""

from __future__ import annotations

import itertools
import json
import subprocess
import sys
import textwrap

import pytest

from sticks_tui.engine import SELF, HatBrain, Nim, QLearner, game_of_sticks, learner_from_dict, train
from sticks_tui.engine.memory import DEFAULT_MEMORY_CAP, MemoryWatch, process_memory


def grows_with(learner):
    """A memory reading that grows with what ``learner`` keeps: 1,000 bytes a hat's count or a
    Q-value (so the stop comes at a known size of the brain)."""
    if isinstance(learner, HatBrain):
        return lambda: 1000 * learner.kept_counts()
    return lambda: 1000 * len(learner.q)


def ticking(step: int = 1000):
    """A memory reading that grows by ``step`` bytes each time it is read."""
    reads = itertools.count()
    return lambda: step * next(reads)


LEARNERS = {
    "hats, any game": lambda: HatBrain(Nim((9, 9, 9, 9))),
    "hats, take-away loop": lambda: HatBrain(game_of_sticks(100)),
    "q": lambda: QLearner(rules=Nim((9, 9, 9, 9))),
}


@pytest.mark.parametrize("make", list(LEARNERS.values()), ids=list(LEARNERS))
@pytest.mark.parametrize("fast", [True, False], ids=["fast", "plain"])
def test_training_stops_at_the_cap_between_games_and_keeps_what_it_learned(make, fast) -> None:
    """Memory read before every game, 1,000 bytes more each time: the 150th read would pass a
    cap of 150,000 bytes by the growth of the last game, so 149 games are played, by every
    loop."""
    learner = make()
    watch = MemoryWatch(150_000, ticking(), every=0)
    result = train(learner, SELF, 100_000, seed=5, fast=fast, memory_cap=watch)
    assert result.cancelled and result.memory_stop is not None
    assert (result.memory_stop.cap, result.memory_stop.used) == (150_000, 149_000)
    assert result.games_played == 149 == learner.games_played
    again = learner_from_dict(json.loads(json.dumps(learner.to_dict())))
    assert again.to_dict() == learner.to_dict() and again.games_played == 149
    if isinstance(learner, HatBrain):
        assert learner.balls_beside == [] and learner.positions()  # between two games


def test_a_cap_on_what_the_brain_keeps_stops_it_just_before() -> None:
    learner = LEARNERS["q"]()  # its table grows as it plays (a hat loop keeps its lists to sync)
    watch = MemoryWatch(150_000, grows_with(learner), every=0)
    result = train(learner, SELF, 100_000, seed=5, memory_cap=watch)
    assert result.memory_stop is not None and 0 < result.games_played < 100_000
    assert 130_000 <= grows_with(learner)() <= 150_000  # before passing the cap, not long before


def test_a_training_goes_on_from_where_the_cap_stopped_it() -> None:
    brain = HatBrain(Nim((9, 9, 9, 9)))
    first = train(brain, SELF, 10_000, seed=1, memory_cap=MemoryWatch(60_000, grows_with(brain),
                                                                       every=0))
    assert first.memory_stop is not None
    second = train(brain, SELF, 100, seed=2, memory_cap=None)
    assert second.memory_stop is None and not second.cancelled
    assert brain.games_played == first.games_played + 100


def test_a_process_already_past_the_cap_plays_no_game() -> None:
    brain = HatBrain(game_of_sticks(20))
    result = train(brain, SELF, 1000, seed=1, memory_cap=1 << 20)  # 1 MiB: far below any Python
    assert result.cancelled and result.games_played == 0 == brain.games_played
    assert result.memory_stop is not None and result.memory_stop.used > 1 << 20


def test_without_a_cap_every_game_is_played_and_the_default_cap_is_1_gib() -> None:
    brain = HatBrain(game_of_sticks(20))
    result = train(brain, SELF, 500, seed=1, memory_cap=None)
    assert not result.cancelled and result.memory_stop is None and brain.games_played == 500
    assert DEFAULT_MEMORY_CAP == 2**30
    assert train(HatBrain(game_of_sticks(20)), SELF, 10, seed=1).memory_stop is None


def test_the_memory_read_is_the_process_s_own() -> None:
    used = process_memory()
    assert used is not None and 10 * 2**20 < used < DEFAULT_MEMORY_CAP
    big = bytearray(64 * 2**20)
    big[:: 4096] = b"x" * len(big[:: 4096])  # touched: resident
    grown = process_memory()
    assert grown is not None and grown - used > 50 * 2**20
    del big


def test_a_real_process_stops_at_its_cap_with_the_brain_kept(tmp_path) -> None:
    """In a process of its own (whose memory only training grows), a cap 16 MiB above what the
    process holds: Nim with eight piles of 99 keeps about 3 KB a game, so training stops after
    some thousand games, long before its million, and the brain written keeps them all."""
    script = textwrap.dedent(
        """
        import json, sys
        from sticks_tui.engine import SELF, HatBrain, Nim, train
        from sticks_tui.engine.memory import process_memory
        brain = HatBrain(Nim((99,) * 8))
        cap = process_memory() + 16 * 2**20
        result = train(brain, SELF, 1_000_000, seed=1, memory_cap=cap)
        stop = result.memory_stop
        print(json.dumps({"games": result.games_played, "cap": cap, "stop": stop and stop.cap,
                          "after": process_memory(), "brain": brain.to_dict()}))
        """
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=300, check=True)
    seen = json.loads(done.stdout)
    assert seen["stop"] == seen["cap"] and 0 < seen["games"] < 1_000_000
    assert seen["after"] < seen["cap"] + 8 * 2**20  # stopped near the cap, not far past it
    brain = learner_from_dict(seen["brain"])
    assert brain.games_played == seen["games"] > 100 and len(brain.positions()) > 1000

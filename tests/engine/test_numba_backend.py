"""The compiled self-play loop (engine/learners/hats/compiled.py, the extra ``sticks-tui[fast]``)
leaves, for the same seed, exactly the brain the python loop leaves, and the generator goes on
exactly as if Python had made the draws. Only where numba is installed: CI's test command does
not need it."""

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from sticks_tui.engine import SELF, HatBrain, HatSettings, TakeAway, game_of_sticks, train

pytest.importorskip("numba")

RULES = [
    game_of_sticks(100), game_of_sticks(10), TakeAway(40, (2, 3, 5), misere=False),
    TakeAway(30, (1, 4), misere=True), TakeAway(3), TakeAway(57, (1, 3, 4), misere=False),
]


def trained(rules: TakeAway, seed: int, backend: str, settings: HatSettings | None = None,
            every: int = 1000) -> tuple[str, dict[str, object], float]:
    """The brain file byte for byte, the tally, and the next draw of the generator."""
    brain = HatBrain(rules, settings)
    rng = random.Random(seed)
    result = train(brain, SELF, 2_500, rng=rng, backend=backend, progress_every=every)
    return json.dumps(brain.to_dict()), dict(result.tally), rng.random()


@pytest.mark.parametrize("rules", RULES, ids=lambda r: f"{r.key}@{r.sticks}")
@pytest.mark.parametrize("seed", [0, 1, 2026])
def test_the_same_brain_as_the_python_loop(rules: TakeAway, seed: int) -> None:
    assert trained(rules, seed, "numba") == trained(rules, seed, "python")


@pytest.mark.parametrize(
    "settings",
    [HatSettings(3, 2, 0, 2), HatSettings(1, 0, 1, 1), HatSettings(5, 4, 3, 2)],
    ids=str,
)
def test_the_same_brain_with_changed_settings(settings: HatSettings) -> None:
    rules = game_of_sticks(60)
    assert trained(rules, 9, "numba", settings) == trained(rules, 9, "python", settings)


def test_the_same_brain_whatever_the_progress_chunks() -> None:
    """The kernel is called once per chunk: the generator must carry on across calls."""
    rules = game_of_sticks(100)
    assert trained(rules, 4, "numba", every=7) == trained(rules, 4, "python", every=2_500)


def test_auto_is_numba_where_installed() -> None:
    rules = game_of_sticks(25)
    assert trained(rules, 3, "auto") == trained(rules, 3, "numba")


def test_a_cancel_stops_between_games_and_keeps_a_sound_brain() -> None:
    brain = HatBrain(game_of_sticks(100))
    asked = iter(range(10**6))
    result = train(brain, SELF, 10_000, seed=1, backend="numba",
                   should_stop=lambda: next(asked) >= 3)
    assert result.cancelled
    assert 0 < result.games_played < 10_000
    assert brain.games_played == result.games_played
    assert all(count >= 1 for hat in brain.to_dict()["hats"].values() for count in hat.values())


#: In a process of its own: loads the kernel, then says how numba got it (compiled, or loaded
#: from its cache) and trains; prints both, and the brain.
KERNEL_RUN = """
import json, sys
from sticks_tui.engine import SELF, HatBrain, game_of_sticks, train
from sticks_tui.engine.learners.hats.compiled import load_kernel
stats = load_kernel().stats
brain = HatBrain(game_of_sticks(40))
train(brain, SELF, 2_000, seed=3, backend="numba")
hits, misses = sum(stats.cache_hits.values()), sum(stats.cache_misses.values())
print(json.dumps({"hits": hits, "misses": misses, "brain": brain.to_dict()}))
"""


def kernel_run(env: dict[str, str]) -> dict[str, object]:
    done = subprocess.run([sys.executable, "-c", KERNEL_RUN], capture_output=True, text=True,
                          env={**os.environ, **env}, timeout=300)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    return json.loads(done.stdout)


def python_brain() -> object:
    brain = HatBrain(game_of_sticks(40))
    train(brain, SELF, 2_000, seed=3, backend="python")
    return json.loads(json.dumps(brain.to_dict()))


def test_the_compiled_loop_is_kept_between_runs(tmp_path: Path) -> None:
    """The first run compiles into numba's cache; the next loads it from there."""
    env = {"NUMBA_CACHE_DIR": str(tmp_path / "cache")}
    first, second = kernel_run(env), kernel_run(env)
    assert (first["hits"], first["misses"]) == (0, 1)
    assert (second["hits"], second["misses"]) == (1, 0)
    assert first["brain"] == second["brain"] == python_brain()


def test_where_no_cache_can_be_written_it_compiles_for_the_run_quietly(tmp_path: Path) -> None:
    """Only the folder NUMBA_CACHE_DIR names may hold the cache, and it cannot be made (a file
    is in its way): the kernel is compiled all the same, nothing is said, the brain is the
    same."""
    (tmp_path / "a-file").write_text("")
    env = {"NUMBA_CACHE_DIR": str(tmp_path / "a-file" / "cache"),
           "NUMBA_CACHE_LOCATOR_CLASSES": "UserProvidedCacheLocator"}
    run = kernel_run(env)
    assert (run["hits"], run["misses"]) == (0, 1)
    assert run["brain"] == python_brain()

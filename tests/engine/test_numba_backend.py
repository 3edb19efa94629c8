"""The compiled self-play loop (engine/learners/hats/compiled.py, the extra ``sticks-tui[fast]``)
leaves, for the same seed, exactly the brain the python loop leaves, and the generator goes on
exactly as if Python had made the draws. Only where numba is installed: CI's test command does
not need it."""

import json
import random

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

"""The conformance suite: what must hold for EVERY registered game (DESIGN: "a new game is one
module"), run over the samples the registry itself gives (``tests/engine/game_samples.py``) and
over Wythoff's game, defined only in the tests.

A test that takes ``game`` runs once per sample game; one that takes ``game`` and ``learner``
also once per learner the game offers (hats always, Q where its ``capabilities`` allow).
Wythoff's game is in the registry while each module of the suite runs, and leaves it after, so
the engine's own tests still see a registry without it.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "engine"))  # game_samples

from game_samples import GameSample, every_sample, with_test_games

SAMPLES = every_sample()


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    names = metafunc.fixturenames
    if "game" in names and "learner" in names:
        cases = [
            (sample, kind) for sample in SAMPLES
            for kind in ("hats", "q") if kind == "hats" or sample.q_learning
        ]
        metafunc.parametrize(
            "game, learner", cases, ids=[f"{sample.id}-{kind}" for sample, kind in cases]
        )
    elif "game" in names:
        metafunc.parametrize("game", SAMPLES, ids=[sample.id for sample in SAMPLES])


@pytest.fixture(autouse=True, scope="module")
def _tests_games_registered() -> Iterator[None]:
    """Wythoff's game joins the registry for the module (specs, brain files and the command
    line then know it) and leaves it after."""
    with with_test_games():
        yield


@pytest.fixture
def samples() -> list[GameSample]:
    """Every sample game (for tests that need a second game)."""
    return SAMPLES

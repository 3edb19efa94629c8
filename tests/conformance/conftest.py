"""The conformance suite: what must hold for EVERY registered game and EVERY registered learner
(DESIGN: "a new game is one module"; a new learner one entry), run over the samples the games'
registry itself gives (``tests/engine/game_samples.py``) and over Wythoff's game, and over every
learner of the learners' registry, the scorer (``scorer_learner.py``: it learns only in
training) and the tallier (``tallier_learner.py``: it learns in play, kept as lessons), registered
by ``learner_samples.py``, all three defined only in the tests.

A test that takes ``game`` runs once per sample game; one that takes ``game`` and ``learner``
(a learner's name) also once per learner the game offers (its registry entry's ``fits``: the hat
AI always, the Q-learner and the scorer where the game's ``capabilities`` allow; the tallier
goes only the learners' journey).
The tests' game and learners are in the registries while each module of the suite runs, and
leave them after, so the engine's own tests still see registries without them.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "engine"))  # game_samples

from game_samples import GameSample, every_sample, with_test_games  # noqa: E402
from learner_samples import with_test_learners  # noqa: E402

from sticks_tui.engine.learners import learner_kinds  # noqa: E402

SAMPLES = every_sample()


#: Learners the per-game tests leave out: the tallier is the scorer with lessons, so it goes
#: only the journey of a brain kept as lessons (test_conformance_learner_journey.py), not every
#: game's tests again (about 50 s of the suite's processor time).
ONLY_THE_JOURNEY = ("tallier",)


def learners_of(sample: GameSample) -> list[str]:
    """The learners the game offers, by name, the scorer included."""
    with with_test_games(), with_test_learners():
        rules = sample.rules()
        return [
            kind.name for kind in learner_kinds()
            if kind.fits(rules) and kind.name not in ONLY_THE_JOURNEY
        ]


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    names = metafunc.fixturenames
    if "game" in names and "learner" in names:
        cases = [(sample, kind) for sample in SAMPLES for kind in learners_of(sample)]
        metafunc.parametrize(
            "game, learner", cases, ids=[f"{sample.id}-{kind}" for sample, kind in cases]
        )
    elif "game" in names:
        metafunc.parametrize("game", SAMPLES, ids=[sample.id for sample in SAMPLES])


@pytest.fixture(autouse=True, scope="module")
def _tests_games_registered() -> Iterator[None]:
    """Wythoff's game and the scorer join the registries for the module (specs, brain files,
    the command line and the app then know them) and leave them after."""
    with with_test_games(), with_test_learners():
        yield


@pytest.fixture
def samples() -> list[GameSample]:
    """Every sample game (for tests that need a second game)."""
    return SAMPLES

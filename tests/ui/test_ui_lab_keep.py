"""A training's end, as a person sees it (issue 33): the curve's checkpoints at full speed."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Select
from ui_helpers import (
    make_app,
    screen_name,
    training_done,
    wait_until,
)

from sticks_tui.cli.main import main
from sticks_tui.engine import Nim
from sticks_tui.engine.games import spec_of
from sticks_tui.engine.machines import Machine
from sticks_tui.storage.brain_cache import BrainRef
from sticks_tui.storage.brain_files import read_brain_file
from sticks_tui.ui.screens.lab.run import LabRunScreen
from sticks_tui.ui.widgets.curve import LearningCurvePlot

Q_AI = BrainRef("Q-learning AI", "q")


def run_screen(pilot: Pilot) -> LabRunScreen:
    screen = pilot.app.screen
    assert isinstance(screen, LabRunScreen)
    return screen


async def train_q_to_play(pilot: Pilot) -> LabRunScreen:
    """The mode screen of the game chosen, ``2`` with the new Q-learner chosen: it trains first
    (at full speed), to its end."""
    await pilot.pause()
    await pilot.press("ctrl+n")
    await wait_until(pilot, lambda: screen_name(pilot) == "ModeScreen")
    pilot.app.screen.query_one("#level", Select).value = Machine.Q_LEARNING
    await pilot.pause()
    await pilot.press("2")
    await wait_until(pilot, lambda: screen_name(pilot) == "LabRunScreen")
    run = run_screen(pilot)
    assert run.control.speed.is_full
    await training_done(pilot)
    return run


# -- 1: the curve's checkpoints do not depend on the speed -------------------------------------
async def test_a_trained_opponent_at_full_speed_keeps_the_curve_train_keeps(
    tmp_path: Path,
) -> None:
    """A new Q-learner trained before its game (at full speed, where the screen hears of it
    about once a second) kept only the two ends of its curve, [0, 1000]; ``sticks-tui train``
    keeps a point at each checkpoint where the games have grown by half (0, 10, 20, 30, 50...)."""
    rules = Nim((1, 3, 5, 7))
    out = tmp_path / "q.json"
    argv = ["train", "--game", spec_of(rules), "--learner", "q", "--games", "1000", "--seed",
            "3", "--out", str(out)]
    assert main(argv) == 0
    trained_by_train = [p.games for p in read_brain_file(out).learning_curve]
    assert trained_by_train == [0, 10, 20, 30, 50, 80, 120, 180, 270, 410, 620, 930, 1000]
    app = make_app(q_training_games=1000)
    app.settings.choose(rules)
    async with app.run_test(size=(80, 24)) as pilot:
        run = await train_q_to_play(pilot)
        shown = run.query_one(LearningCurvePlot).curve
        assert [p.games for p in shown] == trained_by_train  # the curve drawn
        await pilot.press("k")
        await wait_until(pilot, lambda: screen_name(pilot) != "LabRunScreen")
        saved = app.records.load_learner(rules, Q_AI.name, Q_AI.learner)
        assert saved is not None
        assert [p.games for p in saved.learning_curve] == trained_by_train  # the curve kept

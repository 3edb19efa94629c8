"""The trained computer (option 3): it tops up the brain "Trained AI" by self-play through the
lab's pipeline (the lab's run screen, at full speed), with progress, live hats and cancel, then
plays it."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static
from ui_helpers import (
    TRAINING_GAMES,
    make_app,
    palette_highlights,
    screen_name,
    screen_text,
    to_training,
    training_done,
    wait_until,
)

from sticks_tui.engine import game_of_sticks
from sticks_tui.storage.sqlite.store import SqliteStore, open_records
from sticks_tui.ui.screens.board.screen import BoardScreen
from sticks_tui.ui.screens.lab.run import LabRunScreen
from sticks_tui.ui.presenters.hats import HatChart


def text(pilot, selector: str) -> str:  # noqa: ANN001
    return str(pilot.app.screen.query_one(selector, Static).render())


async def test_option_3_trains_the_trained_ai_through_the_labs_pipeline_then_plays_it() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await to_training(pilot, 20)
        training = pilot.app.screen
        assert isinstance(training, LabRunScreen)  # the lab's pipeline, at full speed
        assert training.control.speed.is_full
        assert training.plan.name == "Trained AI" and training.plan.kind == "hats"
        assert 'Training "Trained AI" (hats) by self-play' in screen_text(pilot)
        await training_done(pilot)
        await wait_until(pilot, lambda: training.result is not None)
        assert training.games_done == TRAINING_GAMES
        progress = text(pilot, "#run-progress")
        assert f"{TRAINING_GAMES:,} of {TRAINING_GAMES:,}" in progress and "games/s" in progress
        assert f"Trained for {TRAINING_GAMES:,} games" in screen_text(pilot)
        chart = training.query_one(HatChart)
        assert chart.snapshot is not None and chart.snapshot.games_played == TRAINING_GAMES
        # the hats learned something: some hat is no longer 1, 1, 1
        assert any(balls != (1, 1, 1) for balls in chart.snapshot.balls.values())
        assert "Play (p)" in screen_text(pilot)
        await pilot.press("enter")  # the Play button has the focus
        await wait_until(pilot, lambda: screen_name(pilot) == "BoardScreen")
        board = pilot.app.screen
        assert isinstance(board, BoardScreen)
        ai = board.table.seats[1]
        assert ai.name == "Trained AI" and ai.brain is not None
        assert ai.brain.games_played == TRAINING_GAMES
        assert ai.brain is app.brains.hats(board.rules, "Trained AI")  # the app's one brain
        await pilot.press("1")
        await wait_until(pilot, lambda: len(board.match.history) == 2)
        assert board.match.history[1].player == 1


async def test_cancel_keeps_what_was_learned_and_keys_work_while_training() -> None:
    # far more games than the test lasts (a million take only seconds on the fast path)
    app = make_app(training_games=10_000_000)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_training(pilot, 20)
        training = pilot.app.screen
        assert isinstance(training, LabRunScreen)
        assert training.control.speed.is_full
        await pilot.press("f1")  # the UI answers keys while the worker trains
        assert screen_name(pilot) == "HelpScreen"
        await pilot.press("escape")
        assert pilot.app.screen is training
        await wait_until(pilot, lambda: training.games_done > 0)
        await pilot.press("c")
        await training_done(pilot)
        await wait_until(pilot, lambda: training.result is not None)
        result = training.result
        assert result is not None and result.cancelled
        assert 0 < result.games_played < 10_000_000
        assert f"Cancelled after {result.games_played:,}" in screen_text(pilot)
        await pilot.press("p")
        await wait_until(pilot, lambda: screen_name(pilot) == "BoardScreen")
        brain = pilot.app.screen.table.seats[1].brain  # type: ignore[attr-defined]
        assert brain.games_played == result.games_played


async def _train_from_the_palette(pilot, cancel: bool) -> int:  # noqa: ANN001
    """Palette, Training; let it finish or cancel it; then Esc. The games trained."""
    await pilot.press("ctrl+p")
    await wait_until(pilot, lambda: screen_name(pilot) == "CommandPalette")
    await pilot.press(*"Training")
    await wait_until(pilot, lambda: palette_highlights(pilot, "Training"))
    await pilot.press("enter")
    await wait_until(pilot, lambda: screen_name(pilot) == "LabRunScreen")
    training = pilot.app.screen
    assert isinstance(training, LabRunScreen)
    if cancel:
        await wait_until(pilot, lambda: training.games_done > 0)
        await pilot.press("c")
    await training_done(pilot)
    await wait_until(pilot, lambda: training.result is not None)
    assert training.result is not None and training.result.cancelled is cancel
    # before a game, keeping goes on to it, and says so (it said only "Keep what it learned")
    assert "Keep it and play (k), or discard it (d)." in screen_text(pilot)
    await pilot.press("escape")  # back, without pressing Play
    await wait_until(pilot, lambda: screen_name(pilot) != "LabRunScreen")
    return training.result.games_played


async def _saved_after_training(tmp_path: Path, cancel: bool) -> tuple[int, int | None]:
    warnings: list[str] = []
    records = open_records(tmp_path, warn=warnings.append)
    app = make_app(records=records, training_games=1_000_000 if cancel else TRAINING_GAMES)
    async with app.run_test(size=(80, 24)) as pilot:
        trained = await _train_from_the_palette(pilot, cancel)
        await pilot.press("ctrl+q")
    records.close()  # type: ignore[attr-defined]
    assert warnings == []
    with SqliteStore.open(tmp_path) as store:  # what `brain export --ai "Trained AI"` reads
        brain = store.load_brain(game_of_sticks(20), "Trained AI")
    return trained, None if brain is None else brain.games_played


async def test_finished_training_is_saved_without_pressing_play(tmp_path: Path) -> None:
    trained, saved = await _saved_after_training(tmp_path, cancel=False)
    assert trained == TRAINING_GAMES
    assert saved == TRAINING_GAMES


async def test_cancelled_training_is_saved_without_pressing_play(tmp_path: Path) -> None:
    trained, saved = await _saved_after_training(tmp_path, cancel=True)
    assert 0 < trained < 1_000_000
    assert saved == trained


async def test_the_trained_ai_is_the_saved_one_not_retrained_each_time() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await to_training(pilot, 20)
        await training_done(pilot)
        await pilot.press("escape")  # back to the mode screen without playing
        await wait_until(pilot, lambda: screen_name(pilot) == "ModeScreen")
        await pilot.press("3")  # it has learned its games: straight to the board
        await wait_until(pilot, lambda: screen_name(pilot) == "BoardScreen")
        brain = pilot.app.screen.table.seats[1].brain  # type: ignore[attr-defined]
        assert brain.games_played == TRAINING_GAMES


async def test_a_cancelled_training_carries_on_up_to_the_budget_next_time() -> None:
    app = make_app(training_games=1_000_000)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_training(pilot, 20)
        first = pilot.app.screen
        await wait_until(pilot, lambda: first.games_done > 0)  # type: ignore[attr-defined]
        await pilot.press("c")
        await training_done(pilot)
        done = first.result.games_played  # type: ignore[attr-defined]
        await pilot.press("escape")
        await wait_until(pilot, lambda: screen_name(pilot) == "ModeScreen")
        await pilot.press("3")
        await wait_until(pilot, lambda: screen_name(pilot) == "LabRunScreen")
        assert pilot.app.screen.plan.games == 1_000_000 - done  # type: ignore[attr-defined]


async def test_enter_while_training_runs_does_not_cancel_it() -> None:
    """Enter plays once training is done; while it runs it must not stop it (only c or
    Escape do)."""
    app = make_app(training_games=10_000_000)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_training(pilot, 20)
        training = pilot.app.screen
        assert isinstance(training, LabRunScreen)
        await wait_until(pilot, lambda: training.games_done > 0)
        await pilot.press("enter")
        for _ in range(5):
            await pilot.pause()
        assert "Stopping" not in screen_text(pilot)
        assert training.result is None or not training.result.cancelled
        assert screen_name(pilot) == "LabRunScreen"
        await pilot.press("c")  # c still cancels
        await training_done(pilot)
        await wait_until(pilot, lambda: training.result is not None)
        assert training.result is not None and training.result.cancelled

"""Training: self-play in a worker thread, with progress, live hats, cancel, then play."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import ProgressBar, Static
from ui_helpers import (
    TRAINING_GAMES,
    make_app,
    palette_highlights,
    screen_name,
    to_training,
    training_done,
    wait_until,
)

from sticks_tui.engine import game_of_sticks
from sticks_tui.storage.store import SqliteStore, open_records
from sticks_tui.ui.screens.board import BoardScreen
from sticks_tui.ui.screens.training import TrainingScreen
from sticks_tui.ui.widgets.hats import HatChart


def text(pilot, selector: str) -> str:  # noqa: ANN001
    return str(pilot.app.screen.query_one(selector, Static).render())


async def test_trained_computer_trains_first_then_plays_with_what_it_learned() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await to_training(pilot, 20)
        training = pilot.app.screen
        assert isinstance(training, TrainingScreen)
        await training_done(pilot)
        await wait_until(pilot, lambda: training.result is not None)
        assert training.query_one(ProgressBar).progress == TRAINING_GAMES
        rate = text(pilot, "#training-rate")
        assert rate.startswith(f"{TRAINING_GAMES:,} of {TRAINING_GAMES:,} games")
        assert "games/s" in text(pilot, "#training-rate")
        assert text(pilot, "#training-title").startswith(f"Trained for {TRAINING_GAMES:,} games")
        chart = training.query_one(HatChart)
        assert chart.snapshot is not None and chart.snapshot.games_played == TRAINING_GAMES
        # the hats learned something: some hat is no longer 1, 1, 1
        assert any(balls != (1, 1, 1) for balls in chart.snapshot.balls.values())
        await pilot.press("enter")
        await wait_until(pilot, lambda: screen_name(pilot) == "BoardScreen")
        board = pilot.app.screen
        assert isinstance(board, BoardScreen)
        ai = board.table.seats[1]
        assert ai.name == "Trained AI" and ai.brain is not None
        assert ai.brain.games_played == TRAINING_GAMES
        await pilot.press("1")
        await wait_until(pilot, lambda: len(board.match.history) == 2)
        assert board.match.history[1].player == 1


async def test_cancel_keeps_what_was_learned_and_keys_work_while_training() -> None:
    # far more games than the test lasts (a million take only seconds on the fast path)
    app = make_app(training_games=10_000_000)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_training(pilot, 20)
        training = pilot.app.screen
        assert isinstance(training, TrainingScreen)
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
        assert text(pilot, "#training-title").startswith(f"Cancelled after {result.games_played:,}")
        await pilot.press("enter")
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
    await wait_until(pilot, lambda: screen_name(pilot) == "TrainingScreen")
    training = pilot.app.screen
    assert isinstance(training, TrainingScreen)
    if cancel:
        await wait_until(pilot, lambda: training.games_done > 0)
        await pilot.press("c")
    await training_done(pilot)
    await wait_until(pilot, lambda: training.result is not None)
    assert training.result is not None and training.result.cancelled is cancel
    assert "the AI keeps what it learned" in text(pilot, "#training-title")
    await pilot.press("escape")  # back, without pressing Play
    await wait_until(pilot, lambda: screen_name(pilot) != "TrainingScreen")
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
        await wait_until(pilot, lambda: screen_name(pilot) == "TrainingScreen")
        assert pilot.app.screen.games == 1_000_000 - done  # type: ignore[attr-defined]


async def test_enter_while_training_runs_does_not_cancel_it() -> None:
    """Enter is the Play key once training is done; while it runs it must not press the
    Cancel button (only c, Escape or a click cancel)."""
    app = make_app(training_games=10_000_000)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_training(pilot, 20)
        training = pilot.app.screen
        assert isinstance(training, TrainingScreen)
        await wait_until(pilot, lambda: training.games_done > 0)
        await pilot.press("enter")
        await pilot.press("space")
        for _ in range(5):
            await pilot.pause()
        assert not text(pilot, "#training-title").startswith("Stopping")
        assert training.result is None or not training.result.cancelled
        await pilot.click("#cancel")  # a click still cancels
        await training_done(pilot)
        await wait_until(pilot, lambda: training.result is not None)
        assert training.result is not None and training.result.cancelled

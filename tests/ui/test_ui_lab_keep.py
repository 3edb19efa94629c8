"""A training's end, as a person sees it (issue 33): the curve's checkpoints at full speed, the
tally after a cancel, the board's hats after Keep, and Keep before a game going on to it."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Select
from ui_helpers import (
    lab_at_full_speed,
    make_app,
    screen_name,
    screen_text,
    set_input,
    to_board,
    to_training,
    training_done,
    wait_until,
)

from sticks_tui.cli.main import main
from sticks_tui.engine import Nim, game_of_sticks
from sticks_tui.engine.games import spec_of
from sticks_tui.engine.learners.q.learner import QLearner
from sticks_tui.engine.machines import Machine
from sticks_tui.storage.brain_cache import BrainRef
from sticks_tui.storage.brain_files import read_brain_file
from sticks_tui.ui.screens.board.screen import BoardScreen
from sticks_tui.ui.screens.lab.run import LabRunScreen
from sticks_tui.ui.widgets.curve import LearningCurvePlot

Q_AI = BrainRef("Q-learning AI", "q")


def board(pilot: Pilot) -> BoardScreen:
    screen = pilot.app.screen
    assert isinstance(screen, BoardScreen)
    return screen


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


def words(text: str) -> str:
    """Text as a person reads it, whatever line it wrapped onto."""
    return " ".join(text.split())


def tally_line(pilot: Pilot) -> str:
    return next(line for line in screen_text(pilot).splitlines() if " won " in line).strip()


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


# -- 2: after a cancel, the tally counts what the headline counts ------------------------------
async def test_a_cancel_at_full_speed_shows_one_count_of_games_everywhere() -> None:
    """The headline said "Cancelled after 902,530 games." above "games 845,925 ...": the
    tally stopped at the last report before the cancel."""
    app = make_app(training_games=10_000_000)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_training(pilot, 20)
        run = run_screen(pilot)
        await wait_until(pilot, lambda: run.games_done > 0)  # a report came: games go on
        await pilot.press("c")
        await training_done(pilot)
        result = run.result
        assert result is not None and result.cancelled
        played = result.games_played
        text = screen_text(pilot)
        assert f"Cancelled after {played:,} games." in text
        assert f"{played:,} of 10,000,000" in text  # the progress
        assert f"{played:,} games learned" in text  # the hats' border
        tally = tally_line(pilot)
        assert tally.startswith(f"games {played:,} ")
        won, lost = (int(tally.split(word)[1].split()[0].replace(",", ""))
                     for word in (" won ", " lost "))
        assert won + lost == played
        await pilot.press("k")  # kept, as many as it says
        await wait_until(pilot, lambda: screen_name(pilot) != "LabRunScreen")
        assert app.brains.hats(game_of_sticks(20), "Trained AI").games_played == played


# -- 3: after Keep, the board shows the brain kept --------------------------------------------
async def test_after_keep_the_board_beneath_shows_the_kept_brain_at_once() -> None:
    """The lab opened from a finished board, its training kept: the board's hats showed the
    old balls and "1 game learned" until the next game."""
    app = make_app()
    sticks = game_of_sticks(10)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_board(pilot, "2", sticks=10)  # the learning AI, "AI"
        screen = board(pilot)
        while not screen.match.is_over:  # one stick a turn, to the end
            await pilot.press("1")
            await wait_until(pilot, lambda: screen.match.is_over or screen.match.to_move == 0)
        await wait_until(pilot, lambda: "1 game learned" in screen_text(pilot))
        chart = screen.query_one("#chart-1")
        before = chart.snapshot  # type: ignore[attr-defined]
        await pilot.press("f3")
        await wait_until(pilot, lambda: screen_name(pilot) == "LabScreen"
                         and bool(pilot.app.screen.query("#games")))
        await set_input(pilot, "#against", "random")
        await set_input(pilot, "#games", "300")
        await lab_at_full_speed(pilot)
        await pilot.press("enter")
        await wait_until(pilot, lambda: screen_name(pilot) == "LabRunScreen")
        await training_done(pilot)
        await pilot.press("k")
        await wait_until(pilot, lambda: pilot.app.screen is screen)
        await pilot.pause()
        text = screen_text(pilot)
        assert "301 games learned" in text and "1 game learned" not in text
        kept = app.brains.hats(sticks, "AI")
        assert kept.games_played == 301
        now = chart.snapshot  # type: ignore[attr-defined]
        assert now.games_played == 301 and now.balls != before.balls  # the hats kept


# -- 9: Keep before a game goes on to the game -------------------------------------------------
async def test_keep_after_training_an_opponent_first_lands_on_its_board() -> None:
    """``2`` with a new Q-learner trains it first; Keep went back to the mode screen, where the
    next keys went to its fields. Now it goes on to the game asked for, against the brain as
    kept, and the next key is a move."""
    app = make_app(q_training_games=300)
    rules = Nim((1, 3, 5))
    app.settings.choose(rules)
    async with app.run_test(size=(80, 24)) as pilot:
        await train_q_to_play(pilot)
        await pilot.press("k")
        await wait_until(pilot, lambda: screen_name(pilot) != "LabRunScreen")
        assert screen_name(pilot) == "BoardScreen"
        screen = board(pilot)
        ai = screen.table.seats[1]
        assert ai.name == "Q-learning AI" and screen.table.seats[0].is_human
        assert isinstance(ai.learner, QLearner) and ai.learner.games_played == 300
        assert ai.learner is app.brains.learner(rules, Q_AI)  # the brain kept
        await wait_until(pilot, lambda: "300 games learned" in screen_text(pilot))
        await pilot.press("1")  # a move: a stick from the first pile
        await wait_until(pilot, lambda: len(screen.match.history) >= 1)
        assert screen.match.history[0].player == 0


async def test_discard_after_training_an_opponent_first_goes_back_to_choose() -> None:
    """Discard keeps no game against a brain that learned nothing: back on the mode screen,
    saying so, the brain as it was (none saved), and its keys act there."""
    app = make_app(q_training_games=300)
    rules = Nim((1, 3, 5))
    app.settings.choose(rules)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await train_q_to_play(pilot)
        await pilot.press("d")
        await wait_until(pilot, lambda: screen_name(pilot) == "ModeScreen")
        await wait_until(pilot, lambda: "Discarded: Q-learning AI is as it was before." in words(
            screen_text(pilot).replace("▌", "")))  # the note, wrapped
        assert app.brains.learner(rules, Q_AI) is None
        assert app.records.load_learner(rules, Q_AI.name, Q_AI.learner) is None
        await pilot.press("1")  # the mode screen's own key: a friend's game
        await wait_until(pilot, lambda: screen_name(pilot) == "BoardScreen")
        assert all(seat.is_human for seat in board(pilot).table.seats)

"""The lab's models, without a screen: the running tally and the speed control."""

from __future__ import annotations

import threading
import time

from sticks_tui.engine import RANDOM, HatBrain, TrainingProgress, game_of_sticks, train
from sticks_tui.engine.pacing import CHUNK_FIRST, CHUNK_MOST, MoveSeen
from sticks_tui.storage.records import MemoryRecords
from sticks_tui.ui.speed import (
    DEFAULT_AI_DELAY,
    FULL_SPEED,
    LEAST_BETWEEN,
    SPEEDS,
    START_SPEED,
    RecentRate,
    SpeedControl,
    recalled_speed,
    remember_speed,
    time_left_words,
)
from sticks_tui.ui.widgets.tally import RunningTally, tally_text


def test_the_tally_counts_and_shares_over_the_last_games() -> None:
    tally = RunningTally()
    for game in range(150):
        tally.add(1, 1 if game >= 100 else 0)  # lost 100, then won 50
    assert (tally.games, tally.won, tally.lost) == (150, 50, 100)
    last = tally.last(100)
    assert last.games == 100 and last.share == 0.5 and last.exact
    assert tally.last(1000).games == 150 and round(tally.last(1000).share, 3) == 0.333
    text = tally_text(tally.figures()).plain
    assert "games 150  won 50  lost 100" in text and "last 100   50%" in text


def test_a_run_longer_than_the_window_stands_for_it_and_says_so() -> None:
    tally = RunningTally()
    tally.add(5000, 4000)
    last = tally.last(100)
    assert last.games == 100 and round(last.share, 2) == 0.8 and not last.exact
    assert "≈80%" in tally_text(tally.figures()).plain


def test_steps_let_one_game_through_while_paused_and_pause_after_stops_there() -> None:
    control = SpeedControl(FULL_SPEED, paused=True)
    control.step()
    assert control.games_before_report(0) == 1  # the step is used up, no wait
    control.pause(False)
    control.pause_after = 250
    assert control.games_before_report(200) == 50  # no further than where it pauses
    assert control.reached(250) and control.paused


def test_full_speed_plays_chunks_of_a_few_hundredths_and_reports_about_once_a_second() -> None:
    now = [0.0]
    control = SpeedControl(FULL_SPEED, clock=lambda: now[0])
    assert control.games_before_report(0) >= 1_000_000  # a run its chunks end
    assert control.move_watcher() is None  # the fast loops play
    assert control.next_chunk(0) == CHUNK_FIRST
    now[0] = 0.0001  # 16 games took 0.1 ms: the next chunk grows, at most fourfold
    assert control.next_chunk(16) == 4 * CHUNK_FIRST
    now[0] = 0.0081  # 64 games in 8 ms: 25 ms hold 200
    assert control.next_chunk(80) == 200
    now[0] = 0.1  # the first report comes soon after the start (at once, to the eye)
    assert control.next_chunk(400) == 0
    assert control.games_before_report(400) >= 1_000_000
    now[0] = 1.0  # then about a second of games between reports (the pace kept)
    assert control.next_chunk(400) == 200
    assert control.next_chunk(50_000) == 800  # no time for 49,600 games: at most fourfold
    sizes = [control.next_chunk(60_000 + n) for n in range(3)]
    assert sizes == [3200, CHUNK_MOST, CHUNK_MOST]  # a chunk is never more than this
    now[0] = 1.1  # a second since the run began: the run ends, a report comes
    assert control.next_chunk(100_000) == 0


def test_any_key_ends_a_full_speed_run_at_the_next_chunk() -> None:
    for key in ("pause", "slower", "faster", "full speed", "step"):
        control = SpeedControl(FULL_SPEED - 1 if key == "full speed" else FULL_SPEED)
        control.games_before_report(0)
        assert control.next_chunk(0) > 0
        {
            "pause": lambda c=control: c.pause(True),
            "slower": lambda c=control: c.faster(-1),
            "faster": lambda c=control: c.faster(1),
            "full speed": lambda c=control: c.set_speed(FULL_SPEED),
            "step": lambda c=control: (c.pause(True), c.step()),
        }[key]()
        assert control.next_chunk(16) == 0, key  # the chunk under way was the last
        assert control.key_games == 0


def test_a_pause_at_full_speed_lands_within_one_chunk_while_training_runs() -> None:
    """The order of events, not a time: a pause pressed while training runs at full speed
    stops it after at most the chunk under way (not a second of games later)."""
    control = SpeedControl(FULL_SPEED)
    reports: list[tuple[int, bool]] = []
    brain = HatBrain(game_of_sticks(20))

    def report(progress: TrainingProgress) -> None:
        reports.append((progress.games_done, control.reached(progress.games_done)))

    worker = threading.Thread(target=lambda: train(
        brain, RANDOM, 50_000_000, seed=3, pacing=control, progress=report,
        should_stop=control.should_stop, memory_cap=None,
    ))
    worker.start()
    try:
        while control.games_seen < 5000:  # training runs, some chunks in
            time.sleep(0.001)
        control.pause(True)
        while not (reports and reports[-1][1]):
            time.sleep(0.001)  # until the report that says paused
        paused_at = reports[-1][0]
        key = control.key_games
        assert key is not None and key <= paused_at <= key + control.chunks.games
        assert control.paused and brain.games_played <= paused_at + 0  # and no game since
    finally:
        control.stop()
        worker.join()


def test_games_per_second_are_over_about_the_last_second() -> None:
    rate = RecentRate()
    assert rate.add(0.0, 0) is None  # one report: nothing to measure yet
    assert rate.add(1.0, 100_000) == 100_000
    assert rate.add(2.0, 110_000) == 10_000  # the last second, not the average (55,000)
    assert rate.add(2.5, 115_000) == 10_000  # over the last second and a half at most
    rate.reset()
    assert rate.add(3.0, 115_000) is None


def test_the_time_left_is_said_in_plain_words() -> None:
    assert time_left_words(None) == "time left: —"
    assert time_left_words(0.2) == "about 1 s left at this speed"
    assert time_left_words(40) == "about 40 s left at this speed"
    assert time_left_words(130) == "about 2 min left at this speed"
    assert time_left_words(3 * 3600) == "about 3 h left at this speed"
    assert time_left_words(9 * 86_400) == "about 9 days left at this speed"


def test_the_lab_starts_slow_and_keeps_the_speed_chosen_last() -> None:
    records = MemoryRecords()
    assert recalled_speed(records) == START_SPEED and SPEEDS[START_SPEED].moves
    assert 0.2 <= SPEEDS[START_SPEED].wait <= 0.4  # moves about 0.3 s apart
    remember_speed(records, FULL_SPEED)
    assert recalled_speed(records) == FULL_SPEED
    records.remember({"lab_speed": "warp nine"})  # a speed no longer offered: the first one
    assert recalled_speed(records) == START_SPEED


def test_at_the_move_speeds_every_move_is_seen_and_a_step_is_one_move() -> None:
    seen: list[MoveSeen] = []
    control = SpeedControl(0, paused=True, on_move=seen.append)
    assert SPEEDS[0].moves and control.move_watcher() is not None
    brain = HatBrain(game_of_sticks(6))
    done = threading.Event()

    def training() -> None:
        train(brain, RANDOM, 1, seed=2, pacing=control, should_stop=lambda: control.stopped)
        done.set()

    worker = threading.Thread(target=training)
    worker.start()
    for moves in range(1, 20):
        while len(seen) < moves and not done.is_set():
            done.wait(0.01)  # until the move is made (no time is asserted)
        if done.is_set():
            break
        assert len(seen) == moves  # each step lets exactly one more move through
        control.step()
    worker.join()
    assert seen[-1].over and seen[-1].after == 0 and brain.games_played == 1


def test_the_watched_boards_next_step_is_due_as_the_control_says() -> None:
    """The board's watch asks the lab's control when its next step is due: at the speeds that
    show moves, the speed's pause (scaled by the app's AI pause); between the moves of games
    played undrawn, at once; before the next game, at least a moment (the screen draws
    meanwhile); paused, only when a key steps."""
    control = SpeedControl(START_SPEED)  # quick moves, 0.3 s apart at the default AI pause
    assert control.board_wait(DEFAULT_AI_DELAY, next_game=False) == SPEEDS[START_SPEED].wait
    assert control.board_wait(2 * DEFAULT_AI_DELAY, next_game=False) == 2 * SPEEDS[START_SPEED].wait
    assert control.board_wait(0.0, next_game=True) == LEAST_BETWEEN
    control.set_speed(FULL_SPEED)
    assert control.board_wait(DEFAULT_AI_DELAY, next_game=False) == 0.0
    assert control.board_wait(DEFAULT_AI_DELAY, next_game=True) == LEAST_BETWEEN
    control.pause()
    assert control.board_wait(DEFAULT_AI_DELAY, next_game=False) is None
    assert control.board_wait(DEFAULT_AI_DELAY, next_game=True) is None

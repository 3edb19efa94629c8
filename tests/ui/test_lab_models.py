"""The lab's models, without a screen: the running tally and the speed control."""

from __future__ import annotations

import threading

from sticks_tui.engine import RANDOM, HatBrain, game_of_sticks, train
from sticks_tui.engine.pacing import MoveSeen
from sticks_tui.ui.speed import FULL_SPEED, SPEEDS, SpeedControl
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


def test_full_speed_lets_through_the_games_of_about_a_second() -> None:
    now = [0.0]
    control = SpeedControl(FULL_SPEED, clock=lambda: now[0])
    assert control.games_before_report(0) == 100
    now[0] = 0.001  # 100 games took a millisecond: a hundred times more next (at most)
    assert control.games_before_report(100) == 10_000
    now[0] = 0.126  # 10,000 games in 125 ms: a second holds 80,000
    assert control.games_before_report(10_100) == 80_000
    assert control.move_watcher() is None  # the fast loops play


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

"""The lab at a speed a person can follow (SPEC section 11, "Speed"): it starts slow, remembers
the speed chosen last, goes to full speed on one key, and every key (a speed, pause, step) acts
at once, even at full speed: within one chunk of games. Order of events, never a time."""

from __future__ import annotations

import threading

import pytest
from test_ui_lab import open_lab
from textual import events
from textual.pilot import Pilot
from textual.widgets import Static
from ui_helpers import make_app, screen_name, screen_text, set_input, to_training, wait_until

from sticks_tui.engine import game_of_sticks
from sticks_tui.engine.pacing import MoveSeen
from sticks_tui.storage.records import MemoryRecords
from sticks_tui.ui.screens.lab.run import LabRunScreen
from sticks_tui.ui.speed import FULL_SPEED, SPEEDS, START_SPEED, SpeedControl


def footer(pilot: Pilot) -> str:
    return screen_text(pilot).splitlines()[-1]


def line(screen: LabRunScreen, selector: str) -> str:
    return str(screen.query_one(selector, Static).render())


async def run_screen(pilot: Pilot) -> LabRunScreen:
    await wait_until(pilot, lambda: screen_name(pilot) == "LabRunScreen")
    screen = pilot.app.screen
    assert isinstance(screen, LabRunScreen)
    return screen


async def test_the_lab_starts_slow_showing_moves_and_f_goes_to_full_speed_kept_next_time() -> None:
    records = MemoryRecords()
    app = make_app(records=records)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_lab(pilot, game_of_sticks(20), speed=None)  # as a person finds it
        await set_input(pilot, "#games", "1000000")
        await pilot.press("enter")
        screen = await run_screen(pilot)
        assert screen.control.index == START_SPEED and SPEEDS[START_SPEED].moves
        await wait_until(pilot, lambda: "game 1: " in screen_text(pilot))  # a move, shown
        assert "speed: quick moves" in screen_text(pilot) and "f Fastest" in footer(pilot)
        await wait_until(pilot, lambda: screen.games_done >= 1)
        await wait_until(pilot, lambda: "left at this speed" in line(screen, "#run-speed"))
        await pilot.press("f")
        assert screen.control.speed.is_full
        # thousands of games at once (the tests' clock makes a run at full speed 100 of its
        # readings long, some 900,000 games: the first run after a key is a tenth of that)
        await wait_until(pilot, lambda: screen.games_done > 5_000)
        assert "game " not in line(screen, "#run-move")  # no move left from the slow speed
        assert "w Watch" in footer(pilot) and "f Fastest" not in footer(pilot)
        screen.control.stop()
    assert records.recall("lab_speed") == "full speed"  # the next run starts there
    app = make_app(records=records)
    async with app.run_test(size=(80, 24)) as pilot:
        form = await open_lab(pilot, game_of_sticks(20), speed=None)
        assert form.speed_chosen == FULL_SPEED


async def test_a_pause_at_full_speed_lands_within_one_chunk_and_the_footer_says_resume() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_lab(pilot, game_of_sticks(20))
        await set_input(pilot, "#games", "10000000")
        await pilot.press("enter")
        screen = await run_screen(pilot)
        control = screen.control
        await wait_until(pilot, lambda: control.games_seen > 20_000)  # training runs
        assert "space Pause" in footer(pilot)
        await pilot.press("space")
        key = control.key_games
        assert key is not None
        await wait_until(pilot, lambda: "PAUSED" in line(screen, "#run-speed"))
        await wait_until(pilot, lambda: screen.games_done >= key)  # the report at the pause
        assert screen.games_done <= key + control.chunks.games  # at most the chunk under way
        assert screen.plan.learner.games_played == screen.games_done  # nothing since
        assert "space Resume" in footer(pilot) and "Pause" not in footer(pilot)
        assert "left at this speed" not in line(screen, "#run-speed")
        paused_at = screen.games_done
        await pilot.press("s")  # one game more
        await wait_until(pilot, lambda: screen.games_done == paused_at + 1)
        await pilot.press("minus")  # slower, while paused
        assert control.speed.label == "1,000 games a second" and control.paused
        await pilot.press("space")
        await wait_until(pilot, lambda: "space Pause" in footer(pilot))
        await wait_until(pilot, lambda: screen.games_done > paused_at + 1)
        control.stop()


async def test_a_key_right_after_enter_is_not_lost() -> None:
    """Enter and ``-`` typed at once (both queued before either is handled, as a quick
    typist's): the run starts, and ``-`` slows it, before its first report; it is not typed
    into the form."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_lab(pilot, game_of_sticks(20), speed=START_SPEED)
        for key, char in (("enter", "\r"), ("minus", "-")):
            app.post_message(events.Key(key, char))
        screen = await run_screen(pilot)
        await wait_until(pilot, lambda: "speed: one move at a time" in screen_text(pilot))
        assert screen.control.index == START_SPEED - 1
        assert screen.games_done == 0  # no report yet: the key came before the first
        assert screen.plan.against_words == "random"
        assert app.lab_forms[game_of_sticks(20).key]["against"] == "random"
        screen.control.stop()


async def test_option_3_trains_at_full_speed_and_w_watches_it_slowly() -> None:
    app = make_app(training_games=10_000_000)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_training(pilot, 20)
        screen = await run_screen(pilot)
        assert screen.control.speed.is_full
        await wait_until(pilot, lambda: "w Watch" in footer(pilot))
        await pilot.press("w")
        assert screen.control.index == START_SPEED
        await wait_until(pilot, lambda: "speed: quick moves" in screen_text(pilot))
        await wait_until(pilot, lambda: ": game over" in line(screen, "#run-move")
                         or " takes " in line(screen, "#run-move"))  # its moves, one by one
        assert "f Fastest" in footer(pilot)
        assert pilot.app.records.recall("lab_speed") is None  # the lab's own speed untouched
        await pilot.press("f")
        assert screen.control.speed.is_full
        screen.control.stop()


async def test_the_curve_of_a_brain_that_learned_much_grows_from_where_this_training_began(
) -> None:
    from sticks_tui.engine import SELF, CurveSettings, HatBrain, train
    from sticks_tui.ui.widgets.curve import LearningCurvePlot

    rules = game_of_sticks(20)
    brain = HatBrain(rules)
    train(brain, SELF, 20_000, seed=1, progress_every=1000, curve=CurveSettings(spacing=1.5))
    records = MemoryRecords()
    records.save_brain(brain, "Old hand")
    app = make_app(records=records)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_lab(pilot, rules, speed=FULL_SPEED - 1)  # 1,000 games a second
        await set_input(pilot, "#brain", "Old hand")
        await set_input(pilot, "#games", "3000")
        await pilot.press("enter")
        screen = await run_screen(pilot)
        await wait_until(pilot, lambda: screen.result is not None, tries=3000)
        shown = screen.query_one(LearningCurvePlot).curve
        assert shown[0].games == 20_000 and shown[-1].games == 23_000  # this training's
        assert len(shown) >= 3  # points on the way, not only its two ends
        await wait_until(pilot, lambda: "23,000 games" in screen_text(pilot))
        axis = next(row for row in screen_text(pilot).splitlines() if "23,000 games" in row)
        assert "20,000 " in axis  # the axis runs from this training's start, whole


async def test_after_a_cancel_no_speed_key_acts_and_nothing_of_the_old_state_is_left(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    release = threading.Event()  # the training thread is held after each move until then

    def held(self: SpeedControl, move: MoveSeen) -> None:
        if self.on_move is not None:
            self.on_move(move)
        release.wait()

    monkeypatch.setattr(SpeedControl, "_watch", held)
    records = MemoryRecords()
    app = make_app(records=records)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_lab(pilot, game_of_sticks(20), speed=START_SPEED)
        await pilot.press("enter")
        screen = await run_screen(pilot)
        await wait_until(pilot, lambda: "game 1: " in line(screen, "#run-move"))
        await pilot.press("c")  # stopping: the game in play ends first
        await wait_until(pilot, lambda: "Slower" not in footer(pilot))
        assert line(screen, "#run-speed") == "Stopping after this game..."
        assert "Pause" not in footer(pilot) and "Fastest" not in footer(pilot)
        await pilot.press("minus", "space", "f")  # nothing: the run is ending
        assert screen.control.index == START_SPEED and not screen.control.paused
        assert line(screen, "#run-speed") == "Stopping after this game..."
        release.set()
        await wait_until(pilot, lambda: screen.result is not None, tries=3000)
        await wait_until(pilot, lambda: "Cancelled after 1 game." in line(screen, "#run-speed"))
        assert line(screen, "#run-move") == ""  # no move left from the run
        await wait_until(pilot, lambda: "k Keep" in footer(pilot))  # the footer follows
        assert "Resume" not in footer(pilot)
        # once it has ended there is nothing to cancel: Escape goes back, keeping the game
        await wait_until(pilot, lambda: "esc Back" in footer(pilot))
        assert "Cancel" not in footer(pilot)
        await pilot.press("escape")
        await wait_until(pilot, lambda: screen_name(pilot) != "LabRunScreen")
    plan = screen.plan
    saved = records.load_brain(plan.rules, plan.name)
    assert saved is not None and saved.games_played == 1  # the one game played is kept


async def test_the_speed_is_chosen_on_the_form_enter_on_its_list_opens_it() -> None:
    from textual.widgets import Select

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        form = await open_lab(pilot, game_of_sticks(20), speed=None)
        speed = form.query_one("#speed", Select)
        assert "at quick moves" in screen_text(pilot)
        speed.focus()
        await pilot.press("enter")  # opens the list: does not start
        await wait_until(pilot, lambda: speed.expanded)
        assert screen_name(pilot) == "LabScreen"
        await pilot.press("down", "enter")  # a game at a time
        await wait_until(pilot, lambda: not speed.expanded)
        assert speed.value == START_SPEED + 1 and screen_name(pilot) == "LabScreen"
        await pilot.press("ctrl+n")
        screen = await run_screen(pilot)
        assert screen.control.speed.label == "a game at a time"
        screen.control.stop()
    assert app.records.recall("lab_speed") == "a game at a time"

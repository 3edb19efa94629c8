"""The training lab (SPEC section 8): choose a learner, its brain, an opponent and the games,
then watch it learn, pause, step, change speed, finish, and keep or discard what it learned."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Button, Input, Select, Static
from ui_helpers import (
    check_each,
    lab_at_full_speed,
    make_app,
    palette_highlights,
    screen_name,
    screen_text,
    set_input,
    to_mode,
    wait_until,
)

from sticks_tui.engine import SELF, HatBrain, Nim, StickyNim, game_of_sticks, train
from sticks_tui.engine.game import Rules
from sticks_tui.engine.learners.q.learner import QLearner
from sticks_tui.storage.brain_cache import BrainCache, BrainRef
from sticks_tui.storage.records import MemoryRecords
from sticks_tui.storage.sqlite.play_on import PlayOnRecords
from sticks_tui.storage.sqlite.store import SqliteStore
from sticks_tui.ui.app import SticksApp
from sticks_tui.ui.presenters.bars import OneHatChart
from sticks_tui.ui.presenters.hats import HatChart
from sticks_tui.ui.screens.lab.form import LabScreen
from sticks_tui.ui.screens.lab.run import LabRunScreen
from sticks_tui.ui.speed import FULL_SPEED

FAMILIES = [game_of_sticks(20), Nim((1, 3, 5)), StickyNim(8)]


async def open_lab(
    pilot: Pilot, rules: Rules, pause_after: int | None = None, speed: int | None = FULL_SPEED
) -> LabScreen:
    """The lab's form for ``rules``, its run to start at ``speed`` (None: as a person finds
    it, at the speed chosen last) and pause after ``pause_after`` games."""
    app = pilot.app
    assert isinstance(app, SticksApp)
    app.settings.choose(rules)
    await pilot.pause()
    app.push_screen(LabScreen(speed=speed, pause_after=pause_after))
    await lab_shown(pilot)
    screen = app.screen
    assert isinstance(screen, LabScreen)
    return screen


async def lab_shown(pilot: Pilot) -> None:
    """Until the lab's form is on screen (its fields composed)."""
    def shown() -> bool:
        return screen_name(pilot) == "LabScreen" and bool(pilot.app.screen.query("#against"))

    await wait_until(pilot, shown)


async def start(pilot: Pilot, games: int, against: str = "random") -> LabRunScreen:
    await set_input(pilot, "#against", against)
    await set_input(pilot, "#games", str(games))
    await pilot.press("enter")
    await wait_until(pilot, lambda: screen_name(pilot) == "LabRunScreen")
    screen = pilot.app.screen
    assert isinstance(screen, LabRunScreen)
    return screen


def chart_text(screen: LabRunScreen) -> str:
    """What the hats chart draws from (its snapshot, or its one hat's picture)."""
    for chart in screen.query(HatChart):
        return str(chart.snapshot)
    return str(screen.query_one(OneHatChart).picture)


def tally_line(pilot: Pilot) -> str:
    lines = screen_text(pilot).splitlines()
    return next(line for line in lines if "games " in line and " won " in line)


async def paused_at(pilot: Pilot, screen: LabRunScreen, games: int) -> None:
    await wait_until(
        pilot, lambda: screen.control.paused and screen.games_done == games, tries=3000
    )


@pytest.mark.parametrize("rules", FAMILIES, ids=lambda r: r.key)
async def test_the_lab_trains_against_random_pauses_steps_resumes_and_keeps(rules) -> None:
    records = MemoryRecords()
    app = make_app(records=records)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_lab(pilot, rules, pause_after=40)
        screen = await start(pilot, 300)
        fresh = str(screen.views.picture(HatBrain(rules)))
        await paused_at(pilot, screen, 40)
        assert "PAUSED" in screen_text(pilot)
        tally = tally_line(pilot)
        won, lost = (int(tally.split(word)[1].split()[0]) for word in (" won ", " lost "))
        assert tally.strip().startswith("games 40") and won + lost == 40
        assert chart_text(screen) != fresh  # the hats learned from the 40 games
        await pilot.press("s")  # one more game
        await paused_at(pilot, screen, 41)
        assert tally_line(pilot).strip().startswith("games 41")
        await pilot.press("space")  # resume to the end
        await wait_until(pilot, lambda: screen.result is not None, tries=3000)
        assert screen.result is not None and screen.result.games_played == 300
        assert "Trained for 300 games" in screen_text(pilot)
        await pilot.press("k")
        await wait_until(pilot, lambda: screen_name(pilot) != "LabRunScreen")
    saved = records.load_learner(rules, "Trained AI", "hats")
    assert saved is not None and saved.games_played == 300


async def test_one_move_at_a_time_shows_each_move_and_steps_by_a_move() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_lab(pilot, game_of_sticks(12), pause_after=5)
        screen = await start(pilot, 50)
        await paused_at(pilot, screen, 5)
        for _ in range(6):
            await pilot.press("minus")  # down to one move at a time
        assert screen.control.speed.label == "one move at a time"
        await pilot.press("s")
        await wait_until(pilot, lambda: "game 6: " in screen_text(pilot))
        first = screen.query_one("#run-move", Static).render()
        await pilot.press("s")
        await wait_until(pilot, lambda: screen.query_one("#run-move", Static).render() != first)
        assert "game 6: " in str(screen.query_one("#run-move", Static).render())
        assert screen.games_done == 5  # still the sixth game, one move further
        for _ in range(6):
            await pilot.press("plus")
        await pilot.press("space")
        await wait_until(pilot, lambda: screen.result is not None, tries=3000)
        assert screen.result is not None and screen.result.games_played == 50


async def test_cancel_keeps_what_was_learned_and_discard_keeps_nothing() -> None:
    records = MemoryRecords()
    app = make_app(records=records)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_lab(pilot, game_of_sticks(15), pause_after=30)
        screen = await start(pilot, 5000)
        await paused_at(pilot, screen, 30)
        await pilot.press("c")
        await wait_until(pilot, lambda: screen.result is not None)
        assert "Cancelled after 30 games" in screen_text(pilot)
        await pilot.press("escape")  # leaving keeps it, and says so
        await wait_until(pilot, lambda: screen_name(pilot) != "LabRunScreen")
        saved = records.load_brain(game_of_sticks(15), "Trained AI")
        assert saved is not None and saved.games_played == 30
        await open_lab(pilot, game_of_sticks(15), pause_after=10)
        screen = await start(pilot, 20)
        await paused_at(pilot, screen, 10)
        await pilot.press("space")
        await wait_until(pilot, lambda: screen.result is not None)
        await pilot.press("d")
        await wait_until(pilot, lambda: screen_name(pilot) != "LabRunScreen")
    saved = records.load_brain(game_of_sticks(15), "Trained AI")
    assert saved is not None and saved.games_played == 30  # the 20 discarded games are not in


async def test_a_run_past_its_memory_cap_stops_says_why_and_keeps_what_it_learned() -> None:
    """The lab's app holds far more than 1 MiB: a cap of 1M stops the run before its first game,
    at once, and says how to go on; what it learned (nothing yet) is kept on k."""
    records = MemoryRecords()
    app = make_app(records=records)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_lab(pilot, Nim((20,) * 8))
        await set_input(pilot, "#memory", "1M")
        screen = await start(pilot, 100_000, against="self")
        await wait_until(pilot, lambda: screen.result is not None)
        assert screen.result is not None and screen.result.memory_stop is not None
        text = screen_text(pilot)
        assert "Stopped at 1 MiB of memory after 0 games. Keep it (k) or discard it (d)." in text
        assert "To go on: keep it and train on from the saved brain, or raise the memory" in text
        await pilot.press("k")
        await wait_until(pilot, lambda: screen_name(pilot) != "LabRunScreen")
    assert records.load_brain(Nim((20,) * 8), "Trained AI") is not None


async def test_a_saved_brain_trains_on_with_its_own_settings_and_adds_the_games() -> None:
    records = MemoryRecords()
    rules = game_of_sticks(20)
    app = make_app(records=records)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_lab(pilot, rules)
        await set_input(pilot, "#brain", "Teacher")
        await set_input(pilot, "#win", "3")
        screen = await start(pilot, 200, against="self")
        await wait_until(pilot, lambda: screen.result is not None, tries=3000)
        await pilot.press("k")
        await wait_until(pilot, lambda: screen_name(pilot) != "LabRunScreen")
        teacher = records.load_brain(rules, "Teacher")
        assert teacher is not None and teacher.settings.balls_added_on_win == 3
        lab = await open_lab(pilot, rules)
        await set_input(pilot, "#brain", "Teacher")
        assert lab.query_one("#win", Input).value == "3" and lab.query_one("#win", Input).disabled
        assert "saved: 200 games learned" in screen_text(pilot)
        screen = await start(pilot, 100, against="random=50,Teacher=50")
        await wait_until(pilot, lambda: screen.result is not None, tries=3000)
        await pilot.press("k")
        await wait_until(pilot, lambda: screen_name(pilot) != "LabRunScreen")
    teacher = records.load_brain(rules, "Teacher")
    assert teacher is not None and teacher.games_played == 300
    assert teacher.settings.balls_added_on_win == 3


BAD_INPUT = [
    ("#against", "mixed:2", "between 0 and 1"),
    ("#against", "nobody", "No saved brain called 'nobody'"),
    ("#against", "random=10,self", "a schedule is OPPONENT=GAMES"),
    ("#games", "0", "must be from 1 to 10,000,000"),
    ("#games", "1e5", "not a whole number"),
    ("#brain", "a\tb", "cannot hold line breaks, tabs"),
    ("#brain", "", "Type the brain's name"),
    ("#brain", "\u0410\u0406", '"АІ" looks like "AI", the name of a computer player'),
    ("#brain", "Trained \u0410I", '"Trained АI" mixes letters of two alphabets (Latin and Cyr'),
    ("#brain", "perfect ai", '"perfect ai" is the name of a computer player (Perfect AI)'),
    ("#brain", "Random", '"Random" is the name of a computer player (Random AI)'),
    ("#floor", "0", "'floor' must be at least 1"),
    ("#fresh", "x", "must be a whole number"),
    ("#memory", "lots", "Not a size: 'lots'; give e.g. 512M or 2G"),
    ("#memory", "512", "Not a size: '512'"),
    ("#memory", "512K", "A memory cap is 1 MiB to 1 TiB, got 512 KiB"),
]


async def test_bad_input_is_said_beside_the_field_and_nothing_starts() -> None:
    """Each bad field in turn on one form, the others as the form opened."""
    async def check(pilot: Pilot, case: tuple[str, str, str]) -> None:
        field, text, message = case
        form = pilot.app.screen
        typed = form.query_one(field, Input).value
        try:
            await set_input(pilot, field, text)
            await pilot.press("enter")
            await pilot.pause()
            assert screen_name(pilot) == "LabScreen"
            assert message.casefold() in screen_text(pilot).casefold()
        finally:
            if screen_name(pilot) == "LabScreen":
                await set_input(pilot, field, typed)

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_lab(pilot, game_of_sticks(20))
        await check_each(pilot, BAD_INPUT, check)


async def test_a_schedule_starts_with_games_as_the_form_has_it_and_games_follow_it() -> None:
    """The prefilled 100000 in Games does not block a schedule typed in Against: Games follows
    the schedule; games typed by the person are theirs, and a mismatch is said."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        form = await open_lab(pilot, game_of_sticks(12))
        games = form.query_one("#games", Input)
        assert games.value == "100000"
        await set_input(pilot, "#against", "random=10,self=15", type_it=True)
        await wait_until(pilot, lambda: games.value == "25")  # it follows the schedule
        await set_input(pilot, "#against", "perfect")
        await wait_until(pilot, lambda: games.value == "100000")  # and back
        await set_input(pilot, "#games", "7", type_it=True)  # typed: the person's
        await set_input(pilot, "#against", "random=10,self=15")
        await wait_until(pilot, lambda: "The schedule plays 25 games" in screen_text(pilot))
        assert games.value == "7"
        await pilot.press("enter")
        await pilot.pause()
        assert screen_name(pilot) == "LabScreen"  # nothing starts
        await set_input(pilot, "#games", "")  # nothing typed: the schedule's
        await pilot.press("enter")
        await wait_until(pilot, lambda: screen_name(pilot) == "LabRunScreen")
        screen = pilot.app.screen
        assert isinstance(screen, LabRunScreen)
        await wait_until(pilot, lambda: screen.result is not None, tries=3000)
        assert screen.result is not None and screen.result.games_played == 25


async def test_the_form_opens_again_as_it_was_typed_for_that_game() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        form = await open_lab(pilot, game_of_sticks(12), speed=None)
        await set_input(pilot, "#brain", "Pupil")
        await set_input(pilot, "#against", "perfect")
        await set_input(pilot, "#games", "1234")
        await set_input(pilot, "#memory", "2G")
        await set_input(pilot, "#fresh", "3")
        await pilot.press("escape")
        await wait_until(pilot, lambda: screen_name(pilot) != "LabScreen")
        form = await open_lab(pilot, game_of_sticks(12), speed=None)
        values = {f: form.query_one(f"#{f}", Input).value
                  for f in ("brain", "against", "games", "memory", "fresh")}
        assert values == {"brain": "Pupil", "against": "perfect", "games": "1234",
                          "memory": "2G", "fresh": "3"}
        await pilot.press("escape")
        await wait_until(pilot, lambda: screen_name(pilot) != "LabScreen")
        form = await open_lab(pilot, Nim((1, 3, 5)), speed=None)  # another game: its own form
        assert form.query_one("#brain", Input).value == "Trained AI"
        assert form.query_one("#against", Input).value == "random"


async def test_the_q_learner_is_offered_where_it_fits_and_saved_whole() -> None:
    records = MemoryRecords()
    rules = Nim((1, 2, 3))
    app = make_app(records=records)
    async with app.run_test(size=(80, 24)) as pilot:
        lab = await open_lab(pilot, rules)
        from textual.widgets import Select

        lab.query_one("#learner", Select).value = "q"
        await pilot.pause()
        assert lab.query_one("#games", Input).value == "10000"
        assert lab.query_one("#brain", Input).value == "Q-learning AI"
        screen = await start(pilot, 300, against="self")
        await wait_until(pilot, lambda: screen.result is not None, tries=3000)
        assert "Q-values" in screen_text(pilot)
        await pilot.press("k")
        await wait_until(pilot, lambda: screen_name(pilot) != "LabRunScreen")
        assert app.brains.learner(rules, BrainRef("Q-learning AI", "q")) is not None
    saved = records.load_learner(rules, "Q-learning AI", "q")
    assert saved is not None and saved.games_played == 300


async def test_a_q_training_waits_while_another_tab_trains_its_brain_then_starts_from_theirs(
    tmp_path: Path,
) -> None:
    rules = Nim((1, 2, 3))
    q_ai = BrainRef("Q-learning AI", "q")
    with SqliteStore.open(tmp_path) as mine, SqliteStore.open(tmp_path) as theirs:
        other = BrainCache(theirs)  # another tab, training the same brain
        turn = other.training_turn(rules, q_ai)
        assert turn.take("Ada")
        app = make_app(records=PlayOnRecords(mine, warn=lambda message: None))
        app.NOTIFICATION_TIMEOUT = 600  # on a loaded machine the toast may go before it is read
        async with app.run_test(size=(80, 24), notifications=True) as pilot:

            async def waiting() -> LabRunScreen:  # the form, as last typed, started
                lab = await open_lab(pilot, rules)
                if lab.query_one("#learner", Select).value != "q":
                    lab.query_one("#learner", Select).value = "q"
                    await pilot.pause()
                    await set_input(pilot, "#games", "50")
                    await set_input(pilot, "#against", "self")
                await pilot.press("enter")
                await wait_until(pilot, lambda: screen_name(pilot) == "LabRunScreen")
                await wait_until(pilot, lambda: "Waiting: Ada is training Q-learning AI's "
                                 "Q-learner brain elsewhere." in screen_text(pilot))
                assert "This training starts from theirs once it is kept; c cancels." in (
                    screen_text(pilot)
                )
                assert isinstance(pilot.app.screen, LabRunScreen)
                return pilot.app.screen

            screen = await waiting()
            await pilot.press("c")  # cancelled before its turn: nothing trained, nothing kept
            await wait_until(pilot, lambda: screen.result is not None)
            assert "Cancelled before it started: nothing was trained." in screen_text(pilot)
            assert not screen.query_one("#keep", Button).display
            await pilot.press("escape")
            await wait_until(pilot, lambda: screen_name(pilot) != "LabRunScreen")
            assert theirs.load_learner(rules, q_ai.name, "q") is None

            screen = await waiting()
            await pilot.press("f1", "f3")  # the lab, from the help over a training: that training
            await wait_until(pilot, lambda: app.screen is screen)
            trained = QLearner(rules=rules)
            train(trained, SELF, 100, rules=rules, rng=random.Random(1))
            other.keep_trained(rules, q_ai.name, trained, None)  # theirs is kept...
            turn.release()  # ... and their run lets go of the turn
            await wait_until(pilot, lambda: screen.result is not None)
            said = ("Started from Q-learning AI's Q-learner brain as kept elsewhere meanwhile "
                    "(100 games played).")
            await wait_until(pilot, lambda: said in [
                str(toast.render()) for toast in app.screen.query("Toast")
            ])
            await pilot.press("k")
            await wait_until(pilot, lambda: screen_name(pilot) != "LabRunScreen")
            assert "replaced" not in screen_text(pilot)
    with SqliteStore.open(tmp_path) as store:
        saved = store.load_learner(rules, q_ai.name, "q")
    assert saved is not None and saved.games_played == 150  # their 100, then this run's 50


async def test_the_lab_opens_from_the_mode_screen_the_palette_and_names_as_typed() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await to_mode(pilot, 20)
        await pilot.press("5")
        await lab_shown(pilot)
        await set_input(pilot, "#brain", "[bold]Mine[/]")
        await lab_at_full_speed(pilot)
        screen = await start(pilot, 30)
        await wait_until(pilot, lambda: screen.result is not None, tries=3000)
        assert '"[bold]Mine[/]"' in screen_text(pilot)
        await pilot.press("k")
        await wait_until(pilot, lambda: screen_name(pilot) == "ModeScreen")
        assert isinstance(app.brains.hats(app.settings.rules, "[bold]Mine[/]"), HatBrain)
        assert app.brains.hats(app.settings.rules, "[bold]Mine[/]").games_played == 30
        await pilot.press("ctrl+p")
        await wait_until(pilot, lambda: screen_name(pilot) == "CommandPalette")
        await pilot.press(*"Training lab")
        await wait_until(pilot, lambda: palette_highlights(pilot, "Training lab"))
        await pilot.press("enter")
        await lab_shown(pilot)


async def test_a_damaged_saved_brain_is_refused_and_left_as_it_is(tmp_path) -> None:
    import sqlite3

    from sticks_tui.storage.sqlite.store import open_store

    rules = game_of_sticks(20)
    store = open_store(tmp_path)
    store.save_brain(HatBrain(rules), "Broken")
    with sqlite3.connect(store.path) as db:
        db.execute("UPDATE brains SET brain_json = '{\"bad\": 1}'")
    app = make_app(records=store)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_lab(pilot, rules)
        await set_input(pilot, "#brain", "Broken")
        await pilot.press("enter")
        await pilot.pause()
        assert screen_name(pilot) == "LabScreen"
        assert "is damaged" in screen_text(pilot)
    with sqlite3.connect(store.path) as db:
        assert db.execute("SELECT brain_json FROM brains").fetchone()[0] == '{"bad": 1}'


async def test_the_form_starts_on_ctrl_n_and_offers_no_key_flow_control_eats() -> None:
    """ctrl+s is XOFF in many terminals (it freezes the output, not the lab): the footer
    offers ctrl+n, which starts training as Enter does."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        form = await open_lab(pilot, game_of_sticks(10))
        keys = {key for key, binding in form.active_bindings.items() if binding[1].action == "start"}
        assert keys == {"ctrl+n"}
        await wait_until(pilot, lambda: "^n Start" in screen_text(pilot))
        assert "^s" not in screen_text(pilot)
        await set_input(pilot, "#games", "50")
        await pilot.press("ctrl+n")
        await wait_until(pilot, lambda: screen_name(pilot) == "LabRunScreen")

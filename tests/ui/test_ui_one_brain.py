"""One brain, one name (SPEC section 11): every machine that learns is a named saved brain,
chosen where the opponent is chosen, named on the board, trained by the lab from the board
and played at once, read by the analysis of the game chosen; a saved Q-learner plays as saved
after a restart."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Input, Select, Static
from ui_helpers import (
    lab_at_full_speed,
    make_app,
    palette_highlights,
    screen_name,
    screen_text,
    set_input,
    to_board,
    to_mode,
    wait_until,
)

from sticks_tui.engine import HatBrain, Nim, game_of_sticks
from sticks_tui.engine.games import parse_game
from sticks_tui.engine.learners.q.learner import QLearner
from sticks_tui.engine.machines import Machine
from sticks_tui.storage.brain_cache import BrainRef
from sticks_tui.storage.records import MemoryRecords
from sticks_tui.storage.sqlite.store import open_records
from sticks_tui.ui.app import SticksApp
from sticks_tui.ui.presenters.hats import HatChart
from sticks_tui.ui.screens.board.screen import BoardScreen
from sticks_tui.ui.screens.brains.modals import BrainFormModal
from sticks_tui.ui.screens.brains.screen import BrainsScreen
from sticks_tui.ui.screens.lab.form import AbandonFirst, LabScreen
from sticks_tui.ui.screens.lab.run import LabRunScreen

STICKS = parse_game("sticks")


def board(pilot: Pilot) -> BoardScreen:
    screen = pilot.app.screen
    assert isinstance(screen, BoardScreen)
    return screen


async def play_out(pilot: Pilot, screen: BoardScreen) -> None:
    """The person takes one stick a turn until the game is over (the AI answers at once)."""
    while not screen.match.is_over:
        await pilot.press("1")
        await wait_until(pilot, lambda: screen.match.is_over or screen.match.to_move == 0)


async def lab_form(pilot: Pilot) -> LabScreen:
    await wait_until(
        pilot, lambda: screen_name(pilot) == "LabScreen" and bool(pilot.app.screen.query("#brain"))
    )
    screen = pilot.app.screen
    assert isinstance(screen, LabScreen)
    return screen


async def run_lab(pilot: Pilot, games: int) -> LabRunScreen:
    await set_input(pilot, "#against", "random")
    await set_input(pilot, "#games", str(games))
    await lab_at_full_speed(pilot)
    await pilot.press("enter")
    await wait_until(pilot, lambda: screen_name(pilot) == "LabRunScreen")
    run = pilot.app.screen
    assert isinstance(run, LabRunScreen)
    await wait_until(pilot, lambda: run.result is not None, tries=3000)
    return run


def level_choices(pilot: Pilot) -> dict[object, str]:
    """The computers the mode screen offers, by value, with their labels."""
    select = pilot.app.screen.query_one("#level", Select)
    return {value: str(label) for label, value in select._options}


# -- the lab from the board, and "play it now" ---------------------------------------------------
async def test_the_lab_opened_from_a_board_trains_that_boards_brain_and_play_it_now_plays_it(
) -> None:
    records = MemoryRecords()
    app = make_app(records=records)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_board(pilot, "2", sticks=10)  # the learning AI, "AI"
        await play_out(pilot, board(pilot))
        assert app.brains.hats(STICKS, "AI").games_played == 1
        await pilot.press("f3")
        form = await lab_form(pilot)
        assert form.query_one("#brain", Input).value == "AI"  # the board's brain, not another
        assert form.query_one("#learner", Select).value == "hats"
        await wait_until(pilot, lambda: "saved: 1 game learned" in screen_text(pilot))
        run = await run_lab(pilot, 50)
        assert 'Training "AI" (hats) against random' in screen_text(pilot)
        await pilot.press("p")  # play it now
        await wait_until(pilot, lambda: screen_name(pilot) == "BoardScreen")
        ai = board(pilot).table.seats[1]
        assert ai.name == "AI" and ai.brain is app.brains.hats(STICKS, "AI")
        assert ai.brain.games_played == 1 + 50 == run.plan.learner.games_played
        assert board(pilot).table.seats[0].is_human
    saved = records.load_brain(STICKS, "AI")
    assert saved is not None and saved.games_played == 51
    assert records.load_brain(STICKS, "Trained AI") is None  # no other brain was taught


async def test_the_lab_opened_mid_game_asks_first_and_an_abandoned_game_teaches_nothing() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await to_board(pilot, "2", sticks=10)
        screen = board(pilot)
        await pilot.press("1")
        await wait_until(pilot, lambda: screen.match.to_move == 0)
        assert app.brains.hats(STICKS, "AI").balls_beside  # the AI drew a ball: mid-game
        await pilot.press("f3")
        await wait_until(pilot, lambda: isinstance(app.screen, AbandonFirst))
        await wait_until(pilot, lambda: "Abandon it (a)" in screen_text(pilot))
        assert "finish the game first, or abandon it" in app.screen.question  # type: ignore[attr-defined]
        await pilot.press("f")  # finish it first: back to the same game
        await wait_until(pilot, lambda: app.screen is screen)
        assert not screen.match.is_over and len(screen.match.history) == 2
        await pilot.press("f3")
        await wait_until(pilot, lambda: isinstance(app.screen, AbandonFirst))
        await pilot.press("a")  # abandon it
        form = await lab_form(pilot)
        assert form.query_one("#brain", Input).value == "AI"
        assert screen not in app.screen_stack
        brain = app.brains.hats(STICKS, "AI")
        assert brain.games_played == 0 and not brain.balls_beside
        assert brain.to_dict() == HatBrain(brain.rules).to_dict()  # it learned nothing


async def test_the_lab_from_a_board_with_a_q_learner_trains_that_q_learner() -> None:
    records = MemoryRecords()
    rules = Nim((1, 2, 3))
    records.save_brain(_trained_q(rules, 200), "Q-learning AI")
    app = make_app(records=records)
    app.settings.choose(rules)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_game_mode(pilot)
        pilot.app.screen.query_one("#level", Select).value = Machine.Q_LEARNING
        await pilot.press("2")
        await wait_until(pilot, lambda: screen_name(pilot) == "BoardScreen")
        await play_out(pilot, board(pilot))
        await pilot.press("f3")
        form = await lab_form(pilot)
        assert form.query_one("#learner", Select).value == "q"
        assert form.query_one("#brain", Input).value == "Q-learning AI"
        await set_input(pilot, "#against", "self")
        await set_input(pilot, "#games", "100")
        await lab_at_full_speed(pilot)
        await pilot.press("enter")
        await wait_until(pilot, lambda: screen_name(pilot) == "LabRunScreen")
        run = pilot.app.screen
        await wait_until(pilot, lambda: run.result is not None, tries=3000)  # type: ignore[attr-defined]
        await pilot.press("p")
        await wait_until(pilot, lambda: screen_name(pilot) == "BoardScreen")
        learner = board(pilot).table.seats[1].learner
        assert isinstance(learner, QLearner) and learner.games_played == 300
        assert learner is app.brains.learner(rules, BrainRef("Q-learning AI", "q"))
    saved = records.load_learner(rules, "Q-learning AI", "q")
    assert saved is not None and saved.games_played == 300


def _trained_q(rules, games: int) -> QLearner:
    from sticks_tui.engine import SELF, train

    learner = QLearner(rules=rules)
    train(learner, SELF, games, rules=rules, rng=__import__("random").Random(5))
    return learner


async def to_game_mode(pilot: Pilot) -> None:
    """From the setup screen (the game chosen already) to the mode screen."""
    await pilot.pause()
    await pilot.press("ctrl+n")
    await wait_until(pilot, lambda: screen_name(pilot) == "ModeScreen")


# -- a saved Q brain after a restart ---------------------------------------------------------------
async def test_a_saved_q_brain_plays_after_a_restart(tmp_path: Path) -> None:
    rules = Nim((1, 3, 5, 7))
    first = make_app(records=open_records(tmp_path, warn=print), q_training_games=500)
    first.settings.choose(rules)
    async with first.run_test(size=(80, 24)) as pilot:
        await to_game_mode(pilot)
        pilot.app.screen.query_one("#level", Select).value = Machine.Q_LEARNING
        await pilot.press("2")  # it learns first (the lab's pipeline), then plays
        await wait_until(pilot, lambda: screen_name(pilot) == "LabRunScreen")
        run = pilot.app.screen
        await wait_until(pilot, lambda: run.result is not None, tries=3000)  # type: ignore[attr-defined]
        await pilot.press("enter")
        await wait_until(pilot, lambda: screen_name(pilot) == "BoardScreen")
        trained = board(pilot).table.seats[1].learner
        assert isinstance(trained, QLearner) and trained.games_played == 500
        table = dict(trained.q)
    first.records.close()  # type: ignore[attr-defined]

    again = make_app(records=open_records(tmp_path, warn=print), q_training_games=500)
    again.settings.choose(rules)
    async with again.run_test(size=(80, 24)) as pilot:
        await to_game_mode(pilot)
        assert level_choices(pilot)[Machine.Q_LEARNING] == "Q-learning AI (q, 500 games)"
        pilot.app.screen.query_one("#level", Select).value = Machine.Q_LEARNING
        await pilot.press("2")  # straight to the board: it plays as saved
        await wait_until(pilot, lambda: screen_name(pilot) in ("BoardScreen", "LabRunScreen"))
        assert screen_name(pilot) == "BoardScreen"
        learner = board(pilot).table.seats[1].learner
        assert isinstance(learner, QLearner) and learner.games_played == 500
        assert learner.q == table
        await wait_until(  # named on the board: its chart's title, and the games it learned
            pilot, lambda: "Q-learning AI (q)" in screen_text(pilot)
            and "500 games learned" in screen_text(pilot),
        )
    again.records.close()  # type: ignore[attr-defined]


# -- a brain made on the brains screen -------------------------------------------------------------
async def test_a_brain_made_on_the_brains_screen_can_be_chosen_and_played() -> None:
    records = MemoryRecords()
    app = make_app(records=records)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await set_input(pilot, "#sticks", "10")
        await pilot.press("ctrl+b")
        await wait_until(pilot, lambda: isinstance(app.screen, BrainsScreen))
        await pilot.press("n")
        await wait_until(pilot, lambda: isinstance(app.screen, BrainFormModal))
        await set_input(pilot, "#ai", "Robo")
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, BrainsScreen))
        await pilot.press("escape")
        await to_mode(pilot, 10)
        robo = BrainRef("Robo", "hats")
        assert level_choices(pilot)[robo] == "Robo (hats, 0 games)"
        pilot.app.screen.query_one("#level", Select).value = robo
        await pilot.press("2")
        await wait_until(pilot, lambda: screen_name(pilot) == "BoardScreen")
        screen = board(pilot)
        assert screen.table.seats[1].name == "Robo"
        assert screen.table.seats[1].brain is app.brains.hats(STICKS, "Robo")
        await play_out(pilot, screen)
    saved = records.load_brain(STICKS, "Robo")
    assert saved is not None and saved.games_played == 1  # it learned, in its own brain
    assert records.load_brain(STICKS, "AI") is None


async def test_the_brains_screen_plays_the_highlighted_brain_on_p() -> None:
    records = MemoryRecords()
    rules = Nim((1, 3, 5, 7))
    records.save_brain(HatBrain(rules), "Nimbo")
    app = make_app(records=records)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+b")
        await wait_until(pilot, lambda: isinstance(app.screen, BrainsScreen))
        assert "p Play" in screen_text(pilot)
        await pilot.press("p")  # in its own game (Nim), though the setup screen has sticks
        await wait_until(pilot, lambda: screen_name(pilot) == "BoardScreen")
        screen = board(pilot)
        assert screen.table.seats[1].name == "Nimbo" and screen.rules.key == rules.key
        assert screen.table.seats[0].is_human
        assert screen.table.seats[1].brain is app.brains.hats(screen.rules, "Nimbo")


async def test_a_brain_of_another_game_played_on_p_is_named_in_the_title() -> None:
    """Issue 33: set up on take-away {2, 5, 7}, ``p`` on a Game of Sticks brain: the board is
    the Game of Sticks, and so are the title bar and, back there, the setup screen."""
    records = MemoryRecords()
    records.save_brain(HatBrain(game_of_sticks(20)), "AI")
    app = make_app(records=records)
    app.settings.choose(parse_game("takeaway:2,5,7"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.sub_title == "Take-away {2, 5, 7}, last stick loses"
        await pilot.press("ctrl+b")
        await wait_until(pilot, lambda: isinstance(app.screen, BrainsScreen))
        await pilot.press("p")
        await wait_until(pilot, lambda: screen_name(pilot) == "BoardScreen")
        assert board(pilot).rules.key == game_of_sticks(20).key
        await wait_until(pilot, lambda: app.sub_title == SticksApp.SUB_TITLE)
        await pilot.press("n")  # back to the setup screen (no move made: nothing to lose)
        if screen_name(pilot) != "SetupScreen":
            await pilot.press("y")
        await wait_until(pilot, lambda: screen_name(pilot) == "SetupScreen")
        await pilot.pause()
        assert app.screen.query_one("#game", Select).value == app.settings.setup_form().key
        assert app.screen.query_one("#sticks", Input).value == "20"
        assert app.sub_title == SticksApp.SUB_TITLE


async def test_the_palette_plays_a_saved_brain() -> None:
    records = MemoryRecords()
    records.save_brain(HatBrain(game_of_sticks(20)), "Teacher")
    app = make_app(records=records)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p")
        await wait_until(pilot, lambda: screen_name(pilot) == "CommandPalette")
        await pilot.press(*"Play against Teacher")
        await wait_until(pilot, lambda: palette_highlights(pilot, "Play against Teacher"))
        await pilot.press("enter")
        await wait_until(pilot, lambda: screen_name(pilot) == "BoardScreen")
        assert board(pilot).table.seats[1].name == "Teacher"


async def test_the_app_starts_on_the_brain_given_by_opponent() -> None:
    """``sticks-tui --opponent Teacher`` (run_app sets it): the board at once."""
    records = MemoryRecords()
    records.save_brain(HatBrain(game_of_sticks(20)), "Teacher")
    app = make_app(records=records)
    app.start_against = app.brains.named(app.settings.rules, "Teacher")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: screen_name(pilot) == "BoardScreen")
        assert board(pilot).table.seats[1].name == "Teacher"
        assert [type(s).__name__ for s in app.screen_stack][-3:] == [
            "SetupScreen", "ModeScreen", "BoardScreen",
        ]
        await pilot.pause()  # the headers of the screens just pushed set their titles first


# -- the board names the brain ---------------------------------------------------------------------
async def test_the_board_names_the_brain_it_plays_and_its_games_after_each_game() -> None:
    records = MemoryRecords()
    taught = HatBrain(STICKS)
    taught.games_played = 1202
    records.save_brain(taught, "AI")
    app = make_app(records=records)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_mode(pilot, 10)
        assert level_choices(pilot)[Machine.LEARNING] == "AI (hats, 1,202 games)"
        await pilot.press("2")
        await wait_until(pilot, lambda: screen_name(pilot) == "BoardScreen")
        chart = board(pilot).query_one(HatChart)
        assert str(chart.border_title) == "AI (hats)"
        assert str(chart.border_subtitle).endswith("1,202 games learned")
        await play_out(pilot, board(pilot))
        await wait_until(pilot, lambda: str(chart.border_subtitle).endswith("1,203 games learned"))
        assert "AI (hats)" in screen_text(pilot)


# -- the analysis of the game chosen --------------------------------------------------------------
async def test_the_analysis_from_setup_reads_the_brain_of_the_game_chosen() -> None:
    records = MemoryRecords()
    nim = Nim((1, 3, 5, 7))
    sticks = HatBrain(STICKS)
    sticks.games_played = 3
    records.save_brain(sticks, "AI")
    one = HatBrain(nim)
    one.games_played = 1
    records.save_brain(one, "AI")
    app = make_app(records=records)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.screen.query_one("#game", Select).value = "nim"  # chosen, not yet confirmed
        await pilot.pause()
        await pilot.press("f2")
        await wait_until(pilot, lambda: screen_name(pilot) == "AnalysisScreen")
        title = app.screen.query_one("#analysis-title", Static)
        await wait_until(pilot, lambda: "learned:" in str(title.render()) and
                         not app.screen.working)  # type: ignore[attr-defined]
        assert str(title.render()).startswith("What AI has learned: Nim")
        assert str(title.render()).endswith(", 1 game learned")


async def test_the_mode_screen_lists_the_brains_as_they_are_when_it_is_back() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await to_mode(pilot, 10)
        assert level_choices(pilot)[Machine.LEARNING] == "AI (hats, new)"
        await pilot.press("2")
        await wait_until(pilot, lambda: screen_name(pilot) == "BoardScreen")
        await play_out(pilot, board(pilot))
        await pilot.press("escape")  # the game is over: back at once
        await wait_until(pilot, lambda: screen_name(pilot) == "ModeScreen")
        learning = Machine.LEARNING
        await wait_until(pilot, lambda: level_choices(pilot)[learning] == "AI (hats, 1 game)")
        assert pilot.app.screen.query_one("#level", Select).value is Machine.LEARNING


async def test_the_lab_from_a_board_before_its_first_move_asks_nothing() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await to_board(pilot, "2", sticks=10)
        screen = board(pilot)
        await pilot.press("f3")
        form = await lab_form(pilot)  # nothing to finish or abandon: the lab at once
        assert form.query_one("#brain", Input).value == "AI"
        assert screen in app.screen_stack and not screen.match.history

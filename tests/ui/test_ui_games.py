"""The relatives on the board: take-away with any takes, Nim and Sticky-Nim, each played to the
end by two friends and against the perfect AI, watched, and chosen on the setup screen."""

from __future__ import annotations

from textual.pilot import Pilot
from textual.widgets import Button, Input, RichLog, Select, Static
from ui_helpers import (
    back_to_setup,
    check_each,
    check_steps,
    make_app,
    screen_name,
    set_input,
    wait_until,
)

from sticks_tui.engine import Nim, StickyNim, TakeAway
from sticks_tui.engine.machines import Machine
from sticks_tui.storage.brain_cache import BrainRef
from sticks_tui.ui.presenters.bars import OneHatChart
from sticks_tui.ui.screens.board.screen import BoardScreen
from sticks_tui.ui.widgets.piles import NimPiles


def board(pilot: Pilot) -> BoardScreen:
    screen = pilot.app.screen
    assert isinstance(screen, BoardScreen)
    return screen


def log_lines(pilot: Pilot) -> list[str]:
    return [strip.text.rstrip() for strip in board(pilot).query_one("#log", RichLog).lines]


def turn_text(pilot: Pilot) -> str:
    return str(board(pilot).query_one("#turn", Static).render())


def setup_message(pilot: Pilot) -> str:
    return str(pilot.app.screen.query_one("#setup-message", Static).render())


async def choose_game(pilot: Pilot, game: str, **fields: str) -> None:
    """On the setup screen: pick the game and fill its fields (ids without '#')."""
    await pilot.pause()
    screen = pilot.app.screen
    screen.query_one("#game", Select).value = game
    for field, text in fields.items():
        screen.query_one(f"#{field.replace('_', '-')}", Input).value = text
    await pilot.pause()


async def to_game_board(pilot: Pilot, game: str, mode_key: str, **fields: str) -> BoardScreen:
    await choose_game(pilot, game, **fields)
    await pilot.press("ctrl+n")
    await wait_until(pilot, lambda: screen_name(pilot) == "ModeScreen")
    await pilot.press(mode_key)
    await wait_until(pilot, lambda: screen_name(pilot) == "BoardScreen")
    return board(pilot)


async def against(pilot: Pilot, machine: Machine, game: str, **fields: str) -> BoardScreen:
    """The human against ``machine`` (the level chosen beside option 2)."""
    await choose_game(pilot, game, **fields)
    await pilot.press("ctrl+n")
    await wait_until(pilot, lambda: screen_name(pilot) == "ModeScreen")
    pilot.app.screen.query_one("#level", Select).value = machine
    await pilot.pause()
    await pilot.press("2")
    await wait_until(pilot, lambda: screen_name(pilot) in ("BoardScreen", "LabRunScreen"))
    if screen_name(pilot) == "LabRunScreen":
        await wait_until(pilot, lambda: pilot.app.screen.result is not None)  # type: ignore[attr-defined]
        await pilot.press("enter")
        await wait_until(pilot, lambda: screen_name(pilot) == "BoardScreen")
    return board(pilot)


async def watch(pilot: Pilot, left: Machine, right: Machine, game: str, **fields: str) -> BoardScreen:
    await choose_game(pilot, game, **fields)
    await pilot.press("ctrl+n")
    await wait_until(pilot, lambda: screen_name(pilot) == "ModeScreen")
    pilot.app.screen.query_one("#left", Select).value = left
    pilot.app.screen.query_one("#right", Select).value = right
    await pilot.pause()
    await pilot.press("4")
    await wait_until(pilot, lambda: screen_name(pilot) == "BoardScreen")
    return board(pilot)


# -- setup ---------------------------------------------------------------------------------------

BAD_FIELDS = [
    ("takeaway", "takes", "0", "Takes: 1 to 6"),
    ("takeaway", "takes", "2,2", "Takes: 1 to 6"),
    ("takeaway", "takes", "1,2,3,4,5,6,7", "Takes: 1 to 6"),
    ("takeaway", "takes", "2;x", "Takes: 1 to 6"),
    ("takeaway", "sticks", "5", "Please enter a number between 10 and 100"),
    ("nim", "piles", "", "Piles: 1 to 8 numbers from 1 to 20"),
    ("nim", "piles", "1,3,0", "Piles: 1 to 8 numbers from 1 to 20"),
    ("nim", "piles", "1 2 3 4 5 6 7 8 9", "Piles: 1 to 8 numbers from 1 to 20"),
    ("sticky", "sticks", "63", "Please enter a number between 1 and 62"),
    ("sticky", "sticks", "0", "Please enter a number between 1 and 62"),
    ("sticky", "max_take", "9", "Take at most: please enter a number between 1 and 8"),
]


async def bad_rules_are_refused_inline_for_every_game(pilot: Pilot) -> None:
    app = pilot.app
    good = {"sticks": "20", "takes": "2,3,5", "piles": "1,3,5,7", "max-take": "3"}

    def fill(game: str, values: dict[str, str]) -> None:
        screen = app.screen
        screen.query_one("#game", Select).value = game
        for field, text in values.items():
            screen.query_one(f"#{field}", Input).value = text

    await pilot.pause()
    for game, field, typed, message in BAD_FIELDS:
        fill(game, {**good, field.replace("_", "-"): typed})
        await pilot.pause()
        assert setup_message(pilot).startswith(message), (game, typed)
        assert app.screen.query_one(f"#{field.replace('_', '-')}").has_class("-invalid")
        assert app.screen.query_one("#continue", Button).disabled
        await pilot.press("ctrl+n")
        assert screen_name(pilot) == "SetupScreen"
        fill(game, good)
        await pilot.pause()
        assert setup_message(pilot) == ""
        assert not app.screen.query_one("#continue", Button).disabled


async def each_games_fields_make_its_rules(pilot: Pilot) -> None:
    app = pilot.app
    await choose_game(pilot, "takeaway", sticks="50", takes="5 3,2")
    assert not pilot.app.screen.query_one("#piles").display
    await pilot.click("#normal")
    await pilot.press("ctrl+n")
    await wait_until(pilot, lambda: screen_name(pilot) == "ModeScreen")
    assert app.settings.rules == TakeAway(50, (2, 3, 5), misere=False)
    await pilot.press("escape")
    await choose_game(pilot, "nim", piles="2, 12")
    assert pilot.app.screen.query_one("#piles").display
    assert not pilot.app.screen.query_one("#sticks").display
    await pilot.press("ctrl+n")
    await wait_until(pilot, lambda: screen_name(pilot) == "ModeScreen")
    assert app.settings.rules == Nim((2, 12))
    await pilot.press("escape")
    await choose_game(pilot, "sticky", sticks="62", max_take="2")
    await pilot.press("ctrl+n")
    await wait_until(pilot, lambda: screen_name(pilot) == "ModeScreen")
    assert app.settings.rules == StickyNim(62, 2)
    # Q-learning is offered for lines up to 30 sticks only (the engine's Machine.fits)
    levels = [value for _label, value in app.screen.query_one("#level", Select)._options]
    assert Machine.Q_LEARNING not in levels and Machine.MIXED in levels


async def the_mixed_level_takes_its_chance_from_the_mode_screen(pilot: Pilot) -> None:
    app = pilot.app
    await choose_game(pilot, "nim")
    await pilot.press("ctrl+n")
    await wait_until(pilot, lambda: screen_name(pilot) == "ModeScreen")
    await set_input(pilot, "#skill", "150")
    assert "percentage from 0 to 100" in str(app.screen.query_one("#mode-message").render())
    app.screen.query_one("#level", Select).value = Machine.MIXED
    app.screen.query_one("#friend", Button).focus()  # so that "2" is the mode key
    await pilot.press("2")
    assert screen_name(pilot) == "ModeScreen"
    await set_input(pilot, "#skill", "80")
    app.screen.query_one("#friend", Button).focus()
    await pilot.press("2")
    await wait_until(pilot, lambda: screen_name(pilot) == "BoardScreen")
    mixed = board(pilot).table.seats[1].player
    assert mixed.name == "Mixed AI" and mixed.skill == 0.8  # type: ignore[attr-defined]


async def test_the_setup_screen_makes_each_games_rules_and_refuses_bad_ones() -> None:
    """Steps on one app, each from the setup screen; the one that picks a normal ending and
    other fields comes last."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await check_steps(pilot, [
            the_mixed_level_takes_its_chance_from_the_mode_screen,
            bad_rules_are_refused_inline_for_every_game,
            each_games_fields_make_its_rules,
        ], then=back_to_setup)


# -- take-away -----------------------------------------------------------------------------------


async def takeaway_friend_game_with_takes_2_3_5_where_no_move_loses(pilot: Pilot) -> None:
    screen = await to_game_board(pilot, "takeaway", "1", sticks="12", takes="2,3,5")
    assert [b.id for b in screen.query("#move-input Button")] == ["take-2", "take-3", "take-5"]
    assert "1" not in screen.active_bindings  # no key for a take not allowed
    assert "2" in screen.active_bindings
    assert turn_text(pilot) == "Player 1: take 2, 3 or 5 sticks"
    await pilot.press("1", "5", "5")  # "1" is not a move here: nothing happens
    assert screen.match.position == 2
    await pilot.press("2")
    assert screen.match.is_over
    assert log_lines(pilot)[1:] == [
        "Player 1 takes 5",
        "Player 2 takes 5",
        "Player 1 takes 2",
        "Player 1, you lose.",  # misère by default: taking the last stick loses
    ]


async def takeaway_normal_ending_against_the_perfect_ai(pilot: Pilot) -> None:
    await choose_game(pilot, "takeaway", sticks="12", takes="2,3,5")
    await pilot.click("#normal")
    screen = await against(pilot, Machine.PERFECT, "takeaway")
    assert screen.rules == TakeAway(12, (2, 3, 5), misere=False)
    while not screen.match.is_over:
        await pilot.press(str(min(screen.match.legal_moves())))
        await wait_until(pilot, lambda: screen.match.is_over or screen.match.to_move == 0)
    # 12 is a winning heap for the first player in {2,3,5} normal play, but taking the
    # least each time throws it away; the perfect AI never does.
    assert turn_text(pilot) == "You lose."
    assert any(line.startswith("Perfect AI selects ") for line in log_lines(pilot))


# -- Nim -------------------------------------------------------------------------------------------


async def nim_friend_game_by_keys_and_mouse_names_the_loser(pilot: Pilot) -> None:
    app = pilot.app
    screen = await to_game_board(pilot, "nim", "1")
    piles = screen.query_one(NimPiles)
    assert screen.presenter.pile == 0 and piles.piles == (1, 3, 5, 7)
    await pilot.press("1")  # pile 0 is chosen: take its one stick
    assert screen.match.position == (0, 3, 5, 7)
    assert screen.presenter.pile == 1  # the first pile that is not empty
    await pilot.press("down", "9")  # pile 2 holds 5: 9 is refused, nothing moves
    assert screen.presenter.pile == 2 and screen.match.position == (0, 3, 5, 7)
    await pilot.press("5")
    assert screen.match.position == (0, 3, 0, 7)
    # a click on the 6th stick of pile 3 takes it and the one to its right
    # (border 1 + padding 1 + prefix 5 columns; a blank row between piles)
    await pilot.click(NimPiles, offset=(2 + 5 + 6, 1 + 3 * 2))
    assert screen.match.position == (0, 3, 0, 5)
    await pilot.press("up", "3")  # from pile 3 up to pile 1 (pile 2 is empty): all three
    await pilot.press("4")  # pile 3 is the only one left
    assert screen.match.position == (0, 0, 0, 1)
    await pilot.press("1")
    assert screen.match.is_over
    assert log_lines(pilot)[1:] == [
        "Player 1 takes 1 from pile 0",
        "Player 2 takes 5 from pile 2",
        "Player 1 takes 2 from pile 3",
        "Player 2 takes 3 from pile 1",
        "Player 1 takes 4 from pile 3",
        "Player 2 takes 1 from pile 3",
        "Player 2, you lose.",
    ]
    standings = {row.name: row for row in app.records.standings()}
    assert standings["Player 2"].losses == 1


async def nim_counts_of_two_digits_wait_for_enter(pilot: Pilot) -> None:
    screen = await to_game_board(pilot, "nim", "1", piles="3,12")
    await pilot.press("down", "1")
    assert screen.presenter.typed == "1" and "take 1 of 12 from pile 1" in turn_text(pilot)
    await pilot.press("enter")
    assert screen.match.position == (3, 11)
    await pilot.press("1", "1")  # still pile 1; 11: nothing longer can start with it
    assert screen.match.position == (3, 0)


async def nim_against_the_perfect_ai_from_1_3_5_7_is_lost(pilot: Pilot) -> None:
    screen = await against(pilot, Machine.PERFECT, "nim")
    while not screen.match.is_over:
        await pilot.press("1")
        await wait_until(pilot, lambda: screen.match.is_over or screen.match.to_move == 0)
    assert turn_text(pilot) == "You lose."
    ai_lines = [line for line in log_lines(pilot) if line.startswith("Perfect AI")]
    assert ai_lines and all(" chose to take " in line for line in ai_lines)


async def test_nim_against_the_learning_ai_shows_the_hat_in_use() -> None:
    app = make_app(ai_delay=1000.0)  # the AI waits for the test
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await against(pilot, Machine.LEARNING, "nim")
        await pilot.press("1")
        assert screen.match.position == (0, 3, 5, 7)
        chart = screen.query_one(OneHatChart)
        assert chart.picture is not None
        assert chart.picture.title == "at piles 0, 3, 5, 7: a fresh hat (every move alike)"
        screen.machine_step()  # the pause is over: the AI draws a ball
        await pilot.pause()
        picture = chart.picture
        assert picture.title == "at piles 0, 3, 5, 7 every move is drawn alike, in 7% of draws each"
        assert len(picture.rows) == 15  # one ball kind per move
        assert [row.beside for row in picture.rows].count(True) == 1
        assert turn_text(pilot).startswith("AI drew ball “")
        assert turn_text(pilot).endswith(" from its hat for piles 0, 3, 5, 7")


async def test_nim_against_the_q_learner_trains_it_first() -> None:
    app = make_app(q_training_games=2000)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await against(pilot, Machine.Q_LEARNING, "nim")
        learner = app.brains.learner(screen.rules, BrainRef("Q-learning AI", "q"))
        assert learner is not None and learner.games_played == 2000
        assert screen.table.seats[1].learner is learner  # the app's one brain, as saved
        saved = app.records.load_learner(screen.rules, "Q-learning AI", "q")
        assert saved is not None and saved.games_played == 2000
        await pilot.press("1")
        await wait_until(pilot, lambda: screen.match.to_move == 0)
        said = " ".join(log_lines(pilot)[-2:])  # wrapped beside the chart of its values
        assert "Q-learning AI chose to take " in said


# -- Sticky-Nim ------------------------------------------------------------------------------------


async def sticky_friend_game_by_letters_and_clicks(pilot: Pilot) -> None:
    screen = await to_game_board(pilot, "sticky", "1", sticks="7", max_take="3")
    await pilot.press("a", "d", "enter")  # four sticks: too many
    problem = str(screen.query_one("#move-problem", Static).render())
    assert problem == "At most 3 adjacent sticks can be taken"
    assert screen.match.position == (7,)
    await pilot.press("backspace", "backspace", "b", "d", "enter")
    assert screen.match.position == (3, 1)
    await pilot.press("c", "enter")  # a stick already taken is refused too
    assert screen.match.position == (3, 1)
    await pilot.press("backspace", "a", "enter")
    assert screen.match.position == (3,)
    # Player 1 clicks stick f, then g: takes both (border 1 + padding 1, two columns each)
    await pilot.click("#line", offset=(2 + 2 * 5, 2))
    assert screen.presenter.mark == (5, 5)
    await pilot.click("#line", offset=(2 + 2 * 6, 2))
    assert screen.match.position == (1,)
    await pilot.press("e", "enter")
    assert screen.match.is_over
    assert log_lines(pilot)[1:] == [
        "Player 1 takes bd",
        "Player 2 takes a",
        "Player 1 takes fg",
        "Player 2 takes e",
        "Player 2, you lose.",
    ]


async def sticky_against_the_perfect_ai(pilot: Pilot) -> None:
    screen = await against(pilot, Machine.PERFECT, "sticky", sticks="9", max_take="3")
    while not screen.match.is_over:
        assert screen.presenter.line is not None
        first = next(i for i, here in enumerate(screen.presenter.line.present) if here)
        await pilot.press(screen.presenter.line.letters[first], "enter")
        await wait_until(pilot, lambda: screen.match.is_over or screen.match.to_move == 0)
    assert screen.presenter.line is not None and not any(screen.presenter.line.present)
    ai_lines = [line for line in log_lines(pilot) if line.startswith("Perfect AI selects ")]
    assert ai_lines
    # [9] with k=3 is won by the first player only with the right move; one stick from the
    # end is not it, and the perfect AI never lets go of a won position.
    assert turn_text(pilot) == "You lose."


async def test_each_relative_is_played_to_the_end_by_friends_and_against_the_perfect_ai() -> None:
    """Steps on one app, each from the setup screen. A step that relies on a field's default
    (misère, Nim's piles 1, 3, 5, 7) comes before the steps that change it, and the friends'
    Nim game, which counts Player 2's losses, before the other games Player 2 loses."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await check_steps(pilot, [
            takeaway_friend_game_with_takes_2_3_5_where_no_move_loses,
            nim_friend_game_by_keys_and_mouse_names_the_loser,
            nim_against_the_perfect_ai_from_1_3_5_7_is_lost,
            nim_counts_of_two_digits_wait_for_enter,
            sticky_friend_game_by_letters_and_clicks,
            sticky_against_the_perfect_ai,
            takeaway_normal_ending_against_the_perfect_ai,
        ], then=back_to_setup)


# -- watch mode ------------------------------------------------------------------------------------


WATCHED = [("nim", {}, " chose to take "), ("sticky", {"sticks": "20"}, " selects ")]


async def test_watch_learning_against_perfect_plays_to_the_end() -> None:
    async def check(pilot: Pilot, case: tuple[str, dict[str, str], str]) -> None:
        game, fields, verb = case
        app.ai_delay = 1000.0  # nothing moves until the run is told where to pause
        screen = await watch(pilot, Machine.LEARNING, Machine.PERFECT, game, **fields)
        screen.watched.pause_after = 1
        app.ai_delay = 0.0
        await pilot.press("space", "space")
        await wait_until(pilot, lambda: screen.watched.paused)
        assert screen.match.is_over
        moves = log_lines(pilot)[1:-1]
        assert moves and all(
            line.startswith(("AI", "Perfect AI")) and verb in line for line in moves
        )
        loser = screen.table.seats[screen.match.loser].name  # type: ignore[index]
        assert log_lines(pilot)[-1] == f"{loser} loses."
        brain = screen.table.seats[0].brain
        assert brain is not None and brain.games_played == 1
        assert app.brains.has(screen.rules, BrainRef("AI", "hats"))  # kept per rule set
        screen.watched.pause_after = 2
        await pilot.press("space")  # the next game follows by itself
        await wait_until(pilot, lambda: screen.watched.paused)
        assert screen.match.is_over and brain.games_played == 2

    app = make_app()
    async with app.run_test(size=(120, 30)) as pilot:  # wide: each move on one log line
        await check_each(pilot, WATCHED, check, then=back_to_setup)


async def test_the_trained_computer_of_sticky_nim_trains_its_hats_first() -> None:
    app = make_app()  # 400 training games
    async with app.run_test(size=(80, 24)) as pilot:
        await choose_game(pilot, "sticky", sticks="12")
        await pilot.press("ctrl+n")
        await wait_until(pilot, lambda: screen_name(pilot) == "ModeScreen")
        await pilot.press("3")
        await wait_until(pilot, lambda: screen_name(pilot) == "LabRunScreen")
        training = pilot.app.screen
        await wait_until(pilot, lambda: training.result is not None)  # type: ignore[attr-defined]
        picture = training.query_one(OneHatChart).picture
        assert picture is not None and picture.title.startswith("at a group of 12 it takes ")
        assert sum(row.value for row in picture.rows) > len(picture.rows)  # it learned there
        await pilot.press("enter")
        await wait_until(pilot, lambda: screen_name(pilot) == "BoardScreen")
        ai = board(pilot).table.seats[1]
        assert ai.name == "Trained AI" and ai.brain is not None
        assert ai.brain.games_played == 400
        assert app.records.load_brain(StickyNim(30), "Trained AI") is not None  # per rule set


async def test_a_game_given_beyond_the_forms_limits_stays_that_game_until_changed() -> None:
    app = make_app()
    app.settings.choose(TakeAway(30, (25,)))  # sticks-tui --game takeaway:25 --sticks 30
    assert app.settings.rules == TakeAway(30, (25,))  # the analysis key asks this at once
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert setup_message(pilot).startswith("Takes: 1 to 6")
        await pilot.press("ctrl+n")
        assert screen_name(pilot) == "SetupScreen"
        assert app.settings.rules == TakeAway(30, (25,))

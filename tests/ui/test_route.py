"""One route to a board (issue 32): the table is planned with no app, and every way to a board
posts one message that the app follows, landing over the mode screen of the game, with the
brain played chosen there."""

from __future__ import annotations

import random

from textual.widgets import Select
from ui_helpers import make_app, screen_name, screen_text, wait_until

from sticks_tui.engine import HatBrain, Nim, game_of_sticks
from sticks_tui.engine.machines import Machine
from sticks_tui.storage.brain_cache import BrainRef
from sticks_tui.storage.records import MemoryRecords
from sticks_tui.ui.route import PlayChosen, PlayRequest, games_to_learn, refusal, seat_table
from sticks_tui.ui.screens.board.screen import BoardScreen
from sticks_tui.ui.session import GameSettings, Mode

STICKS = game_of_sticks(20)


def settings_for(rules: object = STICKS) -> GameSettings:
    settings = GameSettings(names=("Ann", "Bob"), first=1)
    settings.choose(rules)  # type: ignore[arg-type]
    return settings


def test_a_table_is_planned_with_no_app() -> None:
    settings = settings_for()
    brain = HatBrain(STICKS)
    ready = {BrainRef("AI"): brain}
    rng = lambda: random.Random(1)  # noqa: E731

    friends = seat_table(PlayRequest.friends(), settings, ready, rng)
    assert [s.name for s in friends.seats] == ["Ann", "Bob"] and friends.first == 1
    assert all(s.is_human for s in friends.seats) and friends.mode is Mode.FRIEND

    against = seat_table(PlayRequest.against(Machine.LEARNING), settings, ready, rng)
    assert against.mode is Mode.COMPUTER and against.seats[0].name == "Ann"
    assert against.seats[1].brain is brain and against.seats[1].saved == BrainRef("AI")

    twins = seat_table(PlayRequest.watch(Machine.LEARNING, Machine.LEARNING), settings, ready, rng)
    assert twins.seats[0].brain is brain and twins.seats[1].brain is not brain  # a copy
    assert twins.seats[1].name == "AI 2" and twins.seats[1].saved is None  # kept nowhere


def test_what_must_learn_first_and_what_cannot_be_played_are_said_with_no_app() -> None:
    trained = BrainRef("Trained AI")
    assert games_to_learn(trained, None, training_games=300, q_training_games=50) == 300
    half = HatBrain(STICKS)
    half.games_played = 100
    assert games_to_learn(trained, half, training_games=300, q_training_games=50) == 200
    assert games_to_learn(BrainRef("AI"), None, training_games=300, q_training_games=50) == 0
    q = BrainRef("Q-learning AI", "q")
    assert games_to_learn(q, None, training_games=300, q_training_games=50) == 50

    clash = refusal(PlayRequest.against(BrainRef("ann")), settings_for())
    assert clash is not None and "has Player 1's name" in clash
    assert refusal(PlayRequest.watch(BrainRef("Ann"), Machine.RANDOM), settings_for()) is None


async def test_a_brain_of_another_game_played_from_anywhere_lands_over_its_mode_screen() -> None:
    """``p`` on the brains screen, the lab's "play it now", ``--opponent`` and the palette all
    post the one message; the board comes over the mode screen of the brain's game, with the
    brain chosen there, and the title names that game."""
    records = MemoryRecords()
    nim = Nim((1, 3, 5))
    records.save_brain(HatBrain(nim), "Nimbo")
    app = make_app(records=records)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.post_message(PlayChosen(PlayRequest.against(BrainRef("Nimbo"), rules=nim)))
        await wait_until(pilot, lambda: isinstance(app.screen, BoardScreen))
        board = app.screen
        assert isinstance(board, BoardScreen) and board.rules.key == nim.key
        assert board.table.seats[1].saved == BrainRef("Nimbo")
        assert app.settings.rules.key == nim.key  # the game chosen everywhere now
        await pilot.press("escape")  # no move made: it leaves at once
        await wait_until(pilot, lambda: screen_name(pilot) == "ModeScreen")
        assert app.screen.query_one("#level", Select).value == BrainRef("Nimbo")
        names = [type(screen).__name__ for screen in app.screen_stack]
        assert names[-2:] == ["SetupScreen", "ModeScreen"], names


async def test_a_brain_with_player_ones_name_is_refused_in_words_and_no_board_opens() -> None:
    records = MemoryRecords()
    records.save_brain(HatBrain(STICKS), "Player 1")
    app = make_app(records=records)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.play_against(BrainRef("Player 1"))
        await wait_until(pilot, lambda: any(
            "has Player 1's name" in str(n.message) for n in app._notifications
        ))
        assert not any(isinstance(s, BoardScreen) for s in app.screen_stack)


async def test_the_mode_screen_opens_on_the_computer_last_chosen_and_lists_the_lab() -> None:
    """The newcomer's tour: the Q-learning AI chosen, back to the setup screen and ctrl+n,
    the selector was back on the learning AI, and 2 played hats; and 5 (the lab) worked but
    the footer never said so."""
    app = make_app()
    app.settings.choose(Nim((1, 3, 5, 7)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+n")
        await wait_until(pilot, lambda: screen_name(pilot) == "ModeScreen")
        assert "5 Lab" in screen_text(pilot).splitlines()[-1]  # the footer
        app.screen.query_one("#level", Select).value = Machine.Q_LEARNING
        await pilot.pause()
        await pilot.press("escape")
        await wait_until(pilot, lambda: screen_name(pilot) == "SetupScreen")
        await pilot.press("ctrl+n")
        await wait_until(pilot, lambda: screen_name(pilot) == "ModeScreen")
        assert app.screen.query_one("#level", Select).value == Machine.Q_LEARNING

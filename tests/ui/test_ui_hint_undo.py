"""Hint (h, or F5) and undo (u, or F6) on the board, in each family of games (SPEC section 9):
the hint's words for the person to move and what the AI's hat would draw; undo takes back the
person's move and the machine's reply, and a game with an undo counts for no one and teaches the
AI nothing."""

from __future__ import annotations

import sys
import threading
from pathlib import Path
from typing import Any

from test_ui_games import against, log_lines, to_game_board, watch
from textual.pilot import Pilot
from textual.widgets import RichLog, Static
from ui_helpers import hint_worked_out, make_app, screen_name, wait_until

import pytest

from sticks_tui.engine import HatBrain
from sticks_tui.engine.hints import Advisor
from sticks_tui.engine.games import register_game, unregister_game
from sticks_tui.engine.games.sticky_line import LETTERS
from sticks_tui.engine.machines import Machine
from sticks_tui.ui.presenters.sticky import StickyPresenter
from sticks_tui.ui.screens.board.screen import BoardScreen
from sticks_tui.ui.screens.board.help import PRACTICE, WORKING


def hint_text(screen: BoardScreen) -> str | None:
    """The hint shown, None when the panel is hidden."""
    panel = screen.query_one("#hint", Static)
    return str(panel.render()) if panel.display else None


async def ask_hint(pilot: Pilot, key: str) -> None:
    """Press the hint's key, and wait until the hint, worked out in a thread, is shown (or the
    panel stays hidden: no hint was asked)."""
    await pilot.press(key)
    await hint_worked_out(pilot)
    panel = pilot.app.screen.query_one("#hint", Static)
    await wait_until(pilot, lambda: not panel.display or WORKING not in str(panel.render()))


def log_title(screen: BoardScreen) -> str:
    return str(screen.query_one("#log", RichLog).border_title or "")


def learned_nothing(brain: HatBrain, before: dict[str, Any]) -> bool:
    """Every hat as it was, or fresh (one ball of each number): a hat met on the way is made
    for the position, but no ball was added or taken, and no game was counted."""
    now = brain.to_dict()
    hats, earlier = now.pop("hats"), before["hats"]
    rest = {key: value for key, value in before.items() if key != "hats"}
    return now == rest and all(
        balls == earlier.get(hat, dict.fromkeys(balls, 1)) for hat, balls in hats.items()
    )


def log_text(pilot: Pilot) -> str:
    """The log's lines joined again where they wrapped."""
    return " ".join(log_lines(pilot))


async def with_the_period(pilot: Pilot, screen: BoardScreen) -> None:
    """The take-away hint names the period once its proof (a thread) is done."""
    await wait_until(pilot, lambda: "multiple of" in (hint_text(screen) or ""))


async def human_to_move(pilot: Pilot, screen: BoardScreen) -> None:
    await wait_until(pilot, lambda: screen.match.is_over or screen.human_turn())


async def test_sticks_hint_and_undo_against_the_learning_ai() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await against(pilot, Machine.LEARNING, "sticks", sticks="16")
        brain = screen.table.seats[1].brain
        assert brain is not None
        before = brain.to_dict()
        assert hint_text(screen) is None
        await ask_hint(pilot, "h")
        await with_the_period(pilot, screen)
        assert hint_text(screen) == (
            "take 3: 13 sticks are left, 1 more than a multiple of 4, and that loses for the "
            "player to move.\nAI's hat at 16 sticks draws every move alike."
        )
        await pilot.press("1")
        await human_to_move(pilot, screen)
        assert hint_text(screen) is None  # a move made: the hint goes, the log is back
        assert screen.match.position < 15
        await pilot.press("u")
        await pilot.pause()
        assert (screen.match.position, screen.match.to_move) == (16, 0)
        assert screen.match.history == [] and brain.balls_beside == []
        assert hint_text(screen) is None  # the hint at 16 comes back only when asked
        assert log_text(pilot).endswith(
            "Player 1 takes back 2 moves: practice game, it will not count"
        )
        assert log_title(screen) == PRACTICE
        while not screen.match.is_over:
            await pilot.press("1")
            await human_to_move(pilot, screen)
        assert app.records.standings() == []  # the leaderboard is unchanged
        assert app.records.load_brain(screen.rules, "AI") is None  # nothing kept
        assert learned_nothing(brain, before) and brain.balls_beside == []
        await pilot.press("a")  # the next game counts again
        await pilot.pause()
        assert log_title(screen) == "" and not screen.match.practice


async def test_a_lost_heap_says_so_and_names_the_longest_move() -> None:
    app = make_app(ai_delay=1000.0)  # the AI waits for the test
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await to_game_board(pilot, "sticks", "1", sticks="13")
        await ask_hint(pilot, "h")
        await with_the_period(pilot, screen)
        assert hint_text(screen) == (
            "13 sticks are left, 1 more than a multiple of 4, and that loses for the player to "
            "move: every move loses. Take 1 lasts longest (6 more moves)."
        )


async def test_friends_undo_the_last_move_only() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await to_game_board(pilot, "sticks", "1", sticks="20")
        await pilot.press("3", "2")
        assert (screen.match.position, screen.match.to_move) == (15, 0)
        await pilot.press("u")
        assert (screen.match.position, screen.match.to_move) == (17, 1)
        assert log_text(pilot).endswith(
            "Player 2 takes back a move: practice game, it will not count"
        )
        await pilot.press("u", "u")  # the second finds no move to take back
        assert (screen.match.position, screen.match.to_move) == (20, 0)
        while not screen.match.is_over:
            await pilot.press("1")
        assert app.records.standings() == []


async def test_nim_hint_and_undo_against_the_learning_ai() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await against(pilot, Machine.LEARNING, "nim")
        brain = screen.table.seats[1].brain
        assert brain is not None
        before = brain.to_dict()
        await ask_hint(pilot, "h")
        text = hint_text(screen)
        assert text is not None and text.startswith(
            "The nim-sum is 0, and that loses for the player to move: every move loses. "
            "Take 1 from pile 0 lasts longest ("
        )
        assert text.endswith("\nAI's hat at piles 1, 3, 5, 7 draws every move alike.")
        await pilot.press("1")  # take the stick of pile 0
        await human_to_move(pilot, screen)
        await ask_hint(pilot, "h")
        text = hint_text(screen)
        assert text is not None and "nim-sum" in text  # "becomes 0", or "is 0" if the AI made it 0
        await pilot.press("u")
        await pilot.pause()
        assert (screen.match.position, screen.match.to_move) == ((1, 3, 5, 7), 0)
        while not screen.match.is_over:
            await pilot.press("1")
            await human_to_move(pilot, screen)
        assert app.records.standings() == []
        assert learned_nothing(brain, before) and brain.balls_beside == []
        assert app.records.load_brain(screen.rules, "AI") is None


async def test_the_hint_is_worked_out_while_the_board_answers_and_a_move_made_first_wins(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The hint is worked out in a thread (it held the board up to a second on a line of 62):
    while it is, the panel says so and the letters typed still mark the line; a move made
    before it comes puts it away, and the late hint is not shown over the next turn."""
    release = threading.Event()
    original = Advisor.hint

    def held_hint(self: Advisor[Any, Any], position: Any) -> Any:
        release.wait(10)
        return original(self, position)

    monkeypatch.setattr(Advisor, "hint", held_hint)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await to_game_board(pilot, "sticky", "1", sticks="20")  # two friends
        await pilot.press("f5")
        assert hint_text(screen) == WORKING
        await pilot.press("a")  # the board answers meanwhile: the letter marks its stick
        presenter = screen.presenter
        assert isinstance(presenter, StickyPresenter) and presenter.mark == (0, 0)
        release.set()
        await wait_until(pilot, lambda: hint_text(screen) not in (None, WORKING))
        assert (hint_text(screen) or "").startswith("take “jk” (2 of 20 → 9 + 9)")
        await pilot.press("enter")  # Player 1 takes a
        assert screen.match.position == (19,) and hint_text(screen) is None
        release.clear()
        await pilot.press("f5")  # Player 2 asks
        assert hint_text(screen) == WORKING
        await pilot.press("t", "enter")  # and moves before the hint came
        assert screen.match.position == (18,) and hint_text(screen) is None
        release.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert hint_text(screen) is None  # the late hint (for 19 sticks) is not shown


async def test_sticky_hint_and_undo_against_the_learning_ai() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await against(pilot, Machine.LEARNING, "sticky", sticks="20")
        brain = screen.table.seats[1].brain
        assert brain is not None
        before = brain.to_dict()
        await ask_hint(pilot, "f5")  # h is a stick's letter here
        assert hint_text(screen) == (
            "take “jk” (2 of 20 → 9 + 9): groups of 9, 9 are left, one of the lost "
            "configurations, and that loses for the player to move.\nAI's hat at a group of 20 "
            "draws every move alike."
        )
        await pilot.press("d", "f", "enter")
        await human_to_move(pilot, screen)
        assert sum(screen.match.position) < 17
        await pilot.press("f6")
        await pilot.pause()
        assert screen.match.position == (20,) and screen.match.to_move == 0
        assert all(screen.presenter.line.present)  # the line is whole again
        while not screen.match.is_over:
            line = screen.presenter.line  # type: ignore[attr-defined]
            first = line.present.index(True)
            await pilot.press(LETTERS[first], "enter")
            await human_to_move(pilot, screen)
        assert app.records.standings() == []
        assert learned_nothing(brain, before) and brain.balls_beside == []
        assert app.records.load_brain(screen.rules, "AI") is None


async def test_no_hint_or_undo_while_machines_play() -> None:
    app = make_app(ai_delay=1000.0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await watch(pilot, Machine.RANDOM, Machine.PERFECT, "sticks")
        await pilot.press("s", "h", "u")
        assert hint_text(screen) is None and not screen.match.practice


async def test_the_q_learners_table_beside_the_hint() -> None:
    app = make_app(q_training_games=2000)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await against(pilot, Machine.Q_LEARNING, "nim")
        await ask_hint(pilot, "h")
        text = hint_text(screen)
        assert text is not None
        assert text.splitlines()[-1].startswith("Q-learning AI's Q table ")


async def test_a_game_without_its_own_board_gets_the_generic_hint() -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "engine"))
    from wythoff_game import FAMILY, Wythoff

    register_game(FAMILY)
    try:
        app = make_app()
        app.settings.choose(Wythoff((3, 6)))
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("ctrl+n")
            await wait_until(pilot, lambda: screen_name(pilot) == "ModeScreen")
            await pilot.press("1")
            await wait_until(pilot, lambda: screen_name(pilot) == "BoardScreen")
            screen = pilot.app.screen
            assert isinstance(screen, BoardScreen)
            await ask_hint(pilot, "h")
            text = hint_text(screen)
            assert text is not None
            assert text.endswith(": it leaves a position that loses for the player to move.")
            await pilot.press("1", "enter")  # move 1 of more than 9: typed, then Enter
            assert screen.match.position != (3, 6)
            await pilot.press("u")
            assert screen.match.position == (3, 6) and screen.match.practice
    finally:
        unregister_game(FAMILY.name)


async def test_a_name_with_markup_takes_back_a_move_as_typed() -> None:
    app = make_app()
    app.settings.names = ("[red]x[/red]", "[/]")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await to_game_board(pilot, "sticks", "1", sticks="20")
        await pilot.press("3", "u")
        assert screen.match.position == 20
        assert log_text(pilot).endswith(
            "[red]x[/red] takes back a move: practice game, it will not count"
        )

"""The board: whole games against a friend and against the seeded learning AI."""

from __future__ import annotations

from textual.pilot import Pilot
from textual.widgets import Button, RichLog, Static
from ui_helpers import (
    back_to_setup,
    check_steps,
    make_app,
    screen_name,
    screen_text,
    to_board,
    wait_until,
)

from sticks_tui.ui.plain import show_plain
from sticks_tui.ui.presenters.hats import HatChart, HatsSnapshot
from sticks_tui.ui.screens.board.screen import BoardScreen
from sticks_tui.ui.widgets.sticks import StickArt


def board(pilot) -> BoardScreen:
    screen = pilot.app.screen
    assert isinstance(screen, BoardScreen)
    return screen


def log_lines(pilot) -> list[str]:
    return [strip.text.rstrip() for strip in board(pilot).query_one("#log", RichLog).lines]


def turn_text(pilot) -> str:
    return str(board(pilot).query_one("#turn", Static).render())


async def friend_game_to_the_end_names_the_loser_in_the_consoles_words(pilot: Pilot) -> None:
    app = pilot.app
    await to_board(pilot, "1", sticks=10)
    assert turn_text(pilot) == "Player 1: take 1-3 sticks"
    heights = []
    for key in "3331":
        heights.append(board(pilot).query_one(StickArt).count)
        await pilot.press(key)
    assert heights == [10, 7, 4, 1]
    assert board(pilot).match.is_over
    assert turn_text(pilot) == "Player 2, you lose."
    assert log_lines(pilot)[1:] == [
        "Player 1 takes 3",
        "Player 2 takes 3",
        "Player 1 takes 3",
        "Player 2 takes 1",
        "Player 2, you lose.",
    ]
    standings = {row.name: row for row in app.records.standings()}
    assert (standings["Player 1"].wins, standings["Player 2"].losses) == (1, 1)


async def moves_that_are_not_legal_are_disabled_and_ignored(pilot: Pilot) -> None:
    await to_board(pilot, "1", sticks=10)
    await pilot.press("3", "3", "2")  # 2 sticks left, Player 2 to move
    screen = board(pilot)
    assert screen.match.position == 2
    assert screen.query_one("#take-3", Button).disabled
    assert not screen.query_one("#take-2", Button).disabled
    assert turn_text(pilot) == "Player 2: take 1 or 2 sticks"
    await pilot.press("3")
    await pilot.click("#take-3")
    assert screen.match.position == 2
    assert screen.check_action("move_key", (3,)) is False  # not offered in the footer
    await pilot.click("#take-1")  # the mouse works too
    assert screen.match.position == 1


async def test_game_against_the_seeded_ai_logs_its_moves_and_it_learns() -> None:
    async def play(seed: int) -> tuple[list[str], dict[int, dict[int, int]]]:
        app = make_app(seed=seed)
        async with app.run_test(size=(80, 24)) as pilot:
            await to_board(pilot, "2", sticks=12)
            screen = board(pilot)
            while not screen.match.is_over:
                assert screen.match.to_move == 0  # the AI never keeps the turn
                await pilot.press(str(max(screen.match.legal_moves())))
                await wait_until(
                    pilot, lambda: screen.match.is_over or screen.match.to_move == 0
                )
            brain = screen.table.seats[1].brain
            assert brain is not None and brain.games_played == 1
            assert brain.balls_beside == []  # settled at the end of the game
            chart = screen.query_one(HatChart).snapshot
            assert chart is not None and chart.games_played == 1 and chart.beside == {}
            learned = HatsSnapshot.of(brain).balls  # the chart shows what it learned...
            assert chart.balls == {p: learned[p] for p in range(1, 13)}  # ...at the 12 sticks
            lines = log_lines(pilot)
            assert lines[-1] == turn_text(pilot) == screen.table.end_words(screen.match)
            assert turn_text(pilot) in ("You lose.", "AI loses.")
            return lines, {p: brain.counts(p) for p in range(1, 13)}

    lines, hats = await play(7)
    moves = lines[1:-1]
    assert all(line.startswith("Player 1 takes ") for line in moves[0::2])
    assert all(line.startswith("AI selects ") for line in moves[1::2])
    assert (lines, hats) == await play(7)  # the same seed plays the same game


async def test_the_chart_shows_the_ball_beside_the_hat_while_the_ai_plays() -> None:
    app = make_app(ai_delay=1000.0)  # the AI waits for the test: nothing moves on its own
    async with app.run_test(size=(80, 24)) as pilot:
        await to_board(pilot, "2", sticks=10)
        screen = board(pilot)
        await pilot.press("1")
        assert screen.match.position == 9
        assert turn_text(pilot) == "AI is drawing a ball from hat 9"
        chart = screen.query_one(HatChart)
        assert chart.in_use == 9
        screen.machine_step()  # the pause is over: the AI draws
        await pilot.pause()
        assert chart.snapshot is not None and 9 in chart.snapshot.beside
        drawn = chart.snapshot.beside[9]
        assert turn_text(pilot) == f"AI drew ball {drawn} from hat 9"
        assert screen.match.position == 9
        screen.machine_step()  # ...and takes that many sticks
        await pilot.pause()
        assert screen.match.position == 9 - drawn
        assert log_lines(pilot)[-1] == f"AI selects {drawn}"
        assert chart.snapshot.beside == {9: drawn}


async def play_again_keeps_the_players_and_what_the_ai_learned(pilot: Pilot) -> None:
    app = pilot.app
    await to_board(pilot, "2", sticks=10)
    screen = board(pilot)
    for game in (1, 2):
        while not screen.match.is_over:
            await pilot.press(str(screen.match.legal_moves()[0]))
            await wait_until(
                pilot, lambda: screen.match.is_over or screen.match.to_move == 0
            )
        brain = screen.table.seats[1].brain
        assert brain is not None and brain.games_played == game
        if game == 1:
            await pilot.press("a")
            assert not screen.match.is_over and screen.match.position == 10
    assert sum(row.games for row in app.records.standings()) == 4  # two games, two rows
    await pilot.press("n")
    assert screen_name(pilot) == "SetupScreen"
    await pilot.press("enter", "2")  # the computer again: it carries on from what it learned
    await wait_until(pilot, lambda: screen_name(pilot) == "BoardScreen")
    again = board(pilot).table.seats[1].brain
    assert again is brain and again.games_played == 2


async def test_the_computer_moves_first_when_player_2_starts() -> None:
    app = make_app()
    app.settings.first = 1
    async with app.run_test(size=(80, 24)) as pilot:
        await to_board(pilot, "2", sticks=10)
        screen = board(pilot)
        await wait_until(pilot, lambda: screen.match.history != [])
        assert screen.match.history[0].player == 1
        assert log_lines(pilot)[1].startswith("AI selects ")


async def leaving_mid_game_puts_the_balls_back(pilot: Pilot) -> None:
    await to_board(pilot, "2", sticks=10)
    screen = board(pilot)
    await pilot.press("1")
    await wait_until(pilot, lambda: screen.match.to_move == 0)
    brain = screen.table.seats[1].brain
    assert brain is not None and len(brain.balls_beside) == 1
    await pilot.press("escape", "y")  # yes, leave the game
    await wait_until(pilot, lambda: screen_name(pilot) == "ModeScreen")
    assert brain.balls_beside == [] and brain.games_played == 0
    assert all(sum(brain.counts(p).values()) == 3 for p in range(1, 11))


async def words_that_grow_to_another_line_get_it_and_give_it_back(pilot: Pilot) -> None:
    """The board's words are laid out anew only when their height changes (ui/plain.py
    show_plain): a second line is drawn at once, and goes when the words are one line again."""
    await to_board(pilot, "1", sticks=20)
    turn = board(pilot).query_one("#turn", Static)
    show_plain(turn, "Player 1: take 1-3 sticks\nand a second line")
    await wait_until(pilot, lambda: turn.region.height == 2)
    assert "and a second line" in screen_text(pilot)
    show_plain(turn, "one line again")
    await wait_until(pilot, lambda: turn.region.height == 1)
    assert "and a second line" not in screen_text(pilot)


async def test_a_game_between_friends_is_played_by_keys_and_clicks_to_its_end() -> None:
    """Steps on one app, each from the setup screen; the one that counts the leaderboard's
    wins and losses first."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await check_steps(pilot, [
            friend_game_to_the_end_names_the_loser_in_the_consoles_words,
            moves_that_are_not_legal_are_disabled_and_ignored,
            words_that_grow_to_another_line_get_it_and_give_it_back,
        ], then=back_to_setup)


async def test_the_learning_ai_learns_from_finished_games_only() -> None:
    """Both steps on one app, each from the setup screen: the abandoned game, which must leave
    the AI's brain fresh, before the two finished ones."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await check_steps(pilot, [
            leaving_mid_game_puts_the_balls_back,
            play_again_keeps_the_players_and_what_the_ai_learned,
        ], then=back_to_setup)

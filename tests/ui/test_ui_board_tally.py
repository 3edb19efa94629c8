"""Playing the computer, the board keeps its tally of the games against you (won, lost, win
share over the last 100 and 1,000) and a small curve of its win share after each game; a
practice game (a move taken back) counts in neither."""

from __future__ import annotations

from test_ui_games import against
from textual.widgets import Static
from ui_helpers import make_app, wait_until

from sticks_tui.engine.machines import Machine
from sticks_tui.ui.screens.board.screen import BoardScreen


def tally(screen: BoardScreen) -> list[str]:
    return str(screen.query_one("#tally", Static).render()).splitlines()


async def play_out(pilot, screen: BoardScreen, *, to_win: bool) -> None:  # noqa: ANN001
    """Play the game to its end: the winning move each time (leave 1 more than a multiple of
    4), or, to lose, one stick at a time and the last sticks at once."""
    while not screen.match.is_over:
        await wait_until(pilot, lambda: screen.match.is_over or screen.human_turn())
        if screen.match.is_over:
            break
        sticks = screen.match.position
        assert isinstance(sticks, int)
        take = ((sticks - 1) % 4 or 1) if to_win else (sticks if sticks <= 3 else 1)
        await pilot.press(str(take))
        # the move may be applied after the key returns: never play the same turn twice
        await wait_until(pilot, lambda: screen.match.position != sticks)


async def test_the_machines_tally_and_curve_against_you_leave_practice_out() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await against(pilot, Machine.LEARNING, "sticks", sticks="10")
        assert tally(screen)[:2] == ["AI vs you: 0 games, won 0, lost 0", "AI wins, last 100: - · 1,000: -"]
        await play_out(pilot, screen, to_win=True)
        assert screen.table.seats[screen.match.loser].name == "AI"  # type: ignore[index]
        assert tally(screen) == [
            "AI vs you: 1 game, won 0, lost 1",
            "AI wins, last 100: 0% · 1,000: 0%",
            "▁",
        ]
        await pilot.press("a")
        await play_out(pilot, screen, to_win=False)
        assert screen.table.seats[screen.match.loser].is_human  # type: ignore[index]
        assert tally(screen) == [
            "AI vs you: 2 games, won 1, lost 1",
            "AI wins, last 100: 50% · 1,000: 50%",
            "▁▅",
        ]
        await pilot.press("a")  # a practice game: a move taken back, then played out
        await wait_until(pilot, lambda: screen.human_turn())
        await pilot.press("1")
        await wait_until(pilot, lambda: screen.human_turn())
        await pilot.press("u")
        assert screen.match.practice
        await play_out(pilot, screen, to_win=False)
        assert screen.table.games == 3
        assert tally(screen)[0] == "AI vs you: 2 games, won 1, lost 1"  # unchanged
        assert tally(screen)[2] == "▁▅"


async def test_two_friends_have_no_tally() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        from test_ui_games import to_game_board

        screen = await to_game_board(pilot, "sticks", "1", sticks="10")
        await pilot.press("3", "3", "3")
        await wait_until(pilot, lambda: screen.match.position == 1)
        await pilot.press("1")
        await wait_until(pilot, lambda: screen.match.is_over)
        assert not screen.query_one("#tally", Static).display

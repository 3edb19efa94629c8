"""Watch mode: two machines play; speed control and single-step."""

from __future__ import annotations

from textual.widgets import RichLog, Select, Static
from ui_helpers import make_app, screen_name, to_mode, training_done, wait_until

from sticks_tui.ui.screens.board import BoardScreen
from sticks_tui.ui.screens.training import TrainingScreen
from sticks_tui.ui.session import Machine
from sticks_tui.ui.widgets.hats import HatChart


def lines(screen: BoardScreen) -> list[str]:
    return [strip.text.rstrip() for strip in screen.query_one("#log", RichLog).lines]


async def watch(pilot, left: Machine, right: Machine) -> BoardScreen:  # noqa: ANN001
    await to_mode(pilot, 20)
    pilot.app.screen.query_one("#left", Select).value = left
    pilot.app.screen.query_one("#right", Select).value = right
    await pilot.pause()
    await pilot.press("4")
    await wait_until(pilot, lambda: screen_name(pilot) == "BoardScreen")
    screen = pilot.app.screen
    assert isinstance(screen, BoardScreen)
    return screen


async def test_learning_against_perfect_plays_to_the_end_and_the_loser_is_named() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await watch(pilot, Machine.LEARNING, Machine.PERFECT)
        await wait_until(pilot, lambda: screen.match.is_over)
        log = lines(screen)
        moves = log[1:-1]
        assert moves and all(
            line.startswith(("AI selects ", "Perfect AI selects ")) for line in moves
        )
        loser = screen.table.seats[screen.match.loser].name  # type: ignore[index]
        assert log[-1] == f"{loser} loses."
        assert screen.query_one("#turn", Static).render() == log[-1]
        assert screen.query_one(HatChart).snapshot.games_played == 1  # type: ignore[union-attr]
        # recorded, but off the leaderboard unless machines' games are asked for (issue 13)
        assert app.records.standings() == []
        assert {row.name for row in app.records.standings(machines=True)} == {"AI", "Perfect AI"}
        assert [row.games for row in app.records.standings("sticks", machines=True)] == [1, 1]


async def test_single_step_draws_then_takes_and_speed_changes() -> None:
    app = make_app(ai_delay=1000.0)  # nothing moves unless a key says so
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await watch(pilot, Machine.LEARNING, Machine.LEARNING)
        assert [seat.name for seat in screen.table.seats] == ["AI", "AI 2"]
        assert "normal speed" in str(screen.query_one("#speed", Static).render())
        await pilot.press("plus")
        assert "fast speed" in str(screen.query_one("#speed", Static).render())
        await pilot.press("minus", "minus")
        assert "slow speed" in str(screen.query_one("#speed", Static).render())
        await pilot.press("s")
        assert screen.watched.paused and screen.match.position == 20
        chart = screen.query_one("#chart-0", HatChart)
        assert chart.snapshot is not None and 20 in chart.snapshot.beside
        await pilot.press("s")
        drawn = chart.snapshot.beside[20]
        assert screen.match.position == 20 - drawn
        assert lines(screen)[-1] == f"AI selects {drawn}"
        await pilot.press("s", "s")
        assert len(screen.match.history) == 2
        assert lines(screen)[-1].startswith("AI 2 selects ")
        second = screen.query_one("#chart-1", HatChart)
        assert second.snapshot is not None and second.in_use == 20 - drawn


async def test_random_against_random_has_no_hats_to_show() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await watch(pilot, Machine.RANDOM, Machine.RANDOM)
        await wait_until(pilot, lambda: screen.match.is_over)
        assert not screen.query(HatChart)
        assert lines(screen)[-1].endswith("loses.")


async def test_trained_side_trains_first_then_watches_with_both_trained_brains() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await to_mode(pilot, 20)
        pilot.app.screen.query_one("#left", Select).value = Machine.TRAINED
        pilot.app.screen.query_one("#right", Select).value = Machine.TRAINED
        await pilot.press("4")
        await wait_until(pilot, lambda: screen_name(pilot) == "TrainingScreen")
        await training_done(pilot)
        training = pilot.app.screen
        assert isinstance(training, TrainingScreen)
        await wait_until(pilot, lambda: training.result is not None)
        assert training.result is not None and training.result.games_played == 400
        await pilot.press("enter")
        await wait_until(pilot, lambda: screen_name(pilot) == "BoardScreen")
        screen = pilot.app.screen
        assert isinstance(screen, BoardScreen)
        first, second = (seat.brain for seat in screen.table.seats)
        assert first is not None and second is not None and first is not second
        await wait_until(pilot, lambda: screen.match.is_over)
        assert first.games_played == second.games_played == 401


async def test_the_hat_window_scrolls_with_the_bracket_keys() -> None:
    app = make_app(ai_delay=1000.0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await watch(pilot, Machine.LEARNING, Machine.RANDOM)
        chart = screen.query_one(HatChart)
        assert chart.centre == 20
        await pilot.press("left_square_bracket", "left_square_bracket")
        assert chart.centre == 16
        await pilot.press("right_square_bracket")
        assert chart.centre == 18
        for _ in range(60):
            screen.action_scroll_hats(1)
        await pilot.press("right_square_bracket")
        assert chart.centre == 20  # never past the last hat the game reaches (20 sticks)

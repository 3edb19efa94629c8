"""After every game the board shows what the game did to each learning machine (issue 21, SPEC
section 11): the balls drawn stay marked until the next game starts, each change in colour and
as text ("+1", "-1"), a line says what happened or why nothing changed; undo clears it; the
hats shown and their counts are the same on the board and in the lab."""

from __future__ import annotations

from test_ui_games import against
from textual.pilot import Pilot
from textual.widgets import Select
from ui_helpers import make_app, screen_name, to_board, to_mode, wait_until

from sticks_tui.engine import Nim, Solver, game_of_sticks
from sticks_tui.engine.learners.hats.lessons import Lesson
from sticks_tui.engine.machines import Machine
from sticks_tui.ui.presenters import MoveChosen
from sticks_tui.ui.presenters.bars import OneHatChart
from sticks_tui.ui.presenters.hats import HatChart
from sticks_tui.ui.screens.board.screen import BoardScreen
from sticks_tui.ui.screens.lab.form import LabScreen
from sticks_tui.ui.screens.lab.run import LabRunScreen
from sticks_tui.ui.speed import FULL_SPEED

FLOOR_WORDS = "It lost, but each ball it drew was already at the floor (1): nothing changed."


def board(pilot: Pilot) -> BoardScreen:
    screen = pilot.app.screen
    assert isinstance(screen, BoardScreen)
    return screen


def words(text: str) -> str:
    """Text as a person reads it, whatever line it wrapped onto."""
    return " ".join(text.split())


def chart_lines(chart: HatChart) -> list[str]:
    return chart.render().plain.splitlines()


async def play_out(pilot: Pilot, screen: BoardScreen, take) -> None:  # noqa: ANN001
    """The person plays ``take(sticks)`` at each of their turns until the game is over."""
    while not screen.match.is_over:
        await wait_until(pilot, lambda: screen.match.is_over or screen.human_turn())
        if not screen.match.is_over:
            before = screen.match.position
            await pilot.press(str(take(before)))
            # the move may be applied after the key returns: never play the same turn twice
            await wait_until(pilot, lambda: screen.match.position != before)


def winning_take(sticks: int) -> int:
    """Leave the AI 1, 5, 9, ... sticks (it must take the last one in the end)."""
    return (sticks - 1) % 4 or 1


def losing_take(sticks: int) -> int:
    """Never leave the AI a lost heap, where the person can help it."""
    return next((t for t in (1, 2, 3) if t <= sticks and (sticks - t) % 4 != 1), 1)


async def test_a_lost_game_marks_each_ball_drawn_minus_one_as_text() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        rules = game_of_sticks(10)
        every = {n: {1: 1, 2: 1, 3: 1} for n in range(1, 11)}  # two balls of each: a loss shows
        app.brains.hats(rules, "AI").apply_lesson(Lesson(rules.key, 0, every))
        await to_board(pilot, "2", sticks=10)
        screen = board(pilot)
        await play_out(pilot, screen, winning_take)
        assert screen.match.loser == 1  # the AI lost
        chart = screen.query_one(HatChart)
        drawn = [(t.before, t.move) for t in screen.match.history if t.player == 1]
        assert chart.marks is not None
        assert chart.marks.drawn == {hat: (ball, -1) for hat, ball in drawn}
        lines = chart_lines(chart)
        labels = next(i for i, line in enumerate(lines) if line.split()[:2] == ["1", "2"])
        under = lines[labels + 1]  # the row of changes, under the hat numbers
        shown = [int(label) for label in lines[labels].split()]
        for hat, _ in drawn:
            if hat in shown:
                column = lines[labels].index(f" {hat} ") + len(str(hat))
                assert under[column - 1 : column + 1] == "-1"
        assert "It lost: each ball it drew was thrown away (-1)." in words(chart.render().plain)
        assert all(chart.snapshot.balls[hat][ball - 1] == 1 for hat, ball in drawn)  # type: ignore[union-attr]


async def test_a_loss_at_the_floor_says_why_nothing_changed_until_the_next_game() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await to_board(pilot, "2", sticks=10)
        screen = board(pilot)
        await play_out(pilot, screen, winning_take)
        assert screen.match.loser == 1
        chart = screen.query_one(HatChart)
        said = words(chart.render().plain)
        assert FLOOR_WORDS in said and "-1" not in said
        assert chart.marks is not None and {c for _, c in chart.marks.drawn.values()} == {0}
        await pilot.press("a")  # the next game starts: the marks go
        await wait_until(pilot, lambda: not screen.match.is_over)
        assert chart.marks is None
        assert "nothing changed" not in words(chart.render().plain)


async def test_a_won_game_marks_each_ball_drawn_plus_one() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        rules = game_of_sticks(10)
        good = {n: {(n - 1) % 4: 200} for n in range(2, 11) if (n - 1) % 4}  # it plays well
        app.brains.hats(rules, "AI").apply_lesson(Lesson(rules.key, 0, good))
        await to_board(pilot, "2", sticks=10)
        screen = board(pilot)
        await play_out(pilot, screen, losing_take)
        assert screen.match.loser == 0  # the AI won
        chart = screen.query_one(HatChart)
        assert chart.marks is not None and chart.marks.drawn
        assert {change for _, change in chart.marks.drawn.values()} == {1}
        said = words(chart.render().plain)
        assert "It won: each ball it drew went back with 1 more (+1)." in said
        assert "+1" in chart_lines(chart)[-5]  # the row under the hat numbers (key: 2 lines)


async def nim_board(pilot: Pilot, machine: Machine = Machine.LEARNING) -> BoardScreen:
    """Nim 1, 3, 5 against ``machine`` (trained first, for the Q-learner)."""
    screen = await against(pilot, machine, "nim", piles="1,3,5")
    assert screen.rules == Nim((1, 3, 5))
    return screen


async def play_nim(pilot: Pilot, screen: BoardScreen, best: bool = True) -> None:
    """The person plays a winning move where there is one (else the first), until the end."""
    solver = Solver(screen.rules)
    while not screen.match.is_over:
        await wait_until(pilot, lambda: screen.match.is_over or screen.human_turn())
        if screen.match.is_over:
            break
        position = screen.match.position
        move = (solver.winning_moves(position) if best else ()) or screen.match.legal_moves()
        screen.post_message(MoveChosen(move[0]))  # as the piles' input says it
        await wait_until(pilot, lambda: screen.match.position != position)


async def test_nim_after_a_game_lists_each_move_and_at_the_floor_says_why() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await nim_board(pilot)
        await play_nim(pilot, screen)
        assert screen.match.loser == 1
        chart = screen.query_one(OneHatChart)
        picture = chart.picture
        assert picture is not None and picture.title == FLOOR_WORDS
        made = [t for t in screen.match.history if t.player == 1]
        assert [row.heading for row in picture.rows] == [
            screen.presenter.at_words(t.before) for t in made
        ]
        assert all((row.before, row.value) == (1, 1) for row in picture.rows)
        assert str(chart.border_subtitle) == "0 hats learned · 1 game learned"
        assert FLOOR_WORDS in words(chart.render().plain)


async def test_undo_shows_the_hats_as_they_are_now() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await nim_board(pilot)
        start = screen.match.position
        screen.post_message(MoveChosen(screen.match.legal_moves()[0]))
        await wait_until(pilot, lambda: len(screen.match.history) == 2 and screen.human_turn())
        chart = screen.query_one(OneHatChart)
        assert chart.picture is not None and any(row.beside for row in chart.picture.rows)
        await pilot.press("f6")
        await wait_until(pilot, lambda: screen.match.position == start)
        picture = chart.picture
        assert picture is not None and not any(row.beside for row in picture.rows)
        assert picture.title.startswith(screen.presenter.at_words(start))  # the hat there now


def marked_hats(chart: HatChart) -> set[int]:
    """The hats with a ``●`` above their bars on the chart, read off its rows as a person does:
    the first row holds the marks, the row of hat numbers says whose column each is."""
    lines = chart_lines(chart)
    labels = next(line for line in lines if line.split()[:1] and line.split()[0].isdigit())
    group = len(chart.snapshot.kinds) + 1  # type: ignore[union-attr]
    return {
        int(labels[start : start + group])
        for start in range(0, len(labels), group)
        if "●" in lines[0][start : start + group]
    }


async def test_undo_keeps_the_mark_of_a_move_that_stands() -> None:
    """Issue 33: take 3 (20 -> 17), the AI draws at 17; then a move and its reply taken back:
    the ball drawn at 17 stays marked beside its hat (that move stands), the one taken back
    does not."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await to_board(pilot, "2", sticks=20)
        screen = board(pilot)
        await pilot.press("3")
        await wait_until(pilot, lambda: len(screen.match.history) == 2 and screen.human_turn())
        chart = screen.query_one(HatChart)
        assert marked_hats(chart) == {17}
        before = screen.match.position
        await pilot.press("1")
        await wait_until(pilot, lambda: len(screen.match.history) == 4 and screen.human_turn())
        assert marked_hats(chart) == {17, before - 1}
        await pilot.press("f6")
        await wait_until(pilot, lambda: screen.match.position == before)
        assert marked_hats(chart) == {17}
        assert screen.table.seats[1].brain.balls_beside == [  # type: ignore[union-attr]
            (17, screen.match.history[1].move)
        ]


async def test_a_q_learner_on_the_board_shows_its_values_and_that_it_learns_nothing() -> None:
    app = make_app(q_training_games=300)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await nim_board(pilot, Machine.Q_LEARNING)
        chart = screen.query_one(OneHatChart)
        assert str(chart.border_title) == "Q-learning AI (q)"
        screen.post_message(MoveChosen(screen.match.legal_moves()[0]))
        await wait_until(pilot, lambda: len(screen.match.history) >= 2)
        picture = chart.picture
        made = screen.match.history[1]  # its move, at the position its chart shows
        assert picture is not None
        assert picture.title == f"Q-values {screen.presenter.at_words(made.before)}"
        assert [row.label for row in picture.rows if row.beside] == [
            screen.presenter.ball_words(made.move)
        ]
        await play_nim(pilot, screen, best=False)
        assert chart.picture is not None
        assert chart.picture.title == "It plays as it was trained and learns nothing while it plays."


async def test_a_q_learners_practice_game_says_it_learns_nothing_at_the_table() -> None:
    """The newcomer's tour: after an undo, a Q-learner's chart said "a practice game teaches
    nothing", as if a game that counts would teach it; it never learns at the table."""
    app = make_app(q_training_games=300)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await nim_board(pilot, Machine.Q_LEARNING)
        chart = screen.query_one(OneHatChart)
        screen.post_message(MoveChosen(screen.match.legal_moves()[0]))
        await wait_until(pilot, lambda: len(screen.match.history) >= 2 and screen.human_turn())
        await pilot.press("f6")
        await wait_until(pilot, lambda: screen.match.practice and screen.human_turn())
        await play_nim(pilot, screen, best=False)
        assert screen.match.is_over and screen.match.practice
        assert chart.picture is not None
        assert chart.picture.title == "It plays as it was trained and learns nothing while it plays."


async def test_the_board_and_the_lab_show_the_same_hats_of_a_20_stick_game() -> None:
    app = make_app(ai_delay=1000.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_board(pilot, "2", sticks=20)
        on_board = board(pilot).query_one(HatChart).snapshot
        assert on_board is not None and on_board.positions == list(range(1, 21))
        app.push_screen(LabScreen(speed=FULL_SPEED, pause_after=3))  # for the board's game
        await wait_until(pilot, lambda: bool(pilot.app.screen.query("#against")))
        await pilot.press("enter")
        await wait_until(pilot, lambda: screen_name(pilot) == "LabRunScreen")
        run = pilot.app.screen
        assert isinstance(run, LabRunScreen)
        await wait_until(pilot, lambda: run.control.paused and run.games_done == 3, tries=3000)
        in_lab = run.query_one(HatChart).snapshot
        assert in_lab is not None and in_lab.positions == on_board.positions


async def test_a_watched_game_is_marked_until_the_next_one_starts() -> None:
    app = make_app(ai_delay=1000.0)  # nothing moves before the test says so
    async with app.run_test(size=(80, 24)) as pilot:
        await to_mode(pilot, 12)
        pilot.app.screen.query_one("#left", Select).value = Machine.LEARNING
        pilot.app.screen.query_one("#right", Select).value = Machine.RANDOM
        await pilot.pause()
        await pilot.press("4")
        await wait_until(pilot, lambda: screen_name(pilot) == "BoardScreen")
        screen = board(pilot)
        screen.watched.pause_after = 1
        app.ai_delay = 0.0
        await pilot.press("space", "space")  # paused and run again: the waiting step comes now
        await wait_until(pilot, lambda: screen.watched.paused and screen.match.is_over)
        chart = screen.query_one(HatChart)
        change = screen.table.seats[0].brain.last_game  # type: ignore[union-attr]
        assert change is not None and chart.marks is not None
        assert chart.marks.drawn == {m.position: (m.move, int(m.change)) for m in change.moves}
        said = words(chart.render().plain)
        assert said.count("It won: ") + said.count("It lost") == 1
        await pilot.press("s")  # the next game
        await wait_until(pilot, lambda: not screen.match.is_over)
        assert chart.marks is None


def test_snapshot_the_board_after_a_game_with_its_changes_marked(snap_compare) -> None:  # noqa: ANN001
    """The AI lost: the balls drawn from its hats of two (hats 9 and 5) are thrown away, -1;
    the last one, at the floor, went back: 0."""
    app = make_app()

    async def run_before(pilot: Pilot) -> None:
        rules = game_of_sticks(10)
        twos = {n: {1: 1, 2: 1, 3: 1} for n in range(5, 11)}
        app.brains.hats(rules, "AI").apply_lesson(Lesson(rules.key, 0, twos))
        await to_board(pilot, "2", sticks=10)
        screen = board(pilot)
        await play_out(pilot, screen, winning_take)
        await pilot.pause()

    assert snap_compare(app, run_before=run_before, terminal_size=(80, 24))

"""The end of a game saves off the event loop (issue 22): the result and the hats' lesson go to
the app's store writer, the board goes on meanwhile, leaving the app waits for every save, and
watching at full speed gathers its saves. The store's writes are held by the test until it lets
them go, so the order of events is asserted, never a time."""

from __future__ import annotations

import threading

from test_ui_watch import watch
from ui_helpers import make_app, to_board, wait_until

from sticks_tui.engine import game_of_sticks
from sticks_tui.engine.game import Rules
from sticks_tui.engine.learners.hats.brain import HatBrain
from sticks_tui.engine.learners.hats.lessons import Lesson
from sticks_tui.engine.machines import Machine
from sticks_tui.storage.records import MemoryRecords
from sticks_tui.ui.screens.board.screen import BoardScreen
from sticks_tui.ui.speed import FULL_SPEED

SIZE = (80, 24)
STICKS = game_of_sticks(10)


class HeldRecords(MemoryRecords):
    """Records whose writes wait until :attr:`go` is set, and refuse to be written on the event
    loop's thread; they count the lessons saved."""

    def __init__(self, *, held: bool = True) -> None:
        super().__init__()
        self.go = threading.Event()
        if not held:
            self.go.set()
        self.writing = threading.Event()
        self.written = 0
        self.lessons = 0

    @staticmethod
    def off_the_loop() -> None:
        """The app runs its event loop on the main thread: a write there would stop it."""
        assert threading.current_thread() is not threading.main_thread(), "written on the loop"

    def record_game(self, winner: str, loser: str, *, game: str) -> None:
        self.off_the_loop()
        self.writing.set()
        self.go.wait()
        super().record_game(winner, loser, game=game)
        self.written += 1

    def learn(self, rules: Rules, ai_name: str, lesson: Lesson) -> HatBrain | None:
        self.off_the_loop()
        self.go.wait()
        self.lessons += 1
        return super().learn(rules, ai_name, lesson)


def games_of(records: MemoryRecords, name: str) -> int:
    return sum(row.games for row in records.standings("sticks", machines=True) if row.name == name)


async def play_to_the_end(pilot, screen: BoardScreen) -> None:
    while not screen.match.is_over:
        await pilot.press(str(screen.match.legal_moves()[0]))
        await wait_until(pilot, lambda: screen.match.is_over or screen.match.to_move == 0)


async def test_the_board_goes_on_while_the_end_of_a_game_is_saved() -> None:
    records = HeldRecords()
    app = make_app(records=records)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await to_board(pilot, "2", sticks=10)  # a person against the learning AI
            screen = app.screen
            assert isinstance(screen, BoardScreen)
            await play_to_the_end(pilot, screen)
            await wait_until(pilot, records.writing.is_set)  # the save waits for the test
            assert records.written == 0 and app.brains.writer.busy
            await pilot.press("a")  # play again: answered while the save still waits
            await wait_until(pilot, lambda: not screen.match.is_over)
            assert screen.table.games == 1 and records.written == 0
            records.go.set()
            await wait_until(pilot, lambda: not app.brains.writer.busy)
            assert games_of(records, "AI") == 1 and records.lessons == 1
            saved = records.load_brain(STICKS, "AI")
            assert saved is not None and saved.games_played == 1
    finally:
        records.go.set()


async def test_screens_opened_while_a_save_waits_answer_and_show_it_once_done() -> None:
    """Issue 32: the records are never waited for on the event loop. With the end of a game's
    save held, the leaderboard opens and answers its keys, the lab's form takes typing and
    remembers its speed; once the save is let go, the leaderboard shows the game."""
    records = HeldRecords()
    app = make_app(records=records)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await to_board(pilot, "2", sticks=10)
            screen = app.screen
            assert isinstance(screen, BoardScreen)
            await play_to_the_end(pilot, screen)
            await wait_until(pilot, records.writing.is_set)  # the save waits for the test
            await pilot.press("l")  # the leaderboard, at once
            await wait_until(pilot, lambda: type(app.screen).__name__ == "LeaderboardScreen")
            await pilot.press("m")  # its keys answer while the save still waits
            assert records.written == 0 and app.brains.writer.busy
            await pilot.press("escape")
            await wait_until(pilot, lambda: app.screen is screen)
            app.remember({"held": "yes"})  # kept for the next run, after the save that waits
            assert app.recall("held") == "yes" and records.recall("held") is None
            await pilot.press("l")
            await wait_until(pilot, lambda: type(app.screen).__name__ == "LeaderboardScreen")
            records.go.set()
            await wait_until(pilot, lambda: "AI" in str(app.screen.query_one("#standings")
                                                        .get_row_at(0)))
            await wait_until(pilot, lambda: records.recall("held") == "yes")
    finally:
        records.go.set()


async def test_a_save_still_waiting_when_the_app_leaves_is_kept() -> None:
    records = HeldRecords()
    app = make_app(records=records)
    seen: list[str] = []
    try:
        async with app.run_test(size=SIZE) as pilot:
            await to_board(pilot, "2", sticks=10)
            screen = app.screen
            assert isinstance(screen, BoardScreen)
            await play_to_the_end(pilot, screen)
            await wait_until(pilot, records.writing.is_set)
            settle = app.brains.settle

            def leaving() -> None:  # the app's last step; the held save is let go from here
                seen.append(f"leaving waits with {records.written} results written")
                records.go.set()
                settle()
                seen.append(f"left with {records.written} written")

            app.brains.settle = leaving  # type: ignore[method-assign]
            await pilot.press("q")  # the game is over: q leaves at once
    finally:
        records.go.set()
    assert seen == ["leaving waits with 0 results written", "left with 1 written"]
    assert games_of(records, "AI") == 1
    saved = records.load_brain(STICKS, "AI")
    assert saved is not None and saved.games_played == 1


async def test_watching_at_full_speed_gathers_its_saves_and_loses_no_game() -> None:
    records = HeldRecords(held=False)
    app = make_app(records=records, ai_delay=1000.0)  # nothing moves until the test says so
    games = 60
    async with app.run_test(size=SIZE) as pilot:
        screen = await watch(pilot, Machine.LEARNING, Machine.RANDOM)
        screen.watched.speed = FULL_SPEED
        screen.watched.pause_after = games
        app.ai_delay = 0.0
        await pilot.press("space", "space")  # paused and run again: the games come at once
        await wait_until(pilot, lambda: screen.watched.paused)
        played = screen.table.games
        assert played >= games
        await wait_until(pilot, lambda: not app.brains.writer.busy)  # pausing saved them
        assert 1 <= records.lessons < games  # gathered: far fewer saves than games
        saved = records.load_brain(game_of_sticks(20), "AI")
        assert saved is not None and saved.games_played == played  # every game's lesson
        assert games_of(records, "AI") == played

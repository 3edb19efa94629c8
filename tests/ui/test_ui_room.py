"""The room view (``r`` on the leaderboard): the room's brain, its games learned and its win
share over its last games, following what another program on the same data directory (another
tab of a classroom) saves; and the tab says when its brain merged what the other taught it."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from textual.widgets import Static
from ui_helpers import make_app, screen_text, wait_until

from sticks_tui.engine import HatPlayer, Match, RandomPlayer, game_of_sticks
from sticks_tui.storage.brain_cache import BrainCache, BrainRef
from sticks_tui.storage.sqlite.play_on import PlayOnRecords
from sticks_tui.storage.sqlite.store import SqliteStore
from sticks_tui.ui.screens.leaderboard import LeaderboardScreen
from sticks_tui.ui.screens.room import RoomScreen
from sticks_tui.ui.screens.setup import SetupScreen


def shown(app: object, widget_id: str) -> str:
    screen = app.screen
    return str(screen.query_one(widget_id, Static).render())


async def test_the_room_view_follows_another_tabs_games_and_the_tab_says_what_it_merged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(RoomScreen, "poll_seconds", 0.05)
    sticks = game_of_sticks(20)  # the setup screen's game
    with SqliteStore.open(tmp_path) as mine, SqliteStore.open(tmp_path) as theirs:
        mine.record_game("Ada", "AI", game="sticks")
        app = make_app(records=PlayOnRecords(mine, warn=lambda message: None))
        app.NOTIFICATION_TIMEOUT = 600  # on a loaded machine the toast may go before it is read
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen))
            app.brains.hats(sticks, "AI")  # the AI this tab plays, loaded (no game yet)
            await pilot.press("ctrl+l")
            await wait_until(pilot, lambda: isinstance(app.screen, LeaderboardScreen))
            await pilot.press("r")
            await wait_until(pilot, lambda: isinstance(app.screen, RoomScreen))
            await wait_until(pilot, lambda: "won 0, lost 1" in shown(app, "#room-share"))
            assert shown(app, "#room-games") == "No game learned yet."
            # another tab: the AI wins a game against Bob, and keeps what it learned
            other = BrainCache(PlayOnRecords(theirs, warn=lambda message: None))
            brain = other.hats(sticks, "AI")
            rng = random.Random(3)
            match = Match(sticks, [HatPlayer("AI", brain, rng), RandomPlayer("Bob", rng)])
            while not match.is_over:
                match.play_machine_turn()
            winner = "AI" if match.loser == 1 else "Bob"
            other.keep("AI", brain)
            theirs.record_game(winner, "Bob" if winner == "AI" else "AI", game="sticks")
            share = "won 1, lost 1 (50%)" if winner == "AI" else "won 0, lost 2 (0%)"
            await wait_until(pilot, lambda: share in shown(app, "#room-share"))
            assert shown(app, "#room-games") == "Games learned: 1."
            marks = "W L" if winner == "AI" else "L L"
            assert shown(app, "#room-last") == f"Newest first: {marks}  (W: it won, L: it lost)"
            app.brains.pick_up(sticks, BrainRef("AI"))  # as the board does before a game
            await wait_until(pilot, lambda: "Merged with 1 game others taught AI" in " ".join(
                screen_text(pilot).split()  # the toast wraps its words
            ))
            assert app.brains.hats(sticks, "AI").games_played == 1
            await pilot.press("r")
            await wait_until(pilot, lambda: isinstance(app.screen, LeaderboardScreen))

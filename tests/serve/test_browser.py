"""The classroom in a real browser: Debian's headless Chromium, driven by Playwright, on the
real ``sticks-tui serve``.

textual-serve draws each tab's terminal on a canvas, so the page holds no text to read: the test
types with the page's keyboard and reads what the tab's app sent (the websocket's bytes, the
escape sequences taken out) and what the apps wrote to the room's store (``sticks-tui
leaderboard --json``, ``brain list --json``). Screenshots of each step are kept under the
test's tmp_path for a person to look at.

Where Chromium is not installed the test is skipped, except in CI (the CI variable set), where
``.ci/run`` installs it and a missing browser is a failure.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from serve_helpers import PATIENCE, Room, screen_text, serving

CHROMIUM = Path("/usr/bin/chromium")
#: Chromium headless, and quiet: no sandbox (CI runs as root), nothing fetched on its own.
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
pytestmark = pytest.mark.slow

if not CHROMIUM.exists():
    if os.environ.get("CI"):
        pytest.fail(f"{CHROMIUM} is missing: .ci/run installs Debian's chromium", pytrace=False)
    pytest.skip(f"no {CHROMIUM} (apt-get install chromium); CI installs it",
                allow_module_level=True)

from playwright.sync_api import Download, Page, WebSocket, sync_playwright  # noqa: E402


class Tab:
    """One browser tab on the room: its page, and the text its app has sent so far."""

    def __init__(self, page: Page, name: str, shots: Path) -> None:
        self.page = page
        self.name = name
        self.shots = shots
        self.sent = bytearray()
        self.socket: WebSocket | None = None
        page.on("websocket", self._watch)

    def _watch(self, socket: WebSocket) -> None:
        self.socket = socket
        socket.on("framereceived", self._received)

    def _received(self, payload: bytes | str) -> None:
        if isinstance(payload, bytes):  # the terminal's output (text frames are messages)
            self.sent.extend(payload)

    def text(self, since: int = 0) -> str:
        return screen_text(bytes(self.sent[since:]))

    def wait_for(self, *words: str, since: int = 0) -> str:
        """Wait until the app has sent one of ``words`` (after byte ``since``); which one."""
        return self.wait_for_pattern(*(re.escape(w) for w in words), since=since)

    def wait_for_pattern(self, *patterns: str, since: int = 0) -> str:
        """Wait until the app has sent text matching one of ``patterns`` (regular
        expressions); the first of them that matched, as given."""

        def found() -> str | None:
            text = self.text(since)
            return next((p for p in patterns if re.search(p, text)), None)

        if found() is None:
            assert self.socket is not None, "the page opened no websocket"
            self.socket.wait_for_event(
                "framereceived", predicate=lambda _: found() is not None, timeout=PATIENCE * 1000
            )
        pattern = found()
        assert pattern is not None
        return re.sub(r"\\(.)", r"\1", pattern)  # as given to wait_for

    def press(self, key: str) -> int:
        """Press ``key`` on the page; where the app's answer will start in :attr:`sent`."""
        mark = len(self.sent)
        self.page.keyboard.press(key)
        return mark

    def shot(self, step: str) -> None:
        self.page.screenshot(path=self.shots / f"{self.name}-{step}.png")


def wait_until(check: Callable[[], object], what: str) -> object:
    """Ask ``check`` until it answers something true (each ask is a sticks-tui command, which
    takes a moment); fail after :data:`PATIENCE`."""
    import time

    deadline = time.monotonic() + PATIENCE
    while not (answer := check()):
        assert time.monotonic() < deadline, f"never: {what}"
    return answer


def test_two_tabs_share_the_room_a_finished_game_and_a_downloaded_brain(tmp_path: Path) -> None:
    # no pause before the AI's move: a game is a few key presses
    with serving(tmp_path / "room", env={"STICKS_TUI_AI_DELAY": "0"}) as room:
        in_two_tabs(room, tmp_path)
    assert room.process.returncode == 0  # Ctrl+C stops it
    assert "Traceback" not in "".join(room.out + room.err)


def in_two_tabs(room: Room, tmp_path: Path) -> None:
    shots = tmp_path / "screenshots"
    shots.mkdir()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            context = browser.new_context(
                viewport={"width": 1000, "height": 640}, accept_downloads=True
            )
            context.route(re.compile(r"^https?://(?!127\.0\.0\.1)"), lambda route: route.abort())
            downloads: list[Download] = []
            context.on("page", lambda page: page.on("download", lambda d: downloads.append(d)))
            tabs = [Tab(context.new_page(), name, shots) for name in ("first", "second")]
            for tab in tabs:
                tab.page.goto(room.url)
            for tab, player in zip(tabs, ("Ada", "Bob")):  # each tab runs an app of its own
                tab.wait_for("Who is playing?")  # the first screen asks the player's name
                tab.page.focus(".xterm-helper-textarea")  # the terminal takes the keys
                tab.shot("name")
                mark = len(tab.sent)
                tab.page.keyboard.type(player)
                tab.press("Enter")
                tab.wait_for("Welcome to the game of sticks!", since=mark)
                tab.shot("setup")

            play_a_game(tabs[0])
            rows = wait_until(
                lambda: [row for row in json.loads(room.command("leaderboard", "--json").stdout)
                         if row["name"] == "Ada"],
                "the game on the room's leaderboard",
            )
            assert rows == [
                {"name": "Ada", "wins": rows[0]["wins"], "losses": 1 - rows[0]["wins"],
                 "games": 1, "rating": rows[0]["rating"], "machine": None}
            ]
            brains = json.loads(room.command("brain", "list", "--json").stdout)
            assert [(b["ai"], b["games_played"]) for b in brains] == [("AI", 1)], brains

            second = tabs[1]  # the other tab's leaderboard shows the game
            mark = second.press("Control+l")
            # its row: 1 game, won or lost, a rating of +1 or -1
            second.wait_for_pattern(r"Ada\s+1\s+[01]\s+[01]\s+[+-]1", since=mark)
            second.shot("leaderboard")

            mark = second.press("Control+b")  # the brains screen: export is a download
            second.wait_for("saved brains", since=mark)
            with context.expect_page() as opened:  # textual-serve opens the file's address
                second.press("e")
            if not downloads:  # (events come in only while Playwright is called)
                opened.value.wait_for_event("download", timeout=PATIENCE * 1000)
            download = downloads[0]
            saved = tmp_path / download.suggested_filename
            download.save_as(saved)
            second.shot("exported")
            assert download.suggested_filename == "sticks-hats.json"
            brain = json.loads(saved.read_text(encoding="utf-8"))
            assert brain["games_played"] == 1
        finally:
            browser.close()


def play_a_game(tab: Tab) -> None:
    """Against the learning AI, taking one stick a turn until the game is over."""
    tab.press("Control+n")  # Continue: the mode screen
    mark = tab.press("2")  # the learning computer
    tab.wait_for("Ada: take", since=mark)
    tab.shot("board")
    while True:
        mark = tab.press("1")
        if tab.wait_for("AI selects", "You lose.", "AI loses.", since=mark) != "AI selects":
            break
        if tab.wait_for("Ada: take", "You lose.", "AI loses.", since=mark) != "Ada: take":
            break
    tab.shot("game-over")

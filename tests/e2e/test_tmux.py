"""End to end: the real program in tmux at 80x24, played with keys and read off the screen.

It starts ``python -m sticks_tui`` on a private tmux server (``-L``), so it never touches the
user's own tmux, plays a friend game of 10 sticks (3, 3, 3, 1), and a Sticky-Nim game typed
letter by letter, and reads the pane until the console's words for the loser appear. tmux is installed by ``.ci/run`` when missing; the test
is skipped only where tmux truly is not there.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Iterator

import pytest

TMUX = shutil.which("tmux")
pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(TMUX is None, reason="tmux is not installed (.ci/run installs it)"),
]

#: Generous: a slow CI machine may take seconds to start Python and Textual.
SCREEN_TIMEOUT = 30.0


class Tmux:
    """One private tmux server with one session running the program."""

    def __init__(self, socket: str, socket_dir: str) -> None:
        self.socket = socket
        # the server's socket goes in a directory of the test's own, removed afterwards
        self.env = {**os.environ, "TMUX_TMPDIR": socket_dir}

    def run(self, *args: str) -> str:
        assert TMUX is not None
        done = subprocess.run(
            [TMUX, "-L", self.socket, *args],
            capture_output=True,
            text=True,
            timeout=20,
            env=self.env,
        )
        if done.returncode != 0:
            raise AssertionError(f"tmux {' '.join(args)} failed: {done.stderr.strip()}")
        return done.stdout

    def stop(self) -> None:
        """End the private server (and the program in it); it may have ended already."""
        assert TMUX is not None
        subprocess.run(
            [TMUX, "-L", self.socket, "kill-server"], capture_output=True, timeout=20, env=self.env
        )

    def screen(self) -> str:
        return self.run("capture-pane", "-p", "-t", "game")

    def keys(self, *keys: str) -> None:
        for key in keys:
            self.run("send-keys", "-t", "game", key)

    def wait_for(self, text: str) -> str:
        """The screen once ``text`` shows on it (a deadline only guards against a hang)."""
        deadline = time.monotonic() + SCREEN_TIMEOUT
        screen = ""
        while time.monotonic() < deadline:
            screen = self.screen()
            if text in screen:
                return screen
            time.sleep(0.1)
        raise AssertionError(f"{text!r} never appeared; the screen was:\n{screen}")


@pytest.fixture
def tmux(tmp_path: Path) -> Iterator[Tmux]:
    socket_dir = tempfile.mkdtemp(prefix="sticks-tmux-")  # short: socket paths have a limit
    server = Tmux(f"sticks-tui-test-{uuid.uuid4().hex[:12]}", socket_dir)
    env = {
        "STICKS_TUI_DATA_DIR": str(tmp_path / "data"),
        "STICKS_TUI_AI_DELAY": "0",
        "STICKS_TUI_TRAINING_GAMES": "100",
        "TERM": "xterm-256color",
    }
    exports = " ".join(f"{name}={shlex.quote(value)}" for name, value in env.items())
    repo = Path(__file__).resolve().parents[2]
    command = (
        f"cd {shlex.quote(str(repo))} && env {exports} "
        f"{shlex.quote(sys.executable)} -m sticks_tui; echo EXITED $?; sleep 30"
    )
    server.run(
        "-f", os.devnull, "new-session", "-d", "-s", "game", "-x", "80", "-y", "24", command
    )
    try:
        yield server
    finally:
        server.stop()
        shutil.rmtree(socket_dir, ignore_errors=True)


def test_friend_game_played_to_the_end_in_tmux(tmux: Tmux) -> None:
    tmux.wait_for("Welcome to the game of sticks!")
    tmux.keys("1", "0", "Enter")  # the sticks field starts selected: typing replaces it
    tmux.wait_for("Play against a friend")
    tmux.keys("1")
    screen = tmux.wait_for("Player 1: take 1-3 sticks")
    assert "There are 10 sticks on the board." in screen
    for key, left in (("3", 7), ("3", 4), ("3", 1)):
        tmux.keys(key)
        tmux.wait_for(f"There {'is' if left == 1 else 'are'} {left} stick")
    tmux.keys("1")
    screen = tmux.wait_for("Player 2, you lose.")
    assert "Player 2 takes 1" in screen
    # the end's keys and buttons (a terminal may be drawn between the last move and them)
    screen = tmux.wait_for("Play again")
    assert "Player 2, you lose." in screen
    tmux.keys("q")
    tmux.wait_for("EXITED 0")


def test_sticky_nim_friend_game_by_letters_in_tmux(tmux: Tmux) -> None:
    tmux.wait_for("Welcome to the game of sticks!")
    tmux.keys("BTab", "Enter")  # the game field, opened
    tmux.wait_for("Sticky-Nim")
    tmux.keys("Down", "Down", "Down", "Enter")
    tmux.wait_for("Take at most")
    tmux.keys("C-n")  # the default line of 20 sticks (typing into a field right after the
    # list closes could race the focus, which the screen does not show)
    tmux.wait_for("Play against a friend")
    tmux.keys("1")
    screen = tmux.wait_for("Player 1: take 1-3 sticks, e.g. df")
    assert "a b c d e f g h i j k l m n o p q r s t" in " ".join(screen.split())
    moves = ("ac", "df", "gi", "jl", "mo", "pr")
    for letters, left in zip(moves, (17, 14, 11, 8, 5, 2)):
        tmux.keys(*letters, "Enter")
        tmux.wait_for(f"{left} sticks on the line")
    tmux.keys("s", "t", "Enter")  # Player 1 takes the last two sticks
    tmux.wait_for("Player 1, you lose.")
    screen = tmux.wait_for("Player 1 takes st")  # the log scrolls to its last move
    assert "Player 1, you lose." in screen and "Player 2 takes pr" in screen
    tmux.keys("q")
    tmux.wait_for("EXITED 0")

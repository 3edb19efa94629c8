"""The real app on a pseudo-terminal, stopped by a signal while it trains: nothing is lost.

Closing the terminal window sends SIGHUP, ``kill`` sends SIGTERM, and Ctrl-C sends SIGINT where
it arrives as a signal. Each used to end the app at once: the lab's games vanished (``brain
list`` said no brains) and the terminal stayed in the alternate screen. Now each leaves the app
as ``q`` does: the training stops between two games, what it learned is saved and said, the
terminal is given back, and the exit status is 128 plus the signal's number.

Each training here is of 10,000,000 games, so it is still running when the signal comes (at
most some 100,000 games a second); the signal is sent once the screen shows games played.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parents[2]
TIMEOUT = 60  # generous: starting Python and Textual on a busy machine takes seconds
GAMES = 10_000_000
F3, CTRL_N = "\x1bOR", "\x0e"
ENTER_ALTERNATE_SCREEN, LEAVE_ALTERNATE_SCREEN = "\x1b[?1049h", "\x1b[?1049l"
KEPT = re.compile(r"Kept: Trained AI learned from ([\d,]+) more games\.")
SIGNALS = [signal.SIGTERM, signal.SIGHUP, signal.SIGINT]


def spawn_app(data_dir: Path, *args: str) -> pexpect.spawn:
    env = {**os.environ, "LC_ALL": "C.UTF-8", "LANG": "C.UTF-8", "TERM": "xterm-256color",
           "STICKS_TUI_AI_DELAY": "0"}
    env.pop("TEXTUAL_ALLOW_SIGNALS", None)  # Ctrl-C a key, as for everyone
    child = pexpect.spawn(
        sys.executable, ["-m", "sticks_tui", "--data-dir", str(data_dir), *args], cwd=str(REPO),
        env=env, encoding="utf-8", timeout=TIMEOUT, dimensions=(24, 80),
    )
    child.delaybeforesend = None
    child.expect_exact("Welcome to the game of sticks!")
    return child


def train_in_the_lab(child: pexpect.spawn) -> None:
    """The lab, the Game of Sticks, the hat AI "Trained AI" against random, 10,000,000 games
    (typed in the field that has the focus, "Against", as a schedule: no key moves the focus,
    so no key can come before the focus has moved), at full speed."""
    child.send(F3)
    child.expect_exact("Start training")
    child.expect_exact("palette")  # the footer: the form is drawn and its field has the focus
    child.send(f"random={GAMES}")  # replaces "random", selected with the focus
    child.send(CTRL_N)
    child.expect(rf"[1-9][\d,]* of {GAMES:,}")
    full_speed(child)


def full_speed(child: pexpect.spawn) -> None:
    """The lab starts at a speed a person can follow: f goes to full speed."""
    child.send("f")
    child.expect_exact("speed: full speed")


def train_the_trained_opponent(child: pexpect.spawn) -> None:
    """Setup, then "Play against the trained computer": the hats train by self-play, on the
    lab's run screen."""
    child.send(CTRL_N)
    child.expect_exact("Play against the trained computer")
    child.send("3")
    child.expect(rf"[1-9][\d,]* of {GAMES:,}")


def stop_with(child: pexpect.spawn, signum: int) -> str:
    """Send ``signum``; everything the app wrote once it ended (it must end by itself)."""
    screen_so_far = child.before + child.after
    child.kill(signum)
    child.expect(pexpect.EOF)
    child.close()
    assert child.signalstatus is None, f"ended by signal {child.signalstatus}, not by itself"
    assert child.exitstatus == 128 + signum
    return screen_so_far + child.before


def saved_brains(data_dir: Path) -> list[dict[str, object]]:
    done = subprocess.run(
        [sys.executable, "-m", "sticks_tui", "--data-dir", str(data_dir), "brain", "list",
         "--json"],
        capture_output=True, text=True, cwd=REPO, timeout=TIMEOUT, check=True,
    )
    brains: list[dict[str, object]] = json.loads(done.stdout)
    return brains


def check_kept(written: str, data_dir: Path) -> None:
    """The terminal left the alternate screen, the app said what it kept, and it is saved."""
    last_screen = written.rsplit(ENTER_ALTERNATE_SCREEN, 1)[-1]
    assert LEAVE_ALTERNATE_SCREEN in last_screen
    after = last_screen.rsplit(LEAVE_ALTERNATE_SCREEN, 1)[-1]
    kept = KEPT.search(after)
    assert kept is not None, f"nothing said after the app: {after!r}"
    games = int(kept[1].replace(",", ""))
    assert 0 < games < GAMES  # stopped between two games, long before the end
    assert "Traceback" not in written
    (brain,) = saved_brains(data_dir)
    assert (brain["ai"], brain["learner"], brain["game"]) == ("Trained AI", "hats", "sticks")
    assert brain["games_played"] == games


@pytest.mark.parametrize("signum", SIGNALS, ids=lambda s: signal.Signals(s).name)
def test_a_signal_during_the_labs_training_keeps_it_and_gives_the_terminal_back(
    signum: int, tmp_path: Path
) -> None:
    child = spawn_app(tmp_path)
    train_in_the_lab(child)
    check_kept(stop_with(child, signum), tmp_path)


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP],
                         ids=lambda s: signal.Signals(s).name)
def test_a_signal_while_training_the_trained_opponent_keeps_its_hats(
    signum: int, tmp_path: Path
) -> None:
    child = spawn_app(tmp_path, "--training-games", str(GAMES))
    train_the_trained_opponent(child)
    check_kept(stop_with(child, signum), tmp_path)


def test_a_finished_lab_training_not_yet_kept_is_kept_by_a_signal(tmp_path: Path) -> None:
    child = spawn_app(tmp_path)
    child.send(F3)
    child.expect_exact("Start training")
    child.send(CTRL_N)  # the form's 100,000 games: a second or two at full speed
    child.expect(r"[\d,]+ of 100,000")
    full_speed(child)
    child.expect_exact("Keep what it learned (k) or discard it (d)")
    written = stop_with(child, signal.SIGTERM)
    assert KEPT.search(written.rsplit(LEAVE_ALTERNATE_SCREEN, 1)[-1])
    (brain,) = saved_brains(tmp_path)
    assert brain["games_played"] == 100_000

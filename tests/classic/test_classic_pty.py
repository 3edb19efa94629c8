"""The real program, ``python -m sticks_tui --classic``, driven through a pseudo-terminal.

The terminal echoes what is typed, exactly as for a person, so the whole screen can be
compared with seed 000's transcripts once ``\\r\\n`` is read as ``\\n``. Each answer is typed only
after its prompt has appeared, as a person would, so the echo never races the program.
"""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pexpect
import pytest
from classic_transcript_check import (
    AGAIN_PROMPT,
    OPTION_PROMPT,
    STICKS_PROMPT,
    walk_against_computer,
)
from test_classic_console import SPEC_FRIEND_GAME

REPO = Path(__file__).resolve().parents[2]
TIMEOUT = 60  # generous; every test here takes well under a few seconds
TAKE_PROMPT = "How many sticks do you take (1-3)? "


def spawn(
    data_dir: Path, *args: str, encoding: str | None = "utf-8"
) -> tuple[pexpect.spawn, io.StringIO]:
    """Start the program on a fresh pseudo-terminal; the second value collects the screen.

    ``data_dir`` holds its records: the learning AI starts from the brain saved there, so a
    test that needs a fresh AI gives a fresh directory.
    """
    env = {**os.environ, "STICKS_TUI_DATA_DIR": str(data_dir), "LC_ALL": "C.UTF-8",
           "LANG": "C.UTF-8"}
    child = pexpect.spawn(
        sys.executable, ["-m", "sticks_tui", "--classic", *args], cwd=str(REPO), env=env,
        encoding=encoding, timeout=TIMEOUT, dimensions=(24, 80),
    )
    # answers are typed only after their prompt appears, so pexpect's safety pause is not needed
    child.delaybeforesend = None
    screen = io.StringIO() if encoding else io.BytesIO()
    child.logfile_read = screen
    return child, screen


def answer(child: pexpect.spawn, prompt: str, typed: str) -> None:
    child.expect_exact(prompt)
    child.sendline(typed)


def finish(child: pexpect.spawn) -> int:
    """Wait for the program to end; its exit status."""
    child.expect(pexpect.EOF)
    child.close()
    assert child.signalstatus is None, f"killed by signal {child.signalstatus}"
    return child.exitstatus


def shown(screen: io.StringIO) -> str:
    return screen.getvalue().replace("\r\n", "\n")


def play_against_computer(child: pexpect.spawn, again: list[str]) -> None:
    """Take one stick at every turn (always legal) and answer "Play again" from ``again``."""
    for reply in again:
        while child.expect_exact([TAKE_PROMPT, AGAIN_PROMPT]) == 0:
            child.sendline("1")
        child.sendline(reply)


def test_the_spec_friend_game_exactly(tmp_path: Path) -> None:
    child, screen = spawn(tmp_path)
    for prompt, typed in [(STICKS_PROMPT, "10"), (OPTION_PROMPT, "1"), (TAKE_PROMPT, "3"),
                          (TAKE_PROMPT, "3"), (TAKE_PROMPT, "3"), (TAKE_PROMPT, "1"),
                          (AGAIN_PROMPT, "0")]:
        answer(child, prompt, typed)
    assert finish(child) == 0
    assert shown(screen) == SPEC_FRIEND_GAME


def test_seed_000_second_example_as_far_as_shown_then_to_the_end(tmp_path: Path) -> None:
    child, screen = spawn(tmp_path)
    for typed in ["500", "3", "50"]:
        answer(child, STICKS_PROMPT, typed)
    answer(child, OPTION_PROMPT, "1")
    for typed in ["3", "55", "3", "3"]:
        answer(child, TAKE_PROMPT, typed)
    for typed in ["3"] * 13 + ["1", "1"]:  # 41 -> 2 by threes, then 1 and the last one
        answer(child, TAKE_PROMPT, typed)
    answer(child, AGAIN_PROMPT, "0")
    assert finish(child) == 0
    text = shown(screen)
    assert text.startswith(
        "Welcome to the game of sticks!\n"
        "How many sticks are there on the table initially (10-100)? 500\n"
        "Please enter a number between 10 and 100\n"
        "How many sticks are there on the table initially (10-100)? 3\n"
        "Please enter a number between 10 and 100\n"
        "How many sticks are there on the table initially (10-100)? 50\n"
        "Options:\n"
        "  Play against a friend (1)\n"
        "  Play against the computer (2)\n"
        "  Play against the trained computer (3)\n"
        "Which option do you take (1-3)? 1\n"
        "\n"
        "There are 50 sticks on the board.\n"
        "Player 1: How many sticks do you take (1-3)? 3\n"
        "\n"
        "There are 47 sticks on the board.\n"
        "Player 2: How many sticks do you take (1-3)? 55\n"
        "Please enter a number between 1 and 3\n"
        "Player 2: How many sticks do you take (1-3)? 3\n"
        "\n"
        "There are 44 sticks on the board.\n"
        "Player 1: How many sticks do you take (1-3)? 3\n"
    )
    assert text.endswith(
        "\n"
        "There is 1 stick on the board.\n"
        "Player 2: How many sticks do you take (1-3)? 1\n"
        "Player 2, you lose.\n"
        "Play again (1 = yes, 0 = no)? 0\n"
    )


def test_against_the_computer_with_a_seed_every_line_and_the_same_again(tmp_path: Path) -> None:
    again = ["1", "yes", "0"]
    screens = []
    for run in range(2):  # each run with records of its own, so each AI starts fresh
        child, screen = spawn(tmp_path / f"run{run}", "--seed", "42")
        answer(child, STICKS_PROMPT, "15")
        answer(child, OPTION_PROMPT, "2")
        play_against_computer(child, again)
        assert finish(child) == 0
        screens.append(shown(screen))
    walk = walk_against_computer(screens[0], 15, 2, again)
    assert len(walk.results) == 3 and walk.ai_moves
    assert screens[0] == screens[1], "the same seed and the same answers must repeat exactly"


def test_against_the_trained_computer_with_the_real_default_training(tmp_path: Path) -> None:
    # 100,000 self-play games at 10 sticks: about half a second
    again = ["1", "1", "0"]
    child, screen = spawn(tmp_path, "--seed", "7")
    answer(child, STICKS_PROMPT, "10")
    answer(child, OPTION_PROMPT, "3")
    child.expect_exact("Training AI, please wait...")
    play_against_computer(child, again)
    assert finish(child) == 0
    walk = walk_against_computer(shown(screen), 10, 3, again)
    assert len(walk.results) == 3
    # taking one stick every time loses against an AI that has learned the game
    assert walk.results.count("You lose.") >= 2


def test_ctrl_d_at_a_prompt_ends_with_status_0_and_a_newline(tmp_path: Path) -> None:
    child, screen = spawn(tmp_path)
    answer(child, STICKS_PROMPT, "10")
    child.expect_exact(OPTION_PROMPT)
    child.sendeof()
    assert finish(child) == 0
    text = shown(screen)
    assert text.endswith(OPTION_PROMPT + "\n")
    assert "Traceback" not in text


def test_ctrl_c_at_a_prompt_ends_with_status_0_and_no_traceback(tmp_path: Path) -> None:
    child, screen = spawn(tmp_path)
    answer(child, STICKS_PROMPT, "10")
    answer(child, OPTION_PROMPT, "1")
    child.expect_exact(TAKE_PROMPT)
    child.sendintr()
    assert finish(child) == 0
    text = shown(screen)
    assert text.endswith("\n") and TAKE_PROMPT in text.rsplit("\n", 2)[-2]
    assert "Traceback" not in text and "KeyboardInterrupt" not in text


def test_ctrl_c_while_training_ends_with_status_130_and_no_traceback(tmp_path: Path) -> None:
    """A training cut short ends as ``train``'s does (130), not as a person leaving at a
    prompt (0): docs/commands/exit-statuses.md and docs/playing/classic.md say so."""
    child, screen = spawn(tmp_path)
    answer(child, STICKS_PROMPT, "100")  # 100,000 games of 100 sticks take a few seconds
    answer(child, OPTION_PROMPT, "3")
    child.expect_exact("Training AI, please wait...")
    child.sendintr()
    assert finish(child) == 128 + signal.SIGINT
    assert "Traceback" not in shown(screen)


def saved_brains(data_dir: Path) -> list[dict[str, object]]:
    done = subprocess.run(
        [sys.executable, "-m", "sticks_tui", "--data-dir", str(data_dir), "brain", "list",
         "--json"],
        capture_output=True, text=True, cwd=REPO, timeout=TIMEOUT, check=True,
    )
    brains: list[dict[str, object]] = json.loads(done.stdout)
    return brains


@pytest.mark.parametrize(
    ("stop", "status"),
    [
        ("ctrl-c", 128 + signal.SIGINT), (signal.SIGTERM, 128 + signal.SIGTERM),
        (signal.SIGHUP, 128 + signal.SIGHUP),
    ],
    ids=["ctrl-c", "SIGTERM", "SIGHUP"],
)
def test_stopping_option_3s_training_keeps_what_was_trained(
    stop: str | int, status: int, tmp_path: Path
) -> None:
    games = 10_000_000  # minutes: still training when it is stopped
    child, screen = spawn(tmp_path, "--training-games", str(games))
    answer(child, STICKS_PROMPT, "100")
    answer(child, OPTION_PROMPT, "3")
    child.expect_exact("Training AI, please wait...")
    time.sleep(1)  # some games first (the console shows no progress to wait for)
    if stop == "ctrl-c":
        child.sendintr()
    else:
        child.kill(stop)
    assert finish(child) == status
    (brain,) = saved_brains(tmp_path)
    assert (brain["ai"], brain["game"]) == ("Trained AI", "sticks")
    played = brain["games_played"]
    assert isinstance(played, int) and 0 < played < games
    text = shown(screen)
    assert "Traceback" not in text
    if stop != signal.SIGHUP:  # after SIGHUP no one reads the terminal
        ending = text.rsplit("Training AI, please wait...\n", 1)[-1].replace("^C", "")
        assert ending == (  # the newline of any Ctrl-C, then what was kept, on stderr
            f"\nsticks-tui: training stopped after {played:,} of {games:,} games; Trained AI "
            "keeps what it learned\n"
        )


def test_bytes_that_are_not_utf8_are_refused_like_any_bad_answer(tmp_path: Path) -> None:
    child, screen = spawn(tmp_path, encoding=None)
    child.expect_exact(STICKS_PROMPT.encode())
    child.sendline(b"\xff\xfe1\xc3")
    child.expect_exact(b"Please enter a number between 10 and 100\r\n" + STICKS_PROMPT.encode())
    child.sendeof()
    assert finish(child) == 0
    assert b"Traceback" not in screen.getvalue()


def test_piped_input_of_every_kind_of_bad_answer_never_shows_a_traceback(tmp_path: Path) -> None:
    """Not a terminal: a pipe, as in `sticks-tui --classic < answers.txt`."""
    typed = ["", "abc", "2.5", "١", "+12", "1_0", "9" * 10_000, "10",
             "x", "7", "1",
             "", "0", "4", "3", "3", "3", "2", "1",
             "maybe", "1", "3", "3", "3", "1"]  # the input ends here: end of input
    result = subprocess.run(
        [sys.executable, "-m", "sticks_tui", "--classic", "--data-dir", str(tmp_path)],
        input="\n".join(typed) + "\n", capture_output=True, text=True, encoding="utf-8",
        cwd=REPO, timeout=TIMEOUT,
    )
    assert result.returncode == 0
    assert result.stderr == ""
    out = result.stdout
    assert out.count("Please enter a number between 10 and 100") == 7
    assert out.count("Please enter a number between 1 and 3\n") == 5
    assert "Please enter a number between 1 and 1\n" in out  # 2 with one stick left
    assert out.count("Please enter 1 or 0") == 1
    assert out.count("Player 2, you lose.") == 2
    assert out.endswith(AGAIN_PROMPT + "\n")

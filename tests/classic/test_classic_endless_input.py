"""The real program on input that never ends a line: ``sticks-tui --classic < /dev/zero``.

It must stop by itself, with little memory. The program is started by a small Python process
of its own, which reports the program's peak memory (``RUSAGE_CHILDREN`` counts only that
process's children, so no other test's programs count). That process also caps the program's
address space at 1 GiB, so a program that reads without bound fails fast instead of taking the
machine's memory.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
HANG_GUARD = 120  # seconds; generous, only there so a hang fails instead of blocking the suite
PEAK_MEMORY_LIMIT_MB = 300

RUNNER = """
import json, resource, subprocess, sys

def cap():
    resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))

with open(sys.argv[1], "rb") as stdin:
    run = subprocess.run(
        [sys.executable, "-m", "sticks_tui", "--classic", *sys.argv[2:]], stdin=stdin,
        capture_output=True, preexec_fn=cap,
    )
peak_kib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss  # KiB on Linux
print(json.dumps({"code": run.returncode, "out": run.stdout.decode(), "err": run.stderr.decode(),
                  "peak_mb": peak_kib / 1024}))
"""


def run_program(stdin: str, *args: str) -> dict[str, object]:
    """Run the program on the file ``stdin``; exit status, output, errors and peak memory."""
    runner = subprocess.run(
        [sys.executable, "-c", RUNNER, stdin, *args], cwd=REPO, capture_output=True, text=True,
        timeout=HANG_GUARD, env={**os.environ, "LC_ALL": "C.UTF-8"},
    )
    assert runner.returncode == 0, runner.stderr
    result: dict[str, object] = json.loads(runner.stdout)
    return result


def test_dev_zero_ends_the_console_with_a_message_and_little_memory() -> None:
    result = run_program("/dev/zero")
    assert result["peak_mb"] < PEAK_MEMORY_LIMIT_MB  # type: ignore[operator]
    assert result["code"] == 1
    assert result["out"] == (
        "Welcome to the game of sticks!\n"
        "How many sticks are there on the table initially (10-100)? \n"
    )
    assert result["err"] == (
        "sticks-tui: error: a line of input ran on for more than 1,000,000 characters without "
        "ending; stopped reading\n"
    )


def test_a_huge_line_is_refused_and_the_answers_after_it_are_played(tmp_path: Path) -> None:
    """Half a million spaces after "10" make one refused answer, not half a million lines."""
    answers = tmp_path / "answers.txt"
    answers.write_text("10" + " " * 500_000 + "\n10\n1\n3\n3\n3\n1\n0\n")
    result = run_program(str(answers))
    assert result["code"] == 0 and result["err"] == ""
    out = str(result["out"])
    assert out.count("Please enter a number between 10 and 100") == 1
    assert "Player 2, you lose." in out

"""Running the command line as a user does: in-process through ``main([...])``, or the real
program (``python -m sticks_tui``) in a subprocess."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from sticks_tui.cli.main import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """main(argv) -> (exit status, stdout, stderr), whether it returns or exits."""
    try:
        status = main(list(argv))
    except SystemExit as stop:
        status = stop.code if isinstance(stop.code, int) else 1
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def run_program(*argv: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "sticks_tui", *argv],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=60,
    )


def assert_argument_error(status: int, err: str, fragment: str) -> None:
    """Exit 2, argparse's usage line, then exactly one ``error:`` line naming the problem."""
    assert status == 2
    assert "Traceback" not in err
    lines = err.rstrip("\n").splitlines()
    assert lines[0].startswith("usage: sticks-tui")
    error_lines = [line for line in lines if ": error: " in line]
    assert error_lines == [lines[-1]], err
    assert fragment in lines[-1], lines[-1]

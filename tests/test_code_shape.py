"""The shape issue 11 asks the code to keep: no hand-written Python file in the package over
400 lines (a file that grows past it is split where its parts are, not squeezed)."""

from __future__ import annotations

from pathlib import Path

import sticks_tui

MOST_LINES = 400


def test_no_python_file_of_the_package_is_over_400_lines() -> None:
    package = Path(sticks_tui.__file__).parent
    long = {
        str(path.relative_to(package)): lines
        for path in package.rglob("*.py")
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > MOST_LINES
    }
    assert long == {}

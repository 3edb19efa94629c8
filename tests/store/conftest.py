"""Shared helpers for the store tests: run the real command line in-process, make brains."""

from __future__ import annotations

import io
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from sticks_tui.cli.main import main


@dataclass
class Run:
    code: int
    out: str
    err: str

    @property
    def err_lines(self) -> list[str]:
        return self.err.splitlines()


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch):
    """``cli(*argv, stdin="")`` runs ``sticks-tui argv`` and returns its status and output."""

    def run(*argv: str, stdin: str | None = "") -> Run:
        if stdin is None:
            monkeypatch.setattr(sys, "stdin", None)
        else:
            monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin.encode())))
        try:
            code = main(list(argv))
        except SystemExit as stop:
            code = stop.code if isinstance(stop.code, int) else 1
        out, err = capsys.readouterr()
        assert "Traceback" not in err and "went wrong" not in err, err
        return Run(code, out, err)

    return run


@pytest.fixture(autouse=True)
def no_ambient_data_dir(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Never touch the real user data directory: the default points into this test's tmp."""
    monkeypatch.delenv("STICKS_TUI_DATA_DIR", raising=False)
    monkeypatch.setattr("platformdirs.user_data_path", lambda *a, **k: tmp_path / "default-data")

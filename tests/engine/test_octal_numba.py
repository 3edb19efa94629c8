"""An octal game's Grundy values by the compiled loop (engine/games/octal_compiled.py, the extra
``sticks-tui[fast]``) are the pure-Python ones, and ``auto`` hands a proof over to it past
Python's budget, in the engine and in ``sticks-tui solve``. Only where numba is installed: CI's
test command does not need it (tests/engine/test_octal_values.py runs the same kernel as plain
Python, and tests/cli/test_solve_octal.py the refusals without numba)."""

from __future__ import annotations

import json
import sys
from collections import OrderedDict
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from sticks_tui.engine.games import octal_values
from sticks_tui.engine.games.octal_code import parse_code
from sticks_tui.engine.games.octal_values import grundy_values, prove_period

pytest.importorskip("numba")

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "cli"))  # cli_helpers
from cli_helpers import run

from sticks_tui.cli import solve

#: Treblecross and 0.6 (no period known), 4.07 (splits without taking), Dawson's Chess, and
#: 0.777 (three takes that may split; its values pass 256).
CODES = ["0.007", "0.6", "4.07", "0.137", "0.777"]


@pytest.mark.parametrize("text", CODES)
def test_the_compiled_values_are_the_pure_python_ones(text: str) -> None:
    code = parse_code(text)
    assert grundy_values(code, 3_000, backend="numba") == grundy_values(code, 3_000)


def python_budget(monkeypatch: pytest.MonkeyPatch, heaps: int) -> None:
    """Pure Python's budget made ``heaps`` (20,000 would take the suite seconds a code)."""
    monkeypatch.setattr(octal_values, "PROOF_HEAPS_DEFAULT", heaps)
    monkeypatch.setattr(octal_values, "PYTHON_ROUNDS_UP_TO", 256)
    monkeypatch.setattr(octal_values, "_proofs", OrderedDict())
    monkeypatch.setattr(solve, "PROOF_HEAPS_DEFAULT", heaps)


def test_auto_hands_a_proof_over_to_the_compiled_loop_past_pythons_budget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    python_budget(monkeypatch, 1_000)
    handed: list[int] = []
    compiled = octal_values._compiled

    def spy(code: Any, room: int, known: list[int] | None = None) -> Any:
        handed.append(len(known or [0]))
        return compiled(code, room, known)

    monkeypatch.setattr(octal_values, "_compiled", spy)
    code = parse_code("0.6")
    auto = prove_period(code, heaps=3_000, backend="auto")
    assert handed == [256]  # Python's round of 256 heaps, then the kernel's from there
    assert auto == prove_period(code, heaps=3_000, backend="python")
    assert (auto.proved, len(auto.values), auto.checked_up_to) == (False, 3_000, 2_999)


def test_solve_computes_heaps_past_pythons_budget_and_claims_no_period(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    python_budget(monkeypatch, 1_000)
    status, out, err = run(capsys, "solve", "--game", "octal:0.6", "--heaps", "2500", "--json")
    assert (status, err) == (0, "")
    data = json.loads(out)
    assert data["grundy"] == grundy_values(parse_code("0.6"), 2_500)
    assert data["period"] == {
        "proved": False, "period": None, "preperiod": None, "checked_up_to": 2_499
    }
    status, out, err = run(capsys, "solve", "--game", "octal:0.6", "--heaps", "2500")
    assert (status, err) == (0, "")
    assert "No period is proved up to 2,499 sticks" in " ".join(out.split())


def test_solve_backend_numba_gives_the_default_values(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "solve", "--game", "octal:0.137", "--backend", "numba",
                           "--json")
    assert (status, err) == (0, "")
    data = json.loads(out)
    assert data["period"] == {"proved": True, "period": 34, "preperiod": 52, "checked_up_to": 174}
    assert data["grundy"] == grundy_values(parse_code("0.137"), len(data["grundy"]))


def test_the_progress_and_ctrl_c_are_heard_often_however_many_takes_split() -> None:
    # 32 takes that may split: 1,024 heaps between two reports were 32 x 1,024 x n / 2 steps
    # (16 s at a million sticks, Ctrl-C unheard all that time); now a bounded amount of work
    code = parse_code("0." + "7" * 32)
    reports: list[int] = [1]
    grundy_values(code, 8_192, progress=lambda done, _all: reports.append(done), backend="numba")
    assert reports[-1] == 8_192
    steps_between = [
        32 * sum(n // 2 for n in range(before, after))
        for before, after in pairwise(reports)
    ]
    assert max(steps_between) <= 2**26  # a few hundredths of a second compiled

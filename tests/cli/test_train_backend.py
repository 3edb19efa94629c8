"""``sticks-tui train --backend auto|python|numba`` where numba cannot be had: ``numba`` says so
in one line and exits 2 without touching the output file; ``auto`` falls back to python quietly
and writes the very brain ``python`` writes. numba's absence, or a failed compile, is simulated,
so these run with or without the extra installed (tests/engine/test_numba_backend.py proves the
compiled loop's brains where it is)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from cli_helpers import assert_argument_error, run

from sticks_tui.engine import SELF, HatBrain, game_of_sticks, train
from sticks_tui.engine.backends import backend_for
from sticks_tui.engine.learners.hats import compiled as hat_numba

TRAIN = ("train", "--sticks", "30", "--games", "2000", "--seed", "11")


class FailedCompile(Exception):
    """What the fake numba raises when asked to compile."""


def without_numba(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hat_numba, "_kernel", None)
    monkeypatch.setitem(sys.modules, "numba", None)  # import numba raises ImportError


def with_broken_numba(monkeypatch: pytest.MonkeyPatch) -> None:
    def njit(**_options: Any) -> Any:
        raise FailedCompile("Untyped global name '_N'\nmore detail that is not shown")

    fake = SimpleNamespace(njit=njit, core=SimpleNamespace(errors=SimpleNamespace(
        NumbaError=FailedCompile)))
    monkeypatch.setattr(hat_numba, "_kernel", None)
    monkeypatch.setitem(sys.modules, "numba", fake)


def test_numba_that_cannot_write_its_cache_compiles_for_the_run(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """No folder numba may write its cache in (numba's RuntimeError 'no locator available'):
    the loop is compiled without the cache, and --backend numba is had, not refused."""
    compiled: list[dict[str, Any]] = []

    def njit(**options: Any) -> Any:
        if options.get("cache"):
            raise RuntimeError("cannot cache function '_self_play': no locator available")
        compiled.append(options)
        return lambda function: function

    fake = SimpleNamespace(njit=njit, core=SimpleNamespace(errors=SimpleNamespace(
        NumbaError=FailedCompile)))
    monkeypatch.setattr(hat_numba, "_kernel", None)
    monkeypatch.setattr(hat_numba, "_warm_up", lambda kernel: None)  # it would need numpy
    monkeypatch.setitem(sys.modules, "numba", fake)
    assert backend_for("numba", game_of_sticks(30), "hats") == "numba"
    assert compiled == [{"nogil": True}]
    assert hat_numba.load_kernel() is hat_numba._self_play


@pytest.mark.parametrize(
    ("make_unavailable", "reason"),
    [(without_numba, "numba is not installed (pip install 'sticks-tui[fast]' installs it)"),
     (with_broken_numba, "numba could not compile the training loop: Untyped global name '_N'")],
)
def test_numba_that_cannot_be_had_is_a_one_line_error(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
    make_unavailable: Any, reason: str,
) -> None:
    out = tmp_path / "brain.json"
    out.write_text("kept")
    make_unavailable(monkeypatch)
    status, stdout, err = run(capsys, *TRAIN, "--backend", "numba", "--out", str(out))
    assert_argument_error(status, err, f"argument --backend: {reason}")
    assert "--backend python" in err
    assert stdout == ""
    assert out.read_text() == "kept"


@pytest.mark.parametrize("make_unavailable", [without_numba, with_broken_numba])
def test_auto_falls_back_to_python_quietly(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
    make_unavailable: Any,
) -> None:
    make_unavailable(monkeypatch)
    python, auto, default = (tmp_path / f"{name}.json" for name in ("python", "auto", "default"))
    for path, extra in ((python, ["--backend", "python"]), (auto, ["--backend", "auto"]),
                        (default, [])):
        status, _, err = run(capsys, *TRAIN, *extra, "--out", str(path))
        assert (status, err) == (0, "")
    assert auto.read_bytes() == python.read_bytes() == default.read_bytes()


def test_an_unknown_backend_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, _, err = run(capsys, *TRAIN, "--backend", "fortran", "--out", str(tmp_path / "b"))
    assert_argument_error(status, err, "argument --backend: invalid choice: 'fortran'")
    assert not (tmp_path / "b").exists()


def test_numba_for_a_game_without_a_compiled_loop_trains_with_python(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
) -> None:
    """Only the hat AI's take-away self-play is compiled: Nim needs no numba at all."""
    without_numba(monkeypatch)
    out = tmp_path / "nim.json"
    status, _, err = run(capsys, "train", "--game", "nim:1,2,3", "--games", "300",
                         "--backend", "numba", "--out", str(out))
    assert (status, err) == (0, "")
    assert out.exists()


def test_the_engine_refuses_an_unknown_backend_before_training() -> None:
    brain = HatBrain(game_of_sticks(10))
    with pytest.raises(ValueError, match="unknown backend 'fortran': give one of auto, python"):
        train(brain, SELF, 10, seed=1, backend="fortran")
    assert brain.games_played == 0


#: A numba that can be imported but compiles nothing: whether a training imports it shows in
#: the program's modules, whether or not the real one is installed.
FAKE_NUMBA = '''\
class NumbaError(Exception):
    pass


class errors:
    NumbaError = NumbaError


class core:
    errors = errors


def njit(**options):
    raise NumbaError("the tests' numba compiles nothing")
'''
#: Runs the program as its entry point does, then prints the modules it loaded.
MODULES_AFTER = """\
import runpy, sys
sys.argv = ["sticks-tui", *sys.argv[1:]]
try:
    runpy.run_module("sticks_tui", run_name="__main__")
except SystemExit as stop:
    assert not stop.code, stop.code
print(" ".join(sorted(sys.modules)))
"""
#: Never loaded by a training in python: the compiler, and the classroom's server.
HEAVY = ("numba", "numpy", "llvmlite", "aiohttp", "textual_serve", "textual")


def modules_after_training(tmp_path: Path, *options: str) -> set[str]:
    """The modules ``sticks-tui train OPTIONS`` loaded, run as its own process with the fake
    numba first on the path; the brain must be written."""
    (tmp_path / "fake" / "numba").mkdir(parents=True)
    (tmp_path / "fake" / "numba" / "__init__.py").write_text(FAKE_NUMBA)
    out = tmp_path / "brain.json"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(tmp_path / "fake"), *filter(None, [os.environ.get("PYTHONPATH")])])}
    done = subprocess.run(
        [sys.executable, "-c", MODULES_AFTER, "train", *options, "--out", str(out)],
        capture_output=True, text=True, env=env, timeout=120,
    )
    assert done.returncode == 0 and done.stderr == "", done.stderr
    assert out.exists()
    return set(done.stdout.split())


@pytest.mark.parametrize(
    "options",
    [
        (*TRAIN[1:], "--backend", "python"),
        (*TRAIN[1:], "--against", "random"),
        (*TRAIN[1:], "--against", "perfect=1000,random=1000", "--backend", "numba"),
        ("--learner", "q", "--game", "nim:1,2,3", "--games", "300"),
    ],
    ids=["python", "auto-against-random", "numba-schedule-without-self", "auto-q"],
)
def test_a_training_numba_does_not_play_loads_neither_numba_nor_the_server(
    tmp_path: Path, options: tuple[str, ...]
) -> None:
    loaded = modules_after_training(tmp_path, *options)
    assert "sticks_tui.engine.training" in loaded
    assert sorted(m for m in loaded if m.split(".")[0] in HEAVY) == []


def test_a_training_loads_no_other_commands_module(tmp_path: Path) -> None:
    loaded = modules_after_training(tmp_path, *TRAIN[1:], "--backend", "python")
    assert "sticks_tui.cli.train" in loaded
    others = {f"sticks_tui.cli.{name}" for name in ("solve", "leaderboard", "brain", "analyze",
                                                     "serve")}
    assert sorted(loaded & others) == []


def test_auto_loads_numba_for_the_self_play_it_compiles(tmp_path: Path) -> None:
    """The case above's counterpart: the fake numba is found, and auto asks it to compile
    (it cannot: training goes on in python, quietly)."""
    assert "numba" in modules_after_training(tmp_path, *TRAIN[1:], "--backend", "auto")

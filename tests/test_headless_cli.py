"""The headless commands ``train`` and ``solve``, run as a user runs them.

Most tests call ``sticks_tui.cli.main([...])`` in-process and read what it printed; a few run
the real program (``python -m sticks_tui``) in a subprocess or on a pseudo-terminal, to prove
the exit statuses, the progress bar on a terminal, its absence in a pipe, and that Ctrl-C and
bad arguments never show a traceback.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

from sticks_tui.cli import train as headless
from sticks_tui.cli.main import main
from sticks_tui.engine import HatBrain, TakeAway, game_of_sticks, train_self_play


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
    assert fragment in lines[-1]


# -- help ----------------------------------------------------------------------------------
def test_help_lists_each_command_with_one_line_of_help(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--help")
    assert status == 0
    for command in ("train", "solve"):
        line = next(line for line in out.splitlines() if line.strip().startswith(command + " "))
        assert len(line.split(command, 1)[1].strip()) > 10  # a real description follows


# -- train ---------------------------------------------------------------------------------
def test_train_same_seed_writes_identical_files_that_round_trip(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    for out in (first, second):
        status, stdout, err = run(
            capsys, "train", "--sticks", "30", "--games", "300", "--seed", "7", "--out", str(out)
        )
        assert status == 0 and err == ""  # not a terminal: no progress bar
        assert stdout.count("\n") == 1 and stdout.startswith("Trained 300 games")
    assert first.read_bytes() == second.read_bytes()
    data = json.loads(first.read_text())
    brain = HatBrain.from_dict(data, rules=game_of_sticks())
    assert brain.games_played == 300
    assert brain.to_dict() == data
    # it learned: the hat for 2 sticks now prefers taking 1 (leaving the last stick)
    assert brain.preferred_move(2) == 1
    assert sorted(os.listdir(tmp_path)) == ["a.json", "b.json"]  # no temporary files left


def test_train_keeps_the_learning_curve_with_the_brain_and_analyze_prints_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "brain.json"
    status, _, _ = run(capsys, "train", "-n", "30", "--games", "300", "--seed", "4", "--out", str(out))
    assert status == 0
    curve = json.loads(out.read_text())["learning_curve"]
    games = [point["games"] for point in curve]
    assert games[0] == 0 and games[-1] == 300  # from the untrained AI to the end of training
    assert games == sorted(set(games)) and len(games) >= 5
    assert curve[-1]["hats_right"] > curve[0]["hats_right"] == 0  # it learned something
    assert all(0 <= p["vs_random"] <= 1 and 0 <= p["vs_perfect"] <= 1 for p in curve)

    status, text, err = run(capsys, "analyze", str(out))
    assert (status, err) == (0, "")
    shown = text.split("Learning curve", 1)[1].splitlines()[3:]  # after the title and header
    assert [line.split()[0] for line in shown] == [f"{g:,}" for g in games]
    last = curve[-1]
    assert shown[-1].split()[1] == f"{last['hats_right']}/{last['hats_winnable']}"


def test_train_curve_changes_nothing_the_ai_learns(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The curve's games draw from a generator of their own, so the hats are the same as
    training without a curve (the engine's train_self_play with the same seed)."""
    out = tmp_path / "brain.json"
    run(capsys, "train", "--games", "2000", "--seed", "11", "--out", str(out))
    written = json.loads(out.read_text())
    plain = train_self_play(game_of_sticks(100), 2000, seed=11).brain.to_dict()
    assert written["hats"] == plain["hats"]
    assert "learning_curve" not in plain and len(written["learning_curve"]) > 2


def test_train_seed_before_the_command_works_like_after(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before, after = tmp_path / "before.json", tmp_path / "after.json"
    run(capsys, "--seed", "3", "train", "--games", "50", "--out", str(before))
    run(capsys, "train", "--games", "50", "--seed", "3", "--out", str(after))
    assert before.read_text() == after.read_text()


def test_train_different_seeds_learn_differently(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for seed in ("1", "2"):
        run(capsys, "train", "--games", "200", "--seed", seed, "--out", str(tmp_path / seed))
    assert (tmp_path / "1").read_text() != (tmp_path / "2").read_text()


def test_train_variant_writes_a_brain_for_those_rules(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "variant.json"
    status, _, _ = run(
        capsys, "train", "--takes", "2,3,5", "--normal", "--sticks", "8", "--games", "200",
        "--seed", "1", "--out", str(out),
    )
    assert status == 0
    brain = HatBrain.from_dict(json.loads(out.read_text()), rules=TakeAway(8, (2, 3, 5), False))
    assert brain.games_played == 200
    assert set(brain.counts(8)) == {2, 3, 5}


def test_train_replaces_an_existing_file_and_keeps_its_permissions(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "brain.json"
    out.write_text("old")
    out.chmod(0o640)
    status, _, _ = run(capsys, "train", "--games", "20", "--out", str(out))
    assert status == 0
    assert json.loads(out.read_text())["games_played"] == 20
    assert out.stat().st_mode & 0o777 == 0o640


def test_ctrl_c_during_training_writes_nothing_and_exits_130(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "brain.json"
    out.write_text("the old brain")

    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(headless, "train_self_play", interrupted)
    status, stdout, err = run(capsys, "train", "--out", str(out))
    assert status == 130
    assert stdout == ""
    assert err.strip().startswith("Training interrupted") and err.count("\n") == 1
    assert out.read_text() == "the old brain"
    assert os.listdir(tmp_path) == ["brain.json"]


# -- bad arguments ---------------------------------------------------------------------------
BAD_ARGUMENTS = [
    (["train", "--games", "-5", "--out", "x.json"], "--games"),
    (["train", "--games", "0", "--out", "x.json"], "--games"),
    (["train", "--games", "lots", "--out", "x.json"], "--games"),
    (["train", "--sticks", "5", "--out", "x.json"], "10 to 100 sticks"),
    (["train", "--seed", "x", "--out", "x.json"], "--seed"),
    (["train", "--takes", "5", "--sticks", "3", "--out", "x.json"], "no move is possible"),
    (["train"], "--out"),
]


@pytest.mark.parametrize(
    ("argv", "fragment"), [pytest.param(*case, id=" ".join(case[0])) for case in BAD_ARGUMENTS]
)
def test_bad_argument_is_one_error_line_and_exit_2(
    argv: list[str], fragment: str, capsys: pytest.CaptureFixture[str],
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    status, out, err = run(capsys, *argv)
    assert_argument_error(status, err, fragment)
    assert out == ""
    assert os.listdir(tmp_path) == []


@pytest.mark.parametrize("where", ["directory", "inside a file", "missing directory"])
def test_unwritable_out_fails_before_training(
    where: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    a_file = tmp_path / "notes.txt"
    a_file.write_text("not a directory")
    out = {
        "directory": tmp_path,
        "inside a file": a_file / "brain.json",
        "missing directory": tmp_path / "missing" / "brain.json",
    }[where]

    def must_not_train(*args: object, **kwargs: object) -> None:
        raise AssertionError("trained before checking --out")

    monkeypatch.setattr(headless, "train_self_play", must_not_train)
    status, _, err = run(capsys, "train", "--out", str(out))
    assert_argument_error(status, err, "argument --out: cannot write")
    assert sorted(os.listdir(tmp_path)) == ["notes.txt"]


# -- the real program ---------------------------------------------------------------------------
def test_program_piped_train_prints_only_the_summary(tmp_path: Path) -> None:
    result = run_program("train", "--games", "500", "--seed", "1", "--out", "brain.json", cwd=tmp_path)
    assert result.returncode == 0
    assert result.stderr == ""
    assert re.fullmatch(r"Trained 500 games of self-play \(Game of Sticks, 100 sticks\) .*; "
                        r"wrote brain\.json\n", result.stdout)
    assert json.loads((tmp_path / "brain.json").read_text())["games_played"] == 500


def test_terminal_shows_progress_and_ctrl_c_stops_cleanly(tmp_path: Path) -> None:
    out = tmp_path / "brain.json"
    out.write_text("the old brain")
    child = pexpect.spawn(
        sys.executable,
        ["-m", "sticks_tui", "train", "--games", "1000000000", "--out", str(out)],
        encoding="utf-8",
        dimensions=(24, 100),
        timeout=30,
    )
    child.expect("games/s")  # the progress bar, with its speed, on the terminal
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    assert "Training interrupted; nothing was written" in child.before
    assert "Traceback" not in child.before
    assert out.read_text() == "the old brain"
    assert os.listdir(tmp_path) == ["brain.json"]

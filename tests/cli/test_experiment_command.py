"""``sticks-tui experiment`` (SPEC section 15): the grid as the options name it, the summary as a
table, JSON and CSV, the picture's missing library said in words, bad input refused in one
line, and Ctrl-C keeping the finished runs."""

from __future__ import annotations

import csv
import io
import json
import sys
from pathlib import Path

import pexpect
import pytest
from cli_helpers import assert_argument_error, run

ROOT = Path(__file__).resolve().parents[2]
SMALL = ("experiment", "--game", "sticks", "--sticks", "10", "--seeds", "3", "--games", "200",
         "--workers", "1")


def test_the_json_has_one_entry_per_configuration(capsys: pytest.CaptureFixture[str]) -> None:
    """Two learners, the hat AI's loss penalty at two values, two opponents (one a schedule):
    six configurations, each with its checkpoints' bands and games until right."""
    status, out, err = run(
        capsys, *SMALL, "--learner", "hats", "--learner", "q", "--set", "loss-balls=1,3",
        "--against", "self", "--against", "random=50,self=150", "--json",
    )
    assert status == 0, err
    data = json.loads(out)
    assert data["complete"] is True
    assert "linear interpolation between closest ranks" in data["percentiles"]
    grid = [(c["learner"], c["against"], c["settings"]) for c in data["configurations"]]
    assert grid == [
        ("hats", "self", {"loss-balls": 1}), ("hats", "random=50,self=150", {"loss-balls": 1}),
        ("hats", "self", {"loss-balls": 3}), ("hats", "random=50,self=150", {"loss-balls": 3}),
        ("q", "self", {}), ("q", "random=50,self=150", {}),
    ]
    for entry in data["configurations"]:
        assert {"learner", "against", "settings", "checkpoints", "games_until_right"} <= set(entry)
        assert entry["checkpoints"][0]["games"] == 0
        assert entry["checkpoints"][-1]["games"] == 200
        for point in entry["checkpoints"]:
            assert set(point) == {"games", "vs_random", "vs_perfect", "worst_case", "right"}
            for name in ("vs_random", "vs_perfect", "worst_case", "right"):
                band = point[name]
                assert set(band) == {"median", "low", "high"}
                assert band["low"] <= band["median"] <= band["high"]
            assert point["worst_case"]["high"] <= point["vs_perfect"]["high"] + 1e-12
        assert set(entry["games_until_right"]) == {"median", "low", "high", "never"}


def test_the_tables_and_the_csv(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    table = tmp_path / "bands.csv"
    status, out, err = run(capsys, *SMALL, "--against", "perfect", "--csv", str(table))
    assert status == 0, err
    assert "hats against perfect (3 runs)" in out
    header = next(line for line in out.splitlines() if line.strip().startswith("games "))
    assert header.split()[:8] == ["games", "vs", "random", "vs", "perfect", "worst", "case",
                                  "positions"]
    assert "games until right: median " in out
    assert "never within 200 games: " in out
    rows = list(csv.DictReader(io.StringIO(table.read_text())))
    assert [row["games"] for row in rows][:2] == ["0", "2"]
    assert rows[-1]["games"] == "200"
    assert {row["against"] for row in rows} == {"perfect"}
    assert float(rows[-1]["vs_perfect_low"]) <= float(rows[-1]["vs_perfect_median"])


def test_without_matplotlib_the_plot_is_refused_in_words_and_the_rest_written(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib -> ImportError
    table = tmp_path / "bands.csv"
    status, out, err = run(
        capsys, *SMALL, "--csv", str(table), "--plot", str(tmp_path / "bands.svg"), "--json"
    )
    assert status == 1
    assert "--plot needs matplotlib, which is not installed (pip install 'sticks-tui[plot]'" in err
    assert "Traceback" not in err
    assert json.loads(out)["configurations"][0]["learner"] == "hats"
    assert table.read_text().startswith("learner,against,settings,")
    assert not (tmp_path / "bands.svg").exists()


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (("--set", "loss-bals=2"), "argument --set: no learner has the setting 'loss-bals'"),
        (("--set", "epsilon=0.1,0.2"),
         "argument --set: epsilon is a setting of the Q-learner (--learner q), which is not in "
         "this experiment"),
        (("--set", "loss-balls=1,x"), "argument --set: loss-balls: not a whole number"),
        (("--learner", "q", "--set", "rewards=1/-1"),
         "argument --set: rewards: each value is WIN/LOSS/MOVE"),
        (("--set", "fresh-balls=0"),
         "bad learning setting: --fresh-balls (0) must be at least the --floor (1)"),
        (("--against", "random=50,self=100"),
         "argument --against: the schedule random=50,self=100 plays 150 games, not the 200 of "
         "--games"),
        (("--plot", "bands.pdf"), "argument --plot: the picture is FILE.svg or FILE.png"),
        (("--learner", "hats", "--learner", "hats"),
         "argument --learner: a learner is named twice"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], extra: tuple[str, ...], message: str
) -> None:
    status, out, err = run(capsys, *SMALL, *extra)
    assert_argument_error(status, err, message)
    assert out == ""


def test_a_game_too_large_to_measure_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(
        capsys, "experiment", "--game", "nim:5,7,9,11,13", "--seeds", "2", "--games", "10"
    )
    assert_argument_error(
        status, err, "no experiment: nim:5,7,9,11,13 reaches more than 10,000 positions, too "
        "many to measure at every checkpoint",
    )


def test_the_counts_are_required(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "experiment", "--game", "sticks", "--games", "10")
    assert_argument_error(status, err, "the following arguments are required: --seeds")


def test_ctrl_c_keeps_the_finished_runs(tmp_path: Path) -> None:
    """On a terminal: the progress bar, Ctrl-C, then the summary of the runs finished, said to
    be incomplete, and exit status 130."""
    child = pexpect.spawn(
        sys.executable,
        ["-m", "sticks_tui", "experiment", "--game", "sticks", "--sticks", "10", "--seeds",
         "1000", "--games", "2000", "--workers", "2", "--json"],
        encoding="utf-8", dimensions=(24, 100), timeout=60, cwd=str(ROOT),
    )
    child.expect("runs/s")  # the progress bar, with its pace: some runs have finished
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()
    assert child.signalstatus is None and child.exitstatus == 130
    said = child.before
    assert "Traceback" not in said
    data = json.loads(said[said.index("{"): said.rindex("}") + 1])
    assert data["complete"] is False
    runs = data["configurations"][0]["runs"]
    assert 0 < runs < 1000
    assert (f"Experiment interrupted: {runs:,} of 1,000 runs had finished; the summary is of "
            "those.") in " ".join(said.split())


def test_ctrl_c_while_the_workers_start_shows_no_traceback() -> None:
    """Ctrl-C as soon as the progress bar shows, while the worker processes are still loading:
    no traceback from them, and the Ctrl-C is not lost: the experiment stops with none or few
    runs, said to be incomplete, and its JSON whole (the bar gone before it is printed). Before
    the fix a Ctrl-C pressed as the workers started was lost in about two runs of five on a
    loaded machine, and one caught as the bar started left the bar drawing through the JSON."""
    for _ in range(3):
        child = pexpect.spawn(
            sys.executable,
            ["-m", "sticks_tui", "experiment", "--game", "sticks", "--sticks", "10", "--seeds",
             "100", "--games", "2000", "--workers", "2", "--json"],
            encoding="utf-8", dimensions=(24, 100), timeout=60, cwd=str(ROOT),
        )
        child.expect("0/100 runs")
        child.sendintr()
        child.expect(pexpect.EOF)
        child.close()
        assert "Traceback" not in child.before
        assert child.signalstatus is None and child.exitstatus == 130
        data = json.loads(child.before[child.before.index("{"): child.before.rindex("}") + 1])
        assert data["complete"] is False

"""``sticks-tui analyze brain.json [--json]`` as a user runs it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from sticks_tui.cli.main import main
from sticks_tui.engine import SELF, CurveSettings, HatBrain, game_of_sticks, train


@pytest.fixture(scope="module")
def trained_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """20,000 games at 100 sticks with a learning curve, saved as `train --out` would."""
    rules = game_of_sticks(100)
    brain = HatBrain(rules)
    train(brain, SELF, 20_000, seed=8, progress_every=1000,
          curve=CurveSettings(games_per_point=50, spacing=2))
    path = tmp_path_factory.mktemp("brains") / "brain.json"
    path.write_text(json.dumps(brain.to_dict()), encoding="utf-8")
    return path


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    try:
        status = main(["analyze", *args])
    except SystemExit as stop:
        status = stop.code if isinstance(stop.code, int) else 1
    out, err = capsys.readouterr()
    return status, out, err


def row(out: str, n: int) -> list[str]:
    """The cells of the table row for ``n`` sticks."""
    for line in out.splitlines():
        cells = line.split()
        if cells and cells[0] == str(n):
            return cells
    raise AssertionError(f"no row for {n} in:\n{out}")


def test_text_shows_table_rules_and_curve(trained_file: Path, capsys) -> None:
    status, out, err = run(capsys, str(trained_file))
    assert status == 0 and err == ""
    assert out.startswith("Game of Sticks: a brain after 20,000 games")
    assert "AI move  confidence" in out and "solver move  agree?" in out
    assert row(out, 5) == ["5", "even", "33%", row(out, 5)[3], "yes", "any", "(lost)", "yes"]
    assert row(out, 7)[:3] == ["7", "2", "100%"] and row(out, 7)[-2:] == ["2", "yes"]
    assert "Rule read from the hats of heaps 1 to 100: lost when n ≡ 1 (mod 4) (backed by" in out
    assert "Rule of the solver: lost when n ≡ 1 (mod 4) (proved for every heap)" in out
    assert "The two rules agree at every stick count 1..100." in out
    assert "Learning curve" in out
    assert "hats right" in out and "wins vs perfect" in out
    assert row(out, 0)[:2] == ["0", "0/75"]  # the curve's first point: nothing learned yet
    assert "20,000" in out.split("Learning curve")[1]


def test_json_for_machines(trained_file: Path, capsys) -> None:
    status, out, _ = run(capsys, str(trained_file), "--json")
    assert status == 0
    data = json.loads(out)
    assert data["inferred_rule"]["period"] == 4 and data["inferred_rule"]["residues"] == [1]
    assert data["solver_rule"]["text"] == "lost when n ≡ 1 (mod 4)"
    assert data["solver_rule"]["proved"] is True and data["solver_rule"]["checked_up_to"] == 6
    assert data["inferred_rule"]["read_over"] == [1, 100]
    assert data["rule_matches_solver"] is True
    positions = {p["position"]: p for p in data["positions"]}
    assert sorted(positions) == list(range(1, 101))
    assert positions[5]["learned_lost"] is True and positions[5]["solver_lost"] is True
    assert positions[6]["winning_moves"] == [1] and positions[6]["preferred_move"] == 1
    curve = data["learning_curve"]
    assert [p["games"] for p in curve][:3] == [0, 1000, 2000]
    assert curve[-1]["games"] == 20_000


def test_fresh_brain_says_not_enough_data(tmp_path: Path, capsys) -> None:
    path = tmp_path / "fresh.json"
    path.write_text(json.dumps(HatBrain(game_of_sticks(20)).to_dict()), encoding="utf-8")
    status, out, _ = run(capsys, str(path))
    assert status == 0
    assert "Rule read from the hats: not enough data" in out
    assert "No learning curve was kept with this brain." in out
    assert row(out, 5)[4] == "?"  # not learned either way


def test_disagreement_is_marked(trained_file: Path, tmp_path: Path, capsys) -> None:
    data = json.loads(trained_file.read_text(encoding="utf-8"))
    data["hats"]["7"] = {"1": 5000, "2": 1, "3": 1}  # 7 sticks: taking 2 wins, this prefers 1
    path = tmp_path / "wrong.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    status, out, _ = run(capsys, str(path))
    assert status == 0
    assert row(out, 7)[-2:] == ["NO", "<--"]
    assert "Disagreements with the solver (1): 7" in out


@pytest.mark.parametrize(
    ("content", "message"),
    [
        pytest.param(b"{\"format\": ", "not valid JSON (line 1", id="cut-off JSON"),
        pytest.param(b"[1, 2]", "a brain must be a JSON object", id="a list"),
        pytest.param(b"{\"format\": \"something else\"}", "not a sticks-tui brain", id="format"),
        pytest.param(b"\xff\xfe\x00", "not UTF-8 text", id="binary"),
        pytest.param(b"[" * 100_000, "nested too deeply", id="deep nesting"),
        pytest.param(
            b'{"games_played": ' + b"7" * 5000 + b"}", "5,000 digits", id="a 5000-digit number"
        ),
    ],
)
def test_a_refused_file_gets_one_line_and_status_1_like_brain_import(
    tmp_path: Path, capsys, content: bytes, message: str
) -> None:
    path = tmp_path / "brain.json"
    path.write_bytes(content)
    status, out, err = run(capsys, str(path))
    assert status == 1 and out == ""
    assert err.startswith(f"sticks-tui: error: {path} was refused: ") and message in err
    assert err.count("\n") == 1 and "Traceback" not in err and "went wrong" not in err


def test_bad_hat_in_brain_is_named(trained_file: Path, tmp_path: Path, capsys) -> None:
    data = json.loads(trained_file.read_text(encoding="utf-8"))
    data["hats"]["12"]["2"] = 0
    path = tmp_path / "brain.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    status, _, err = run(capsys, str(path))
    assert status == 1
    assert "hat 12: balls 2 is 0" in err and err.count("\n") == 1


def test_a_missing_file_or_a_folder_is_a_bad_argument(tmp_path: Path, capsys) -> None:
    status, _, err = run(capsys, str(tmp_path / "nope.json"))
    assert status == 2 and err.count("\n") == 1 and "no such brain file" in err
    status, _, err = run(capsys, str(tmp_path))
    assert status == 2 and "is a folder, not a brain file" in err


def test_a_brain_with_a_byte_order_mark_and_on_standard_input_is_analysed(
    trained_file: Path, capsys, monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    text = trained_file.read_bytes()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"\xef\xbb\xbf" + text)))
    status, out, err = run(capsys, "-")
    assert status == 0 and err == ""
    assert out.startswith("Game of Sticks: a brain after 20,000 games")


def test_the_real_program(trained_file: Path, tmp_path: Path) -> None:
    command = [sys.executable, "-m", "sticks_tui", "analyze"]
    good = subprocess.run([*command, str(trained_file)], capture_output=True, text=True)
    assert good.returncode == 0 and "lost when n ≡ 1 (mod 4)" in good.stdout
    bad = subprocess.run([*command, str(tmp_path / "nope.json")], capture_output=True, text=True)
    assert bad.returncode == 2 and bad.stdout == ""
    assert bad.stderr.strip() == f"sticks-tui: error: no such brain file: {tmp_path / 'nope.json'}"


def test_a_20_stick_brain_shows_20_rows(tmp_path: Path, capsys) -> None:
    brain = HatBrain(game_of_sticks(20))
    train(brain, SELF, 2_000, seed=3)
    path = tmp_path / "twenty.json"
    path.write_text(json.dumps(brain.to_dict()), encoding="utf-8")
    status, out, _ = run(capsys, str(path))
    assert status == 0
    table = out.split("\n\n")[1].splitlines()[2:]  # the rows under the header and its rule
    assert [int(line.split()[0]) for line in table] == list(range(1, 21))


def test_a_losing_preference_is_no_however_sure_and_the_rule_is_printed(
    trained_file: Path, tmp_path: Path, capsys
) -> None:
    """Heap 16 preferring 1 at 69% (solver: 3) was `?` while heap 20 preferring 1 at 45% was
    `NO`: a strong preference for a losing move is at least as wrong as a weak one."""
    data = json.loads(trained_file.read_text(encoding="utf-8"))
    data["hats"]["16"] = {"1": 9, "2": 2, "3": 2}  # 69% for 1, a losing move
    data["hats"]["17"] = {"1": 13}  # balls into 16 too: not learned either way ("?")
    data["hats"]["20"] = {"1": 45, "2": 25, "3": 30}  # 45% for 1, a losing move
    data["hats"]["24"] = {"1": 30, "2": 10, "3": 30}  # 1 and 3 tie: no preference yet
    path = tmp_path / "wrong.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    status, out, _ = run(capsys, str(path))
    assert status == 0
    assert row(out, 16)[1:3] == ["1", "69%"] and row(out, 16)[4] == "?"
    assert row(out, 16)[-3:] == ["3", "NO", "<--"]
    assert row(out, 20)[1:3] == ["1", "45%"] and row(out, 20)[-3:] == ["3", "NO", "<--"]
    assert row(out, 24)[1] == "even" and row(out, 24)[-2:] == ["3", "?"]
    assert "Disagreements with the solver (2): 16, 20" in out
    legend = " ".join(out.split())
    assert (
        "agree?: where a move wins, yes when the AI's move is a winning one, NO when a losing "
        "move is ahead of every winning one, however sure the AI is, ? when they tie; where "
        "every move loses, yes once it learned the position is lost, NO if it learned it is "
        "won, ? until then." in legend
    )


def test_every_count_of_balls_gained_has_thousands_separators(trained_file: Path, capsys) -> None:
    status, out, _ = run(capsys, str(trained_file))
    gained = [row(out, n)[3] for n in range(1, 101)]
    assert status == 0 and any(int(cell.replace(",", "")) >= 1000 for cell in gained)
    assert all(cell == f"{int(cell.replace(',', '')):,}" for cell in gained), gained

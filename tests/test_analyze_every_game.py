"""``sticks-tui analyze`` reads any brain file: a hat AI's or a Q-learner's, of any game, the
game read from the file; positions and moves in the game's words; the table fits 80 columns."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sticks_tui.cli.main import main
from sticks_tui.engine import HatBrain, QLearner, parse_game, train
from sticks_tui.engine.learners.q.settings import QSettings
from sticks_tui.engine.training import SelfPlay
from sticks_tui.storage.brain_files import brain_json


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    try:
        status = main(["analyze", *args])
    except SystemExit as stop:
        status = stop.code if isinstance(stop.code, int) else 1
    out, err = capsys.readouterr()
    return status, out, err


def write(path: Path, learner: HatBrain | QLearner) -> Path:
    path.write_text(brain_json(learner), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Brains trained by self-play, as `train --out` writes them."""
    folder = tmp_path_factory.mktemp("brains")
    q_nim = QLearner(rules=parse_game("nim:1,3,5,7"))
    train(q_nim, SelfPlay(), 20_000, seed=1)
    q_sticks = QLearner.with_settings(QSettings(alpha=0.4), rules=parse_game("sticks", 20))
    train(q_sticks, SelfPlay(), 20_000, seed=3)
    hats_nim = HatBrain(parse_game("nim:1,3,5,7"))
    train(hats_nim, SelfPlay(), 20_000, seed=2)
    hats_sticky = HatBrain(parse_game("sticky:12:3"))
    train(hats_sticky, SelfPlay(), 5_000, seed=2)
    hats_20 = HatBrain(parse_game("sticks", 20))
    train(hats_20, SelfPlay(), 3_000, seed=2)
    return {
        "q nim": write(folder / "q.json", q_nim),
        "q sticks": write(folder / "q-sticks.json", q_sticks),
        "hats nim": write(folder / "nim.json", hats_nim),
        "hats sticky": write(folder / "sticky.json", hats_sticky),
        "hats 20": write(folder / "sticks-20.json", hats_20),
    }


def table(out: str) -> list[str]:
    """The table's lines: from its header to the first empty line."""
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if "AI move" in line)
    end = lines.index("", start)
    return lines[start:end]


def row(out: str, position: str) -> list[str]:
    """A row's cells (split at two spaces) by its position's words."""
    for line in table(out):
        cells = [cell.strip() for cell in line.split("  ") if cell.strip()]
        if cells and cells[0] == position:
            return cells
    raise AssertionError(f"no row for {position} in:\n{out}")


def test_a_q_learners_nim_brain_is_shown_in_nims_words(files, capsys) -> None:
    status, out, err = run(capsys, str(files["q nim"]))
    assert status == 0 and err == ""
    assert out.startswith("Nim 1, 3, 5, 7: a Q-learner's brain after 20,000 games\n")
    assert table(out)[0].split() == [
        "position", "AI", "move", "value", "next", "lost?", "solver", "moves", "agree?"
    ]
    assert row(out, "0, 0, 0, 2") == ["0, 0, 0, 2", "take 1 from pile 3", "+1.00", "-1.00", "no",
                                      "take 1 from pile 3", "yes"]
    assert row(out, "0, 0, 0, 1")[2:] == ["-1.00", "-", "yes", "any (lost)", "yes"]
    start = row(out, "1, 3, 5, 7")
    assert start[-3:-1] == [start[-3], "any (lost)"]  # misère Nim 1, 3, 5, 7 is lost
    assert "Piles count from 0, as in CS50's Nim" in out
    assert "No position where the AI's learning contradicts the solver." in out


def test_only_positions_reachable_from_the_start_are_shown(files, capsys) -> None:
    status, out, _ = run(capsys, str(files["q nim"]), "--json")
    assert status == 0
    positions = [tuple(p["position"]) for p in json.loads(out)["positions"]]
    assert len(positions) == len(set(positions)) == 2 * 4 * 6 * 8 - 1  # all but the empty table
    assert positions[0] == (0, 0, 0, 1) and positions[-1] == (1, 3, 5, 7)
    assert all(a <= b for p in positions for a, b in zip(p, (1, 3, 5, 7)))


def test_a_20_stick_brain_shows_20_rows_not_100(files, capsys) -> None:
    status, out, _ = run(capsys, str(files["hats 20"]))
    assert status == 0
    assert [line.split()[0] for line in table(out)[2:]] == [str(n) for n in range(1, 21)]
    assert "Rule read from the hats of heaps 1 to 20: lost when n ≡ 1 (mod 4)" in out
    assert "The two rules agree at every stick count 1..20." in out


def test_a_q_learners_take_away_brain_gives_the_mod_4_rule_from_its_values(
    files, capsys
) -> None:
    status, out, _ = run(capsys, str(files["q sticks"]))
    assert status == 0
    assert out.startswith("Game of Sticks: a Q-learner's brain after 20,000 games\n")
    assert "Learning settings changed from the defaults: alpha=0.4" in out
    assert table(out)[0].split()[:6] == ["n", "AI", "move", "value", "next", "best"]
    assert row(out, "5")[4] == "yes" and row(out, "7")[1] == "2"
    assert "Rule read from the values of heaps 1 to 20: lost when n ≡ 1 (mod 4)" in out
    assert "Rule of the solver: lost when n ≡ 1 (mod 4) (proved for every heap)" in out
    data = json.loads(run(capsys, str(files["q sticks"]), "--json")[1])
    assert data["learner"] == "q" and data["game"] == "sticks"
    assert data["changed_settings"] == {"alpha": 0.4}
    assert data["inferred_rule"]["period"] == 4 and data["inferred_rule"]["residues"] == [1]
    assert [p["position"] for p in data["positions"]] == list(range(1, 21))
    assert set(data["positions"][6]["values"]) == {"1", "2", "3"}


def test_sticky_nim_positions_are_groups_and_moves_name_the_sticks_left(files, capsys) -> None:
    """In the board's words (its hats say "groups of 2, 2" and "1 of 2 → 1"), not "[2, 2]" and
    "take 1 of 2 (0|1)" as ``analyze`` said."""
    status, out, _ = run(capsys, str(files["hats sticky"]))
    assert status == 0
    assert out.startswith("Sticky-Nim (take 1–3 adjacent): a brain after 5,000 games\n")
    lost = row(out, "groups of 2, 2")
    assert lost[1:3] == ["even", "50%"] and lost[-2] == "any (lost)"
    assert row(out, "a group of 2")[1] == "1 of 2 → 1"
    assert row(out, "groups of 2, 1")[1] == "2 of 2 → none"
    legend = '"2 of 6 → 1 + 3": take 2 adjacent sticks from a group of 6, leaving groups of 1\n'
    assert legend in out


@pytest.mark.parametrize("brain", ["q nim", "hats nim", "hats sticky"])
def test_the_table_fits_80_columns(files, capsys, brain: str) -> None:
    status, out, _ = run(capsys, str(files[brain]))
    assert status == 0
    assert max(len(line) for line in table(out)) <= 80
    assert max(len(line) for line in out.splitlines() if not line.startswith("Rule ")) <= 80


def test_a_wrong_preference_in_nim_is_marked_with_its_position(files, tmp_path, capsys) -> None:
    data = json.loads(files["hats nim"].read_text())
    data["hats"]["0,0,0,2"] = {"3:1": 1, "3:2": 500}  # taking both loses (misère): wrong
    path = tmp_path / "wrong.json"
    path.write_text(json.dumps(data))
    status, out, _ = run(capsys, str(path))
    assert status == 0
    assert row(out, "0, 0, 0, 2")[1] == "take 2 from pile 3"
    assert table(out)[[line.split("  ")[0].strip() for line in table(out)].index("0, 0, 0, 2")] \
        .endswith("NO  <--")
    assert "Disagreements with the solver (1): 0, 0, 0, 2" in out


def test_a_start_that_reaches_too_many_positions_is_refused_in_one_line(tmp_path, capsys) -> None:
    path = write(tmp_path / "big.json", QLearner(rules=parse_game("nim:30,30,30,30")))
    status, out, err = run(capsys, str(path))
    assert status == 1 and out == ""
    assert err.count("\n") == 1 and "too many to analyse" in err


def test_analysis_does_not_change_the_learner(files) -> None:
    from sticks_tui.engine.analysis import analyse_from_start
    from sticks_tui.storage.brain_files import read_brain_file

    brain = read_brain_file(files["hats nim"])
    before = brain.to_dict()
    analyse_from_start(brain)
    assert brain.to_dict() == before


def test_the_game_words_are_asked_of_the_registry_and_any_game_has_some() -> None:
    from sticks_tui.engine.games.sticky_line import StickyMove
    from sticks_tui.text.moves import move_words, moves_words, position_heading, position_words

    nim, sticky, sticks = parse_game("nim:1,3,5,7"), parse_game("sticky:20:3"), parse_game("sticks")
    assert position_words(nim, (1, 3, 5, 7)) == "1, 3, 5, 7"
    assert move_words(nim, (3, 2)) == "take 2 from pile 3"
    assert position_words(sticky, (2, 2)) == "groups of 2, 2"
    assert position_words(sticky, (20,)) == "a group of 20"
    assert move_words(sticky, StickyMove(6, 2, 1)) == "2 of 6 → 1 + 3"
    assert move_words(sticky, StickyMove(6, 2, 0)) == "2 of 6 → 4"
    assert (position_words(sticks, 20), move_words(sticks, 3)) == ("20", "3")
    assert [position_heading(r) for r in (sticks, nim, sticky)] == ["n", "position", "position"]
    assert moves_words(nim, [(0, 1), (2, 1)]) == "take 1 from pile 0, take 1 from pile 2"

    class Unregistered:  # a game the registry does not know: its brain file's keys
        name = "Wythoff"

        def position_key(self, position: tuple[int, int]) -> str:
            return f"{position[0]},{position[1]}"

        def move_key(self, move: tuple[int, int]) -> str:
            return f"{move[0]}:{move[1]}"

    other = Unregistered()
    assert position_words(other, (3, 5)) == "3,5" and move_words(other, (1, 1)) == "1:1"
    assert position_heading(other) == "position"


@pytest.mark.parametrize("spec, sticks", [("sticks", 20), ("nim:1,3,5,7", None)])
def test_the_apps_table_of_a_q_learner_shows_its_values_not_a_hats_shares(
    spec: str, sticks: int | None
) -> None:
    """The app's analysis lays its table out by what the learner holds: a Q-learner's values
    (a best value of -1 is not "sure -100%"), with a legend that reads them."""
    from sticks_tui.engine.analysis import analyse_game
    from sticks_tui.text.analysis import SCREEN_VALUES_LEGEND, screen_table, sure_words

    rules = parse_game(spec, sticks)
    learner = QLearner(rules=rules)
    train(learner, SelfPlay(), 3000, seed=2)
    analysis = analyse_game(learner, rules)
    header, rows = screen_table(analysis, 75)
    assert "value" in header and "sure" not in header and "gained" not in header
    assert not any("%" in cell for row in rows for cell in row)
    assert any(cell.startswith(("+", "-1")) for row in rows for cell in row[2:4])
    assert sure_words(analysis).startswith(SCREEN_VALUES_LEGEND[0])
    assert all(len(line) <= 76 for line in SCREEN_VALUES_LEGEND)

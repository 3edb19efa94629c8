"""``brain list|export|import|reset`` for every game and learner, as a user runs them:
``--game SPEC`` chooses the game, ``--learner hats|q`` the learner, ``--ai NAME`` the AI."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from sticks_tui.engine import HatBrain, QLearner, parse_game, train
from sticks_tui.engine.learners.hats.settings import HatSettings
from sticks_tui.engine.learners.q.settings import QSettings
from sticks_tui.engine.training import SelfPlay
from sticks_tui.storage.brain_files import brain_json
from sticks_tui.storage.brain_shelf import brain_text
from sticks_tui.storage.records import MemoryRecords
from sticks_tui.storage.sqlite.store import SqliteStore
from sticks_tui.storage.sqlite.store_file import STORE_FILE_NAME

NIM = "nim:1,3,5,7"


def q_file(directory: Path, spec: str = NIM, games: int = 2000, **settings: float) -> Path:
    """A Q-learner's brain file, as ``train --learner q --out`` writes one."""
    learner = QLearner.with_settings(QSettings(**settings), rules=parse_game(spec))
    train(learner, SelfPlay(), games, seed=11)
    path = directory / f"q-{spec.replace(':', '_')}.json"
    path.write_text(brain_json(learner), encoding="utf-8")
    return path


def hat_file(directory: Path, spec: str = NIM, games: int = 500, **settings: int) -> Path:
    brain = HatBrain(parse_game(spec), HatSettings(**settings))
    train(brain, SelfPlay(), games, seed=12)
    path = directory / f"hats-{spec.replace(':', '_')}.json"
    path.write_text(brain_json(brain), encoding="utf-8")
    return path


def saved_rows(data: Path) -> list[tuple[str, str, str, str]]:
    """Every saved brain as (game key, learner, AI, its JSON), read with sqlite3 alone."""
    if not (data / STORE_FILE_NAME).exists():
        return []
    db = sqlite3.connect(data / STORE_FILE_NAME)
    try:
        return sorted(db.execute("SELECT rules_key, learner, ai_name, brain_json FROM brains"))
    finally:
        db.close()


@pytest.fixture
def data(tmp_path: Path) -> Path:
    return tmp_path / "data"


def test_a_q_brain_round_trips_with_every_value_unchanged(cli, data: Path, tmp_path: Path) -> None:
    original = q_file(tmp_path, alpha=0.3)
    base = ("--data-dir", str(data), "brain")
    run = cli(*base, "import", "--game", NIM, "--learner", "q", str(original))
    assert run.code == 0, run.err
    assert run.out.strip() == (
        f"Imported {original} as the brain of Q-learning AI (q) for Nim 1, 3, 5, 7 "
        "(2,000 games played)"
    )
    exported = tmp_path / "out.json"
    assert cli(*base, "export", "--game", NIM, "--learner", "q", str(exported)).code == 0
    before, after = json.loads(original.read_text()), json.loads(exported.read_text())
    assert after["values"] == before["values"] and len(after["values"]) > 50  # floats exact
    assert after == before
    assert exported.read_text() == original.read_text()


def test_hats_of_nim_and_sticky_nim_move_between_stores(cli, data: Path, tmp_path: Path) -> None:
    for spec in (NIM, "sticky:12:3"):
        original = hat_file(tmp_path, spec)
        assert cli("--data-dir", str(data), "brain", "import", "--game", spec,
                   str(original)).code == 0
        run = cli("--data-dir", str(data), "brain", "export", "--game", spec, "-")
        assert run.code == 0 and json.loads(run.out) == json.loads(original.read_text())


def test_import_refuses_a_brain_of_another_learner_and_keeps_the_saved_one(
    cli, data: Path, tmp_path: Path
) -> None:
    base = ("--data-dir", str(data), "brain", "import", "--game", NIM)
    assert cli(*base, str(hat_file(tmp_path))).code == 0
    before = saved_rows(data)
    run = cli(*base, str(q_file(tmp_path)))  # a Q file, imported as hats
    assert run.code == 1 and len(run.err_lines) == 1
    assert "this is a Q-learner's brain, not a hat AI's (give --learner q for it)" in run.err
    assert "the saved brain is unchanged" in run.err
    run = cli(*base, "--learner", "q", str(hat_file(tmp_path)))
    assert run.code == 1 and "this is a hat AI's brain, not a Q-learner's" in run.err
    assert saved_rows(data) == before


def test_import_refuses_a_brain_of_another_game_and_names_the_option_for_it(
    cli, data: Path, tmp_path: Path
) -> None:
    run = cli("--data-dir", str(data), "brain", "import", "--learner", "q",
              str(q_file(tmp_path)))
    assert run.code == 1 and len(run.err_lines) == 1
    assert "this brain is for Nim 1, 3, 5, 7, not for Game of Sticks" in run.err
    assert "(give --game nim:1,3,5,7 for it)" in run.err
    assert saved_rows(data) == []


def test_a_brain_of_any_start_serves_every_start_of_its_game(
    cli, data: Path, tmp_path: Path
) -> None:
    """Nim's piles are the start, not the game: hats from 1, 3, 5, 7 are the hats of 2, 2."""
    original = hat_file(tmp_path)
    assert cli("--data-dir", str(data), "brain", "import", "--game", NIM, str(original)).code == 0
    run = cli("--data-dir", str(data), "brain", "export", "--game", "nim:2,2", "-")
    assert run.code == 0
    assert json.loads(run.out)["hats"] == json.loads(original.read_text())["hats"]
    other = cli("--data-dir", str(data), "brain", "export", "--game", "nim:2,2:normal", "-")
    assert other.code == 1 and "no saved brain for Nim 2, 2, last takes wins" in other.err


@pytest.mark.parametrize(("spec", "asked", "named"), [
    (NIM, "nim:2,2", "Nim 1, 3, 5, 7"), ("sticky:12:3", "sticky:30:3", "Sticky-Nim"),
])
def test_export_keeps_the_game_the_brain_was_saved_for_whatever_start_finds_it(
    cli, data: Path, tmp_path: Path, spec: str, asked: str, named: str
) -> None:
    """``--game nim:2,2`` finds a brain trained on 1, 3, 5, 7 (a brain serves every start of
    its game), but the file and the line say 1, 3, 5, 7: an export never relabels a brain."""
    original = q_file(tmp_path, spec, games=300)
    base = ("--data-dir", str(data), "brain")
    assert cli(*base, "import", "--game", spec, "--learner", "q", str(original)).code == 0
    exported = tmp_path / "out.json"
    run = cli(*base, "export", "--game", asked, "--learner", "q", str(exported))
    assert run.code == 0, run.err
    assert exported.read_text() == original.read_text()
    assert run.out.startswith(f"Wrote the brain of Q-learning AI (q) for {named} ("), run.out
    assert f"(saved for {spec}, which the file keeps; --game {asked} finds the same" in run.out
    to_stdout = cli(*base, "export", "--game", asked, "--learner", "q", "-")
    assert to_stdout.code == 0 and to_stdout.out == original.read_text()


@pytest.mark.parametrize("action", ["export -", "import brain.json", "reset --yes"])
def test_sticks_is_refused_because_a_brain_serves_every_heap(cli, data: Path, action: str) -> None:
    run = cli("--data-dir", str(data), "brain", *action.split(), "--sticks", "20")
    assert run.code == 2 and len([line for line in run.err_lines if "error:" in line]) == 1
    assert "argument --sticks: a saved brain serves every heap of its game" in run.err


def test_bad_game_or_learner_is_bad_usage(cli, data: Path) -> None:
    for argv in (["--game", "chess"], ["--learner", "neural"], ["--game", "sticky:99"]):
        run = cli("--data-dir", str(data), "brain", "export", *argv, "-")
        assert run.code == 2, argv
        assert len([line for line in run.err_lines if "error:" in line]) == 1, argv


def test_export_of_the_trained_ai_without_a_brain_names_the_consoles_option_3(
    cli, data: Path
) -> None:
    run = cli("--data-dir", str(data), "brain", "export", "--ai", "Trained AI", "-")
    assert run.code == 1 and len(run.err_lines) == 1
    assert "option 3" in run.err and "option 2" not in run.err
    assert "brain import --game sticks --ai 'Trained AI' FILE" in run.err
    learning = cli("--data-dir", str(data), "brain", "export", "-")
    assert "option 2" in learning.err


def test_export_of_a_q_learner_without_a_brain_says_how_to_make_one(cli, data: Path) -> None:
    run = cli("--data-dir", str(data), "brain", "export", "--game", NIM, "--learner", "q", "-")
    assert run.code == 1 and len(run.err_lines) == 1
    assert "Q-learning AI has no saved Q-learner brain for Nim 1, 3, 5, 7 yet" in run.err
    assert "sticks-tui train --learner q --game nim:1,3,5,7 --out q.json" in run.err
    assert "sticks-tui brain import --game nim:1,3,5,7 --learner q q.json" in run.err


def test_reset_of_the_q_learner_leaves_the_hats_of_the_same_game_and_name(
    cli, data: Path, tmp_path: Path
) -> None:
    base = ("--data-dir", str(data), "brain")
    cli(*base, "import", "--game", NIM, "--ai", "Robo", str(hat_file(tmp_path)))
    cli(*base, "import", "--game", NIM, "--ai", "Robo", "--learner", "q", str(q_file(tmp_path)))
    run = cli(*base, "reset", "--game", NIM, "--ai", "Robo", "--learner", "q", stdin="y\n")
    assert run.code == 0
    assert "Reset the Q-learner brain of Robo for Nim 1, 3, 5, 7 (2,000 games played)?" in run.out
    assert "it starts afresh with no value learned" in run.out
    assert [(key, learner, ai) for key, learner, ai, _ in saved_rows(data)] == [
        ("nim:misere", "hats", "Robo")
    ]


def test_brain_list_shows_every_brain_in_a_table_and_as_json(
    cli, data: Path, tmp_path: Path
) -> None:
    base = ("--data-dir", str(data), "brain")
    cli(*base, "import", "--game", NIM, "--learner", "q", str(q_file(tmp_path, epsilon=0.25)))
    cli(*base, "import", "--game", "sticky:12:3", str(hat_file(tmp_path, "sticky:12:3", floor=2,
                                                                  fresh_balls=2)))
    cli(*base, "import", "--takes", "2,3,5", "--normal", "--ai", "Trained AI",
        str(hat_file(tmp_path, "takeaway:2,3,5:normal", games=30)))
    run = cli(*base, "list")
    assert run.code == 0
    lines = run.out.splitlines()
    assert lines[0].split() == ["Game", "Learner", "AI", "Games", "Saved", "at", "Settings"]
    cells = [line.split("  ") for line in lines[1:]]
    rows = [[cell.strip() for cell in row if cell.strip()] for row in cells]
    assert [row[:4] for row in rows] == [
        ["nim:1,3,5,7", "q", "Q-learning AI", "2,000"],
        ["sticky:12:3", "hats", "AI", "500"],
        ["takeaway:2,3,5:normal", "hats", "Trained AI", "30"],
    ]
    assert [row[-1] for row in rows] == ["epsilon=0.25", "floor=2, fresh_balls=2", "defaults"]
    assert all(row[4].endswith(" UTC") for row in rows)
    listed = json.loads(cli(*base, "list", "--json").out)
    assert [(b["game"], b["learner"], b["ai"], b["games_played"], b["changed_settings"])
            for b in listed] == [
        ("nim:1,3,5,7", "q", "Q-learning AI", 2000, {"epsilon": 0.25}),
        ("sticky:12:3", "hats", "AI", 500, {"fresh_balls": 2, "floor": 2}),
        ("takeaway:2,3,5:normal", "hats", "Trained AI", 30, {}),
    ]
    assert {b["rules_key"] for b in listed} == {"nim:misere", "sticky:3", "takeaway:2,3,5:normal"}


def test_brain_list_with_nothing_saved_says_so(cli, data: Path) -> None:
    run = cli("--data-dir", str(data), "brain", "list")
    assert run.code == 0 and run.out.startswith("No brains saved yet (records will be kept in ")
    assert json.loads(cli("--data-dir", str(data), "brain", "list", "--json").out) == []


def test_brain_list_names_a_damaged_brain_instead_of_failing(
    cli, data: Path, tmp_path: Path
) -> None:
    cli("--data-dir", str(data), "brain", "import", "--game", NIM, str(hat_file(tmp_path)))
    db = sqlite3.connect(data / STORE_FILE_NAME)
    db.execute("UPDATE brains SET brain_json = 'not json'")
    db.commit()
    db.close()
    run = cli("--data-dir", str(data), "brain", "list")
    assert run.code == 0
    assert "nim:misere  hats     AI" in run.out and "DAMAGED" in run.out
    assert "The brain of AI (hats) kept under nim:misere is damaged (" in run.out
    export = cli("--data-dir", str(data), "brain", "export", "--game", NIM, "-")
    assert export.code == 1 and "brain reset --game nim:1,3,5,7" in export.err


def test_a_name_with_markup_or_escapes_is_listed_as_typed(cli, data: Path, tmp_path: Path) -> None:
    with SqliteStore.open(data) as store:
        store.save_brain(HatBrain(parse_game("sticks")), "[bold]Eve\x1b[31m")
    run = cli("--data-dir", str(data), "brain", "list")
    assert "[bold]Eve\\x1b[31m" in run.out and "\x1b" not in run.out


def test_the_game_given_before_the_command_chooses_the_brain_too(
    cli, data: Path, tmp_path: Path
) -> None:
    original = q_file(tmp_path)
    run = cli("--game", NIM, "--data-dir", str(data), "brain", "import", "--learner", "q",
              str(original))
    assert run.code == 0 and "for Nim 1, 3, 5, 7" in run.out
    run = cli("--game", NIM, "--data-dir", str(data), "brain", "export", "--learner", "q", "-")
    assert run.code == 0 and json.loads(run.out)["values"] == json.loads(original.read_text())[
        "values"
    ]
    refused = cli("--sticks", "20", "--data-dir", str(data), "brain", "export", "-")
    assert refused.code == 2 and "a saved brain serves every heap of its game" in refused.err


def test_import_keeps_the_game_the_file_was_saved_for_whatever_start_finds_it(
    cli, data: Path, tmp_path: Path
) -> None:
    """``brain import --game nim`` of a brain learned on 2, 2 kept it as Nim 1, 3, 5, 7 (the
    default piles): an import never relabels a brain either."""
    original = q_file(tmp_path, "nim:2,2", games=200)
    base = ("--data-dir", str(data), "brain")
    run = cli(*base, "import", "--game", "nim", "--learner", "q", str(original))
    assert run.code == 0, run.err
    assert run.out == (
        f"Imported {original} as the brain of Q-learning AI (q) for Nim 2, 2 (200 games played)\n"
    )
    ((_, _, _, saved),) = saved_rows(data)
    assert json.loads(saved)["rules"]["piles"] == [2, 2]
    exported = cli(*base, "export", "--game", "nim:2,2", "--learner", "q", "-")
    assert exported.out == original.read_text()


def test_the_records_in_memory_export_a_brain_under_its_own_game_too(tmp_path: Path) -> None:
    """The brains screen's records when nothing can be saved: the same rule as the store's."""
    records = MemoryRecords()
    original = q_file(tmp_path, games=300)
    records.save_brain(QLearner.from_dict(json.loads(original.read_text())), "Q-learning AI")
    text, whose = brain_text(records, parse_game("nim:2,2"), "q", "Q-learning AI")
    assert json.loads(text)["rules"]["piles"] == [1, 3, 5, 7]
    assert whose == "the brain of Q-learning AI (q) for Nim 1, 3, 5, 7 (300 games played)"

"""A data directory written by sticks-tui 0.1.0 opens with today's code, and nothing is lost.

``data/v0.1.0/records.sqlite3`` was written by 0.1.0 itself (commit 390a1ca), through its own
console and commands: ``tools/make_v010_store.py`` remakes it and says which games were played.
What the file holds is read here with plain ``sqlite3`` and ``json``, not with the store's
reader, and compared with what today's store and commands show; then the file is read again to
check that opening it changed only what the migrations to store version 5 say: the brains' key
gained the learner ("hats" for every old brain), the players' rows became the results of
"earlier games" (game '', on the overall board only), an empty table of the last games was
added, and the store's version.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from sticks_tui.engine.games import parse_game
from sticks_tui.storage.sqlite.store import SqliteStore
from sticks_tui.storage.sqlite.store_file import STORE_FILE_NAME
from sticks_tui.storage.sqlite.schema import SCHEMA_VERSION
from sticks_tui.storage.sqlite.schema import APPLICATION_ID

FIXTURE = Path(__file__).parent / "data" / "v0.1.0" / STORE_FILE_NAME
#: What 0.1.0 wrote, as tools/make_v010_store.py plays it: six players, and the learning AI's
#: and the Trained AI's brains for the Game of Sticks and for take-away {2, 3, 5}, normal play.
PLAYERS = {"Ann", "Bob", "Cy", "Dee", "AI", "Trained AI"}
BRAINS = {
    ("takeaway:1,2,3:misere", "AI"),
    ("takeaway:1,2,3:misere", "Trained AI"),
    ("takeaway:2,3,5:normal", "AI"),
    ("takeaway:2,3,5:normal", "Trained AI"),
}


def raw(path: Path, *, untouched: bool = False) -> dict[str, Any]:
    """Everything in the file, read with sqlite3 alone (``untouched``: not even a lock taken)."""
    uri = path.resolve().as_uri() + ("?mode=ro&immutable=1" if untouched else "?mode=ro")
    db = sqlite3.connect(uri, uri=True)
    try:
        brains_columns = [row[1] for row in db.execute("PRAGMA table_info(brains)")]
        return {
            "version": db.execute("PRAGMA user_version").fetchone()[0],
            "application_id": db.execute("PRAGMA application_id").fetchone()[0],
            "tables": sorted(
                row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type='table'")
            ),
            "players": _players(db),
            "settings": sorted(db.execute("SELECT key, value FROM settings").fetchall()),
            "brains_columns": brains_columns,
            "brains": {
                (row["rules_key"], row["ai_name"]): row
                for row in (
                    dict(zip(brains_columns, values))
                    for values in db.execute(f"SELECT {', '.join(brains_columns)} FROM brains")
                )
            },
        }
    finally:
        db.close()


def _players(db: sqlite3.Connection) -> list[tuple[str, int, int]]:
    """The leaderboard's rows: version 2's players table, version 4's results (each row's
    game and kind of game as a fourth and fifth field)."""
    tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    if "players" in tables:
        return sorted(db.execute("SELECT name, wins, losses FROM players").fetchall())
    return sorted(
        db.execute("SELECT name, wins, losses, game, among_machines FROM results").fetchall()
    )


@pytest.fixture
def data(tmp_path: Path) -> Path:
    """A copy of the 0.1.0 data directory (the file in the repository is never opened)."""
    directory = tmp_path / "data"
    directory.mkdir()
    shutil.copyfile(FIXTURE, directory / STORE_FILE_NAME)
    return directory


@pytest.fixture
def before(data: Path) -> dict[str, Any]:
    return raw(data / STORE_FILE_NAME, untouched=True)


def test_the_file_is_what_0_1_0_wrote(before: dict[str, Any]) -> None:
    assert before["version"] == 2 and before["application_id"] == APPLICATION_ID
    assert {name for name, _, _ in before["players"]} == PLAYERS
    assert set(before["brains"]) == BRAINS
    assert "learner" not in before["brains_columns"]
    for row in before["brains"].values():
        brain = json.loads(row["brain_json"])
        assert brain["version"] == 1 and len(brain["hats"]) >= 100
        assert any(count > 1 for hat in brain["hats"].values() for count in hat.values())


def test_every_leaderboard_row_is_unchanged(data: Path, before: dict[str, Any], cli) -> None:
    run = cli("--data-dir", str(data), "leaderboard", "--json")
    assert run.code == 0
    shown = sorted((row["name"], row["wins"], row["losses"]) for row in json.loads(run.out))
    assert shown == before["players"]
    # ... on the overall board only, as earlier games: no game's own board has them
    run = cli("--data-dir", str(data), "leaderboard", "--json", "--game", "sticks")
    assert run.code == 0 and json.loads(run.out) == []


def test_a_new_game_adds_to_the_old_rows_once(data: Path, before: dict[str, Any], cli) -> None:
    old = {name: (wins, losses) for name, wins, losses in before["players"]}
    with SqliteStore.open(data) as store:
        store.record_game("Ann", "Bob", game="sticks")
    run = cli("--data-dir", str(data), "leaderboard", "--json")
    shown = {row["name"]: (row["wins"], row["losses"]) for row in json.loads(run.out)}
    assert shown["Ann"] == (old["Ann"][0] + 1, old["Ann"][1])
    assert shown["Bob"] == (old["Bob"][0], old["Bob"][1] + 1)
    assert shown["Cy"] == old["Cy"]


def test_every_ball_count_and_game_count_is_unchanged(data: Path, before: dict[str, Any]) -> None:
    with SqliteStore.open(data) as store:
        for (rules_key, ai_name), row in before["brains"].items():
            saved = json.loads(row["brain_json"])
            brain = store.load_brain(parse_game(rules_key), ai_name)
            assert brain is not None, (rules_key, ai_name)
            assert brain.games_played == row["games_played"] == saved["games_played"]
            for hat, balls in saved["hats"].items():
                counts = brain.counts(int(hat))
                assert {str(ball): count for ball, count in counts.items()} == balls, hat


@pytest.mark.parametrize(
    ("game", "ai_name"), [("sticks", "AI"), ("takeaway:2,3,5:normal", "Trained AI")]
)
def test_brain_export_gives_back_the_hats_0_1_0_saved(
    data: Path, before: dict[str, Any], cli, game: str, ai_name: str
) -> None:
    run = cli("--data-dir", str(data), "brain", "export", "--game", game, "--ai", ai_name, "-")
    assert run.code == 0, run.err
    exported = json.loads(run.out)
    saved = json.loads(before["brains"][(parse_game(game).key, ai_name)]["brain_json"])
    learned = {hat: {b: n for b, n in balls.items() if n != 1} for hat, balls in saved["hats"].items()}
    assert exported["hats"] == {hat: balls for hat, balls in learned.items() if balls}  # not fresh
    assert exported["games_played"] == saved["games_played"]
    assert exported["learner"] == "hats" and exported["rules"] == saved["rules"]


def test_the_file_is_upgraded_in_place_only_as_the_migration_says(
    data: Path, before: dict[str, Any]
) -> None:
    path = data / STORE_FILE_NAME
    with SqliteStore.open(data):
        pass
    after = raw(path)
    assert after["version"] == SCHEMA_VERSION == 5
    assert after["application_id"] == before["application_id"]
    tables = {*before["tables"], "results", "recent_games"} - {"players"}
    assert after["tables"] == sorted(tables)
    assert after["players"] == [(*row, "", 0) for row in before["players"]]
    assert after["settings"] == before["settings"]
    assert after["brains_columns"] == [
        "rules_key", "learner", "ai_name", "games_played", "brain_json", "saved_at"
    ]
    assert set(after["brains"]) == set(before["brains"])
    for key, row in after["brains"].items():
        # the JSON and the time it was saved are kept as they were
        assert row == {**before["brains"][key], "learner": "hats"}
    with SqliteStore.open(data):  # a second opening changes nothing more
        pass
    assert raw(path) == after

"""A store written by an older sticks-tui is upgraded in place, keeping everything in it.

Version 1 had the players and the brains; version 2 added the settings (the names last
confirmed); version 3 keys the brains by learner too; version 4 keeps the results per game
(the old rows become "earlier games", counted on the overall board only); version 5 keeps the
last games played, in order (the room view's win share). A version-1 store is built here exactly as
that version made it (the layout of ``sticks_tui/store.py`` at commit 872e84d), so the upgrade is
tested on a real old file, not on one this version made and then relabelled. The upgrade from
version 2 is tested on a store that 0.1.0 itself wrote: ``test_store_v010.py``.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from pathlib import Path

import pytest
from store_helpers import taught_brain

from sticks_tui.engine import game_of_sticks
from sticks_tui.storage.records import Standing
from sticks_tui.storage.sqlite.store import SqliteStore
from sticks_tui.storage.sqlite.store_file import StoreRefused
from sticks_tui.storage.sqlite.store_file import STORE_FILE_NAME
from sticks_tui.storage.sqlite.schema import SCHEMA_VERSION
from sticks_tui.storage.sqlite.schema import APPLICATION_ID

#: The tables of store version 1, as ``git show 872e84d:sticks_tui/store.py`` creates them.
VERSION_1_SCHEMA = """
CREATE TABLE players (
    name   TEXT PRIMARY KEY,
    wins   INTEGER NOT NULL DEFAULT 0 CHECK (wins >= 0),
    losses INTEGER NOT NULL DEFAULT 0 CHECK (losses >= 0)
);
CREATE TABLE brains (
    rules_key    TEXT NOT NULL,
    ai_name      TEXT NOT NULL,
    games_played INTEGER NOT NULL CHECK (games_played >= 0),
    brain_json   TEXT NOT NULL,
    saved_at     TEXT NOT NULL,
    PRIMARY KEY (rules_key, ai_name)
);
"""


def _version_1_store(directory: Path, with_settings: bool = False) -> Path:
    """A store as version 1 left it: Ann beat the AI twice, and the AI has a saved brain.

    ``with_settings``: as written between commit 87e3d91 (which added the settings table) and
    the version bump, a version-1 store that has the table already.
    """
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / STORE_FILE_NAME
    db = sqlite3.connect(path)
    db.executescript(VERSION_1_SCHEMA)
    if with_settings:
        db.execute("CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
        db.execute("INSERT INTO settings VALUES ('player1_name', 'Ann')")
    db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    db.execute("PRAGMA user_version = 1")
    db.executemany(
        "INSERT INTO players VALUES (?, ?, ?)", [("Ann", 2, 0), ("AI", 0, 2)]
    )
    brain = taught_brain(games=9, balls=5)
    db.execute(
        "INSERT INTO brains VALUES (?, 'AI', 9, ?, '2026-01-01T00:00:00+00:00')",
        (brain.rules.key, json.dumps(brain.to_dict())),
    )
    db.commit()
    db.close()
    return path


def _version(path: Path) -> int:
    db = sqlite3.connect(path)
    try:
        return db.execute("PRAGMA user_version").fetchone()[0]
    finally:
        db.close()


def test_this_version_writes_store_version_5() -> None:
    assert SCHEMA_VERSION == 5


def test_a_version_1_store_is_upgraded_and_keeps_its_rows(tmp_path: Path) -> None:
    path = _version_1_store(tmp_path)
    with SqliteStore.open(tmp_path) as store:
        assert store.standings() == [Standing("Ann", 2, 0), Standing("AI", 0, 2)]
        brain = store.load_brain(game_of_sticks(20), "AI")
        assert brain is not None and brain.to_dict() == taught_brain(games=9, balls=5).to_dict()
        assert store.recall("player1_name") is None
        store.remember({"player1_name": "Ann", "player2_name": "Bob"})
    assert _version(path) == 5
    with SqliteStore.open(tmp_path) as store:  # and it opens again as an ordinary store
        assert store.recall("player2_name") == "Bob"
        assert store.standings()[0] == Standing("Ann", 2, 0)


def test_a_version_1_store_that_already_has_the_settings_table_keeps_them(tmp_path: Path) -> None:
    path = _version_1_store(tmp_path, with_settings=True)
    with SqliteStore.open(tmp_path) as store:
        assert store.recall("player1_name") == "Ann"
        assert store.standings()[0] == Standing("Ann", 2, 0)
    assert _version(path) == 5


def test_the_commands_use_an_old_store_too(tmp_path: Path, cli) -> None:
    _version_1_store(tmp_path)
    run = cli("--data-dir", str(tmp_path), "leaderboard", "--json")
    assert run.code == 0 and json.loads(run.out)[0]["name"] == "Ann"
    run = cli("--data-dir", str(tmp_path), "brain", "export", "-")
    assert run.code == 0 and json.loads(run.out)["games_played"] == 9


def test_a_version_1_store_missing_a_version_1_table_is_still_damaged(tmp_path: Path) -> None:
    path = _version_1_store(tmp_path)
    db = sqlite3.connect(path)
    db.execute("DROP TABLE brains")
    db.commit()
    db.close()
    before = hashlib.sha256(path.read_bytes()).hexdigest()
    with pytest.raises(StoreRefused, match=r"damaged \(tables missing: brains\)"):
        SqliteStore.open(tmp_path)
    assert hashlib.sha256(path.read_bytes()).hexdigest() == before
    assert _version(path) == 1


def test_a_store_of_a_newer_version_is_refused_untouched(tmp_path: Path) -> None:
    path = _version_1_store(tmp_path, with_settings=True)
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.commit()
    db.close()
    before = hashlib.sha256(path.read_bytes()).hexdigest()
    with pytest.raises(StoreRefused, match="newer sticks-tui"):
        SqliteStore.open(tmp_path)
    assert hashlib.sha256(path.read_bytes()).hexdigest() == before


def test_old_results_count_once_on_the_overall_board_and_on_no_games_board(
    tmp_path: Path, cli
) -> None:
    _version_1_store(tmp_path)
    with SqliteStore.open(tmp_path) as store:
        store.record_game("Ann", "AI", game="nim:1,3,5,7")
        assert store.standings() == [Standing("Ann", 3, 0), Standing("AI", 0, 3)]
        assert store.standings("nim:1,3,5,7") == [Standing("Ann", 1, 0), Standing("AI", 0, 1)]
        assert store.standings("sticks") == []
        assert store.games() == ["nim:1,3,5,7"]
    run = cli("--data-dir", str(tmp_path), "leaderboard")
    assert run.code == 0 and "earlier games" in run.out

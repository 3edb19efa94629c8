"""A store file that is damaged, newer, or not ours is refused, named, and never touched."""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path
from typing import Callable

import pytest

from sticks_tui.storage.sqlite.store import SqliteStore, open_records
from sticks_tui.storage.sqlite.store_file import StoreRefused
from sticks_tui.storage.sqlite.store_file import STORE_FILE_NAME
from sticks_tui.storage.sqlite.schema import SCHEMA_VERSION
from sticks_tui.storage.sqlite.schema import APPLICATION_ID


def _text_file(path: Path) -> None:
    path.write_text("my shopping list\neggs\nmilk\n")


def _other_programs_database(path: Path) -> None:
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE cookies (host TEXT, value TEXT)")
    db.execute("INSERT INTO cookies VALUES ('example.org', 'abc')")
    db.commit()
    db.close()


def _other_programs_wal_database(path: Path) -> None:
    """Closed cleanly, so its -wal and -shm are gone; its header still says WAL mode."""
    db = sqlite3.connect(path)
    db.execute("PRAGMA journal_mode = WAL")
    db.execute("CREATE TABLE bookmarks (url TEXT)")
    db.execute("INSERT INTO bookmarks VALUES ('https://example.org')")
    db.commit()
    db.close()


def _other_programs_database_with_ids(path: Path) -> None:
    db = sqlite3.connect(path)
    db.execute("PRAGMA application_id = 1234")
    db.execute("PRAGMA user_version = 3")
    db.execute("CREATE TABLE players (name TEXT)")
    db.commit()
    db.close()


def _our_store(path: Path, games: int = 200) -> None:
    with SqliteStore.open(path.parent) as store:
        store.record_game("Ann", "Bob", game="sticks")
    db = sqlite3.connect(path)  # many rows in one go, so that the file spans several pages
    db.executemany(
        "INSERT INTO results (game, name, among_machines, wins, losses) "
        "VALUES ('sticks', ?, 0, 1, 0)",
        [(f"Player number {i} with a long name",) for i in range(games)],
    )
    db.commit()
    db.close()


def _newer_store(path: Path) -> None:
    _our_store(path, games=3)
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.commit()
    db.close()


def _damaged_store(path: Path) -> None:
    _our_store(path)
    data = bytearray(path.read_bytes())
    page = 4096
    assert len(data) > 3 * page
    data[2 * page : 3 * page] = bytes((i * 7) % 256 for i in range(page))
    path.write_bytes(bytes(data))


def _cut_short_store(path: Path) -> None:
    _our_store(path)
    path.write_bytes(path.read_bytes()[:5000])


def _store_missing_a_table(path: Path) -> None:
    _our_store(path, games=1)
    db = sqlite3.connect(path)
    db.execute("DROP TABLE brains")
    db.commit()
    db.close()


BAD_FILES: dict[str, tuple[Callable[[Path], None], str]] = {
    "text file": (_text_file, "not a sticks-tui store"),
    "another program's database": (_other_programs_database, "not a sticks-tui store"),
    "another program's database in WAL mode": (
        _other_programs_wal_database,
        "not a sticks-tui store",
    ),
    "another program's numbered database": (
        _other_programs_database_with_ids,
        "not a sticks-tui store",
    ),
    "newer version": (_newer_store, "newer sticks-tui"),
    "damaged pages": (_damaged_store, "damaged"),
    "cut short": (_cut_short_store, "damaged"),
    "a table missing": (_store_missing_a_table, "damaged"),
}


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture(params=sorted(BAD_FILES))
def bad_store(request: pytest.FixtureRequest, tmp_path: Path) -> tuple[Path, str]:
    make, expected = BAD_FILES[request.param]
    data_dir = tmp_path / "data"
    data_dir.mkdir()
    make(data_dir / STORE_FILE_NAME)
    return data_dir / STORE_FILE_NAME, expected


def test_the_store_refuses_the_file_and_leaves_it_byte_for_byte(bad_store) -> None:
    path, expected = bad_store
    before = _digest(path)
    with pytest.raises(StoreRefused) as refused:
        SqliteStore.open(path.parent)
    message = str(refused.value)
    assert str(path) in message and expected in message
    assert "--data-dir" in message and "\n" not in message
    with pytest.raises(StoreRefused):
        open_records(path.parent, warn=pytest.fail)  # never silently replaced by memory
    assert _digest(path) == before


def _directory(path: Path) -> dict[str, str]:
    """Every file in the directory, with a digest of its bytes."""
    return {child.name: _digest(child) for child in sorted(path.iterdir())}


def test_a_refused_file_leaves_its_directory_exactly_as_it_was(bad_store, cli) -> None:
    path, _ = bad_store
    before = _directory(path.parent)
    assert list(before) == [STORE_FILE_NAME]
    with pytest.raises(StoreRefused):
        SqliteStore.open(path.parent)
    assert _directory(path.parent) == before  # no -wal, no -shm, the file byte for byte
    for argv in (["leaderboard"], ["--classic"]):
        assert cli("--data-dir", str(path.parent), *argv, stdin="10\n1\n").code == 1
    assert _directory(path.parent) == before


def test_another_programs_database_in_use_keeps_its_log_and_stays_refused(tmp_path: Path) -> None:
    path = tmp_path / STORE_FILE_NAME
    other = sqlite3.connect(path)  # the other program is running: its log holds its last write
    other.execute("PRAGMA journal_mode = WAL")
    other.execute("PRAGMA wal_autocheckpoint = 0")
    other.execute("CREATE TABLE notes (text TEXT)")
    other.execute("INSERT INTO notes VALUES ('only in the log so far')")
    other.commit()
    log = tmp_path / f"{STORE_FILE_NAME}-wal"
    before = {name: _digest(tmp_path / name) for name in (STORE_FILE_NAME, log.name)}
    try:
        with pytest.raises(StoreRefused, match="not a sticks-tui store"):
            SqliteStore.open(tmp_path)
        assert {name: _digest(tmp_path / name) for name in before} == before
        assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
            [STORE_FILE_NAME, log.name, f"{STORE_FILE_NAME}-shm"]
        )
        assert other.execute("SELECT text FROM notes").fetchall() == [("only in the log so far",)]
    finally:
        other.close()


def test_the_commands_say_which_file_and_what_to_do_in_one_line(bad_store, cli) -> None:
    path, expected = bad_store
    before = _digest(path)
    for argv in (
        ["leaderboard"],
        ["leaderboard", "--json"],
        ["brain", "export", str(path.parent.parent / "out.json")],
        ["brain", "reset", "--yes"],
    ):
        run = cli("--data-dir", str(path.parent), *argv)
        assert run.code == 1
        assert len(run.err_lines) == 1
        assert str(path) in run.err and expected in run.err and "--data-dir" in run.err
        assert run.out == ""
    assert _digest(path) == before
    assert not (path.parent.parent / "out.json").exists()


def test_the_classic_console_stops_before_playing_and_leaves_the_file(bad_store, cli) -> None:
    path, expected = bad_store
    before = _digest(path)
    run = cli("--data-dir", str(path.parent), "--classic", stdin="10\n1\n")
    assert run.code == 1
    assert "Welcome" not in run.out
    assert str(path) in run.err and expected in run.err
    assert _digest(path) == before


def test_a_fresh_store_elsewhere_works_when_asked(bad_store, cli, tmp_path: Path) -> None:
    path, _ = bad_store
    before = _digest(path)
    elsewhere = tmp_path / "fresh"
    run = cli("--data-dir", str(elsewhere), "--classic", "--seed", "1",
              stdin="10\n1\n3\n3\n3\n1\n0\n")
    assert run.code == 0 and "Player 2, you lose." in run.out
    board = cli("leaderboard", "--json", "--data-dir", str(elsewhere))
    assert board.code == 0 and '"Player 1"' in board.out
    assert _digest(path) == before


def test_a_directory_where_the_file_should_be_is_refused(tmp_path: Path, cli) -> None:
    (tmp_path / STORE_FILE_NAME).mkdir()
    run = cli("--data-dir", str(tmp_path), "leaderboard")
    assert run.code == 1 and "not a file" in run.err and str(tmp_path) in run.err


def test_an_empty_file_left_by_a_program_killed_at_creation_becomes_a_store(tmp_path: Path) -> None:
    (tmp_path / STORE_FILE_NAME).write_bytes(b"")
    with SqliteStore.open(tmp_path) as store:
        store.record_game("Ann", "Bob", game="sticks")
    db = sqlite3.connect(tmp_path / STORE_FILE_NAME)
    assert db.execute("PRAGMA application_id").fetchone() == (APPLICATION_ID,)
    db.close()

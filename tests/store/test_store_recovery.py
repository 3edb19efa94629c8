"""A store left by a program killed mid-save opens again, even when its log needs recovery."""

import sqlite3
from pathlib import Path

import pytest

import sticks_tui.storage.sqlite.store as store_module
from sticks_tui.storage.sqlite.store import SqliteStore
from sticks_tui.storage.sqlite.store_file import StoreError

SQLITE_READONLY_RECOVERY = 264  # SQLITE_READONLY | (1 << 8)


def _refuse_read_only_connections(monkeypatch):
    """Make every read-only connection fail as SQLite does when a WAL must be recovered first."""
    real_connect = sqlite3.connect

    def connect(target, *args, **kwargs):
        if kwargs.get("uri") and str(target).endswith("?mode=ro"):
            error = sqlite3.OperationalError("attempt to write a readonly database")
            error.sqlite_errorcode = SQLITE_READONLY_RECOVERY
            raise error
        return real_connect(target, *args, **kwargs)

    monkeypatch.setattr(store_module.sqlite3, "connect", connect)


def test_our_store_whose_log_needs_recovery_opens_with_its_records(tmp_path: Path, monkeypatch):
    with SqliteStore.open(tmp_path) as store:
        store.record_game("Ann", "Bob", game="sticks")
    _refuse_read_only_connections(monkeypatch)
    with SqliteStore.open(tmp_path) as store:
        assert [(row.name, row.wins, row.losses) for row in store.standings()] == [("Ann", 1, 0), ("Bob", 0, 1)]


def test_a_file_that_is_not_ours_is_never_opened_for_writing(tmp_path: Path, monkeypatch):
    other = sqlite3.connect(tmp_path / "records.sqlite3")
    other.execute("PRAGMA user_version = 7")
    other.execute("CREATE TABLE t (x)")
    other.commit()
    other.close()
    before = (tmp_path / "records.sqlite3").read_bytes()
    _refuse_read_only_connections(monkeypatch)
    with pytest.raises(StoreError):
        SqliteStore.open(tmp_path)
    assert (tmp_path / "records.sqlite3").read_bytes() == before

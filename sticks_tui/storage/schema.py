"""The tables of the store file, and how a file of an older layout is brought up to date.

Kept apart from the opening of the file (:mod:`sticks_tui.storage.store_file`) and from the
records API (:mod:`sticks_tui.storage.store`): a new layout is a new step in :data:`MIGRATIONS`
and nothing else. :func:`migrate` reads :data:`SCHEMA_VERSION` and :data:`MIGRATIONS` from this
module when it runs, so a test may add a next version.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable

#: Written into the SQLite header (``PRAGMA application_id``) so our files can be told apart
#: from other programs' databases: the bytes "STKS".
APPLICATION_ID = 0x53544B53
#: The layout of the tables (``PRAGMA user_version``). Raise it and add a step to
#: :data:`MIGRATIONS` whenever the layout changes.
#: Version 1: players and brains; version 2 added the settings (the names last confirmed);
#: version 3 keys the brains by learner too ("hats" or "q").
SCHEMA_VERSION = 3

#: The tables a store of each version has; a store missing one of its version's is damaged.
_TABLES = {1: ("players", "brains"), 2: ("players", "brains", "settings")}
_SETTINGS_TABLE = """
CREATE TABLE IF NOT EXISTS settings (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
)"""
#: The brains since version 3: one per rule set, learner and AI name.
_BRAINS_TABLE = """
CREATE TABLE {name} (
    rules_key    TEXT NOT NULL,
    learner      TEXT NOT NULL,
    ai_name      TEXT NOT NULL,
    games_played INTEGER NOT NULL CHECK (games_played >= 0),
    brain_json   TEXT NOT NULL,
    saved_at     TEXT NOT NULL,
    PRIMARY KEY (rules_key, learner, ai_name)
)"""
_SCHEMA = f"""
CREATE TABLE players (
    name   TEXT PRIMARY KEY,
    wins   INTEGER NOT NULL DEFAULT 0 CHECK (wins >= 0),
    losses INTEGER NOT NULL DEFAULT 0 CHECK (losses >= 0)
);
{_BRAINS_TABLE.format(name="brains")};
{_SETTINGS_TABLE};
"""


def create(db: sqlite3.Connection) -> None:
    """Make a fresh store of the latest layout (inside the caller's transaction)."""
    for statement in _SCHEMA.split(";"):
        if statement.strip():
            db.execute(statement)
    db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")


def tables_of(version: int) -> tuple[str, ...]:
    """The tables a store of ``version`` must have (those of the latest layout up to it)."""
    known = [v for v in _TABLES if v <= version]
    return _TABLES[max(known)] if known else ()


def _add_settings(db: sqlite3.Connection) -> None:
    """Version 1 -> 2: the settings table. A version-1 store written between the table's
    arrival and the version bump has it already, hence ``IF NOT EXISTS``."""
    db.execute(_SETTINGS_TABLE)


def _key_brains_by_learner(db: sqlite3.Connection) -> None:
    """Version 2 -> 3: the brains' key gains the learner. Every brain of a version-2 store is a
    hat AI's (nothing else could be saved), so each row is copied as it is, with learner
    "hats"; its JSON, its games and when it was saved are kept byte for byte. SQLite cannot
    change a primary key in place, hence a new table, then the old one's name."""
    db.execute(_BRAINS_TABLE.format(name="brains_by_learner"))
    db.execute(
        "INSERT INTO brains_by_learner "
        "(rules_key, learner, ai_name, games_played, brain_json, saved_at) "
        "SELECT rules_key, 'hats', ai_name, games_played, brain_json, saved_at FROM brains"
    )
    db.execute("DROP TABLE brains")
    db.execute("ALTER TABLE brains_by_learner RENAME TO brains")


#: ``MIGRATIONS[v]`` turns a store of version ``v`` into version ``v + 1``; each step runs inside
#: the same transaction as the version bump, so a failed or interrupted upgrade changes nothing.
MIGRATIONS: dict[int, Callable[[sqlite3.Connection], None]] = {
    1: _add_settings,
    2: _key_brains_by_learner,
}


def migrate(db: sqlite3.Connection, version: int) -> None:
    """Bring a store of an older version up to :data:`SCHEMA_VERSION` (inside a transaction)."""
    while version < SCHEMA_VERSION:
        step = MIGRATIONS.get(version)
        if step is None:
            raise sqlite3.DatabaseError(f"no way to upgrade from store version {version}")
        step(db)
        version += 1
        db.execute(f"PRAGMA user_version = {version}")

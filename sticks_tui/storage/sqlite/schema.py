"""The tables of the store file, and how a file of an older layout is brought up to date.

Kept apart from the opening of the file (:mod:`.store_file`) and from the records API
(:mod:`.store`): a new layout is a new step in :data:`MIGRATIONS`
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
#: version 3 keys the brains by learner too ("hats" or "q"); version 4 keeps the results per
#: game, and apart for games between two computer players (the ``results`` table replaces
#: ``players``); version 5 keeps the last games played, in order (``recent_games``: the room
#: view's win share over the last games).
SCHEMA_VERSION = 5

#: The tables a store of each version has; a store missing one of its version's is damaged.
_TABLES = {
    1: ("players", "brains"),
    2: ("players", "brains", "settings"),
    4: ("results", "brains", "settings"),
    5: ("results", "brains", "settings", "recent_games"),
}
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
#: The leaderboard since version 4: one row per game, player and kind of game. ``game`` is the
#: game's spec (``sticks``, ``nim:1,3,5,7``...), or '' for the results recorded before version
#: 4, whose game nobody knows; ``among_machines`` is 1 for a game between two computer players.
#: The overall board adds up a player's rows, so each result counts once wherever it is shown.
_RESULTS_TABLE = """
CREATE TABLE results (
    game           TEXT NOT NULL,
    name           TEXT NOT NULL,
    among_machines INTEGER NOT NULL CHECK (among_machines IN (0, 1)),
    wins           INTEGER NOT NULL DEFAULT 0 CHECK (wins >= 0),
    losses         INTEGER NOT NULL DEFAULT 0 CHECK (losses >= 0),
    PRIMARY KEY (game, name, among_machines)
)"""
#: The last games played since version 5, oldest first (the row's id): who won and who lost
#: which game (its spec). Only the latest are kept (``RECENT_GAMES_KEPT`` of :mod:`..records`).
_RECENT_GAMES_TABLE = """
CREATE TABLE recent_games (
    id             INTEGER PRIMARY KEY,
    game           TEXT NOT NULL,
    winner         TEXT NOT NULL,
    loser          TEXT NOT NULL,
    among_machines INTEGER NOT NULL CHECK (among_machines IN (0, 1))
)"""
_SCHEMA = f"""
{_RESULTS_TABLE};
{_BRAINS_TABLE.format(name="brains")};
{_SETTINGS_TABLE};
{_RECENT_GAMES_TABLE};
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


def _keep_results_per_game(db: sqlite3.Connection) -> None:
    """Version 3 -> 4: the leaderboard per game. An old row says nothing of its games, so it
    becomes one row of "earlier games" (game '') with its wins and losses as they were: counted
    on the overall board, on no game's own. The games between two machines among them cannot
    be told apart either, so they stay where they always were: on the board everybody sees.
    The old table goes, so that nothing is counted twice."""
    db.execute(_RESULTS_TABLE)
    db.execute(
        "INSERT INTO results (game, name, among_machines, wins, losses) "
        "SELECT '', name, 0, wins, losses FROM players"
    )
    db.execute("DROP TABLE players")


def _keep_recent_games(db: sqlite3.Connection) -> None:
    """Version 4 -> 5: the last games played, in order. The games before are only counted in
    the results, in no order: the table starts empty."""
    db.execute(_RECENT_GAMES_TABLE)


#: ``MIGRATIONS[v]`` turns a store of version ``v`` into version ``v + 1``; each step runs inside
#: the same transaction as the version bump, so a failed or interrupted upgrade changes nothing.
MIGRATIONS: dict[int, Callable[[sqlite3.Connection], None]] = {
    1: _add_settings,
    2: _key_brains_by_learner,
    3: _keep_results_per_game,
    4: _keep_recent_games,
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

"""The leaderboard and the AI's brains on disk, so that nothing is lost between runs.

One SQLite file (``records.sqlite3``) in the user's data directory holds both. SQLite is used
because every save is then a single transaction: a program killed in the middle of a save, or two
programs saving at the same moment, leave the file with the state before or after the save and
nothing in between. Writes take the write lock at once (``BEGIN IMMEDIATE``) and wait for each
other (``busy_timeout``), and the file runs in WAL mode so readers never block writers.

A file that is not ours (a text file, another program's database), that is damaged, or that was
written by a newer version is refused with a message naming it, and is never written to: it is
inspected read-only first, and its directory is left as it was (no ``-wal``/``-shm`` files).
A data directory that cannot be written gives :class:`StoreUnavailable`; :func:`open_records`
then hands back in-memory records and a warning so that play goes on without saving.

Brains are stored as the documented JSON of their brain file (``to_dict``), one per rule set
(``rules.key``, which leaves out the start: a brain serves every heap), learner ("hats" or "q")
and AI name; :func:`learner_from_dict` checks them when they are read back, and a row is only
ever read as the learner its key names, so a Q-learner's table is never handed to code that
draws balls from hats. What games teach a hat AI is saved as a lesson added to the saved brain
inside one write transaction (:meth:`SqliteStore.learn`), so two programs playing one AI at once
both keep their lessons. Q-learners are saved whole (``brain import``, training): nothing saves
what a Q-learner learns in play, since it does not learn while it plays.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import sys
import threading
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from ..engine.game import AnyRuleSet as RuleSet
from ..engine.game import RuleError
from ..engine.games import rules_from_description, spec_of
from ..engine.learners import HatSettings, QSettings, learner_from_dict
from ..engine.learners.hats import BrainError, HatBrain, Lesson

# The AIs' names live in records.py (names_problem needs them, and records must not import the
# store); they stay importable from here for the modules that always took them from here.
from .records import (  # noqa: F401  (re-exported)
    HATS,
    LEARNING_AI_NAME,
    TRAINED_AI_NAME,
    MemoryRecords,
    Q,
    Records,
    SavedBrain,
    Standing,
    brain_options,
    ranked,
)

APP_NAME = "sticks-tui"
ENV_DATA_DIR = "STICKS_TUI_DATA_DIR"
STORE_FILE_NAME = "records.sqlite3"

#: Written into the SQLite header (``PRAGMA application_id``) so our files can be told apart
#: from other programs' databases: the bytes "STKS".
APPLICATION_ID = 0x53544B53
#: The layout of the tables (``PRAGMA user_version``). Raise it and add a step to
#: :data:`MIGRATIONS` whenever the layout changes.
#: Version 1: players and brains; version 2 added the settings (the names last confirmed);
#: version 3 keys the brains by learner too ("hats" or "q").
SCHEMA_VERSION = 3

#: How long a save waits for another program's save to finish before giving up.
BUSY_TIMEOUT_MS = 30_000

_SQLITE_MAX_INTEGER = 2**63 - 1
_SQLITE_MAGIC = b"SQLite format 3\x00"
_HEADER_SIZE = 100
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

# SQLite's primary result codes (sqlite3.h) that tell us what went wrong.
_SQLITE_BUSY = 5
_SQLITE_LOCKED = 6
_SQLITE_READONLY = 8
_SQLITE_IOERR = 10
_SQLITE_CORRUPT = 11
_SQLITE_FULL = 13
_SQLITE_CANTOPEN = 14
_SQLITE_NOTADB = 26

_ELSEWHERE = "use --data-dir DIR (or STICKS_TUI_DATA_DIR) to keep records in another place"


class StoreError(Exception):
    """The store cannot be used; the message names the file and says what to do."""


class StoreUnavailable(StoreError):
    """Nothing can be saved (a read-only or uncreatable data directory, a full disk...).

    Play may go on without saving; see :func:`open_records`.
    """


class StoreRefused(StoreError):
    """The store file is damaged, from a newer version, or not ours: it is left untouched."""


@dataclass(frozen=True)
class BrainInfo:
    """What the store knows about one saved brain without rebuilding it."""

    rules_key: str
    ai_name: str
    games_played: int
    saved_at: str
    learner: str = HATS


@dataclass(frozen=True)
class BrainSummary:
    """One saved brain as ``brain list`` shows it: read from its JSON, not rebuilt."""

    info: BrainInfo
    game: str
    """The game's spec (``sticks``, ``nim:1,3,5,7``...); empty when the JSON cannot say."""
    game_name: str
    """The game's name ("Game of Sticks"); empty when the JSON cannot say."""
    changed_settings: Mapping[str, float]
    """The learning settings that differ from the defaults (seed 000's, CS50's)."""
    problem: str = ""
    """Why the saved brain cannot be used (damaged), or empty."""


def resolve_data_dir(
    data_dir: str | os.PathLike[str] | None = None, environ: Mapping[str, str] | None = None
) -> Path:
    """Where records live: ``--data-dir``, else ``$STICKS_TUI_DATA_DIR``, else platformdirs."""
    if data_dir is not None and str(data_dir) != "":
        return Path(data_dir).expanduser()
    env = (os.environ if environ is None else environ).get(ENV_DATA_DIR, "")
    if env.strip():
        return Path(env).expanduser()
    from platformdirs import user_data_path

    return user_data_path(APP_NAME)


def _now_utc() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class SqliteStore:
    """:class:`~sticks_tui.storage.records.Records` kept in one SQLite file; safe across processes.

    Open with :meth:`open` (or :func:`open_store`); every method is one short transaction, and a
    lock makes one store usable from several threads (e.g. a training worker saving a brain).
    """

    def __init__(
        self, path: Path, connection: sqlite3.Connection, clock: Callable[[], str] = _now_utc
    ) -> None:
        self.path = path
        self._db = connection
        self._clock = clock
        self._lock = threading.Lock()

    # -- opening ------------------------------------------------------------------------------
    @classmethod
    def open(
        cls, data_dir: str | os.PathLike[str], clock: Callable[[], str] = _now_utc
    ) -> SqliteStore:
        """Open (creating if needed) the store in ``data_dir``; see the module text for errors."""
        directory = Path(data_dir)
        _make_directory(directory)
        path = directory / STORE_FILE_NAME
        _check_writable(directory, path)
        with _no_litter_when_refused(path):
            state = _inspect(path)
            connection = _connect(path)
            try:
                _prepare(path, connection, state)
            except BaseException:
                connection.close()
                raise
        return cls(path, connection, clock)

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def __enter__(self) -> SqliteStore:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    # -- the Records interface -----------------------------------------------------------------
    def record_game(self, winner: str, loser: str) -> None:
        """Count one finished game; both rows change in one transaction or neither does."""
        with self._write() as db:
            _add_result(db, winner, wins=1, losses=0)
            _add_result(db, loser, wins=0, losses=1)

    def standings(self) -> list[Standing]:
        with self._read() as db:
            rows = db.execute("SELECT name, wins, losses FROM players").fetchall()
        return ranked([Standing(name, wins, losses) for name, wins, losses in rows])

    def load_brain(self, rules: RuleSet, ai_name: str) -> HatBrain | None:
        """The saved hats, rebuilt for ``rules`` (so they know the number of sticks in play)."""
        with self._read() as db:
            return self._saved_hats(db, rules, ai_name)

    def load_learner(self, rules: RuleSet, ai_name: str, learner: str) -> SavedBrain | None:
        """The saved brain of a learner (``"hats"`` or ``"q"``), rebuilt for ``rules``."""
        with self._read() as db:
            return self._saved_brain(db, rules, ai_name, learner)

    def save_brain(self, brain: SavedBrain, ai_name: str) -> None:
        """Replace the saved brain of ``ai_name`` for the brain's rules and learner, in one
        transaction (``brain import``: on purpose; what games teach hats goes through
        :meth:`learn`)."""
        text = _brain_text(brain)
        with self._write() as db:
            self._put_brain(db, brain, ai_name, text)

    def learn(self, rules: RuleSet, ai_name: str, lesson: Lesson) -> HatBrain:
        """Add ``lesson`` to the saved hats (fresh hats when there are none); the brain as saved.

        The brain is read, taught and written back inside one write transaction, which other
        programs wait for: lessons saved by several programs at once all count, none is lost.
        """
        with self._write() as db:
            brain = self._saved_hats(db, rules, ai_name) or HatBrain(rules)
            brain.apply_lesson(lesson)
            self._put_brain(db, brain, ai_name, _brain_text(brain))
        return brain

    def _saved_hats(self, db: sqlite3.Connection, rules: RuleSet, ai_name: str) -> HatBrain | None:
        brain = self._saved_brain(db, rules, ai_name, HATS)
        assert brain is None or isinstance(brain, HatBrain), "a hats row holds hats"
        return brain

    def _saved_brain(
        self, db: sqlite3.Connection, rules: RuleSet, ai_name: str, learner: str
    ) -> SavedBrain | None:
        row = db.execute(
            "SELECT brain_json FROM brains WHERE rules_key = ? AND learner = ? AND ai_name = ?",
            (rules.key, learner, ai_name),
        ).fetchone()
        if row is None:
            return None
        try:
            brain = learner_from_dict(json.loads(row[0]), rules)
            if brain.kind != learner:
                raise BrainError(f"it holds a brain of learner {brain.kind!r}, not {learner!r}")
        except (BrainError, ValueError, RecursionError) as error:
            raise StoreRefused(
                f"{self.path}: the saved brain of {ai_name} for {rules.name} is damaged ({error}); "
                f"reset it with `sticks-tui brain reset {brain_options(rules, learner, ai_name)}` "
                f"or import a good one with `sticks-tui brain import "
                f"{brain_options(rules, learner, ai_name)} FILE`"
            ) from None
        return brain

    def _put_brain(
        self, db: sqlite3.Connection, brain: SavedBrain, ai_name: str, text: str
    ) -> None:
        rules = _rules_of(brain)
        db.execute(
            "INSERT INTO brains (rules_key, learner, ai_name, games_played, brain_json, saved_at) "
            "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (rules_key, learner, ai_name) DO UPDATE SET "
            "games_played = excluded.games_played, brain_json = excluded.brain_json, "
            "saved_at = excluded.saved_at",
            (rules.key, brain.kind, ai_name, brain.games_played, text, self._clock()),
        )

    def remember(self, values: Mapping[str, str]) -> None:
        """Keep small settings (the names last typed...), all in one transaction."""
        with self._write() as db:
            db.executemany(
                "INSERT INTO settings (key, value) VALUES (?, ?) "
                "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                [(str(key), str(value)) for key, value in values.items()],
            )

    def recall(self, key: str) -> str | None:
        with self._read() as db:
            row = db.execute("SELECT value FROM settings WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row[0])

    # -- beyond the interface ------------------------------------------------------------------
    def brain_info(
        self, rules: RuleSet, ai_name: str, learner: str = HATS
    ) -> BrainInfo | None:
        with self._read() as db:
            row = db.execute(
                "SELECT games_played, saved_at FROM brains "
                "WHERE rules_key = ? AND learner = ? AND ai_name = ?",
                (rules.key, learner, ai_name),
            ).fetchone()
        return None if row is None else BrainInfo(rules.key, ai_name, row[0], row[1], learner)

    def delete_brain(self, rules: RuleSet, ai_name: str, learner: str = HATS) -> bool:
        """Forget the brain so the AI starts afresh; False when there was none."""
        with self._write() as db:
            cursor = db.execute(
                "DELETE FROM brains WHERE rules_key = ? AND learner = ? AND ai_name = ?",
                (rules.key, learner, ai_name),
            )
            return cursor.rowcount > 0

    def brains(self) -> list[BrainSummary]:
        """Every saved brain, by game, learner and name; a damaged one is listed with its
        problem, so that listing never fails on a brain that loading would refuse."""
        with self._read() as db:
            rows = db.execute(
                "SELECT rules_key, learner, ai_name, games_played, saved_at, brain_json "
                "FROM brains ORDER BY rules_key, learner, ai_name"
            ).fetchall()
        return [
            _summary(BrainInfo(key, name, games, saved, learner), text)
            for key, learner, name, games, saved, text in rows
        ]

    # -- transactions --------------------------------------------------------------------------
    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One write transaction, holding the write lock from the start (no deadlock upgrades)."""
        with self._lock:
            try:
                self._db.execute("BEGIN IMMEDIATE")
                try:
                    yield self._db
                except BaseException:
                    self._db.execute("ROLLBACK")
                    raise
                self._db.execute("COMMIT")
            except sqlite3.Error as error:
                if self._db.in_transaction:
                    self._db.execute("ROLLBACK")
                raise _runtime_error(self.path, error, "save to") from None

    @contextmanager
    def _read(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            try:
                yield self._db
            except sqlite3.Error as error:
                raise _runtime_error(self.path, error, "read") from None


def _brain_text(brain: SavedBrain) -> str:
    """The brain's JSON as stored; a brain too large for the file is refused first."""
    _rules_of(brain)
    if brain.games_played > _SQLITE_MAX_INTEGER:
        raise BrainError(f"games_played {brain.games_played} is too large to keep")
    return json.dumps(brain.to_dict(), separators=(",", ":"))


def _rules_of(brain: SavedBrain) -> RuleSet:
    """The game a brain is saved under (a CS50-style Q-learner may have none: it is refused)."""
    if brain.rules is None:
        raise BrainError("a Q-learner without rules cannot be saved: it knows no game")
    return brain.rules


def _summary(info: BrainInfo, text: str) -> BrainSummary:
    """What ``brain list`` shows of one row, read from its JSON without rebuilding the brain."""
    try:
        data = json.loads(text)
        rules = rules_from_description(data.get("rules"))
        settings = data.get("settings")
        if info.learner == Q:
            changes: Mapping[str, float] = QSettings.from_dict(settings).changes()
        else:
            changes = HatSettings().changes() if settings is None else (
                HatSettings.from_dict(settings).changes()
            )
    except (ValueError, RecursionError, AttributeError, TypeError, RuleError) as error:
        return BrainSummary(info, "", "", {}, problem=f"damaged ({error})")
    return BrainSummary(info, spec_of(rules), rules.name, changes)


def _add_result(db: sqlite3.Connection, name: str, *, wins: int, losses: int) -> None:
    db.execute(
        "INSERT INTO players (name, wins, losses) VALUES (?, ?, ?) ON CONFLICT (name) DO UPDATE "
        "SET wins = wins + excluded.wins, losses = losses + excluded.losses",
        (name, wins, losses),
    )


# -- opening, step by step --------------------------------------------------------------------
@dataclass(frozen=True)
class _State:
    """What the file on disk is, found without writing to it."""

    fresh: bool
    version: int


def _make_directory(directory: Path) -> None:
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise StoreUnavailable(
            f"cannot keep records in {directory}: it is not a directory"
        ) from None
    except OSError as error:
        raise StoreUnavailable(
            f"cannot create the data directory {directory}: {error.strerror or error}"
        ) from None
    if not directory.is_dir():
        raise StoreUnavailable(f"cannot keep records in {directory}: it is not a directory")


def _check_writable(directory: Path, path: Path) -> None:
    """Refuse early, with a plain reason, where SQLite could only read (or not even create)."""
    if not os.access(directory, os.W_OK | os.X_OK):
        raise StoreUnavailable(f"cannot keep records in {directory}: the directory is read-only")
    if path.exists() and not os.access(path, os.R_OK | os.W_OK):
        raise StoreUnavailable(f"cannot keep records in {path}: the file is read-only")


def _inspect(path: Path) -> _State:
    """Decide, without writing anything, whether ``path`` is fresh, ours, or to be refused.

    The SQLite header is read as plain bytes first, so another program's database and a store
    of a newer version are refused without even opening them; only then does a read-only
    connection look at the tables and check the pages.
    """
    if not path.exists():
        return _State(fresh=True, version=0)
    if not path.is_file():
        raise StoreRefused(f"{path} is not a file; move it away, or {_ELSEWHERE}")
    try:
        with path.open("rb") as handle:
            header = handle.read(_HEADER_SIZE)
    except OSError as error:
        raise StoreUnavailable(f"cannot read {path}: {error.strerror or error}") from None
    if not header:
        return _State(fresh=True, version=0)  # created, then killed before the first save
    if not header.startswith(_SQLITE_MAGIC):
        raise _not_ours(path, "not an SQLite database at all")
    if len(header) < _HEADER_SIZE:
        raise _damaged(path, "the file is cut short")
    app_id = int.from_bytes(header[68:72], "big", signed=True)
    _check_identity(path, app_id, int.from_bytes(header[60:64], "big", signed=True))
    ours = app_id == APPLICATION_ID
    try:
        return _classify_through(path, mode="ro" if ours else _untouched_mode(path))
    except sqlite3.Error as error:
        if not (ours and getattr(error, "sqlite_errorcode", 0) & 0xFF == _SQLITE_READONLY):
            raise _open_error(path, error) from None
    # Our own store, left by a program killed in the middle of a save: its write-ahead log
    # must be recovered, which a read-only connection may not do. The header says the file
    # is ours, so a read-write connection may recover it (that is what the log is for).
    try:
        return _classify_through(path, mode="rw")
    except sqlite3.Error as error:
        raise _open_error(path, error) from None


def _classify_through(path: Path, mode: str = "ro") -> _State:
    """Classify the file through a connection of its own; nothing is written by ``_classify``.

    ``mode`` is ``"ro"``, ``"rw"`` or :data:`_UNTOUCHED`.
    """
    uri = path.resolve().as_uri() + f"?mode={mode}"
    connection = sqlite3.connect(uri, uri=True, timeout=BUSY_TIMEOUT_MS / 1000)
    try:
        return _classify(path, connection)
    finally:
        connection.close()


#: SQLite's files beside a database: its write-ahead log, the log's index, a rollback journal.
_SIDE_FILES = ("-wal", "-shm", "-journal")


def _untouched_mode(path: Path) -> str:
    """How to look at a file whose header does not say it is ours, creating nothing beside it.

    A read-only connection to a database in WAL mode creates ``-wal`` and ``-shm`` files (and
    leaves them); read as immutable, SQLite takes no lock and creates nothing, and sees the file
    alone, which is all there is unless a write-ahead log lies beside it: then an ordinary
    read-only connection reads the file with its log.
    """
    return "ro" if _side_file(path, "-wal").exists() else "ro&immutable=1"


def _side_file(path: Path, suffix: str) -> Path:
    return path.with_name(path.name + suffix)


@contextmanager
def _no_litter_when_refused(path: Path) -> Iterator[None]:
    """A refused file's directory is left as it was: SQLite's side files (``-wal``, ``-shm``,
    a journal) that opening it created are removed again; those already there are kept."""
    there = {suffix for suffix in _SIDE_FILES if os.path.lexists(_side_file(path, suffix))}
    try:
        yield
    except StoreRefused:
        for suffix in _SIDE_FILES:
            if suffix not in there:
                # the refusal is what matters; a file we cannot remove stays
                with contextlib.suppress(OSError):
                    _side_file(path, suffix).unlink(missing_ok=True)
        raise


def _check_identity(path: Path, app_id: int, version: int) -> None:
    """Refuse another program's database, or a store written by a newer version of ours."""
    if app_id not in (0, APPLICATION_ID) or (app_id == 0 and version != 0):
        raise _not_ours(path, "it is another program's SQLite database")
    if app_id == APPLICATION_ID and version > SCHEMA_VERSION:
        raise StoreRefused(
            f"{path} was written by a newer sticks-tui (store version {version}; this one reads "
            f"up to {SCHEMA_VERSION}); it was left untouched: upgrade sticks-tui, or {_ELSEWHERE}"
        )


def _classify(path: Path, db: sqlite3.Connection) -> _State:
    app_id = db.execute("PRAGMA application_id").fetchone()[0]
    version = db.execute("PRAGMA user_version").fetchone()[0]
    tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if app_id == 0 and version == 0 and not tables:
        return _State(fresh=True, version=0)
    if app_id == 0:
        raise _not_ours(path, "it is another program's SQLite database")
    _check_identity(path, app_id, version)
    missing = [name for name in _tables_of(version) if name not in tables]
    if version < 1 or missing:
        raise _damaged(path, f"tables missing: {', '.join(missing)}" if missing else "no version")
    check = db.execute("PRAGMA quick_check(1)").fetchall()
    if check != [("ok",)]:
        raise _damaged(path, " ".join(str(check[0][0]).split()))
    return _State(fresh=False, version=version)


def _tables_of(version: int) -> tuple[str, ...]:
    """The tables a store of ``version`` must have (those of the latest layout up to it)."""
    known = [v for v in _TABLES if v <= version]
    return _TABLES[max(known)] if known else ()


def _connect(path: Path) -> sqlite3.Connection:
    try:
        connection = sqlite3.connect(
            str(path), timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None, check_same_thread=False
        )
    except sqlite3.Error as error:
        raise _open_error(path, error) from None
    return connection


def _prepare(path: Path, db: sqlite3.Connection, state: _State) -> None:
    """Create or upgrade the tables in one transaction, then switch the file to WAL mode.

    The write lock is taken first (which also proves that we may write here), and the file is
    looked at again under it: another program may have created or changed it meanwhile. WAL
    mode is set only once the file is known to be ours, since setting it writes to the header.
    """
    try:
        db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        db.execute("PRAGMA synchronous = FULL")
        db.execute("BEGIN IMMEDIATE")
        try:
            state = _classify(path, db)
            if state.fresh:
                for statement in _SCHEMA.split(";"):
                    if statement.strip():
                        db.execute(statement)
                db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            else:
                _migrate(db, state.version)
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")
        # If another program holds the file open this may stay in rollback-journal mode, which
        # is just as safe, only less concurrent; the next start tries again.
        mode = db.execute("PRAGMA journal_mode = WAL").fetchone()[0]
        if str(mode).lower() == "wal":
            # In WAL mode NORMAL still survives any crash of the program (a killed process, a
            # closed terminal) and keeps the file whole; only a power cut may undo the last save.
            # It makes a save ~50x faster than FULL, so two programs barely wait for each other.
            db.execute("PRAGMA synchronous = NORMAL")
    except sqlite3.Error as error:
        raise _open_error(path, error) from None


def _migrate(db: sqlite3.Connection, version: int) -> None:
    """Bring a store of an older version up to :data:`SCHEMA_VERSION` (inside a transaction)."""
    while version < SCHEMA_VERSION:
        step = MIGRATIONS.get(version)
        if step is None:
            raise sqlite3.DatabaseError(f"no way to upgrade from store version {version}")
        step(db)
        version += 1
        db.execute(f"PRAGMA user_version = {version}")


def _not_ours(path: Path, what: str) -> StoreRefused:
    return StoreRefused(
        f"{path} is not a sticks-tui store ({what}); it was left untouched: move it away, "
        f"or {_ELSEWHERE}"
    )


def _damaged(path: Path, detail: str) -> StoreRefused:
    return StoreRefused(
        f"{path} is damaged ({detail}); it was left untouched: move it away to start afresh, "
        f"or {_ELSEWHERE}"
    )


def _open_error(path: Path, error: sqlite3.Error) -> StoreError:
    code = getattr(error, "sqlite_errorcode", 0) & 0xFF
    if code == _SQLITE_NOTADB:
        return _not_ours(path, "not a database SQLite can read")
    if code == _SQLITE_CORRUPT or (isinstance(error, sqlite3.DatabaseError) and not isinstance(
        error, sqlite3.OperationalError
    )):
        return _damaged(path, str(error))
    if code in (_SQLITE_BUSY, _SQLITE_LOCKED):
        return StoreUnavailable(f"{path} is kept busy by another program: {error}")
    return StoreUnavailable(f"cannot keep records in {path.parent}: {_describe(error)}")


def _runtime_error(path: Path, error: sqlite3.Error, doing: str) -> StoreError:
    code = getattr(error, "sqlite_errorcode", 0) & 0xFF
    if code == _SQLITE_CORRUPT:
        return _damaged(path, str(error))
    return StoreUnavailable(f"could not {doing} {path}: {_describe(error)}")


def _describe(error: sqlite3.Error) -> str:
    code = getattr(error, "sqlite_errorcode", 0) & 0xFF
    if code == _SQLITE_READONLY:
        return "it is read-only"
    if code == _SQLITE_CANTOPEN:
        return "the file cannot be opened or created there"
    if code == _SQLITE_FULL:
        return "the disk is full"
    if code == _SQLITE_IOERR:
        return f"a disk error ({error})"
    return str(error)


# -- for the programs that play ---------------------------------------------------------------
def open_store(data_dir: str | os.PathLike[str] | None = None) -> SqliteStore:
    """The store in the chosen data directory (see :func:`resolve_data_dir`)."""
    return SqliteStore.open(resolve_data_dir(data_dir))


def open_records(
    data_dir: str | os.PathLike[str] | None = None, warn: Callable[[str], None] | None = None
) -> Records:
    """Records for play: the store, or, when nothing can be saved, memory and a warning.

    The store comes wrapped in :class:`PlayOnRecords`, so a save that fails later (a full disk)
    is a warning too, never the end of the game. A refused store file (damaged, newer, not ours)
    is *not* replaced by memory: the :class:`StoreRefused` goes to the caller, who shows it and
    stops, so that nobody plays believing results are saved while their file sits ignored.
    """
    say = warn if warn is not None else (lambda message: None)
    try:
        store = open_store(data_dir)
    except StoreUnavailable as error:
        say(f"{error}. Playing on without saving; {_ELSEWHERE}.")
        return MemoryRecords()
    return PlayOnRecords(store, say)


def warn_on_stderr(message: str) -> None:
    """How a line-by-line program shows a records warning: one line, out of the transcript."""
    print(f"{APP_NAME}: warning: {message}", file=sys.stderr)


class PlayOnRecords:
    """A store whose failures become warnings: the game goes on, only the saving is lost.

    Each distinct problem is reported once, so a disk that stays full does not repeat the same
    warning after every game.
    """

    def __init__(self, store: SqliteStore, warn: Callable[[str], None]) -> None:
        self.store = store
        self._warn = warn
        self._warned: set[str] = set()

    @property
    def path(self) -> Path:
        return self.store.path

    def record_game(self, winner: str, loser: str) -> None:
        try:
            self.store.record_game(winner, loser)
        except StoreError as error:
            self._report(f"{error}; this result was not saved")

    def standings(self) -> list[Standing]:
        try:
            return self.store.standings()
        except StoreError as error:
            self._report(str(error))
            return []

    def load_brain(self, rules: RuleSet, ai_name: str) -> HatBrain | None:
        try:
            return self.store.load_brain(rules, ai_name)
        except StoreError as error:
            self._report(f"{error}; {ai_name} starts with fresh hats")
            return None

    def load_learner(self, rules: RuleSet, ai_name: str, learner: str) -> SavedBrain | None:
        try:
            return self.store.load_learner(rules, ai_name, learner)
        except StoreError as error:
            self._report(f"{error}; {ai_name} starts afresh")
            return None

    def save_brain(self, brain: SavedBrain, ai_name: str) -> None:
        try:
            self.store.save_brain(brain, ai_name)
        except (StoreError, BrainError) as error:
            self._report(f"{error}; what {ai_name} learned was not saved")

    def learn(self, rules: RuleSet, ai_name: str, lesson: Lesson) -> HatBrain | None:
        try:
            return self.store.learn(rules, ai_name, lesson)
        except (StoreError, BrainError) as error:
            self._report(f"{error}; what {ai_name} learned was not saved")
            return None

    def remember(self, values: Mapping[str, str]) -> None:
        try:
            self.store.remember(values)
        except StoreError as error:
            self._report(f"{error}; the settings were not saved for the next run")

    def recall(self, key: str) -> str | None:
        try:
            return self.store.recall(key)
        except StoreError as error:
            self._report(str(error))
            return None

    def close(self) -> None:
        self.store.close()

    def _report(self, message: str) -> None:
        if message not in self._warned:
            self._warned.add(message)
            self._warn(message)

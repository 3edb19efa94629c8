"""Opening the store file: finding out, without writing, whether it is ours, then creating or
upgrading its tables; and what SQLite's errors mean to a user.

A file that is not ours (a text file, another program's database), that is damaged, or that was
written by a newer version is refused with a message naming it, and is never written to: it is
inspected read-only first, and its directory is left as it was (no ``-wal``/``-shm`` files).
A data directory that cannot be written gives :class:`StoreUnavailable`. The tables themselves
and their migrations are :mod:`sticks_tui.storage.sqlite.schema`'s.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from . import schema

STORE_FILE_NAME = "records.sqlite3"
#: How long a save waits for another program's save to finish before giving up.
BUSY_TIMEOUT_MS = 30_000

_SQLITE_MAGIC = b"SQLite format 3\x00"
_HEADER_SIZE = 100

# SQLite's primary result codes (sqlite3.h) that tell us what went wrong.
_SQLITE_BUSY = 5
_SQLITE_LOCKED = 6
_SQLITE_READONLY = 8
_SQLITE_IOERR = 10
_SQLITE_CORRUPT = 11
_SQLITE_FULL = 13
_SQLITE_CANTOPEN = 14
_SQLITE_NOTADB = 26

ELSEWHERE = "use --data-dir DIR (or STICKS_TUI_DATA_DIR) to keep records in another place"


class StoreError(Exception):
    """The store cannot be used; the message names the file and says what to do."""


class StoreUnavailable(StoreError):
    """Nothing can be saved (a read-only or uncreatable data directory, a full disk...).

    Play may go on without saving; see :func:`sticks_tui.storage.sqlite.store.open_records`.
    """


class StoreRefused(StoreError):
    """The store file is damaged, from a newer version, or not ours: it is left untouched."""


def open_connection(directory: Path) -> tuple[Path, sqlite3.Connection]:
    """The store file in ``directory`` (created if needed), checked, brought up to date, and a
    connection to it for one program's saves."""
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
    return path, connection


# -- opening, step by step -----------------------------------------------------------------------
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
        raise StoreRefused(f"{path} is not a file; move it away, or {ELSEWHERE}")
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
    ours = app_id == schema.APPLICATION_ID
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
    if app_id not in (0, schema.APPLICATION_ID) or (app_id == 0 and version != 0):
        raise _not_ours(path, "it is another program's SQLite database")
    if app_id == schema.APPLICATION_ID and version > schema.SCHEMA_VERSION:
        raise StoreRefused(
            f"{path} was written by a newer sticks-tui (store version {version}; this one reads "
            f"up to {schema.SCHEMA_VERSION}); it was left untouched: upgrade sticks-tui, "
            f"or {ELSEWHERE}"
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
    missing = [name for name in schema.tables_of(version) if name not in tables]
    if version < 1 or missing:
        raise _damaged(path, f"tables missing: {', '.join(missing)}" if missing else "no version")
    check = db.execute("PRAGMA quick_check(1)").fetchall()
    if check != [("ok",)]:
        raise _damaged(path, " ".join(str(check[0][0]).split()))
    return _State(fresh=False, version=version)


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
                schema.create(db)
            else:
                schema.migrate(db, state.version)
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


def _not_ours(path: Path, what: str) -> StoreRefused:
    return StoreRefused(
        f"{path} is not a sticks-tui store ({what}); it was left untouched: move it away, "
        f"or {ELSEWHERE}"
    )


def _damaged(path: Path, detail: str) -> StoreRefused:
    return StoreRefused(
        f"{path} is damaged ({detail}); it was left untouched: move it away to start afresh, "
        f"or {ELSEWHERE}"
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


def runtime_error(path: Path, error: sqlite3.Error, doing: str) -> StoreError:
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

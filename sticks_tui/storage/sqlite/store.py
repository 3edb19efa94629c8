"""The leaderboard and the AI's brains on disk, so that nothing is lost between runs.

One SQLite file (``records.sqlite3``) in the user's data directory holds both. SQLite is used
because every save is then a single transaction: a program killed in the middle of a save, or two
programs saving at the same moment, leave the file with the state before or after the save and
nothing in between. Writes take the write lock at once (``BEGIN IMMEDIATE``) and wait for each
other (``busy_timeout``), and the file runs in WAL mode so readers never block writers.

Opening the file (and refusing one that is not ours, damaged or newer) is
:mod:`sticks_tui.storage.sqlite.store_file`'s; its tables and their migrations are
:mod:`sticks_tui.storage.sqlite.schema`'s; play that goes on when saving fails is
:mod:`sticks_tui.storage.sqlite.play_on`'s. A data directory that cannot be written gives
:class:`StoreUnavailable`; :func:`open_records` then hands back in-memory records and a
warning so that play goes on without saving.

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

import json
import os
import sqlite3
import sys
import threading
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

from ...engine.game import Rules
from ...engine.learners import learner_from_dict
from ...engine.learners.base import BrainError, Lesson
from ...text.commands import brain_options
from ..records import (
    HATS,
    RECENT_GAMES_KEPT,
    MemoryRecords,
    Records,
    Standing,
    among_machines,
    ranked,
    taught_by,
)
from ..saved_brains import BrainInfo, BrainSummary, SavedBrain, brain_text, rules_of, summary
from .play_on import PlayOnRecords
from .store_file import ELSEWHERE as _ELSEWHERE
from .store_file import StoreRefused, StoreUnavailable, open_connection, runtime_error

APP_NAME = "sticks-tui"
ENV_DATA_DIR = "STICKS_TUI_DATA_DIR"


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
        path, connection = open_connection(Path(data_dir))
        return cls(path, connection, clock)

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def __enter__(self) -> SqliteStore:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    # -- the Records interface -----------------------------------------------------------------
    def record_game(self, winner: str, loser: str, *, game: str) -> None:
        """Count one finished game; both rows change in one transaction or neither does."""
        machines = among_machines(winner, loser)
        with self._write() as db:
            _add_result(db, game, winner, machines, wins=1, losses=0)
            _add_result(db, game, loser, machines, wins=0, losses=1)
            cursor = db.execute(
                "INSERT INTO recent_games (game, winner, loser, among_machines) "
                "VALUES (?, ?, ?, ?)",
                (game, winner, loser, int(machines)),
            )
            db.execute(
                "DELETE FROM recent_games WHERE id <= ?",
                ((cursor.lastrowid or 0) - RECENT_GAMES_KEPT,),
            )

    def last_results(self, game: str, name: str, count: int) -> list[bool]:
        """Whether ``name`` won each of its last ``count`` games of ``game`` against people
        (not between two computer players), newest first; only the latest games are kept."""
        with self._read() as db:
            rows = db.execute(
                "SELECT winner = ? FROM recent_games "
                "WHERE game = ? AND among_machines = 0 AND ? IN (winner, loser) "
                "ORDER BY id DESC LIMIT ?",
                (name, game, name, count),
            ).fetchall()
        return [bool(row[0]) for row in rows]

    def standings(self, game: str | None = None, *, machines: bool = False) -> list[Standing]:
        """A player's rows added up: over every game (``game`` None) or of one game."""
        where, values = _board(game, machines)
        with self._read() as db:
            rows = db.execute(
                f"SELECT name, SUM(wins), SUM(losses) FROM results {where} GROUP BY name", values
            ).fetchall()
        return ranked([Standing(name, wins, losses) for name, wins, losses in rows])

    def games(self, *, machines: bool = False) -> list[str]:
        where, values = _board(None, machines)
        where = f"{where} AND game != ''" if where else "WHERE game != ''"
        with self._read() as db:
            rows = db.execute(
                f"SELECT DISTINCT game FROM results {where} ORDER BY game", values
            ).fetchall()
        return [str(row[0]) for row in rows]

    def load_brain(self, rules: Rules, ai_name: str) -> SavedBrain | None:
        """The learning AI's saved brain, rebuilt for ``rules`` (so it knows the number of
        sticks in play)."""
        return self.load_learner(rules, ai_name, HATS)

    def load_learner(self, rules: Rules, ai_name: str, learner: str) -> SavedBrain | None:
        """The saved brain of a learner (by its name), rebuilt for ``rules``."""
        with self._read() as db:
            return self._saved_brain(db, rules, ai_name, learner)

    def save_brain(self, brain: SavedBrain, ai_name: str) -> None:
        """Replace the saved brain of ``ai_name`` for the brain's rules and learner, in one
        transaction (``brain import``: on purpose; what games teach hats goes through
        :meth:`learn`)."""
        text = brain_text(brain)
        with self._write() as db:
            self._put_brain(db, brain, ai_name, text)

    def learn(self, rules: Rules, ai_name: str, lesson: Lesson) -> SavedBrain:
        """Add ``lesson`` to the saved brain of its learner (a fresh one when there is none);
        the brain as saved.

        The brain is read, taught and written back inside one write transaction, which other
        programs wait for: lessons saved by several programs at once all count, none is lost.
        """
        with self._write() as db:
            brain = taught_by(self._saved_brain(db, rules, ai_name, lesson.learner), rules, lesson)
            self._put_brain(db, brain, ai_name, brain_text(brain))
        return brain

    def _saved_brain(
        self, db: sqlite3.Connection, rules: Rules, ai_name: str, learner: str
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
        rules = rules_of(brain)
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
        self, rules: Rules, ai_name: str, learner: str = HATS
    ) -> BrainInfo | None:
        with self._read() as db:
            row = db.execute(
                "SELECT games_played, saved_at FROM brains "
                "WHERE rules_key = ? AND learner = ? AND ai_name = ?",
                (rules.key, learner, ai_name),
            ).fetchone()
        return None if row is None else BrainInfo(rules.key, ai_name, row[0], row[1], learner)

    def delete_brain(self, rules: Rules, ai_name: str, learner: str = HATS) -> bool:
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
            summary(BrainInfo(key, name, games, saved, learner), text)
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
                raise runtime_error(self.path, error, "save to") from None

    @contextmanager
    def _read(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            try:
                yield self._db
            except sqlite3.Error as error:
                raise runtime_error(self.path, error, "read") from None


def _board(game: str | None, machines: bool) -> tuple[str, tuple[str, ...]]:
    """The WHERE clause (and its values) that picks the results of one board."""
    conditions, values = [], []
    if game is not None:
        conditions.append("game = ?")
        values.append(game)
    if not machines:
        conditions.append("among_machines = 0")
    return ("WHERE " + " AND ".join(conditions) if conditions else ""), tuple(values)


def _add_result(
    db: sqlite3.Connection, game: str, name: str, machines: bool, *, wins: int, losses: int
) -> None:
    db.execute(
        "INSERT INTO results (game, name, among_machines, wins, losses) VALUES (?, ?, ?, ?, ?) "
        "ON CONFLICT (game, name, among_machines) DO UPDATE "
        "SET wins = wins + excluded.wins, losses = losses + excluded.losses",
        (game, name, int(machines), wins, losses),
    )


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

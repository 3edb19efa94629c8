"""One training at a time of a brain saved whole (a Q-learner's table): two programs on one data
directory (two tabs of a classroom, two terminals) cannot merge two trainings of one table, so
the second waits until the first is kept (or discarded), then starts from what it kept.

A turn is an exclusive lock on a small file of the data directory's ``trainings`` folder, one
file per brain (named by a digest of its game, learner and AI's name). The system lets go of it
when the program ends, however it ends, so a tab closed in the middle of a training never
leaves a brain locked. Where no such lock can be had (records kept in memory, Windows, a data
directory that refuses the file, a file system with no locks) every training has its turn at
once; a keep that then replaces
another's training says so (:class:`~..text.brain_news.Replaced`), as before.

Brains kept as lessons (the hat AI's) need no turn: trainings of one brain merge.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path

from ..engine.game import Rules
from ..text.terminal import printable
from .file_writer import lock_file
from .records import Records

#: The folder of the data directory that holds the turns' lock files.
TURNS_FOLDER = "trainings"
#: The most characters of a holder's name a lock file keeps (a name has far fewer).
HOLDER_MOST = 100


class TrainingTurn:
    """The turn to train one brain: :meth:`take` it before training, :meth:`release` it once
    what the training taught is kept or discarded. ``path``: the brain's lock file (None: no
    turn is kept here, and :meth:`take` always succeeds). Safe from several threads."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self._fd: int | None = None
        self._lock = threading.Lock()
        #: Who holds the turn, as they wrote it, when :meth:`take` last failed ("" when unsaid).
        self.holder: str | None = None

    @property
    def held(self) -> bool:
        """Whether this program holds the turn now."""
        return self._fd is not None

    def take(self, holder: str = "") -> bool:
        """Take the turn if no other training has it, without waiting: True when this program
        has it now (or when no turn can be kept here: then no training waits). ``holder``: who
        trains (a player's name), for the others to read in :attr:`holder` while they wait."""
        with self._lock:
            if self.path is None or self._fd is not None:
                return True
            try:
                self.path.parent.mkdir(exist_ok=True)
                fd = os.open(self.path, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o600)
            except OSError:  # a folder that refuses the file: no turn is kept
                self.path = None
                return True
            try:
                lock_file(fd, wait=False)
            except BlockingIOError:  # another training has it
                self.holder = _holder(fd)
                os.close(fd)
                return False
            except OSError:  # a file system with no such lock (NFS without one): none is kept
                os.close(fd)
                self.path = None
                return True
            self._fd, self.holder = fd, None
            try:
                os.ftruncate(fd, 0)
                os.pwrite(fd, holder[:HOLDER_MOST].encode(), 0)
            except OSError:  # the turn is taken all the same: only its holder's name is not
                pass
            return True

    def release(self) -> None:
        """Let the next training have the turn (nothing when this program does not hold it)."""
        with self._lock:
            fd, self._fd = self._fd, None
        if fd is not None:
            os.close(fd)  # closing lets go of the lock


def _holder(fd: int) -> str:
    """The holder's name a lock file holds, as plain text on one line ("" when unreadable)."""
    try:
        data = os.pread(fd, HOLDER_MOST * 4, 0)
    except OSError:
        return ""
    words = data.decode("utf-8", errors="replace").split()
    return printable(" ".join(words))[:HOLDER_MOST]


def training_turn(records: Records, rules: Rules, learner: str, ai_name: str) -> TrainingTurn:
    """The turn to train the brain of ``ai_name`` (of ``learner``) for ``rules``, in the data
    directory of ``records`` (a store on disk); an open turn for records with no data directory
    (where the system has no such lock, :func:`~.file_writer.lock_file` takes it at once)."""
    store_file = getattr(records, "path", None)
    if not isinstance(store_file, Path):
        return TrainingTurn(None)
    import hashlib  # with the first training: the app's start trains none

    digest = hashlib.sha256("\0".join((rules.key, learner, ai_name)).encode()).hexdigest()
    return TrainingTurn(store_file.parent / TURNS_FOLDER / f"{digest[:32]}.lock")

"""Brain files on disk: the one reader and the one writer of the JSON that ``train`` writes.

Every command that touches a brain file (``train --out``, ``brain export``, ``brain import``,
``analyze``) goes through here, so a file is accepted, refused and written the same way
everywhere. A brain file holds any learner (a hat AI's hats, a Q-learner's values) of any game.
Reading refuses, with one line naming the file, anything that is not a brain: too large, not
UTF-8, not JSON, numbers far beyond any count of balls, a brain the learners do not accept
(:func:`learner_from_dict`), or, when the reader says which it wants, a brain of another game
or another learner. A UTF-8 byte-order mark is allowed (some editors
add one), and ``-`` means standard input.

Two kinds of failure, with the exit statuses every command uses for them:

- :class:`BrainFileUnreadable`: the file cannot be read at all (missing, a folder, no
  permission). That is a bad argument: exit status 2, like argparse.
- :class:`BrainFileRefused`: the file was read and is not a usable brain. That is a problem with
  the data: exit status :data:`EXIT_REFUSED` (1).

Writing (:class:`BrainFileWriter`) never leaves half a file: a regular file is replaced in one
step (a temporary file beside it, then :func:`os.replace`), writing through a symlink to its
target; a FIFO or a device (``/dev/null``) is written into, since replacing it would put a plain
file where the device was; ``-`` is standard output. Nor does it leave litter: the temporary
file is removed when the write fails, and one left by a killed writer goes at the next write.

Messages name files through :func:`shown_name`, so a name's control characters are shown
escaped instead of reaching the terminal.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import re
import secrets
import stat
import sys
from pathlib import Path
from typing import Any, BinaryIO, TextIO

from ..engine.game import AnyRuleSet as RuleSet
from ..engine.games import spec_of
from ..engine.learners import BrainError, learner_from_dict
from ..engine.learners.base import read_header
from ..text.terminal import printable
from .records import HATS, SavedBrain

if sys.platform != "win32":
    import fcntl

#: The name that stands for standard input (reading) or standard output (writing).
STDIO = "-"
#: A brain file larger than this is refused unread (1,000 hats of a big variant are ~50 kB).
MAX_BRAIN_FILE_BYTES = 10 * 1024 * 1024
#: Most digits a number in a brain file may have: far more than any count of balls or games
#: (the store keeps games as 64-bit numbers, 19 digits), and far below Python's limit on
#: turning digits into a number (4,300), which would otherwise fail with an obscure message.
MAX_NUMBER_DIGITS = 30
#: A reason longer than this is cut short, so that a refusal stays one readable line even when
#: the file holds a huge string where a hat should be.
MAX_REASON_CHARS = 300
#: Exit status of a command whose brain file was refused: a problem with the data.
EXIT_REFUSED = 1


class BrainFileError(Exception):
    """A brain file that was not used; ``str()`` is one line that names the file."""


class BrainFileUnreadable(BrainFileError):
    """The file cannot be read at all: a bad argument (exit status 2)."""


class BrainFileRefused(BrainFileError):
    """The file was read but is not a usable brain (exit status :data:`EXIT_REFUSED`)."""

    def __init__(self, shown: str, why: str) -> None:
        if len(why) > MAX_REASON_CHARS:
            why = why[: MAX_REASON_CHARS - 1] + "…"
        super().__init__(f"{shown} was refused: {why}")
        self.why = why


def shown_name(path: str | os.PathLike[str]) -> str:
    """How messages name a brain file: ``-`` is "standard input"; control characters in a
    name are shown escaped (:func:`~sticks_tui.text.terminal.printable`), never sent to the
    terminal."""
    name = os.fspath(path)
    if name == STDIO:
        return "standard input"
    return printable(name) if name else "''"


def reason(error: OSError) -> str:
    """"Permission denied" -> "permission denied", to follow "cannot write FILE: "."""
    text = error.strerror or str(error)
    return text[:1].lower() + text[1:]


#: A learner in a few words, for messages: "a hat AI's brain", "a Q-learner's brain".
LEARNER_WORDS = {HATS: "a hat AI", "q": "a Q-learner"}


# -- reading -----------------------------------------------------------------------------------
def read_brain_file(
    path: str | os.PathLike[str],
    rules: RuleSet | None = None,
    stdin: BinaryIO | None = None,
    *,
    learner: str | None = None,
) -> SavedBrain:
    """The brain in ``path`` (``-``: standard input, or ``stdin`` when given).

    ``rules``, when given, is the game the brain must be for (``brain import``); without it the
    brain's own game is used (``analyze``). ``learner``, when given (``"hats"`` or ``"q"``), is
    the learner it must be. Raises :class:`BrainFileUnreadable` or :class:`BrainFileRefused`,
    never anything else for a bad file.
    """
    shown = shown_name(path)
    data = _read_bytes(path, stdin)
    if len(data) > MAX_BRAIN_FILE_BYTES:
        raise BrainFileRefused(shown, f"it is larger than {MAX_BRAIN_FILE_BYTES >> 20} MB")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise BrainFileRefused(shown, "it is not UTF-8 text") from None
    try:
        return parse_brain(text, rules, learner=learner)
    except BrainError as error:
        raise BrainFileRefused(shown, str(error)) from None


def parse_brain(
    text: str, rules: RuleSet | None = None, *, learner: str | None = None
) -> SavedBrain:
    """A brain from the text of a brain file; :class:`BrainError` says in one line what is wrong
    (for a brain of another game or learner than asked: which it is, and the option for it)."""
    try:
        data: Any = json.loads(text, parse_int=_whole_number)
    except json.JSONDecodeError as error:
        raise BrainError(
            f"not valid JSON (line {error.lineno}, column {error.colno}: {error.msg})"
        ) from None
    except RecursionError:
        raise BrainError("not a brain file (nested too deeply)") from None
    header = read_header(data)
    if rules is not None and header.rules.key != rules.key:
        raise BrainError(
            f"this brain is for {header.rules.name}, not for {rules.name} (give --game "
            f"{spec_of(header.rules)} for it)"
        )
    if learner is not None and header.kind != learner:
        raise BrainError(
            f"this is {LEARNER_WORDS.get(header.kind, header.kind)}'s brain, not "
            f"{LEARNER_WORDS.get(learner, learner)}'s (give --learner {header.kind} for it)"
        )
    return learner_from_dict(data, rules)


def _whole_number(digits: str) -> int:
    """``json``'s reader of whole numbers, refusing ones no brain has before converting them."""
    count = len(digits.lstrip("-"))
    if count > MAX_NUMBER_DIGITS:
        raise BrainError(
            f"it holds a number with {count:,} digits (a brain's numbers have at most "
            f"{MAX_NUMBER_DIGITS})"
        )
    return int(digits)


def _read_bytes(path: str | os.PathLike[str], stdin: BinaryIO | None) -> bytes:
    """Up to one byte more than the size limit, so that a larger file is noticed unread."""
    limit = MAX_BRAIN_FILE_BYTES + 1
    if str(path) == STDIO:
        stream = stdin if stdin is not None else getattr(sys.stdin, "buffer", None)
        if stream is None:
            raise BrainFileUnreadable("cannot read standard input: there is none")
        try:
            return stream.read(limit)
        except (OSError, ValueError) as error:
            raise BrainFileUnreadable(f"cannot read standard input: {error}") from None
    try:
        with open(path, "rb") as handle:
            return handle.read(limit)
    except FileNotFoundError:
        raise BrainFileUnreadable(f"no such brain file: {shown_name(path)}") from None
    except IsADirectoryError:
        raise BrainFileUnreadable(f"{shown_name(path)} is a folder, not a brain file") from None
    except OSError as error:
        raise BrainFileUnreadable(f"cannot read {shown_name(path)}: {reason(error)}") from None


# -- writing -----------------------------------------------------------------------------------
def brain_json(brain: SavedBrain) -> str:
    """The brain as JSON that a person can read and diff: one line per hat (or per position's
    values) and per curve point.

    The object is exactly the learner's ``to_dict()``; only the layout is chosen here, since
    ``indent=2`` would spread 100 hats over 500 lines. Values are written as Python writes
    floats (the shortest text that reads back to the same number), so they round-trip exactly.
    """
    lines = []
    for key, value in brain.to_dict().items():
        if isinstance(value, dict) and value and all(isinstance(v, dict) for v in value.values()):
            inner = [f"    {json.dumps(k)}: {json.dumps(v)}" for k, v in value.items()]
            lines.append(f"  {json.dumps(key)}: {{\n" + ",\n".join(inner) + "\n  }")
        elif isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            inner = [f"    {json.dumps(v)}" for v in value]
            lines.append(f"  {json.dumps(key)}: [\n" + ",\n".join(inner) + "\n  ]")
        else:
            lines.append(f"  {json.dumps(key)}: {json.dumps(value)}")
    return "{\n" + ",\n".join(lines) + "\n}\n"


class BrainFileWriter:
    """Where a brain file goes: it appears complete or not at all, and stays what it was.

    :meth:`open` checks the destination before any work is done (minutes of training must not
    end in "cannot write"); :meth:`commit` writes. How it writes depends on what the
    destination is:

    - ``-``: standard output.
    - a regular file, or nothing yet: a temporary file beside it, moved over it in one step,
      keeping the old file's permissions. Through a symlink, the file it points to is the one
      replaced, and the link stays.
    - a FIFO, a device or any other non-regular file: written into directly. Replacing it
      would swap ``/dev/null`` or a pipe someone reads for a plain file.
    - a directory, a socket, a name that names a folder (empty, ending in ``/``, ``.`` or
      ``..``) or a folder where no file can be created: refused (:class:`OSError`), before any
      work is done.

    The temporary file exists only while :meth:`commit` writes, never during the training
    before it, and is removed if the write fails or is interrupted. One left by a writer that
    was killed outright is removed by the next write to the same file (see :class:`TempFiles`).
    """

    def __init__(self, path: str | os.PathLike[str], stdout: TextIO | None = None) -> None:
        self.name = os.fspath(path)
        self._stdout = stdout
        self._target: Path | None = None  # where os.replace puts the file (atomic writes)
        self._direct = False  # a FIFO or device: written into

    @property
    def is_stdout(self) -> bool:
        return self.name == STDIO

    def exists(self) -> bool:
        """Whether something is at the destination (what an interrupted run leaves alone)."""
        return not self.is_stdout and os.path.exists(self.name)

    def open(self) -> None:
        """Check the destination now: refuse what cannot be written, tidy up a killed writer's
        temporary files."""
        if self.is_stdout:
            return
        _refuse_folder_names(self.name)
        try:
            found = os.stat(self.name)  # follows symlinks: what the name leads to
        except FileNotFoundError:
            found = None
        if found is not None and not stat.S_ISREG(found.st_mode):
            _check_written_into(self.name, found)
            self._direct = True
        else:
            self._target = _checked_target(self.name)

    def commit(self, text: str) -> None:
        """Write ``text`` to the destination checked by :meth:`open`."""
        if self.is_stdout:
            stream = self._stdout if self._stdout is not None else sys.stdout
            stream.write(text)
            stream.flush()
        elif self._direct:
            self._write_into(text)
        else:
            self._replace_with(text)

    def _write_into(self, text: str) -> None:
        # No O_CREAT: should the device or FIFO have gone meanwhile, fail, create nothing.
        fd = os.open(self.name, os.O_WRONLY)
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)

    def _replace_with(self, text: str) -> None:
        assert self._target is not None, "open() first"
        target = self._target
        fd, temp = TempFiles(target).create()
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                handle.write(text)
                handle.flush()
                os.fsync(handle.fileno())
            os.chmod(temp, self._mode(target))
            os.replace(temp, target)
        except BaseException:  # a full disk, Ctrl-C: the destination stays, the litter goes
            temp.unlink(missing_ok=True)
            raise

    @staticmethod
    def _mode(target: Path) -> int:
        """Keep an existing file's permissions; a new file gets the usual ones (not 0600)."""
        try:
            return target.stat().st_mode & 0o777
        except OSError:
            umask = os.umask(0)
            os.umask(umask)
            return 0o666 & ~umask


def _refuse_folder_names(name: str) -> None:
    """A name that can only mean a folder: empty, or ending in ``/``, ``.`` or ``..``."""
    if not name:
        raise FileNotFoundError(errno.ENOENT, "the file name is empty", name)
    if os.path.basename(name) in ("", os.curdir, os.pardir):
        raise IsADirectoryError(errno.EISDIR, "it names a folder, not a file", name)


def _check_written_into(name: str, found: os.stat_result) -> None:
    """Refuse a destination that is neither a regular file nor something to write into."""
    if stat.S_ISDIR(found.st_mode):
        raise IsADirectoryError(errno.EISDIR, "is a directory", name)
    if stat.S_ISSOCK(found.st_mode):
        raise OSError(errno.ENXIO, "it is a socket, which cannot be written to", name)
    if not os.access(name, os.W_OK):
        raise PermissionError(errno.EACCES, "Permission denied", name)


def _checked_target(name: str) -> Path:
    """The regular file ``name`` leads to, once its folder has taken a new file (writable, not
    read-only: what the write will need); a killed writer's temporary files there are removed."""
    target = Path(os.path.realpath(name))
    if not target.parent.is_dir():
        raise FileNotFoundError(
            errno.ENOENT, f"there is no folder {printable(target.parent)}", name
        )
    temp_files = TempFiles(target)
    try:
        temp_files.try_one()
    except OSError as error:
        raise OSError(
            error.errno,
            f"no file can be created in {printable(target.parent)} ({reason(error)})",
            name,
        ) from None
    temp_files.remove_stale()
    return target


class TempFiles:
    """The temporary files of one destination: ``.NAME.PID.RANDOM.tmp`` beside it.

    The name says whose file it is: the writer's process id, so that a later writer can tell a
    file left by a killed writer (its process is gone) from one a live writer is still writing
    (two writers at once each keep their own). A writer also holds a lock on its file while it
    writes, so a writer whose process id cannot be seen (another container sharing the folder)
    is not mistaken for a dead one. Only names of exactly this pattern, for this destination,
    are ever removed.
    """

    #: Random hex digits in each name, so that one process can write twice at once.
    RANDOM_DIGITS = 8
    #: Longest file name most file systems allow, in bytes.
    NAME_MAX_BYTES = 255
    #: Room a temporary name needs beyond the destination's: ``.``, ``.PID.RANDOM.tmp`` (a
    #: process id has at most 10 digits).
    _EXTRA_BYTES = len(".") + len(".") + 10 + len(".") + RANDOM_DIGITS + len(".tmp")

    def __init__(self, target: Path) -> None:
        self.folder = target.parent
        self._stem = self._stem_for(target.name)

    @classmethod
    def _stem_for(cls, name: str) -> str:
        """The destination's name in its temporary names; a hash of it when it is so long
        that the name plus the suffix would exceed the file system's limit."""
        raw = os.fsencode(name)
        if len(raw) + cls._EXTRA_BYTES <= cls.NAME_MAX_BYTES:
            return name
        return "~" + hashlib.sha256(raw).hexdigest()[:16]

    def create(self) -> tuple[int, Path]:
        """A new temporary file, open for writing and locked: (descriptor, path)."""
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0)
        while True:
            path = self.folder / f".{self._stem}.{os.getpid()}.{secrets.token_hex(4)}.tmp"
            try:
                fd = os.open(path, flags, 0o600)
            except FileExistsError:
                continue
            _lock(fd, wait=True)
            return fd, path

    def try_one(self) -> None:
        """Create a temporary file and remove it: :class:`OSError` if the folder refuses."""
        fd, path = self.create()
        os.close(fd)
        path.unlink()

    def remove_stale(self) -> None:
        """Remove this destination's temporary files whose writer is gone."""
        pattern = re.compile(
            re.escape(f".{self._stem}.") + rf"(\d+)\.[0-9a-f]{{{self.RANDOM_DIGITS}}}\.tmp"
        )
        try:
            names = os.listdir(self.folder)
        except OSError:
            return
        for name in names:
            match = pattern.fullmatch(name)
            if match and not _is_running(int(match[1])):
                _remove_unless_locked(self.folder / name)


def _lock(fd: int, wait: bool) -> None:
    """Lock a temporary file for as long as its writer lives (the system drops the lock when
    the process ends, however it ends). Without waiting, :class:`OSError` if it is held."""
    if sys.platform != "win32":  # on Windows no file is ever taken for stale (_is_running)
        fcntl.flock(fd, fcntl.LOCK_EX if wait else fcntl.LOCK_EX | fcntl.LOCK_NB)


def _is_running(pid: int) -> bool:
    """Whether a process with this id exists (when unsure, it does: its file is kept)."""
    if sys.platform == "win32":  # os.kill(pid, 0) would end the process there
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, ValueError):
        return True
    return True


def _remove_unless_locked(path: Path) -> None:
    """Remove ``path`` unless a live writer holds its lock; any failure leaves it where it is."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return
    try:
        _lock(fd, wait=False)
        path.unlink()
    except OSError:
        pass
    finally:
        os.close(fd)

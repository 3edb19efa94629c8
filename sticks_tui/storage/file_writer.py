"""Writing a file so that it appears complete or not at all, and leaves no litter.

Brain files (``train --out``, ``brain export``) are written through :class:`BrainFileWriter`;
it knows nothing of brains, only of the text it is given and of where it goes. Kept apart from
:mod:`sticks_tui.storage.brain_files`, which reads and lays out the brains.
"""

from __future__ import annotations

import errno
import os
import re
import stat
import sys
from pathlib import Path
from typing import TextIO

from ..text.terminal import printable

if sys.platform != "win32":
    import fcntl

#: The name that stands for standard input (reading) or standard output (writing).
STDIO = "-"


def reason(error: OSError) -> str:
    """"Permission denied" -> "permission denied", to follow "cannot write FILE: "."""
    text = error.strerror or str(error)
    return text[:1].lower() + text[1:]


class BrainFileWriter:
    """Where a brain file goes: it appears complete or not at all, and stays what it was.

    :meth:`open` checks the destination before any work is done (minutes of training must not
    end in "cannot write"); :meth:`commit` writes. How it writes depends on what the
    destination is:

    - ``-``: standard output.
    - a regular file, or nothing yet: a temporary file beside it, moved over it in one step,
      keeping the old file's permissions. Through a symlink, the file it points to is the one
      replaced, and the link stays.
    - anything that is not a regular file (a folder, a named pipe, a device, a socket), a name
      that names a folder (empty, ending in ``/``, ``.`` or ``..``) or a folder where no file
      can be created: refused (:class:`OSError`, with the reason), before any work is done. A
      named pipe would wait for a reader forever; replacing a pipe or ``/dev/null`` would put a
      plain file where it was.

    The temporary file exists only while :meth:`commit` writes, never during the training
    before it, and is removed if the write fails or is interrupted. One left by a writer that
    was killed outright is removed by the next write to the same file (see :class:`TempFiles`).
    """

    def __init__(self, path: str | os.PathLike[str], stdout: TextIO | None = None) -> None:
        self.name = os.fspath(path)
        self._stdout = stdout
        self._target: Path | None = None  # where os.replace puts the file (atomic writes)

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
        if found is not None:
            refuse_unless_regular(self.name, found)
        self._target = _checked_target(self.name)

    def commit(self, text: str) -> None:
        """Write ``text`` to the destination checked by :meth:`open`."""
        if self.is_stdout:
            stream = self._stdout if self._stdout is not None else sys.stdout
            stream.write(text)
            stream.flush()
        else:
            self._replace_with(text)

    def commit_beside(self, text: str) -> str:
        """Write ``text`` to a new file beside the destination, never over any file: the first
        of ``NAME.interrupted.json``, ``NAME.interrupted-2.json``, ... that does not exist
        (``NAME`` without its ``.json``); what an interrupted run leaves. Its name (``-``:
        standard output, where the text goes as :meth:`commit` sends it)."""
        if self.is_stdout:
            self.commit(text)
            return STDIO
        names = interrupted_names(self.name)
        fd, temp = TempFiles(Path(os.path.abspath(names[0]))).create()
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                handle.write(text)
                handle.flush()
                os.fsync(handle.fileno())
            os.chmod(temp, self._mode(Path(names[0])))
            return _move_to_a_new_name(temp, names)
        finally:
            temp.unlink(missing_ok=True)

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


#: How many names beside the destination an interrupted run tries before giving up.
INTERRUPTED_NAMES = 1000


def interrupted_names(name: str) -> list[str]:
    """The names an interrupted run may write beside ``name``, in the order tried:
    ``brain.json`` -> ``brain.interrupted.json``, ``brain.interrupted-2.json``, ..."""
    root = name[: -len(".json")] if name.endswith(".json") else name
    return [f"{root}.interrupted.json"] + [
        f"{root}.interrupted-{n}.json" for n in range(2, INTERRUPTED_NAMES + 1)
    ]


def _move_to_a_new_name(temp: Path, names: list[str]) -> str:
    """Give the complete file ``temp`` the first of ``names`` that is free, never replacing a
    file (a hard link fails where the name is taken); the name given."""
    for name in names:
        try:
            os.link(temp, name)
        except FileExistsError:
            continue
        except OSError:  # a file system without hard links: the name is checked, then taken
            if os.path.lexists(name):
                continue
            os.rename(temp, name)
        return name
    raise FileExistsError(errno.EEXIST, f"{INTERRUPTED_NAMES} files of that name are there")


def _refuse_folder_names(name: str) -> None:
    """A name that can only mean a folder: empty, or ending in ``/``, ``.`` or ``..``."""
    if not name:
        raise FileNotFoundError(errno.ENOENT, "the file name is empty", name)
    if os.path.basename(name) in ("", os.curdir, os.pardir):
        raise IsADirectoryError(errno.EISDIR, "it names a folder, not a file", name)


def kind_of_file(found: os.stat_result) -> str | None:
    """What a path that is not a regular file is, in words ("a named pipe"); None for a
    regular file. Brain files are read and written only as regular files."""
    mode = found.st_mode
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a special file"


def refuse_unless_regular(name: str, found: os.stat_result) -> None:
    """:class:`OSError` whose reason says what ``name`` is, unless it is a regular file: a
    named pipe would wait forever for the other end, a device never ends or is not ours."""
    kind = kind_of_file(found)
    if kind is None:
        return
    if kind == "a folder":
        raise IsADirectoryError(errno.EISDIR, "is a directory", name)
    raise OSError(errno.EINVAL, f"it is {kind}, not a regular file", name)


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
        import hashlib  # loaded where a digest is made: the app's start makes none

        return "~" + hashlib.sha256(raw).hexdigest()[:16]

    def create(self) -> tuple[int, Path]:
        """A new temporary file, open for writing and locked: (descriptor, path)."""
        import secrets  # with the first file written: the app's start writes none

        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0)
        while True:
            path = self.folder / f".{self._stem}.{os.getpid()}.{secrets.token_hex(4)}.tmp"
            try:
                fd = os.open(path, flags, 0o600)
            except FileExistsError:
                continue
            lock_file(fd, wait=True)
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


def lock_file(fd: int, *, wait: bool) -> None:
    """Lock an open file for as long as this process holds it open (the system drops the lock
    when the process ends, however it ends): a temporary file while its writer lives, a
    brain's training turn (:mod:`.training_turns`). Without waiting, :class:`BlockingIOError`
    if another holds it; another :class:`OSError` where the file system keeps no locks. On
    Windows nothing is locked: no file is ever taken for stale (:func:`_is_running`), and
    every training has its turn at once."""
    if sys.platform != "win32":
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
        lock_file(fd, wait=False)
        path.unlink()
    except OSError:
        pass
    finally:
        os.close(fd)

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

- :class:`BrainFileUnreadable`: the file cannot be read at all (missing, a folder, a named pipe
  or a device, no permission). That is a bad argument: exit status 2, like argparse.
- :class:`BrainFileRefused`: the file was read and is not a usable brain. That is a problem with
  the data: exit status :data:`EXIT_REFUSED` (1).

Writing (:class:`BrainFileWriter`, in :mod:`sticks_tui.storage.file_writer`) never leaves half
a file: a regular file is replaced in one step (a temporary file beside it, then
:func:`os.replace`), writing through a symlink to its target; ``-`` is standard output. Nor does
it leave litter: the temporary file is removed when the write fails, and one left by a killed
writer goes at the next write.

A path that is not a regular file (a folder, a named pipe, a device, a socket) is refused at
once, reading or writing, with what it is (``pipe is a named pipe, not a regular file``): a
named pipe would make the command wait forever for its other end. Reading looks before opening
and opens without waiting, then looks again at what it opened.

Messages name files through :func:`shown_name`, so a name's control characters are shown
escaped instead of reaching the terminal.
"""

from __future__ import annotations

import json
import os
import re
import sys
from typing import Any, BinaryIO

from ..engine.game import Rules
from ..engine.games import spec_of
from ..engine.learners import learner_from_dict, learner_kind, learner_names
from ..engine.learners.base import BrainError, read_header
from ..engine.memory import DEFAULT_MEMORY_CAP
from ..text.json_layout import readable_json
from ..text.memory import size_words
from ..text.terminal import printable
from .file_writer import STDIO, kind_of_file, reason
from .saved_brains import SavedBrain

#: A brain file larger than this is refused unread: a quarter of training's memory cap (256 MiB
#: of the 1 GiB). A brain keeps what it learned, and its file is about a seventh of the memory
#: it takes (benchmarks/brain_memory.py: 100,000 games of nim:20,20,20,20,20,20,20,20 keep
#: 1,000,000 hats in about 250 MB and write 38 MB), so a brain the program trained within the
#: cap, it reads back; reading a file takes about eight times its size while it is read.
MAX_BRAIN_FILE_BYTES = DEFAULT_MEMORY_CAP // 4
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


# -- reading -----------------------------------------------------------------------------------
def read_brain_file(
    path: str | os.PathLike[str],
    rules: Rules | None = None,
    stdin: BinaryIO | None = None,
    *,
    learner: str | None = None,
    keep_start: bool = False,
) -> SavedBrain:
    """The brain in ``path`` (``-``: standard input, or ``stdin`` when given).

    ``rules``, when given, is the game the brain must be for (``brain import``), and the brain
    is rebuilt for its start (``--against``: the heap trained on) unless ``keep_start`` (``brain
    import``: a brain learned on Nim 1, 3, 5, 7 is kept as that, never relabelled with the start
    ``--game`` happens to name); without it the brain's own game is used (``analyze``).
    ``learner``, when given (a learner's name), is the learner it must be. Raises
    :class:`BrainFileUnreadable` or :class:`BrainFileRefused`, never anything else for a bad
    file.
    """
    shown = shown_name(path)
    data = _read_bytes(path, stdin)
    if len(data) > MAX_BRAIN_FILE_BYTES:
        raise BrainFileRefused(shown, f"it is larger than {size_words(MAX_BRAIN_FILE_BYTES)}")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise BrainFileRefused(shown, "it is not UTF-8 text") from None
    try:
        return parse_brain(text, rules, learner=learner, keep_start=keep_start)
    except BrainError as error:
        raise BrainFileRefused(shown, str(error)) from None


def parse_brain(
    text: str, rules: Rules | None = None, *, learner: str | None = None, keep_start: bool = False
) -> SavedBrain:
    """A brain from the text of a brain file; :class:`BrainError` says in one line what is wrong
    (for a brain of another game or learner than asked: which it is, and the option for it).
    ``keep_start``: the brain keeps its file's start (see :func:`read_brain_file`)."""
    try:
        # A text with no run of digits longer than any number may have is read by json's own
        # fast reader; only one with such a run needs its numbers looked at one by one.
        long_digits = _LONG_DIGITS.search(text) is not None
        data: Any = json.loads(text, parse_int=_whole_number if long_digits else None)
    except json.JSONDecodeError as error:
        raise BrainError(
            f"not valid JSON (line {error.lineno}, column {error.colno}: {error.msg})"
        ) from None
    except RecursionError:
        raise BrainError("not a brain file (nested too deeply)") from None
    header = read_header(data, kinds=learner_names())
    if rules is not None and header.rules.key != rules.key:
        raise BrainError(
            f"this brain is for {header.rules.name}, not for {rules.name} (give --game "
            f"{spec_of(header.rules)} for it)"
        )
    if learner is not None and header.kind != learner:
        raise BrainError(
            f"this is {learner_kind(header.kind).words.a}'s brain, not "
            f"{learner_kind(learner).words.a}'s (give --learner {header.kind} for it)"
        )
    return learner_from_dict(data, None if keep_start else rules)


#: A run of digits too long to be one of a brain's numbers (it may be in a string: then the
#: numbers are checked one by one, and the string is left alone).
_LONG_DIGITS = re.compile(rf"[0-9]{{{MAX_NUMBER_DIGITS + 1}}}")


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
        _refuse_unless_regular(path, os.stat(path))  # before opening: a named pipe would wait
        fd = os.open(path, os.O_RDONLY | _NONBLOCK | getattr(os, "O_CLOEXEC", 0))
        with open(fd, "rb") as handle:
            _refuse_unless_regular(path, os.fstat(fd))  # what was opened, should it have changed
            return handle.read(limit)
    except FileNotFoundError:
        raise BrainFileUnreadable(f"no such brain file: {shown_name(path)}") from None
    except OSError as error:
        raise BrainFileUnreadable(f"cannot read {shown_name(path)}: {reason(error)}") from None


#: Opening never waits (a named pipe with no writer would); no effect on a regular file.
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)


def _refuse_unless_regular(path: str | os.PathLike[str], found: os.stat_result) -> None:
    """:class:`BrainFileUnreadable` for a path that is not a regular file, saying what it is."""
    kind = kind_of_file(found)
    if kind == "a folder":
        raise BrainFileUnreadable(f"{shown_name(path)} is a folder, not a brain file")
    if kind is not None:
        raise BrainFileUnreadable(f"{shown_name(path)} is {kind}, not a regular file")


# -- writing -----------------------------------------------------------------------------------
def brain_json(brain: SavedBrain) -> str:
    """The brain as JSON that a person can read and diff: one line per hat (or per position's
    values) and per curve point.

    The object is exactly the learner's ``to_dict()``; only the layout is chosen here, since
    ``indent=2`` would spread 100 hats over 500 lines (:func:`~..text.json_layout.readable_json`,
    which ``train`` uses too). Floats are written as Python writes them (the shortest text that
    reads back to the same number), so they round-trip exactly.
    """
    return readable_json(brain.to_dict())

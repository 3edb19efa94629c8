"""Text a user gave, made safe to show on a terminal.

A file name may hold any character but ``/`` and NUL: an escape sequence (``\\x1b[2J`` clears
the screen), a newline that forges a second message line, or a bidi override (U+202E) that shows
``brain.json`` for ``nosj.niarb``. Every message that names a path or repeats what the user
typed passes it through :func:`printable` first, so the terminal shows those characters as
escapes instead of obeying them.
"""

from __future__ import annotations

import os
from typing import TextIO

#: The longest line read as a typed answer; a longer one is refused whole, like any bad answer.
ANSWER_LIMIT = 1_000
#: How far an over-long line is followed to its newline before the input is taken for something
#: that is not answers (``/dev/zero`` never ends a line); a few milliseconds of reading.
RUNAWAY_LIMIT = 1_000_000
#: The most characters a paste into a served tab may have (a brain's file pasted whole: the Game
#: of Sticks' hats take a few thousand, a Q-learner of Nim's a few hundred thousand). The
#: classroom's server cuts a longer paste just past it, so that the tab says it was too long.
PASTE_LIMIT = 1_000_000
#: The piece in which the rest of an over-long line is read and dropped.
SKIP_CHUNK = 65_536

#: The escapes of the common control characters, as Python writes them.
_SHORT_ESCAPES = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}
#: Where Python puts a byte of a file name that is not valid UTF-8 (``os.fsdecode``'s
#: surrogateescape): U+DC80..U+DCFF stand for the bytes 0x80..0xFF.
_UNDECODABLE_BYTES = range(0xDC80, 0xDD00)


def printable(text: str | os.PathLike[str]) -> str:
    """``text`` with every character a terminal would not just draw written as an escape.

    Escaped: C0 and C1 controls, DEL, format characters such as bidi overrides, separators other
    than the space, unassigned and private code points (everything :meth:`str.isprintable`
    refuses), e.g. ``\\x1b``, ``\\n``, ``\\u202e``; a byte of a name that is not UTF-8 shows as
    that byte, ``\\xff``. Printable letters of any script (``é``, ``名``) stay as they are. A
    backslash is left alone, so Windows paths read naturally and escaping twice changes nothing.
    """
    shown = os.fspath(text)
    if shown.isprintable():
        return shown
    return "".join(char if char.isprintable() else _escape(char) for char in shown)


def _escape(char: str) -> str:
    code = ord(char)
    if char in _SHORT_ESCAPES:
        return _SHORT_ESCAPES[char]
    if code in _UNDECODABLE_BYTES:
        return f"\\x{code - 0xDC00:02x}"
    if code <= 0xFF:
        return f"\\x{code:02x}"
    if code <= 0xFFFF:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


class RunawayLine(Exception):
    """A line of input went on past :data:`RUNAWAY_LIMIT` characters: not answers at all."""


def read_answer(stream: TextIO) -> str | None:
    """One typed line, read with a bound, so endless input cannot hang or fill the memory.

    Returns the line ('' at the end of input), or None for a line too long to be an answer
    (its rest is skipped, a bounded piece at a time, up to its newline); raises
    :class:`RunawayLine` when the line does not end within :data:`RUNAWAY_LIMIT` characters.
    """
    line = stream.readline(ANSWER_LIMIT + 1)
    if len(line) <= ANSWER_LIMIT or (len(line) == ANSWER_LIMIT + 1 and line.endswith("\n")):
        return line
    if not line.endswith("\n"):
        skipped = len(line)
        while True:
            piece = stream.readline(SKIP_CHUNK)
            if not piece or piece.endswith("\n"):
                break
            skipped += len(piece)
            if skipped > RUNAWAY_LIMIT:
                raise RunawayLine
    return None

"""Text a user gave, made safe to show on a terminal.

A file name may hold any character but ``/`` and NUL: an escape sequence (``\\x1b[2J`` clears
the screen), a newline that forges a second message line, or a bidi override (U+202E) that shows
``brain.json`` for ``nosj.niarb``. Every message that names a path or repeats what the user
typed passes it through :func:`printable` first, so the terminal shows those characters as
escapes instead of obeying them.
"""

from __future__ import annotations

import os

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

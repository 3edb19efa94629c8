"""The classroom: the whole app served to web browsers (``sticks-tui serve``, SPEC section 13).

textual-serve runs one app process per browser tab and talks to it over a websocket; every
process is given the same data directory, so the whole room teaches one brain and shares one
leaderboard. :class:`ClassroomServer` adds what textual-serve lacks: a limit on the tabs open
at once, with a clear page for the tab past it.
"""

from __future__ import annotations

from .server import ClassroomServer, full_words, session_command

__all__ = ["ClassroomServer", "full_words", "session_command"]

"""The classroom: the whole app served to web browsers (``sticks-tui serve``, SPEC section 13).

textual-serve runs one app process per browser tab and talks to it over a websocket; every
process is given the same data directory, so the whole room teaches one brain and shares one
leaderboard. :class:`ClassroomServer` adds what a room needs and textual-serve lacks
(SPEC section 14): only the room's own pages may open tabs, each tab is held to bounds, a tab
whose browser vanished ends and keeps its training, and the teacher's console says what happens
in a line per event.
"""

from __future__ import annotations

from .limits import RoomLimits
from .room_log import RoomLog
from .server import ClassroomServer, full_words, session_command

__all__ = ["ClassroomServer", "RoomLimits", "RoomLog", "full_words", "session_command"]

"""The classroom: the whole app served to web browsers (``sticks-tui serve``, SPEC section 13).

textual-serve runs one app process per browser tab and talks to it over a websocket; every
process is given the same data directory, so the whole room teaches one brain and shares one
leaderboard. :class:`ClassroomServer` adds what a room needs and textual-serve lacks
(SPEC section 14): only the room's own pages may open tabs, each tab is held to bounds, a tab
whose browser vanished ends and keeps its training, and the teacher's console says what happens
in a line per event.

The server's names are loaded when first asked for (PEP 562, as the engine's front door does):
the command line reads the room's limits (:mod:`.limits`) to build every command's options, and
the server brings textual-serve and aiohttp, half a second of processor time that ``train`` and
the other commands would otherwise pay on every start.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from .limits import RoomLimits
from .room_log import RoomLog

if TYPE_CHECKING:
    from .server import ClassroomServer, full_words, session_command

__all__ = ["ClassroomServer", "RoomLimits", "RoomLog", "full_words", "session_command"]

#: The names loaded with the server (:mod:`.server`) the first time one is asked for.
_SERVER_NAMES = frozenset({"ClassroomServer", "full_words", "session_command"})


if not TYPE_CHECKING:  # the checker reads the import above

    def __getattr__(name: str) -> Any:
        """The server's ``name``, loaded (with textual-serve and aiohttp) when first asked for."""
        if name not in _SERVER_NAMES:
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        value = getattr(import_module(".server", __name__), name)
        globals()[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted({*globals(), *__all__})

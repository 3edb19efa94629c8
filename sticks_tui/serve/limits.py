"""The room's limits: what one tab may cost the server and the machine, and how long the server
waits for an app that is asked to leave. Each is an option of ``sticks-tui serve``
(:mod:`sticks_tui.cli.serve`), so that a teacher can change it and a test can make it short.

The defaults, and why (the figures are this project's 2-core, 24 GiB machine's):

* ``max_sessions``, 40: a class of 30 and its teacher with room to spare; a tab takes about
  40 MB, and a training in it stops before the tab's app holds 256 MiB
  (``ui/lab_plan.py:SERVED_MEMORY_CAP``: the cap counts the whole app).
* ``grace``, 10 s: the time an app has to leave once asked (its tab closed, the server
  stopping); keeping a training takes well under a second, so an app still there after it does
  not answer, and its processes are ended.
* ``heartbeat``, 15 s: how often the server pings each browser; a browser that has not answered
  within half of it (asleep, its network gone, a client that stopped reading) is closed.
* ``max_starts``, 4: apps started at once; a start takes most of a core for half a second, so
  twenty tabs opened together are started four at a time, each told it is next.
* ``max_per_address``, 0 (off): tabs from one address; a school behind a proxy or a NAT shows
  the whole room as one address, so it is off unless the teacher turns it on.
* ``memory_soft``, 360 MB, and ``memory_hard``, 400 MB: an app's resident memory past the soft
  limit is asked to leave (its training kept), past the hard one it is ended at once. A tab
  takes about 40 MB and its training stops before 256 MiB (268 MB), so neither is reached in
  play. On Linux the operating system also refuses an app more data than a quarter past the
  hard limit, at least 100 MB past it (``RLIMIT_DATA``: a backstop behind the watchdog, which
  looks once a second); where ``/proc`` cannot be read (macOS, Windows) there is neither.
* ``max_width`` x ``max_height``, 500 x 200: the largest terminal a tab may ask for.
* ``max_message``, 2 MiB: the largest websocket message a browser may send (a brain pasted
  whole, at most :data:`~sticks_tui.text.terminal.PASTE_LIMIT` characters, fits: a brain's
  file is plain ASCII, about 1.2 MB once the page has put it in a message). A larger one
  closes the tab. The server reads each tab's message whole before it can look at it, so
  this times the tabs open is what clients can make it hold at once: 80 MiB for 40.
* ``keys_per_second``, 2,000 characters a second, in bursts of up to 8,000: typing, a held key
  and the mouse's moves stay well under it; what comes faster is dropped.
* Every paste is cut at :data:`~sticks_tui.text.terminal.PASTE_LIMIT` characters (the most a
  brain pasted into a tab may have) and closed there, so the tab says it was too long.
"""

from __future__ import annotations

from dataclasses import dataclass

MB = 1_000_000


@dataclass(frozen=True)
class RoomLimits:
    """What one tab may cost, and how long leaving may take (see the module's words)."""

    max_sessions: int = 40
    grace: float = 10.0
    heartbeat: float = 15.0
    max_starts: int = 4
    max_per_address: int = 0
    memory_soft: int = 360 * MB
    memory_hard: int = 400 * MB
    max_width: int = 500
    max_height: int = 200
    max_message: int = 2 << 20
    keys_per_second: int = 2_000
    keys_burst: int = 8_000
    #: Seconds an app may take to show its first frame (it holds a start meanwhile): one that
    #: has not is ended.
    start_most: float = 60.0
    #: How often the memory watchdog reads every app's memory.
    watch_every: float = 1.0
    #: The output of an app waiting for its browser at most (bytes): past it, the app waits
    #: for the browser to read, as a program waits for a slow terminal.
    output_backlog: int = 256 << 10
    #: The input waiting for an app at most (bytes): what comes past it is dropped.
    input_backlog: int = 64 << 10
    #: The most of an app's error output kept in the log, per tab (bytes).
    log_per_tab: int = 64 << 10

    @property
    def data_most(self) -> int:
        """The operating system's limit on an app's data (Linux): a quarter past the hard
        limit, and at least 100 MB past it (an app starts with about 75 MB of data)."""
        return self.memory_hard + max(self.memory_hard // 4, 100 * MB)

    def __post_init__(self) -> None:
        if self.memory_soft > self.memory_hard:
            raise ValueError("the soft memory limit is above the hard one")

"""One tab's app: a process of its own, started in a session of its own, spoken to as Textual's
web driver speaks (framed packets on its standard input and output).

The app writes ``__GANGLION__`` once it runs, then packets: a type byte (``D`` the terminal's
output, ``M`` a JSON meta message, ``P`` a packed one: a file's piece for a download), four
bytes of length, the payload. It reads the same framing: ``D`` the keys, ``M`` meta (resize,
focus, blur, quit).

What this adds to textual-serve's way of running an app:

* The app runs in a session (and process group) of its own: Ctrl+C on the teacher's terminal
  reaches the server alone, which then asks each app to leave; and ending an app ends all of
  its processes.
* Its output is read by one reader until it ends (:meth:`AppProcess.packets`, read by the
  tab: :mod:`.tab`), which waits for the tab's browser while the tab is open and drops what
  comes after, so that an app writing its screen never blocks for a browser that has gone.
* Its input is queued, at most :attr:`~.limits.RoomLimits.input_backlog` bytes: past that,
  keys are dropped rather than held for an app that does not read them.
* :meth:`AppProcess.leave` asks it to quit (and closes its input), waits a bounded grace, then
  ends its whole process group; :meth:`AppProcess.end` ends it at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import sys
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from pathlib import Path
from types import ModuleType

resource: ModuleType | None
try:
    import resource
except ImportError:  # Windows: no such limit
    resource = None

#: The line the web driver writes once the app runs.
PRELUDE = b"__GANGLION__\n"
#: Lines the app may write before it (Python's warnings, say) at most.
PRELUDE_LINES = 10
#: The largest packet read from an app (a screen of 500x200 in colour is well under 1 MB).
PACKET_MOST = 16 << 20
#: The characters of a paste queued at a time (the paste waits for the app between pieces).
PASTE_PIECE = 16_384
#: Where the web driver's name is set for the app.
DRIVER = "textual.drivers.web_driver:WebDriver"


class AppProcess:
    """One tab's app (see the module's words)."""

    def __init__(
        self,
        argv: Sequence[str],
        *,
        env: Mapping[str, str],
        input_backlog: int,
        on_errors: Callable[[bytes], None],
        errors_most: int,
        data_most: int | None = None,
    ) -> None:
        self.argv = list(argv)
        self.env = dict(env)
        self.input_backlog = input_backlog
        self.on_errors = on_errors
        self.errors_most = errors_most
        self.data_most = data_most
        #: Bytes of error output the app wrote (a crash report, say).
        self.errors_written = 0
        self.process: asyncio.subprocess.Process | None = None
        #: Bytes queued for the app's input and not yet written (and taken by its pipe).
        self._queued = 0
        #: Set each time the app has taken a packet (a paste waits for it).
        self._read = asyncio.Event()
        self._input_closed = False
        self._inbox: asyncio.Queue[bytes | None] = asyncio.Queue()
        self._tasks: list[asyncio.Task[None]] = []
        #: Whether the app said it exits (its ``exit`` meta) or its output ended.
        self.ended = asyncio.Event()

    @property
    def pid(self) -> int | None:
        return self.process.pid if self.process is not None else None

    async def start(self, width: int, height: int) -> None:
        """Start the app on a terminal of ``width`` x ``height``; OSError when it cannot."""
        env = {
            **self.env,
            "TEXTUAL_DRIVER": DRIVER,
            "TEXTUAL_FPS": "60",
            "TEXTUAL_COLOR_SYSTEM": "truecolor",
            "TERM_PROGRAM": "textual",
            "COLUMNS": str(width),
            "ROWS": str(height),
        }
        self.process = await asyncio.create_subprocess_exec(
            *self.argv,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=env,
            start_new_session=sys.platform != "win32",
            preexec_fn=(
                self._limit_data if self.data_most and resource and sys.platform == "linux"
                else None
            ),
        )
        self._tasks = [
            asyncio.create_task(self._write_input()),
            asyncio.create_task(self._read_errors()),
        ]

    def _limit_data(self) -> None:
        """In the app's process, before it runs (Linux): the operating system refuses it more
        data than :attr:`data_most`, a backstop behind the server's watchdog, which reads the
        memory only every second. (Between fork and exec: nothing here imports or locks.)"""
        assert self.data_most is not None and resource is not None
        resource.setrlimit(resource.RLIMIT_DATA, (self.data_most, self.data_most))

    async def packets(self) -> AsyncIterator[tuple[bytes, bytes]]:
        """The app's packets, (type, payload), once it has started (none when it fails to);
        ends when its output ends."""
        assert self.process is not None and self.process.stdout is not None
        stdout = self.process.stdout
        try:
            for _ in range(PRELUDE_LINES):
                line = await stdout.readline()
                if not line or line == PRELUDE:
                    break
            else:
                return
            if not line:
                return
            while True:
                head = await stdout.readexactly(5)
                size = int.from_bytes(head[1:], "big")
                if size > PACKET_MOST:
                    return
                yield head[:1], await stdout.readexactly(size)
        except (asyncio.IncompleteReadError, ConnectionError, ValueError):
            return  # its output ended (or a line too long before the prelude)
        finally:
            self.ended.set()

    # -- its input ------------------------------------------------------------------------------
    def send_keys(self, text: str, *, always: bool = False) -> bool:
        """Queue keys for the app; False when they were dropped (too much waiting already).
        ``always``: queued even past the bound (a paste, which its own limits bound)."""
        return self._queue(b"D", text.encode("utf-8", "replace"), always=always)

    async def send_paste(self, text: str) -> None:
        """Queue a paste (or its part) for the app, in pieces of :data:`PASTE_PIECE`
        characters, each once the app has read what waits before it: a paste is never dropped
        (half of one would leave the app waiting for its end), and the server holds at most
        :attr:`input_backlog` bytes and a piece for it."""
        for start in range(0, len(text), PASTE_PIECE):
            while self._queued >= self.input_backlog and not self._input_closed:
                self._read.clear()
                await self._read.wait()
            if self._input_closed:
                return
            self._queue(b"D", text[start:start + PASTE_PIECE].encode("utf-8", "replace"),
                        always=True)

    def send_meta(self, meta: Mapping[str, object], *, always: bool = False) -> bool:
        """Queue a meta message (resize, focus, blur, a download's request); ``always``: the
        server's own (quit), queued even past the bound."""
        return self._queue(b"M", json.dumps(meta).encode("utf-8"), always=always)

    def _queue(self, kind: bytes, payload: bytes, *, always: bool = False) -> bool:
        packet = kind + len(payload).to_bytes(4, "big") + payload
        if self._queued + len(packet) > self.input_backlog and not always:
            return False
        self._queued += len(packet)
        self._inbox.put_nowait(packet)
        return True

    async def _write_input(self) -> None:
        assert self.process is not None and self.process.stdin is not None
        stdin = self.process.stdin
        try:
            while (packet := await self._inbox.get()) is not None:
                stdin.write(packet)
                await stdin.drain()
                self._queued -= len(packet)
                self._read.set()
        except (ConnectionError, OSError, RuntimeError):
            pass  # the app has gone
        finally:
            self._input_closed = True
            self._read.set()
            with contextlib.suppress(ConnectionError, OSError, RuntimeError):
                stdin.close()

    def close_input(self) -> None:
        """The app's input ends once what is queued is written (the app then leaves)."""
        self._inbox.put_nowait(None)

    async def _read_errors(self) -> None:
        assert self.process is not None and self.process.stderr is not None
        kept = 0
        while data := await self.process.stderr.read(1 << 14):
            self.errors_written += len(data)
            if kept < self.errors_most:
                data = data[: self.errors_most - kept]
                kept += len(data)
                self.on_errors(data)
                if kept >= self.errors_most:
                    self.on_errors(b"[the rest of this tab's error output was left out]")

    # -- its end --------------------------------------------------------------------------------
    async def leave(self, grace: float) -> bool:
        """Ask the app to quit (the way a closed tab does) and wait up to ``grace`` seconds;
        then end it. True when it left by itself."""
        if self.process is None:
            return True
        if self.process.returncode is None:
            self.send_meta({"type": "quit"}, always=True)
            self.close_input()
        try:
            await asyncio.wait_for(self.process.wait(), grace)
            left = True
        except TimeoutError:
            left = False
        await self.end()
        return left

    async def end(self) -> None:
        """End the app's whole process group now, and wait for it to be gone."""
        if self.process is None:
            return
        if self.process.returncode is None:
            kill_group(self.process.pid)
        await self.process.wait()
        self.close_input()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task

    def memory(self) -> int | None:
        """The app's resident memory in bytes (None where it cannot be read: no ``/proc``)."""
        return resident_memory(self.pid) if self.pid is not None else None


def kill_group(pid: int) -> None:
    """End the process group ``pid`` leads (the app and anything it started)."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        if sys.platform == "win32":
            os.kill(pid, signal.SIGTERM)
        else:
            os.killpg(pid, signal.SIGKILL)


def resident_memory(pid: int) -> int | None:
    """A process's resident memory (Linux's ``/proc``), in bytes; None where unreadable."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return None
    for line in status.splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return None

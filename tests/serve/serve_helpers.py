"""A classroom server for a test: the real ``sticks-tui serve`` on a free port, with a data
directory of its own, stopped (Ctrl+C, as a teacher does) when the test is done."""

from __future__ import annotations

import json
import os
import queue
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

import aiohttp

T = TypeVar("T")

#: How long a server or a tab may take to answer before a test fails (a loaded CI machine).
PATIENCE = 60.0
#: What a terminal escape sequence looks like in the bytes a tab is sent.
ESCAPE = re.compile(
    rb"\x1b(?:\[[0-9;?:<=>]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)|[()][0-9A-Za-z]|.)"
)


def screen_text(sent: bytes) -> str:
    """The text in what a tab's app sent, its escape sequences (colours, moves) taken out."""
    return ESCAPE.sub(b"", sent).decode("utf-8", "replace")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@dataclass
class Room:
    """A running server: where it is, its records, and what it printed so far."""

    url: str
    data_dir: Path
    process: subprocess.Popen[str]
    out: list[str] = field(default_factory=list)
    err: list[str] = field(default_factory=list)

    def command(self, *argv: str) -> subprocess.CompletedProcess[str]:
        """A sticks-tui command on the room's records (``leaderboard --json``...)."""
        return subprocess.run(
            [sys.executable, "-m", "sticks_tui", *argv, "--data-dir", str(self.data_dir)],
            capture_output=True, text=True, timeout=PATIENCE, check=True,
        )


@contextmanager
def serving(data_dir: Path, *options: str, env: dict[str, str] | None = None) -> Iterator[Room]:
    """``sticks-tui serve`` with ``options`` on a free port, once it says where it is; stopped
    with SIGINT (Ctrl+C) at the end, and killed if it does not stop."""
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "sticks_tui", "serve", "--port", str(port),
         "--data-dir", str(data_dir), *options],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1", "COLUMNS": "200", **(env or {})},
    )
    room = Room(f"http://127.0.0.1:{port}", data_dir, process)
    lines: queue.Queue[str | None] = queue.Queue()

    def read(stream: object, into: list[str], tell: bool) -> None:
        for line in stream:  # type: ignore[attr-defined]
            into.append(line)
            if tell:
                lines.put(line)
        if tell:
            lines.put(None)

    readers = [
        threading.Thread(target=read, args=(process.stdout, room.out, True), daemon=True),
        threading.Thread(target=read, args=(process.stderr, room.err, False), daemon=True),
    ]
    for reader in readers:
        reader.start()
    try:
        while True:  # the banner comes once the server is up; its last line:
            line = lines.get(timeout=PATIENCE)
            assert line is not None, f"the server stopped: {''.join(room.err)}"
            if "Press Ctrl+C" in line:
                break
        yield room
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=PATIENCE)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        for reader in readers:
            reader.join(timeout=PATIENCE)


# -- a room's processes and what its console says ---------------------------------------------
def children_of(pid: int) -> list[int]:
    """The processes ``pid`` started (each tab's app is one), read from /proc."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def memory_of(pid: int, field: str = "VmRSS") -> int:
    """A process's memory from /proc (``VmRSS`` now, ``VmHWM`` its peak), in bytes; 0 once it
    has gone."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0
    for line in status.splitlines():
        if line.startswith(f"{field}:"):
            return int(line.split()[1]) * 1024
    return 0


def is_running(pid: int) -> bool:
    """Whether ``pid`` is a process still (a zombie, ended but not yet reaped, is not)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def wait_for(check: Callable[[], T | None], what: str, patience: float = PATIENCE) -> T:
    """``check()`` once it is something (polled), or a failure saying ``what`` never came."""
    deadline = time.monotonic() + patience
    while True:
        result = check()
        if result:
            return result
        assert time.monotonic() < deadline, f"never: {what}{''.join(_context(check))}"
        time.sleep(0.05)


def _context(check: Callable[[], object]) -> list[str]:
    """The console of the room a check reads, to show with its failure."""
    for cell in getattr(check, "__closure__", None) or ():
        room = cell.cell_contents
        if isinstance(room, Room):
            return ["; the room's console:\n", *room.out]
    return []


def said(room: Room, pattern: str) -> re.Match[str] | None:
    """The first line of the room's console matching ``pattern`` so far (the lines, with the
    pattern, are in the failure of a ``wait_for`` that waits for one)."""
    for line in list(room.out):
        found = re.search(pattern, line)
        if found:
            return found
    return None


class WebTab:
    """A tab as a script drives it: the room's websocket, keys sent, the screens' text read."""

    def __init__(self, socket: aiohttp.ClientWebSocketResponse) -> None:
        self.socket = socket
        self.seen = b""

    async def until(self, pattern: str) -> str:
        """Read what the app sends until its text matches ``pattern``."""
        while not (found := re.search(pattern, screen_text(self.seen))):
            message = await self.socket.receive()
            if message.type == aiohttp.WSMsgType.BINARY:
                self.seen += message.data
            elif message.type != aiohttp.WSMsgType.TEXT:
                raise AssertionError(
                    f"the tab closed before {pattern!r}: {screen_text(self.seen)[-500:]}"
                )
        return found.group(0)

    async def press(self, keys: str) -> None:
        self.seen = b""  # what answers the keys
        await self.socket.send_json(["stdin", keys])


@asynccontextmanager
async def web_tab(room: Room, query: str = "width=80&height=24",
                  headers: dict[str, str] | None = None) -> AsyncIterator[WebTab]:
    """A tab on ``room``, open while inside."""
    timeout = aiohttp.ClientTimeout(total=PATIENCE)
    async with aiohttp.ClientSession(timeout=timeout) as browser:
        url = room.url.replace("http", "ws") + "/ws?" + query
        async with browser.ws_connect(url, headers=headers) as socket:
            yield WebTab(socket)


async def named_tab(tab: WebTab, name: str = "Ada") -> None:
    """Past the first screen (the player's name), to the setup screen."""
    await tab.until("Who is playing[?]")
    await tab.press(f"{name}\r")
    await tab.until("Welcome to the game of sticks!")


class RawTab:
    """A websocket spoken by hand on a plain socket, for a client no library would be: one that
    sends and never reads (its receive buffer kept small, so the server's sends stall soon)."""

    def __init__(self, url: str, receive_buffer: int = 4096) -> None:
        host, port = url.split("//")[1].split(":")
        self.socket = socket.socket()
        self.socket.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
        self.socket.connect((host, int(port)))
        self.socket.sendall(
            f"GET /ws?width=80&height=24 HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
            "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
            "Sec-WebSocket-Version: 13\r\n\r\n".encode()
        )
        answer = b""
        while b"\r\n\r\n" not in answer:
            answer += self.socket.recv(1)  # the handshake's answer, and not a byte more
        assert answer.startswith(b"HTTP/1.1 101"), answer

    def send(self, message: object) -> None:
        """A text frame, masked as a client's must be."""
        payload = json.dumps(message).encode()
        mask = os.urandom(4)
        size = len(payload)
        head = bytes([0x81])
        if size < 126:
            head += bytes([0x80 | size])
        elif size < 65536:
            head += bytes([0x80 | 126]) + size.to_bytes(2, "big")
        else:
            head += bytes([0x80 | 127]) + size.to_bytes(8, "big")
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        self.socket.sendall(head + mask + masked)

    def close(self) -> None:
        self.socket.close()

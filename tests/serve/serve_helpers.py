"""A classroom server for a test: the real ``sticks-tui serve`` on a free port, with a data
directory of its own, stopped (Ctrl+C, as a teacher does) when the test is done."""

from __future__ import annotations

import os
import queue
import re
import signal
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

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

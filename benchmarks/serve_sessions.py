"""Memory per served session and the time from a tab's connection to its first screen, for
``sticks-tui serve`` (issue 23: the --max-sessions default must let a class of 30 in).

Starts the real ``sticks-tui serve`` on a free port with a data directory of its own, then, for
1, 5 and 20 sessions, opens that many tabs at once the way a browser does (a websocket to
``/ws``, 80x24), and prints:

* the time from each tab's connection to its first screen (the app's "Who is playing?"
  arriving over the websocket): the fastest, the median and the slowest;
* the memory of the tabs' app processes once all show their first screen: resident (RSS) and
  proportional (PSS: a page shared by n processes counts 1/n in each, so PSS adds up to what
  the sessions take together), per session;
* the server's own resident memory.

Each round closes its tabs and waits until their processes have gone before the next.

    python benchmarks/serve_sessions.py [--sessions 1 5 20]

Measured on this 2-core machine, idle (CPython 3.11.7, Textual 8.2.8, textual-serve 1.1.3, on
2026-11-28, in this machine's environment: Python writes no bytecode, so each tab compiles the
checkout's modules): 39 MB resident (28 MB proportional) a tab, idle, whether 1, 5 or 20 are
open; the server 47 MB; the first screen after 0.4 to 0.5 s alone, 1.1 to 1.3 s (median) when 5
tabs connect at once, 4.3 to 5 s when 20 do (the apps' start-up shares the two cores). Before
issue 31 made the first screen load only what it shows (commit 59e8059, run beside it): 46 MB
(35 MB), 0.64 s, 1.9 s and 9.2 s. A tab that trains holds up to its memory cap on top (256 MiB
in a served tab): 30 training tabs take under 10 GiB, and the default --max-sessions, 40, under
13 GiB of the 24 GiB.

The tabs are opened on this machine: with 2 cores, 20 apps starting at once share them, so the
time to the first screen grows with the number of tabs while the memory per session does not.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import aiohttp

ROOT = Path(__file__).resolve().parents[1]
FIRST_SCREEN = b"Who is playing?"
ESCAPE = re.compile(rb"\x1b(?:\[[0-9;?:<=>]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)|.)")
#: The memory of the machine the default must fit (this one), and the class it must take.
MACHINE_GIB = 24
CLASS = 30


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def descendants(pid: int) -> list[int]:
    """Every process under ``pid`` (the tabs' shells and apps), from /proc."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        parent = int(stat.rsplit(")", 1)[1].split()[1])
        children.setdefault(parent, []).append(int(entry))
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def memory_kib(pid: int) -> tuple[int, int]:
    """(RSS, PSS) of one process in KiB; (0, 0) once it has gone."""
    try:
        rollup = Path(f"/proc/{pid}/smaps_rollup").read_text()
    except OSError:
        return 0, 0
    fields = dict(re.findall(r"^(\w+):\s+(\d+) kB", rollup, flags=re.M))
    return int(fields.get("Rss", 0)), int(fields.get("Pss", 0))


def apps_of(server: int) -> list[int]:
    """The tabs' app processes: Python processes under the server (not their shells)."""
    apps = []
    for pid in descendants(server):
        try:
            command = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if b"sticks_tui" in command and b"-c" not in command:
            apps.append(pid)
    return apps


async def one_tab(
    browser: aiohttp.ClientSession, url: str
) -> tuple[float, aiohttp.ClientWebSocketResponse]:
    """Open a tab: (seconds from the connection to its first screen, its websocket)."""
    started = time.perf_counter()
    tab = await browser.ws_connect(url)
    seen = b""
    while FIRST_SCREEN not in ESCAPE.sub(b"", seen):
        seen += await tab.receive_bytes()
    return time.perf_counter() - started, tab


async def round_of(base: str, server: int, sessions: int) -> dict[str, float]:
    url = base.replace("http", "ws") + "/ws?width=80&height=24"
    async with aiohttp.ClientSession() as browser:
        results = await asyncio.gather(*(
            one_tab(browser, url) for _ in range(sessions)
        ))
        apps = apps_of(server)
        memory = [memory_kib(pid) for pid in apps]
        server_rss, _ = memory_kib(server)
        for _, tab in results:
            await tab.close()
    deadline = time.monotonic() + 60
    while apps_of(server) and time.monotonic() < deadline:  # each app leaves as its tab closes
        await asyncio.sleep(0.1)
    seconds = sorted(s for s, _ in results)
    return {
        "apps": len(apps),
        "fastest": seconds[0],
        "median": statistics.median(seconds),
        "slowest": seconds[-1],
        "rss": sum(r for r, _ in memory) / len(apps) / 1024,
        "pss": sum(p for _, p in memory) / len(apps) / 1024,
        "server": server_rss / 1024,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, nargs="+", default=[1, 5, 20])
    args = parser.parse_args()
    port = free_port()
    with tempfile.TemporaryDirectory() as data:
        command = [sys.executable, "-m", "sticks_tui", "serve", "--port", str(port),
                   "--data-dir", data, "--max-sessions", str(max(args.sessions))]
        env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONUNBUFFERED": "1"}
        server = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, env=env)
        try:
            assert server.stdout is not None
            for line in server.stdout:
                if "Press Ctrl+C" in line:
                    break
            print(f"{platform.python_implementation()} {platform.python_version()}, "
                  f"{os.cpu_count()} cores; {' '.join(command[1:4])} ...")
            print(f"{'tabs':>5}  {'first screen: fastest  median  slowest':>40}  "
                  f"{'RSS/tab':>8}  {'PSS/tab':>8}  {'server RSS':>10}")
            worst = 0.0
            for sessions in args.sessions:
                got = asyncio.run(round_of(f"http://127.0.0.1:{port}", server.pid, sessions))
                worst = max(worst, got["rss"])
                print(f"{sessions:>5}  {got['fastest']:>26.2f} s {got['median']:>6.2f} s "
                      f"{got['slowest']:>6.2f} s  {got['rss']:>6.0f} MB  {got['pss']:>6.0f} MB"
                      f"  {got['server']:>7.0f} MB")
            fits = int(MACHINE_GIB * 1024 / worst)
            print(f"At {worst:.0f} MB a tab (RSS, the larger), {MACHINE_GIB} GiB holds {fits:,} "
                  f"idle tabs; a class of {CLASS} takes {CLASS * worst / 1024:.1f} GiB.")
        finally:
            server.send_signal(signal.SIGINT)
            server.wait(timeout=60)


if __name__ == "__main__":
    main()

"""The classroom's server against a room of hostile tabs (issue 31: "whatever clients send, the
server stays under 200 MB"): its peak memory, and its apps', while every tab floods it at once.

Starts the real ``sticks-tui serve`` (its default limits, 40 tabs) on a free port, opens
``--tabs`` websockets at once, and has each, from its first screen on, send as fast as the
server reads:

* ``paste``: pastes that never end, in messages just under the largest a tab may send (2 MiB);
* ``whole pastes``: whole pastes of 690,000 characters of three bytes each (``€``), one after
  another;
* ``keys``: keys, 8,000 characters a message;
* ``resize``: terminals of a billion columns;
* ``junk``: messages no browser sends (not JSON, wrong shapes, binary frames);

then closes them all, waits until every app has gone, and prints the server's peak resident
memory (``VmHWM``), the largest app's, and what the console said (its line count, and any
traceback: there must be none).

    python benchmarks/serve_hostile.py [--tabs 40] [--seconds 10]
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import sys
import tempfile
import threading
import time
from pathlib import Path

import aiohttp

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "serve"))
from serve_helpers import children_of, memory_of, screen_text, serving  # noqa: E402

MB = 1_000_000
KINDS = ("paste", "whole pastes", "keys", "resize", "junk")


async def hostile_tab(url: str, kind: str, seconds: float, sent: list[int]) -> None:
    timeout = aiohttp.ClientTimeout(total=seconds + 120)
    async with aiohttp.ClientSession(timeout=timeout) as browser:
        async with browser.ws_connect(url, max_msg_size=0) as socket:
            seen = b""
            while "Who is playing?" not in screen_text(seen):
                message = await socket.receive()
                if message.type != aiohttp.WSMsgType.BINARY:
                    return
                seen += message.data
            reader = asyncio.create_task(_drain(socket))
            end = time.monotonic() + seconds
            if kind == "paste":
                await socket.send_json(["stdin", "\x1b[200~"])
            big = "x" * (2_000_000)
            for count in itertools.count():
                if time.monotonic() > end or socket.closed:
                    break
                if kind == "paste":
                    await socket.send_json(["stdin", big])
                elif kind == "whole pastes":
                    await socket.send_str(json.dumps(  # as a page's JSON.stringify: UTF-8
                        ["stdin", "\x1b[200~" + "€" * 690_000 + "\x1b[201~"], ensure_ascii=False
                    ))
                elif kind == "keys":
                    await socket.send_json(["stdin", "z" * 8_000])
                elif kind == "resize":
                    await socket.send_json(["resize", {"width": 10**9, "height": 10**9}])
                else:
                    await socket.send_str("not json" if count % 2 else '["stdin", 5]')
                    await socket.send_bytes(b"\x00" * 1_000)
                sent[0] += 1
                await asyncio.sleep(0)
            reader.cancel()


async def _drain(socket: aiohttp.ClientWebSocketResponse) -> None:
    async for _ in socket:
        pass


def peak_apps(server_pid: int, peaks: dict[int, int], stop: threading.Event) -> None:
    while not stop.wait(0.2):
        for pid in children_of(server_pid):
            peaks[pid] = max(peaks.get(pid, 0), memory_of(pid, "VmHWM"))


async def the_room(url: str, tabs: int, seconds: float) -> int:
    ws_url = url.replace("http", "ws") + "/ws?width=80&height=24"
    sent = [0]
    await asyncio.gather(
        *(hostile_tab(ws_url, KINDS[n % len(KINDS)], seconds, sent) for n in range(tabs)),
        return_exceptions=True,
    )
    return sent[0]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tabs", type=int, default=40)
    parser.add_argument("--seconds", type=float, default=10.0)
    args = parser.parse_args()
    peaks: dict[int, int] = {}
    with tempfile.TemporaryDirectory() as folder, serving(Path(folder) / "room") as room:
        stop = threading.Event()
        watcher = threading.Thread(target=peak_apps, args=(room.process.pid, peaks, stop))
        watcher.start()
        began = time.monotonic()
        sent = asyncio.run(the_room(room.url, args.tabs, args.seconds))
        took = time.monotonic() - began
        while children_of(room.process.pid) and time.monotonic() - began < took + 120:
            time.sleep(0.2)
        stop.set()
        watcher.join()
        server_peak = memory_of(room.process.pid, "VmHWM")
        console = list(room.out)
    print(f"sticks-tui serve against {args.tabs} hostile tabs ({', '.join(KINDS)}, in turn) "
          f"for {args.seconds:g} s each: {sent:,} messages sent in {took:.1f} s")
    print(f"  the server's peak: {server_peak / MB:.0f} MB resident")
    if peaks:
        print(f"  the largest app's peak: {max(peaks.values()) / MB:.0f} MB resident "
              f"({len(peaks)} apps)")
    tracebacks = sum("Traceback" in line for line in console)
    print(f"  the console: {len(console)} lines, {tracebacks} tracebacks")
    for line in console[-12:]:
        print("   ", line.rstrip())
    return 0 if server_peak < 200 * MB and not tracebacks else 1


if __name__ == "__main__":
    raise SystemExit(main())

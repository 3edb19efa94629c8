"""A classroom under load (issue 31): 30 tabs each play 2 games against the learning AI while
4 more close in the middle of a game, on the real ``sticks-tui serve``.

Starts the server on a free port with a data directory of its own (no pause before the AI's
move: ``STICKS_TUI_AI_DELAY=0``), opens every tab at once the way a browser does (a websocket
to ``/ws``, 80x24), and in each: the player's name, the setup screen's Continue, ``2`` (the
learning AI), then ``1`` a turn until the game ends (after ``--think`` seconds, half a second by
default: a quick student), twice (``a`` plays again). Four more tabs
start a game and are closed after their first move. Then it checks that every finished game was
counted once: on the leaderboard (each player 2 games, the AI's row 60), and in the brain
(60 games learned); the closed tabs' games count nowhere. It prints:

* the time from a tab's connection to its first screen ("Who is playing?");
* the time from a key (the person's take) to the AI's answer on the screen, under the load;
* the memory of the tabs' apps (resident, and proportional: PSS adds up to what they take
  together) and the server's peak, sampled while the games run.

    python benchmarks/serve_load.py [--tabs 30] [--closing 4] [--games 2] [--think 0.5]
                                    [--max-starts N]

The figures are of this machine (2 cores): the 34 apps share them, so a key waits for the
others' work; a room's own server is one machine for the whole class too.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import aiohttp

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "serve"))
from serve_helpers import children_of, memory_of, screen_text, serving  # noqa: E402

PATIENCE = 300.0
MB = 1_000_000


def tally(games: int) -> str:
    """The board's tally once ``games`` games have ended (the log below keeps the last game's
    end, so the words "You lose." can come from a game before)."""
    return rf"AI vs you: {games} games?,"


class Tab:
    def __init__(self, socket: aiohttp.ClientWebSocketResponse) -> None:
        self.socket = socket
        self.seen = b""

    async def until(self, *patterns: str) -> str:
        """Read until one of ``patterns`` (regular expressions) is on the screen: that one."""
        while True:
            text = screen_text(self.seen)
            for pattern in patterns:
                if re.search(pattern, text):
                    return pattern
            try:
                message = await self.socket.receive(timeout=60)
            except TimeoutError:
                raise RuntimeError(
                    f"waited a minute for {words}: {screen_text(self.seen)[-800:]!r}"
                ) from None
            if message.type == aiohttp.WSMsgType.BINARY:
                self.seen += message.data
            elif message.type != aiohttp.WSMsgType.TEXT:
                raise RuntimeError(f"the tab closed waiting for {words}")

    async def press(self, keys: str) -> None:
        self.seen = b""
        await self.socket.send_json(["stdin", keys])


async def one_tab(url: str, player: str, games: int, close_mid_game: bool,
                  figures: dict[str, list[float]], think: float) -> int:
    """A tab that plays ``games`` games (or closes after its first move); games finished."""
    timeout = aiohttp.ClientTimeout(total=PATIENCE)
    finished = 0
    async with aiohttp.ClientSession(timeout=timeout) as browser:
        began = time.monotonic()
        async with browser.ws_connect(url) as socket:
            tab = Tab(socket)
            await tab.until("Who is playing[?]")
            figures["first screen"].append(time.monotonic() - began)
            await tab.press(f"{player}\r")
            await tab.until("Welcome to the game of sticks!")
            await tab.press("\x0e")  # ctrl+n: Continue
            await tab.until("Play against a friend")
            await tab.press("2")
            await tab.until(rf"{player}: take")
            while finished < games:
                await asyncio.sleep(think)
                asked = time.monotonic()
                await tab.press("1")
                over = tally(finished + 1)
                said = await tab.until("AI selects", over)
                if said == "AI selects":
                    figures["key to the AI's answer"].append(time.monotonic() - asked)
                    if close_mid_game:
                        return 0  # the tab closes in the middle of its game
                    said = await tab.until(rf"{player}: take", over)
                if said == over:
                    finished += 1
                    if finished < games:
                        await tab.press("a")  # play again
                        await tab.until(rf"{player}: take")
    return finished


def sample_memory(server_pid: int, samples: list[tuple[list[int], list[int]]],
                  stop: threading.Event) -> None:
    while not stop.wait(0.5):
        apps = children_of(server_pid)
        rss = [memory_of(pid) for pid in apps]
        pss = [pss_of(pid) for pid in apps]
        samples.append((rss, pss))


def pss_of(pid: int) -> int:
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def spread(values: list[float], unit: str = "s") -> str:
    if not values:
        return "none"
    ordered = sorted(values)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return (f"min {ordered[0]:.2f} {unit}, median {statistics.median(ordered):.2f} {unit}, "
            f"90% {p90:.2f} {unit}, max {ordered[-1]:.2f} {unit} ({len(ordered)} of them)")


async def the_room(url: str, tabs: int, closing: int, games: int,
                   figures: dict[str, list[float]], think: float) -> list[int]:
    ws_url = url.replace("http", "ws") + "/ws?width=80&height=24"
    jobs = [one_tab(ws_url, f"Student {n}", games, False, figures, think)
            for n in range(1, tabs + 1)]
    jobs += [one_tab(ws_url, f"Leaver {n}", games, True, figures, think)
             for n in range(1, closing + 1)]
    return list(await asyncio.gather(*jobs))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tabs", type=int, default=30)
    parser.add_argument("--closing", type=int, default=4)
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--think", type=float, default=0.5,
                        help="seconds each player thinks before a move (default 0.5: a quick "
                        "student; 0: as fast as the app answers)")
    parser.add_argument("--max-starts", type=int, default=None,
                        help="the server's --max-starts (default: its own default)")
    args = parser.parse_args()
    options = ["--max-starts", str(args.max_starts)] if args.max_starts else []
    figures: dict[str, list[float]] = {"first screen": [], "key to the AI's answer": []}
    samples: list[tuple[list[int], list[int]]] = []
    with tempfile.TemporaryDirectory() as folder:
        data = Path(folder) / "room"
        with serving(data, *options, env={"STICKS_TUI_AI_DELAY": "0"}) as room:
            stop = threading.Event()
            sampler = threading.Thread(
                target=sample_memory, args=(room.process.pid, samples, stop), daemon=True
            )
            sampler.start()
            began = time.monotonic()
            finished = asyncio.run(the_room(room.url, args.tabs, args.closing, args.games,
                                            figures, args.think))
            took = time.monotonic() - began
            stop.set()
            sampler.join()
            server_peak = memory_of(room.process.pid, "VmHWM")
            deadline = time.monotonic() + PATIENCE
            while children_of(room.process.pid) and time.monotonic() < deadline:
                time.sleep(0.2)  # every tab's app gone: every save done
            board = json.loads(room.command("leaderboard", "--json").stdout)
            console = list(room.out)
            brains = json.loads(room.command("brain", "list", "--json").stdout)
    expected = args.tabs * args.games
    players = {row["name"]: row["games"] for row in board}
    ai_games = players.pop("AI", 0)
    brain_games = sum(b["games_played"] for b in brains if b["ai"] == "AI")
    print(f"sticks-tui serve under load: {args.tabs} tabs x {args.games} games against the "
          f"learning AI, {args.closing} more closed mid-game; {args.think:g} s to think before "
          f"a move; {os.cpu_count()} cores; "
          f"{took:.1f} s in all")
    print(f"  games finished: {sum(finished):,} (expected {expected:,})")
    print(f"  leaderboard: {len([g for g in players.values() if g == args.games])} of "
          f"{args.tabs} players with {args.games} games each, "
          f"{len([n for n in players if n.startswith('Leaver')])} leavers counted; "
          f"the AI's row: {ai_games:,} games")
    print(f"  brain: {brain_games:,} games learned")
    print(f"  first screen: {spread(figures['first screen'])}")
    answers = spread(figures["key to the AI's answer"])
    print(f"  key to the AI's answer: {answers}")
    busiest = max(samples, key=lambda s: len(s[0])) if samples else ([], [])
    if busiest[0]:
        print(f"  apps' memory with {len(busiest[0])} open: resident median "
              f"{statistics.median(busiest[0]) / MB:.0f} MB, proportional median "
              f"{statistics.median(busiest[1]) / MB:.0f} MB ({sum(busiest[1]) / MB:,.0f} MB "
              "together)")
    print(f"  the server's peak: {server_peak / MB:.0f} MB resident")
    counted_once = (sum(finished) == expected == ai_games == brain_games
                    and all(g == args.games for g in players.values()) and len(players) == args.tabs)
    ended = [line for line in console if "was ended" in line or "took too much" in line]
    print(f"  apps ended by the server (not left by themselves): {len(ended)}")
    print("  every finished game counted once" if counted_once else "  COUNTS DISAGREE")
    if not counted_once or ended:
        print("The room's console:", *console, sep="\n  ")
    return 0 if counted_once else 1


if __name__ == "__main__":
    raise SystemExit(main())

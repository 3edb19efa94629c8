"""What the event loop spends on the analysis of a big brain and on the end of a game (issue 22:
engine and store work off the event loop; target: a key acts within 50 ms).

1. The delay from a key to its effect while the analysis screen reads a big brain: the app
   runs headless at 80x24 with a real clock, the hats of a 24-stick Sticky-Nim line trained
   by self-play (1,957 positions: the largest game the screen analyses); F2 opens the analysis,
   and while it works (the hats read and the table laid out in a thread) a key
   (``c``, then ``t``: the curve's tab, the table's) is sent every 20 ms; its delay is the time
   until the tab it names shows. Printed: the keys sent, the median and the longest delay, and
   the longest time the event loop did not answer at all.

2. The event loop's time at the end of a game, for the same brain kept in a store on disk:
   "before" is what the board did until now (the lesson saved, the result recorded, on the
   loop); "after" is what it does now (a copy of the hats taken and both saves asked of the
   store's writer). Each is the median and the longest of ``--games`` games (hat AI against the
   random player).

    python benchmarks/analysis_key_delay.py [--games 30] [--train 20000]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from textual import events  # noqa: E402
from textual.widgets import TabbedContent  # noqa: E402

from sticks_tui.engine import SELF, HatBrain, HatPlayer, Match, RandomPlayer, train  # noqa: E402
from sticks_tui.engine.games import parse_game  # noqa: E402
from sticks_tui.storage.brain_cache import BrainCache  # noqa: E402
from sticks_tui.storage.records import MemoryRecords  # noqa: E402
from sticks_tui.storage.sqlite.store import SqliteStore
from sticks_tui.ui.app import SticksApp  # noqa: E402
from sticks_tui.ui.screens.analysis.screen import AnalysisScreen

GAME = "sticky:24"
KEY_EVERY = 0.02
#: A key that has not acted after this long is lost (a bug, not a delay).
LOST_AFTER = 10.0


def trained(games: int) -> HatBrain:
    brain = HatBrain(parse_game(GAME))
    train(brain, SELF, games, seed=1)
    return brain


async def key_delays(brain: HatBrain) -> tuple[list[float], float, float]:
    """The delays of the keys sent while the analysis works (seconds), the longest time the
    loop did not answer, and how long the analysis took."""
    app = SticksApp(MemoryRecords(), seed=1, ai_delay=0.0)
    app.settings.choose(brain.rules)
    app.brains.hats(brain.rules, "AI").take_on(brain)
    delays: list[float] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        gaps: list[float] = []
        watching = True

        async def watch_loop() -> None:
            last = time.perf_counter()
            while watching:
                await asyncio.sleep(0.001)
                now = time.perf_counter()
                gaps.append(now - last)
                last = now

        loop_watch = asyncio.create_task(watch_loop())
        started = time.perf_counter()
        app.post_message(events.Key("f2", None))
        while not isinstance(app.screen, AnalysisScreen):
            await asyncio.sleep(0.001)
        screen = app.screen
        while not screen.query(TabbedContent):  # composed: its tabs can be asked for
            await asyncio.sleep(0.001)
        keys = [("c", "analysis-learning"), ("t", "analysis-positions")]
        sent = 0
        while screen.working:
            key, tab = keys[sent % 2]
            pressed = time.perf_counter()
            app.post_message(events.Key(key, key))
            tabs = screen.query_one(TabbedContent)
            while tabs.active != tab:
                if time.perf_counter() - pressed > LOST_AFTER:
                    raise SystemExit(f"the key {key!r} did nothing for {LOST_AFTER} s: lost; {app.screen!r} {app.focused!r} {tabs.active} {sent} {screen.working}")
                await asyncio.sleep(0.0005)
            delays.append(time.perf_counter() - pressed)
            sent += 1
            await asyncio.sleep(KEY_EVERY)
        took = time.perf_counter() - started
        watching = False
        await loop_watch
    return delays, max(gaps), took


def game_end_times(brain: HatBrain, games: int) -> tuple[list[float], list[float]]:
    """The loop's time of each game end (seconds): saved on the loop, then asked of the
    writer."""
    rules = brain.rules
    rng = random.Random(1)
    before: list[float] = []
    after: list[float] = []
    with tempfile.TemporaryDirectory() as folder, SqliteStore.open(Path(folder)) as store:
        store.save_brain(brain, "AI")
        cache = BrainCache(store)
        live = cache.hats(rules, "AI")
        for i in range(2 * games):
            match = Match(rules, [HatPlayer("AI", live, rng), RandomPlayer("Random AI", rng)])
            while not match.is_over:
                match.play_machine_turn()
            started = time.perf_counter()
            if i % 2 == 0:  # as the board did: both saves on the loop
                cache.keep_hats("AI", live)
                store.record_game("AI", "Random AI", game=GAME)
                before.append(time.perf_counter() - started)
            else:  # as it does now: asked of the writer
                cache.keep_hats_soon("AI", live)
                cache.record_game_soon("AI", "Random AI", GAME)
                after.append(time.perf_counter() - started)
                cache.settle()  # the next game starts from a settled store, as the first did
    return before, after


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30, help="game ends timed, each way")
    parser.add_argument("--train", type=int, default=20_000, help="self-play games of the brain")
    args = parser.parse_args()
    load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    print(f"python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores, "
          f"load average {load} (a loaded machine delays every figure); "
          f"command: python benchmarks/analysis_key_delay.py --games {args.games} "
          f"--train {args.train}")
    brain = trained(args.train)
    print(f"{GAME}: hats of {brain.games_played:,} games, {len(brain.positions()):,} hats kept")
    delays, longest_gap, took = asyncio.run(key_delays(brain))
    print(f"1. analysis open for {took:.2f} s: {len(delays)} keys sent; delay to effect: "
          f"median {ms(statistics.median(delays))}, longest {ms(max(delays))} (target < 50 ms); "
          f"longest time the loop did not answer: {ms(longest_gap)}")
    before, after = game_end_times(brain, args.games)
    print(f"2. event loop at a game end ({args.games} games each): before (saved on the loop) "
          f"median {ms(statistics.median(before))}, longest {ms(max(before))}; after (asked "
          f"of the writer) median {ms(statistics.median(after))}, longest {ms(max(after))}")


if __name__ == "__main__":
    main()

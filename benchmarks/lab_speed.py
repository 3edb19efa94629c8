"""The training lab at full speed against headless ``train()``: games per second of each, and
how often the lab's screen redraws (issue 12: at most about 10 a second, and at least 80% of
headless training's games per second).

The lab runs as a person would run it, in the app (headless, 80x24, a real clock): its form
filled in, Enter, full speed, until the run ends; its games per second are over the time it
trained, as the lab itself shows them at the end (the script awaits the end rather than
polling for it, which would wake the app's thread, and training with it, 50 times a second).
Headless is one ``train()`` call with the same learner, opponent and games. Each is measured
``--repeat`` times, the best kept.

On a shared machine the wall clock says as much about the other programs as about ours, so
the processor time is given too: what the training thread spent (headless: the one thread),
and what the app's thread spent drawing meanwhile. The two threads share Python's lock, so on
an idle machine the lab's games per second are about the games over their sum: the "idle
estimate" column.

    python benchmarks/lab_speed.py [--sticks 20] [--games 300000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import asyncio
import time
from dataclasses import dataclass
from typing import Any

from sticks_tui.engine import RANDOM, SELF, HatBrain, game_of_sticks, train
from sticks_tui.engine.opponents import Opponent
from sticks_tui.storage.records import MemoryRecords
from sticks_tui.ui.app import SticksApp
from sticks_tui.ui.screens import lab_run
from sticks_tui.ui.screens.lab import LabScreen
from sticks_tui.ui.screens.lab_parts import LabDone, LabTick
from sticks_tui.ui.screens.lab_run import LabRunScreen


@dataclass
class Run:
    games: int
    wall: float
    training_cpu: float
    drawing_cpu: float = 0.0
    redraws: int = 0

    @property
    def rate(self) -> float:
        return self.games / self.wall

    @property
    def idle_rate(self) -> float:
        return self.games / (self.training_cpu + self.drawing_cpu)


def headless(sticks: int, games: int, against: Opponent) -> Run:
    brain = HatBrain(game_of_sticks(sticks))
    cpu, wall = time.thread_time(), time.perf_counter()
    train(brain, against, games, seed=1, backend="auto")
    return Run(games, time.perf_counter() - wall, time.thread_time() - cpu)


def lab(sticks: int, games: int, against: str) -> Run:
    return asyncio.run(_lab(sticks, games, against))


async def _lab(sticks: int, games: int, against: str) -> Run:
    app = SticksApp(MemoryRecords(), seed=1, ai_delay=0.0)
    seen: dict[str, Any] = {"redraws": 0}
    finished = asyncio.Event()  # awaited, not polled: polling would wake the app's thread
    tick, done, trainer = LabRunScreen.on_lab_tick, LabRunScreen.on_lab_done, lab_run.train

    def counted(screen: LabRunScreen, message: LabTick) -> None:
        seen.setdefault("drawing_from", time.thread_time())
        seen["redraws"] += 1
        tick(screen, message)

    def ended(screen: LabRunScreen, message: LabDone) -> None:
        seen["drawing"] = time.thread_time() - seen.get("drawing_from", time.thread_time())
        done(screen, message)
        finished.set()

    def timed(*args: Any, **kwargs: Any) -> Any:
        cpu = time.thread_time()
        result = trainer(*args, **kwargs)
        seen["training"] = time.thread_time() - cpu
        return result

    LabRunScreen.on_lab_tick = counted  # type: ignore[method-assign]
    LabRunScreen.on_lab_done = ended  # type: ignore[method-assign]
    lab_run.train = timed
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            app.settings.choose(game_of_sticks(sticks))
            await pilot.pause()
            app.push_screen(LabScreen())
            while not (isinstance(app.screen, LabScreen) and app.screen.query("#against")):
                await pilot.pause()
            app.screen.query_one("#against").value = against  # type: ignore[attr-defined]
            app.screen.query_one("#games").value = str(games)  # type: ignore[attr-defined]
            await pilot.pause()
            await pilot.press("enter")
            await finished.wait()
            await pilot.pause()
            screen = app.screen
            assert screen.result is not None and screen.result.games_played == games
            return Run(games, screen.seconds, seen["training"], seen["drawing"], seen["redraws"])
    finally:
        LabRunScreen.on_lab_tick = tick  # type: ignore[method-assign]
        LabRunScreen.on_lab_done = done  # type: ignore[method-assign]
        lab_run.train = trainer


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sticks", type=int, default=20)
    parser.add_argument("--games", type=int, default=300_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"Game of Sticks from {args.sticks}, {args.games:,} games, best of {args.repeat}")
    print(
        f"{'against':8} {'headless':>10} {'lab':>10} {'lab/head':>9} {'redraws/s':>10}   "
        f"{'headless cpu':>12} {'lab cpu':>10} {'draw cpu':>9} {'idle estimate':>14}"
    )
    for word, opponent in (("random", RANDOM), ("self", SELF)):
        alone = [headless(args.sticks, args.games, opponent) for _ in range(args.repeat)]
        runs = [lab(args.sticks, args.games, word) for _ in range(args.repeat)]
        best_alone = max(alone, key=lambda r: r.rate)
        best = max(runs, key=lambda r: r.rate)
        cpu_alone = min(r.training_cpu for r in alone)
        cpu_lab = min(runs, key=lambda r: r.training_cpu + r.drawing_cpu)
        idle = cpu_lab.idle_rate / (args.games / cpu_alone)
        ratio = best.rate / best_alone.rate
        print(
            f"{word:8} {best_alone.rate:>8,.0f}/s {best.rate:>8,.0f}/s {ratio:>9.0%}"
            f" {best.redraws / best.wall:>10.1f}   {cpu_alone:>11.2f}s"
            f" {cpu_lab.training_cpu:>9.2f}s {cpu_lab.drawing_cpu:>8.2f}s {idle:>14.0%}"
        )


if __name__ == "__main__":
    main()

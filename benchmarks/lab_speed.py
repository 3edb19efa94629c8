"""The training lab at full speed against headless ``train()``: games per second of each, and
how often the lab's screen redraws (issue 12: at most about 10 a second, and at least 80% of
headless training's games per second); then how soon a key acts (issue 21: under 0.1 s at every
speed, full speed included).

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

The keys: a lab runs 10,000,000 games against random at a speed; a key is pressed (as the pilot
presses it) and the time is taken until the training thread obeys it: ``-`` (slower) until the
run of games at the old speed is over (or the next move is made), space (pause) until the
thread waits, and ``s`` (step, while paused) until it lets a game (or move) through; and until
the screen next draws a report or a move. Each key ``--presses`` times; the median and the
worst are printed.

    python benchmarks/lab_speed.py [--sticks 20] [--games 300000] [--repeat 3] [--presses 5]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from textual.pilot import Pilot

from sticks_tui.engine import RANDOM, SELF, HatBrain, game_of_sticks, train
from sticks_tui.engine.opponents import Opponent
from sticks_tui.storage.records import MemoryRecords
from sticks_tui.ui.app import SticksApp
from sticks_tui.ui.screens.lab import run as lab_run
from sticks_tui.ui.screens.lab.form import LabScreen
from sticks_tui.ui.screens.lab.parts import LabDone
from sticks_tui.ui.screens.lab.parts import LabMove
from sticks_tui.ui.screens.lab.parts import LabTick
from sticks_tui.ui.screens.lab.run import LabRunScreen
from sticks_tui.ui.speed import FULL_SPEED, SPEEDS, START_SPEED, SpeedControl


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


async def _open_lab(app: SticksApp, pilot: Pilot[Any], sticks: int, speed: int) -> None:
    """The lab's form for the Game of Sticks from ``sticks``, its run to start at ``speed``."""
    app.settings.choose(game_of_sticks(sticks))
    await pilot.pause()
    app.push_screen(LabScreen(speed=speed))
    while not (isinstance(app.screen, LabScreen) and app.screen.query("#against")):
        await pilot.pause()


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
            await _open_lab(app, pilot, sticks, FULL_SPEED)
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


#: The moments the training thread obeys a key, by what it does then (perf_counter times).
OBEYED: dict[str, list[float]] = {"run": [], "wait": [], "waited": [], "report": []}


def _instrument() -> Callable[[], None]:
    """Record when the training thread begins a run of games or a move (``run``), starts
    waiting while paused (``wait``), is let through by a step (``waited``), and when the
    screen shows a report (``report``); returns what undoes it."""
    before, watch, wait = (SpeedControl.games_before_report, SpeedControl._watch,
                           SpeedControl._wait_for_step)
    tick, move = LabRunScreen.on_lab_tick, LabRunScreen.on_lab_move

    def games_before_report(self: SpeedControl, games_done: int) -> int:
        OBEYED["run"].append(time.perf_counter())  # the run before is over
        return before(self, games_done)

    def watched(self: SpeedControl, move: Any) -> None:
        OBEYED["run"].append(time.perf_counter())
        watch(self, move)

    def wait_for_step(self: SpeedControl) -> None:
        OBEYED["wait"].append(time.perf_counter())
        wait(self)
        OBEYED["waited"].append(time.perf_counter())

    def ticked(screen: LabRunScreen, message: LabTick) -> None:
        tick(screen, message)
        OBEYED["report"].append(time.perf_counter())

    def moved(screen: LabRunScreen, message: LabMove) -> None:
        move(screen, message)
        OBEYED["report"].append(time.perf_counter())

    SpeedControl.games_before_report = games_before_report  # type: ignore[method-assign]
    SpeedControl._watch = watched  # type: ignore[method-assign]
    SpeedControl._wait_for_step = wait_for_step  # type: ignore[method-assign]
    LabRunScreen.on_lab_tick = ticked  # type: ignore[method-assign]
    LabRunScreen.on_lab_move = moved  # type: ignore[method-assign]

    def undo() -> None:
        SpeedControl.games_before_report = before  # type: ignore[method-assign]
        SpeedControl._watch = watch  # type: ignore[method-assign]
        SpeedControl._wait_for_step = wait  # type: ignore[method-assign]
        LabRunScreen.on_lab_tick = tick  # type: ignore[method-assign]
        LabRunScreen.on_lab_move = move  # type: ignore[method-assign]

    return undo


def _after(kind: str, since: float) -> float | None:
    later = [t - since for t in OBEYED[kind] if t >= since]
    return min(later) if later else None


async def _key_delays(sticks: int, speed: int, presses: int) -> dict[str, list[float | None]]:
    """For each key: (to the trainer, to the screen) delays of each press, at ``speed``."""
    app = SticksApp(MemoryRecords(), seed=1, ai_delay=0.0)
    delays: dict[str, list[float | None]] = {}
    async with app.run_test(size=(80, 24)) as pilot:
        await _open_lab(app, pilot, sticks, speed)
        app.screen.query_one("#games").value = "10000000"  # type: ignore[attr-defined]
        await pilot.pause()
        await pilot.press("enter")
        screen = app.screen
        assert isinstance(screen, LabRunScreen)
        await asyncio.sleep(1.5)  # at its pace
        for _ in range(presses):
            for key, obeyed, back in (("minus", "run", "f" if speed == FULL_SPEED else "plus"),
                                      ("space", "wait", None), ("s", "waited", "space")):
                since = time.perf_counter()
                await pilot.press(key)
                await asyncio.sleep(1.2 if speed == FULL_SPEED else 1.0)
                delays.setdefault(f"{key} trainer", []).append(_after(obeyed, since))
                delays.setdefault(f"{key} screen", []).append(_after("report", since))
                if back is not None:
                    await pilot.press(back)
                    await asyncio.sleep(1.2)
        screen.control.stop()
    return delays


def _figures(values: list[float | None]) -> str:
    known = [v for v in values if v is not None]
    if not known:
        return f"{'-':>15}"
    missed = len(values) - len(known)
    text = f"{statistics.median(known) * 1000:6.1f} /{max(known) * 1000:6.1f} ms"
    return text + (f" ({missed} none)" if missed else "")


def keys(sticks: int, presses: int) -> None:
    print(f"\nFrom a key to its effect (median / worst of {presses}), Game of Sticks from {sticks}"
          ", against random")
    print(f"{'speed':20} {'key':6} {'to the trainer':>18} {'to the screen':>18}")
    undo = _instrument()
    try:
        for speed in (FULL_SPEED, 3, START_SPEED):
            delays = asyncio.run(_key_delays(sticks, speed, presses))
            for key, word in (("minus", "-"), ("space", "pause"), ("s", "step")):
                print(f"{SPEEDS[speed].label:20} {word:6} {_figures(delays[f'{key} trainer']):>18}"
                      f" {_figures(delays[f'{key} screen']):>18}")
    finally:
        undo()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sticks", type=int, default=20)
    parser.add_argument("--games", type=int, default=300_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--presses", type=int, default=5)
    parser.add_argument("--keys-only", action="store_true", help="only how soon keys act")
    args = parser.parse_args()
    if not args.keys_only:
        rates(args.sticks, args.games, args.repeat)
    keys(args.sticks, args.presses)


def rates(sticks: int, games: int, repeat: int) -> None:
    """Games per second of the lab at full speed and of headless training, and redraws."""
    print(f"Game of Sticks from {sticks}, {games:,} games, best of {repeat}")
    print(
        f"{'against':8} {'headless':>10} {'lab':>10} {'lab/head':>9} {'redraws/s':>10}   "
        f"{'headless cpu':>12} {'lab cpu':>10} {'draw cpu':>9} {'idle estimate':>14}"
    )
    for word, opponent in (("random", RANDOM), ("self", SELF)):
        alone = [headless(sticks, games, opponent) for _ in range(repeat)]
        runs = [lab(sticks, games, word) for _ in range(repeat)]
        best_alone = max(alone, key=lambda r: r.rate)
        best = max(runs, key=lambda r: r.rate)
        cpu_alone = min(r.training_cpu for r in alone)
        cpu_lab = min(runs, key=lambda r: r.training_cpu + r.drawing_cpu)
        idle = cpu_lab.idle_rate / (games / cpu_alone)
        ratio = best.rate / best_alone.rate
        print(
            f"{word:8} {best_alone.rate:>8,.0f}/s {best.rate:>8,.0f}/s {ratio:>9.0%}"
            f" {best.redraws / best.wall:>10.1f}   {cpu_alone:>11.2f}s"
            f" {cpu_lab.training_cpu:>9.2f}s {cpu_lab.drawing_cpu:>8.2f}s {idle:>14.0%}"
        )


if __name__ == "__main__":
    main()

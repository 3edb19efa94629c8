"""The training lab at full speed against headless ``train()``: games per second of each, and
how often the lab's screen redraws (issue 12: at most about 10 a second, and at least 80% of
headless training's games per second).

The lab runs as a person would run it, in the app (headless, 80x24, a real clock): its form
filled in, Enter, full speed, until the run ends. Headless is one ``train()`` call with the
same learner, opponent and games (the default progress reports, no curve). Each pairing is
measured ``--repeat`` times, the best of each kept (the machine is shared).

    python benchmarks/lab_speed.py [--sticks 20] [--games 200000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import asyncio
import time

from sticks_tui.engine import RANDOM, SELF, HatBrain, game_of_sticks, train
from sticks_tui.engine.opponents import Opponent
from sticks_tui.storage.records import MemoryRecords
from sticks_tui.ui.app import SticksApp
from sticks_tui.ui.screens.lab import LabScreen
from sticks_tui.ui.screens.lab_run import LabRunScreen, LabTick


def headless(sticks: int, games: int, against: Opponent) -> float:
    """Games per second of one ``train()`` call."""
    brain = HatBrain(game_of_sticks(sticks))
    started = time.perf_counter()
    train(brain, against, games, seed=1, backend="auto")
    return games / (time.perf_counter() - started)


def lab(sticks: int, games: int, against: str) -> tuple[float, float]:
    """(games per second, redraws per second) of the lab at full speed, over the time it
    trained (from its worker's start to its end, as the lab shows it at the end)."""
    return asyncio.run(_lab(sticks, games, against))


async def _lab(sticks: int, games: int, against: str) -> tuple[float, float]:
    app = SticksApp(MemoryRecords(), seed=1, ai_delay=0.0)
    redraws = 0
    original = LabRunScreen.on_lab_tick

    def counted(screen: LabRunScreen, tick: LabTick) -> None:
        nonlocal redraws
        redraws += 1
        original(screen, tick)

    LabRunScreen.on_lab_tick = counted  # type: ignore[method-assign]
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
            while not (isinstance(app.screen, LabRunScreen) and app.screen.result is not None):
                await asyncio.sleep(0.02)
            elapsed = app.screen.seconds
            assert app.screen.result.games_played == games
    finally:
        LabRunScreen.on_lab_tick = original  # type: ignore[method-assign]
    return games / elapsed, redraws / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sticks", type=int, default=20)
    parser.add_argument("--games", type=int, default=200_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"Game of Sticks from {args.sticks}, {args.games:,} games, best of {args.repeat}")
    print(f"{'against':8} {'headless':>12} {'lab':>12} {'lab/headless':>13} {'redraws/s':>10}")
    for word, opponent in (("random", RANDOM), ("self", SELF)):
        alone = max(headless(args.sticks, args.games, opponent) for _ in range(args.repeat))
        runs = [lab(args.sticks, args.games, word) for _ in range(args.repeat)]
        rate, redraws = max(runs)
        print(
            f"{word:8} {alone:>10,.0f}/s {rate:>10,.0f}/s {rate / alone:>12.0%} "
            f"{redraws:>10.1f}"
        )


if __name__ == "__main__":
    main()

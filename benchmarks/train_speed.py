"""Self-play training speed and memory of the hat AI (issue 2's benchmark).

Since issue 10 self-play is ONE brain in both seats, trained by ``train(brain, SELF, games)``
(the fast loop inside HatBrain, chosen automatically).

Prints, for 100,000 self-play games at 10 and at 100 sticks: the time taken and games per
second (best of --repeat runs), then the peak memory that training allocates for 10,000 and for
100,000 games (tracemalloc, in runs of their own, since tracing slows Python down), to show that
memory does not grow with the number of games: hats are counts, not lists of balls.

    python benchmarks/train_speed.py [--games 100000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from sticks_tui.engine import SELF, HatBrain, game_of_sticks, train  # noqa: E402


def best_time(sticks: int, games: int, repeat: int) -> float:
    times = []
    for run in range(repeat):
        start = time.perf_counter()
        train(HatBrain(game_of_sticks(sticks)), SELF, games, seed=run)
        times.append(time.perf_counter() - start)
    return min(times)


def peak_memory(sticks: int, games: int) -> tuple[int, int]:
    """Peak bytes allocated while training, and the total balls in the trained hats."""
    tracemalloc.start()
    brain = HatBrain(game_of_sticks(sticks))
    train(brain, SELF, games, seed=1)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    balls = sum(sum(brain.counts(p).values()) for p in brain.positions())
    return peak, balls


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}, {args.games:,} games, best of {args.repeat}")
    print(f"{'sticks':>6} {'seconds':>8} {'games/s':>9}")
    for sticks in (10, 100):
        seconds = best_time(sticks, args.games, args.repeat)
        print(f"{sticks:>6} {seconds:>8.2f} {args.games / seconds:>9,.0f}")
    print()
    print(f"{'sticks':>6} {'games':>8} {'peak KiB':>9} {'balls in hats':>14}")
    for games in (args.games // 10, args.games):
        peak, balls = peak_memory(100, games)
        print(f"{100:>6} {games:>8,} {peak / 1024:>9,.0f} {balls:>14,}")


if __name__ == "__main__":
    main()

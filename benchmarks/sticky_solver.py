"""Speed of the perfect Sticky-Nim player (issue 6's benchmark).

Prints, for lines of 20, 40 and 62 sticks (k = 3): the time the perfect player takes to choose
a move (all winning moves are computed) at the start and at --samples positions met in random
games from that line (median and worst), with a fresh solver each time so nothing is cached
between answers; the one-time cost of loading the theory; and, for comparison, the plain
memoized search over multisets (the exact method without the theory) from the start of short
lines.

It also checks the theory against brute force on every position of --check sticks (k = 2..5).

    python benchmarks/sticky_solver.py [--samples 300] [--plain 16 20 24 28] [--check 30]
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from sticks_tui.engine import PerfectPlayer, Solver  # noqa: E402
from sticks_tui.engine.games.sticky import StickyNim
from sticks_tui.engine.games.sticky_heaps import BruteForce, reachable_positions
from sticks_tui.engine.games.sticky_line import STICKY_MAX
from sticks_tui.engine.games.sticky_theory import theory_for


def sample_positions(game: StickyNim, count: int, rng: random.Random) -> list[tuple[int, ...]]:
    """Positions met in random games from the start (every position of each game)."""
    positions: list[tuple[int, ...]] = []
    while len(positions) < count:
        position = game.initial_position()
        while position and len(positions) < count:
            positions.append(position)
            position = game.apply(position, rng.choice(game.legal_moves(position)))
    return positions


def answer_time(game: StickyNim, position: tuple[int, ...]) -> float:
    player = PerfectPlayer("P", game, random.Random(0))  # a fresh solver: no cached answers
    start = time.perf_counter()
    player.make_choice(game, position)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=300)
    parser.add_argument("--plain", type=int, nargs="*", default=[16, 20, 24, 28])
    parser.add_argument("--check", type=int, default=30)
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}, Sticky-Nim, takes 1-3")
    start = time.perf_counter()
    theory_for(3, STICKY_MAX)
    print(f"loading the theory (once per program): {1000 * (time.perf_counter() - start):.1f} ms")
    print(f"{'sticks':>6} {'start ms':>9} {'median ms':>10} {'worst ms':>9} {'worst position'}")
    rng = random.Random(2024)
    for sticks in (20, 40, 62):
        game = StickyNim(sticks)
        first = answer_time(game, game.initial_position())
        times = [(answer_time(game, p), p) for p in sample_positions(game, args.samples, rng)]
        worst, where = max(times)
        median = statistics.median(t for t, _ in times)
        print(f"{sticks:>6} {1000 * first:>9.2f} {1000 * median:>10.3f} {1000 * worst:>9.2f} {list(where)}")
    print()
    print("plain memoized search from the start (no theory):")
    print(f"{'sticks':>6} {'seconds':>8} {'positions solved':>17}")
    for sticks in args.plain:
        game = StickyNim(sticks)
        solver = Solver(game, use_theory=False)
        start = time.perf_counter()
        solver.winning_moves(game.initial_position())
        print(f"{sticks:>6} {time.perf_counter() - start:>8.2f} {len(solver._won):>17,}")
    print()
    for k in (2, 3, 4, 5):
        theory, brute = theory_for(k, STICKY_MAX), BruteForce(k)
        positions = list(reachable_positions(args.check))
        wrong = sum(theory.lost(p) != brute.lost(p) for p in positions)
        print(f"k={k}: theory vs brute force on all {len(positions):,} positions of "
              f"{args.check} sticks: {wrong} disagreements")


if __name__ == "__main__":
    main()

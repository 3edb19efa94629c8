"""What keeping each game's change (``last_game``, issue 21) costs the plain training loop.

The learners keep, at every game's end, what the game did to them (a few tuples), so that the
board can show it. The fast loops do not go through it; the plain loop of ``train`` does (the
lab at the speeds one can follow, games no fast loop plays, e.g. a hat AI at Nim). Prints the
games per second of that loop, best of --repeat runs, for a hat AI and a Q-learner at Nim
1, 3, 5, 7 against the random player and in self-play. Run it on two checkouts to compare:

    python benchmarks/game_change_cost.py [--games 20000] [--repeat 5]
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from sticks_tui.engine import RANDOM, SELF, HatBrain, QLearner, train  # noqa: E402
from sticks_tui.engine.games.nim import Nim  # noqa: E402


def games_per_second(make, against, games: int, repeat: int) -> float:
    best = float("inf")
    for seed in range(repeat):
        learner = make()
        start = time.perf_counter()
        train(learner, against, games, seed=seed, fast=False, memory_cap=None)
        best = min(best, time.perf_counter() - start)
    return games / best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    nim = Nim()
    print(f"Python {platform.python_version()} on {platform.machine()}, Nim 1,3,5,7, "
          f"{args.games:,} games of the plain loop (fast=False), best of {args.repeat}")
    rows = [
        ("hat AI vs random", lambda: HatBrain(nim), RANDOM),
        ("hat AI self-play", lambda: HatBrain(nim), SELF),
        ("Q-learner vs random", lambda: QLearner(rules=nim), RANDOM),
        ("Q-learner self-play", lambda: QLearner(rules=nim), SELF),
    ]
    for label, make, against in rows:
        rate = games_per_second(make, against, args.games, args.repeat)
        print(f"  {label:<22} {rate:>10,.0f} games/s")


if __name__ == "__main__":
    main()

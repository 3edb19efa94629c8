"""Q-learning self-play speed on Nim 1, 3, 5, 7 (issue 6's benchmark).

Prints the time of 10,000 self-play games for two loops, best of --repeat runs:

* the reference loop: CS50's training algorithm (same rewards, same updates, same order),
  calling QLearner's public CS50 methods move by move, as a CS50 solution does; this is the
  baseline the issue's "about 2.2 s" refers to;
* ``train(QLearner(rules=nim), SELF, games)``, the fast loop (chosen automatically), which
  gives the same Q table as the reference loop;
* the same with ``fast=False``: the plain trainer loop through the Learner protocol.

    python benchmarks/qlearning_speed.py [--games 10000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from sticks_tui.engine import SELF, QLearner, train  # noqa: E402
from sticks_tui.engine.games.nim import Nim  # noqa: E402
from sticks_tui.engine.learners.q.reference import train_qlearner_reference  # noqa: E402


def trained(nim: Nim, games: int, seed: int, fast: bool = True) -> QLearner:
    learner = QLearner(rules=nim)
    train(learner, SELF, games, seed=seed, fast=fast)
    return learner


def best_of(repeat: int, run) -> float:
    times = []
    for seed in range(repeat):
        random.seed(seed)
        start = time.perf_counter()
        run(seed)
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    nim, games = Nim(), args.games
    print(f"Python {platform.python_version()} on {platform.machine()}, Nim 1,3,5,7, "
          f"{games:,} self-play games, best of {args.repeat}")
    rows = [
        ("reference loop (QLearner methods)", lambda seed: train_qlearner_reference(nim, games, seed=seed)),
        ("train, fast loop", lambda seed: trained(nim, games, seed)),
        ("train, plain loop (fast=False)", lambda seed: trained(nim, games, seed, fast=False)),
    ]
    for label, run in rows:
        seconds = best_of(args.repeat, run)
        print(f"{label:<36} {seconds:6.2f} s  {games / seconds:>9,.0f} games/s")
    same = trained(nim, games, 1).q == train_qlearner_reference(nim, games, seed=1).q
    print(f"fast and reference Q tables equal for seed 1: {same}")


if __name__ == "__main__":
    main()

"""What keeping the learning curve costs `sticks-tui train` (issue 5: keep the curve with the brain).

Trains the same games with and without the learning curve, with the spacing that
``sticks-tui train`` uses (``sticks_tui.cli.train``), runs the two alternately so that a busy
machine slows both alike, and prints the median CPU time of each and the difference.
``--spacing`` tries another spacing. (The curve's win shares are exact since issue 14: there are
no games per point any more.)

    python benchmarks/train_curve_cost.py [--games 100000] [--sticks 100] [--repeat 5]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from sticks_tui.cli import train as headless  # noqa: E402
from sticks_tui.engine import SELF, CurveSettings, HatBrain, game_of_sticks, train  # noqa: E402
from sticks_tui.engine.learning_curve import CURVE_SPACING, CurveBoard  # noqa: E402


def one_run(sticks: int, games: int, seed: int, spacing: float | None) -> tuple[float, int]:
    """CPU seconds for training as `train` does it, and the curve's points (0 without one)."""
    rules = game_of_sticks(sticks)
    brain = HatBrain(rules)
    every = max(1, min(1000, games // 100))  # as `train` reports progress
    started = time.process_time()
    curve = None if spacing is None else CurveSettings(spacing=spacing)
    train(brain, SELF, games, seed=seed, progress_every=every, curve=curve)
    return time.process_time() - started, len(brain.learning_curve)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--sticks", type=int, default=100)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--spacing", type=float, default=CURVE_SPACING)
    args = parser.parse_args()
    plain, curved, points = [], [], 0
    for seed in range(args.repeat):
        plain.append(one_run(args.sticks, args.games, seed, None)[0])
        seconds, points = one_run(args.sticks, args.games, seed, args.spacing)
        curved.append(seconds)
    before, after = statistics.median(plain), statistics.median(curved)
    print(f"{args.games:,} games at {args.sticks} sticks, median CPU time of {args.repeat} runs")
    print(f"  without the curve: {before:.2f} s")
    print(
        f"  with the curve:    {after:.2f} s ({points} points, spacing {args.spacing})"
    )
    print(f"  slower by {after / before - 1:.0%}")
    brain = HatBrain(game_of_sticks(args.sticks))
    train(brain, SELF, args.games, seed=0)
    started = time.process_time()
    board = CurveBoard(brain.rules)
    for _ in range(points):
        board.point(brain)
    measured = time.process_time() - started
    print(
        f"  the curve alone (its board and {points} points of the trained brain): "
        f"{measured * 1000:.1f} ms, {measured / before:.1%} of training"
    )


if __name__ == "__main__":
    main()

"""What keeping the learning curve costs `sticks-tui train` (issue 5: keep the curve with the brain).

Trains the same games with and without the learning curve, with the spacing and games per
point that ``sticks-tui train`` uses (``sticks_tui.cli.train``), runs the two
alternately so that a busy machine slows both alike, and prints the median CPU time of each and
the difference. ``--spacing`` and ``--per-point`` try other settings.

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


def one_run(sticks: int, games: int, seed: int, spacing: float | None, per_point: int) -> tuple[float, int]:
    """CPU seconds for training as `train` does it, and the curve's points (0 without one)."""
    rules = game_of_sticks(sticks)
    brain = HatBrain(rules)
    every = max(1, min(1000, games // 100))  # as `train` reports progress
    started = time.process_time()
    curve = None if spacing is None else CurveSettings(per_point, seed, spacing)
    train(brain, SELF, games, seed=seed, progress_every=every, curve=curve)
    return time.process_time() - started, len(brain.learning_curve)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--sticks", type=int, default=100)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--spacing", type=float, default=headless.CURVE_SPACING)
    parser.add_argument("--per-point", type=int, default=headless.CURVE_GAMES_PER_POINT)
    args = parser.parse_args()
    plain, curved, points = [], [], 0
    for seed in range(args.repeat):
        plain.append(one_run(args.sticks, args.games, seed, None, args.per_point)[0])
        seconds, points = one_run(args.sticks, args.games, seed, args.spacing, args.per_point)
        curved.append(seconds)
    before, after = statistics.median(plain), statistics.median(curved)
    print(f"{args.games:,} games at {args.sticks} sticks, median CPU time of {args.repeat} runs")
    print(f"  without the curve: {before:.2f} s")
    print(
        f"  with the curve:    {after:.2f} s ({points} points, spacing {args.spacing}, "
        f"{args.per_point} games per point against each opponent)"
    )
    print(f"  slower by {after / before - 1:.0%}")


if __name__ == "__main__":
    main()

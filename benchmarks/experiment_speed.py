"""How long ``sticks-tui experiment`` takes (issue 34's target: under 10 s on 2 cores).

Times the experiment of the issue: the hat AI against self, random and perfect, 30 seeds x
20,000 games each of the Game of Sticks from 20 sticks, on 2 workers, checkpoints and their
measures included, start of the worker processes included; the wall-clock time of each of
``--repeat`` runs, and their median; and the processor time the workers took (summed over them,
read when the pool has ended), which says what the run costs on a machine that others share
too: on 2 idle cores the wall-clock time is about half of it, plus the workers' start. The
same as the command:

    sticks-tui experiment --game sticks --sticks 20 --against self --against random \\
        --against perfect --seeds 30 --games 20000 --workers 2

    python benchmarks/experiment_speed.py [--workers 2] [--seeds 30] [--games 20000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import resource
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from sticks_tui.engine import PERFECT, RANDOM, SELF, game_of_sticks
from sticks_tui.engine.experiment import Configuration, Experiment, run_experiment
from sticks_tui.engine.learners import learner_kind


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seeds", type=int, default=30)
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--sticks", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    hats = learner_kind("hats")
    experiment = Experiment(
        game_of_sticks(args.sticks),
        tuple(Configuration(hats.name, hats.settings_type(), opponent, opponent.name)
              for opponent in (SELF, RANDOM, PERFECT)),
        args.seeds,
        args.games,
    )
    times, processor = [], []
    for _ in range(args.repeat):
        before = _processor_time()
        started = time.perf_counter()
        result = run_experiment(experiment, workers=args.workers)
        times.append(time.perf_counter() - started)
        processor.append(_processor_time() - before)
        assert result.complete and len(result.runs) == experiment.runs
    print(
        f"{experiment.runs} runs (3 opponents x {args.seeds} seeds x {args.games:,} games of "
        f"sticks from {args.sticks}) on {args.workers} workers: "
        + ", ".join(f"{t:.1f} s" for t in times)
        + f"; median {statistics.median(times):.1f} s (target: under 10 s on 2 cores); "
        f"processor time, this process and its workers: median "
        f"{statistics.median(processor):.1f} s"
    )


def _processor_time() -> float:
    """User and system time of this process and of its children that have ended."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


if __name__ == "__main__":
    main()

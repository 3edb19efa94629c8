"""`sticks-tui train --sticks 100 --games 100000` against the list-of-balls yardstick (issue 14).

Every figure is the CPU time (user + system) of a whole process, read with
``resource.getrusage(RUSAGE_CHILDREN)`` around a subprocess, best of ``--repeat`` runs (the
machine is shared: CPU time swings less than wall time, and the best run is the least disturbed).
Three programs run, alternately so that a busy spell slows them alike:

* the yardstick, ``benchmarks/list_of_balls.py`` (each hat a list of balls, ``random.choice``,
  ``list.remove``), self-play of the same games;
* ``sticks-tui train`` as a user runs it (the learning curve kept with the brain);
* the same command with the learning curve turned off (the child lowers the curve's position
  limit to 0 before it runs ``main``, so the command takes its "no learning curve" path).

Each line prints the seconds and how many times less CPU than the yardstick it takes. Options
after ``--`` are added to the train command (e.g. ``-- --backend python``).

    python benchmarks/train_vs_yardstick.py [--sticks 100] [--games 100000] [--repeat 2] [-- ...]
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NO_CURVE = (
    "import sys; import sticks_tui.cli.train as t; t.kept_curve = lambda *args: None; "
    "from sticks_tui.cli.main import main; sys.argv[0] = 'sticks-tui'; raise SystemExit(main())"
)


def cpu_seconds(command: list[str]) -> float:
    """CPU seconds (user + system) of one run of ``command`` to its end."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, check=True, cwd=ROOT, stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sticks", type=int, default=100)
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("extra", nargs="*", help="more options for sticks-tui train")
    args = parser.parse_args()
    python = sys.executable
    with tempfile.TemporaryDirectory() as tmp:
        train = [
            "train", "--sticks", str(args.sticks), "--games", str(args.games), "--seed", "1",
            "--out", str(Path(tmp) / "brain.json"), *args.extra,
        ]
        programs = {
            "list of balls (yardstick)": [
                python, "benchmarks/list_of_balls.py", "--sticks", str(args.sticks),
                "--games", str(args.games),
            ],
            "sticks-tui train": [python, "-m", "sticks_tui", *train],
            "sticks-tui train, no curve": [python, "-c", NO_CURVE, *train],
        }
        best = {name: float("inf") for name in programs}
        for _ in range(args.repeat):
            for name, command in programs.items():
                best[name] = min(best[name], cpu_seconds(command))
    yardstick = best["list of balls (yardstick)"]
    print(
        f"{args.games:,} self-play games at {args.sticks} sticks, CPU seconds of the whole "
        f"process, best of {args.repeat}"
    )
    for name, seconds in best.items():
        print(f"  {name:<28} {seconds:6.2f} s  {yardstick / seconds:5.2f}x less than the yardstick")


if __name__ == "__main__":
    main()

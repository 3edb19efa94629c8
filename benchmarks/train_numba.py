"""`sticks-tui train --sticks 100 --games 100000` with ``--backend numba`` and ``python`` against
the list-of-balls yardstick (issue 14; needs ``pip install 'sticks-tui[fast]'``).

Two figures per program: the training seconds the program itself prints (worked out from its
printed games/s, which has more digits than its seconds), and the CPU seconds (user + system)
of the whole process, from ``resource.getrusage(RUSAGE_CHILDREN)``, numba's import and its
cache included. Best of ``--repeat`` runs, the programs taking turns (the machine is shared).
The brains of the two backends are compared byte for byte.

    python benchmarks/train_numba.py [--sticks 100] [--games 100000] [--repeat 2]
"""

from __future__ import annotations

import argparse
import re
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RATE = re.compile(r"in ([\d.]+) s \(([\d,]+) games/s\)")


def run(command: list[str]) -> tuple[float, str]:
    """(CPU seconds of the whole process, what it printed)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(command, check=True, cwd=ROOT, capture_output=True, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), done.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sticks", type=int, default=100)
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=2)
    args = parser.parse_args()
    python, games = sys.executable, args.games
    with tempfile.TemporaryDirectory() as tmp:
        def train(backend: str) -> list[str]:
            return [
                python, "-m", "sticks_tui", "train", "--sticks", str(args.sticks), "--games",
                str(games), "--seed", "1", "--backend", backend,
                "--out", str(Path(tmp) / f"{backend}.json"),
            ]

        programs = {
            "list of balls (yardstick)": [
                python, "benchmarks/list_of_balls.py", "--sticks", str(args.sticks),
                "--games", str(games),
            ],
            "train --backend python": train("python"),
            "train --backend numba": train("numba"),
        }
        run(train("numba"))  # compile once into numba's cache: later runs load it
        cpu = {name: float("inf") for name in programs}
        printed: dict[str, tuple[float, str]] = {}
        for _ in range(args.repeat):
            for name, command in programs.items():
                seconds, out = run(command)
                cpu[name] = min(cpu[name], seconds)
                found = RATE.search(out)
                if found:
                    training = games / int(found[2].replace(",", ""))
                    if name not in printed or training < printed[name][0]:
                        printed[name] = (training, found[1])
        same = (Path(tmp) / "numba.json").read_bytes() == (Path(tmp) / "python.json").read_bytes()
    yardstick = cpu["list of balls (yardstick)"]
    print(f"{games:,} self-play games at {args.sticks} sticks, best of {args.repeat}")
    for name, seconds in cpu.items():
        shown = ""
        if name in printed:
            training, text = printed[name]
            shown = f"; training {training:.3f} s (printed: {text} s)"
        print(f"  {name:<26} whole process {seconds:5.2f} s CPU, "
              f"{yardstick / seconds:5.2f}x less than the yardstick{shown}")
    print(f"  the two backends' brain files are {'the same' if same else 'DIFFERENT'}")


if __name__ == "__main__":
    main()

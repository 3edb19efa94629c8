"""Memory, time and file size of training big games (issue 20: every accepted game within bounds).

Runs each case as its own ``sticks-tui train`` process (the command a user types, its start-up
and the writing of its brain file included) and prints its wall time, its peak memory (the
operating system's ``ru_maxrss`` of that process, read with ``os.wait4``), the size of the brain
file it wrote, and what the brain keeps (hats and their counts, or Q-values), read back from
that file. The cases and the targets of the issue:

* hats on nim:20,20,20,20,20,20,20,20, 3,000 games: under 200 MB peak and 20 s, file under 10 MB;
* the Q-learner on the same game, 3,000 games: under 200 MB and 20 s;
* hats on sticky:62:3, 3,000 games: under 200 MB and 20 s;
* hats on the Nim game, 100,000 games: under 1 GiB peak;
* hats on octal:0.77:62 (Kayles) and octal:4.07:62 (splits without taking), 3,000 games: under
  200 MB and 20 s, as Sticky-Nim's (issue 35).

    python benchmarks/brain_memory.py [--only N ...] [--memory-cap SIZE]

Before issue 20, the first took 1.38 GB and 31 s and wrote 42 MB; the second 537 MB; the third
609 MB; 10,000 games of the first took 4.4 GB.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shlex
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NIM = "nim:20,20,20,20,20,20,20,20"
#: (what, train's arguments, the targets: peak MiB, seconds or None, file MB or None)
CASES = [
    ("hats, nim 8x20, 3,000 games", ["--game", NIM, "--games", "3000"], (200, 20, 10)),
    ("Q, nim 8x20, 3,000 games", ["--game", NIM, "--learner", "q", "--games", "3000"],
     (200, 20, None)),
    ("hats, sticky:62:3, 3,000 games", ["--game", "sticky:62:3", "--games", "3000"],
     (200, 20, None)),
    ("hats, nim 8x20, 100,000 games", ["--game", NIM, "--games", "100000"], (1024, None, None)),
    # issue 35: the octal games on the longest line, normal play (Kayles; 4.07 splits without
    # taking, the most moves a group has)
    ("hats, octal:0.77:62 (Kayles), 3,000 games",
     ["--game", "octal:0.77:62", "--games", "3000"], (200, 20, None)),
    ("hats, octal:4.07:62, 3,000 games", ["--game", "octal:4.07:62", "--games", "3000"],
     (200, 20, None)),
]


def run(args: list[str], out: Path) -> tuple[float, int, str]:
    """Train in a process of its own: (wall seconds, peak bytes, what it printed)."""
    command = [sys.executable, "-m", "sticks_tui", "train", *args, "--seed", "1", "--out",
               str(out)]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    started = time.perf_counter()
    child = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env, text=True
    )
    assert child.stdout is not None
    printed = child.stdout.read()
    _, status, usage = os.wait4(child.pid, 0)
    seconds = time.perf_counter() - started
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        raise SystemExit(f"{shlex.join(command)} failed ({child.returncode}):\n{printed}")
    return seconds, usage.ru_maxrss * 1024, printed


def kept(path: Path) -> str:
    """What the brain file keeps: hats and counts, or Q-values."""
    data = json.loads(path.read_text())
    if "hats" in data:
        counts = sum(len(hat) for hat in data["hats"].values())
        return f"{len(data['hats']):,} hats, {counts:,} counts"
    values = sum(len(moves) for moves in data["values"].values())
    return f"{values:,} values at {len(data['values']):,} positions"


def verdict(value: float, target: float | None) -> str:
    return "" if target is None else ("ok" if value < target else "OVER")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--only", type=int, nargs="*", help=f"case numbers to run (1 to {len(CASES)})"
    )
    parser.add_argument("--memory-cap", help="passed on to train (default: train's own, 1G)")
    options = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores")
    print("python benchmarks/brain_memory.py" + "".join(f" {a}" for a in sys.argv[1:]))
    print(f"{'case':44} {'time':>8} {'peak':>10} {'file':>9}  kept")
    with tempfile.TemporaryDirectory() as folder:
        for number, (what, args, (peak_target, time_target, file_target)) in enumerate(CASES, 1):
            if options.only and number not in options.only:
                continue
            if options.memory_cap:
                args = [*args, "--memory-cap", options.memory_cap]
            out = Path(folder) / f"case{number}.json"
            seconds, peak, printed = run(args, out)
            size = out.stat().st_size
            mib = peak / 2**20
            print(
                f"{number}. {what:41} {seconds:6.1f} s {mib:6.0f} MiB {size / 1e6:6.1f} MB  "
                f"{kept(out)}"
            )
            checks = [
                f"peak {verdict(mib, peak_target)} (< {peak_target} MiB)",
                *([f"time {verdict(seconds, time_target)} (< {time_target} s)"]
                  if time_target else []),
                *([f"file {verdict(size / 1e6, file_target)} (< {file_target} MB)"]
                  if file_target else []),
            ]
            print(f"   sticks-tui train {shlex.join(args)}: {'; '.join(checks)}")
            if "stopped at" in printed:
                print("   " + printed.strip().splitlines()[-1])


if __name__ == "__main__":
    main()

"""How long a command takes to start and finish when it has little to do: mostly loading code.

Scripts and the tests run ``sticks-tui leaderboard --json``, ``brain list --json`` and the like
many times, and a teacher's room starts one program per browser tab, so each start counts. This
runs each command ``--repeat`` times in a fresh data directory and prints the median wall time
and processor time (user + sys) of the program, with the modules it loaded.

    python benchmarks/command_start.py [--repeat 5]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

COMMANDS = (
    ("--help",),
    ("--version",),
    ("leaderboard", "--json"),
    ("brain", "list", "--json"),
    ("solve", "--game", "sticks:21", "--json"),
    ("train", "--games", "10", "--quiet"),
)

# Loads the program the way its entry point does and reports how many modules came with it.
MODULES_PROBE = (
    "import sys, runpy; sys.argv = ['sticks-tui'] + sys.argv[1:];\n"
    "try:\n    runpy.run_module('sticks_tui', run_name='__main__')\n"
    "except SystemExit:\n    pass\n"
    "finally:\n"
    "    loaded = [m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')]\n"
    "    print(len(sys.modules), len(loaded), file=sys.stderr)\n"
)


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()

    print(f"{'command':40} {'wall s':>7} {'cpu s':>7} {'modules':>8} {'textual+rich':>13}")
    with tempfile.TemporaryDirectory() as data:
        env = {**os.environ, "STICKS_TUI_DATA_DIR": data}
        for command in COMMANDS:
            walls, cpus = [], []
            for _ in range(args.repeat):
                cpu_before, start = _children_cpu(), time.perf_counter()
                subprocess.run(
                    [sys.executable, "-m", "sticks_tui", *command], env=env,
                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False,
                )
                walls.append(time.perf_counter() - start)
                cpus.append(_children_cpu() - cpu_before)
            probe = subprocess.run(
                [sys.executable, "-c", MODULES_PROBE, *command], env=env,
                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=False,
            )
            counts = probe.stderr.split()[-2:] if probe.stderr.split() else ["?", "?"]
            print(
                f"{' '.join(command):40} {statistics.median(walls):7.2f} "
                f"{statistics.median(cpus):7.2f} {counts[0]:>8} {counts[1]:>13}"
            )


if __name__ == "__main__":
    main()

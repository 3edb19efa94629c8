"""`sticks-tui train` in this tree against another commit's, paired runs (issue 34's speed).

For each case the two programs run in turn, this tree's then the other's, ``--runs`` times
after one warm-up each; every figure is the processor time (user + system) of a whole process,
as the operating system counts it for that child (``os.wait4``): start-up, training, the
learning curve and writing the brain. It prints each side's median and the median of the
ratios pair by pair (this tree / the other; below 1 is faster), with their lowest and highest:
pairing keeps the ratio meaningful when a shared machine's speed drifts.

The other commit (``--rev``, default 4a9780a, the last before brains kept only what they
learned) is checked out in a temporary git worktree, removed at the end. Both run with the
Python running this script, each from its own root (``python -m sticks_tui``), with their
bytecode kept (``PYTHONDONTWRITEBYTECODE`` is dropped, as for an installed program), the
python backend, seed 1. The cases: start-up alone (a 1-game training), the hat AI's 100,000
games of 100 sticks against itself, the random player and the perfect player (the flat loops:
``PlaysItselfFast`` and ``PlaysMachinesFast``), and the Q-learner's 10,000 self-play games of
Nim 1,3,5,7.

    python benchmarks/training_speed.py [--rev 4a9780a] [--runs 5] [--games 100000] [--case self]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: name -> (what it is, the options of ``sticks-tui train``; GAMES: ``--games``)
CASES: dict[str, tuple[str, list[str]]] = {
    "start": ("start-up (1 game)", ["--sticks", "100", "--games", "1"]),
    "self": ("hats, self, 100 sticks", ["--sticks", "100", "--games", "GAMES"]),
    "random": ("hats, random, 100 sticks",
               ["--sticks", "100", "--games", "GAMES", "--against", "random"]),
    "perfect": ("hats, perfect, 100 sticks",
                ["--sticks", "100", "--games", "GAMES", "--against", "perfect"]),
    "q": ("q, self, nim:1,3,5,7 (10,000)",
          ["--learner", "q", "--game", "nim:1,3,5,7", "--games", "10000"]),
}


def cpu_seconds(command: list[str], cwd: Path, env: dict[str, str]) -> float:
    """The processor time (user + system) of one run of ``command`` in ``cwd``."""
    process = subprocess.Popen(
        command, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    assert process.stderr is not None
    errors = process.stderr.read()
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    process.stderr.close()
    if process.returncode != 0:
        raise SystemExit(f"{' '.join(command)} in {cwd} failed:\n{errors.decode()}")
    return usage.ru_utime + usage.ru_stime


def train_command(options: list[str], games: int, out: Path) -> list[str]:
    given = [str(games) if option == "GAMES" else option for option in options]
    return [
        sys.executable, "-m", "sticks_tui", "train", *given, "--seed", "1",
        "--backend", "python", "--out", str(out),
    ]


def paired(
    options: list[str], games: int, runs: int, trees: dict[str, Path], tmp: Path,
    env: dict[str, str],
) -> dict[str, list[float]]:
    """``runs`` paired runs of one case (after a warm-up each): the seconds of each side."""
    seconds: dict[str, list[float]] = {name: [] for name in trees}
    for run in range(runs + 1):
        for name, tree in trees.items():
            command = train_command(options, games, tmp / f"{name}.json")
            taken = cpu_seconds(command, tree, env)
            if run > 0:
                seconds[name].append(taken)
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rev", default="4a9780a", help="the commit to compare with")
    parser.add_argument("--runs", type=int, default=5, help="paired runs of each case")
    parser.add_argument("--games", type=int, default=100_000, help="the hat AI's games")
    parser.add_argument(
        "--case", action="append", choices=list(CASES),
        help="only this case (repeat it for more); default: all",
    )
    args = parser.parse_args()
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    head = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True,
        check=True,
    ).stdout.strip()
    dirty = subprocess.run(
        ["git", "status", "--porcelain", "--untracked-files=no"], cwd=ROOT, capture_output=True,
        text=True, check=True,
    ).stdout.strip()
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        other = tmp / "other"
        subprocess.run(
            ["git", "worktree", "add", "--detach", str(other), args.rev], cwd=ROOT,
            capture_output=True, check=True,
        )
        try:
            this = f"this tree ({head}{', changed' if dirty else ''})"
            trees = {"this": ROOT, "other": other}
            print(f"{this} against {args.rev}; processor seconds of the whole process, "
                  f"median of {args.runs} paired runs (after a warm-up each), Python "
                  f"{sys.version.split()[0]}, {os.cpu_count()} cores")
            print(f"{'case':<28}{'this':>8}{args.rev:>10}{'ratio':>8}   ratio's low-high")
            for case in args.case or list(CASES):
                name, options = CASES[case]
                seconds = paired(options, args.games, args.runs, trees, tmp, env)
                ratios = [a / b for a, b in zip(seconds["this"], seconds["other"])]
                print(
                    f"{name:<28}{statistics.median(seconds['this']):>8.3f}"
                    f"{statistics.median(seconds['other']):>10.3f}"
                    f"{statistics.median(ratios):>8.3f}   {min(ratios):.3f}-{max(ratios):.3f}",
                    flush=True,
                )
        finally:
            subprocess.run(
                ["git", "worktree", "remove", "--force", str(other)], cwd=ROOT,
                capture_output=True, check=False,
            )


if __name__ == "__main__":
    main()

"""The proof of a take-away game's period (issue 20): time and peak memory per game.

For each game: the seconds ``prove_period`` takes (wall clock, without tracing), then its peak
traced memory (a second run under ``tracemalloc``), the period proved or "no period up to N",
and the heaps it looked at. The games: the Game of Sticks; issue 20's examples; the worst game
whose takes are at most 20 (takes 5, 6, 14, 15, 16, 20, misère: its proof needs heaps up to 383,
the most of every take set with a largest take of at most 20, either ending, as ``--every 20``
finds in about a minute); games that use the whole bound (2^20 + 20 heaps) or the bound
shrunk for a large take; a 20,000-move take set; a take of 99,999,999. Last, the whole
``sticks-tui solve --game takeaway:99999999`` process, as a user runs it.

    python benchmarks/solver_proof.py [--no-command] [--every M]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from sticks_tui.engine.period_proof import proof_heaps, prove_period

#: (what, takes, misère)
GAMES: list[tuple[str, tuple[int, ...], bool]] = [
    ("Game of Sticks", (1, 2, 3), True),
    ("takeaway:2,5,7", (2, 5, 7), True),
    ("takeaway:3,5,8,13,19,20", (3, 5, 8, 13, 19, 20), True),
    ("worst with takes <= 20: 5,6,14,15,16,20", (5, 6, 14, 15, 16, 20), True),
    ("takeaway:1144,1987,3969:normal (whole bound)", (1144, 1987, 3969), False),
    ("takeaway:5001,9377,16383:normal", (5001, 9377, 16383), False),
    ("takeaway:1,80000:normal (bound shrunk)", (1, 80000), False),
    ("takes 1 to 20,000", tuple(range(1, 20001)), True),
    ("takeaway:99999999", (99999999,), True),
]


def measure(takes: tuple[int, ...], misere: bool) -> tuple[float, int, str, int]:
    started = time.perf_counter()
    proof = prove_period(takes, misere)
    seconds = time.perf_counter() - started
    tracemalloc.start()
    prove_period(takes, misere)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return seconds, peak, proof.describe(), proof.checked_up_to


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-command", action="store_true", help="skip the solve command")
    parser.add_argument(
        "--every", type=int, metavar="M", help="also prove every take set with largest take <= M"
    )
    args = parser.parse_args()
    print(f"python benchmarks/solver_proof.py  (Python {sys.version.split()[0]})")
    for what, takes, misere in GAMES:
        seconds, peak, words, checked = measure(takes, misere)
        if len(words) > 60:
            words = words[:57] + "..."
        bound = proof_heaps(takes[-1])
        print(
            f"{what:<46} {seconds:7.3f} s  peak {peak / 1024:7,.0f} KiB  heaps 0..{checked:,} "
            f"(bound {bound:,})  {words}"
        )
    if not args.no_command:
        command = [sys.executable, "-m", "sticks_tui", "solve", "--game", "takeaway:99999999"]
        started = time.perf_counter()
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        seconds = time.perf_counter() - started
        rule = next((line for line in done.stdout.splitlines() if line.startswith("Rule:")), "")
        print(f"sticks-tui solve --game takeaway:99999999: exit {done.returncode}, "
              f"{seconds:.2f} s for the whole process; {rule}")


    if args.every:
        every_take_set(args.every)


def every_take_set(most: int) -> None:
    """The game whose proof needs the most heaps, for each largest take up to ``most``."""
    started = time.perf_counter()
    worst: tuple[int, tuple[int, ...], bool] = (0, (1,), True)
    for largest in range(1, most + 1):
        for below in range(1 << (largest - 1)):
            takes = (*(t + 1 for t in range(largest - 1) if below >> t & 1), largest)
            for misere in (True, False):
                worst = max(worst, (prove_period(takes, misere).checked_up_to, takes, misere))
    heap, takes, misere = worst
    print(
        f"every take set with largest take <= {most}, both endings: the longest proof needs heaps "
        f"0..{heap} (takes {','.join(map(str, takes))}, {'misère' if misere else 'normal'}); "
        f"{time.perf_counter() - started:.0f} s"
    )


if __name__ == "__main__":
    main()

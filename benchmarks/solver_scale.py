"""The take-away solver at scale (issue 14): period search, heaps bottom-up, seed 003's count.

Prints CPU seconds for takes 2, 3, 5 (normal play; seed 003's game) at each heap size:
solving every heap bottom-up (``heap_outcomes``) and with the memoized ``Solver``, finding the
period of the lost heaps (``find_periodic_rule`` on the solved flags), and counting seed 003's
plain recursion (``plain_recursion_calls``, with the digits of the count).

    python benchmarks/solver_scale.py [--sizes 8000,1000000] [--plain 20000,100000]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from sticks_tui.engine import Solver, TakeAway  # noqa: E402
from sticks_tui.engine.solver import (  # noqa: E402
    find_periodic_rule,
    heap_outcomes,
    plain_recursion_calls,
)


def timed(work: Callable[[], Any]) -> tuple[float, Any]:
    started = time.process_time()
    result = work()
    return time.process_time() - started, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="8000,1000000")
    parser.add_argument("--plain", default="20000,100000")
    args = parser.parse_args()
    for size in map(int, args.sizes.split(",")):
        rules = TakeAway(size, (2, 3, 5), misere=False)
        bottom_up, won = timed(lambda: heap_outcomes(rules, size))  # noqa: B023
        solver = Solver(rules)
        memoized, _ = timed(lambda: [solver.is_won(n) for n in range(size + 1)])  # noqa: B023
        flags = {n: not w for n, w in enumerate(won)}
        search, rule = timed(lambda: find_periodic_rule(flags))  # noqa: B023
        print(f"{size:>9,} heaps: bottom-up {bottom_up:6.2f} s, memoized Solver {memoized:6.2f} s, "
              f"period search {search:6.3f} s ({rule.describe() if rule else 'no rule'})")
    for size in map(int, args.plain.split(",")):
        seconds, calls = timed(lambda: plain_recursion_calls(size, (2, 3, 5), 2))  # noqa: B023
        print(f"plain recursion count at {size:,} sticks: {seconds:.2f} s, about {int(calls.bit_length() * 0.30103):,} digits")


if __name__ == "__main__":
    main()

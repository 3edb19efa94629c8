"""What a person waits for in the app with an octal game on the line (issue 35).

1. The analysis screen's theory (F2, in a thread): the family's theory, whose period is looked
   for quickly (``quick_proof_heaps``: 4,000 heaps for a code with one take that splits), beside
   ``solve``'s 20,000 heaps, for codes with no known period and for Kayles.
2. On the event loop, from the start of a line played "last move loses" by a code other than
   the sevens (outcomes searched by the engine's Solver): the first hint (the outcome search,
   then the hint's count of the game's length), the perfect AI's first move, and its slowest
   reply to any first move (a fresh solver each, as after a new game). The app plays such lines
   up to 20 sticks (``OCTAL_MISERE_PLAYED``); 30 is shown for comparison.

Each figure is the best of ``--repeat`` runs (a shared machine slows them).

    python benchmarks/octal_waits.py [--repeat 3] [--lines 20 30] [CODE ...]
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from functools import partial

from sticks_tui.engine.game import Rules
from sticks_tui.engine.games import parse_game, theory_of
from sticks_tui.engine.games.octal_code import parse_code
from sticks_tui.engine.games.octal_theory import OctalTheory
from sticks_tui.engine.games.octal_values import prove_period, quick_proof_heaps
from sticks_tui.engine.hints import Advisor
from sticks_tui.engine.solver import Solver

ANALYSED = ["0.007", "0.6", "0.77"]
SEARCHED = ["0.07", "0.137", "0.6", "0.007", "0.676", "0.6666"]


def best(repeat: int, work: Callable[[], object]) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        work()
        times.append(time.perf_counter() - started)
    return min(times)


def analysis(repeat: int) -> None:
    print("The analysis' theory (quick proof) and solve's proof (20,000 heaps), seconds:")
    for text in ANALYSED:
        code = parse_code(text)
        quick = best(repeat, partial(prove_period, code, quick_proof_heaps(code)))
        full = best(1, partial(prove_period, code))
        theory = theory_of(parse_game(f"octal:{text}:20"))
        said = theory.proof.describe() if isinstance(theory, OctalTheory) else ""
        print(f"  {text:>6}  analysis {quick:5.2f}  solve {full:5.2f}  ({said})")


def first_moves(rules: Rules, repeat: int) -> tuple[float, float, float, float]:
    """(outcome search, hint after it, the AI's first move, its slowest reply)."""
    start = rules.initial_position()
    search = hint = float("inf")
    for _ in range(repeat):
        solver = Solver(rules)
        started = time.perf_counter()
        solver.winning_moves(start)
        searched = time.perf_counter()
        Advisor(rules, solver).hint(start)
        done = time.perf_counter()
        search, hint = min(search, searched - started), min(hint, done - searched)
    move = best(repeat, lambda: Solver(rules).winning_moves(start))
    reply = 0.0
    for first in rules.legal_moves(start):
        after = rules.apply(start, first)
        reply = max(reply, best(1, partial(Solver(rules).winning_moves, after)))
    return search, hint, move, reply


def searched(codes: list[str], lines: list[int], repeat: int) -> None:
    print("From the start of a misere line, seconds on the event loop:")
    print(f"  {'code':>7} {'line':>4}  {'search':>6} {'hint':>6} {'= hint':>6}  "
          f"{'AI move':>7} {'reply':>6}")
    for text in codes:
        for line in lines:
            rules = parse_game(f"octal:{text}:{line}:misere")
            search, hint, move, reply = first_moves(rules, repeat)
            print(f"  {text:>7} {line:>4}  {search:6.3f} {hint:6.3f} {search + hint:6.3f}  "
                  f"{move:7.3f} {reply:6.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("codes", nargs="*", default=SEARCHED)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--lines", type=int, nargs="+", default=[20, 30])
    args = parser.parse_args()
    analysis(args.repeat)
    searched(args.codes, args.lines, args.repeat)


if __name__ == "__main__":
    main()

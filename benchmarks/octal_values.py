"""Grundy values of octal games in pure Python: the time of 20,000 heaps (SPEC section 16's
target: any code of up to three digits within 60 s), and what is proved of each code's period.

    python benchmarks/octal_values.py [--heaps N] [CODE ...]

The codes by default: the named games and the slowest three-digit codes found (values that
grow make every split count)."""

from __future__ import annotations

import argparse
import time

from sticks_tui.engine.games.octal_code import parse_code
from sticks_tui.engine.games.octal_values import prove_period

DEFAULT_CODES = ["0.77", "0.07", "0.137", "0.007", "0.6", "0.777", "0.377", "4.007", "0.167"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("codes", nargs="*", default=DEFAULT_CODES)
    parser.add_argument("--heaps", type=int, default=20_000)
    args = parser.parse_args()
    print(f"{'code':>8}  {'seconds':>8}  {'largest value':>13}  period")
    for text in args.codes:
        started = time.process_time()
        proof = prove_period(parse_code(text), heaps=args.heaps)
        seconds = time.process_time() - started
        print(f"{text:>8}  {seconds:8.2f}  {max(proof.values):13}  {proof.describe()}")


if __name__ == "__main__":
    main()

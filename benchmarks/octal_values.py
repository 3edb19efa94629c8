"""Grundy values of octal games: the time of 20,000 heaps in pure Python (SPEC section 16's
target: any code of up to three digits within 60 s) and what is proved of each code's period;
then, where numba is installed (the extra ``sticks-tui[fast]``), the compiled loop's time for
10^5 heaps of the codes with no known period (``--million``: 10^6 too, minutes), proof included,
as ``sticks-tui solve --heaps`` computes them.

    python benchmarks/octal_values.py [--heaps N] [--numba-heaps N] [--million] [CODE ...]

The codes by default: the named games and the slowest three-digit codes found (values that
grow make every split count)."""

from __future__ import annotations

import argparse
import time

from sticks_tui.engine.games.octal_code import parse_code
from sticks_tui.engine.games.octal_values import compiled_unavailable, prove_period

DEFAULT_CODES = ["0.77", "0.07", "0.137", "0.007", "0.6", "0.777", "0.377", "4.007", "0.167"]
#: The codes the compiled loop is timed on: no period is known for them, so every heap counts.
NUMBA_CODES = ["0.007", "0.6"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("codes", nargs="*", default=DEFAULT_CODES)
    parser.add_argument("--heaps", type=int, default=20_000)
    parser.add_argument("--numba-heaps", type=int, default=100_000)
    parser.add_argument("--million", action="store_true", help="numba: 10^6 heaps too")
    args = parser.parse_args()
    print(f"pure Python, {args.heaps:,} heaps at most")
    print(f"{'code':>8}  {'seconds':>8}  {'largest value':>13}  period")
    for text in args.codes:
        started = time.process_time()
        proof = prove_period(parse_code(text), heaps=args.heaps)
        seconds = time.process_time() - started
        print(f"{text:>8}  {seconds:8.2f}  {max(proof.values):13}  {proof.describe()}")
    print()
    started = time.process_time()
    missing = compiled_unavailable()  # numba's import, and its compile or its cache
    if missing is not None:
        print(f"numba: no compiled figures: {missing}")
        return
    print(f"numba (the compiled loop, loaded in {time.process_time() - started:.2f} s)")
    print(f"{'code':>8}  {'heaps':>9}  {'seconds':>8}  {'largest value':>13}  period")
    for heaps in (args.numba_heaps, *([1_000_000] if args.million else [])):
        for text in NUMBA_CODES:
            started = time.process_time()
            proof = prove_period(parse_code(text), heaps=heaps, backend="numba")
            seconds = time.process_time() - started
            print(f"{text:>8}  {heaps:9,}  {seconds:8.2f}  {max(proof.values):13}  "
                  f"{proof.describe()}")


if __name__ == "__main__":
    main()

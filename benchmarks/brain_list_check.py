"""What checking every saved brain costs ``brain list`` and the brains screen (issue 20).

A listing rebuilds each brain as loading would (so a brain listed as fine is one that loads);
a row already checked, unchanged, is not rebuilt again. This prints the time of a first listing
and of the next one, for a store holding one hat brain trained headless, with the size of its
JSON, and the time reading the JSON alone takes (what the listing did before it checked hats).

    python benchmarks/brain_list_check.py [--game nim:7,7,7,7,7] [--games 3000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time

from sticks_tui.engine import SELF, HatBrain, parse_game, train
from sticks_tui.storage import saved_brains
from sticks_tui.storage.saved_brains import brain_text
from sticks_tui.storage.sqlite.store import SqliteStore


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="nim:7,7,7,7,7")
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()

    brain = HatBrain(parse_game(args.game))
    train(brain, SELF, args.games, seed=1)
    text = brain_text(brain)
    with tempfile.TemporaryDirectory() as data, SqliteStore.open(data) as store:
        store.save_brain(brain, "AI")
        first, again, parse = [], [], []
        for _ in range(args.repeat):
            saved_brains._CHECKED.clear()
            start = time.perf_counter()
            (listed,) = store.brains()
            first.append(time.perf_counter() - start)
            assert listed.problem == "", listed.problem
            start = time.perf_counter()
            store.brains()
            again.append(time.perf_counter() - start)
            start = time.perf_counter()
            json.loads(text)
            parse.append(time.perf_counter() - start)
    print(f"$ python {' '.join(sys.argv)}")
    hats = len(brain.to_dict()["hats"])
    print(f"{args.game}, hats after {args.games:,} self-play games: {hats:,} hats, JSON "
          f"{len(text) / 1000:,.1f} kB")
    print(f"first listing (brain rebuilt and checked): {min(first) * 1000:8.1f} ms (best of "
          f"{args.repeat})")
    print(f"next listing (row unchanged, not rebuilt): {min(again) * 1000:8.1f} ms")
    print(f"reading the JSON alone:                    {min(parse) * 1000:8.1f} ms")


if __name__ == "__main__":
    main()

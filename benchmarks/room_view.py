"""What the room view costs (issue 23: it reads the store again every 2 seconds, in a thread).

Each reading is two small queries: the room's brain's row (its games and when it was saved; the
brain itself is not read) and its last 20 games against people among the store's last games.
This prints the time of one reading, and of one game's result recorded (which now also keeps the
game in the last games and drops the oldest), for a store on disk whose last games are full
(``RECENT_GAMES_KEPT``) and whose brain is the hats of the Game of Sticks (100 sticks) trained
``--train`` games.

    python benchmarks/room_view.py [--rounds N] [--train N]
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from sticks_tui.engine import SELF, HatBrain, game_of_sticks, train  # noqa: E402
from sticks_tui.engine.games import spec_of  # noqa: E402
from sticks_tui.storage.records import RECENT_GAMES_KEPT  # noqa: E402
from sticks_tui.storage.sqlite.store import SqliteStore  # noqa: E402
from sticks_tui.ui.screens.room import read_room  # noqa: E402


def _timed(work: object, rounds: int) -> tuple[float, float]:
    """Median and longest milliseconds of ``rounds`` calls of ``work``."""
    assert callable(work)
    times = []
    for _ in range(rounds):
        started = time.perf_counter()
        work()
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times), max(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--train", type=int, default=100_000)
    args = parser.parse_args()
    rules = game_of_sticks(100)
    game = spec_of(rules)
    brain = HatBrain(rules)
    train(brain, SELF, args.train, rules=rules, rng=random.Random(1))
    print(f"python {platform.python_version()}, {platform.machine()}")
    with tempfile.TemporaryDirectory() as where, SqliteStore.open(Path(where)) as store:
        store.save_brain(brain, "AI")
        names = ["Ada", "Bob", "Cy", "Di"]
        for i in range(RECENT_GAMES_KEPT):  # the last games full: the room's and other boards'
            other = names[i % len(names)]
            winner, loser = ("AI", other) if i % 3 else (other, "AI")
            store.record_game(winner, loser, game=game if i % 2 else "nim:1,3,5,7")
        view = read_room(store, rules)
        print(f"store: {RECENT_GAMES_KEPT:,} last games kept; brain: {view.games_learned:,} games "
              f"learned; the room's last {len(view.last)} games read")
        median, most = _timed(lambda: read_room(store, rules), args.rounds)
        print(f"one reading of the room view: median {median:.3f} ms, longest {most:.3f} ms")
        median, most = _timed(lambda: store.record_game("AI", "Ada", game=game), args.rounds)
        print(f"one game's result recorded: median {median:.3f} ms, longest {most:.3f} ms")


if __name__ == "__main__":
    main()

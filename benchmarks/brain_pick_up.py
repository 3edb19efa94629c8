"""What the app's one brain cache costs before each game (issue 21: a brain picks up what another
program saved of it before each game).

Before every game the board asks the store for the brain's row stamp (its games and when it was
saved: one small query, the brain itself is not read), and reads the brain only when another
program saved it meanwhile. This prints, for a store on disk with two programs on it (two
connections), the time of that check when nothing changed, and of the pick-up when the other
program saved a game (the brain read and taken on), for the hats of the Game of Sticks (100
sticks, trained 100,000 games) and of a big Nim game (8 piles of 20, trained 3,000 games), and
for the Q-learner of Nim 1, 3, 5, 7 (10,000 games).

    python benchmarks/brain_pick_up.py [--rounds N]
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from sticks_tui.engine import SELF, HatBrain, Nim, game_of_sticks, train  # noqa: E402
from sticks_tui.engine.learners.q.learner import QLearner  # noqa: E402
from sticks_tui.storage.brain_cache import BrainCache, BrainRef  # noqa: E402
from sticks_tui.storage.sqlite.store import SqliteStore


def timed(call: Callable[[], object], rounds: int) -> float:
    """Milliseconds per call, the best of three runs of ``rounds`` calls."""
    best = float("inf")
    for _ in range(3):
        started = time.perf_counter()
        for _ in range(rounds):
            call()
        best = min(best, (time.perf_counter() - started) / rounds)
    return best * 1000


def hats_case(what: str, brain: HatBrain, rounds: int) -> None:
    rules = brain.rules
    ref = BrainRef("AI", "hats")
    with (
        tempfile.TemporaryDirectory() as folder,
        SqliteStore.open(folder) as one,
        SqliteStore.open(folder) as two,
    ):
        one.save_brain(brain, "AI")
        here, there = BrainCache(one), BrainCache(two)
        here.hats(rules, "AI")
        theirs = there.hats(rules, "AI")
        unchanged = timed(lambda: here.pick_up(rules, ref), rounds)

        def another_saved() -> None:
            there.keep_hats("AI", _one_more_game(theirs))
            here.pick_up(rules, ref)

        picked = timed(another_saved, max(1, rounds // 20))
        saving = timed(lambda: there.keep_hats("AI", _one_more_game(theirs)),
                       max(1, rounds // 20))
    print(f"{what:<44} {unchanged:8.3f} ms {picked - saving:9.1f} ms")


def _one_more_game(brain: HatBrain) -> HatBrain:
    brain.games_played += 1
    return brain


def q_case(what: str, rounds: int) -> None:
    rules = Nim((1, 3, 5, 7))
    learner = QLearner(rules=rules)
    train(learner, SELF, 10_000, rules=rules, rng=random.Random(1))
    ref = BrainRef("Q-learning AI", "q")
    with (
        tempfile.TemporaryDirectory() as folder,
        SqliteStore.open(folder) as one,
        SqliteStore.open(folder) as two,
    ):
        here, there = BrainCache(one), BrainCache(two)
        here.keep_trained(rules, ref.name, learner, None)
        theirs = there.q(rules, ref.name)
        assert theirs is not None
        unchanged = timed(lambda: here.pick_up(rules, ref), rounds)

        def another_saved() -> None:
            theirs.games_played += 1
            there.keep_trained(rules, ref.name, theirs.copy(), theirs)
            here.pick_up(rules, ref)

        def saved_only() -> None:
            theirs.games_played += 1
            there.keep_trained(rules, ref.name, theirs.copy(), theirs)

        rounds_saved = max(1, rounds // 20)
        picked = timed(another_saved, rounds_saved) - timed(saved_only, rounds_saved)
    print(f"{what:<44} {unchanged:8.3f} ms {picked:9.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=200)
    args = parser.parse_args()
    print(f"python benchmarks/brain_pick_up.py --rounds {args.rounds}")
    print(f"{platform.python_implementation()} {platform.python_version()}, "
          f"{platform.machine()}, {platform.system()}")
    print(f"{'brain':<44} {'no change':>11} {'picked up':>12}")
    sticks = HatBrain(game_of_sticks(100))
    train(sticks, SELF, 100_000, rules=sticks.rules, rng=random.Random(2))
    hats_case("hats, sticks 100, 100,000 games", sticks, args.rounds)
    nim = Nim((20,) * 8)
    big = HatBrain(nim)
    train(big, SELF, 3_000, rules=nim, rng=random.Random(3))
    hats_case(f"hats, nim 8x20, 3,000 games ({len(big.positions()):,} hats)", big, args.rounds)
    q_case("Q, nim 1,3,5,7, 10,000 games", args.rounds)


if __name__ == "__main__":
    main()

"""The yardstick: the usual list-of-balls program for seed 000's learning AI, in plain Python.

Each hat is a Python list of balls (one ball per number at first); a move is ``random.choice``
of the hat's balls (drawn again while the ball would take more sticks than are left: the same
chances as a draw among the legal balls), which is then ``list.remove``d and laid beside the
hat. A win puts every
ball beside a hat back with one more of its number; a loss throws them away, except that a hat
keeps at least one ball of each number. ONE set of hats plays both sides of every game
(self-play), the starting side alternating, as ``sticks-tui train`` does; the last stick loses.

Nothing here uses sticks_tui: it is what our trainer is measured against
(``benchmarks/train_vs_yardstick.py``).

    python benchmarks/list_of_balls.py [--sticks 100] [--games 100000] [--seed 0]
"""

from __future__ import annotations

import argparse
import random

TAKES = (1, 2, 3)


def train(sticks: int, games: int, rng: random.Random) -> list[list[int]]:
    """Self-play ``games`` games from ``sticks``; returns the hats (index: stick count)."""
    hats = [list(TAKES) for _ in range(max(sticks, 100) + 1)]
    choice = rng.choice
    for game in range(games):
        beside: tuple[list[tuple[int, int]], list[tuple[int, int]]] = ([], [])
        left = sticks
        side = game % 2
        while True:
            hat = hats[left]
            ball = choice(hat)
            while ball > left:
                ball = choice(hat)
            hat.remove(ball)
            beside[side].append((left, ball))
            left -= ball
            if left == 0:
                break  # the side that took the last stick loses
            side ^= 1
        loser = side
        for ball_side in (0, 1):
            for where, ball in beside[ball_side]:
                hat = hats[where]
                if ball_side != loser:
                    hat.append(ball)
                    hat.append(ball)
                elif ball not in hat:
                    hat.append(ball)
    return hats


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sticks", type=int, default=100)
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    hats = train(args.sticks, args.games, random.Random(args.seed))
    balls = sum(len(hat) for hat in hats[1:])
    best = [max(TAKES, key=hats[n].count) for n in range(1, min(args.sticks, 12) + 1)]
    print(f"{args.games:,} games at {args.sticks} sticks: {balls:,} balls in the hats")
    print(f"most numerous ball for 1..{len(best)} sticks: {best}")


if __name__ == "__main__":
    main()

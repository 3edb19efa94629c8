"""Q-learning self-play speed on Nim 1, 3, 5, 7 (issue 6's benchmark).

Prints the time of 10,000 self-play games for three loops, best of --repeat runs:

* CS50's loop as published (Nim and NimAI re-typed from the course's nim.py, with the usual
  answers to its four TODOs), the figure the issue quotes (about 2.2 s);
* this project's reference loop, calling QLearner's public methods move by move;
* train_qlearner, the fast loop, which gives the same Q table as the reference loop.

    python benchmarks/qlearning_speed.py [--games 10000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from sticks_tui.engine.nim import Nim  # noqa: E402
from sticks_tui.engine.qlearning import train_qlearner, train_qlearner_reference  # noqa: E402


class CS50Nim:
    """CS50's Nim class: piles as a list, a set of available actions."""

    def __init__(self, initial=(1, 3, 5, 7)):
        self.piles = list(initial)
        self.player = 0
        self.winner = None

    @classmethod
    def available_actions(cls, piles):
        actions = set()
        for i, pile in enumerate(piles):
            for j in range(1, pile + 1):
                actions.add((i, j))
        return actions

    def move(self, action):
        pile, count = action
        self.piles[pile] -= count
        self.player = 1 - self.player
        if all(pile == 0 for pile in self.piles):
            self.winner = self.player


class CS50NimAI:
    def __init__(self, alpha=0.5, epsilon=0.1):
        self.q = dict()
        self.alpha = alpha
        self.epsilon = epsilon

    def update(self, old_state, action, new_state, reward):
        old = self.get_q_value(old_state, action)
        best_future = self.best_future_reward(new_state)
        self.update_q_value(old_state, action, old, reward, best_future)

    def get_q_value(self, state, action):
        return self.q.get((tuple(state), action), 0)

    def update_q_value(self, state, action, old_q, reward, future_rewards):
        self.q[(tuple(state), action)] = old_q + self.alpha * (reward + future_rewards - old_q)

    def best_future_reward(self, state):
        actions = CS50Nim.available_actions(state)
        return max((self.get_q_value(state, a) for a in actions), default=0)

    def choose_action(self, state, epsilon=True):
        actions = list(CS50Nim.available_actions(state))
        if epsilon and random.random() < self.epsilon:
            return random.choice(actions)
        return max(actions, key=lambda a: self.get_q_value(state, a))


def cs50_train(n):
    player = CS50NimAI()
    for _ in range(n):
        game = CS50Nim()
        last = {0: {"state": None, "action": None}, 1: {"state": None, "action": None}}
        while True:
            state = game.piles.copy()
            action = player.choose_action(game.piles)
            last[game.player]["state"] = state
            last[game.player]["action"] = action
            game.move(action)
            new_state = game.piles.copy()
            if game.winner is not None:
                player.update(state, action, new_state, -1)
                player.update(last[game.player]["state"], last[game.player]["action"], new_state, 1)
                break
            elif last[game.player]["state"] is not None:
                player.update(last[game.player]["state"], last[game.player]["action"], new_state, 0)
    return player


def best_of(repeat: int, run) -> float:
    times = []
    for seed in range(repeat):
        random.seed(seed)
        start = time.perf_counter()
        run(seed)
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    nim, games = Nim(), args.games
    print(f"Python {platform.python_version()} on {platform.machine()}, Nim 1,3,5,7, "
          f"{games:,} self-play games, best of {args.repeat}")
    rows = [
        ("CS50's loop (nim.py)", lambda seed: cs50_train(games)),
        ("reference loop (QLearner methods)", lambda seed: train_qlearner_reference(nim, games, seed=seed)),
        ("train_qlearner (fast)", lambda seed: train_qlearner(nim, games, seed=seed)),
    ]
    for label, run in rows:
        seconds = best_of(args.repeat, run)
        print(f"{label:<36} {seconds:6.2f} s  {games / seconds:>9,.0f} games/s")
    same = train_qlearner(nim, games, seed=1).learner.q == train_qlearner_reference(nim, games, seed=1).q
    print(f"fast and reference Q tables equal for seed 1: {same}")


if __name__ == "__main__":
    main()

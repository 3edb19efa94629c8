"""CS50's ``train`` loop, calling the Q-learner's public methods move by move: slow, and the
reference that the fast loop (:class:`~.self_play.QSelfPlay`) is checked against
(``tests/engine/test_qlearning.py``: both give the same Q table for a seed)."""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import Any

from ...game import Rules, mover_wins_at_end
from .learner import DEFAULT_Q_TRAINING_GAMES, QLearner


def train_qlearner_reference(
    rules: Rules,
    games: int = DEFAULT_Q_TRAINING_GAMES,
    *,
    seed: int | None = None,
    learner: QLearner | None = None,
) -> QLearner:
    """CS50's ``train`` loop, calling the public methods move by move (slow; the reference).

    The rewards follow who won: CS50 gives -1 to the move that ends the game because in its
    (misère) Nim that move loses; where the last mover wins, that move gets the win reward.
    """
    if games < 0:
        raise ValueError("the number of training games cannot be negative")
    start = rules.initial_position()
    if rules.is_over(start):
        raise ValueError("the starting position is already finished; nothing to train on")
    if learner is None:
        learner = QLearner(rules=rules, rng=random.Random(seed))
    elif learner.rules is None:
        learner.rules = rules  # a CS50-style learner (no rules) trained on these rules
    last_mover_wins = not mover_wins_at_end(rules)  # the mover at the end is the other one
    end_reward = learner.win_reward if last_mover_wins else learner.loss_reward
    other_reward = learner.loss_reward if last_mover_wins else learner.win_reward
    for _ in range(games):
        position = start
        player = 0
        last: dict[int, tuple[Any, Hashable] | None] = {0: None, 1: None}
        while True:
            state = position
            action = learner.choose_action(position)
            last[player] = (state, action)
            position = rules.apply(position, action)
            player = 1 - player
            new_state = position
            if rules.is_over(position):
                learner.update(state, action, new_state, end_reward)
                previous = last[player]
                if previous is not None:
                    learner.update(previous[0], previous[1], new_state, other_reward)
                break
            previous = last[player]
            if previous is not None:
                learner.update(previous[0], previous[1], new_state, learner.move_reward)
        learner.games_played += 1
    return learner

"""The Q-learner's fast self-play loop: CS50's ``train`` loop on per-position tables.

It makes the same random draws in the same order and the same arithmetic as
:func:`~.qlearning.train_qlearner_reference`, several times faster;
``tests/engine/test_qlearning.py`` checks that both give the same Q table for a seed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from typing import Any, Protocol

from ..game import AnyRuleSet as RuleSet
from ..game import Move, Position, mover_wins_at_end


def state_key(state: Any) -> Hashable:
    """CS50 keys states by ``tuple(state)``; other games' positions are already hashable."""
    return tuple(state) if isinstance(state, (list, tuple)) else state


class QTable(Protocol):
    """The Q-learner, as far as the loop needs it: its table, settings and games."""

    q: dict[tuple[Hashable, Move], float]
    alpha: float
    epsilon: float
    win_reward: float
    loss_reward: float
    move_reward: float
    games_played: int

    def available_actions(self, state: Any) -> list[Move]: ...


class _Row:
    """One position in the fast trainer: its actions, their Q-values (0.0 until learned), which
    were ever set, and where each action leads."""

    __slots__ = ("actions", "indices", "nexts", "position", "q", "touched")

    def __init__(self, position: Position, actions: tuple[Move, ...]) -> None:
        self.position = position
        self.actions = actions
        self.q = [0.0] * len(actions)
        self.touched = [False] * len(actions)
        self.nexts: list[_Row | None] = [None] * len(actions)
        self.indices = tuple(range(len(actions)))


class QSelfPlay:
    """CS50's self-play loop, fast: the same random draws in the same order and the same
    arithmetic as :func:`train_qlearner_reference`, on per-position lists of Q-values that go
    back into ``learner.q`` at :meth:`sync`."""

    def __init__(self, learner: QTable, rules: RuleSet, rng: random.Random) -> None:
        self.learner = learner
        self.rules = rules
        self.rng = rng
        self.rows: dict[Position, _Row] = {}
        self.end = _Row(None, ())  # the finished position: no action, best future reward 0
        self.first = self._row_of(rules.initial_position())

    def _row_of(self, position: Position) -> _Row:
        row = self.rows.get(position)
        if row is None:
            learner = self.learner
            actions = tuple(learner.available_actions(position))
            row = self.rows[position] = _Row(position, actions)
            key = state_key(position)
            for i, action in enumerate(actions):  # continue from what the learner knows
                known = learner.q.get((key, action))
                if known is not None:
                    row.q[i] = known
                    row.touched[i] = True
        return row

    def _next_row(self, row: _Row, i: int) -> _Row:
        child = row.nexts[i]
        if child is None:
            position = self.rules.apply(row.position, row.actions[i])
            child = row.nexts[i] = self.end if self.rules.is_over(position) else self._row_of(
                position
            )
        return child

    def play(self, games: int, should_stop: Callable[[], bool] | None) -> tuple[int, int]:
        learner, end, next_row = self.learner, self.end, self._next_row
        random_, choice = self.rng.random, self.rng.choice
        alpha, explore = learner.alpha, learner.epsilon
        last_mover_wins = not mover_wins_at_end(self.rules)
        end_reward = learner.win_reward if last_mover_wins else learner.loss_reward
        other_reward = learner.loss_reward if last_mover_wins else learner.win_reward
        move_reward = learner.move_reward
        first = self.first
        played = starter_won = 0
        for _ in range(games):
            if should_stop is not None and should_stop():
                break
            row = first
            # The last (row, action index) of each player; the mover alternates 0, 1, 0, ...
            last_row: list[_Row | None] = [None, None]
            last_i = [0, 0]
            player = 0
            while True:
                q = row.q
                if random_() < explore:  # choose_action(state) draws this number every time
                    i = choice(row.indices)
                else:
                    best = max(q)
                    if q.count(best) == 1:
                        i = q.index(best)
                    else:
                        i = choice([k for k, value in enumerate(q) if value == best])
                last_row[player] = row
                last_i[player] = i
                child = row.nexts[i]
                if child is None:
                    child = next_row(row, i)
                player ^= 1
                if child is end:
                    # update(state, action, new_state, reward): a finished game's future is 0.
                    q[i] = q[i] + alpha * ((end_reward + 0) - q[i])
                    row.touched[i] = True
                    other_row = last_row[player]
                    if other_row is not None:
                        j = last_i[player]
                        wq = other_row.q
                        wq[j] = wq[j] + alpha * ((other_reward + 0) - wq[j])
                        other_row.touched[j] = True
                    break
                waiting = last_row[player]
                if waiting is not None:
                    j = last_i[player]
                    wq = waiting.q
                    future = max(child.q)
                    wq[j] = wq[j] + alpha * ((move_reward + future) - wq[j])
                    waiting.touched[j] = True
                row = child
            # player is now the side that did not make the last move (0: the starter)
            starter_won += (player == 1) == last_mover_wins
            played += 1
        learner.games_played += played
        return played, starter_won

    def sync(self) -> None:
        """Put every value training set into ``learner.q`` under CS50's keys."""
        q = self.learner.q
        for position, row in self.rows.items():
            key = state_key(position)
            for action, value, touched in zip(row.actions, row.q, row.touched):
                if touched:
                    q[key, action] = value

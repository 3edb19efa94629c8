"""The Q-learner's fast self-play loop: CS50's ``train`` loop on per-position tables.

It makes the same random draws in the same order and the same arithmetic as
:func:`~.reference.train_qlearner_reference`, several times faster;
``tests/engine/test_qlearning.py`` checks that both give the same Q table for a seed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from typing import Any, Protocol

from ...game import Rules, mover_wins_at_end


def state_key(state: Any) -> Hashable:
    """CS50 keys states by ``tuple(state)``; other games' positions are already hashable."""
    return tuple(state) if isinstance(state, (list, tuple)) else state


class QTable(Protocol):
    """The Q-learner, as far as the loop needs it: its table, settings and games."""

    q: dict[tuple[Hashable, Hashable], float]
    alpha: float
    epsilon: float
    win_reward: float
    loss_reward: float
    move_reward: float
    games_played: int

    def available_actions(self, state: Any) -> list[Hashable]: ...


#: Moves the loop remembers position by position (their values, and which position each move
#: leads to): the positions met first, which are the ones met most. A big game meets millions of
#: positions; past this many moves a position's are listed again from the learner's table each
#: time it is met, and not kept.
ROW_MOVES_MAX = 1 << 17


class _Row:
    """One position in the fast trainer: its actions, their Q-values (0.0 where none was
    learned), its key in the learner's table, and (filled as play goes) the rows its actions
    lead to."""

    __slots__ = ("actions", "indices", "key", "nexts", "position", "q")

    def __init__(self, position: Hashable, actions: tuple[Hashable, ...], q: list[float]) -> None:
        self.position = position
        self.key = state_key(position)
        self.actions = actions
        self.q = q
        self.nexts: list[_Row | None] = [None] * len(actions)
        self.indices = range(len(actions))


class QSelfPlay:
    """CS50's self-play loop, fast: the same random draws in the same order and the same
    arithmetic as :func:`train_qlearner_reference`, on per-position lists of Q-values. Every
    value it sets goes into ``learner.q`` at once, so the learner's table holds exactly the
    values updated, and the lists are only a quick way to them (kept for the positions of the
    first :data:`ROW_MOVES_MAX` moves, made anew for the others)."""

    def __init__(self, learner: QTable, rules: Rules, rng: random.Random) -> None:
        self.learner = learner
        self.rules = rules
        self.rng = rng
        self.rows: dict[Hashable, _Row] = {}
        self.moves_kept = 0
        self.end = _Row(None, (), [])  # the finished position: no action, best future reward 0
        self.first = self._row_of(rules.initial_position())

    def _row_of(self, position: Hashable) -> _Row:
        row = self.rows.get(position)
        if row is None:
            learner = self.learner
            actions = tuple(learner.available_actions(position))
            key, known = state_key(position), learner.q
            row = _Row(position, actions, [known.get((key, action), 0.0) for action in actions])
            if self.moves_kept + len(actions) <= ROW_MOVES_MAX:
                self.rows[position] = row
                self.moves_kept += len(actions)
        return row

    def _next_row(self, row: _Row, i: int) -> _Row:
        child = row.nexts[i]
        if child is None:
            position = self.rules.apply(row.position, row.actions[i])
            child = self.end if self.rules.is_over(position) else self._row_of(position)
            if child is self.end or self.rows.get(position) is child:
                row.nexts[i] = child  # a row made anew each time is not linked to
        return child

    def play(self, games: int, should_stop: Callable[[], bool] | None) -> tuple[int, int]:
        learner, end, next_row = self.learner, self.end, self._next_row
        table = learner.q
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
                    table[row.key, row.actions[i]] = q[i]
                    other_row = last_row[player]
                    if other_row is not None:
                        j = last_i[player]
                        wq = other_row.q
                        wq[j] = wq[j] + alpha * ((other_reward + 0) - wq[j])
                        table[other_row.key, other_row.actions[j]] = wq[j]
                    break
                waiting = last_row[player]
                if waiting is not None:
                    j = last_i[player]
                    wq = waiting.q
                    future = max(child.q)
                    wq[j] = wq[j] + alpha * ((move_reward + future) - wq[j])
                    table[waiting.key, waiting.actions[j]] = wq[j]
                row = child
            # player is now the side that did not make the last move (0: the starter)
            starter_won += (player == 1) == last_mover_wins
            played += 1
        learner.games_played += played
        return played, starter_won

    def sync(self) -> None:
        """Nothing to do: every value set is in ``learner.q`` already."""

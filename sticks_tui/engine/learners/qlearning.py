"""Q-learning that follows CS50 AI's ``NimAI`` exactly (seed 002), for Nim and any rule set.

:class:`QLearner` has CS50's public methods with the same arguments, defaults and meaning, so
material written for CS50's ``nim.py`` works with it:

* ``q``: a dict keyed by ``(tuple(state), action)``;
* ``get_q_value(state, action)``: the value, 0 when unknown;
* ``update_q_value(state, action, old_q, reward, future_rewards)``:
  ``q = old_q + alpha * ((reward + future_rewards) - old_q)``;
* ``best_future_reward(state)``: the best value over the available actions (unknown counts as 0,
  0 when there is no action);
* ``choose_action(state, epsilon=True)``: epsilon-greedy, greedy when ``epsilon`` is False;
* ``update(old_state, action, new_state, reward)``; defaults ``alpha=0.5``, ``epsilon=0.1``.

Without ``rules`` the learner plays CS50's Nim, whose actions in a state are every ``(i, j)``
with ``1 <= j <= state[i]``. Ties between equally good actions are broken at random (CS50 accepts
any of them), which keeps early training from always trying the same move.

Self-play training (:func:`train_qlearner`) is CS50's ``train`` loop: one learner plays both
sides; a move that ends the game gets reward -1, the winner's last move +1, every other move 0.
It runs on per-position tables instead of the public methods, which makes it several times
faster; :func:`train_qlearner_reference` is the plain method-by-method loop, and
``tests/engine/test_qlearning.py`` checks that both give the same Q table for a seed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable, Hashable, Iterable

from ..rules import Move, Position, RuleSet

DEFAULT_Q_TRAINING_GAMES = 10_000
DEFAULT_ALPHA = 0.5
DEFAULT_EPSILON = 0.1


def nim_actions(state: Iterable[int]) -> list[tuple[int, int]]:
    """CS50's ``Nim.available_actions`` as an ordered list: pile by pile, count upward."""
    return [(i, j) for i, pile in enumerate(state) for j in range(1, pile + 1)]


def _state_key(state: Any) -> Hashable:
    """CS50 keys states by ``tuple(state)``; other games' positions are already hashable."""
    return tuple(state) if isinstance(state, (list, tuple)) else state


class QLearner:
    """CS50's ``NimAI``: a table of Q-values learned from rewards."""

    def __init__(
        self,
        alpha: float = DEFAULT_ALPHA,
        epsilon: float = DEFAULT_EPSILON,
        *,
        rules: RuleSet | None = None,
        rng: random.Random | None = None,
    ) -> None:
        self.q: dict[tuple[Hashable, Move], float] = dict()
        self.alpha = alpha
        self.epsilon = epsilon
        self.rules = rules
        self.rng = rng if rng is not None else random.Random()
        #: Self-play games this table has learned from (training adds to it).
        self.games_played = 0

    # -- the game's actions ----------------------------------------------------------------------
    def available_actions(self, state: Any) -> list[Move]:
        """The actions legal in ``state``, in the rule set's order (CS50's Nim without rules)."""
        if self.rules is None:
            return nim_actions(state)
        return list(self.rules.legal_moves(_state_key(state)))

    # -- CS50's methods ---------------------------------------------------------------------------
    def update(self, old_state: Any, action: Move, new_state: Any, reward: float) -> None:
        """Learn from taking ``action`` in ``old_state`` and reaching ``new_state``."""
        old = self.get_q_value(old_state, action)
        best_future = self.best_future_reward(new_state)
        self.update_q_value(old_state, action, old, reward, best_future)

    def get_q_value(self, state: Any, action: Move) -> float:
        """The Q-value of ``action`` in ``state``; 0 when none is known."""
        return self.q.get((_state_key(state), action), 0)

    def update_q_value(
        self, state: Any, action: Move, old_q: float, reward: float, future_rewards: float
    ) -> None:
        """``Q(s, a) <- old_q + alpha * ((reward + future_rewards) - old_q)``."""
        self.q[_state_key(state), action] = old_q + self.alpha * ((reward + future_rewards) - old_q)

    def best_future_reward(self, state: Any) -> float:
        """The best Q-value over the actions of ``state`` (unknown = 0); 0 with no action."""
        actions = self.available_actions(state)
        if not actions:
            return 0
        return max(self.get_q_value(state, action) for action in actions)

    def choose_action(self, state: Any, epsilon: bool = True) -> Move:
        """A best action; with ``epsilon``, a random one with probability ``self.epsilon``."""
        actions = self.available_actions(state)
        if not actions:
            raise ValueError(f"no action is available in {state!r}")
        if epsilon and self.rng.random() < self.epsilon:
            return self.rng.choice(actions)
        values = [self.get_q_value(state, action) for action in actions]
        best = max(values)
        ties = [action for action, value in zip(actions, values) if value == best]
        return ties[0] if len(ties) == 1 else self.rng.choice(ties)

    # -- reading what was learned -------------------------------------------------------------------
    def best_actions(self, state: Any) -> list[Move]:
        """Every action with the highest Q-value in ``state`` (what greedy play picks from)."""
        actions = self.available_actions(state)
        if not actions:
            return []
        values = [self.get_q_value(state, action) for action in actions]
        best = max(values)
        return [action for action, value in zip(actions, values) if value == best]


# -- self-play training ----------------------------------------------------------------------------


@dataclass(frozen=True)
class QTrainingProgress:
    """Sent to the progress callback between games (the same fields as hat training's)."""

    games_done: int
    games_total: int
    learner: QLearner

    @property
    def fraction(self) -> float:
        return self.games_done / self.games_total if self.games_total else 1.0


@dataclass(frozen=True)
class QTrainingResult:
    learner: QLearner
    games_played: int
    cancelled: bool


def _checked_start(rules: RuleSet, games: int, progress_every: int) -> Position:
    if games < 0:
        raise ValueError("the number of training games cannot be negative")
    if progress_every < 1:
        raise ValueError("progress_every must be at least 1")
    start = rules.initial_position()
    if rules.is_over(start):
        raise ValueError("the starting position is already finished; nothing to train on")
    return start


def _learner_for(rules: RuleSet, learner: QLearner | None, seed: int | None) -> QLearner:
    """The learner to train: a fresh one, or the given one, taught which game it plays."""
    if learner is None:
        return QLearner(rules=rules, rng=random.Random(seed))
    if learner.rules is None:
        learner.rules = rules  # a CS50-style learner (no rules) trained on these rules
    return learner


def train_qlearner_reference(
    rules: RuleSet,
    games: int = DEFAULT_Q_TRAINING_GAMES,
    *,
    seed: int | None = None,
    learner: QLearner | None = None,
) -> QLearner:
    """CS50's ``train`` loop, calling the public methods move by move (slow; the reference)."""
    start = _checked_start(rules, games, 1)
    learner = _learner_for(rules, learner, seed)
    for _ in range(games):
        position = start
        player = 0
        last: dict[int, tuple[Any, Move] | None] = {0: None, 1: None}
        while True:
            state = position
            action = learner.choose_action(position)
            last[player] = (state, action)
            position = rules.apply(position, action)
            player = 1 - player
            new_state = position
            if rules.is_over(position):
                learner.update(state, action, new_state, -1)
                previous = last[player]
                if previous is not None:
                    learner.update(previous[0], previous[1], new_state, 1)
                break
            previous = last[player]
            if previous is not None:
                learner.update(previous[0], previous[1], new_state, 0)
        learner.games_played += 1
    return learner


class _Row:
    """One position in the fast trainer: its actions, their Q-values (0.0 until learned), which
    were ever set, and where each action leads."""

    __slots__ = ("position", "actions", "q", "touched", "nexts", "indices")

    def __init__(self, position: Position, actions: tuple[Move, ...]) -> None:
        self.position = position
        self.actions = actions
        self.q = [0.0] * len(actions)
        self.touched = [False] * len(actions)
        self.nexts: list[_Row | None] = [None] * len(actions)
        self.indices = tuple(range(len(actions)))


def train_qlearner(
    rules: RuleSet,
    games: int = DEFAULT_Q_TRAINING_GAMES,
    *,
    seed: int | None = None,
    learner: QLearner | None = None,
    progress: Callable[[QTrainingProgress], None] | None = None,
    progress_every: int = 1000,
    should_stop: Callable[[], bool] | None = None,
) -> QTrainingResult:
    """Train a :class:`QLearner` by CS50's self-play loop, fast.

    The result equals :func:`train_qlearner_reference` with the same seed (the same random draws
    in the same order and the same arithmetic), but the Q-values live in per-position lists
    while training and go back into ``learner.q`` at every progress report and at the end.
    ``should_stop`` is asked between games; training then ends early, keeping what was learned.
    """
    start = _checked_start(rules, games, progress_every)
    learner = _learner_for(rules, learner, seed)
    rows: dict[Position, _Row] = {}
    end = _Row(None, ())  # the finished position: no action, best future reward 0

    def row_of(position: Position) -> _Row:
        row = rows.get(position)
        if row is None:
            actions = tuple(learner.available_actions(position))
            row = rows[position] = _Row(position, actions)
            key = _state_key(position)
            for i, action in enumerate(actions):  # continue from what the learner knows
                known = learner.q.get((key, action))
                if known is not None:
                    row.q[i] = known
                    row.touched[i] = True
        return row

    def next_row(row: _Row, i: int) -> _Row:
        child = row.nexts[i]
        if child is None:
            position = rules.apply(row.position, row.actions[i])
            child = row.nexts[i] = end if rules.is_over(position) else row_of(position)
        return child

    rng = learner.rng
    random_, choice = rng.random, rng.choice
    alpha, explore = learner.alpha, learner.epsilon
    first = row_of(start)
    played = 0
    cancelled = False
    for _ in range(games):
        if should_stop is not None and should_stop():
            cancelled = True
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
                # update(state, action, new_state, -1): the future of a finished game is 0.
                q[i] = q[i] + alpha * ((-1 + 0) - q[i])
                row.touched[i] = True
                winner_row = last_row[player]
                if winner_row is not None:
                    j = last_i[player]
                    wq = winner_row.q
                    wq[j] = wq[j] + alpha * ((1 + 0) - wq[j])
                    winner_row.touched[j] = True
                break
            waiting = last_row[player]
            if waiting is not None:
                j = last_i[player]
                wq = waiting.q
                future = max(child.q)
                wq[j] = wq[j] + alpha * ((0 + future) - wq[j])
                waiting.touched[j] = True
            row = child
        played += 1
        if progress is not None and (played % progress_every == 0 or played == games):
            _write_back(learner, rows)
            progress(QTrainingProgress(played, games, learner))
    _write_back(learner, rows)
    learner.games_played += played
    return QTrainingResult(learner, played, cancelled)


def _write_back(learner: QLearner, rows: dict[Position, _Row]) -> None:
    """Put every value training set into ``learner.q`` under CS50's keys."""
    q = learner.q
    for position, row in rows.items():
        key = _state_key(position)
        for action, value, touched in zip(row.actions, row.q, row.touched):
            if touched:
                q[key, action] = value


# -- playing -----------------------------------------------------------------------------------------


class QLearningPlayer:
    """A player that plays a trained :class:`QLearner` greedily (CS50's ``play``)."""

    is_human = False

    def __init__(self, name: str, learner: QLearner) -> None:
        self.name = name
        self.learner = learner

    def make_choice(self, rules: RuleSet, position: Position) -> Move:
        return self.learner.choose_action(position, epsilon=False)

    def game_over(self, won: bool) -> None:
        """A trained Q-learner does not learn while it plays (as in CS50)."""

    def __repr__(self) -> str:
        return f"QLearningPlayer({self.name!r})"

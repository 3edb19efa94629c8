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

It is also a :class:`~..base.Learner`: training (``engine.training.train``) plays it against
itself or any opponent. Self-play is CS50's ``train`` loop: one learner plays both seats; the
move that ends the game and the other seat's last move are rewarded by who won (CS50's Nim is
misère, so there the move that ends the game gets -1 and the winner's last move +1; in a game
where the last mover wins it is the other way round), every other move gets 0. The rewards,
alpha and epsilon are its :class:`QSettings`. The fast loop (:meth:`QLearner.self_play_run`)
works on per-position tables instead of the public methods, several times faster;
:func:`~.reference.train_qlearner_reference` is the plain method-by-method loop, and
``tests/engine/test_qlearning.py`` checks that both give the same Q table for a seed.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Hashable, Iterable, Mapping
from typing import Any

from ...game import RuleError, Rules
from ...numbers import short
from ..base import (
    BrainError,
    CurvePoint,
    MoveValue,
    MoveValues,
    brain_dict,
    read_header,
)
from ..game_change import GameChange, MoveChange, q_change
from ..settings import SettingsError, finite
from .self_play import QSelfPlay, state_key
from .settings import DEFAULT_ALPHA, DEFAULT_EPSILON, QSettings

DEFAULT_Q_TRAINING_GAMES = 10_000



def nim_actions(state: Iterable[int]) -> list[tuple[int, int]]:
    """CS50's ``Nim.available_actions`` as an ordered list: pile by pile, count upward."""
    return [(i, j) for i, pile in enumerate(state) for j in range(1, pile + 1)]


class QLearner:
    """CS50's ``NimAI``: a table of Q-values learned from rewards."""

    kind = "q"

    def __init__(
        self,
        alpha: float = DEFAULT_ALPHA,
        epsilon: float = DEFAULT_EPSILON,
        *,
        rules: Rules | None = None,
        rng: random.Random | None = None,
        win_reward: float = 1.0,
        loss_reward: float = -1.0,
        move_reward: float = 0.0,
    ) -> None:
        QSettings(alpha, epsilon, win_reward, loss_reward, move_reward)  # refuses nonsense
        self.q: dict[tuple[Hashable, Hashable], float] = {}
        self.alpha = alpha
        self.epsilon = epsilon
        self.win_reward = win_reward
        self.loss_reward = loss_reward
        self.move_reward = move_reward
        self.rules = rules
        self.rng = rng if rng is not None else random.Random()
        #: Games this table has learned from (training adds to it).
        self.games_played = 0
        #: Checkpoints of how learning went (see engine.learning_curve).
        self.learning_curve: list[CurvePoint] = []
        # per seat, the last (state, action) still waiting for its reward
        self._pending: list[tuple[Any, Hashable] | None] = [None, None]
        # the values this game's moves changed, as they were before, and by which seat (for
        # abandon, and for last_game)
        self._undo: list[tuple[tuple[Hashable, Hashable], float | None, int]] = []
        # the last game finished: each value it changed, before and after, and whether the
        # seat that played it won (see last_game)
        self._last_game: list[tuple[tuple[Hashable, Hashable], float | None, float, bool]] | None
        self._last_game = None

    @classmethod
    def with_settings(
        cls, settings: QSettings, *, rules: Rules | None = None, rng: random.Random | None = None
    ) -> QLearner:
        return cls(
            settings.alpha, settings.epsilon, rules=rules, rng=rng, win_reward=settings.win_reward,
            loss_reward=settings.loss_reward, move_reward=settings.move_reward,
        )

    @property
    def settings(self) -> QSettings:
        return QSettings(
            self.alpha, self.epsilon, self.win_reward, self.loss_reward, self.move_reward
        )

    # -- the game's actions ----------------------------------------------------------------------
    def available_actions(self, state: Any) -> list[Hashable]:
        """The actions legal in ``state``, in the rule set's order (CS50's Nim without rules)."""
        if self.rules is None:
            return list(nim_actions(state))
        return list(self.rules.legal_moves(state_key(state)))

    # -- CS50's methods ---------------------------------------------------------------------------
    def update(self, old_state: Any, action: Hashable, new_state: Any, reward: float) -> None:
        """Learn from taking ``action`` in ``old_state`` and reaching ``new_state``."""
        old = self.get_q_value(old_state, action)
        best_future = self.best_future_reward(new_state)
        self.update_q_value(old_state, action, old, reward, best_future)

    def get_q_value(self, state: Any, action: Hashable) -> float:
        """The Q-value of ``action`` in ``state``; 0 when none is known."""
        return self.q.get((state_key(state), action), 0)

    def update_q_value(
        self, state: Any, action: Hashable, old_q: float, reward: float, future_rewards: float
    ) -> None:
        """``Q(s, a) <- old_q + alpha * ((reward + future_rewards) - old_q)``."""
        self.q[state_key(state), action] = old_q + self.alpha * ((reward + future_rewards) - old_q)

    def best_future_reward(self, state: Any) -> float:
        """The best Q-value over the actions of ``state`` (unknown = 0); 0 with no action."""
        actions = self.available_actions(state)
        if not actions:
            return 0
        return max(self._values(state, actions))

    def choose_action(self, state: Any, epsilon: bool = True) -> Hashable:
        """A best action; with ``epsilon``, a random one with probability ``self.epsilon``."""
        return self._choose(state, epsilon, self.rng)

    def _choose(self, state: Any, epsilon: bool, rng: random.Random) -> Hashable:
        actions = self.available_actions(state)
        if not actions:
            raise ValueError(f"no action is available in {state!r}")
        if epsilon and rng.random() < self.epsilon:
            return rng.choice(actions)
        ties = self._best_of(state, actions)
        return ties[0] if len(ties) == 1 else rng.choice(ties)

    # -- reading what was learned ------------------------------------------------------------------
    def best_actions(self, state: Any) -> list[Hashable]:
        """Every action with the highest Q-value in ``state`` (what greedy play picks from)."""
        return self._best_of(state, self.available_actions(state))

    def _values(self, state: Any, actions: list[Hashable]) -> list[float]:
        """The Q-value of each of ``actions`` in ``state`` (unknown = 0), the state's key made
        once (``get_q_value`` makes it for each)."""
        key, q = state_key(state), self.q
        return [q.get((key, action), 0) for action in actions]

    def _best_of(self, state: Any, actions: list[Hashable]) -> list[Hashable]:
        """Of ``actions`` (those of ``state``), the ones with the highest Q-value (the learning
        curve asks this of every position at each point)."""
        if not actions:
            return []
        values = self._values(state, actions)
        best = max(values)
        return [action for action, value in zip(actions, values) if value == best]

    def preferred_moves(self, position: Hashable) -> tuple[Hashable, ...]:
        return tuple(self.best_actions(position))

    def positions(self) -> list[Hashable]:
        """The positions where it has learned a value, in the rules' order where they sort."""
        states: list[Any] = list(dict.fromkeys(state for state, _ in self.q))
        with contextlib.suppress(TypeError):  # positions that do not sort keep their order
            states.sort()
        return states

    def values_at(self, position: Hashable) -> MoveValues:
        """The value of each action at ``position`` (0 where none is learned), its chance by
        :meth:`sample_move`, and the best ones, on the scale of the loss and win rewards (see
        :class:`~..base.MoveValues`)."""
        key = state_key(position)
        chances = self.move_chances(position)
        moves = tuple(
            MoveValue(move, float(self.q.get((key, move), 0.0)), chance, (key, move) in self.q)
            for move, chance in chances
        )
        return MoveValues(
            position, moves, self.preferred_moves(position), False, self.loss_reward,
            self.win_reward,
        )

    def preferred_move(self, position: Hashable) -> Hashable | None:
        """The best action, the first in the rules' order on a tie (greedy play draws among
        ties; hints and evaluation need one answer)."""
        best = self.best_actions(position)
        return best[0] if best else None

    # -- the Learner protocol ----------------------------------------------------------------------
    def move(self, position: Hashable, rng: random.Random, seat: int = 0) -> Hashable:
        """CS50's training step for ``seat``: the move that led to ``position`` learns its value
        (reward ``move_reward`` plus the best future), then an epsilon-greedy action."""
        if seat not in (0, 1):
            raise ValueError(f"a seat is 0 or 1, got {seat!r}")
        waiting = self._pending[seat]
        if waiting is not None:
            key = (state_key(waiting[0]), waiting[1])
            self._undo.append((key, self.q.get(key), seat))
            self.update(waiting[0], waiting[1], position, self.move_reward)
        action = self._choose(position, True, rng)
        self._pending[seat] = (position, action)
        return action

    def sample_move(self, position: Hashable, rng: random.Random) -> Hashable:
        """An epsilon-greedy action, as while learning, with nothing learned."""
        return self._choose(position, True, rng)

    def move_chances(self, position: Hashable) -> list[tuple[Hashable, float]]:
        """Epsilon-greedy as chances: epsilon spread over every action, the rest over the best
        ones (as :meth:`sample_move` draws)."""
        actions = self.available_actions(position)
        best = self._best_of(position, actions)
        spread = self.epsilon / len(actions) if actions else 0.0
        greedy = (1 - self.epsilon) / len(best) if best else 0.0
        return [(action, spread + (greedy if action in best else 0.0)) for action in actions]

    def game_over(self, results: Mapping[int, bool]) -> None:
        """Each seat's last move gets the reward of its result; the future of a finished game
        is 0 (CS50: ``update(state, action, new_state, reward)`` at the end)."""
        for seat in sorted(results):
            waiting = self._pending[seat]
            if waiting is not None:
                state, action = waiting
                key = (state_key(state), action)
                self._undo.append((key, self.q.get(key), seat))
                reward = self.win_reward if results[seat] else self.loss_reward
                self.update_q_value(state, action, self.get_q_value(state, action), reward, 0)
            self._pending[seat] = None
        q = self.q
        self._last_game = [(k, old, q[k], results.get(seat, False)) for k, old, seat in self._undo]
        self._undo = []
        self.games_played += 1

    @property
    def last_game(self) -> GameChange | None:
        """What the last game finished did to the table: each move made, and its value before
        and after (None before any game, or after a game abandoned)."""
        if self._last_game is None:
            return None
        return q_change(tuple(
            MoveChange(key[0], key[1], won, old or 0, new) for key, old, new, won in self._last_game
        ))

    def abandon(self) -> None:
        """Forget the game: the values its moves changed go back to what they were."""
        self._last_game = None
        for key, value, _ in reversed(self._undo):
            if value is None:
                del self.q[key]
            else:
                self.q[key] = value
        self._undo.clear()
        self._pending = [None, None]

    def self_play_run(self, rules: Rules, rng: random.Random, games_before: int) -> QSelfPlay:
        """The fast self-play loop (see :class:`~..base.PlaysItselfFast`)."""
        return QSelfPlay(self, rules, rng)

    def copy(self) -> QLearner:
        other = QLearner.with_settings(self.settings, rules=self.rules, rng=random.Random())
        other.rng.setstate(self.rng.getstate())
        other.q = dict(self.q)
        other.games_played = self.games_played
        other.learning_curve = list(self.learning_curve)
        other._pending = list(self._pending)
        other._undo = list(self._undo)
        return other

    def take_on(self, saved: QLearner) -> None:
        """Become ``saved`` (between two games), staying the same object, as
        :meth:`HatBrain.take_on <..hats.brain.HatBrain.take_on>`: whoever holds this table plays on
        with the one saved (by a training, or by another program)."""
        self.alpha, self.epsilon = saved.alpha, saved.epsilon
        self.win_reward, self.loss_reward = saved.win_reward, saved.loss_reward
        self.move_reward = saved.move_reward
        self.q = dict(saved.q)
        self.games_played = saved.games_played
        self.learning_curve = list(saved.learning_curve)
        self._pending, self._undo = [None, None], []

    # -- the brain file ----------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The brain file: the shared header and ``"values"``, position key -> move key -> value."""
        rules = self.rules
        if rules is None:
            raise ValueError("a Q-learner without rules has no brain file: give it rules=")
        by_position: dict[Any, dict[Hashable, float]] = {}
        for (state, action), value in self.q.items():
            by_position.setdefault(state, {})[action] = value
        states: list[Any] = list(by_position)
        with contextlib.suppress(TypeError):  # positions that do not sort keep their order
            states.sort()
        values = {
            rules.position_key(state): {
                rules.move_key(move): by_position[state][move]
                for move in _in_order(by_position[state], rules.legal_moves(state))
            }
            for state in states
        }
        return brain_dict(
            self.kind, rules, self.settings, self.games_played, {"values": values},
            self.learning_curve,
        )

    @classmethod
    def from_dict(cls, data: Any, rules: Rules | None = None) -> QLearner:
        """Rebuild a Q-learner from :meth:`to_dict` output, refusing anything that does not fit."""
        header = read_header(data, rules)
        if header.kind != cls.kind:
            raise BrainError("this is a hat AI's brain, not a Q-learner's")
        try:
            settings = QSettings.from_dict(header.settings)
        except SettingsError as error:
            raise BrainError(f"bad \"settings\": {error}") from None
        values = data.get("values")
        if not isinstance(values, dict):
            raise BrainError("\"values\" must be an object of position -> move -> value")
        learner = cls.with_settings(settings, rules=header.rules)
        learner.games_played = header.games_played
        learner.learning_curve = header.learning_curve
        for position_key, moves in values.items():
            learner._load_values(position_key, moves)
        return learner

    def _load_values(self, position_key: str, moves: Any) -> None:
        rules = self.rules
        assert rules is not None
        try:
            position = rules.position_from_key(position_key)
            legal = set(rules.legal_moves(position))
        except (RuleError, ValueError, TypeError) as error:
            raise BrainError(f"position {position_key!r}: {error}") from None
        if not isinstance(moves, dict):
            raise BrainError(f"position {position_key}: the values must be an object")
        for move_key, value in moves.items():
            try:
                move = rules.move_from_key(move_key)
            except (RuleError, ValueError, TypeError) as error:
                raise BrainError(f"position {position_key}, move {move_key!r}: {error}") from None
            if move not in legal:
                raise BrainError(
                    f"position {position_key}: move {move_key} is not a legal move there"
                )
            is_number = isinstance(value, (int, float)) and not isinstance(value, bool)
            if not is_number or not finite(value):
                raise BrainError(
                    f"position {position_key}, move {move_key}: the value must be a finite "
                    f"number, got {short(value)}"
                )
            self.q[state_key(position), move] = value


def _in_order(known: Iterable[Hashable], legal: Iterable[Hashable]) -> list[Hashable]:
    """The moves of ``known`` in the rules' order (a file reads the same however it was
    learned), any that are not legal last."""
    ordered = [move for move in legal if move in known]
    return ordered + [move for move in known if move not in ordered]


# -- playing ---------------------------------------------------------------------------------------


class QLearningPlayer:
    """A player that plays a trained :class:`QLearner` greedily (CS50's ``play``)."""

    is_human = False

    def __init__(self, name: str, learner: QLearner) -> None:
        self.name = name
        self.learner = learner

    def make_choice(self, rules: Rules, position: Hashable) -> Hashable:
        return self.learner.choose_action(position, epsilon=False)

    def game_over(self, won: bool) -> None:
        """A trained Q-learner does not learn while it plays (as in CS50)."""

    def __repr__(self) -> str:
        return f"QLearningPlayer({self.name!r})"

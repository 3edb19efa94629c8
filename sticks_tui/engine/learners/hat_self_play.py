"""The hat AI's fast self-play loop for any game (take-away games have a flatter one,
:mod:`.hat_loops`)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from ..game import AnyRuleSet as RuleSet
from ..game import Move, Position, mover_wins_at_end
from .hat_draw import SparseBall, SparseHats, SparseSettle, take_ball
from .hat_settings import HatSettings

#: Moves the loop remembers position by position (their ball numbers, which are legal, and where
#: each move taken so far leads): the positions met first, which are the ones met most. A big
#: game meets millions of positions; past this many moves a position's are listed again each
#: time it is met, and not kept.
ROW_MOVES_MAX = 1 << 17


class HatsOfAnyGame(Protocol):
    """The :class:`~.hats.HatBrain`, as far as the loop needs it: its own sparse hats, its
    settings and learning rule, which of a hat's balls are legal, and the games it has finished.
    The loop works on the brain's insides on purpose: it is the brain's own fast path, split off
    only to keep the brain's module readable."""

    games_played: int
    settings: HatSettings
    _hats: SparseHats

    def _legal(self, position: Position, kinds: Sequence[Move]) -> Sequence[int]: ...

    def _settler(self) -> SparseSettle: ...


class AnyGameSelfPlay:
    """Self-play of one brain against itself, straight on its sparse hats.

    The fast loop for any game (take-away games have a flatter one, :mod:`.hat_loops`): a
    position's ball numbers and legal balls are listed once (for the first
    :data:`ROW_MOVES_MAX` moves' positions), a move is applied once, and each ball drawn is laid
    beside its hat as a ``(position, index)`` pair for :func:`~.hat_draw.sparse_settler`.
    ``tests/engine/test_training.py`` proves it plays the same games, and leaves the same
    brain, as the plain loop through :meth:`HatBrain.move`.
    """

    def __init__(
        self,
        brain: HatsOfAnyGame,
        rules: RuleSet,
        rng: random.Random,
        games_before: int,
    ) -> None:
        self.brain = brain
        self.rules = rules
        self.start = rules.initial_position()
        self.random = rng.random
        self.games = games_before
        # position -> (ball numbers, legal ball indices, where each ball leads once taken,
        # whether it ends the game)
        self.table: dict[Position, tuple[Any, ...]] = {}
        self.moves_kept = 0

    def _row(self, position: Position) -> tuple[Any, ...]:
        kinds = self.rules.ball_kinds(position)
        legal = self.brain._legal(position, kinds)
        row = (kinds, legal, [None] * len(kinds), [False] * len(kinds))
        if self.moves_kept + len(kinds) <= ROW_MOVES_MAX:
            self.table[position] = row
            self.moves_kept += len(kinds)
        return row

    def play(self, games: int, should_stop: Callable[[], bool] | None) -> tuple[int, int]:
        brain, rules = self.brain, self.rules
        settle = brain._settler()
        hats, fresh = brain._hats, brain.settings.fresh_balls
        table, row_of, random_ = self.table, self._row, self.random
        start = self.start
        last_mover_loses = mover_wins_at_end(rules)  # the mover at the end is the other
        sides: tuple[list[SparseBall], list[SparseBall]] = ([], [])  # side 0 started the game
        game = self.games  # games of this training so far: seat 0 starts the even ones
        played = starter_won = 0
        for _ in range(games):
            if should_stop is not None and should_stop():
                break
            position = start
            mover = 0
            while True:
                row = table.get(position)
                if row is None:
                    row = row_of(position)
                kinds, legal, nexts, ends = row
                chosen = take_ball(hats, position, len(kinds), legal, random_(), fresh)
                sides[mover].append((position, chosen))
                after = nexts[chosen]
                if after is None:
                    after = nexts[chosen] = rules.apply(position, kinds[chosen])
                    ends[chosen] = rules.is_over(after)
                if ends[chosen]:
                    break
                position = after
                mover ^= 1
            loser = mover if last_mover_loses else mover ^ 1
            seat0 = game & 1  # the side seat 0 played; game_over settles seat 0 first
            settle(sides[seat0], seat0 != loser)
            settle(sides[seat0 ^ 1], seat0 == loser)
            starter_won += loser
            game += 1
            played += 1
        self.games = game
        brain.games_played += played
        return played, starter_won

    def sync(self) -> None:
        """Nothing to do: the loop works on the brain's own hats."""

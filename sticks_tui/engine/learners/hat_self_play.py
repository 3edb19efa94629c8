"""The hat AI's fast self-play loop for any game (take-away games have a flatter one,
:mod:`.hat_loops`)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol

from ..game import AnyRuleSet as RuleSet
from ..game import Move, Position, mover_wins_at_end
from .hat_loops import Ball, Settle, draw_index


class HatsOfAnyGame(Protocol):
    """The :class:`~.hats.HatBrain`, as far as the loop needs it: its own count lists (made as
    play reaches them), its ball numbers and legal balls per hat, its learning rule, and the
    games it has finished. The loop works on the brain's insides on purpose: it is the brain's
    own fast path, split off only to keep the brain's module readable."""

    games_played: int
    _kinds: dict[Position, tuple[Move, ...]]
    _legal: dict[Position, tuple[int, ...]]

    def _hat(self, position: Position) -> list[int]: ...

    def _settler(self) -> Settle: ...


class AnyGameSelfPlay:
    """Self-play of one brain against itself, straight on its count lists.

    The fast loop for any game (take-away games have a flatter one, :mod:`.hat_loops`): one
    dictionary lookup and one random number per move, each ball laid beside its hat as a ready
    ``(counts, index)`` pair for :meth:`HatBrain._settler`'s rule.
    ``tests/engine/test_training.py`` proves it
    plays the same games, and leaves the same brain, as the plain loop through
    :meth:`HatBrain.move`.
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
        # position -> (hat counts, legal ball indices, where each ball leads, whether it ends
        # the game, whether the hat is the common one of three balls, all legal, its balls)
        self.table: dict[Position, tuple[Any, ...]] = {}

    def _row(self, position: Position) -> tuple[Any, ...]:
        rules, brain = self.rules, self.brain
        counts = brain._hat(position)
        kinds, legal = brain._kinds[position], brain._legal[position]
        nexts: list[Position] = [None] * len(kinds)
        ends = [False] * len(kinds)
        for i in legal:
            nexts[i] = rules.apply(position, kinds[i])
            ends[i] = rules.is_over(nexts[i])
        three = len(kinds) == 3 and legal == (0, 1, 2)
        balls = tuple((counts, i) for i in range(len(kinds)))
        row = self.table[position] = (counts, legal, nexts, ends, three, balls)
        return row

    def play(self, games: int, should_stop: Callable[[], bool] | None) -> tuple[int, int]:
        settle = self.brain._settler()
        table, row_of, random_ = self.table, self._row, self.random
        start = self.start
        last_mover_loses = mover_wins_at_end(self.rules)  # the mover at the end is the other
        sides: tuple[list[Ball], list[Ball]] = ([], [])  # balls drawn: side 0 started the game
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
                counts, legal, nexts, ends, three, balls = row
                if three:  # draw_index written out
                    c0, c1, c2 = counts
                    r = random_() * (c0 + c1 + c2) - c0
                    chosen = 0 if r < 0 else (1 if r < c1 else 2)
                else:
                    chosen = draw_index(counts, legal, random_())
                counts[chosen] -= 1
                sides[mover].append(balls[chosen])
                if ends[chosen]:
                    break
                position = nexts[chosen]
                mover ^= 1
            loser = mover if last_mover_loses else mover ^ 1
            seat0 = game & 1  # the side seat 0 played; game_over settles seat 0 first
            settle(sides[seat0], seat0 != loser)
            settle(sides[seat0 ^ 1], seat0 == loser)
            starter_won += loser
            game += 1
            played += 1
        self.games = game
        self.brain.games_played += played
        return played, starter_won

    def sync(self) -> None:
        """Nothing to do: the loop works on the brain's own hats."""

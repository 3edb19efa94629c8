"""The hat AI's fast self-play loop for any game (take-away games have a flatter one,
:mod:`.loops`)."""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from typing import Any, Protocol

from ...game import Rules, mover_wins_at_end
from .draw import (
    Ball,
    Settle,
    SparseBall,
    SparseHats,
    SparseSettle,
    dense,
    draw_index,
    keep_dense,
    take_ball,
)
from .settings import HatSettings

#: Moves the loop remembers position by position (each hat's counts as a list, which are legal,
#: and where each move taken so far leads; about 4 MB in all): the positions met first, which
#: are the ones met most. A big game meets millions of positions; past this many moves a
#: position's are listed again each time it is met, and its hat is played straight on the
#: brain's sparse hats.
ROW_MOVES_MAX = 1 << 17


class HatsOfAnyGame(Protocol):
    """The :class:`~.brain.HatBrain`, as far as the loop needs it: its own sparse hats, its
    settings and learning rules, which of a hat's balls are legal, and the games it has
    finished. The loop works on the brain's insides on purpose: it is the brain's own fast path,
    split off only to keep the brain's module readable."""

    games_played: int
    settings: HatSettings
    _hats: SparseHats

    def _legal(self, position: Hashable, kinds: Sequence[Hashable]) -> Sequence[int]: ...

    def _settler(self) -> SparseSettle: ...

    def _dense_settler(self) -> Settle: ...


class _Row:
    """A position as the loop plays it: its ball numbers, the legal ones, where each leads once
    taken and whether that ends the game; for a remembered position, its hat's counts as a list
    (the brain's own are brought up to date at :meth:`AnyGameSelfPlay.sync`)."""

    __slots__ = ("counts", "ends", "kinds", "legal", "nexts", "position", "taken", "three")

    def __init__(self, position: Hashable, kinds: tuple[Hashable, ...], legal: Sequence[int],
                 counts: list[int] | None) -> None:
        self.position = position
        self.kinds = kinds
        self.legal = legal
        self.nexts: list[Any] = [None] * len(kinds)
        self.ends = [False] * len(kinds)
        self.counts = counts
        self.three = len(kinds) == 3 and tuple(legal) == (0, 1, 2)
        self.taken = False  # a ball was drawn since the last sync


class AnyGameSelfPlay:
    """Self-play of one brain against itself.

    The fast loop for any game (take-away games have a flatter one, :mod:`.loops`): the
    hats of the positions of the first :data:`ROW_MOVES_MAX` moves are played as lists, as the
    flat loops play theirs (one lookup and one random number a move, a common hat of three
    legal balls drawn without a loop), and kept back in the brain at :meth:`sync`; any other
    hat is drawn from and settled straight on the brain's sparse hats. Every ball is drawn by
    :mod:`.draw`'s rule. ``tests/engine/test_training.py`` proves it plays the same games,
    and leaves the same brain, as the plain loop through :meth:`HatBrain.move`.
    """

    def __init__(
        self,
        brain: HatsOfAnyGame,
        rules: Rules,
        rng: random.Random,
        games_before: int,
    ) -> None:
        self.brain = brain
        self.rules = rules
        self.start = rules.initial_position()
        self.random = rng.random
        self.games = games_before
        self.table: dict[Hashable, _Row] = {}
        self.moves_kept = 0
        self.taken: list[_Row] = []  # the remembered rows drawn from since the last sync

    def _row(self, position: Hashable) -> _Row:
        kinds = tuple(self.rules.ball_kinds(position))
        legal = self.brain._legal(position, kinds)
        if self.moves_kept + len(kinds) > ROW_MOVES_MAX:
            return _Row(position, kinds, legal, None)
        fresh = self.brain.settings.fresh_balls
        row = _Row(position, kinds, legal, dense(self.brain._hats.get(position), len(kinds), fresh))
        self.table[position] = row
        self.moves_kept += len(kinds)
        return row

    def play(self, games: int, should_stop: Callable[[], bool] | None) -> tuple[int, int]:
        brain, rules = self.brain, self.rules
        settle, settle_sparse = brain._dense_settler(), brain._settler()
        hats, fresh = brain._hats, brain.settings.fresh_balls
        table, row_of, random_, taken = self.table, self._row, self.random, self.taken
        start = self.start
        last_mover_loses = mover_wins_at_end(rules)  # the mover at the end is the other
        sides: tuple[list[Ball], list[Ball]] = ([], [])  # balls drawn: side 0 started the game
        sparse: tuple[list[SparseBall], list[SparseBall]] = ([], [])  # from hats not remembered
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
                counts = row.counts
                if counts is None:
                    chosen = take_ball(hats, position, len(row.kinds), row.legal, random_(), fresh)
                    sparse[mover].append((position, chosen))
                else:
                    if row.three:  # draw_index written out
                        c0, c1, c2 = counts
                        r = random_() * (c0 + c1 + c2) - c0
                        chosen = 0 if r < 0.0 else (1 if r < c1 else 2)
                    else:
                        chosen = draw_index(counts, row.legal, random_())
                    counts[chosen] -= 1
                    sides[mover].append((counts, chosen))
                    if not row.taken:
                        row.taken = True
                        taken.append(row)
                after = row.nexts[chosen]
                if after is None:
                    after = row.nexts[chosen] = rules.apply(position, row.kinds[chosen])
                    row.ends[chosen] = rules.is_over(after)
                if row.ends[chosen]:
                    break
                position = after
                mover ^= 1
            loser = mover if last_mover_loses else mover ^ 1
            seat0 = game & 1  # the side seat 0 played; game_over settles seat 0 first
            for side, won in ((seat0, seat0 != loser), (seat0 ^ 1, seat0 == loser)):
                settle(sides[side], won)
                settle_sparse(sparse[side], won)
            starter_won += loser
            game += 1
            played += 1
        self.games = game
        brain.games_played += played
        return played, starter_won

    def sync(self) -> None:
        """Keep the remembered hats drawn from since the last sync back in the brain."""
        hats, fresh = self.brain._hats, self.brain.settings.fresh_balls
        for row in self.taken:
            assert row.counts is not None
            keep_dense(hats, row.position, row.counts, fresh)
            row.taken = False
        self.taken.clear()

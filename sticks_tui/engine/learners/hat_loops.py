"""The hat AI's flat training loops for take-away games: the hot path of the whole program.

100,000 games of 100 sticks are about five million draws, so for a take-away game (a heap; a
move takes one of a few amounts) the loops here play on plain lists indexed by the stick count:
the hat's counts, the balls to lay beside it (each ball a ready ``(counts, index)`` pair, so a
draw costs one append), how many sticks each ball takes. The two turns of a game are written
out, and the common hat (three balls, all legal) is drawn without a loop.

The rule stays :class:`~.hats.HatBrain`'s: the draw is :func:`draw_index` (for three balls the
same arithmetic written out), and the balls are settled by the brain's own ``settle``.
``tests/engine/test_flat_training.py`` proves every loop here leaves, for the same seed, the
brain the plain loop of :func:`~sticks_tui.engine.training.train` leaves, byte for byte.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from ..game import AnyRuleSet as RuleSet
from ..game import Position
from ..games.takeaway import TakeAway
from .base import MachineOpponent

#: A ball laid beside its hat: the hat's counts and the ball's index in them.
Ball = tuple[list[int], int]
#: The learning rule for one side's balls of one game: ``settle(balls, won)`` (it empties them).
Settle = Callable[[list[Ball], bool], None]


def draw_index(counts: list[int], legal: tuple[int, ...], u: float) -> int:
    """A legal ball index drawn with probability proportional to its count (``u`` in [0, 1))."""
    total = 0
    for i in legal:
        total += counts[i]
    r = u * total
    for i in legal:
        r -= counts[i]
        if r < 0:
            return i
    return legal[-1]


class CountsGames(Protocol):
    """The brain, as far as a loop needs it: the games it has finished."""

    games_played: int


@dataclass(frozen=True)
class TakeAwayHats:
    """A brain's hats for one take-away game from one heap, by stick count.

    ``counts[n]`` is the brain's own count list of the hat for ``n`` sticks (empty where the
    game is over), ``balls[n][i]`` the ball ``i`` of that hat as laid beside it, ``legal[n]`` the
    indices of its legal balls, ``common[n]`` whether they are three balls, all legal (drawn
    without a loop).
    """

    brain: CountsGames
    start: int
    takes: tuple[int, ...]
    misere: bool
    counts: list[list[int]]
    balls: list[tuple[Ball, ...]]
    legal: list[tuple[int, ...]]
    common: list[bool]
    settle: Settle

    @property
    def lowest(self) -> int:
        """The game is over once fewer sticks than this are left."""
        return self.takes[0]


def takeaway_hats(
    brain: CountsGames,
    rules: RuleSet,
    hats: Mapping[Position, list[int]],
    legal_balls: Mapping[Position, tuple[int, ...]],
    settler: Callable[[], Settle],
) -> TakeAwayHats | None:
    """A brain's ``hats`` (its count lists by position, with the indices of their legal balls)
    as the flat take-away loops play them, or None: for another game, or when a heap the game
    may reach has no hat yet (the plain loop makes hats as play reaches them, and a loop must
    leave exactly the hats it leaves). ``settler`` makes the brain's learning rule."""
    if not isinstance(rules, TakeAway):
        return None
    start, takes = rules.initial_position(), rules.takes
    counts: list[list[int]] = []
    balls: list[tuple[Ball, ...]] = []
    legal: list[tuple[int, ...]] = []
    for n in range(start + 1):
        over = n < takes[0]
        if not over and n not in hats:
            return None
        hat = [] if over else hats[n]
        counts.append(hat)
        balls.append(tuple((hat, i) for i in range(len(hat))))
        legal.append(() if over else legal_balls[n])
    common = [len(takes) == 3 and lg == (0, 1, 2) for lg in legal]
    return TakeAwayHats(brain, start, takes, rules.misere, counts, balls, legal, common, settler())


class TakeAwaySelfPlay:
    """One brain in both seats of a take-away game, both learning (as ``train(.., SELF)``)."""

    def __init__(self, hats: TakeAwayHats, rng: random.Random, games_before: int) -> None:
        self.hats = hats
        self.random = rng.random
        self.games = games_before  # games of this training so far: seat 0 starts the even ones

    def play(self, games: int, should_stop: Callable[[], bool] | None) -> tuple[int, int]:
        hats = self.hats
        counts_at, balls_at, legal_at, takes = hats.counts, hats.balls, hats.legal, hats.takes
        common, settle, random_ = hats.common, hats.settle, self.random
        lowest, start = hats.lowest, hats.start
        game = self.games
        played = starter_won = 0
        for _ in range(games):
            if should_stop is not None and should_stop():
                break
            n = start
            first: list[Ball] = []  # the balls of the side that started
            second: list[Ball] = []
            while True:  # the draw of _draw, written out: this is where the time goes
                counts = counts_at[n]
                if common[n]:
                    c0, c1, c2 = counts
                    r = random_() * (c0 + c1 + c2) - c0
                    i = 0 if r < 0 else (1 if r < c1 else 2)
                else:
                    i = draw_index(counts, legal_at[n], random_())
                counts[i] -= 1
                first.append(balls_at[n][i])
                n -= takes[i]
                if n < lowest:
                    last = 0
                    break
                counts = counts_at[n]
                if common[n]:
                    c0, c1, c2 = counts
                    r = random_() * (c0 + c1 + c2) - c0
                    i = 0 if r < 0 else (1 if r < c1 else 2)
                else:
                    i = draw_index(counts, legal_at[n], random_())
                counts[i] -= 1
                second.append(balls_at[n][i])
                n -= takes[i]
                if n < lowest:
                    last = 1
                    break
            loser = last if hats.misere else last ^ 1
            if game & 1:  # seat 0 played second: its balls are settled first, as game_over does
                settle(second, loser != 1)
                settle(first, loser != 0)
            else:
                settle(first, loser != 0)
                settle(second, loser != 1)
            starter_won += loser
            game += 1
            played += 1
        self.games = game
        hats.brain.games_played += played
        return played, starter_won

    def sync(self) -> None:
        """Nothing to do: the loop works on the brain's own hats."""


class TakeAwayAgainstMachine:
    """The brain (seat 0, learning) against the random, perfect or mixed player, starting every
    other game; the machine's moves drawn exactly as its player draws them."""

    def __init__(
        self,
        hats: TakeAwayHats,
        opponent: MachineOpponent,
        replies: Sequence[tuple[int, ...]],
        legal_moves: Sequence[tuple[int, ...]],
        rng: random.Random,
        games_before: int,
    ) -> None:
        self.hats = hats
        self.opponent = opponent
        self.replies = replies
        self.legal_moves = legal_moves
        self.rng = rng
        self.games = games_before

    def play(self, games: int, should_stop: Callable[[], bool] | None) -> tuple[int, int]:
        hats, rng = self.hats, self.rng
        counts_at, balls_at, legal_at, takes = hats.counts, hats.balls, hats.legal, hats.takes
        common, settle, lowest, start = hats.common, hats.settle, hats.lowest, hats.start
        random_, choice = rng.random, rng.choice
        mixed = self.opponent.kind == "mixed"
        skill = self.opponent.skill
        replies, legal_moves = self.replies, self.legal_moves
        game = self.games
        played = won = 0
        for _ in range(games):
            if should_stop is not None and should_stop():
                break
            n = start
            mine: list[Ball] = []
            learner_moves = not game & 1  # the learner starts the even games
            while True:
                if learner_moves:
                    i = _draw(counts_at[n], legal_at[n], common[n], random_())
                    mine.append(balls_at[n][i])
                    n -= takes[i]
                else:
                    options = replies if not mixed or random_() < skill else legal_moves
                    n -= choice(options[n])
                if n < lowest:
                    break
                learner_moves = not learner_moves
            # the learner made the last move: it won unless the last stick loses
            learner_won = learner_moves != hats.misere
            settle(mine, learner_won)
            won += learner_won
            game += 1
            played += 1
        self.games = game
        hats.brain.games_played += played
        return played, won

    def sync(self) -> None:
        """Nothing to do: the loop works on the brain's own hats."""


def _draw(counts: list[int], legal: tuple[int, ...], common: bool, u: float) -> int:
    """Draw a ball from a hat and take it out (it goes beside the hat)."""
    if common:  # three balls, all legal: draw_index written out
        c0, c1, c2 = counts
        r = u * (c0 + c1 + c2) - c0
        i = 0 if r < 0 else (1 if r < c1 else 2)
    else:
        i = draw_index(counts, legal, u)
    counts[i] -= 1
    return i

"""The hat AI's flat training loops for take-away games: the hot path of the whole program.

100,000 games of 100 sticks are about five million draws, so for a take-away game (a heap; a
move takes one of a few amounts) the loops here play on plain lists indexed by the stick count:
each hat's counts, dense (every count, a copy of the brain's sparse hat made when the loop is
made and kept back in the brain by ``sync``), the balls to lay beside it (each ball a ready
``(counts, index)`` pair, so a draw costs one append), how many sticks each ball takes. The two
turns of a game are written out, and the common hat (three balls, all legal) is drawn without a
loop. A heap only shrinks, so no hat is drawn from twice in a game: a drawn ball is left in its
hat (taking it out would change no later draw of the game) and its going out and coming back
are settled in one step. The running number ``r`` is a float and is compared with ``0.0``, not
``0``: Python compares two floats on its quick path, a float and an int on its slow one (some
5% of the loop).

The rule stays :mod:`.draw`'s: the draw is :func:`draw_index` (for three balls the same
arithmetic written out), and the balls are settled by its :func:`once_a_game_settler`, which
leaves the counts its ``dense_settler`` leaves for the balls taken out.
``tests/engine/test_flat_training.py`` proves every loop here leaves, for the same seed, the
brain the plain loop of :func:`~sticks_tui.engine.training.train` leaves, byte for byte.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Protocol

from ...game import Rules
from ...solver import Solver
from ..base import MachineOpponent
from .draw import Ball, Settle, draw_index, once_a_game_settler
from .settings import HatSettings

#: The most counts the flat loops copy out of a brain (heaps times takes): a heap of a million
#: sticks is played by the loop for any game instead, on the brain's own sparse hats.
FLAT_COUNTS_MAX = 1 << 18


class DenseBrain(Protocol):
    """The brain, as far as a flat loop needs it: the games it has finished, its settings (the
    learning rule's numbers), each hat's counts as a list, and where to keep them back."""

    games_played: int
    settings: HatSettings

    def _dense(self, position: Hashable) -> list[int]: ...

    def _keep(self, position: Hashable, counts: list[int]) -> None: ...


@dataclass(frozen=True)
class TakeAwayHats:
    """A brain's hats for one take-away game from one heap, by stick count.

    ``counts[n]`` is the hat for ``n`` sticks, every count (empty where the game is over),
    ``balls[n][i]`` the ball ``i`` of that hat as laid beside it, ``legal[n]`` the indices of its
    legal balls, ``common[n]`` whether they are three balls, all legal (drawn without a loop).
    """

    brain: DenseBrain
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

    def keep(self) -> None:
        """Keep the counts played on back in the brain (between games)."""
        for n in range(self.lowest, self.start + 1):
            self.brain._keep(n, self.counts[n])


def takeaway_hats(brain: DenseBrain, rules: Rules) -> TakeAwayHats | None:
    """A brain's hats as the flat take-away loops play them, or None: for another game, or a
    heap so big (times the takes) that the copy would cost more than the loop saves."""
    # the take-away family's module, once per training: a program that trains none (the app as
    # it starts, each tab of a classroom) loads it only for a take-away game
    from ...games.takeaway import TakeAway

    if not isinstance(rules, TakeAway):
        return None
    start, takes = rules.initial_position(), rules.takes
    if (start + 1) * len(takes) > FLAT_COUNTS_MAX:
        return None
    counts: list[list[int]] = []
    balls: list[tuple[Ball, ...]] = []
    legal: list[tuple[int, ...]] = []
    for n in range(start + 1):
        hat = [] if n < takes[0] else brain._dense(n)
        counts.append(hat)
        balls.append(tuple((hat, i) for i in range(len(hat))))
        legal.append(tuple(range(bisect_right(takes, n))))
    common = [len(takes) == 3 and lg == (0, 1, 2) for lg in legal]
    return TakeAwayHats(
        brain, start, takes, rules.misere, counts, balls, legal, common,
        once_a_game_settler(brain.settings),
    )


def takeaway_machine_run(
    hats: TakeAwayHats | None,
    rules: Rules,
    rng: random.Random,
    games_before: int,
    opponent: MachineOpponent,
) -> TakeAwayAgainstMachine | None:
    """The flat loop of ``hats`` against a machine that plays at random or by the solver (a
    perfect or mixed one), or None (no flat hats, or another opponent)."""
    if hats is None or opponent.kind not in ("random", "perfect", "mixed"):
        return None
    from ...games.takeaway import TakeAway  # as in takeaway_hats

    if not isinstance(rules, TakeAway):  # never: the flat hats are a take-away game's
        return None
    top = hats.start + 1
    legal_moves = [tuple(rules.legal_moves(n)) for n in range(top)]
    replies = legal_moves
    if opponent.kind != "random":
        solver = Solver(rules)
        replies = [solver.winning_moves(n) or legal_moves[n] for n in range(top)]
    return TakeAwayAgainstMachine(hats, opponent, replies, legal_moves, rng, games_before)


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
        lowest, start, misere = hats.lowest, hats.start, hats.misere
        game = self.games
        played = starter_won = 0
        first: list[Ball] = []  # the balls of the side that started (settle empties them)
        second: list[Ball] = []
        first_drew, second_drew = first.append, second.append
        for _ in range(games):
            if should_stop is not None and should_stop():
                break
            n = start
            while True:  # draw_index, written out: this is where the time goes
                counts = counts_at[n]
                if common[n]:
                    c0, c1, c2 = counts
                    r = random_() * (c0 + c1 + c2) - c0
                    i = 0 if r < 0.0 else (1 if r < c1 else 2)
                else:
                    i = draw_index(counts, legal_at[n], random_())
                first_drew(balls_at[n][i])
                n -= takes[i]
                if n < lowest:
                    last = 0
                    break
                counts = counts_at[n]
                if common[n]:
                    c0, c1, c2 = counts
                    r = random_() * (c0 + c1 + c2) - c0
                    i = 0 if r < 0.0 else (1 if r < c1 else 2)
                else:
                    i = draw_index(counts, legal_at[n], random_())
                second_drew(balls_at[n][i])
                n -= takes[i]
                if n < lowest:
                    last = 1
                    break
            loser = last if misere else last ^ 1
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
        """Keep what the games taught in the brain."""
        self.hats.keep()


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
        mine: list[Ball] = []  # settle empties it
        drew = mine.append
        for _ in range(games):
            if should_stop is not None and should_stop():
                break
            n = start
            learner_moves = not game & 1  # the learner starts the even games
            while True:
                if learner_moves:  # draw_index, written out
                    counts = counts_at[n]
                    if common[n]:
                        c0, c1, c2 = counts
                        r = random_() * (c0 + c1 + c2) - c0
                        i = 0 if r < 0.0 else (1 if r < c1 else 2)
                    else:
                        i = draw_index(counts, legal_at[n], random_())
                    drew(balls_at[n][i])
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
        """Keep what the games taught in the brain."""
        self.hats.keep()

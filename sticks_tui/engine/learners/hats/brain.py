"""The learning AI's brain: one hat per position, holding numbered balls (seed 000).

A hat is kept as *counts per ball number*, never as a list of balls: after a million games a
list would hold millions of balls, while counts stay a few integers per hat. And the brain keeps
only what it learned: the counts that differ from a fresh hat's (:mod:`.draw`). A position
met whose hat is still fresh, or back to fresh after losses, costs nothing; its hat reads as a
fresh hat wherever it is looked at, and looking makes none.

The life of a ball, exactly as the seed tells it:

* on its turn the AI draws a ball at random from the hat of the current position, among the balls
  it may legally play, and puts it *beside* the hat;
* when the AI wins, every ball beside a hat goes back with one more ball of the same number;
* when it loses, the balls beside the hats are thrown away, except that a hat always keeps at
  least one ball of each number: a last ball of a number goes back.

Those numbers (one ball of each number in a fresh hat, one more on a win, the drawn ball thrown
away on a loss, a floor of one) are the defaults of :class:`HatSettings`; a brain keeps its
settings and its brain file says them. The rule lives in :mod:`.draw` alone: the fast loops
(:meth:`HatBrain.self_play_run`, :meth:`HatBrain.machine_run`, the flat take-away ones of
:mod:`.loops`) draw and settle with the same functions.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterator, Mapping, Sequence
from typing import Any

from ...game import RuleError, Rules
from ..base import (
    BrainError,
    CurvePoint,
    MachineOpponent,
    MoveValue,
    MoveValues,
    SelfPlayRun,
    brain_dict,
    read_header,
)
from ..game_change import GameChange, MoveChange, hat_change
from .draw import (
    Settle,
    Settled,
    SparseHats,
    SparseSettle,
    dense,
    dense_settler,
    draw_index,
    get_count,
    keep_dense,
    set_count,
    sparse_settler,
    take_ball,
)
from .file import hats_from_file, hats_to_file, learned_balls, read_settings
from .lessons import Lesson, add_lesson, lesson_between
from .loops import TakeAwayHats, TakeAwaySelfPlay, takeaway_hats, takeaway_machine_run
from .self_play import AnyGameSelfPlay
from .settings import HatSettings, HatView

#: The positions whose balls a brain remembers at a time (:meth:`HatBrain._balls`): every
#: position of a game the learning curve measures (at most 10,000) and more, in a few
#: megabytes; past it the memory is emptied and starts again.
BALLS_KEPT = 20_000


class HatBrain:
    """All the hats of one learning AI for one rule set, plus how many games it has finished.

    It may sit in both seats of a game (self-play): the balls each seat draws wait beside
    their hats apart, and each seat's are settled by how the game ended for that seat.
    """

    kind = "hats"

    def __init__(self, rules: Rules, settings: HatSettings | None = None) -> None:
        self.rules = rules
        self.settings = settings if settings is not None else HatSettings()
        self.games_played = 0
        #: Checkpoints of how learning went (see engine.learning_curve).
        self.learning_curve: list[CurvePoint] = []
        #: position -> (ball index into rules.ball_kinds(position), count, ...), only the
        #: counts that differ from a fresh hat's (a ball beside its hat is out of it); .draw
        self._hats: SparseHats = {}
        # per seat, the balls waiting beside their hats during a game: (position, ball index)
        self._beside: tuple[list[tuple[Hashable, int]], list[tuple[Hashable, int]]] = ([], [])
        # what the last game finished did, as the settling saw it (see last_game)
        self._last_game: list[Settled] | None = None
        # position -> its ball kinds and the indices of the legal ones (see _balls)
        self._balls_at: dict[Hashable, tuple[Sequence[Hashable], Sequence[int]]] = {}

    # -- hats -----------------------------------------------------------------------------
    def positions(self) -> list[Hashable]:
        """The hats the brain keeps: every position whose hat holds something learned (its
        balls differ from a fresh hat's), and during a game those with a ball beside them; in
        the rules' natural order where they sort."""
        kept = dict.fromkeys(self._hats)
        kept.update(dict.fromkeys(p for p, _ in self._all_beside()))
        return _in_order(kept)

    def hat_positions(self) -> list[Hashable]:
        """The hats to show: the rules' standing hats (a take-away game's, one per stick count,
        fresh or not) and every hat the brain keeps."""
        standing = self.rules.hat_positions()
        if not standing:
            return self.positions()
        shown = dict.fromkeys(standing)
        shown.update(dict.fromkeys(self.positions()))
        return _in_order(shown)

    def __iter__(self) -> Iterator[HatView]:
        """Every hat to show (:meth:`hat_positions`), as a user would see it."""
        return (self.view(p) for p in self.hat_positions())

    def learned_hats(self) -> int:
        """How many hats hold something learned: balls (a ball beside counted in) that differ
        from a fresh hat's. A hat that losses bring back to fresh is not counted."""
        beside = {p for p, _ in self._all_beside()}
        fresh = self.settings.fresh_balls
        learned = sum(any(n != fresh for n in self.counts(p).values()) for p in beside)
        return len(self._hats.keys() - beside) + learned

    def kept_counts(self) -> int:
        """How many counts the brain keeps (those that differ from a fresh hat's)."""
        return sum(len(hat) for hat in self._hats.values()) // 2

    def _fill(self, position: Hashable, kinds: Sequence[Hashable]) -> list[int]:
        """The counts in the hat at ``position`` (balls beside it out), aligned with ``kinds``."""
        return dense(self._hats.get(position), len(kinds), self.settings.fresh_balls)

    def _balls(self, position: Hashable) -> tuple[Sequence[Hashable], Sequence[int]]:
        """The ball kinds of the hat at ``position`` and the indices of those legal there.

        They follow from the rules alone, so each position's are worked out once, for at most
        :data:`BALLS_KEPT` positions at a time: the learning curve asks every position of the
        game for its preferred balls and their chances at each of its points.
        """
        known = self._balls_at.get(position)
        if known is None:
            kinds = self.rules.ball_kinds(position)
            known = (kinds, self._legal(position, kinds))
            if len(self._balls_at) >= BALLS_KEPT:
                self._balls_at.clear()
            self._balls_at[position] = known
        return known

    def _legal(self, position: Hashable, kinds: Sequence[Hashable]) -> Sequence[int]:
        """The indices of the balls of ``kinds`` that may be played at ``position``."""
        legal = self.rules.legal_moves(position)
        if tuple(legal) == tuple(kinds):
            return range(len(kinds))
        allowed = set(legal)
        return tuple(i for i, kind in enumerate(kinds) if kind in allowed)

    def view(self, position: Hashable) -> HatView:
        """The hat at ``position`` as a user would see it, with the ball beside it shown apart
        (a fresh hat where the brain keeps none; none is made)."""
        kinds = self.rules.ball_kinds(position)
        counts = self._fill(position, kinds)
        beside = next((kinds[i] for p, i in self._all_beside() if p == position), None)
        return HatView(position, dict(zip(kinds, counts)), beside)

    def counts(self, position: Hashable) -> dict[Hashable, int]:
        """Balls of each number that belong to the hat, counting the balls waiting beside it."""
        kinds = self.rules.ball_kinds(position)
        counts = self._fill(position, kinds)
        for p, i in self._all_beside():
            if p == position:
                counts[i] += 1
        return dict(zip(kinds, counts))

    def legal_counts(self, position: Hashable) -> dict[Hashable, int]:
        """Like :meth:`counts`, restricted to the balls that may be played at ``position``."""
        counts = self.counts(position)
        legal = set(self.rules.legal_moves(position))
        return {move: count for move, count in counts.items() if move in legal}

    def preferred_moves(self, position: Hashable) -> tuple[Hashable, ...]:
        """The most numerous legal balls (all of them in a fresh hat); empty where none is legal.

        (The counts of :meth:`legal_counts`, by index: the learning curve asks this of every
        position of the game at each of its points.)"""
        kinds, legal = self._balls(position)
        if not legal:
            return ()
        counts = self._fill(position, kinds)
        for p, i in self._all_beside():
            if p == position:
                counts[i] += 1
        most = max(counts[i] for i in legal)
        return tuple(kinds[i] for i in legal if counts[i] == most)

    def preferred_move(self, position: Hashable) -> Hashable | None:
        """The most numerous legal ball (the smallest move on a tie); None where none is legal."""
        best = self.preferred_moves(position)
        return best[0] if best else None

    def values_at(self, position: Hashable) -> MoveValues:
        """The legal balls of the hat at ``position`` (the ball drawn this game counted in),
        the chance of each by :meth:`sample_move`, and the most numerous (see
        :class:`~..base.MoveValues`); a hat never met reads as fresh, and none is made."""
        counts = self.counts(position)
        chances = dict(self.move_chances(position))
        fresh = self.settings.fresh_balls
        moves = tuple(
            MoveValue(move, count, chances.get(move, 0.0), count != fresh)
            for move, count in counts.items() if move in chances
        )
        drawn = next((move for p, move in self.balls_beside if p == position), None)
        return MoveValues(position, moves, self.preferred_moves(position), True, drawn=drawn)

    def confidence(self, position: Hashable) -> float:
        """The preferred ball's share of the legal balls (1/3 for an untouched Sticks hat)."""
        legal = self.legal_counts(position)
        total = sum(legal.values())
        return max(legal.values()) / total if total else 0.0

    @property
    def balls_beside(self) -> list[tuple[Hashable, Hashable]]:
        return [(p, self.rules.ball_kinds(p)[i]) for p, i in self._all_beside()]

    @property
    def mid_game(self) -> bool:
        """Whether balls wait beside the hats: a game is under way (a lesson waits for its end)."""
        return bool(self._beside[0] or self._beside[1])

    def _all_beside(self) -> list[tuple[Hashable, int]]:
        return self._beside[0] + self._beside[1]

    # -- playing and learning -----------------------------------------------------------------
    def draw(self, position: Hashable, rng: random.Random, seat: int = 0) -> Hashable:
        """Draw a legal ball from the hat at ``position`` and put it beside the hat for ``seat``."""
        if seat not in (0, 1):
            raise ValueError(f"a seat is 0 or 1, got {seat!r}")
        kinds, legal = self._balls(position)
        if not legal:
            raise RuleError(f"no move is possible at {position!r}")
        fresh = self.settings.fresh_balls
        chosen = take_ball(self._hats, position, len(kinds), legal, rng.random(), fresh)
        self._beside[seat].append((position, chosen))
        return kinds[chosen]

    def move(self, position: Hashable, rng: random.Random, seat: int = 0) -> Hashable:
        """The :class:`~..base.Learner` move: a ball drawn for ``seat`` (see :meth:`draw`)."""
        return self.draw(position, rng, seat)

    def sample_move(self, position: Hashable, rng: random.Random) -> Hashable:
        """A ball drawn as :meth:`draw` would, but left in the hat: nothing is learned."""
        kinds, legal = self._balls(position)
        if not legal:
            raise RuleError(f"no move is possible at {position!r}")
        return kinds[draw_index(self._fill(position, kinds), legal, rng.random())]

    def move_chances(self, position: Hashable) -> list[tuple[Hashable, float]]:
        """Each legal ball with its share of the legal balls in the hat (as :meth:`sample_move`
        draws). A position without a hat is read as a fresh hat, and none is made: being
        measured teaches a brain nothing."""
        kinds, legal = self._balls(position)
        counts = self._fill(position, kinds)
        total = sum(counts[i] for i in legal)
        if total == 0:  # every legal ball is beside the hat: sample_move falls on the last
            return [(kinds[legal[-1]], 1.0)] if legal else []
        return [(kinds[i], counts[i] / total) for i in legal]

    def learn(self, won: bool, seat: int = 0) -> None:
        """End of a game played in one seat: settle its balls, as the seed says."""
        self.game_over({seat: won})

    def game_over(self, results: Mapping[int, bool]) -> None:
        """End of a game: settle the balls beside the hats of each seat by its result (what
        that did is kept: :attr:`last_game`)."""
        settled: list[Settled] = []
        settle = sparse_settler(self.settings, self._hats, settled)
        for seat in sorted(results):  # the fast loops settle in the same order
            settle(self._beside[seat], results[seat])
        self._last_game = settled
        self.games_played += 1

    @property
    def last_game(self) -> GameChange | None:
        """What the last game finished did to the hats: each ball drawn, and the balls of its
        number before and after (None before any game, or after a game abandoned)."""
        if self._last_game is None:
            return None
        kinds = self.rules.ball_kinds
        moves = tuple(MoveChange(p, kinds(p)[i], won, n, m) for p, i, won, n, m in self._last_game)
        return hat_change(moves, self.settings.floor, self.settings.balls_taken_on_loss)

    def _settler(self) -> SparseSettle:
        """The learning rule on the brain's own hats (see :func:`.draw.sparse_settler`)."""
        return sparse_settler(self.settings, self._hats)

    def _dense_settler(self) -> Settle:
        """The learning rule on the dense hats of the flat loops."""
        return dense_settler(self.settings)

    def _dense(self, position: Hashable) -> list[int]:
        """Every count of the hat at ``position`` (a new list), as a flat loop plays it."""
        return self._fill(position, self.rules.ball_kinds(position))

    def _keep(self, position: Hashable, counts: list[int]) -> None:
        """Keep the dense ``counts`` a flat loop left at ``position``: those that differ from a
        fresh hat's."""
        keep_dense(self._hats, position, counts, self.settings.fresh_balls)

    def abandon(self) -> None:
        """A game that ended without a result (cancelled): balls beside go back, nothing learned."""
        fresh = self.settings.fresh_balls
        self._last_game = None
        for beside in self._beside:
            for position, i in beside:
                count = get_count(self._hats.get(position), i, fresh) + 1
                set_count(self._hats, position, i, count, fresh)
            beside.clear()

    def put_back(self, position: Hashable, seat: int = 0) -> None:
        """A move taken back (undo): the ball ``seat`` drew at ``position`` goes back into its
        hat; the balls beside the other hats stay there, as their moves stand."""
        beside = self._beside[seat]
        for index, (at, i) in enumerate(beside):
            if at == position:
                fresh = self.settings.fresh_balls
                set_count(self._hats, at, i, get_count(self._hats.get(at), i, fresh) + 1, fresh)
                del beside[index]
                return

    def self_play_run(
        self, rules: Rules, rng: random.Random, games_before: int
    ) -> SelfPlayRun:
        """The fast self-play loop (see :class:`~..base.PlaysItselfFast`): the flat one of a
        take-away game, else the one for any game."""
        hats = self._takeaway_hats(rules)
        if hats is not None:
            return TakeAwaySelfPlay(hats, rng, games_before)
        return AnyGameSelfPlay(self, rules, rng, games_before)

    def machine_run(
        self, rules: Rules, rng: random.Random, games_before: int, opponent: MachineOpponent
    ) -> SelfPlayRun | None:
        """The flat loop against a machine (see :class:`~..base.PlaysMachinesFast`), for a
        take-away game."""
        return takeaway_machine_run(self._takeaway_hats(rules), rules, rng, games_before, opponent)

    def _takeaway_hats(self, rules: Rules) -> TakeAwayHats | None:
        """The hats as the flat take-away loops play them, or None (see :func:`takeaway_hats`)."""
        return takeaway_hats(self, rules)

    # -- lessons: what games taught, as a change that adds up --------------------------------
    def lesson_since(self, earlier: HatBrain) -> Lesson:
        """What this brain learned since it was ``earlier`` (a copy taken then); see
        :func:`.lessons.lesson_between`."""
        return lesson_between(self, earlier)

    def apply_lesson(self, lesson: Lesson) -> None:
        """Add what ``lesson`` taught to these hats, between two games; see
        :func:`.lessons.add_lesson`."""
        add_lesson(self, lesson)

    def take_on(self, saved: HatBrain) -> None:
        """Become ``saved`` (between two games), staying the same object.

        The players and screens that hold this brain then play with the saved brain, which holds
        this brain's lessons and those other programs saved meanwhile.
        """
        if saved.rules.key != self.rules.key:
            raise ValueError(f"a brain for {self.rules.key} cannot take on one for "
                             f"{saved.rules.key}")
        if self._all_beside() or saved._all_beside():
            raise ValueError("a brain takes on another between games, with no ball beside a hat")
        self.settings = saved.settings
        self.games_played = saved.games_played
        self.learning_curve = list(saved.learning_curve)
        self._hats.clear()
        self._hats.update(saved._hats)  # a sparse hat is a tuple: shared, never changed

    # -- copying and serialising ----------------------------------------------------------------
    def copy(self) -> HatBrain:
        other = HatBrain.__new__(HatBrain)
        other.rules = self.rules
        other.settings = self.settings
        other.games_played = self.games_played
        other.learning_curve = list(self.learning_curve)
        other._hats = dict(self._hats)  # a sparse hat is a tuple: shared, never changed
        other._beside = (list(self._beside[0]), list(self._beside[1]))
        other._last_game = None
        other._balls_at = self._balls_at  # the same rules: the same balls
        return other

    def to_dict(self) -> dict[str, Any]:
        """The documented JSON form: rules, settings, games played, and the hats the brain
        keeps, each with the counts that differ from a fresh hat's (a ball beside a hat
        counted in)."""
        beside = {p for p, _ in self._all_beside()}
        learned = learned_balls(self.rules, self._hats, self.settings, beside, self.counts)
        hats = hats_to_file(self.rules, self.positions(), learned)
        return brain_dict(
            self.kind, self.rules, self.settings, self.games_played, {"hats": hats},
            self.learning_curve,
        )

    @classmethod
    def from_dict(cls, data: Any, rules: Rules | None = None) -> HatBrain:
        """Rebuild a brain from :meth:`to_dict` output (or a file of an earlier version, every
        count written), refusing anything that does not fit.

        ``rules``, when given, is the rule set the brain must be for; a brain for another rule
        set is refused with a message naming both.
        """
        header = read_header(data, rules)
        if header.kind != cls.kind:
            raise BrainError("this is a Q-learner's brain, not a hat AI's")
        brain = cls(header.rules, read_settings(header.settings))
        brain.games_played = header.games_played
        brain._hats = hats_from_file(brain.rules, brain.settings, data.get("hats"), header.version)
        brain.learning_curve = header.learning_curve
        return brain


def _in_order(positions: Any) -> list[Hashable]:
    """Positions in the rules' natural order where they sort, else as they come."""
    listed: list[Any] = list(positions)
    try:
        return sorted(listed)
    except TypeError:
        return listed

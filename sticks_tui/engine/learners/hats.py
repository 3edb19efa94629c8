"""The learning AI's brain: one hat per position, holding numbered balls (seed 000).

A hat is stored as *counts per ball number*, never as a list of balls: after a million games a
list would hold millions of balls, while counts stay a few integers per hat.

The life of a ball, exactly as the seed tells it:

* on its turn the AI draws a ball at random from the hat of the current position, among the balls
  it may legally play, and puts it *beside* the hat;
* when the AI wins, every ball beside a hat goes back with one more ball of the same number;
* when it loses, the balls beside the hats are thrown away, except that a hat always keeps at
  least one ball of each number: a last ball of a number goes back.

Those numbers (one ball of each number in a fresh hat, one more on a win, the drawn ball thrown
away on a loss, a floor of one) are the defaults of :class:`HatSettings`; a brain keeps its
settings and its brain file says them. The rule lives here alone: the fast loops
(:meth:`HatBrain.self_play_run`, :meth:`HatBrain.machine_run`, the flat take-away ones of
:mod:`.hat_loops`) settle their balls with the same :meth:`HatBrain._settler`.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from dataclasses import replace
from typing import Any

from ..game import AnyRuleSet as RuleSet
from ..game import Move, Position, RuleError
from ..solver import Solver
from .base import (
    BrainError,
    CurvePoint,
    MachineOpponent,
    SelfPlayRun,
    SettingsError,
    brain_dict,
    read_header,
)
from .hat_json import load_hat
from .hat_lessons import Lesson
from .hat_loops import (
    Ball,
    Settle,
    TakeAwayAgainstMachine,
    TakeAwayHats,
    TakeAwaySelfPlay,
    draw_index,
    takeaway_hats,
)
from .hat_self_play import AnyGameSelfPlay
from .hat_settings import HatSettings, HatView

__all__ = ["BrainError", "CurvePoint", "HatBrain", "HatSettings", "HatView", "Lesson"]


class HatBrain:
    """All the hats of one learning AI for one rule set, plus how many games it has finished.

    It may sit in both seats of a game (self-play): the balls each seat draws wait beside
    their hats apart, and each seat's are settled by how the game ended for that seat.
    """

    kind = "hats"

    def __init__(self, rules: RuleSet, settings: HatSettings | None = None) -> None:
        self.rules = rules
        self.settings = settings if settings is not None else HatSettings()
        self.games_played = 0
        #: Checkpoints of how learning went (see engine.learning_curve).
        self.learning_curve: list[CurvePoint] = []
        # position -> ball counts, aligned with rules.ball_kinds(position)
        self._counts: dict[Position, list[int]] = {}
        self._kinds: dict[Position, tuple[Move, ...]] = {}
        # position -> indices (into the kinds) of the balls that are legal there
        self._legal: dict[Position, tuple[int, ...]] = {}
        # per seat, the balls waiting beside their hats during a game: (position, ball index)
        self._beside: tuple[list[tuple[Position, int]], list[tuple[Position, int]]] = ([], [])
        for position in rules.hat_positions():
            self._hat(position)

    # -- hats -----------------------------------------------------------------------------
    def _hat(self, position: Position) -> list[int]:
        counts = self._counts.get(position)
        if counts is None:
            kinds = tuple(self.rules.ball_kinds(position))
            legal_moves = set(self.rules.legal_moves(position))
            counts = [self.settings.fresh_balls] * len(kinds)
            self._counts[position] = counts
            self._kinds[position] = kinds
            self._legal[position] = tuple(i for i, k in enumerate(kinds) if k in legal_moves)
        return counts

    def positions(self) -> list[Position]:
        """Every position that has a hat, in the rules' natural order where they sort."""
        positions: list[Any] = list(self._counts)
        try:
            return sorted(positions)
        except TypeError:
            return positions

    def __iter__(self) -> Iterator[HatView]:
        return (self.view(p) for p in self.positions())

    def view(self, position: Position) -> HatView:
        """The hat at ``position`` as a user would see it, with the ball beside it shown apart."""
        counts = self._hat(position)
        kinds = self._kinds[position]
        beside = next((kinds[i] for p, i in self._all_beside() if p == position), None)
        return HatView(position, dict(zip(kinds, counts)), beside)

    def counts(self, position: Position) -> dict[Move, int]:
        """Balls of each number that belong to the hat, counting the balls waiting beside it."""
        counts = self._hat(position)
        kinds = self._kinds[position]
        balls = dict(zip(kinds, counts))
        for p, i in self._all_beside():
            if p == position:
                balls[kinds[i]] += 1
        return balls

    def legal_counts(self, position: Position) -> dict[Move, int]:
        """Like :meth:`counts`, restricted to the balls that may be played at ``position``."""
        counts = self.counts(position)
        kinds = self._kinds[position]
        return {kinds[i]: counts[kinds[i]] for i in self._legal[position]}

    def preferred_moves(self, position: Position) -> tuple[Move, ...]:
        """The most numerous legal balls (all of them in a fresh hat); empty where none is legal."""
        legal = self.legal_counts(position)
        most = max(legal.values(), default=0)
        return tuple(move for move, count in legal.items() if count == most)

    def preferred_move(self, position: Position) -> Move | None:
        """The most numerous legal ball (the smallest move on a tie); None where none is legal."""
        best = self.preferred_moves(position)
        return best[0] if best else None

    def confidence(self, position: Position) -> float:
        """The preferred ball's share of the legal balls (1/3 for an untouched Sticks hat)."""
        legal = self.legal_counts(position)
        total = sum(legal.values())
        return max(legal.values()) / total if total else 0.0

    @property
    def balls_beside(self) -> list[tuple[Position, Move]]:
        return [(p, self._kinds[p][i]) for p, i in self._all_beside()]

    def _all_beside(self) -> list[tuple[Position, int]]:
        return self._beside[0] + self._beside[1]

    # -- playing and learning -----------------------------------------------------------------
    def draw(self, position: Position, rng: random.Random, seat: int = 0) -> Move:
        """Draw a legal ball from the hat at ``position`` and put it beside the hat for ``seat``."""
        if seat not in (0, 1):
            raise ValueError(f"a seat is 0 or 1, got {seat!r}")
        counts = self._hat(position)
        legal = self._legal[position]
        if not legal:
            raise RuleError(f"no move is possible at {position!r}")
        chosen = draw_index(counts, legal, rng.random())
        counts[chosen] -= 1
        self._beside[seat].append((position, chosen))
        return self._kinds[position][chosen]

    def move(self, position: Position, rng: random.Random, seat: int = 0) -> Move:
        """The :class:`~.base.Learner` move: a ball drawn for ``seat`` (see :meth:`draw`)."""
        return self.draw(position, rng, seat)

    def sample_move(self, position: Position, rng: random.Random) -> Move:
        """A ball drawn as :meth:`draw` would, but left in the hat: nothing is learned."""
        counts = self._hat(position)
        legal = self._legal[position]
        if not legal:
            raise RuleError(f"no move is possible at {position!r}")
        return self._kinds[position][draw_index(counts, legal, rng.random())]

    def move_chances(self, position: Position) -> list[tuple[Move, float]]:
        """Each legal ball with its share of the legal balls in the hat (as :meth:`sample_move`
        draws). A position without a hat yet is read as a fresh hat, and none is made: being
        measured teaches a brain nothing."""
        counts = self._counts.get(position)
        if counts is None:
            legal_moves = set(self.rules.legal_moves(position))
            moves = [k for k in self.rules.ball_kinds(position) if k in legal_moves]
            return [(move, 1 / len(moves)) for move in moves]
        kinds, legal = self._kinds[position], self._legal[position]
        total = sum(counts[i] for i in legal)
        if total == 0:  # every legal ball is beside the hat: sample_move falls on the last
            return [(kinds[legal[-1]], 1.0)] if legal else []
        return [(kinds[i], counts[i] / total) for i in legal]

    def learn(self, won: bool, seat: int = 0) -> None:
        """End of a game played in one seat: settle its balls, as the seed says."""
        self.game_over({seat: won})

    def game_over(self, results: Mapping[int, bool]) -> None:
        """End of a game: settle the balls beside the hats of each seat by its result."""
        settle = self._settler()
        for seat in sorted(results):  # the fast loops settle in the same order
            drawn = [(self._counts[position], i) for position, i in self._beside[seat]]
            self._beside[seat].clear()
            settle(drawn, results[seat])
        self.games_played += 1

    def _settler(self) -> Settle:
        """The learning rule, for the balls one seat drew in one game: ``settle(drawn, won)``.

        ``drawn`` holds ``(hat counts, ball index)`` pairs, so the fast loops can settle without
        a lookup; it is emptied. The settings are read once, when the rule is made.
        """
        settings = self.settings
        win_back = 1 + settings.balls_added_on_win  # the drawn ball and the balls added
        loss_back = 1 - settings.balls_taken_on_loss  # the drawn ball, less the balls taken
        floor = settings.floor

        def settle(drawn: list[Ball], won: bool) -> None:
            if won:
                for hat, i in drawn:
                    hat[i] += win_back
            elif loss_back == 0:  # seed 000: the drawn ball is thrown away
                for hat, i in drawn:
                    if hat[i] < floor:
                        hat[i] = floor
            else:
                for hat, i in drawn:
                    count = hat[i] + loss_back
                    hat[i] = count if count > floor else floor
            drawn.clear()

        return settle

    def abandon(self) -> None:
        """A game that ended without a result (cancelled): balls beside go back, nothing learned."""
        for beside in self._beside:
            for position, i in beside:
                self._counts[position][i] += 1
            beside.clear()

    def self_play_run(
        self, rules: RuleSet, rng: random.Random, games_before: int
    ) -> SelfPlayRun:
        """The fast self-play loop (see :class:`~.base.PlaysItselfFast`): the flat one of a
        take-away game, else the one for any game."""
        hats = self._takeaway_hats(rules)
        if hats is not None:
            return TakeAwaySelfPlay(hats, rng, games_before)
        return AnyGameSelfPlay(self, rules, rng, games_before)

    def machine_run(
        self, rules: RuleSet, rng: random.Random, games_before: int, opponent: MachineOpponent
    ) -> SelfPlayRun | None:
        """The flat loop against a machine (see :class:`~.base.PlaysMachinesFast`), for a
        take-away game."""
        hats = self._takeaway_hats(rules)
        if hats is None or opponent.kind not in ("random", "perfect", "mixed"):
            return None
        top = hats.start + 1
        legal_moves = [tuple(rules.legal_moves(n)) for n in range(top)]
        replies = legal_moves
        if opponent.kind != "random":
            solver = Solver(rules)
            replies = [solver.winning_moves(n) or legal_moves[n] for n in range(top)]
        return TakeAwayAgainstMachine(hats, opponent, replies, legal_moves, rng, games_before)

    def _takeaway_hats(self, rules: RuleSet) -> TakeAwayHats | None:
        """The hats as the flat take-away loops play them, or None (see :func:`takeaway_hats`)."""
        return takeaway_hats(self, rules, self._counts, self._legal, self._settler)

    # -- lessons: what games taught, as a change that adds up --------------------------------
    def lesson_since(self, earlier: HatBrain) -> Lesson:
        """What this brain learned since it was ``earlier`` (a copy taken then).

        A ball waiting beside a hat still counts as the hat's, as in :meth:`counts`.
        """
        if earlier.rules.key != self.rules.key:
            raise ValueError(f"a lesson for {self.rules.key} cannot come from {earlier.rules.key}")
        games = self.games_played - earlier.games_played
        if games < 0:
            raise ValueError("the earlier brain has finished more games than this one")
        balls: dict[Position, dict[Move, int]] = {}
        for position in self._counts.keys() | earlier._counts.keys():
            now, then = self._balls(position), earlier._balls(position)
            change = {move: now[move] - then[move] for move in now if now[move] != then[move]}
            if change:
                balls[position] = change
        known = set(earlier.learning_curve)
        curve = tuple(point for point in self.learning_curve if point not in known)
        return Lesson(self.rules.key, games, balls, earlier.games_played, curve)

    def apply_lesson(self, lesson: Lesson) -> None:
        """Add what ``lesson`` taught to these hats, between two games.

        Balls gained go in and balls lost come out, but a hat always keeps the floor of its
        settings of each number (as :meth:`learn` does); the games add up, and the lesson's
        checkpoints are added to the learning curve counted from this brain's games.
        """
        if lesson.rules_key != self.rules.key:
            raise ValueError(f"a lesson for {lesson.rules_key} does not fit a brain for "
                             f"{self.rules.key}")
        if self._all_beside():
            raise ValueError("a lesson is added between games, with no ball beside a hat")
        for position, change in lesson.balls.items():
            counts = self._hat(position)
            kinds = self._kinds[position]
            for move, delta in change.items():
                if move not in kinds:
                    raise ValueError(f"hat {position!r} has no balls {move!r}")
                i = kinds.index(move)
                counts[i] = max(self.settings.floor, counts[i] + delta)
        shift = self.games_played - lesson.since_games
        self.games_played += lesson.games
        last = self.learning_curve[-1].games if self.learning_curve else 0
        for point in lesson.curve:
            moved = replace(point, games=max(0, point.games + shift))
            if moved.games >= last:  # a curve never goes back in games played
                self.learning_curve.append(moved)
                last = moved.games

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
        self._counts.clear()
        self._counts.update({p: list(c) for p, c in saved._counts.items()})
        self._kinds.update(saved._kinds)
        self._legal.update(saved._legal)

    def _balls(self, position: Position) -> dict[Move, int]:
        """:meth:`counts` without making a hat: a position never met has fresh hats' balls."""
        if position in self._counts:
            return self.counts(position)
        return dict.fromkeys(self.rules.ball_kinds(position), self.settings.fresh_balls)

    # -- copying and serialising ----------------------------------------------------------------
    def copy(self) -> HatBrain:
        other = HatBrain.__new__(HatBrain)
        other.rules = self.rules
        other.settings = self.settings
        other.games_played = self.games_played
        other.learning_curve = list(self.learning_curve)
        other._counts = {p: list(c) for p, c in self._counts.items()}
        other._kinds = dict(self._kinds)
        other._legal = dict(self._legal)
        other._beside = (list(self._beside[0]), list(self._beside[1]))
        return other

    def to_dict(self) -> dict[str, Any]:
        """The documented JSON form: rules, settings, games played, every hat's ball counts."""
        rules = self.rules
        hats = {
            rules.position_key(p): {
                rules.move_key(move): count for move, count in self.counts(p).items()
            }
            for p in self.positions()
        }
        return brain_dict(
            self.kind, rules, self.settings, self.games_played, {"hats": hats},
            self.learning_curve,
        )

    @classmethod
    def from_dict(cls, data: Any, rules: RuleSet | None = None) -> HatBrain:
        """Rebuild a brain from :meth:`to_dict` output (or a version 1 file), refusing anything
        that does not fit.

        ``rules``, when given, is the rule set the brain must be for; a brain for another rule
        set is refused with a message naming both.
        """
        header = read_header(data, rules)
        if header.kind != cls.kind:
            raise BrainError("this is a Q-learner's brain, not a hat AI's")
        try:
            settings = (
                HatSettings() if header.settings is None else HatSettings.from_dict(header.settings)
            )
        except SettingsError as error:
            raise BrainError(f"bad \"settings\": {error}") from None
        hats = data.get("hats")
        if not isinstance(hats, dict):
            raise BrainError("\"hats\" must be an object of position -> ball counts")
        brain = cls(header.rules, settings)
        brain.games_played = header.games_played
        for position_key, balls in hats.items():
            load_hat(brain.rules, brain.settings.floor, brain._hat, position_key, balls)
        brain.learning_curve = header.learning_curve
        return brain

"""Training: one :func:`train` for every learner and every opponent (SPEC section 8).

``train(learner, against, games)`` plays ``games`` games and lets ``learner`` (the hat AI, the
Q-learner, any :class:`~.learners.base.Learner`) learn from each. ``against`` is:

* :data:`SELF`: the learner plays itself, ONE learner in both seats, both seats learning, the
  starting seat alternating every game (seed 000's self-play; the saved brain learns both
  seats);
* :data:`RANDOM`, :data:`PERFECT`, :class:`MixedOpponent` (perfect with the chance given, else
  random);
* :class:`FrozenOpponent`: another learner (a saved brain) that plays by its own rule,
  exploring, but never learns; it is frozen as it is when its games begin (so it may even be
  the learner itself, met as it was then);
* a schedule: an ordered list of ``(opponent, games)``, e.g. ``[(RANDOM, 1000), (SELF, 99000)]``.

Against an opponent the learner starts every other game. Progress is reported through a
callback (one :class:`TrainingProgress` type for every learner), training can be cancelled
between any two games (what was learned so far is kept), a seed makes it repeat exactly, and
the learning curve is recorded on the way when asked (``curve=CurveSettings(...)``). Training
stops between two games, keeping what was learned, before the process's memory would pass a
cap (:mod:`.memory`: 1 GiB by default), and the result says so.

Self-play is the hot path (100,000 games of 100 sticks are about five million draws), so a
learner with a fast self-play loop (:class:`~.learners.base.PlaysItselfFast`) plays it there,
and one with a fast loop against the machines (:class:`~.learners.base.PlaysMachinesFast`: the
hat AI on a take-away game) plays those games there, chosen automatically; ``tests/engine``
prove each fast loop leaves exactly the learner the plain loop here leaves (``fast=False``
forces the plain one).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from dataclasses import dataclass

from .backends import check_backend, fast_run
from .game import Rules, loser_at_end
from .learners.base import CurvePoint, Learner, PlaysItselfFast, PlaysMachinesFast
from .learning_curve import (
    CurveBoard,
    CurveSettings,
    next_checkpoint,
    point_due,
    record_point,
)
from .memory import DEFAULT_MEMORY_CAP, MemoryWatch, stop_or_memory
from .opponents import (
    PERFECT,
    RANDOM,
    SELF,
    FrozenOpponent,
    MixedOpponent,
    Opponent,
    PerfectOpponent,
    RandomOpponent,
    Schedule,
    SelfPlay,
    is_opponent,
    machine_opponent,
)
from .pacing import MoveSeen, MoveWatcher, Pacing
from .training_report import Tally, TrainingProgress, TrainingResult

__all__ = [
    "DEFAULT_PROGRESS_EVERY", "DEFAULT_TRAINING_GAMES", "PERFECT", "RANDOM", "SELF",
    "FrozenOpponent", "MixedOpponent", "Opponent", "PerfectOpponent", "RandomOpponent",
    "Schedule", "SelfPlay", "Tally", "TrainingHooks", "TrainingOptions", "TrainingProgress",
    "TrainingResult", "train", "train_with",
]

DEFAULT_TRAINING_GAMES = 100_000
DEFAULT_PROGRESS_EVERY = 1000


# -- the trainer ------------------------------------------------------------------------------
@dataclass(frozen=True)
class TrainingOptions:
    """One training as data: whom it plays and for how long, on which game, from which seed,
    how it is measured and how fast it runs. Two trainings of one learner with equal options
    (and a seed) leave equal brains; an experiment (many seeds, many settings) is a grid of
    these."""

    against: Opponent | Schedule
    """:data:`SELF`, :data:`RANDOM`, :data:`PERFECT`, a :class:`MixedOpponent`, a
    :class:`FrozenOpponent`, or a schedule: an ordered list of ``(opponent, games)``."""
    games: int | None = None
    """The games to play (a schedule says its own; given with one, it must agree)."""
    rules: Rules | None = None
    """The game played (by default the learner's own): it may start elsewhere than the
    learner's rules (another heap) but must be the same game."""
    seed: int | None = None
    """Makes the training repeat exactly (unless a hook's ``rng`` is given)."""
    curve: CurveSettings | None = None
    """The learning curve to record before, during and after training (None: none)."""
    progress_every: int = DEFAULT_PROGRESS_EVERY
    """Games between two progress reports (a hook's ``pacing`` replaces it)."""
    fast: bool = True
    """Whether a learner's fast loop plays (False: the plain loop, for the tests' proofs)."""
    backend: str = "python"
    """Who plays the fast loop: a name of :func:`~.backends.backend_names`."""
    memory_cap: int | None = DEFAULT_MEMORY_CAP
    """The most memory the process may hold, in bytes (None: no cap): training stops between
    two games before passing it, as if cancelled, and the result's ``memory_stop`` says so."""


@dataclass(frozen=True)
class TrainingHooks:
    """What a training in progress talks to: none of it changes which games are played."""

    rng: random.Random | None = None
    """Drives every move of training, the learner's and the opponent's (else
    ``random.Random(options.seed)``)."""
    progress: Callable[[TrainingProgress], None] | None = None
    """Called every ``progress_every`` games (or as ``pacing`` says) and at the end."""
    should_stop: Callable[[], bool] | None = None
    """Asked before every game (a ``threading.Event().is_set`` fits): yes ends the training,
    and the result says ``cancelled``."""
    pacing: Pacing | None = None
    """(:mod:`.pacing`) Asked before each run of games how many to play before the next
    report, and who watches their moves; games no one watches are played in its chunks (it
    may end a run early), asking ``should_stop`` once a chunk."""
    memory: MemoryWatch | None = None
    """Says when memory stops the training, in place of ``options.memory_cap``."""
    checkpoint: Callable[[CurvePoint], None] | None = None
    """Called with each point of the learning curve as it is recorded (``options.curve``),
    while the learner shows everything learned until then: whoever wants more of the learner
    at the curve's checkpoints (an experiment's measures) reads it here."""
    board: CurveBoard[Hashable, Hashable] | None = None
    """The game as the curve measures it, made from ``options.rules`` (or the learner's) by a
    caller that trains many times on one game (an experiment's worker): else each training
    makes its own."""


def train(
    learner: Learner[Hashable, Hashable],
    against: Opponent | Schedule,
    games: int | None = None,
    *,
    rules: Rules | None = None,
    seed: int | None = None,
    rng: random.Random | None = None,
    progress: Callable[[TrainingProgress], None] | None = None,
    progress_every: int = DEFAULT_PROGRESS_EVERY,
    should_stop: Callable[[], bool] | None = None,
    curve: CurveSettings | None = None,
    fast: bool = True,
    backend: str = "python",
    pacing: Pacing | None = None,
    memory_cap: int | MemoryWatch | None = DEFAULT_MEMORY_CAP,
) -> TrainingResult:
    """Train ``learner`` for ``games`` games ``against`` an opponent or a schedule: the options
    and hooks of :func:`train_with`, given by keyword (``memory_cap`` may be a
    :class:`~.memory.MemoryWatch`, the hooks' ``memory``)."""
    watch = memory_cap if isinstance(memory_cap, MemoryWatch) else None
    cap = memory_cap if not isinstance(memory_cap, MemoryWatch) else None
    options = TrainingOptions(
        against, games, rules=rules, seed=seed, curve=curve, progress_every=progress_every,
        fast=fast, backend=backend, memory_cap=cap,
    )
    hooks = TrainingHooks(rng, progress, should_stop, pacing, watch)
    return train_with(learner, options, hooks)


def train_with(
    learner: Learner[Hashable, Hashable],
    options: TrainingOptions,
    hooks: TrainingHooks | None = None,
) -> TrainingResult:
    """Train ``learner`` as ``options`` say, talking to ``hooks`` (see each field)."""
    hooks = hooks if hooks is not None else TrainingHooks()
    legs = _legs(options.against, options.games)
    if options.progress_every < 1:
        raise ValueError("progress_every must be at least 1")
    check_backend(options.backend)
    rules = _rules_for(learner, options.rules, legs)
    if rules.is_over(rules.initial_position()):
        raise ValueError("the starting position is already finished; nothing to train on")
    memory = hooks.memory
    if memory is None and options.memory_cap is not None:
        memory = MemoryWatch(options.memory_cap)
    rng = hooks.rng if hooks.rng is not None else random.Random(options.seed)
    session = _Session(
        learner, rules, sum(n for _, n in legs), rng, hooks.progress, options.progress_every,
        stop_or_memory(hooks.should_stop, memory), options.curve, options.backend, hooks.pacing,
    )
    if hooks.board is not None:
        if hooks.board.rules.key != rules.key or hooks.board.start != rules.initial_position():
            raise ValueError("the curve's board is for another game or start")
        session.board = hooks.board
    session.on_point = hooks.checkpoint
    learner.abandon()  # moves left from an unfinished game are forgotten first
    session.record_curve()
    for opponent, count in legs:
        if session.cancelled:
            break
        session.play_leg(opponent, count, options.fast)
    session.record_curve()
    memory_stop = memory.stop if memory is not None else None
    return TrainingResult(
        learner, session.played, session.cancelled, session.tallies(),
        tuple(learner.learning_curve), memory_stop,
    )


def _legs(against: Opponent | Schedule, games: int | None) -> list[tuple[Opponent, int]]:
    """The opponents in order with their games, checked."""
    if isinstance(against, (list, tuple)):
        legs: list[tuple[Opponent, int]] = []
        for leg in against:
            if not (isinstance(leg, (tuple, list)) and len(leg) == 2 and is_opponent(leg[0])):
                raise ValueError(f"a schedule is a list of (opponent, games), got {leg!r:.60}")
            _check_games(leg[1])
            legs.append((leg[0], leg[1]))
        planned = sum(n for _, n in legs)
        if games is not None and games != planned:
            raise ValueError(f"the schedule plays {planned:,} games, not {games:,}")
        return legs
    if not is_opponent(against):
        raise ValueError(f"unknown opponent {against!r:.60}")
    if games is None:
        raise ValueError("the number of training games is needed")
    _check_games(games)
    return [(against, games)]


def _check_games(games: object) -> None:
    if not isinstance(games, int) or isinstance(games, bool):
        raise ValueError(f"the number of training games must be a whole number, got {games!r}")
    if games < 0:
        raise ValueError("the number of training games cannot be negative")


def _rules_for(
    learner: Learner[Hashable, Hashable], rules: Rules | None, legs: list[tuple[Opponent, int]]
) -> Rules:
    """The game to play: ``rules``, else the learner's; every learner met must know it."""
    own = learner.rules
    if rules is None:
        if own is None:
            raise ValueError("the learner has no rules: give the game to train on (rules=)")
        rules = own
    for who in [learner] + [o.learner for o, _ in legs if isinstance(o, FrozenOpponent)]:
        if who.rules is not None and who.rules.key != rules.key:
            raise ValueError(f"a brain for {who.rules.name} cannot train on {rules.name}")
    return rules


def _winner(rules: Rules, last_mover: int) -> int:
    """Who won a finished game, from who made the last move (the game's ending decides)."""
    return 1 - loser_at_end(rules, to_move=1 - last_mover)


class _Session:
    """One call of :func:`train`: the games played so far, the tally, reports and the curve."""

    def __init__(
        self,
        learner: Learner[Hashable, Hashable],
        rules: Rules,
        total: int,
        rng: random.Random,
        progress: Callable[[TrainingProgress], None] | None,
        progress_every: int,
        should_stop: Callable[[], bool] | None,
        curve: CurveSettings | None,
        backend: str,
        pacing: Pacing | None = None,
    ) -> None:
        self.learner = learner
        self.pacing = pacing
        self.backend = backend
        self.rules = rules
        self.total = total
        self.rng = rng
        self.progress = progress
        self.every = progress_every
        self.should_stop = should_stop
        self.curve = curve
        # the game as the curve sees it, made once (or given)
        self.board: CurveBoard[Hashable, Hashable] | None = None
        self.on_point: Callable[[CurvePoint], None] | None = None
        self.played = 0
        self.since = learner.games_played  # the curve's points are spaced from here
        self.cancelled = False
        self.counts: dict[str, list[int]] = {}  # opponent -> [games, won, lost]

    def play_leg(self, opponent: Opponent, games: int, fast: bool) -> None:
        """Play one opponent's games in chunks that end at the progress reports."""
        if games == 0:
            return  # not met: the tally names only the opponents played
        counts = self.counts.setdefault(opponent.name, [0, 0, 0])
        loops = _Loops(self, opponent, fast)
        remaining = games
        while remaining > 0:
            chunk, watcher = self._next_chunk(remaining)
            play, sync = loops.player(watcher)
            while chunk > 0:  # in pieces that end at the curve's checkpoints
                checkpoint = self._next_checkpoint()
                piece = chunk if checkpoint is None else min(chunk, checkpoint - self.played)
                played, won, stopped = self._play(play, piece, watcher)
                counts[0] += played
                counts[1] += won
                counts[2] += played - won
                self.played += played
                remaining -= played
                chunk -= played
                if stopped:
                    self.cancelled = True
                    sync()
                    return
                if self.played == checkpoint:
                    sync()
                    self.record_curve()
                if played < piece:  # the pacing ended this run of games: its report now
                    break
            paced = self.pacing is not None
            reporting = paced or self.played % self.every == 0 or self.played == self.total
            if remaining == 0 or (reporting and self.watched):
                sync()
            if reporting:
                self._report(opponent.name)

    def _next_checkpoint(self) -> int | None:
        """The games of this training at its next curve point, when the curve has checkpoints
        of its own (``CurveSettings.every``): the same points at any pace, whatever the
        reports."""
        curve = self.curve
        if curve is None or curve.every is None:
            return None
        points = self.learner.learning_curve
        last = points[-1].games - self.since if points else 0
        return next_checkpoint(curve, self.played, last)

    def _next_chunk(self, remaining: int) -> tuple[int, MoveWatcher | None]:
        """The games to play before the next report, and who watches their moves."""
        if self.pacing is None:
            return min(remaining, self.every - self.played % self.every), None
        games = self.pacing.games_before_report(self.played)
        return min(remaining, max(1, games)), self.pacing.move_watcher()

    def _play(
        self,
        play: Callable[[int, Callable[[], bool] | None], tuple[int, int]],
        games: int,
        watcher: MoveWatcher | None,
    ) -> tuple[int, int, bool]:
        """Up to ``games`` games -> (played, won, stopped); unwatched paced games go in the
        pacing's chunks, which may end early (a loop carries on where its last call ended)."""
        stop, pacing = self.should_stop, self.pacing
        if pacing is None or watcher is not None:
            played, won = play(games, stop)
            return played, won, played < games
        played, won, stopped = 0, 0, False
        while played < games and not (stopped := stop is not None and stop()):
            chunk = min(pacing.next_chunk(self.played + played), games - played)
            if chunk <= 0:
                break
            more, more_won = play(chunk, None)
            played, won = played + more, won + more_won
        return played, won, stopped

    @property
    def watched(self) -> bool:
        """Whether reports read the learner (then a fast loop shows it what it learned)."""
        return self.progress is not None or self.curve is not None

    def _player_of(
        self, opponent: Opponent, fast: bool, watcher: MoveWatcher | None = None
    ) -> _Player:
        """(play some games -> (played, won), make the learner show what it learned); with a
        ``watcher`` the plain loop plays, showing it every move."""
        learner, rng = self.learner, self.rng
        if isinstance(opponent, SelfPlay):
            if fast and isinstance(learner, PlaysItselfFast):
                run = learner.self_play_run(self.rules, rng, self.played)
                run = fast_run(run, rng, self.backend)
                return run.play, run.sync

            def self_play(winner: int, first: int) -> bool:
                learner.game_over({0: winner == 0, 1: winner == 1})
                return winner == first  # the tally of self-play: the starting side's games

            seats = (lambda p: learner.move(p, rng, 0), lambda p: learner.move(p, rng, 1))
            return (
                lambda games, stop: self._games(seats, self_play, games, stop, watcher)
            ), _nothing
        machine = machine_opponent(opponent)
        if fast and machine is not None and isinstance(learner, PlaysMachinesFast):
            flat = learner.machine_run(self.rules, rng, self.played, machine)
            if flat is not None:
                return flat.play, flat.sync
        other = opponent.player(self.rules, rng)

        def against(winner: int, first: int) -> bool:
            learner.game_over({0: winner == 0})
            other.game_over(winner == 1)
            return winner == 0

        seats = (lambda p: learner.move(p, rng, 0), lambda p: other.make_choice(self.rules, p))
        return (lambda games, stop: self._games(seats, against, games, stop, watcher)), _nothing

    def _games(
        self,
        seats: tuple[Callable[[Hashable], Hashable], Callable[[Hashable], Hashable]],
        game_over: Callable[[int, int], bool],
        games: int,
        should_stop: Callable[[], bool] | None,
        watcher: MoveWatcher | None = None,
    ) -> tuple[int, int]:
        """The plain loop: ``seats[seat](position)`` is the move of a seat (the learner is seat
        0, and seat 1 too in self-play); ``game_over(winner, first)`` tells the players how the
        game ended and says whether it counts as won. The starting seat alternates. A
        ``watcher`` sees every move (after it is made, before the next)."""
        rules = self.rules
        start = rules.initial_position()
        played = won = 0
        for _ in range(games):
            if should_stop is not None and should_stop():
                break
            first = (self.played + played) % 2
            position, seat = start, first
            while True:
                move = seats[seat](position)
                before, position = position, rules.apply(position, move)
                over = rules.is_over(position)
                if watcher is not None:
                    watcher(MoveSeen(self.played + played, seat, before, move, position, over))
                if over:
                    break
                seat ^= 1
            won += game_over(_winner(rules, seat), first)
            played += 1
        return played, won

    def _report(self, opponent: str) -> None:
        curve, end = self.curve, self.played == self.total
        due = curve is not None and curve.every is None and point_due(
            self.learner, curve, self.since
        )
        if curve is not None and (end or due):
            self.record_curve()
        if self.progress is not None:
            self.progress(
                TrainingProgress(
                    self.played, self.total, opponent, self.tallies(), self.learner,
                    tuple(self.learner.learning_curve),
                )
            )

    def record_curve(self) -> None:
        if self.curve is not None:
            if self.board is None:
                self.board = CurveBoard(self.rules)
            point = record_point(self.learner, self.rules, self.curve, self.board)
            if point is not None and self.on_point is not None:
                self.on_point(point)

    def tallies(self) -> dict[str, Tally]:
        return {name: Tally(*counts) for name, counts in self.counts.items()}


#: Plays some games (how many, asked to stop?) -> (played, won); and makes the learner show
#: what a fast loop taught it.
_Player = tuple[Callable[[int, Callable[[], bool] | None], tuple[int, int]], Callable[[], None]]


class _Loops:
    """One opponent's loops: the fast one (when there is one) and the plain one with a watcher,
    switched between as the pacing asks. A fast loop may play on copies of what the learner
    knows (the compiled one, the Q-learner's), so it shows the learner what it taught before
    the plain loop takes over, and is made anew from the learner when it comes back."""

    def __init__(self, session: _Session, opponent: Opponent, fast: bool) -> None:
        self.session = session
        self.opponent = opponent
        self.fast = fast
        self.current: _Player | None = None
        self.watcher: MoveWatcher | None = None

    def player(self, watcher: MoveWatcher | None) -> _Player:
        current = self.current
        if current is not None and watcher == self.watcher:
            return current
        if current is not None:
            current[1]()  # the loop left behind shows the learner what it taught
        self.watcher = watcher
        fast = self.fast and watcher is None
        self.current = self.session._player_of(self.opponent, fast, watcher)
        return self.current


def _nothing() -> None:
    """Nothing to bring up to date: the plain loops work through the learner itself."""

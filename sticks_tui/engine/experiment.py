"""Experiments: how fast each learner learns, over many seeds (SPEC section 15).

An :class:`Experiment` is a grid of :class:`Configuration` s (a learner with its settings, an
opponent or a schedule) on one game, each trained ``seeds`` times for ``games`` games. Run k of
every configuration uses the seed :func:`run_seed` derives from (base seed, k), the same for
every configuration, so that two configurations differ by their settings, not by their luck.

Each run is one :func:`~.training.train_with` call that keeps the learning curve
(:func:`~.learning_curve.kept_curve`: log-spaced checkpoints); at each checkpoint the learner is
measured as it plays a person (its kind's
:meth:`~.learners.kind.LearnerKind.chances_against_a_person`: the hat AI draws balls, the
Q-learner plays its best moves, without exploring), exactly, over every position reachable
from the start (:meth:`~.learning_curve.CurveBoard.measures`): the shares won against random,
perfect and the best response to its policy, and the positions right. Games until right is the
first checkpoint from which every winnable position is right for good
(:func:`~.learning_curve.games_until_right`).

:func:`run_experiment` runs the runs in a process pool (``workers`` processes, started by
"spawn", each ignoring Ctrl-C, each making the game's board once for all its runs) or, with
one worker, in this process; a run's numbers depend on its configuration and seed alone, so
they are the same whatever the number of workers. Ctrl-C (SIGINT, or :class:`KeyboardInterrupt`)
keeps the finished runs and the result says it is not complete.

:func:`summarise` gives, per configuration and checkpoint, the median and the 10% to 90% band of
each measure over the runs, by :func:`percentile` (linear interpolation between closest ranks:
numpy's default, ``statistics.quantiles(method="inclusive")``).
"""

from __future__ import annotations

import contextlib
import hashlib
import math
import multiprocessing
import signal
import threading
from collections.abc import Callable, Hashable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any

from .game import Rules
from .learners import learner_kind
from .learners.base import CurvePoint, Learner
from .learners.settings import Settings
from .learning_curve import (
    CurveBoard,
    CurveSettings,
    Measures,
    games_until_right,
    kept_curve,
    too_many_positions,
)
from .opponents import Opponent, Schedule, is_opponent
from .training import TrainingHooks, TrainingOptions, train_with

__all__ = [
    "MEASURES", "PERCENTILE_METHOD", "Band", "CheckpointSummary", "Configuration",
    "ConfigurationSummary", "Experiment", "ExperimentResult", "Run", "UntilRight",
    "percentile", "run_experiment", "run_one", "run_seed", "summarise",
]

#: The measures of a checkpoint an experiment summarises (fields of
#: :class:`~.learning_curve.Measures`), in the order shown.
MEASURES = ("vs_random", "vs_perfect", "worst_case", "right")
#: The band's edges (and the median's place) among the runs.
LOW, HIGH = 0.1, 0.9
#: How :func:`percentile` picks a value between two runs, in words (the JSON says it).
PERCENTILE_METHOD = (
    "linear interpolation between closest ranks (numpy's default, "
    "statistics.quantiles(method='inclusive'))"
)


@dataclass(frozen=True)
class Configuration:
    """One cell of the grid: a learner (its registry name) with its settings, against an
    opponent or a schedule."""

    learner: str
    settings: Settings
    against: Opponent | tuple[tuple[Opponent, int], ...]
    against_words: str
    """The opponent as it was named: ``self``, ``random=1000,self=20000``."""
    settings_words: tuple[tuple[str, Any], ...] = ()
    """The settings the grid sets, as the caller names them (``("loss-balls", 3)``)."""

    def games_planned(self) -> int | None:
        """A schedule's own games (None for one opponent)."""
        if isinstance(self.against, tuple):
            return sum(games for _, games in self.against)
        return None


@dataclass(frozen=True)
class Experiment:
    """A grid of configurations on one game, ``seeds`` runs of ``games`` games each, run k
    seeded by :func:`run_seed` (``base_seed``, k). :class:`ValueError` says, in words, what
    cannot be run (a game whose start reaches too many positions to measure, a learner that
    does not fit the game, a schedule of other games)."""

    rules: Rules
    configurations: tuple[Configuration, ...]
    seeds: int
    games: int
    base_seed: int = 0

    def __post_init__(self) -> None:
        if not self.configurations:
            raise ValueError("an experiment needs at least one configuration")
        if self.seeds < 1:
            raise ValueError("an experiment needs at least one seed")
        if self.games < 1:
            raise ValueError("an experiment needs at least one game a run")
        if self.rules.is_over(self.rules.initial_position()):
            raise ValueError("the starting position is already finished; nothing to train on")
        if kept_curve(self.rules, self.games) is None:
            raise ValueError(f"no experiment: {too_many_positions(self.rules)}")
        for configuration in self.configurations:
            kind = learner_kind(configuration.learner)
            if not kind.fits(self.rules):
                raise ValueError(kind.words.unfit.format(a=kind.words.a, game=self.rules.name))
            planned = configuration.games_planned()
            if planned is not None and planned != self.games:
                raise ValueError(
                    f"the schedule {configuration.against_words} plays {planned:,} games, not "
                    f"{self.games:,}"
                )
            if not isinstance(configuration.against, tuple) and not is_opponent(
                configuration.against
            ):
                raise ValueError(f"unknown opponent {configuration.against!r:.60}")

    @property
    def curve(self) -> CurveSettings:
        """The checkpoints of every run: the learning curve ``train`` and the lab keep."""
        settings = kept_curve(self.rules, self.games)
        assert settings is not None, "refused when made"
        return settings

    @property
    def runs(self) -> int:
        return len(self.configurations) * self.seeds


def run_seed(base: int, k: int) -> int:
    """The seed of run ``k`` (0, 1, ...) of every configuration: 64 bits of SHA-256 of
    "base:k", so that runs of nearby bases share no seed."""
    digest = hashlib.sha256(f"{base}:{k}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


@dataclass(frozen=True)
class Run:
    """One training of one configuration, measured at every checkpoint."""

    configuration: int
    """Its configuration's index in the experiment."""
    k: int
    seed: int
    points: tuple[Measures, ...]

    @property
    def games_until_right(self) -> int | None:
        return games_until_right(self.points)


def run_one(
    experiment: Experiment,
    index: int,
    k: int,
    board: CurveBoard[Hashable, Hashable] | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> Run | None:
    """Run ``k`` of configuration ``index``: a fresh learner trained for the experiment's games
    from seed :func:`run_seed`, measured at each checkpoint; None when ``should_stop`` ended
    it first. ``board`` (the game's, made once) saves making it again."""
    configuration = experiment.configurations[index]
    kind = learner_kind(configuration.learner)
    rules = experiment.rules
    learner: Learner[Hashable, Hashable] = kind.make(rules, configuration.settings)
    board = board if board is not None else CurveBoard(rules)
    points: list[Measures] = []

    def chances(position: Hashable) -> list[tuple[Hashable, float]]:
        return kind.chances_against_a_person(learner, position)

    def measure(point: CurvePoint) -> None:
        points.append(board.measures(learner, chances))

    against: Opponent | Schedule = configuration.against
    seed = run_seed(experiment.base_seed, k)
    # No progress reports but the last (the checkpoints come all the same: the curve's own),
    # and no memory cap: the game reaches at most the curve's 10,000 positions, so a learner's
    # tables stay small, and a look at the clock before every game would cost 3% of the run.
    options = TrainingOptions(
        against, None if isinstance(against, tuple) else experiment.games, rules=rules,
        seed=seed, curve=experiment.curve, progress_every=experiment.games, memory_cap=None,
    )
    hooks = TrainingHooks(should_stop=should_stop, checkpoint=measure, board=board)
    result = train_with(learner, options, hooks)
    if result.cancelled and result.memory_stop is None:
        return None
    return Run(index, k, seed, tuple(points))


# -- the pool ---------------------------------------------------------------------------------
@dataclass
class _Worker:
    """What a worker process keeps between its runs: the experiment, the board of its game
    (made once), and the parent's stop flag."""

    experiment: Experiment
    stop: Any = None
    board: CurveBoard[Hashable, Hashable] | None = None
    asked: int = field(default=0)

    def should_stop(self) -> bool:
        """The parent's flag, read every 64th game (a flag between processes costs a lock)."""
        self.asked += 1
        return self.stop is not None and self.asked % 64 == 0 and bool(self.stop.is_set())

    def run(self, index: int, k: int) -> Run | None:
        if self.board is None:
            self.board = CurveBoard(self.experiment.rules)
        return run_one(self.experiment, index, k, self.board, self.should_stop)


_worker: _Worker | None = None


def _start_worker(experiment: Experiment, stop: Any) -> None:
    """A pool worker's start: Ctrl-C is the parent's to handle (it keeps the finished runs and
    sets ``stop``); the worker only finishes or drops the run in hand."""
    global _worker
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):  # born with it blocked (_workers_born_deaf)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGINT])
    _worker = _Worker(experiment, stop)


def _run_in_worker(index: int, k: int) -> Run | None:
    assert _worker is not None, "started by _start_worker"
    return _worker.run(index, k)


@dataclass(frozen=True)
class ExperimentResult:
    experiment: Experiment
    runs: tuple[Run, ...]
    """The finished runs, by configuration, then k."""
    complete: bool
    """False when Ctrl-C stopped it: ``runs`` holds those finished before."""


def run_experiment(
    experiment: Experiment,
    workers: int = 1,
    progress: Callable[[int, int], None] | None = None,
    stop: Any = None,
) -> ExperimentResult:
    """Every run of ``experiment`` on ``workers`` processes (1: in this one), calling
    ``progress(done, total)`` as each run ends. Ctrl-C (:class:`KeyboardInterrupt`) stops it,
    keeping the finished runs (``complete`` False).

    ``stop`` (a :class:`threading.Event`, one worker only: the app runs an experiment in a
    thread of its own) stops it as Ctrl-C does, read between games: the run in hand is
    dropped, the finished ones kept."""
    if workers < 1:
        raise ValueError("at least one worker is needed")
    if stop is not None and workers != 1:
        raise ValueError("a stop flag is read by one worker only, in this process")
    tasks = [(index, k) for k in range(experiment.seeds)
             for index in range(len(experiment.configurations))]
    done: list[Run] = []
    complete = True
    if workers == 1:
        worker = _Worker(experiment, stop)
        try:
            for index, k in tasks:
                run = worker.run(index, k)
                if run is None:  # stopped by ``stop``
                    complete = False
                    break
                done.append(run)
                if progress is not None:
                    progress(len(done), len(tasks))
        except KeyboardInterrupt:
            complete = False
    else:
        complete = _in_pool(experiment, tasks, workers, done, progress)
    done.sort(key=lambda run: (run.configuration, run.k))
    return ExperimentResult(experiment, tuple(done), complete)


def _in_pool(
    experiment: Experiment,
    tasks: list[tuple[int, int]],
    workers: int,
    done: list[Run],
    progress: Callable[[int, int], None] | None,
) -> bool:
    """Run ``tasks`` in a pool, appending each finished run to ``done``; False when Ctrl-C
    stopped it (the runs in hand are dropped: the workers are told to stop).

    A few tasks at a time are handed to the pool (twice the workers), so that stopping leaves
    little to cancel. Ctrl-C, in the main thread, only raises a flag that the loop reads every
    quarter of a second: a :class:`KeyboardInterrupt` thrown into ``concurrent.futures`` while
    it holds a future's lock would leave the pool waiting on it for ever."""
    context = multiprocessing.get_context("spawn")
    stop = context.Event()
    size = min(workers, len(tasks))
    waiting = iter(tasks)
    pending: set[Future[Run | None]] = set()
    pool: ProcessPoolExecutor | None = None

    def hand_out() -> None:
        assert pool is not None
        while len(pending) < 2 * size:
            task = next(waiting, None)
            if task is None:
                return
            pending.add(pool.submit(_run_in_worker, *task))

    interrupted = False
    try:
        pool = ProcessPoolExecutor(
            max_workers=size, mp_context=context, initializer=_start_worker,
            initargs=(experiment, stop),
        )
        with _ctrl_c_raises_a_flag(stop) as asked:
            with _workers_born_deaf():  # the pool starts its processes as the first tasks come
                hand_out()
            while pending and not asked():
                finished, pending = wait(pending, timeout=0.25, return_when=FIRST_COMPLETED)
                for future in finished:
                    run = future.result()
                    if run is None:  # stopped by the flag
                        continue
                    done.append(run)
                    if progress is not None:
                        progress(len(done), len(tasks))
                if not asked():
                    hand_out()
            interrupted = asked()
    except KeyboardInterrupt:  # raised in this thread's own code (a progress callback)
        interrupted = True
    finally:
        if interrupted:
            stop.set()
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)
    return not interrupted


@contextlib.contextmanager
def _ctrl_c_raises_a_flag(stop: Any) -> Iterator[Callable[[], bool]]:
    """Within it, Ctrl-C sets ``stop`` (the workers' flag) in place of raising
    :class:`KeyboardInterrupt`; yields whether it came. Outside the main thread, where no
    signal is handled, only ``stop`` is read."""
    if threading.current_thread() is not threading.main_thread():
        yield stop.is_set
        return
    came: list[bool] = []

    def on_ctrl_c(signum: int, frame: object) -> None:
        came.append(True)
        stop.set()

    before = signal.signal(signal.SIGINT, on_ctrl_c)
    try:
        yield lambda: bool(came)
    finally:
        signal.signal(signal.SIGINT, before)


@contextlib.contextmanager
def _workers_born_deaf() -> Iterator[None]:
    """Ctrl-C blocked in this thread while the pool starts its processes, which inherit the
    block (a signal mask survives fork and exec): one pressed while a worker is still loading
    this module waits in it, and its initializer then ignores it before unblocking it, so no
    worker dies with a traceback. The handler here stays the caller's (the flag): a Ctrl-C
    meanwhile reaches this process through another thread (a progress bar's), and Python runs
    the handler in the main thread, so none is lost. (Only the main thread handles signals.)"""
    if threading.current_thread() is not threading.main_thread() or not hasattr(
        signal, "pthread_sigmask"
    ):
        yield
        return
    signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGINT])
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGINT])


# -- the summary ------------------------------------------------------------------------------
def percentile(values: Sequence[float], share: float) -> float:
    """The ``share`` (0 to 1) percentile of ``values`` by linear interpolation between closest
    ranks (numpy's default; ``statistics.quantiles(method="inclusive")``): sorted, the value
    at rank ``share * (n - 1)``, between two ranks the straight line between their values.
    An infinite value (a run that never got there) pulls the line to infinity."""
    if not values:
        raise ValueError("no values to take a percentile of")
    ordered = sorted(values)
    rank = share * (len(ordered) - 1)
    below = math.floor(rank)
    part = rank - below
    if part == 0 or below + 1 >= len(ordered):
        return ordered[below]
    low, high = ordered[below], ordered[below + 1]
    if math.isinf(high):
        return math.inf
    return low + part * (high - low)


@dataclass(frozen=True)
class Band:
    """The median of some runs' values, and the 10% to 90% band around it."""

    median: float
    low: float
    high: float

    @classmethod
    def of(cls, values: Sequence[float]) -> Band:
        return cls(percentile(values, 0.5), percentile(values, LOW), percentile(values, HIGH))


@dataclass(frozen=True)
class CheckpointSummary:
    games: int
    runs: int
    """How many runs reached it (all but those cut short)."""
    measures: dict[str, Band]
    """Per measure of :data:`MEASURES`."""


@dataclass(frozen=True)
class UntilRight:
    """Games until right over the runs: its median and band (None where that percentile falls
    among the runs that never got there), and how many never did."""

    median: float | None
    low: float | None
    high: float | None
    never: int
    runs: int


@dataclass(frozen=True)
class ConfigurationSummary:
    configuration: Configuration
    runs: int
    winnable: int
    """The positions reachable from the start where some move wins (the most right)."""
    checkpoints: tuple[CheckpointSummary, ...]
    until_right: UntilRight


def summarise(result: ExperimentResult) -> list[ConfigurationSummary]:
    """Per configuration with at least one finished run: the band of each measure at each
    checkpoint, and games until right."""
    summaries = []
    for index, configuration in enumerate(result.experiment.configurations):
        runs = [run for run in result.runs if run.configuration == index]
        if not runs:
            continue
        games = sorted({point.games for run in runs for point in run.points})
        checkpoints = []
        for at in games:
            points = [point for run in runs for point in run.points if point.games == at]
            bands = {
                name: Band.of([float(getattr(point, name)) for point in points])
                for name in MEASURES
            }
            checkpoints.append(CheckpointSummary(at, len(points), bands))
        until = [run.games_until_right for run in runs]
        reached = [math.inf if value is None else float(value) for value in until]

        def finite(value: float) -> float | None:
            return None if math.isinf(value) else value

        summaries.append(ConfigurationSummary(
            configuration, len(runs), runs[0].points[0].winnable, tuple(checkpoints),
            UntilRight(
                finite(percentile(reached, 0.5)), finite(percentile(reached, LOW)),
                finite(percentile(reached, HIGH)), until.count(None), len(runs),
            ),
        ))
    return summaries

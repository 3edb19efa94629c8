"""``sticks-tui train``: pre-trains the learning AI by self-play and writes its hats, with the
learning curve recorded along the way, as JSON (the format of :meth:`HatBrain.to_dict`).

Every bad argument ends the way argparse ends: a usage line, a one-line ``error:`` message and
exit status 2. Nothing here lets a traceback reach the user, and Ctrl-C during training stops
cleanly with status 130 without touching the output file.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from typing import Any, TextIO

from ..engine import (
    DEFAULT_TRAINING_GAMES,
    STICKS_MAX,
    STICKS_MIN,
    STICKS_TAKES,
    HatBrain,
    TakeAway,
    TrainingProgress,
    train_self_play,
)
from ..engine.analysis import LearningCurveRecorder
from ..storage.brain_files import BrainFileWriter, brain_json, reason, shown_name
from ..text.theory import or_list
from .args import positive_int, takes_list, whole_number

#: Largest heap a take-away variant may start from: big enough to teach with, small enough that
#: the table, the hats and training stay quick.
VARIANT_STICKS_MAX = 1000
#: Sticks ``train`` starts from by default: the AI has hats for 1..100, and every one of them is
#: met during self-play only when games start from 100.
TRAIN_DEFAULT_STICKS = STICKS_MAX
#: The learning curve kept with a trained brain: a point whenever the games played have grown by
#: this factor (and at the end): 13 points for 100,000 games, dense where learning is quick.
CURVE_SPACING = 1.5
#: Games each point plays against the random and against the perfect player for the win rates.
#: Half the app's 200: the rates are then good to about 5%, and 100,000 games of training take
#: about 15% longer instead of about 30% (benchmarks/train_curve_cost.py).
CURVE_GAMES_PER_POINT = 100
#: Exit status of a program stopped by Ctrl-C (128 + SIGINT), as shells report it.
EXIT_INTERRUPTED = 130


# -- the command line ------------------------------------------------------------------------
def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``train`` to the command line (``solve`` is :mod:`.solve`'s)."""
    _register_train(subparsers)


def _register_train(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "train",
        help="pre-train the learning AI by self-play and save its hats as JSON",
        description=(
            "Two learning AIs play each other and both learn; the one that started the first "
            "game is saved: for every stick count, how many balls of each number its hat holds, "
            "plus the rules and the games played. Shows a progress bar on a terminal."
        ),
    )
    _add_rule_arguments(parser, default_sticks=TRAIN_DEFAULT_STICKS)
    parser.add_argument(
        "--games",
        "-g",
        type=positive_int,
        default=DEFAULT_TRAINING_GAMES,
        metavar="G",
        help=f"games of self-play (default {DEFAULT_TRAINING_GAMES:,})",
    )
    parser.add_argument(
        "--seed",
        dest="train_seed",
        type=whole_number,
        default=None,
        metavar="S",
        help="seed the AIs' draws so that the same seed writes the same file",
    )
    parser.add_argument(
        "--out",
        "-o",
        required=True,
        metavar="FILE",
        help="where to write the brain (JSON; - for standard output); a file is replaced in one "
        "step when training has finished",
    )
    parser.set_defaults(handler=_run_train, command_parser=parser)


def _add_rule_arguments(parser: argparse.ArgumentParser, default_sticks: int) -> None:
    parser.add_argument(
        "--sticks",
        "-n",
        type=positive_int,
        default=default_sticks,
        metavar="N",
        help=(
            f"sticks on the table at the start (default {default_sticks}); "
            f"{STICKS_MIN}-{STICKS_MAX} for the Game of Sticks, 1-{VARIANT_STICKS_MAX} for a "
            "variant"
        ),
    )
    parser.add_argument(
        "--takes",
        type=takes_list,
        default=STICKS_TAKES,
        metavar="LIST",
        help="how many sticks a move may take, e.g. 2,3,5 (default 1,2,3)",
    )
    parser.add_argument(
        "--normal",
        action="store_true",
        help="a player who cannot move loses (default: whoever takes the last stick loses)",
    )


def _rules_from_args(args: argparse.Namespace) -> TakeAway:
    """The rule set asked for, refusing a heap size outside what the game allows."""
    parser: argparse.ArgumentParser = args.command_parser
    rules = TakeAway(args.sticks, args.takes, misere=not args.normal)
    if rules.is_game_of_sticks:
        low, high = STICKS_MIN, STICKS_MAX
        hint = " (give --takes or --normal for a take-away variant)"
    else:
        low, high, hint = 1, VARIANT_STICKS_MAX, ""
    if not low <= args.sticks <= high:
        parser.error(
            f"argument --sticks: {rules.name} is played with {low} to {high} sticks, "
            f"got {args.sticks}{hint}"
        )
    return rules


# -- train -------------------------------------------------------------------------------------
def _run_train(args: argparse.Namespace) -> int:
    """Train, then replace ``--out`` in one step; Ctrl-C leaves ``--out`` as it was."""
    parser: argparse.ArgumentParser = args.command_parser
    rules = _rules_from_args(args)
    if rules.is_over(rules.initial_position()):
        parser.error(
            f"argument --sticks: no move is possible from {args.sticks} sticks when a move "
            f"takes {or_list(rules.takes)}, so there is nothing to train on"
        )
    seed = args.train_seed if args.train_seed is not None else getattr(args, "seed", None)
    out = BrainFileWriter(args.out)
    try:
        out.open()  # fail fast: before minutes of training, not after
    except OSError as error:
        parser.error(f"argument --out: cannot write {shown_name(args.out)}: {reason(error)}")
    try:
        started = time.perf_counter()
        with _ProgressDisplay(args.games) as show_progress:
            brain = HatBrain(rules)
            curve = _curve_recorder(rules, seed, then=show_progress)
            curve.record(brain)  # the starting point: what an untrained AI knows
            result = train_self_play(
                rules,
                args.games,
                seed=seed,
                brain=brain,
                progress=curve,
                progress_every=max(1, min(1000, args.games // 100)),
            )
        elapsed = time.perf_counter() - started
        out.commit(brain_json(result.brain))
    except KeyboardInterrupt:
        kept = " (the file already there is unchanged)" if out.exists() else ""
        where = "standard output" if out.is_stdout else shown_name(args.out)
        print(f"Training interrupted; nothing was written to {where}{kept}.", file=sys.stderr)
        return EXIT_INTERRUPTED
    except OSError as error:
        print(
            f"sticks-tui train: error: cannot write {shown_name(args.out)}: {reason(error)}",
            file=sys.stderr,
        )
        return 1
    rate = result.games_played / elapsed if elapsed > 0 else float("inf")
    # With the brain on standard output, the summary goes to stderr, out of the JSON's way.
    print(
        f"Trained {result.games_played:,} games of self-play ({rules.name}, {args.sticks} sticks) "
        f"in {elapsed:.1f} s ({rate:,.0f} games/s); wrote "
        + ("the brain to standard output" if out.is_stdout else shown_name(args.out)),
        file=sys.stderr if out.is_stdout else sys.stdout,
    )
    return 0


def _curve_recorder(
    rules: TakeAway, seed: int | None, then: Callable[[TrainingProgress], None] | None
) -> LearningCurveRecorder:
    """The recorder that keeps the learning curve with the trained brain (issue 5).

    Its evaluation games draw from a generator of their own, seeded from ``seed`` (0 when
    there is none), never from the training one: the same seed still writes the same file, and
    the curve never changes what the AI learns. What it costs: :data:`CURVE_GAMES_PER_POINT`.
    """
    return LearningCurveRecorder(
        rules,
        games_per_point=CURVE_GAMES_PER_POINT,
        seed=seed if seed is not None else 0,
        spacing=CURVE_SPACING,
        then=then,
    )


class _ProgressDisplay:
    """A rich progress bar with games/s on stderr when it is a terminal; nothing otherwise.

    Used as ``with _ProgressDisplay(total) as callback`` (``None`` when there is no bar); rich
    is imported only when a bar is actually drawn, so piped runs start quicker.
    """

    def __init__(self, total: int, stream: TextIO | None = None) -> None:
        self.total = total
        self.stream = stream if stream is not None else sys.stderr
        self._progress: Any = None
        self._task: Any = None

    def __enter__(self) -> Callable[[TrainingProgress], None] | None:
        if not _is_terminal(self.stream):
            return None
        self._progress = _make_rich_progress(self.stream)
        self._progress.__enter__()
        self._task = self._progress.add_task("Training", total=self.total)
        return self._update

    def _update(self, progress: TrainingProgress) -> None:
        self._progress.update(self._task, completed=progress.games_done)

    def __exit__(self, *exc_info: object) -> None:
        if self._progress is not None:
            self._progress.__exit__(*exc_info)


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def _make_rich_progress(stream: TextIO) -> Any:
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        Progress,
        ProgressColumn,
        Task,
        TextColumn,
        TimeRemainingColumn,
    )
    from rich.text import Text

    class GamesPerSecond(ProgressColumn):
        def render(self, task: Task) -> Text:
            speed = task.finished_speed or task.speed
            return Text("" if speed is None else f"{speed:,.0f} games/s", style="progress.data.speed")

    return Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        TextColumn("{task.completed:,.0f}/{task.total:,.0f} games", style="progress.download"),
        GamesPerSecond(),
        TimeRemainingColumn(),
        console=Console(file=stream),
        transient=True,
    )

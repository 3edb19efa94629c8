"""``sticks-tui train``: teach a learner any game against the opponent chosen (SPEC sections 8
and 10), and save it as a brain file.

The learner is the hat AI (any game) or the Q-learner (where its table fits the game); the
opponent is itself, the random, perfect or mixed player, a saved brain (which does not learn), or
a schedule of them. One :func:`~sticks_tui.engine.training.train` call does the work, with the
learning curve recorded on the way; the file holds the learner (its rules, settings, games and
what it knows), the tally of this training per opponent, and the curve.

Every bad argument ends the way argparse ends: a usage line, a one-line ``error:`` message and
exit status 2, before any training (the options are read in :mod:`.train_options`). Nothing
here lets a traceback reach the user. Ctrl-C (or SIGTERM, or SIGHUP) during training stops it
after the game in play and writes the brain of the games played beside the output file, never
over it (``NAME.interrupted.json``), saying so; the status is 130 for Ctrl-C, else 128 plus the
signal's number.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Callable, Hashable, Mapping
from typing import Any

from ..engine.game import Rules
from ..engine.games import family_of, spec_of
from ..engine.learners import kind_of
from ..engine.learners.base import Learner
from ..engine.learning_curve import checkpoint_every, kept_curve, too_many_positions
from ..engine.training import (
    Tally,
    TrainingHooks,
    TrainingOptions,
    TrainingProgress,
    train_with,
)
from ..storage import brain_files
from ..storage.brain_files import shown_name
from ..storage.file_writer import STDIO, BrainFileWriter, reason
from ..text.json_layout import readable_json
from ..text.signals import StopRequest, exit_status, say_if_there
from ..text.terminal import printable
from .args import game_from_args, game_given_before_the_command
from .progress import ProgressBar
from .train_options import (
    add_train_arguments,
    backend_from_args,
    learner_from_args,
    memory_stop_message,
    opponents_from_args,
)

__all__ = ["register", "run_train"]


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``train`` to the command line."""
    parser = subparsers.add_parser(
        "train",
        help="teach the hat AI or the Q-learner any game, against the opponent chosen, and save "
        "its brain as JSON",
        description=(
            "A learner (the hat AI, or the Q-learner where its table fits the game) plays the "
            "opponent chosen and learns from every game; then it is saved as a brain file: the "
            "rules, the learner and its settings, the games learned, the tally per opponent and "
            "the learning curve. Shows a progress bar on a terminal, and the tally at the end. "
            "Ctrl-C stops it after the game in play and writes what was learned beside FILE "
            "(brain.json: brain.interrupted.json), never over it."
        ),
    )
    add_train_arguments(parser)
    parser.set_defaults(handler=run_train, command_parser=parser)


# -- train -------------------------------------------------------------------------------------
def run_train(args: argparse.Namespace) -> int:
    """Check everything, train, then replace ``--out`` in one step; an interrupted run leaves it
    as it was and writes what it learned beside it."""
    parser: argparse.ArgumentParser = args.command_parser
    game_given_before_the_command(parser, args)
    rules = game_from_args(parser, args)
    if rules.is_over(rules.initial_position()):
        where = (
            f"--sticks: no move is possible from {rules.initial_position()} sticks in {rules.name}"
            if family_of(rules).takes_sticks
            else f"--game: no move is possible at the start of {rules.name}"
        )
        parser.error(f"argument {where}, so there is nothing to train on")
    learner = learner_from_args(parser, args, rules)
    against, games = opponents_from_args(parser, args, rules, learner.kind)
    backend = backend_from_args(parser, args, rules, learner.kind, against)
    seed = args.train_seed if args.train_seed is not None else getattr(args, "seed", None)
    out = BrainFileWriter(args.out)
    try:
        out.open()  # fail fast: before minutes of training, not after
    except OSError as error:
        parser.error(f"argument --out: cannot write {shown_name(args.out)}: {reason(error)}")
    curve = kept_curve(rules, games)
    there_before = out.exists()
    # Ctrl-C, the terminal closing or kill stop training after the game in play; what was
    # learned is written beside --out (never over it), with the stop signals still held
    with StopRequest() as stop:
        try:
            started = time.perf_counter()
            with ProgressBar(games, "Training", "games") as show_games:
                show_progress = None if show_games is None else _games_done(show_games)
                options = TrainingOptions(
                    against, games, seed=seed, curve=curve,
                    progress_every=checkpoint_every(games), backend=backend,
                    memory_cap=args.memory_cap,
                )
                hooks = TrainingHooks(progress=show_progress, should_stop=stop.asked)
                result = train_with(learner, options, hooks)
            elapsed = time.perf_counter() - started
            text = readable_json(brain_with_tally(learner, result.tally))
            if result.cancelled and result.memory_stop is None:  # a signal, not the cap
                written = out.commit_beside(text)
            else:
                out.commit(text)
        except OSError as error:
            print(
                f"sticks-tui train: error: cannot write {shown_name(args.out)}: {reason(error)}",
                file=sys.stderr,
            )
            return 1
    if result.cancelled and result.memory_stop is None:
        assert stop.signum is not None, "only a signal stops training here"
        return _interrupted(out.name, written, result.games_played, games, there_before,
                            stop.signum)
    summary = sys.stderr if out.is_stdout else sys.stdout  # out of the JSON's way
    written = "the brain to standard output" if out.is_stdout else shown_name(args.out)
    lines = summary_lines(rules, learner, result.games_played, elapsed, result.tally)
    lines[0] += f"; wrote {written}"
    if curve is None:
        lines.append(f"  (no learning curve: {too_many_positions(rules)})")
    for line in lines:
        print(line, file=summary)
    if result.memory_stop is not None:
        print(memory_stop_message(result.memory_stop.cap, result.games_played, games, args.out),
              file=sys.stderr)
    _warn_if_too_large(len(text.encode("utf-8")))
    return 0


def _games_done(show: Callable[[int], None]) -> Callable[[TrainingProgress], None]:
    """The progress bar moved by training's reports."""
    return lambda progress: show(progress.games_done)


def _interrupted(
    out: str, written: str, played: int, games: int, there_before: bool, signum: int
) -> int:
    """Say where the brain of the games played went, and what became of ``--out``; the exit
    status (130 for Ctrl-C). The terminal may be gone (SIGHUP): then nothing is said."""
    if written == STDIO:
        where, kept = "standard output", ""
    else:
        where = shown_name(written)
        kept = (f" ({shown_name(out)}, there before, is unchanged)" if there_before
                else f" ({shown_name(out)} is written only by a finished run)")
    say_if_there(
        sys.stderr,
        f"Training interrupted after {played:,} of {games:,} games; wrote their brain to "
        f"{where}{kept}.",
    )
    return exit_status(signum)


def _megabytes(size: int) -> str:
    """10485760 -> "10", 1153434 -> "1.1"."""
    return f"{round(size / 2**20, 1):g}"


def _warn_if_too_large(size: int) -> None:
    """Say so when the file written is larger than the brain file readers accept (the hats of
    a long Sticky-Nim line grow by megabytes a thousand games), rather than let ``brain import``
    find out later."""
    limit = brain_files.MAX_BRAIN_FILE_BYTES
    if size > limit:
        print(
            f"sticks-tui train: warning: the brain file is {_megabytes(size)} MB, more than the "
            f"{_megabytes(limit)} MB that brain import and analyze read; train a smaller game or "
            "fewer games to keep it readable",
            file=sys.stderr,
        )


def brain_with_tally(
    learner: Learner[Hashable, Hashable], tally: Mapping[str, Tally]
) -> dict[str, Any]:
    """The learner's brain file with this training's tally after ``games_played``.

    ``tally`` maps each opponent met (``self``, ``random``, ``perfect``, ``mixed:P``, a brain
    file's name) to its games, won and lost; the readers of brain files ignore it.
    """
    data: dict[str, Any] = {}
    for key, value in learner.to_dict().items():
        data[key] = value
        if key == "games_played":
            data["tally"] = {
                name: {"games": t.games, "won": t.won, "lost": t.lost} for name, t in tally.items()
            }
    return data


def summary_lines(
    rules: Rules, learner: Learner[Hashable, Hashable], games: int, elapsed: float,
    tally: Mapping[str, Tally],
) -> list[str]:
    """What training did: the games, the speed, and the tally per opponent."""
    rate = games / elapsed if elapsed > 0 else math.inf
    # a take-away game's start is its heap, which its spec leaves out
    heap = f" ({rules.initial_position()} sticks)" if family_of(rules).takes_sticks else ""
    lines = [
        f"Trained {kind_of(learner).words.the} for {games:,} games of {spec_of(rules)}{heap} "
        f"in {elapsed:.1f} s ({rate:,.0f} games/s)"
    ]
    header = ("against", "games", "won", "lost", "win share")
    rows = [
        (printable(name), f"{t.games:,}", f"{t.won:,}", f"{t.lost:,}", f"{t.win_share:.1%}")
        for name, t in tally.items()
    ]
    widths = [max(len(row[i]) for row in (header, *rows)) for i in range(len(header))]
    for row in (header, *rows):
        cells = [row[0].ljust(widths[0])] + [c.rjust(w) for c, w in zip(row[1:], widths[1:])]
        lines.append("  " + "  ".join(cells))
    if "self" in tally:
        lines.append("  (against self: won and lost count the games of the side that started)")
    return lines

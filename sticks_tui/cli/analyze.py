"""``sticks-tui analyze brain.json [--json]``: what a saved AI has learned, beside the solver.

Any brain file: a hat AI's or a Q-learner's, of any game, the game read from the file. The
analysis itself is :mod:`sticks_tui.engine.analysis` (:func:`analyse_from_start`: the positions
reachable from the game's start); this module only reads the file (with
:mod:`sticks_tui.storage.brain_files`, as ``brain import`` does) and prints. A brain file that
cannot be read ends with one line saying why and exit status 2, like every bad argument; one
that is read but refused (not a brain, or one that cannot be analysed) with one line and exit
status 1, like ``brain import``; never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TextIO

from ..engine.analysis import (
    Analysis,
    AnalysisError,
    analyse_from_start,
)
from ..storage.brain_files import (
    EXIT_REFUSED,
    BrainFileRefused,
    BrainFileUnreadable,
    read_brain_file,
    shown_name,
)
from ..storage.saved_brains import SavedBrain
from ..text.analysis import render_text
from .args import PROG, ArgumentError, error_text


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "analyze",
        help="show what a saved AI has learned, beside the exact solver",
        description=(
            "Read a brain file (from `sticks-tui train --out` or `sticks-tui brain export`: a "
            "hat AI's or a Q-learner's, of any game) and show, for each position reachable "
            "from the game's start, the AI's preferred move and how sure it is (the preferred "
            "ball's share, or the Q-values), whether it has learned the position is lost, the "
            "exact solver's winning moves, with every disagreement marked, and for a take-away "
            "game the rule the lost positions follow (found from the brain alone); then the "
            "learning curve, if the brain kept one. A take-away brain serves every heap: the "
            "table goes up to the largest heap it has learned something at."
        ),
    )
    parser.add_argument(
        "brain", metavar="BRAIN.json", help="the brain file to analyse (- for standard input)"
    )
    parser.add_argument("--json", action="store_true", help="print the analysis as JSON")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace, out: TextIO | None = None) -> int:
    out = out if out is not None else sys.stdout
    try:
        analysis = analyse_file(args.brain)
    except BrainFileRefused as error:
        print(f"{PROG}: error: {error_text(str(error))}", file=sys.stderr)
        return EXIT_REFUSED
    if args.json:
        json.dump(analysis.to_dict(), out, indent=2, ensure_ascii=False)
        out.write("\n")
    else:
        out.write(render_text(analysis))
    return 0


def load_brain(path: str) -> SavedBrain:
    """The brain in ``path`` (``-``: standard input), hats or Q, of its own game.

    A file that cannot be read is an :class:`ArgumentError` (exit status 2); one that is not a
    brain is :class:`BrainFileRefused` (exit status 1): it was read, its content is the problem.
    """
    try:
        return read_brain_file(path)
    except BrainFileUnreadable as error:
        raise ArgumentError(str(error)) from None


def analyse_file(path: str) -> Analysis:
    """:func:`load_brain`, then the analysis; a brain that cannot be analysed (a heap larger
    than the analysis handles, a start that reaches too many positions) is refused like one
    that is not a brain."""
    brain = load_brain(path)
    try:
        return analyse_from_start(brain)
    except AnalysisError as error:
        raise BrainFileRefused(shown_name(path), str(error)) from None

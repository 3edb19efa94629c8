"""``sticks-tui analyze brain.json [--json]``: what a saved AI has learned, beside the solver.

The analysis itself is :mod:`sticks_tui.engine.analysis`; this module only reads the file (with
:mod:`sticks_tui.storage.brain_files`, as ``brain import`` does) and prints. A brain file that cannot be
read ends with one line saying why and exit status 2, like every bad argument; one that is read
but refused (not a brain, or one that cannot be analysed) with one line and exit status 1, like
``brain import``; never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TextIO

from ..engine.analysis import (
    Analysis,
    AnalysisError,
    analyse,
)
from ..engine.learners.hats import HatBrain
from ..storage.brain_files import (
    EXIT_REFUSED,
    BrainFileRefused,
    BrainFileUnreadable,
    read_brain_file,
    shown_name,
)
from ..text.analysis import render_text
from ..text.terminal import printable
from .args import PROG, ArgumentError


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "analyze",
        help="show what a saved AI has learned, beside the exact solver",
        description=(
            "Read a brain file (from `sticks-tui train --out`) and show, for each stick count, "
            "the AI's preferred move and how sure it is, whether it has learned the position is "
            "lost, the rule the lost positions follow (found from the hats alone) and the exact "
            "solver's answer, with every disagreement marked; then the learning curve, if the "
            "brain kept one."
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
        print(f"{PROG}: error: {printable(str(error))}", file=sys.stderr)
        return EXIT_REFUSED
    if args.json:
        json.dump(analysis.to_dict(), out, indent=2, ensure_ascii=False)
        out.write("\n")
    else:
        out.write(render_text(analysis))
    return 0


def load_brain(path: str) -> HatBrain:
    """The brain in ``path`` (``-``: standard input).

    A file that cannot be read is an :class:`ArgumentError` (exit status 2); one that is not a
    brain is :class:`BrainFileRefused` (exit status 1): it was read, its content is the problem.
    """
    try:
        brain = read_brain_file(path, learner=HatBrain.kind)
    except BrainFileUnreadable as error:
        raise ArgumentError(str(error)) from None
    assert isinstance(brain, HatBrain), "read as hats"
    return brain


def analyse_file(path: str) -> Analysis:
    """:func:`load_brain`, then the analysis; a brain that cannot be analysed (a hat for more
    sticks than the analysis handles) is refused like one that is not a brain."""
    brain = load_brain(path)
    try:
        return analyse(brain)
    except AnalysisError as error:
        raise BrainFileRefused(shown_name(path), str(error)) from None

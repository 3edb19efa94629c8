"""``sticks-tui analyze brain.json [--json]``: what a saved AI has learned, beside the solver.

The analysis itself is :mod:`sticks_tui.engine.analysis`; this module only reads the file (with
:mod:`sticks_tui.brain_files`, as ``brain import`` does) and prints. A brain file that cannot be
read ends with one line saying why and exit status 2, like every bad argument; one that is read
but refused (not a brain, or one that cannot be analysed) with one line and exit status 1, like
``brain import``; never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TextIO

from .brain_files import (
    EXIT_REFUSED,
    BrainFileRefused,
    BrainFileUnreadable,
    read_brain_file,
    shown_name,
)
from .cli import PROG, ArgumentError
from .engine.analysis import (
    DISAGREE,
    LOST,
    UNDECIDED,
    Analysis,
    AnalysisError,
    PositionReport,
    analyse,
)
from .engine.learners.hats import CurvePoint, HatBrain


def register(subparsers: argparse._SubParsersAction) -> None:
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
        print(f"{PROG}: error: {error}", file=sys.stderr)
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
        return read_brain_file(path)
    except BrainFileUnreadable as error:
        raise ArgumentError(str(error)) from None


def analyse_file(path: str) -> Analysis:
    """:func:`load_brain`, then the analysis; a brain that cannot be analysed (a hat for more
    sticks than the analysis handles) is refused like one that is not a brain."""
    brain = load_brain(path)
    try:
        return analyse(brain)
    except AnalysisError as error:
        raise BrainFileRefused(shown_name(path), str(error)) from None


# -- text --------------------------------------------------------------------------------------
_LEARNED_WORDS = {LOST: "yes", UNDECIDED: "?"}
TABLE_HEADER = ("n", "AI move", "confidence", "evidence", "learned lost?", "solver move", "agree?")


def render_text(analysis: Analysis) -> str:
    """The whole analysis as plain text: table, rules, learning curve."""
    lines = [f"{analysis.rules_name}: a brain after {analysis.games_played:,} games", ""]
    rows = [
        (*position_cells(p)[:-1], "NO  <--") if p.agreement == DISAGREE else position_cells(p)
        for p in analysis.positions
    ]
    lines += _table(rows, TABLE_HEADER)
    lines += ["", *_legend(), ""]
    lines += rules_lines(analysis)
    lines += [""]
    lines += curve_lines(analysis.learning_curve)
    return "\n".join(lines) + "\n"


def position_cells(p: PositionReport) -> tuple[str, ...]:
    """One row of the table (shared with the app's analysis screen), cells as in TABLE_HEADER."""
    if p.preferred is None:
        move, confidence = "-", "-"
    elif p.tied:
        move, confidence = "even", f"{p.confidence:.0%}"
    else:
        move, confidence = str(p.preferred), f"{p.confidence:.0%}"
    if p.terminal:
        solver = "no move"
    elif p.winning_moves:
        solver = ", ".join(map(str, p.winning_moves))
    else:
        solver = "any (lost)"
    learned = _LEARNED_WORDS.get(p.learned, "no") + (" (game over)" if p.terminal else "")
    return (
        str(p.position),
        move,
        confidence,
        str(p.evidence),
        learned,
        solver,
        p.agreement,
    )


def _table(rows: list[tuple[str, ...]], header: tuple[str, ...]) -> list[str]:
    widths = [max(len(cell) for cell in column) for column in zip(header, *rows)]
    def line(cells: tuple[str, ...]) -> str:
        return "  ".join(cell.rjust(w) if i == 0 else cell.ljust(w)
                         for i, (cell, w) in enumerate(zip(cells, widths))).rstrip()
    return [line(header), line(tuple("-" * w for w in widths))] + [line(r) for r in rows]


def _legend() -> list[str]:
    return [
        "confidence: the preferred ball's share of the legal balls in the hat.",
        "evidence: balls won at and into this position (about the games that taught something).",
        "learned lost?: yes when the hat never grew while the moves into it did; ? when the hats",
        "  do not say yet (too little or mixed evidence); with no move left, the rules say it.",
    ]


def rules_lines(analysis: Analysis) -> list[str]:
    inferred = analysis.inferred
    lines = [f"Rule found in the hats:  {inferred.describe()}"]
    solver = analysis.solver_rule
    lines.append(f"Rule of the solver:      {solver.describe() if solver else 'no periodic rule'}")
    matches = analysis.rule_matches_solver
    positions = [p.position for p in analysis.positions]
    span = f"{positions[0]}..{positions[-1]}" if positions else "no positions"
    if matches is True:
        lines.append(f"The two rules agree at every stick count {span}.")
    elif matches is False:
        lines.append(f"The two rules differ somewhere in {span}.")
    disagreements = analysis.disagreements
    if disagreements:
        lines.append(
            f"Disagreements with the solver ({len(disagreements)}): "
            + ", ".join(map(str, disagreements))
        )
    else:
        lines.append("No position where the AI's learning contradicts the solver.")
    return lines


def curve_lines(curve: tuple[CurvePoint, ...] | list[CurvePoint]) -> list[str]:
    if not curve:
        return ["No learning curve was kept with this brain."]
    rows = [
        (
            f"{p.games:,}",
            f"{p.hats_right}/{p.hats_winnable}",
            f"{p.vs_random:.0%}",
            f"{p.vs_perfect:.0%}",
        )
        for p in curve
    ]
    header = ("games", "hats right", "wins vs random", "wins vs perfect")
    return [
        "Learning curve (the AI draws balls and starts every other game; "
        "a perfect player wins 50% against perfect):",
        *_table(rows, header),
    ]

"""``sticks-tui analyze brain.json [--json]``: what a saved AI has learned, beside the solver.

The analysis itself is :mod:`sticks_tui.engine.analysis`; this module only reads the file and
prints. A brain file that is missing or malformed ends with one line saying why (exit status 2,
like every bad argument), never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TextIO

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
from .engine.hats import BrainError, CurvePoint, HatBrain


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
    parser.add_argument("brain", metavar="BRAIN.json", help="the brain file to analyse")
    parser.add_argument("--json", action="store_true", help="print the analysis as JSON")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace, out: TextIO | None = None) -> int:
    out = out if out is not None else sys.stdout
    try:
        analysis = analyse(load_brain(args.brain))
    except AnalysisError as error:
        raise ArgumentError(f"{args.brain}: {error}") from None
    if args.json:
        json.dump(analysis.to_dict(), out, indent=2, ensure_ascii=False)
        out.write("\n")
    else:
        out.write(render_text(analysis))
    return 0


def load_brain(path: str) -> HatBrain:
    """The brain in ``path``, or an :class:`ArgumentError` that says in one line what is wrong."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ArgumentError(f"no such brain file: {path}") from None
    except IsADirectoryError:
        raise ArgumentError(f"{path} is a folder, not a brain file") from None
    except UnicodeDecodeError:
        raise ArgumentError(f"{path} is not a brain file (not UTF-8 text)") from None
    except OSError as error:
        raise ArgumentError(f"cannot read {path}: {error.strerror or error}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise ArgumentError(
            f"{path} is not valid JSON (line {error.lineno}, column {error.colno}: {error.msg})"
        ) from None
    except RecursionError:
        raise ArgumentError(f"{path} is not a brain file (nested too deeply)") from None
    try:
        return HatBrain.from_dict(data)
    except BrainError as error:
        raise ArgumentError(f"{path}: {error}") from None


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

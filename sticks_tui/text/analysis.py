"""What a brain has learned, as text: the analysis table, the rules found and the learning curve.

``sticks-tui analyze`` prints it; the app's analysis screen shows the same cells and lines.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.analysis import (
    DISAGREE,
    LOST,
    UNDECIDED,
    Analysis,
    PositionReport,
)
from ..engine.learners.hats import CurvePoint

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


def _table(rows: Sequence[tuple[str, ...]], header: tuple[str, ...]) -> list[str]:
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

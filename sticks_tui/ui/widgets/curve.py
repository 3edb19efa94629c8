"""The learning curve drawn in the terminal: three shares against games played (log scale).

The checkpoints of a training run are dense early and sparse late (most is learned in the first
few thousand games), so the games axis is logarithmic; between two checkpoints the line is
interpolated. The three lines:

* ``◆`` hats right: hats whose most numerous ball is a winning move, of those that have one;
* ``+`` wins against the random player;
* ``×`` wins against the perfect player: 50% at most, and the plot says why (from the start one
  side can force a win, the perfect player always does when it is that side, and the two take
  turns starting).

The legend reads as the hat charts' does (:mod:`.hats`): each mark in its colour, then what it
is in dim words; the marks are the curve's own (``●`` is a ball drawn, on the hats).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence

from rich.text import Text
from textual.widget import Widget

from ...engine.learners.base import CurvePoint


def _share_right(point: CurvePoint) -> float:
    return point.hats_right / point.hats_winnable if point.hats_winnable else 0.0


SERIES: tuple[tuple[str, str, str, Callable[[CurvePoint], float]], ...] = (
    ("◆", "bold #5fafff", "hats right", _share_right),
    ("+", "bold #87d75f", "wins vs random", lambda p: p.vs_random),
    ("×", "bold #ffaf5f", "wins vs perfect", lambda p: p.vs_perfect),
)
#: The legend's words, the fullest that fit first (one per series, in order).
LEGEND_WORDS = (
    ("hats right", "wins vs random", "wins vs perfect (50% at most)"),
    ("hats right", "wins vs random", "wins vs perfect"),
    ("right", "random", "perfect"),
)
#: Why no learner wins more than half its games against the perfect player, the longest that
#: fits under the legend (with room for it).
CEILING_WORDS = (
    "At most 50% vs perfect: one side wins from the start, and they take turns.",
    "× 50% at most: the starts alternate",
)
Y_LABEL_WIDTH = 5  # "100% "
#: The plot's rows above which the reason for the 50% is said under the legend.
ROWS_FOR_REASON = 5


def _x(games: int) -> float:
    return math.log10(1 + games)


def _value_at(points: Sequence[tuple[float, float]], x: float) -> float | None:
    """Linear interpolation between the checkpoints around ``x`` (None outside them)."""
    for (x0, y0), (x1, y1) in itertools.pairwise(points):
        if x0 <= x <= x1:
            return y0 if x1 == x0 else y0 + (y1 - y0) * (x - x0) / (x1 - x0)
    if points and math.isclose(x, points[0][0]):
        return points[0][1]
    return None


def legend(width: int) -> Text:
    """The marks and what they are, as the hat charts' key reads: the mark in its colour, its
    words dim, two spaces between; the fullest words that fit ``width``."""
    words = next(
        (names for names in LEGEND_WORDS if sum(len(name) + 4 for name in names) - 2 <= width),
        LEGEND_WORDS[-1],
    )
    text = Text(no_wrap=True, overflow="ellipsis")
    for i, ((marker, style, _, _), name) in enumerate(zip(SERIES, words)):
        text.append(("  " if i else "") + marker, style=style)
        text.append(f" {name}", style="dim")
    return text


def plot(curve: Sequence[CurvePoint], width: int, height: int) -> Text:
    """The plot as rich text, ``width`` x ``height`` cells (legend and axes included)."""
    if not curve:
        return Text("No learning curve yet: it is recorded while the AI trains.", style="italic")
    reason = next((words for words in CEILING_WORDS if len(words) <= width), "")
    if height - 4 < ROWS_FOR_REASON:
        reason = ""
    rows = max(3, height - 3 - bool(reason))  # the legend, the axis and its labels: 3 lines
    columns = max(2, width - Y_LABEL_WIDTH - 1)
    xs = [_x(p.games) for p in curve]
    lo, hi = xs[0], xs[-1]
    grid: list[list[tuple[str, str]]] = [[(" ", "")] * columns for _ in range(rows)]
    for marker, style, _, value in reversed(SERIES):  # where lines cross, hats right on top
        points = [(x, value(p)) for x, p in zip(xs, curve)]
        for c in range(columns):
            x = lo if hi == lo else lo + (hi - lo) * c / (columns - 1)
            y = _value_at(points, x)
            if y is None or (hi == lo and c > 0):
                continue
            r = rows - 1 - round(min(1.0, max(0.0, y)) * (rows - 1))
            grid[r][c] = (marker, style)
    text = legend(width)
    if reason:
        text.append(f"\n{reason}", style="dim")
    text.append("\n")
    for r, line in enumerate(grid):
        label = {0: "100%", (rows - 1) // 2: " 50%", rows - 1: "  0%"}.get(r, "")
        text.append(f"{label:>4} ", style="dim")
        text.append("│" if label == "" else "┤", style="dim")
        for char, style in line:
            text.append(char, style=style)
        text.append("\n")
    text.append(" " * Y_LABEL_WIDTH + "└" + "─" * columns + "\n", style="dim")
    first, last = f"{curve[0].games:,}", f"{curve[-1].games:,} games (log scale)"
    if len(first) + 1 + len(last) > columns + 1:  # big counts: the words that fit
        last = last.removesuffix(" (log scale)")
    gap = max(1, columns + 1 - len(first) - len(last))
    text.append(" " * Y_LABEL_WIDTH + first + " " * gap + last, style="dim")
    return text


class LearningCurvePlot(Widget):
    """Shows :func:`plot` for the curve it was last given, at whatever size it has."""

    def __init__(
        self,
        curve: Sequence[CurvePoint] = (),
        *,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.curve: tuple[CurvePoint, ...] = tuple(curve)

    def show(self, curve: Sequence[CurvePoint]) -> None:
        self.curve = tuple(curve)
        self.refresh()

    def render(self) -> Text:
        return plot(self.curve, self.content_size.width, self.content_size.height)

"""The learning curve drawn in the terminal: three shares against games played (log scale).

The checkpoints of a training run are dense early and sparse late (most is learned in the first
few thousand games), so the games axis is logarithmic; between two checkpoints the line is
interpolated. The three lines:

* ``●`` hats right: hats whose most numerous ball is a winning move, of those that have one;
* ``+`` wins against the random player;
* ``×`` wins against the perfect player (50% is the best possible: the AI starts every other game).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence

from rich.text import Text
from textual.widget import Widget

from ...engine.learners.hats import CurvePoint


def _share_right(point: CurvePoint) -> float:
    return point.hats_right / point.hats_winnable if point.hats_winnable else 0.0


SERIES: tuple[tuple[str, str, str, Callable[[CurvePoint], float]], ...] = (
    ("●", "bold #5fafff", "hats right", _share_right),
    ("+", "bold #87d75f", "wins vs random", lambda p: p.vs_random),
    ("×", "bold #ffaf5f", "wins vs perfect", lambda p: p.vs_perfect),
)
Y_LABEL_WIDTH = 5  # "100% "


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


def plot(curve: Sequence[CurvePoint], width: int, height: int) -> Text:
    """The plot as rich text, ``width`` x ``height`` cells (legend and axes included)."""
    if not curve:
        return Text("No learning curve yet: it is recorded while the AI trains.", style="italic")
    rows = max(3, height - 3)  # the legend, the axis and its labels take three lines
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
    text = Text()
    names = [name for _, _, name, _ in SERIES]
    if sum(len(name) + 5 for name in names) > width:  # narrow: the legend's short words
        names = [name.split()[-1] for name in names]
    for (marker, style, _, _), name in zip(SERIES, names):
        text.append(f"{marker} ", style=style)
        text.append(f"{name}   ")
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

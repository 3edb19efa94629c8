"""The learning curve drawn in the terminal: three shares against games played (log scale);
and an experiment's band chart on the same axes (:func:`band_plot`: a median and its 10%-90%
band over the seeds).

The checkpoints of a training run are dense early and sparse late (most is learned in the first
few thousand games), so the games axis is logarithmic; between two checkpoints the line is
interpolated. The three lines:

* ``◆`` positions right: positions where the learner prefers a winning move, of those that have
  one, in its own words (the hat AI's: "hats right", its most numerous ball a winning move);
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
from dataclasses import dataclass

from rich.text import Text
from textual.widget import Widget

from ...engine.experiment import ConfigurationSummary
from ...engine.learners.base import CurvePoint


def _share_right(point: CurvePoint) -> float:
    return point.hats_right / point.hats_winnable if point.hats_winnable else 0.0


#: What the first line shows when the learner is not said (its kind's words say it otherwise).
RIGHT = "positions right"

SERIES: tuple[tuple[str, str, str, Callable[[CurvePoint], float]], ...] = (
    ("◆", "bold #5fafff", RIGHT, _share_right),
    ("+", "bold #87d75f", "wins vs random", lambda p: p.vs_random),
    ("×", "bold #ffaf5f", "wins vs perfect", lambda p: p.vs_perfect),
)
#: The legend's words for the two lines of wins, the fullest that fit first (the first line's
#: are the learner's own, whole: "right" alone would not say right about what).
LEGEND_WORDS = (
    ("wins vs random", "wins vs perfect (50% at most)"),
    ("wins vs random", "wins vs perfect"),
    ("vs random", "vs perfect"),
    ("random", "perfect"),
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


def legend(width: int, right: str = RIGHT) -> Text:
    """The marks and what they are, as the hat charts' key reads: the mark in its colour, its
    words dim, two spaces between; ``right`` names the first line (the learner's words: "hats
    right", "positions right"), the fullest words that fit ``width`` on one line name the
    others. Where none fit, the fullest words go on two lines (or more), each mark whole with
    its words, the 50% ceiling said among them."""
    fits = [
        (right, *names) for names in LEGEND_WORDS
        if sum(len(name) + 4 for name in (right, *names)) - 2 <= width
    ]
    words = fits[0] if fits else (right, *LEGEND_WORDS[0])
    text = Text(no_wrap=True, overflow="ellipsis")
    used = 0
    for (marker, style, _, _), name in zip(SERIES, words):
        item = len(marker) + 1 + len(name)
        if used and used + 2 + item > width:
            text.append("\n")
            used = 0
        text.append(("  " if used else "") + marker, style=style)
        text.append(f" {name}", style="dim")
        used += (2 if used else 0) + item
    return text


def plot(curve: Sequence[CurvePoint], width: int, height: int, right: str = RIGHT) -> Text:
    """The plot as rich text, ``width`` x ``height`` cells (legend and axes included); ``right``
    names the line of positions right (:func:`legend`)."""
    if not curve:
        return Text("No learning curve yet: it is recorded while the AI trains.", style="italic")
    key = legend(width, right)
    key_lines = key.plain.count("\n") + 1
    reason = next((words for words in CEILING_WORDS if len(words) <= width), "")
    if height - 4 < ROWS_FOR_REASON or key_lines > 1:  # on two lines, the key says the 50%
        reason = ""
    rows = max(3, height - 2 - key_lines - bool(reason))  # the key, the axis and its labels
    columns = max(2, width - Y_LABEL_WIDTH - 1)
    xs = [_x(p.games) for p in curve]
    lo, hi = xs[0], xs[-1]
    grid: list[list[tuple[str, str]]] = [[(" ", "")] * columns for _ in range(rows)]
    for marker, style, _, value in reversed(SERIES):  # where lines cross, positions right on top
        points = [(x, value(p)) for x, p in zip(xs, curve)]
        for c in range(columns):
            x = lo if hi == lo else lo + (hi - lo) * c / (columns - 1)
            y = _value_at(points, x)
            if y is None or (hi == lo and c > 0):
                continue
            r = rows - 1 - round(min(1.0, max(0.0, y)) * (rows - 1))
            grid[r][c] = (marker, style)
    text = key
    if reason:
        text.append(f"\n{reason}", style="dim")
    text.append("\n")
    _axes(text, grid, curve[0].games, curve[-1].games)
    return text


def _axes(text: Text, grid: list[list[tuple[str, str]]], first_games: int, last_games: int) -> None:
    """Append ``grid`` (its rows top down, 100% to 0%) to ``text`` with the shares' axis on
    the left and the games' (log scale, from ``first_games`` to ``last_games``) below."""
    rows, columns = len(grid), len(grid[0])
    for r, line in enumerate(grid):
        label = {0: "100%", (rows - 1) // 2: " 50%", rows - 1: "  0%"}.get(r, "")
        text.append(f"{label:>4} ", style="dim")
        text.append("│" if label == "" else "┤", style="dim")
        for char, style in line:
            text.append(char, style=style)
        text.append("\n")
    text.append(" " * Y_LABEL_WIDTH + "└" + "─" * columns + "\n", style="dim")
    first, last = f"{first_games:,}", f"{last_games:,} games (log scale)"
    if len(first) + 1 + len(last) > columns + 1:  # big counts: the words that fit
        last = last.removesuffix(" (log scale)")
    gap = max(1, columns + 1 - len(first) - len(last))
    text.append(" " * Y_LABEL_WIDTH + first + " " * gap + last, style="dim")


#: A band chart's marks: the median's, and the 10%-90% band's.
MEDIAN_MARK = ("•", "bold #5fafff")
BAND_MARK = ("░", "#5f87af")


@dataclass(frozen=True)
class BandPoint:
    """A checkpoint of a band chart: the games, and the median and 10%-90% band of a share
    (0 to 1) over the seeds."""

    games: int
    median: float
    low: float
    high: float


def band_points(summary: ConfigurationSummary, measure: str) -> list[BandPoint]:
    """An experiment's configuration's checkpoints of ``measure`` as shares: positions right
    as the share of the positions that can be won, the others as they are."""
    scale = (summary.winnable or 1) if measure == "right" else 1
    return [
        BandPoint(point.games, band.median / scale, band.low / scale, band.high / scale)
        for point in summary.checkpoints
        for band in (point.measures[measure],)
    ]


def band_plot(points: Sequence[BandPoint], width: int, height: int, what: str) -> Text:
    """An experiment's band chart as rich text, ``width`` x ``height`` cells: the median of
    ``what`` (a share, drawn from 0% to 100%) against games played (log scale, as the learning
    curve's), the band of 10% to 90% of the seeds shaded around it."""
    if not points:
        return Text("No run has finished yet.", style="italic")
    key = Text(no_wrap=True, overflow="ellipsis")
    key.append(MEDIAN_MARK[0], style=MEDIAN_MARK[1])
    key.append(f" median {what}", style="dim")
    key.append("  " + BAND_MARK[0], style=BAND_MARK[1])
    key.append(" 10%-90% of the seeds", style="dim")
    rows = max(3, height - 3)  # the key, the axis and its labels
    columns = max(2, width - Y_LABEL_WIDTH - 1)
    xs = [_x(point.games) for point in points]
    lo, hi = xs[0], xs[-1]
    lines = {
        name: [(x, getattr(point, name)) for x, point in zip(xs, points)]
        for name in ("median", "low", "high")
    }

    def row(share: float) -> int:
        return rows - 1 - round(min(1.0, max(0.0, share)) * (rows - 1))

    grid: list[list[tuple[str, str]]] = [[(" ", "")] * columns for _ in range(rows)]
    for c in range(columns):
        x = lo if hi == lo else lo + (hi - lo) * c / (columns - 1)
        if hi == lo and c > 0:
            break
        at = {name: _value_at(line, x) for name, line in lines.items()}
        median, low, high = at["median"], at["low"], at["high"]
        if median is None or low is None or high is None:
            continue
        for r in range(row(high), row(low) + 1):
            grid[r][c] = BAND_MARK
        grid[row(median)][c] = MEDIAN_MARK
    text = key
    text.append("\n")
    _axes(text, grid, points[0].games, points[-1].games)
    return text


class BandPlot(Widget):
    """Shows :func:`band_plot` for the points it was last given, at whatever size it has."""

    def __init__(
        self,
        points: Sequence[BandPoint] = (),
        what: str = "",
        *,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes)
        self.points: tuple[BandPoint, ...] = tuple(points)
        self.what = what

    def show(self, points: Sequence[BandPoint], what: str) -> None:
        self.points, self.what = tuple(points), what
        self.refresh()

    def render(self) -> Text:
        return band_plot(self.points, self.content_size.width, self.content_size.height,
                         self.what)


class LearningCurvePlot(Widget):
    """Shows :func:`plot` for the curve it was last given, at whatever size it has."""

    def __init__(
        self,
        curve: Sequence[CurvePoint] = (),
        *,
        right: str = RIGHT,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.curve: tuple[CurvePoint, ...] = tuple(curve)
        #: The learner's words for its line of positions right ("hats right").
        self.right = right

    def show(self, curve: Sequence[CurvePoint]) -> None:
        self.curve = tuple(curve)
        self.refresh()

    def render(self) -> Text:
        return plot(self.curve, self.content_size.width, self.content_size.height, self.right)

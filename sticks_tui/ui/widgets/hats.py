"""The AI's hats as a live bar chart: one group per hat, one bar per ball number.

The chart draws from a :class:`HatsSnapshot`, a copy of the counts taken on the UI's side (or
in the training thread between games), so it never reads a brain that is changing under it.
A window of hats around the hat in use is shown (as many as the width allows), so 100 hats stay
readable at 80x24; ``[`` and ``]`` scroll the window.

Reading the chart:

* bars: how many balls of each number are in the hat (coloured 1, 2, 3); a full-height bar is the
  tallest in the window (at least 4 balls), shown in the subtitle;
* ``●`` above a bar: the ball of that number waiting *beside* the hat until the game ends;
* the hat in use has a highlighted background and its number in reverse.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rich.text import Text
from textual.widget import Widget

from ...engine import HatBrain
from ..plain import plain

BAR_BLOCKS = " ▁▂▃▄▅▆▇█"
BALL_STYLES = ("bold #5fafff", "bold #87d75f", "bold #ffaf5f", "bold #d787ff", "bold #ff5f87")
BESIDE = "●"
BESIDE_STYLE = "bold #ffff5f"
IN_USE_BACKGROUND = "on #3a3a5a"


@dataclass(frozen=True)
class HatsSnapshot:
    """Every hat's balls (aligned with ``kinds``) and the balls beside, at one moment."""

    kinds: tuple[int, ...]
    balls: dict[int, tuple[int, ...]]
    beside: dict[int, int]
    games_played: int

    @classmethod
    def of(cls, brain: HatBrain) -> HatsSnapshot:
        """Copy what the chart needs out of ``brain`` (safe to keep after the brain changes)."""
        kinds: tuple[int, ...] = ()
        balls: dict[int, tuple[int, ...]] = {}
        beside: dict[int, int] = {}
        for view in brain:
            if not kinds:
                kinds = tuple(view.balls)
            balls[view.position] = tuple(view.balls[k] for k in kinds)
            if view.beside is not None:
                beside[view.position] = view.beside
        return cls(kinds, balls, beside, brain.games_played)

    @property
    def positions(self) -> list[int]:
        return sorted(self.balls)


def hat_window(positions: list[int], centre: int, visible: int) -> list[int]:
    """The ``visible`` consecutive hats around ``centre``, kept inside the hats that exist."""
    if not positions:
        return []
    visible = max(1, min(visible, len(positions)))
    try:
        index = positions.index(centre)
    except ValueError:
        index = 0 if centre < positions[0] else len(positions) - 1
    start = index - (visible - 1) // 2
    start = max(0, min(start, len(positions) - visible))
    return positions[start : start + visible]


def visible_hats(snapshot: HatsSnapshot, width: int, centre: int) -> list[int]:
    """The hats that fit in ``width`` columns (a bar per ball number and a gap per hat)."""
    group = len(snapshot.kinds or (1, 2, 3)) + 1
    return hat_window(snapshot.positions, centre, max(1, (width + 1) // group))


#: A full-height bar is never fewer balls than this, so a fresh hat's single balls look small.
MIN_SCALE = 4


def window_scale(snapshot: HatsSnapshot, window: list[int]) -> int:
    """Balls in a full-height bar: the tallest bar in the window, and at least MIN_SCALE."""
    return max([MIN_SCALE] + [max(snapshot.balls[p], default=1) for p in window])


def bar_cell(eighths: int, row_from_bottom: int) -> str:
    """The block character of a bar ``eighths``/8 cells tall, at one row."""
    level = eighths - row_from_bottom * 8
    if level >= 8:
        return BAR_BLOCKS[8]
    return BAR_BLOCKS[max(0, level)]


def draw_hats(
    snapshot: HatsSnapshot, width: int, height: int, in_use: int | None, centre: int
) -> tuple[Text, int]:
    """The chart as text, and the scale (balls in the tallest bar shown)."""
    kinds = snapshot.kinds or (1, 2, 3)
    group = len(kinds) + 1
    window = visible_hats(snapshot, width, centre)
    extra_rows = 3 if height >= 6 else (2 if height >= 4 else 1)
    bar_rows = max(1, height - 1 - extra_rows)
    scale = window_scale(snapshot, window)
    heights = {
        p: [
            0 if count <= 0 else max(1, round(count * bar_rows * 8 / scale))
            for count in snapshot.balls[p]
        ]
        for p in window
    }
    text = Text(no_wrap=True, overflow="crop")
    # the row of balls waiting beside their hats
    for p in window:
        background = IN_USE_BACKGROUND if p == in_use else ""
        for kind in kinds:
            if snapshot.beside.get(p) == kind:
                text.append(BESIDE, style=f"{BESIDE_STYLE} {background}".strip())
            else:
                text.append(" ", style=background)
        text.append(" ")
    text.append("\n")
    for row in range(bar_rows - 1, -1, -1):
        for p in window:
            background = IN_USE_BACKGROUND if p == in_use else ""
            for i, _kind in enumerate(kinds):
                style = f"{BALL_STYLES[i % len(BALL_STYLES)]} {background}".strip()
                text.append(bar_cell(heights[p][i], row), style=style)
            text.append(" ")
        text.append("\n")
    for p in window:
        label = str(p).rjust(group - 1)[-(group - 1) :]
        text.append(label, style="reverse bold" if p == in_use else "dim")
        text.append(" ")
    if extra_rows >= 2:
        text.append("\n")
        text.append_text(_detail_line(snapshot, in_use if in_use is not None else centre))
    if extra_rows >= 3:
        text.append("\n")
        text.append_text(_legend(kinds))
    return text, scale


def _detail_line(snapshot: HatsSnapshot, position: int) -> Text:
    """The exact counts of one hat, since bars only show proportions."""
    balls = snapshot.balls.get(position)
    if balls is None:
        return Text("")
    kinds = snapshot.kinds
    line = Text(f"hat {position}: ", style="bold")
    for i, (kind, count) in enumerate(zip(kinds, balls)):
        line.append(f"{count}×", style="")
        line.append(str(kind), style=BALL_STYLES[i % len(BALL_STYLES)])
        line.append("  ")
    beside = snapshot.beside.get(position)
    if beside is not None:
        line.append(f"{BESIDE} {beside} beside", style=BESIDE_STYLE)
    return line


def _legend(kinds: tuple[int, ...]) -> Text:
    line = Text("balls ", style="dim")
    for i, kind in enumerate(kinds):
        line.append("█", style=BALL_STYLES[i % len(BALL_STYLES)])
        line.append(f"{kind} ")
    line.append(f" {BESIDE}", style=BESIDE_STYLE)
    line.append(" beside  ", style="dim")
    line.append("[ ] scroll", style="dim")
    return line


class HatChart(Widget):
    """A live bar chart of one AI's hats. Call :meth:`show` with a fresh snapshot to redraw."""

    DEFAULT_CSS = """
    HatChart { height: 1fr; min-height: 5; }
    """

    def __init__(
        self,
        title: str = "hats",
        *,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.chart_title = title
        self.snapshot: HatsSnapshot | None = None
        self.in_use: int | None = None
        self.focus_hat = 1
        self.shift = 0
        self.border_title = plain(title)  # the title names the AI: never markup

    def show(
        self, snapshot: HatsSnapshot, in_use: int | None = None, focus: int | None = None
    ) -> None:
        """Draw ``snapshot``; ``in_use`` is highlighted and the window follows ``focus``."""
        self.snapshot = snapshot
        self.in_use = in_use
        if focus is not None:
            self.focus_hat = focus
        self._redraw()

    def scroll_hats(self, delta: int) -> None:
        """Move the window of hats left (negative) or right, e.g. from the ``[``/``]`` keys."""
        if self.snapshot is None:
            return
        positions = self.snapshot.positions
        lowest, highest = positions[0], positions[-1]
        centre = min(highest, max(lowest, self.focus_hat + self.shift + delta))
        self.shift = centre - self.focus_hat
        self._redraw()

    def reset_scroll(self) -> None:
        self.shift = 0
        self._redraw()

    def on_resize(self) -> None:
        self._redraw()

    def _redraw(self) -> None:
        """Refresh the drawing and the subtitle that gives its scale."""
        if self.snapshot is not None:
            window = visible_hats(self.snapshot, self.content_size.width, self.centre)
            scale = window_scale(self.snapshot, window)
            games = self.snapshot.games_played
            self.border_subtitle = plain(f"full bar {scale} balls · {games_learned(games)}")
        self.refresh()

    @property
    def centre(self) -> int:
        return self.focus_hat + self.shift

    def render(self) -> Text:
        if self.snapshot is None:
            return Text("no hats", style="dim")
        size = self.content_size
        text, _scale = draw_hats(
            self.snapshot, size.width, size.height, self.in_use, self.centre
        )
        return text


# -- one hat at a time (games whose hats are positions met, e.g. Nim and Sticky-Nim) ---------------


@dataclass(frozen=True)
class MoveRow:
    """One kind of ball in one hat (or one action's Q-value): a label, a number, its share of
    the longest bar, and whether it is the ball waiting beside the hat."""

    label: str
    value: float
    share: float
    beside: bool = False


@dataclass(frozen=True)
class HatPicture:
    """What the one-hat chart draws: a title line and one row per ball kind (or action)."""

    title: str
    rows: tuple[MoveRow, ...]
    subtitle: str
    counts: bool = True

    @classmethod
    def of_hat(
        cls, brain: HatBrain, position: object, label: Callable[[object], str]
    ) -> HatPicture:
        """The hat at ``position``: its balls by kind, the one beside it marked (a hat the
        brain has not met is said so, not made: looking must not teach the brain anything)."""
        key = brain.rules.position_key(position)
        positions = brain.positions()
        hats = "1 hat" if len(positions) == 1 else f"{len(positions):,} hats"
        subtitle = f"{hats} met · {games_learned(brain.games_played)}"
        if position not in positions:
            return cls(f"hat {key}: not met yet", (), subtitle)
        view = brain.view(position)
        counts = dict(view.balls)  # the ball beside the hat is not counted in; it is marked
        top = max([1] + list(counts.values()))
        rows = tuple(
            MoveRow(label(move), count, count / top, move == view.beside)
            for move, count in counts.items()
        )
        return cls(f"hat {key}", rows, subtitle)

    @classmethod
    def of_values(
        cls, title: str, values: list[tuple[str, float]], subtitle: str
    ) -> HatPicture:
        """Q-values from -1 to 1, drawn as bars from the left (-1) to full (+1)."""
        rows = tuple(MoveRow(name, value, (value + 1) / 2) for name, value in values)
        return cls(title, rows, subtitle, counts=False)


def draw_picture(picture: HatPicture, width: int, height: int) -> Text:
    """The picture as text: the fullest rows first, as many as fit; the ball beside always."""
    text = Text(no_wrap=True, overflow="crop")
    text.append(picture.title, style="bold")
    order = sorted(picture.rows, key=lambda row: (-row.beside, -row.value))
    room = max(1, height - 2)
    shown = order if len(order) <= room + 1 else order[:room]
    label_width = min(max((len(r.label) for r in shown), default=1), max(6, width // 2))
    bar_width = max(1, width - label_width - 9)
    for i, row in enumerate(shown):
        text.append("\n")
        style = BALL_STYLES[i % len(BALL_STYLES)] if picture.counts else BALL_STYLES[0]
        text.append(BESIDE if row.beside else " ", style=BESIDE_STYLE)
        text.append(row.label[:label_width].ljust(label_width) + " ")
        cells = round(row.share * bar_width * 8)
        bar = "".join(bar_cell_row(cells, col) for col in range(bar_width)).rstrip()
        text.append(bar.ljust(bar_width), style=style)
        number = f"{int(row.value)}" if picture.counts else f"{row.value:+.2f}"
        text.append(f" {number:>5}", style="bold" if row.beside else "")
    hidden = order[len(shown):]
    if hidden:
        most = max(row.value for row in hidden)
        if picture.counts:
            what = "1 ball each" if most == 1 else f"at most {int(most)} balls each"
        else:
            what = f"values up to {most:+.2f}"
        text.append(f"\n+{len(hidden)} more ({what})", style="dim")
    return text


def bar_cell_row(eighths: int, column: int) -> str:
    """The block of a horizontal bar ``eighths``/8 cells long, at one column."""
    level = eighths - column * 8
    if level >= 8:
        return "█"
    return " ▏▎▍▌▋▊▉"[max(0, level)]


class OneHatChart(Widget):
    """One hat at a time as horizontal bars (Nim, Sticky-Nim, and the Q-learner's values)."""

    DEFAULT_CSS = """
    OneHatChart { height: 1fr; min-height: 5; }
    """

    def __init__(
        self,
        title: str = "hat",
        *,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.border_title = plain(title)  # the title names the AI: never markup
        self.picture: HatPicture | None = None

    def show(self, picture: HatPicture) -> None:
        self.picture = picture
        self.border_subtitle = plain(picture.subtitle)
        self.refresh()

    def render(self) -> Text:
        if self.picture is None:
            return Text("no hats", style="dim")
        size = self.content_size
        return draw_picture(self.picture, size.width, size.height)


def games_learned(games: int) -> str:
    """How many games a brain has learned from, as the charts' borders say it."""
    return f"{games:,} game learned" if games == 1 else f"{games:,} games learned"

"""The AI's hats as a live bar chart: one group per hat, one bar per ball number.

The chart draws from a :class:`HatsSnapshot`, a copy of the counts taken on the UI's side (or
in the training thread between games), so it never reads a brain that is changing under it.
Only the hats the game reaches from its start are shown (a 20-stick game has 20), in a window
around the hat in use (as many as the width allows); ``[`` and ``]`` scroll the window.

Reading the chart:

* bars: each hat on its own scale: a bar is its move's share of the balls in that hat (a full
  bar is every ball), so a hat of 49,461 balls and a hat of 4 are read alike;
* a caption says in the game's words what the hat in use does: "at 19 sticks it takes 2 in 65%
  of draws";
* ``●`` above a bar: the ball of that number drawn this game, waiting *beside* the hat until the
  game ends; the hat in use has a highlighted background and its number in reverse (and comes
  into view when it changes);
* after a game, until the next one starts (:class:`HatMarks`): ``●`` stays above each ball drawn,
  in the colour of its change, a row under the hat numbers says the change as text (``+1``,
  ``-1``, ``0``), and the caption says what the game did, or why it changed nothing.

Nim's and Sticky-Nim's one hat at a time is drawn by :mod:`.bars` (:func:`hat_picture`).
:class:`HatsPresenter` is the hat AI's presenter: the chart of every hat in a take-away game, one
hat at a time elsewhere, and the hint's "AI's hat at 13 sticks draws 1 60% of the time".
"""

from __future__ import annotations

import textwrap
from bisect import bisect_left
from collections.abc import Collection, Hashable
from dataclasses import dataclass, replace

from rich.text import Text
from textual.widget import Widget

from ...engine import GameChange, HatBrain
from ...engine.analysis import AnalysisError, reachable_positions
from ...engine.game import Rules
from ...engine.games.takeaway import heap_of
from ...engine.learners.base import Learner
from ...engine.learners.hats.kind import KIND as HAT_AI
from ...text import hints
from ..plain import plain
from .bars import HatPicture, MoveRow, OneHatChart
from .hat_words import (
    BALL_STYLES,
    BESIDE,
    BESIDE_STYLE,
    HatWords,
    PlainWords,
    caption,
    change_style,
    change_text,
    change_words,
    fitted_title,
    games_learned,
    hats_learned,
    shares,
)
from .learner import LearnerPresenter

BAR_BLOCKS = " ▁▂▃▄▅▆▇█"
IN_USE_BACKGROUND = "on #3a3a5a"
#: What a bar's height says, the longest that fits beside the colours of the ball numbers.
KEY_WORDS = (" bar = share of its hat", " = share of the hat", " = share")
#: Lines the caption may take: what the hat in use does, or what the game did.
CAPTION_LINES = 2
CHANGE_LINES = 3


@dataclass(frozen=True)
class HatMarks:
    """What a game did to the hats, marked on them until the next game starts: per hat, the
    ball drawn and the change in its number's balls; and the game in words."""

    drawn: dict[int, tuple[int, int]]
    words: str

    @classmethod
    def of(cls, change: GameChange, words: str | None = None) -> HatMarks:
        """The marks of ``change`` (what a game did to a hat AI); ``words`` say it, else
        :func:`~.hat_words.change_words` does."""
        drawn = {
            m.position: (m.move, int(m.change))
            for m in change.moves
            if isinstance(m.position, int) and isinstance(m.move, int)
        }
        return cls(drawn, change_words(change) if words is None else words)

    @classmethod
    def saying(cls, words: str) -> HatMarks:
        """No ball marked, only words: a game that taught nothing (a practice game)."""
        return cls({}, words)


@dataclass(frozen=True)
class HatsSnapshot:
    """Every hat's balls (aligned with ``kinds``), which of them are legal there, and the
    balls beside, at one moment."""

    kinds: tuple[int, ...]
    balls: dict[int, tuple[int, ...]]
    beside: dict[int, int]
    games_played: int
    legal: dict[int, tuple[bool, ...]] | None = None
    """Per hat, whether each kind of ball is a legal move there (None: every one is)."""

    @classmethod
    def of(cls, brain: HatBrain) -> HatsSnapshot:
        """Copy what the chart needs out of ``brain`` (safe to keep after the brain changes)."""
        kinds: tuple[int, ...] = ()
        balls: dict[int, tuple[int, ...]] = {}
        beside: dict[int, int] = {}
        legal: dict[int, tuple[bool, ...]] = {}
        for view in brain:
            if not kinds:
                kinds = tuple(map(heap_of, view.balls))
            position = heap_of(view.position)
            balls[position] = tuple(view.balls[k] for k in kinds)
            moves = set(brain.rules.legal_moves(position))
            legal[position] = tuple(k in moves for k in kinds)
            if view.beside is not None:
                beside[position] = heap_of(view.beside)
        return cls(kinds, balls, beside, brain.games_played, legal)

    @property
    def positions(self) -> list[int]:
        return sorted(self.balls)

    def within(self, positions: Collection[int] | None) -> HatsSnapshot:
        """Only the hats at ``positions`` (all of them for None)."""
        if positions is None:
            return self
        return replace(
            self,
            balls={p: b for p, b in self.balls.items() if p in positions},
            beside={p: b for p, b in self.beside.items() if p in positions},
        )

    def draws(self, position: int) -> list[tuple[int, int]]:
        """The legal balls of the hat at ``position`` as the AI draws from it: (kind, balls),
        the ball drawn this game counted in (it goes back, or away, when the game ends)."""
        legal = self.legal.get(position) if self.legal is not None else None
        counts = self.balls.get(position, ())
        drawn = self.beside.get(position)
        return [
            (kind, count + (kind == drawn))
            for i, (kind, count) in enumerate(zip(self.kinds, counts))
            if legal is None or legal[i]
        ]


def reachable_hats(rules: Rules) -> frozenset[int] | None:
    """The heaps the game reaches from its start (None: too many to list, show every hat)."""
    try:
        return frozenset(p for p in reachable_positions(rules) if isinstance(p, int))
    except AnalysisError:
        return None


def _middles(positions: list[int], visible: int) -> tuple[int, int]:
    """The indexes of the middle hats of the first and of the last window of ``visible``."""
    half = (visible - 1) // 2
    return half, len(positions) - visible + half


def hat_window(positions: list[int], centre: int, visible: int) -> list[int]:
    """The ``visible`` consecutive hats around ``centre`` (a hat not kept: the next one up),
    kept inside the hats that exist."""
    if not positions:
        return []
    visible = max(1, min(visible, len(positions)))
    index = min(bisect_left(positions, centre), len(positions) - 1)
    start = index - (visible - 1) // 2
    start = max(0, min(start, len(positions) - visible))
    return positions[start : start + visible]


def scrolled_centre(positions: list[int], centre: int, visible: int, delta: int) -> int:
    """The middle hat of the window ``delta`` hats to the right (left: negative) of the window
    of ``visible`` hats around ``centre``: never past the first or the last window, so that
    each key pressed moves what is seen until an end is shown, and one press back moves it."""
    if not positions:
        return centre
    visible = max(1, min(visible, len(positions)))
    first, last = _middles(positions, visible)
    index = min(bisect_left(positions, centre), len(positions) - 1)
    index = min(last, max(first, index))  # the middle of the window as seen now
    return positions[min(last, max(first, index + delta))]


def hats_in_view(snapshot: HatsSnapshot, width: int) -> int:
    """How many hats fit in ``width`` columns (a bar per ball number and a gap per hat)."""
    group = len(snapshot.kinds or (1, 2, 3)) + 1
    return max(1, (width + 1) // group)


def visible_hats(snapshot: HatsSnapshot, width: int, centre: int) -> list[int]:
    """The hats that fit in ``width`` columns around ``centre``."""
    return hat_window(snapshot.positions, centre, hats_in_view(snapshot, width))


def hat_shares(snapshot: HatsSnapshot, position: int) -> list[float]:
    """Each ball number's share of the legal balls in the hat (0 for a number not legal)."""
    legal = dict(snapshot.draws(position))
    part = dict(zip(legal, shares(list(legal.values()))))
    return [part.get(kind, 0.0) for kind in snapshot.kinds]


def bar_cell(eighths: int, row_from_bottom: int) -> str:
    """The block character of a bar ``eighths``/8 cells tall, at one row."""
    level = eighths - row_from_bottom * 8
    if level >= 8:
        return BAR_BLOCKS[8]
    return BAR_BLOCKS[max(0, level)]


def _bar_heights(parts: list[float], bar_rows: int) -> list[int]:
    """Each bar's height in eighths of a row; a share above 0 always shows."""
    return [0 if part <= 0 else max(1, round(part * bar_rows * 8)) for part in parts]


def hat_caption(snapshot: HatsSnapshot, position: int, words: HatWords) -> str:
    """The hat at ``position`` in a sentence: "at 19 sticks it takes 2 in 65% of draws"."""
    if position not in snapshot.balls:
        return ""
    draws = [(words.takes_words(kind), count) for kind, count in snapshot.draws(position)]
    return caption(words.at_words(position), draws)


def draw_hats(
    snapshot: HatsSnapshot,
    width: int,
    height: int,
    in_use: int | None,
    centre: int,
    words: HatWords | None = None,
    caption_at: int | None = None,
    marks: HatMarks | None = None,
) -> Text:
    """The chart as text: the balls beside (or, with ``marks``, the balls the game drew), the
    bars (each hat its own scale), the hat numbers (and the changes the game made), then as
    room allows the caption of the hat in use (else the one in the middle, or what the game
    did) and a key."""
    kinds = snapshot.kinds or (1, 2, 3)
    group = len(kinds) + 1
    window = visible_hats(snapshot, width, centre)
    told = caption_at if caption_at is not None else in_use if in_use is not None else centre
    said = hat_caption(snapshot, told, words or PlainWords()) if marks is None else marks.words
    most = CAPTION_LINES if marks is None else CHANGE_LINES
    caption_lines = textwrap.wrap(said, max(10, width))[:most] if height >= 5 else []
    scrolls = len(window) < len(snapshot.positions)
    key_lines = _key(kinds, scrolls, width) if height >= 10 else []
    change_row = marks is not None and bool(marks.drawn) and height >= 6
    bar_rows = max(1, height - 2 - change_row - len(caption_lines) - len(key_lines))
    heights = {p: _bar_heights(hat_shares(snapshot, p), bar_rows) for p in window}
    text = Text(no_wrap=True, overflow="crop")
    for p in window:  # the row of balls drawn this game (beside their hats until it ends)
        background = IN_USE_BACKGROUND if p == in_use else ""
        drawn, style = _drawn(snapshot, marks, p)
        for kind in kinds:
            if drawn == kind:
                text.append(BESIDE, style=f"{style} {background}".strip())
            else:
                text.append(" ", style=background)
        text.append(" ")
    for row in range(bar_rows - 1, -1, -1):
        text.append("\n")
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
    if change_row and marks is not None:
        text.append("\n")
        for p in window:
            _, change = marks.drawn.get(p, (None, 0))
            said = change_text(change) if p in marks.drawn else ""
            text.append(said.rjust(group - 1)[-(group - 1) :], style=change_style(change))
            text.append(" ")
    for line in caption_lines:
        text.append("\n" + line, style="bold")
    for key in key_lines:
        text.append("\n")
        text.append_text(key)
    return text


def _drawn(snapshot: HatsSnapshot, marks: HatMarks | None, position: int) -> tuple[object, str]:
    """The ball to mark above the hat at ``position`` and its colour: the one beside it during
    a game, the one the game drew (in the colour of its change) after it."""
    if marks is None:
        return snapshot.beside.get(position), BESIDE_STYLE
    ball, change = marks.drawn.get(position, (None, 0))
    return ball, change_style(change)


def _key(kinds: tuple[int, ...], scrolls: bool, width: int) -> list[Text]:
    """How to read the chart, in two short lines that fit ``width``: which bar is which move
    and what its height says; what ``●`` is (and the keys to the hats out of view)."""
    bars = Text()
    for i, kind in enumerate(kinds):
        bars.append("█", style=BALL_STYLES[i % len(BALL_STYLES)])
        bars.append(str(kind))
    room = width - len(bars)
    said = next((words for words in KEY_WORDS if len(words) <= room), "")
    bars.append(said, style="dim")
    drawn = Text(BESIDE, style=BESIDE_STYLE)
    said = " drawn this game"
    more = "  [ ] more hats"
    drawn.append(said + (more if scrolls and len(said + more) < width else ""), style="dim")
    return [bars, drawn]


class HatChart(Widget):
    """A live bar chart of one AI's hats. Call :meth:`show` with a fresh snapshot to redraw.

    ``rules`` (the game on screen) say which hats its start reaches, the only ones shown, the
    same on every screen; ``words`` (the game's presenter) name the hats and moves in the
    caption.
    """

    DEFAULT_CSS = """
    HatChart { height: 1fr; min-height: 5; }
    """

    def __init__(
        self,
        title: str = "hats",
        *,
        rules: Rules,
        words: HatWords | None = None,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.chart_title = title
        self.words = words
        self.reachable = reachable_hats(rules)
        self.snapshot: HatsSnapshot | None = None
        self.in_use: int | None = None
        self.caption_at: int | None = None
        self.marks: HatMarks | None = None
        self.focus_hat = 1
        self.shift = 0
        self.border_title = plain(title)  # the title names the AI: never markup

    def show(
        self,
        snapshot: HatsSnapshot,
        in_use: int | None = None,
        focus: int | None = None,
        caption_at: int | None = None,
        marks: HatMarks | None = None,
    ) -> None:
        """Draw ``snapshot``; ``in_use`` is highlighted and the window follows ``focus`` (a new
        hat in use comes into view, wherever the window was scrolled); the caption tells of
        ``caption_at`` (default: the hat in use, else the window's middle); ``marks`` show
        what the game just finished did."""
        self.snapshot = snapshot.within(self.reachable)
        if in_use is not None and in_use != self.in_use:
            self.shift = 0
        self.in_use = in_use
        self.caption_at = caption_at
        self.marks = marks
        if focus is not None:
            self.focus_hat = focus
        self._redraw()

    def scroll_hats(self, delta: int) -> None:
        """Move the window of hats left (negative) or right, e.g. from the ``[``/``]`` keys."""
        if self.snapshot is None or not self.snapshot.positions:
            return
        positions = self.snapshot.positions
        visible = hats_in_view(self.snapshot, self.content_size.width)
        centre = scrolled_centre(positions, self.centre, visible, delta)
        if hat_window(positions, centre, visible) == hat_window(positions, self.centre, visible):
            return  # an end is shown already: nothing moves (nor the hat the caption tells of)
        self.shift = centre - self.focus_hat
        self._redraw()

    def reset_scroll(self) -> None:
        self.shift = 0
        self._redraw()

    def on_resize(self) -> None:
        self.border_title = plain(fitted_title(self.chart_title, self.size.width))
        self._redraw()

    def _redraw(self) -> None:
        """Refresh the drawing and the subtitle."""
        if self.snapshot is not None:
            self.border_subtitle = plain(games_learned(self.snapshot.games_played))
        self.refresh()

    @property
    def centre(self) -> int:
        return self.focus_hat + self.shift

    def render(self) -> Text:
        if self.snapshot is None:
            return Text("no hats", style="dim")
        size = self.content_size
        return draw_hats(
            self.snapshot,
            size.width,
            size.height,
            self.in_use,
            self.centre,
            self.words,
            self.caption_at,
            self.marks,
        )


def hat_picture(brain: HatBrain, position: object, words: HatWords) -> HatPicture:
    """The hat at ``position`` as one-hat bars: its balls by kind as shares of the hat, the one
    beside it marked. A hat the brain has not kept (never met, or back to fresh) is said to be
    fresh, not made: looking must not teach the brain anything. ``words`` is the game's
    presenter (or anything with its words)."""
    subtitle = hats_learned(brain.learned_hats(), brain.games_played)
    at = words.at_words(position)
    view = brain.view(position)
    fresh = brain.settings.fresh_balls
    if view.beside is None and all(n == fresh for n in view.balls.values()):
        return HatPicture(f"{at}: a fresh hat (every move alike)", (), subtitle)
    counts = brain.counts(position)  # the ball drawn this game counts, and is marked
    share = shares(list(counts.values()))
    rows = tuple(
        MoveRow(words.ball_words(move), count, part, move == view.beside)
        for (move, count), part in zip(counts.items(), share)
    )
    draws = [(words.takes_words(move), count) for move, count in counts.items()]
    return HatPicture(caption(at, draws), rows, subtitle)


class HatsPresenter(LearnerPresenter):
    """The hat AI (seed 000): every hat of a take-away game in one chart (:class:`HatChart`),
    one hat at a time in other games; the hint says what the hat in play draws."""

    @property
    def every_hat(self) -> bool:
        return self.words.every_hat

    def chart(self, title: str, id: str) -> Widget:
        if self.every_hat:
            return HatChart(title, rules=self.rules, words=self.words, id=id)
        return OneHatChart(title, id=id)

    def lab_title(self, name: str) -> str:
        return f"{name}'s hats" if self.every_hat else super().lab_title(name)

    def picture(
        self, learner: Learner[Hashable, Hashable], position: object, played: object = None
    ) -> object:
        if self.every_hat:
            return HatsSnapshot.of(self._brain(learner))
        return self.bars(learner, position, played)

    def bars(
        self, learner: Learner[Hashable, Hashable], position: object, played: object = None
    ) -> HatPicture:
        return hat_picture(self._brain(learner), position, self.words)

    @staticmethod
    def _brain(learner: Learner[Hashable, Hashable]) -> HatBrain:
        brain = HAT_AI.mine(learner)
        assert brain is not None, "the hat AI's presenter shows a hat AI"
        return brain

    def show(self, chart: Widget, picture: object, position: object = None) -> None:
        """The lab's chart: every hat, the hat in play highlighted; between games the start's,
        whose caption says what the brain does first."""
        if isinstance(chart, HatChart) and isinstance(picture, HatsSnapshot):
            at = position if isinstance(position, int) else None
            start = self.rules.initial_position()
            first = start if at is None and isinstance(start, int) else None
            chart.show(picture, in_use=at, focus=at or first, caption_at=first)
        else:
            super().show(chart, picture, position)

    def draw(
        self,
        chart: Widget,
        learner: Learner[Hashable, Hashable],
        focus: object,
        *,
        in_use: object = None,
        played: object = None,
        change: GameChange | None = None,
        said: str | None = None,
    ) -> None:
        if not isinstance(chart, HatChart):
            super().draw(chart, learner, focus, in_use=in_use, played=played, change=change,
                         said=said)
            return
        marks = None
        if change is not None:
            marks = HatMarks.of(change)
        elif said is not None:
            marks = HatMarks.saying(said)
        at = focus if isinstance(focus, int) else None
        chart.show(
            HatsSnapshot.of(self._brain(learner)),
            in_use=in_use if isinstance(in_use, int) else None,
            focus=at,
            caption_at=at,  # the hat of the position in play, wherever [ and ] page the bars
            marks=marks,
        )

    def hint(self, name: str, learner: Learner[Hashable, Hashable], position: object) -> str:
        chances = [
            (self.words.ball_words(move.move), move.chance)
            for move in learner.values_at(position).moves
        ]
        return hints.hat_text(name, self.words.at_words(position), chances)

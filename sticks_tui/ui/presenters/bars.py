"""One position at a time as horizontal bars, for every learner's presenter: Nim's and
Sticky-Nim's hats, the Q-learner's values, and what any learner holds at a position.

In these games a hat belongs to each position the AI meets, with one kind of ball per move, so
the board shows the hat in use. Its caption says in the game's words what the AI does there
("at piles 1, 3, 5, 7 it takes 2 from pile 3 in 40% of draws"); each row is a move, its bar
and its share of the hat's balls; ``●`` marks the ball drawn this game, waiting beside the hat.

After a game, until the next one starts, the chart lists what the game did
(:meth:`HatPicture.of_change`): the caption says it in a line (or why nothing changed), and each
move the AI made is a row under the hat it was drawn from, with its balls before and after
(a Q-learner: its value, old → new), the change in colour and as text.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass

from rich.text import Text
from textual.widget import Widget

from ...engine import GameChange
from ...engine.learners.base import MoveValues
from ..plain import plain
from .hat_words import (
    BALL_STYLES,
    BESIDE,
    BESIDE_STYLE,
    HatWords,
    change_style,
    change_text,
    change_words,
    fitted_subtitle,
    fitted_title,
)

#: Lines the caption may take above the rows.
CAPTION_LINES = 3


@dataclass(frozen=True)
class MoveRow:
    """One kind of ball in one hat (or one action's Q-value): a label, a number, its share of
    a full bar, and whether it is the ball waiting beside the hat."""

    label: str
    value: float
    share: float
    beside: bool = False
    before: float | None = None
    """What the value was before the game just finished (only in a picture of a game)."""
    heading: str = ""
    """Where the move was made, said on a line of its own above it (a picture of a game)."""


@dataclass(frozen=True)
class HatPicture:
    """What the one-hat chart draws: a caption and one row per ball kind (or action)."""

    title: str
    rows: tuple[MoveRow, ...]
    subtitle: str
    counts: bool = True
    game: bool = False
    """A picture of what a game did: its rows are the moves made, in order."""

    @classmethod
    def of_numbers(
        cls, title: str, values: MoveValues, words: HatWords, subtitle: str, played: object = None
    ) -> HatPicture:
        """What a learner holds at a position (:meth:`~...engine.learners.base.Learner.values_at`),
        a row per legal move in the game's words: counts as shares of their sum, values on their
        scale; the move drawn there this game (or ``played``) marked."""
        marked = {values.drawn, played} - {None}
        rows = tuple(
            MoveRow(words.ball_words(m.move), m.value, values.share(m.value), m.move in marked)
            for m in values.moves
        )
        return cls(title, rows, subtitle, counts=values.counts)

    @classmethod
    def of_values(
        cls, title: str, values: list[tuple[str, float]], subtitle: str
    ) -> HatPicture:
        """Q-values from -1 to 1, drawn as bars from the left (-1) to full (+1)."""
        rows = tuple(MoveRow(name, value, (value + 1) / 2) for name, value in values)
        return cls(title, rows, subtitle, counts=False)

    @classmethod
    def of_change(
        cls, change: GameChange, words: HatWords, subtitle: str, said: str | None = None
    ) -> HatPicture:
        """What a game did (see the module's docstring): ``said`` says it (by default
        :func:`~.hat_words.change_words`), and each move made is a row under its hat."""
        counts = change.counts
        rows = tuple(
            MoveRow(
                words.ball_words(m.move), m.after, 0.0, True, m.before,
                heading=words.at_words(m.position),
            )
            for m in change.moves
        )
        title = change_words(change) if said is None else said
        return cls(title, rows, subtitle, counts=counts, game=True)

    @classmethod
    def saying(cls, said: str, subtitle: str) -> HatPicture:
        """Only words: a game that taught nothing (a practice game)."""
        return cls(said, (), subtitle, game=True)


def draw_picture(picture: HatPicture, width: int, height: int) -> Text:
    """The picture as text: the caption, then the fullest rows first, as many as fit; the ball
    beside always (a picture of a game: :func:`draw_game`)."""
    text = Text(no_wrap=True, overflow="crop")
    title = textwrap.wrap(picture.title, max(10, width)) or [""]
    title = title[: max(1, min(CAPTION_LINES, height - 2))]
    text.append("\n".join(title), style="bold")
    if picture.game:
        return draw_game(text, picture, width, height - len(title))
    order = sorted(picture.rows, key=lambda row: (-row.beside, -row.value))
    room = max(1, height - len(title) - 1)
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
        number = f"{row.share:.0%}" if picture.counts else f"{row.value:+.2f}"
        text.append(f" {number:>5}", style="bold" if row.beside else "")
    hidden = order[len(shown):]
    if hidden:
        most = max(row.value for row in hidden)
        least = min(row.value for row in hidden)
        if picture.counts:
            what = "1 ball each" if most == 1 else f"at most {int(most)} balls each"
        elif f"{least:+.2f}" == f"{most:+.2f}":
            what = f"each valued {most:+.2f}"
        else:
            what = f"values {least:+.2f} to {most:+.2f}"
        text.append(f"\n+{len(hidden)} more ({what})", style="dim")
    elif picture.counts and shown and height - len(title) - len(shown) >= 3:
        text.append("\n\n" + BESIDE, style=BESIDE_STYLE)
        text.append(" drawn this game · bar = share", style="dim")
    return text


def draw_game(text: Text, picture: HatPicture, width: int, room: int) -> Text:
    """The moves of a game under ``text`` (its caption), in ``room`` lines: each under its hat,
    its ball marked in the colour of its change, before → after and the change; the last moves
    when not all fit."""
    rows = list(picture.rows)
    if 2 * len(rows) > room:  # the last moves, and a line for those left out
        fits = max(0, (room - 1) // 2)
        text.append(f"\n({len(rows) - fits} earlier moves not shown)", style="dim")
        rows = rows[len(rows) - fits :]
    for row in rows:
        before = row.before if row.before is not None else row.value
        change = row.value - before
        if picture.counts:
            number = f"{before:g} → {row.value:g}"
        else:
            number = f"{before:+.2f} → {row.value:+.2f}"
        said = f" ({change_text(change, picture.counts)})" if change else ""
        label = row.label[: max(1, width - len(number) - len(said) - 3)]
        text.append("\n" + row.heading[:width], style="dim")
        text.append("\n")
        text.append(BESIDE, style=change_style(change))
        text.append(" " + label.ljust(max(1, width - len(number) - len(said) - 2)))
        text.append(number, style="bold")
        text.append(said, style=change_style(change))
    return text


def bar_cell_row(eighths: int, column: int) -> str:
    """The block of a horizontal bar ``eighths``/8 cells long, at one column."""
    level = eighths - column * 8
    if level >= 8:
        return "█"
    return " ▏▎▍▌▋▊▉"[max(0, level)]


class OneHatChart(Widget):
    """One position at a time as horizontal bars (a hat of Nim or Sticky-Nim, the Q-learner's
    values, any learner's numbers)."""

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
        self.chart_title = title
        self.border_title = plain(title)  # the title names the AI: never markup
        self.picture: HatPicture | None = None

    def on_resize(self) -> None:
        self.border_title = plain(fitted_title(self.chart_title, self.size.width))
        self._show_subtitle()

    def _show_subtitle(self) -> None:
        if self.picture is not None:
            subtitle = fitted_subtitle(self.picture.subtitle, self.outer_size.width)
            self.border_subtitle = plain(subtitle)

    def show(self, picture: HatPicture) -> None:
        self.picture = picture
        self._show_subtitle()
        self.refresh()

    def render(self) -> Text:
        if self.picture is None:
            return Text("no hats", style="dim")
        size = self.content_size
        return draw_picture(self.picture, size.width, size.height)

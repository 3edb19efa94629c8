"""What the hat charts say in words, and the colours they share.

A chart reads a hat for a person: "at 19 sticks it takes 2 in 65% of draws". The words of a
position and of a move are the game's own, from its presenter (any object with
:meth:`HatWords.at_words` and :meth:`HatWords.takes_words`); the shares are of the balls of the
moves that are legal there, which is how the AI draws.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

BALL_STYLES = ("bold #5fafff", "bold #87d75f", "bold #ffaf5f", "bold #d787ff", "bold #ff5f87")
BESIDE = "●"
BESIDE_STYLE = "bold #ffff5f"
#: A caption names the moves a hat draws alike when there are at most this many.
ALIKE_NAMED = 3


class HatWords(Protocol):
    """The game's words for a hat's caption (a presenter has them)."""

    def at_words(self, position: object) -> str:
        """Where the hat is: "at 19 sticks", "at piles 1, 3, 5, 7"."""

    def takes_words(self, move: object) -> str:
        """What drawing a ball does: "takes 2", "takes 2 from pile 3"."""

    def ball_words(self, move: object) -> str:
        """A ball in a few words, for a row of a chart: "2", "2 from pile 3"."""


class PlainWords:
    """Words for a chart that was given none: positions and moves as they are."""

    def at_words(self, position: object) -> str:
        return f"at {position}"

    def takes_words(self, move: object) -> str:
        return f"plays {move}"

    def ball_words(self, move: object) -> str:
        return str(move)


def caption(at: str, draws: Sequence[tuple[str, int]]) -> str:
    """The hat in a sentence, from ``draws`` (what each legal ball does, and its balls):
    "at 19 sticks it takes 2 in 65% of draws"."""
    total = sum(balls for _, balls in draws)
    if not draws or total <= 0:
        return f"{at} there is no move to make"
    if len(draws) == 1:
        return f"{at} it {draws[0][0]}: the only move"
    most = max(balls for _, balls in draws)
    share = f"{most / total:.0%}"
    favourites = [words for words, balls in draws if balls == most]
    if len(favourites) == len(draws) > ALIKE_NAMED:
        return f"{at} every move is drawn alike, in {share} of draws each"
    if len(favourites) == 1:
        return f"{at} it {favourites[0]} in {share} of draws"
    return f"{at} it {_either(favourites)}, each in {share} of draws"


def _either(phrases: Sequence[str]) -> str:
    """"takes 2 or 3" from "takes 2" and "takes 3" (the verb said once)."""
    verbs = {phrase.split(" ", 1)[0] for phrase in phrases}
    if len(verbs) == 1 and all(" " in phrase for phrase in phrases):
        verb = verbs.pop()
        rest = [phrase.split(" ", 1)[1] for phrase in phrases]
        return f"{verb} " + ", ".join(rest[:-1]) + " or " + rest[-1]
    return ", ".join(phrases[:-1]) + " or " + phrases[-1]


def shares(counts: Sequence[int]) -> list[float]:
    """Each count's share of their sum (all 0 when there is nothing)."""
    total = sum(counts)
    return [count / total if total > 0 else 0.0 for count in counts]


#: A border's title loses this many columns to the corners and the spaces around it.
BORDER_TITLE_MARGIN = 4


def fitted_subtitle(subtitle: str, width: int) -> str:
    """``subtitle`` ("40 hats met · 100,000 games learned") as a border ``width`` columns wide
    shows it whole: its first parts are left out until the rest fits (the games learned are
    said last, and kept), rather than cut with "…"."""
    room = width - BORDER_TITLE_MARGIN
    parts = subtitle.split(" · ")
    while len(parts) > 1 and room > 0 and len(" · ".join(parts)) > room:
        parts.pop(0)
    return " · ".join(parts)


def fitted_title(title: str, width: int) -> str:
    """``title`` as a border ``width`` columns wide shows it whole: a long name is shortened
    with "…" before "'s hats", so the title still says whose hats they are."""
    room = width - BORDER_TITLE_MARGIN
    if len(title) <= room or room <= 0:
        return title
    for suffix in ("'s hats", "'s hat"):
        if title.endswith(suffix) and room > len(suffix) + 1:
            head = title[: -len(suffix)][: room - len(suffix) - 1].rstrip()
            return f"{head}…{suffix}"
    return title[: max(1, room - 1)].rstrip() + "…"


def games_learned(games: int) -> str:
    """How many games a brain has learned from, as the charts' borders say it."""
    return f"{games:,} game learned" if games == 1 else f"{games:,} games learned"

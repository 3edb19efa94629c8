"""What the hat charts say in words, and the colours they share.

A chart reads a hat for a person: "at 19 sticks it takes 2 in 65% of draws". The words of a
position and of a move are the game's own, from its presenter (any object with
:meth:`HatWords.at_words` and :meth:`HatWords.takes_words`); the shares are of the balls of the
moves that are legal there, which is how the AI draws.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from ...engine import GameChange, Unchanged
from ...text.words import counted

BALL_STYLES = ("bold #5fafff", "bold #87d75f", "bold #ffaf5f", "bold #d787ff", "bold #ff5f87")
BESIDE = "●"
BESIDE_STYLE = "bold #ffff5f"
#: The colours of a change a game made: a gain, a loss (the same as the tally's won and lost).
GAIN_STYLE = "bold #87d75f"
LOSS_STYLE = "bold #ff5f87"
#: What a game taught nothing said in one line, where no learner's change tells it.
PRACTICE_WORDS = "A move was taken back: a practice game teaches nothing."
NOT_LEARNING_WORDS = "It plays as it was trained and learns nothing while it plays."
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
#: What a border of some width shows of a title whole: its width less this (measured: Textual
#: draws 34 characters whole on a border 40 wide: two corners, two spaces, a rule at each end).
BORDER_ROOM_MARGIN = 6


def fitted_subtitle(subtitle: str, border_width: int) -> str:
    """``subtitle`` ("40 hats learned · 100,000 games learned") as a border ``border_width``
    columns wide (the widget's outer width) shows it whole: its first parts are left out until
    the rest fits (the games learned are said last, and kept), rather than cut with "…"."""
    room = border_width - BORDER_ROOM_MARGIN
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


def hats_learned(hats: int, games: int) -> str:
    """A hat AI's counts as the charts' borders say them: "3 hats learned · 1 game learned"
    (the hats that hold something learned: a hat that losses bring back to fresh is not one)."""
    return f"{hats:,} {'hat' if hats == 1 else 'hats'} learned · {games_learned(games)}"


def change_style(change: float) -> str:
    """The colour of a change: a gain, a loss, or none (the colour of a ball drawn)."""
    return GAIN_STYLE if change > 0 else LOSS_STYLE if change < 0 else BESIDE_STYLE


def change_text(change: float, counts: bool = True) -> str:
    """A change as text, for a screen reader or a terminal without colours: "+1", "-1", "0"
    (a Q-value's to two places)."""
    if counts:
        return f"{change:+g}" if change else "0"
    return f"{change:+.2f}"


def change_words(change: GameChange) -> str:
    """What a game did to a learner, in one line: what changed and how, or why nothing did
    ("It lost, but each ball it drew was already at the floor (1): nothing changed.")."""
    result = {True: "won", False: "lost", None: "played"}[change.won]
    why = change.unchanged
    if why is Unchanged.NO_MOVE:
        return "It made no move this game: nothing changed."
    if why is Unchanged.AT_FLOOR:
        return (f"It {result}, but each ball it drew was already at the floor "
                f"({change.floor}): nothing changed.")
    if why is Unchanged.WIN_ADDS_NONE:
        return "It won, but its settings add no ball on a win: nothing changed."
    if why is Unchanged.LOSS_TAKES_NONE:
        return "It lost, but its settings take no ball on a loss: nothing changed."
    if why is Unchanged.AT_TARGET:
        return (f"It {result}, but each value it played was already what the game teaches: "
                "nothing changed.")
    if not change.counts:
        values = counted(len(change.changed), "value")
        return f"It {result}: {values} of the moves it made changed (old → new)."
    return _hat_words(change)


def _hat_words(change: GameChange) -> str:
    """A hat AI's game that changed something."""
    deltas = sorted({int(move.change) for move in change.changed})
    each = ", ".join(f"{d:+d}" for d in deltas)
    if change.won:
        more = f"{deltas[0]} more" if len(deltas) == 1 else "more balls"
        return f"It won: each ball it drew went back with {more} ({each})."
    if change.won is None:
        return f"It played both sides: the balls it drew changed ({each})."
    moves, changed = len(change.moves), len(change.changed)
    lost = "thrown away (-1)" if deltas == [-1] else f"taken away, with more ({each})"
    if changed == moves:
        return f"It lost: each ball it drew was {lost}."
    verb = "was" if changed == 1 else "were"
    return (f"It lost: {counted(changed, 'ball')} it drew {verb} {lost}; {moves - changed} at "
            f"the floor ({change.floor}) went back.")

"""What keeping a brain in step with the one saved found (:mod:`..storage.brain_sync`), as
facts, and the words they are said in: the brain cache returns these, and whoever shows them
(a board's note, the lab's end, the classic console) says :func:`news_words`.
"""

from __future__ import annotations

from dataclasses import dataclass

from .brains import games_words, kind_words
from .terminal import printable


@dataclass(frozen=True)
class Merged:
    """A brain kept as lessons took on ``games`` games others taught it meanwhile (another tab
    of a classroom, another program on the same data directory), merged with its own."""

    name: str
    games: int


@dataclass(frozen=True)
class PickedUp:
    """A brain saved whole was trained elsewhere meanwhile: before a game it became the one
    saved, of ``games`` games."""

    name: str
    learner: str
    games: int


@dataclass(frozen=True)
class Replaced:
    """A training of a brain saved whole replaced the one others saved meanwhile (of ``games``
    games), whose learning is then gone."""

    name: str
    learner: str
    games: int


BrainNews = Merged | PickedUp | Replaced


def news_words(news: BrainNews) -> str:
    """The sentence a user reads for ``news``."""
    name = printable(news.name)
    if isinstance(news, Merged):
        counted = "1 game" if news.games == 1 else f"{news.games:,} games"
        return f"Merged with {counted} others taught {name} meanwhile."
    brain = kind_words(news.learner)
    if isinstance(news, PickedUp):
        return (
            f"{name}'s {brain} was trained elsewhere meanwhile: it plays as saved now "
            f"({games_words(news.games)})."
        )
    return (
        f"Others saved {name}'s {brain} meanwhile ({games_words(news.games)}): this "
        f"training's {brain} replaced it, so what their training taught is gone. To build on "
        f"each other's work, train one at a time."
    )

"""Opponents as people type them: ``self``, ``random``, ``perfect``, ``mixed:P``, a saved
brain, or a schedule ``OPPONENT=GAMES,...`` (e.g. ``random=1000,self=99000``), and the number
of training games.

One reading for ``sticks-tui train --against`` and the app's training lab: each raises
:class:`ValueError` with a one-line reason, which the command line turns into argparse's error
and the lab shows beside the field. A word that is no named opponent is left for the caller to
resolve (a brain file on the command line, a saved brain's name in the lab).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..engine.games.family import quoted
from ..engine.numbers import parse_whole_number, too_large_words
from ..engine.opponents import PERFECT, RANDOM, SELF, MixedOpponent, Opponent

__all__ = [
    "GAMES_MAX", "NAMED_OPPONENTS", "AgainstPlan", "OpponentChoice", "against_plan",
    "opponent_choice", "training_games",
]

#: The most games one training may play (SPEC section 8).
GAMES_MAX = 10_000_000
#: The opponents named by a word (``mixed:P`` and saved brains are the others).
NAMED_OPPONENTS: dict[str, Opponent] = {"self": SELF, "random": RANDOM, "perfect": PERFECT}


@dataclass(frozen=True)
class OpponentChoice:
    """One opponent as typed: a named one, ``mixed:P``, or a saved brain (resolved later)."""

    text: str
    opponent: Opponent | None
    """The opponent, or None for a saved brain (``text`` names it)."""


@dataclass(frozen=True)
class AgainstPlan:
    """One opponent (``games`` None: the games are given apart) or a schedule."""

    legs: tuple[tuple[OpponentChoice, int | None], ...]

    @property
    def is_schedule(self) -> bool:
        return self.legs[0][1] is not None


def against_plan(text: str, others: str = "") -> AgainstPlan:
    """An opponent, or ``OPPONENT=GAMES,...`` (a schedule); ``others`` says, in the message for
    an empty opponent, what may be typed."""
    if "=" not in text:
        return AgainstPlan(((opponent_choice(text, others), None),))
    legs = []
    for part in text.split(","):
        name, equals, count = part.rpartition("=")
        if not equals or not name.strip():
            raise ValueError(
                f"a schedule is OPPONENT=GAMES separated by commas, e.g. random=1000,self=99000; "
                f"got {quoted(part)}"
            )
        try:
            games = training_games(count)
        except ValueError as error:
            raise ValueError(f"{quoted(part.strip())}: games {error}") from None
        legs.append((opponent_choice(name, others), games))
    return AgainstPlan(tuple(legs))


def opponent_choice(text: str, others: str = "") -> OpponentChoice:
    """``self``, ``random``, ``perfect``, ``mixed:P``; any other word names a saved brain."""
    word = text.strip()
    named = NAMED_OPPONENTS.get(word.lower())
    if named is not None:
        return OpponentChoice(word.lower(), named)
    head, colon, chance = word.partition(":")
    if head.lower() == "mixed":
        if not colon:
            raise ValueError("mixed needs the chance of a perfect move, e.g. mixed:0.5")
        if not chance.strip():
            raise ValueError("the chance is missing, e.g. mixed:0.5")
        value = decimal_number(chance)
        if value is None:
            raise ValueError(
                f"the chance of a perfect move is a number from 0 to 1, got {quoted(chance)}, "
                "e.g. mixed:0.5"
            )
        try:
            return OpponentChoice(word, MixedOpponent(value))
        except ValueError as error:
            raise ValueError(f"{error}, e.g. mixed:0.5") from None
    if not word:
        raise ValueError(f"no opponent given: give {others}" if others else "no opponent given")
    return OpponentChoice(text, None)


#: A number as people type one: plain ASCII digits with a decimal point ("0.5", ".25", "1").
_DECIMAL = re.compile(r"(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)", re.ASCII)


def decimal_number(text: str) -> float | None:
    """The number ``text`` spells in plain ASCII digits, or None. ``float()`` alone is too
    generous: it reads "٠.٥" (Arabic-Indic digits), "1_0", "1e-1", "nan" and "inf" too."""
    stripped = text.strip()
    return float(stripped) if _DECIMAL.fullmatch(stripped) else None


def training_games(text: str) -> int:
    """A whole number of games from 1 to 10,000,000."""
    value = parse_whole_number(text, signed=True, max_digits=18)
    if value is None:
        if parse_whole_number(text, signed=True, max_digits=len(text)) is not None:
            raise ValueError(f"too large: {too_large_words(text)}")
        raise ValueError(f"not a whole number: {quoted(text)}")
    if not 1 <= value <= GAMES_MAX:
        raise ValueError(f"must be from 1 to {GAMES_MAX:,}, got {text.strip()}")
    return value

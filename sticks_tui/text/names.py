"""Players' names as people type them: what a name may hold, how it is tidied, and which two
names cannot play together (the same row on the leaderboard, or a computer player's name).

One set of rules for every place a name is typed: the classic console, ``--player1``, the setup
screen, a new brain's AI name in the lab and on the brains screen.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence

from ..engine.games.family import quoted
from ..engine.machines import COMPUTER_PLAYER_NAMES

#: The most characters a name may have (a player's, an AI's).
MAX_NAME_LENGTH = 40

#: The one message for a name holding what no name may hold, wherever it is typed.
NAME_CONTROL_MESSAGE = "A player's name cannot hold line breaks, tabs or other control characters"


def typed_name_problem(text: str) -> str | None:
    """Why ``text``, as typed, cannot be a player's name; None when it can.

    Spaces around and between words are tidied afterwards (any kind of space, e.g. a
    non-breaking one, counts as one), but a line break or a tab is not a space: tidied into one,
    "a\\nb", "a\\tb" and "a b" would silently be one leaderboard row. So they are refused, like
    every character a terminal does not show as itself (escapes, bidi overrides...).
    """
    for char in text:
        if not char.isprintable() and unicodedata.category(char) != "Zs":
            return NAME_CONTROL_MESSAGE
    return None


def name_from_typed(text: str) -> str:
    """A name as typed (``--player1``, a new brain's AI), tidied: spaces around and between words
    become one. :class:`ValueError` says why it cannot be a name, in words that follow "argument
    --player1: " (a control character, nothing but spaces, more than :data:`MAX_NAME_LENGTH`)."""
    problem = typed_name_problem(text)
    if problem is not None:
        raise ValueError(f"{problem[:1].lower()}{problem[1:]}: {quoted(text, MAX_NAME_LENGTH)}")
    name = " ".join(text.split())
    if not name:
        raise ValueError("a player's name cannot be empty")
    if len(name) > MAX_NAME_LENGTH:
        raise ValueError(
            f"a player's name can have at most {MAX_NAME_LENGTH} characters, got {len(name)}"
        )
    return name


def names_problem(
    names: Sequence[str], reserved: Iterable[str] = COMPUTER_PLAYER_NAMES
) -> str | None:
    """Why these players' names cannot be used together, or None when they can.

    Each name is one leaderboard row, so two people with one name, or a person named like a
    computer player, would have their results counted together. Names are compared the way
    people read them: without regard to case.
    """
    folded = [name.casefold() for name in names]
    if len(set(folded)) < len(folded):
        return "The two players need different names"
    machines = {name.casefold() for name in reserved}
    for name, key in zip(names, folded):
        if key in machines:
            return f"\"{name}\" is the name of a computer player; please choose another"
    return None

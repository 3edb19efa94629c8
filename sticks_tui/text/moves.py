"""Positions and moves in each game's own words, short enough for a table cell.

``sticks-tui analyze`` names positions and moves with these; the console and the app may too,
so that a move reads the same everywhere. The words are the family's (``GameFamily.words``,
declared beside its rules in :mod:`sticks_tui.engine.games`): a family that brings none (one
registered by a test, a new one) is shown by its brain file's keys, which every game has.

* take-away: a heap is its stick count (``20``), a move the sticks it takes (``3``);
* Nim: piles ``1, 3, 5, 7``; a move ``take 2 from pile 3`` (piles count from 0, as in CS50's
  Nim and on the app's board);
* Sticky-Nim: the groups of adjacent sticks ``groups of 6, 3``; a move ``2 of 6 → 1 + 3``: two
  adjacent sticks from a group of 6, leaving groups of 1 and 3 on either side (as its board's
  hats name them: one language on the board, in the hint, the analysis and the commands).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable

from ..engine.game import Rules
from ..engine.games import words_of

__all__ = [
    "left_at_end", "move_legend", "move_words", "moves_words", "position_heading", "position_words"
]


def position_heading(rules: Rules) -> str:
    """What a table's position column is called: ``n`` (sticks) for a heap, else ``position``."""
    words = words_of(rules)
    return "position" if words is None else words.heading


def position_words(rules: Rules, position: Hashable) -> str:
    """A position in a few words: ``20``, ``1, 3, 5, 7``, ``groups of 6, 3``."""
    words = words_of(rules)
    return rules.position_key(position) if words is None else words.position(position)


def move_words(rules: Rules, move: Hashable) -> str:
    """A move in a few words: ``3``, ``take 2 from pile 3``, ``2 of 6 → 1 + 3``."""
    words = words_of(rules)
    return rules.move_key(move) if words is None else words.move(move)


def moves_words(rules: Rules, moves: Iterable[Hashable]) -> str:
    """Moves joined by commas: ``take 1 from pile 0, take 1 from pile 2``."""
    return ", ".join(move_words(rules, move) for move in moves)


def move_legend(rules: Rules) -> Iterable[str]:
    """How to read the moves of a table, where the game's words need saying (else nothing)."""
    words = words_of(rules)
    return () if words is None else words.legend


def left_at_end(rules: Rules, position: Hashable) -> str:
    """What a finished position still holds, where the game's rules let it end with something
    left ("1 stick is left and no take fits"); "" when nothing is."""
    words = words_of(rules)
    return "" if words is None or words.left_at_end is None else words.left_at_end(rules, position)


def takes_words(takes: tuple[int, ...]) -> str:
    """Takes in a few words: runs of three or more as "1-4", "or" before the last, and
    "sticks" after them, while they are few; a long list has commas only."""
    runs: list[list[int]] = []
    for take in takes:
        if runs and take == runs[-1][-1] + 1:
            runs[-1].append(take)
        else:
            runs.append([take])
    parts = [
        f"{run[0]}-{run[-1]}" if len(run) >= 3 else ", ".join(map(str, run)) for run in runs
    ]
    items = ", ".join(parts).split(", ")
    if len(items) > 3:
        return ", ".join(items)
    sticks = "stick" if takes == (1,) else "sticks"
    listed = items[0] if len(items) == 1 else f"{', '.join(items[:-1])} or {items[-1]}"
    return f"{listed} {sticks}"

"""Pieces of sentences that every game's words share: a paragraph wrapped to a width, a list of
numbers, a count too long to read, why a position is lost.

A game family says its own theory and hints (:mod:`sticks_tui.engine.games`, each family's
module); these are the helpers they have in common, and those of the solver's answer for a game
that brings no words (:class:`~sticks_tui.engine.theory.SearchTheory`).
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Iterator, Sequence

#: Exact call counts larger than this are shown as "about m × 10^e".
EXACT_DIGITS_SHOWN = 15

#: The end of a hint's reason: the position left is lost for the player to move.
LOSES = "and that loses for the player to move"


def wrapped(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` characters, broken between words only."""
    return textwrap.wrap(text, width, break_on_hyphens=False, break_long_words=False)


def or_list(numbers: Iterable[int]) -> str:
    """``(1, 2, 3)`` -> ``"1, 2 or 3"``."""
    words = [str(n) for n in numbers]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


def count_text(count: int) -> str:
    """Exact with thousands separators, or "about 1.2 × 10^40" when too long to read."""
    digits = str(count)
    if len(digits) <= EXACT_DIGITS_SHOWN:
        return f"{count:,}"
    return f"about {digits[0]}.{digits[1:3]} × 10^{len(digits) - 1}"


#: Grundy values shown per row of a table (:func:`grundy_rows`).
GRUNDY_PER_ROW = 10


def grundy_rows(values: Sequence[int]) -> Iterator[str]:
    """A table of Grundy values in rows of ten: the value of n sticks is in the row of n's
    tens, the column of its ones (Sticky-Nim's theory and every octal game's)."""
    width = max(2, len(str(max(values, default=0))), len(f"+{GRUNDY_PER_ROW - 1}"))
    row_width = max(len("n"), len(str(len(values) - 1)))
    yield f"  {'n':>{row_width}}" + "".join(
        f"{f'+{i}':>{width + 1}}" for i in range(min(GRUNDY_PER_ROW, len(values)))
    )
    for first in range(0, len(values), GRUNDY_PER_ROW):
        row = values[first : first + GRUNDY_PER_ROW]
        yield f"  {first:>{row_width}}" + "".join(f"{g:>{width + 1}}" for g in row)

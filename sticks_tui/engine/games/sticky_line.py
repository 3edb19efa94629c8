"""Sticky-Nim's sticks as a line (seed 004): the canonical position and move, and
:class:`StickyLine`, the concrete line with letters under its sticks that the user interface
turns "take d..f" into a canonical move with, and back. The rules are in :mod:`.sticky`."""

from __future__ import annotations

import random
import string
from dataclasses import dataclass
from typing import Any, NamedTuple

from ..game import IllegalMove, RuleError

StickyPosition = tuple[int, ...]

#: Letters under the sticks: a-z, A-Z, 0-9 (62 of them, hence the longest line).
LETTERS = string.ascii_lowercase + string.ascii_uppercase + string.digits
STICKY_MAX = len(LETTERS)


class StickyMove(NamedTuple):
    """Take ``take`` sticks from a group of ``group``, leaving ``left`` on the shorter side."""

    group: int
    take: int
    left: int

    @property
    def right(self) -> int:
        return self.group - self.take - self.left


def canonical_position(groups: Any) -> StickyPosition:
    """The position of any collection of group lengths: non-empty groups, longest first."""
    return tuple(sorted((g for g in groups if g), reverse=True))


# -- the concrete line -----------------------------------------------------------------------------


@dataclass(frozen=True)
class StickyLine:
    """The sticks as the user sees them: ``present[i]`` is True while stick ``LETTERS[i]`` lies
    on the table. Moves are chosen by the first and last letter ("df"), as in the seed."""

    present: tuple[bool, ...]

    @classmethod
    def full(cls, sticks: int) -> StickyLine:
        if not 1 <= sticks <= STICKY_MAX:
            raise RuleError(f"a line holds 1 to {STICKY_MAX} sticks, got {sticks}")
        return cls((True,) * sticks)

    @property
    def letters(self) -> str:
        return LETTERS[: len(self.present)]

    def groups(self) -> list[tuple[int, int]]:
        """``(first, last)`` indices of every group of adjacent sticks, left to right."""
        spans: list[tuple[int, int]] = []
        start = None
        for i, here in enumerate(self.present + (False,)):
            if here and start is None:
                start = i
            elif not here and start is not None:
                spans.append((start, i - 1))
                start = None
        return spans

    @property
    def position(self) -> StickyPosition:
        return canonical_position(last - first + 1 for first, last in self.groups())

    def parse(self, text: str) -> tuple[int, int]:
        """``"d"`` or ``"df"`` (first and last letter, either order) -> ``(first, last)``."""
        word = text.strip()
        if not 1 <= len(word) <= 2 or any(ch not in self.letters for ch in word):
            raise IllegalMove(
                f"type one or two letters from {self.letters[0]} to {self.letters[-1]}, "
                f"got {text!r}"
            )
        ends = sorted(LETTERS.index(ch) for ch in word)
        return ends[0], ends[-1]

    def move_for(self, first: int, last: int, max_take: int) -> StickyMove:
        """The canonical move that takes sticks ``first..last``; refuses what the rules forbid."""
        if not 0 <= first <= last < len(self.present):
            raise IllegalMove("those sticks are not on the line")
        if not all(self.present[first : last + 1]):
            raise IllegalMove("only sticks still on the table, next to each other, can be taken")
        take = last - first + 1
        if take > max_take:
            raise IllegalMove(f"at most {max_take} adjacent sticks can be taken")
        start, end = next(span for span in self.groups() if span[0] <= first and last <= span[1])
        before, after = first - start, end - last
        return StickyMove(end - start + 1, take, min(before, after))

    def take(self, first: int, last: int) -> StickyLine:
        """The line once sticks ``first..last`` are gone (call :meth:`move_for` first to check)."""
        present = list(self.present)
        for i in range(first, last + 1):
            present[i] = False
        return StickyLine(tuple(present))

    def place(self, move: Any, rng: random.Random | None = None) -> tuple[int, int]:
        """Concrete sticks ``(first, last)`` for a canonical move, e.g. one a machine chose.

        Without ``rng`` the leftmost group of the right length is used, taken ``left`` sticks in;
        with it, the group and the side are picked at random among the equivalent ones.
        """
        group, take, left = move
        spans = [span for span in self.groups() if span[1] - span[0] + 1 == group]
        if not spans:
            raise IllegalMove(f"there is no group of {group} sticks on the line")
        start, _end = rng.choice(spans) if rng is not None else spans[0]
        if rng is not None and rng.random() < 0.5:
            left = group - take - left  # the mirror image: the same canonical move
        return start + left, start + left + take - 1

    def render(self) -> str:
        """The seed's drawing: ``< I I I - I >``."""
        return "< " + " ".join("I" if here else "-" for here in self.present) + " >"

    def letter_row(self) -> str:
        """The letters under the sticks, aligned with :meth:`render`."""
        return "  " + " ".join(self.letters)

"""Sticky-Nim's sticks as a line (seed 004): the canonical position and move, and
:class:`StickyLine`, the concrete line with letters under its sticks that the user interface
turns "take d..f" (or, in an octal game with 4 before the point, "split d|e") into a canonical
move with, and back. The rules are in :mod:`.sticky`.

A span of the line names a move: ``(first, last)``, the sticks ``first`` to ``last`` taken, or
``(i, i - 1)``, no stick taken and the group cut between sticks ``i - 1`` and ``i`` (a split
without taking: a take of 0 sticks placed before stick ``i``)."""

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
#: Typed between two neighbouring sticks' letters for a split without taking: ``d|e``.
CUT = "|"

Span = tuple[int, int]


def is_cut(span: Span) -> bool:
    """Whether ``span`` cuts between two sticks instead of taking (see the module docstring)."""
    return span[1] == span[0] - 1


def span_letters(span: Span) -> str:
    """A span as typed: ``d`` (one stick), ``df`` (d to f), ``d|e`` (a cut between d and e)."""
    first, last = span
    if is_cut(span):
        return LETTERS[last] + CUT + LETTERS[first]
    return LETTERS[first] + (LETTERS[last] if last != first else "")


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
    cuts: frozenset[int] = frozenset()
    """Splits made without taking: ``i`` here parts stick ``i - 1`` from stick ``i``."""

    @classmethod
    def full(cls, sticks: int) -> StickyLine:
        if not 1 <= sticks <= STICKY_MAX:
            raise RuleError(f"a line holds 1 to {STICKY_MAX} sticks, got {sticks}")
        return cls((True,) * sticks)

    def apart(self, index: int) -> bool:
        """Whether stick ``index`` (from 1) is cut from stick ``index - 1``, both on the table:
        the cuts worth drawing."""
        return index in self.cuts and self.present[index - 1] and self.present[index]

    @property
    def letters(self) -> str:
        return LETTERS[: len(self.present)]

    def groups(self) -> list[tuple[int, int]]:
        """``(first, last)`` indices of every group of adjacent sticks, left to right."""
        spans: list[tuple[int, int]] = []
        start = None
        for i, here in enumerate(self.present + (False,)):
            if start is not None and (not here or i in self.cuts):
                spans.append((start, i - 1))
                start = None
            if here and start is None:
                start = i
        return spans

    @property
    def position(self) -> StickyPosition:
        return canonical_position(last - first + 1 for first, last in self.groups())

    def parse(self, text: str, splits: bool = False) -> Span:
        """``"d"`` or ``"df"`` (first and last letter, either order) -> ``(first, last)``; where
        the game ``splits``, ``"d|e"`` (two neighbours, either order) -> the cut ``(4, 3)``."""
        word = "".join(text.split())
        if splits and CUT in word:
            return self._parse_cut(word, text)
        if not 1 <= len(word) <= 2 or any(ch not in self.letters for ch in word):
            raise IllegalMove(
                f"type one or two letters from {self.letters[0]} to {self.letters[-1]}"
                f"{f', or two neighbours with {CUT} between them to split' if splits else ''}"
                f", got {text!r}"
            )
        ends = sorted(LETTERS.index(ch) for ch in word)
        return ends[0], ends[-1]

    def _parse_cut(self, word: str, text: str) -> Span:
        left, _bar, right = word.partition(CUT)
        if len(left) != 1 or len(right) != 1 or not {left, right} <= set(self.letters):
            raise IllegalMove(
                f"a split is two neighbouring letters with {CUT} between them, "
                f"e.g. {span_letters((4, 3))}, got {text!r}"
            )
        ends = sorted(LETTERS.index(ch) for ch in (left, right))
        if ends[1] != ends[0] + 1:
            raise IllegalMove(
                f"a split goes between two neighbouring sticks, e.g. {span_letters((4, 3))}, "
                f"got {text!r}"
            )
        return ends[1], ends[0]

    def move_for(self, first: int, last: int, max_take: int) -> StickyMove:
        """The canonical move that takes sticks ``first..last`` (or cuts the group before stick
        ``first`` where ``last`` is ``first - 1``); refuses what the line does not allow."""
        if is_cut((first, last)):
            return self._cut_move(first)
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

    def _cut_move(self, index: int) -> StickyMove:
        """The split without taking between sticks ``index - 1`` and ``index``."""
        if not 0 < index < len(self.present):
            raise IllegalMove("a split goes between two sticks of the line")
        if not (self.present[index - 1] and self.present[index]):
            raise IllegalMove("a split goes between two sticks still on the table")
        if index in self.cuts:
            raise IllegalMove("those two sticks are already apart")
        start, end = next(span for span in self.groups() if span[0] < index <= span[1])
        return StickyMove(end - start + 1, 0, min(index - start, end - index + 1))

    def take(self, first: int, last: int) -> StickyLine:
        """The line once sticks ``first..last`` are gone, or cut before stick ``first`` where
        ``last`` is ``first - 1`` (call :meth:`move_for` first to check)."""
        if is_cut((first, last)):
            return StickyLine(self.present, self.cuts | {first})
        present = list(self.present)
        for i in range(first, last + 1):
            present[i] = False
        return StickyLine(tuple(present), self.cuts)

    def place(self, move: Any, rng: random.Random | None = None) -> Span:
        """Concrete sticks ``(first, last)`` for a canonical move, e.g. one a machine chose (a
        split without taking: the cut ``(i, i - 1)``, see the module docstring).

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
        """The seed's drawing: ``< I I I - I >`` (a split without taking: ``I|I``)."""
        marks = ("I" if here else "-" for here in self.present)
        drawn = "".join(
            (CUT if self.apart(i) else " " if i else "") + mark for i, mark in enumerate(marks)
        )
        return f"< {drawn} >"

    def letter_row(self) -> str:
        """The letters under the sticks, aligned with :meth:`render`."""
        return "  " + " ".join(self.letters)

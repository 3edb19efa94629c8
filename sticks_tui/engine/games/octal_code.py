"""Octal codes (SPEC section 16): the rules of a take-and-break game on heaps, as digits.

A code ``d0.d1d2...dk`` says, for a take of ``t`` sticks from one heap, what the take may leave
of that heap, by the bits of digit ``d_t``: 1, no heap (the whole heap is taken); 2, one heap
(taken from its end); 4, two heaps, both non-empty (taken from its middle). The digit before the
point is 0 or 4: 4 lets a move split a heap in two without taking. Kayles is 0.77, Dawson's
Kayles 0.07, Dawson's Chess 0.137, Treblecross 0.007; Sticky-Nim with takes of 1 to K is 0.7...7
(K sevens), played misère.

:func:`parse_code` reads a code as a person types it and refuses anything else in words;
:meth:`OctalCode.heap_options` lists what one heap becomes.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .family import quoted

#: The most digits after the point a code may have (the largest take): a heap's moves are
#: listed take by take, so a code's cost grows with it.
MAX_CODE_DIGITS = 32

#: Bits of a digit: what a take may leave of the heap it is taken from.
LEAVES_NONE, LEAVES_ONE, LEAVES_TWO = 1, 2, 4


class OctalCodeError(ValueError):
    """A code that is not an octal game's: the message says why, in words."""


@dataclass(frozen=True)
class OctalCode:
    """An octal game's rules: ``digits[t]`` for a take of ``t`` (``digits[0]``: the digit
    before the point, 0 or 4)."""

    digits: tuple[int, ...]

    @property
    def text(self) -> str:
        """The code as it is written: ``0.77``, ``4.07``."""
        return f"{self.digits[0]}.{''.join(str(d) for d in self.digits[1:])}"

    @property
    def largest_take(self) -> int:
        """The largest take a move may make (0 for a code that only splits, like ``4.``)."""
        return len(self.digits) - 1

    @property
    def splits(self) -> bool:
        """Whether a heap may be split in two without taking (4 before the point)."""
        return self.digits[0] != 0

    @property
    def only_sevens(self) -> bool:
        """Whether this is Sticky-Nim's code (0.7...7): any 1 to K adjacent sticks."""
        return self.digits[0] == 0 and all(d == 7 for d in self.digits[1:])

    def heap_options(self, n: int) -> tuple[tuple[int, ...], ...]:
        """What a heap of ``n`` becomes after each of its moves: the heaps left (none, one, or
        two, the larger first), each different result once."""
        return _heap_options(self.digits, n)


@lru_cache(maxsize=1024)  # a few games' heaps: bounded however many games are asked
def _heap_options(digits: tuple[int, ...], n: int) -> tuple[tuple[int, ...], ...]:
    options: list[tuple[int, ...]] = []
    for take, digit in enumerate(digits):
        if take > n or digit == 0:
            continue
        rest = n - take
        if digit & LEAVES_NONE and rest == 0 and take > 0:
            options.append(())
        if digit & LEAVES_ONE and rest > 0 and take > 0:
            options.append((rest,))
        if digit & LEAVES_TWO and rest >= 2:
            options.extend((rest - a, a) for a in range(1, rest // 2 + 1))
    return tuple(dict.fromkeys(options))


def parse_code(text: str) -> OctalCode:
    """The code a person typed (``0.07``, ``.137``, ``4.7``), or :class:`OctalCodeError` saying
    what is wrong. Zeros at the end are dropped (``0.70`` is ``0.7``)."""
    written = text.strip()
    if "." not in written:
        raise OctalCodeError(
            f"{quoted(written)} is not an octal code: a code has a point, as in 0.77 (Kayles) "
            "or 4.07"
        )
    before, after = written.split(".", 1)
    before = before or "0"
    if before not in ("0", "4"):
        raise OctalCodeError(
            f"the digit before the point must be 0 or 4 (4: a heap may be split in two without "
            f"taking), not {quoted(before)}"
        )
    wrong = [c for c in after if c not in "01234567"]
    if wrong:
        raise OctalCodeError(
            f"an octal code's digits after the point are 0 to 7, not {quoted(wrong[0])}"
        )
    after = after.rstrip("0")
    if len(after) > MAX_CODE_DIGITS:
        raise OctalCodeError(
            f"a code may have at most {MAX_CODE_DIGITS} digits after the point (takes of up to "
            f"{MAX_CODE_DIGITS}), not {len(after)}"
        )
    digits = (int(before),) + tuple(int(c) for c in after)
    if not any(digits[1:]) and digits[0] == 0:
        raise OctalCodeError(f"{quoted(written)} allows no move at all: no game is played")
    return OctalCode(digits)

"""Whole numbers as people type them and as brain files store them: one reading for both."""

from __future__ import annotations

from typing import Any

from .game import RuleError


def parse_whole_number(text: object, *, signed: bool = False, max_digits: int = 9) -> int | None:
    """The whole number ``text`` spells, or None: the one reading of numbers that people type.

    Only plain ASCII digits count, with spaces around and, when ``signed``, one leading sign.
    ``int()`` alone is too generous ("1_000", "١", " +3") and, past 4,300 digits, raises an
    error of its own; here such text, or more than ``max_digits`` significant digits (leading
    zeros do not count), is simply not a number.
    """
    if not isinstance(text, str):
        return None
    stripped = text.strip()
    digits = stripped[1:] if signed and stripped[:1] in ("+", "-") else stripped
    if not (digits.isascii() and digits.isdigit()):
        return None
    if len(digits.lstrip("0")) > max_digits:
        return None
    return int(stripped)


#: The longest number a message repeats as typed; a longer one is named by its count of digits.
SHOWN_DIGITS_MOST = 30


def too_large_words(text: str) -> str:
    """A number too large to take, for a message: as typed when it is short, else by its count
    of digits ("a number of 31 digits"), never cut short into another number."""
    stripped = text.strip()
    if len(stripped) <= SHOWN_DIGITS_MOST:
        return stripped
    digits = len(stripped.lstrip("+-").lstrip("0"))
    return f"a number of {digits:,} digits"


def whole_number_key(text: object, what: str) -> int:
    """A key of a brain file (a stick count, a ball number...), which must be plain digits."""
    value = parse_whole_number(text) if isinstance(text, str) and text == text.strip() else None
    if value is None:
        raise RuleError(f"a {what} must be a whole number, got {text!r:.40}")
    return value


def short(value: Any) -> str:
    """A value for an error message, cut short (a huge number has no readable repr at all)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        return "a number of more than 19 digits" if value > 0 else "a number below -10**19"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."

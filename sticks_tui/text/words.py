"""Sentences the console and the app say alike, word for word as the seeds' transcripts."""

from __future__ import annotations


def board_line(sticks: int) -> str:
    """The heap as the classic console announces it (shared/SPEC.md section 2)."""
    if sticks == 1:
        return "There is 1 stick on the board."
    return f"There are {sticks} sticks on the board."


def counted(count: int, word: str) -> str:
    """``count`` of ``word``, the word in the plural but for one: ``1 ball``, ``1,200 balls``."""
    return f"{count:,} {word}" if count == 1 else f"{count:,} {word}s"

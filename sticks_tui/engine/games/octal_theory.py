"""The theory of an octal game on a line (SPEC section 16), other than Sticky-Nim's own (whose
misère theory is :mod:`.sticky_theory`'s): its code read out, the Grundy values of one group with
their period where the octal periodicity theorem proves one, how normal play is decided by them,
and who wins the line from the start.

Misère play of a code other than the sevens has no theory here: its outcomes are searched
(:class:`~sticks_tui.engine.solver.Solver`), which is exact on the line played; no misère period
is ever claimed.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, ClassVar

from ..words import grundy_rows, wrapped
from .octal_code import LEAVES_NONE, LEAVES_ONE, LEAVES_TWO, OctalCode
from .octal_values import HEAPS_SHOWN_LEAST, PROOF_HEAPS_DEFAULT, OctalPeriod

#: Grundy values the theory's text shows (its JSON gives them all): rows of ten up to this heap,
#: or to the period's end when that is further (within :data:`VALUES_SHOWN_MOST`).
VALUES_SHOWN_LEAST = 60
VALUES_SHOWN_MOST = 200
#: Where a digit's sentence goes on when it wraps: under its words, after "  7: ".
DIGIT_INDENT = 5


@dataclass(frozen=True)
class StartWords:
    """Who wins the line from the start, said in the game's own words by its family."""

    won: bool
    winning_moves: tuple[str, ...]
    """Each winning move as the board writes it (``2 of 6 → 1 + 3``)."""
    data: dict[str, Any]
    """The same for ``--json``."""


@dataclass(frozen=True)
class OctalTheory:
    kind: ClassVar[str] = "octal"

    name: str
    code: OctalCode
    sticks: int
    misere: bool
    proof: OctalPeriod
    shown: int
    """How many values ``--json`` gives (heap 0 first): through the proof's range, at least
    :data:`~.octal_values.HEAPS_SHOWN_LEAST`."""
    start: StartWords | None
    """None where the line is not searched (misère play of a long line)."""

    def to_dict(self) -> dict[str, Any]:
        proof = self.proof
        return {
            "code": self.code.text,
            "sticks": self.sticks,
            "ending": "misere" if self.misere else "normal",
            "grundy": [proof.value(n) for n in range(self.shown)],
            "period": {
                "proved": proof.proved,
                "period": proof.period,
                "preperiod": proof.preperiod if proof.proved else None,
                "checked_up_to": proof.checked_up_to,
            },
            "start": None if self.start is None else self.start.data,
        }

    def lines(self, name: str, width: int, answer_first: bool = False) -> Iterator[str]:
        ending = (
            "whoever makes the last move loses" if self.misere
            else "a player who cannot move loses"
        )
        yield from wrapped(
            f"{name}: a line of {self.sticks} sticks played by the octal code {self.code.text}; "
            f"{ending}.",
            width,
        )
        yield ""
        for line in code_lines(self.code):  # a digit's sentence wrapped under its words
            yield from textwrap.wrap(
                line, width, subsequent_indent=" " * DIGIT_INDENT,
                break_on_hyphens=False, break_long_words=False,
            )
        yield ""
        yield from wrapped(
            "Grundy values of one group of n sticks (normal play, where a player who cannot "
            "move loses):",
            width,
        )
        proof = self.proof
        end = VALUES_SHOWN_LEAST
        if proof.period is not None:
            end = max(end, proof.preperiod + proof.period)
        end = min(max(end, self.sticks + 1), VALUES_SHOWN_MOST)
        yield from grundy_rows([proof.value(n) or 0 for n in range(end)])
        yield ""
        yield from wrapped(period_text(proof), width)
        yield ""
        if self.misere:
            yield from wrapped(
                "The misère game is not decided by these values: its outcomes come from a "
                "memoized search of the positions the line reaches (exact on this line; no "
                "misère period is claimed).",
                width,
            )
        else:
            yield from wrapped(
                "In normal play a configuration is lost exactly when its groups' values xor "
                "to 0.",
                width,
            )
        yield ""
        yield from wrapped(start_text(self), width)


def code_lines(code: OctalCode) -> list[str]:
    """What each digit of the code allows, a sentence each."""
    said = [f"The code {code.text} reads, digit by digit:"]
    if code.splits:
        said.append("  before the point, 4: a group may be split in two without taking.")
    for take, digit in enumerate(code.digits[1:], start=1):
        if not digit:
            continue
        leaves = []
        if digit & LEAVES_NONE:
            leaves.append("nothing (the whole group)")
        if digit & LEAVES_ONE:
            leaves.append("one group (from an end)")
        if digit & LEAVES_TWO:
            leaves.append("two groups (from the middle)")
        sticks = "1 stick" if take == 1 else f"{take} adjacent sticks"
        said.append(f"  {digit}: a take of {sticks} may leave " + " or ".join(leaves) + ".")
    return said


def period_text(proof: OctalPeriod) -> str:
    if proof.period is None:
        further = (
            f" sticks-tui solve --game octal:{proof.code.text} looks within "
            f"{PROOF_HEAPS_DEFAULT:,} heaps."
            if proof.checked_up_to + 1 < PROOF_HEAPS_DEFAULT else ""
        )
        return (
            f"No period is proved up to {proof.checked_up_to:,} sticks (the octal periodicity "
            "theorem needs the values to repeat over a long enough stretch; none does here)."
            + further
        )
    t = proof.code.largest_take
    sticks = "stick" if proof.preperiod == 1 else "sticks"
    return (
        f"Period {proof.period} from {proof.preperiod} {sticks} on, proved by the octal "
        f"periodicity theorem: the values repeat with period {proof.period} for every n from "
        f"{proof.preperiod} to 2·{proof.preperiod} + {proof.period} + {t} - 1 (t = {t}, the "
        f"largest take), so for every n from {proof.preperiod} on."
    )


def start_text(theory: OctalTheory) -> str:
    start = theory.start
    if start is None:
        return (
            f"From the start (a line of {theory.sticks}): not searched (a misère line this long "
            "reaches too many positions)."
        )
    if not start.won:
        return (
            f"From the start (a line of {theory.sticks}): the player to move loses against "
            "perfect play."
        )
    moves = "; ".join(start.winning_moves)
    plural = "s" if len(start.winning_moves) > 1 else ""
    return (
        f"From the start (a line of {theory.sticks}): the player to move wins. Winning "
        f"move{plural}: {moves}."
    )


__all__ = ["HEAPS_SHOWN_LEAST", "OctalTheory", "StartWords"]

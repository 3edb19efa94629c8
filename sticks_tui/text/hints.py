"""A hint in words (SPEC section 9): the move, and why it wins in the game's own terms.

The engine gives the facts (:class:`~sticks_tui.engine.hints.Hint`); each game's presenter names
the move as its board does and asks here for the reason in its game's terms: a take-away heap by
the period of its lost heaps, Nim by the nim-sum (and the misère twist at the end), Sticky-Nim by
the configuration left (its groups' Grundy values where they decide). Any other game gets the
generic reason. The sentences::

    take 3: 13 sticks are left, 1 more than a multiple of 4, and that loses for the player to move.
    13 sticks are left, ...: every move loses against perfect play. Take 1 lasts longest (6 more
    moves).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from ..engine.games.nim import nim_sum
from ..engine.games.sticky import GroupValues
from ..engine.hints import Hint
from ..engine.period_proof import HeapPeriod

#: Why any position that loses, loses, for a game with no words of its own.
GENERIC_REASON = "it leaves a position that loses for the player to move"
LOSES = "and that loses for the player to move"


def hint_text(hint: Hint[Hashable, Hashable], move: str, reason: str) -> str:
    """The hint in one or two sentences. ``move`` is the move as the board names it ("take 3");
    ``reason`` says why the position that loses loses: the one the move leaves when it wins,
    else the one the player is in."""
    if not hint.won:
        return f"{_capital(reason)}: every move loses. {_lasting(hint, move)}"
    if hint.ends_game:
        return f"{move}: it is the last move, and the player who cannot move loses."
    return f"{move}: {reason}."


def _lasting(hint: Hint[Hashable, Hashable], move: str) -> str:
    if hint.lasting is None:
        return f"{_capital(move)} leaves the most moves."
    if hint.lasting == 0:
        return f"{_capital(move)}: the only move left, and it ends the game."
    plural = "move" if hint.lasting == 1 else "moves"
    return f"{_capital(move)} lasts longest ({hint.lasting} more {plural})."


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


# -- take-away ---------------------------------------------------------------------------------
def heap_reason(sticks: int, period: HeapPeriod | None) -> str:
    """"13 sticks are left, 1 more than a multiple of 4, and that loses for the player to move"
    (the proved period of the lost heaps; without one, not proved yet or none, and for a heap
    before the period starts, the heap is only said to lose)."""
    left = "1 stick is left" if sticks == 1 else f"{sticks} sticks are left"
    if period is None or period.period is None or sticks < period.start:
        return f"{left}, {LOSES}"
    rest = sticks % period.period
    where = f"a multiple of {period.period}" if rest == 0 else (
        f"{rest} more than a multiple of {period.period}"
    )
    return f"{left}, {where}, {LOSES}"


# -- Nim ---------------------------------------------------------------------------------------
def nim_reason(piles: Sequence[int], misere: bool, *, after_move: bool) -> str:
    """Why ``piles`` lose: the nim-sum is 0, or (misère, every pile at 0 or 1) an odd number of
    1-piles is left, so the player to move takes the last object. ``after_move``: the piles a
    winning move leaves ("becomes"), else the piles the player is in ("is")."""
    if misere and all(size <= 1 for size in piles):
        ones = sum(piles)
        count = "1 pile holds" if ones == 1 else f"{ones} piles hold"
        then = " then" if after_move else ""
        return (
            f"every pile{then} holds 0 or 1 and {count} 1, an odd number, so the player to move "
            "takes the last object and loses"
        )
    verb = "becomes" if after_move else "is"
    reason = f"the nim-sum {verb} {nim_sum(piles)}"
    return reason if after_move else f"{reason}, {LOSES}"


# -- Sticky-Nim ----------------------------------------------------------------------------------
def sticky_reason(values: GroupValues) -> str:
    """The configuration left and why it loses: its groups' Grundy values where misère Nim's
    rule on them decides the game, else its being one of the lost configurations."""
    shown = "[" + ", ".join(map(str, values.groups)) + "]"
    if not values.tame:
        return f"{shown} is left, one of the lost configurations, {LOSES}"
    grundy = ", ".join(map(str, values.grundy))
    if values.all_small:
        return (
            f"{shown} is left: every group is small and their Grundy values ({grundy}) xor to "
            f"{values.nim_sum}, {LOSES}"
        )
    return f"{shown} is left: its groups' Grundy values ({grundy}) xor to {values.nim_sum}, {LOSES}"


# -- the AI's view -------------------------------------------------------------------------------
def hat_text(name: str, hat: str, chances: Sequence[tuple[str, float]]) -> str:
    """What a hat AI would draw here: "AI's hat at 13 draws 1 in 60% of draws"."""
    if not chances:
        return f"{name} has no ball to draw at {hat}."
    shares = [share for _, share in chances]
    if len(chances) > 1 and max(shares) - min(shares) < 1e-9:
        return f"{name}'s hat at {hat} draws every move alike."
    ball, share = max(chances, key=lambda chance: chance[1])
    return f"{name}'s hat at {hat} draws {ball} in {share:.0%} of draws."


def table_text(name: str, preferred: Sequence[str]) -> str:
    """What a Q-learner plays here: the move its table values most."""
    if not preferred:
        return f"{name}'s Q table has no move here."
    if len(preferred) == 1:
        return f"{name}'s Q table prefers {preferred[0]} here."
    return f"{name}'s Q table likes {len(preferred)} moves best here, e.g. {preferred[0]}."


def preferred_text(name: str, preferred: Sequence[str]) -> str:
    """What any learner plays here: the moves it rates best."""
    if not preferred:
        return f"{name} has no move here."
    if len(preferred) == 1:
        return f"{name} prefers {preferred[0]} here."
    return f"{name} likes {len(preferred)} moves best here, e.g. {preferred[0]}."

"""A hint in words (SPEC section 9): the move, and why it wins in the game's own terms.

The engine gives the facts (:class:`~sticks_tui.engine.hints.Hint`); each game's presenter names
the move as its board does, and the reason comes in the game's own terms from its family's words
(``FamilyWords.lost_reason``, in the family's module: a take-away heap by the period of its lost
heaps, Nim by the nim-sum, Sticky-Nim by the configuration left). A game that brings none gets
the generic reason. The sentences::

    take 3: 13 sticks are left, 1 more than a multiple of 4, and that loses for the player to move.
    take 7: 1 stick is left and no take fits, so the other player cannot move and loses.
    13 sticks are left, ...: every move loses against perfect play. Take 1 lasts longest (6 more
    moves).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from ..engine.game import Rules
from ..engine.games import words_of
from ..engine.hints import Hint
from .moves import left_at_end

#: Why any position that loses, loses, for a game with no words of its own: the position a
#: winning move leaves, and the one a player in a lost position is in.
GENERIC_REASON = "it leaves a position that loses for the player to move"
LOST_HERE = "this position loses for the player to move"


def hint_words(rules: Rules, hint: Hint[Hashable, Hashable], move: str) -> str:
    """The hint at a position of ``rules``' game: ``move`` as the board names it ("take 3",
    "take jk") and why it wins, or why every move loses, in the game's terms
    (:func:`lost_reason`)."""
    lost = hint.leaves if hint.won else hint.position
    left = left_at_end(rules, hint.leaves) if hint.ends_game else ""
    return hint_text(hint, move, lost_reason(rules, lost, after_move=hint.won), left)


def hint_text(hint: Hint[Hashable, Hashable], move: str, reason: str, left: str = "") -> str:
    """The hint in one or two sentences. ``move`` is the move as the board names it ("take 3");
    ``reason`` says why the position that loses loses: the one the move leaves when it wins,
    else the one the player is in; ``left``, what a move that ends the game leaves on the
    table ("1 stick is left and no take fits"), if anything."""
    if not hint.won:
        return f"{_capital(reason)}: every move loses. {_lasting(hint, move)}"
    if hint.ends_game and left:
        return f"{move}: {left}, so the other player cannot move and loses."
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


def lost_reason(rules: Rules, position: Hashable, *, after_move: bool) -> str:
    """Why ``position`` loses for the player to move, in its game's terms (its family's words,
    ``FamilyWords.lost_reason``), else the generic reason. ``after_move``: the position a
    winning move leaves, else the one the player is in."""
    words = words_of(rules)
    if words is None or words.lost_reason is None:
        return GENERIC_REASON if after_move else LOST_HERE
    return words.lost_reason(rules, position, after_move)


# -- the AI's view -------------------------------------------------------------------------------
def hat_text(name: str, at: str, chances: Sequence[tuple[str, float]]) -> str:
    """What a hat AI would draw here, ``at`` being where the hat is in the board's words ("at 13
    sticks"): "AI's hat at 13 sticks draws 1 60% of the time"."""
    if not chances:
        return f"{name} has no ball to draw {at}."
    if len(chances) == 1:
        return f"{name}'s hat {at} holds one move only: {chances[0][0]}."
    shares = [share for _, share in chances]
    if max(shares) - min(shares) < 1e-9:
        return f"{name}'s hat {at} draws every move alike."
    ball, share = max(chances, key=lambda chance: chance[1])
    if share >= 1:
        return f"{name}'s hat {at} always draws {ball}."
    often = "over 99%" if share > 0.99 else f"{share:.0%}"
    return f"{name}'s hat {at} draws {ball} {often} of the time."


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

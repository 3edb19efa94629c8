"""Nim (seed 002): piles of objects; a move takes any positive number from one pile.

The default is CS50 AI's game: piles 1, 3, 5, 7 and whoever takes the last object loses
(misère). A position is the tuple of pile sizes in pile order, and a move is ``(pile, count)``,
exactly CS50's ``(i, j)`` action, so material written for CS50's ``nim.py`` reads the same here.

The exact outcome follows Bouton's theory, so the solver never has to search a Nim position:

* normal play: the player to move loses exactly when the xor of the piles is 0;
* misère play: the same, except when every pile holds at most one object; then the player to
  move loses exactly when the number of non-empty piles is odd.

``tests/engine/test_nim.py`` checks both rules against a brute-force search. The theory that
``solve`` shows (:class:`NimTheory`) is that rule worked out for the starting piles: each pile
in binary, their nim-sum, and the winning moves.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import reduce
from operator import xor
from typing import Any, ClassVar

from ..game import Capabilities, IllegalMove, RuleError
from ..numbers import whole_number_key
from ..theory import StartAnswer, start_answer
from ..words import LOSES, wrapped
from .family import (
    MISERE,
    NORMAL,
    FamilyWords,
    GameFamily,
    GameSpecError,
    Spec,
    description_ending,
    ending_is_misere,
    ending_part,
    ending_schema,
    whole_numbers,
)

NimPosition = tuple[int, ...]
NimMove = tuple[int, int]

#: CS50's piles.
DEFAULT_PILES: NimPosition = (1, 3, 5, 7)
#: Limits that keep a board drawable and a hat per position meaningful.
MAX_PILES = 8
MAX_PILE_SIZE = 99


#: Every move of every pile a game may have, made once: the legal moves of a position are slices
#: of these, listed anew each time (quick: no position's moves are kept, however many are met).
_MOVES: tuple[tuple[NimMove, ...], ...] = tuple(
    tuple((pile, count) for count in range(MAX_PILE_SIZE + 1)) for pile in range(MAX_PILES)
)


def _pile_moves(pile: int, size: int) -> tuple[NimMove, ...]:
    """Every move that takes from ``pile``, which holds ``size`` (more than a game may start
    with: a position read from a file): (pile, 1) to (pile, size)."""
    return tuple((pile, count) for count in range(1, size + 1))


def _normalise_piles(piles: Any) -> NimPosition:
    try:
        values = tuple(piles)
    except TypeError:
        raise RuleError(f"piles must be a list of whole numbers, got {piles!r}") from None
    if not values:
        raise RuleError("Nim needs at least one pile")
    if len(values) > MAX_PILES:
        raise RuleError(f"Nim has at most {MAX_PILES} piles, got {len(values)}")
    for size in values:
        if isinstance(size, bool) or not isinstance(size, int):
            raise RuleError(f"a pile size must be a whole number, got {size!r}")
        if not 0 <= size <= MAX_PILE_SIZE:
            raise RuleError(f"a pile holds 0 to {MAX_PILE_SIZE} objects, got {size}")
    return values


def piles_of(position: Hashable) -> NimPosition:
    """A Nim position handed in as some game's (:data:`~sticks_tui.engine.game.Rules`): a tuple of
    pile sizes, else :class:`IllegalMove`."""
    if type(position) is tuple:  # the common case, checked quickly (training asks often)
        for size in position:
            if type(size) is not int or size < 0:
                break
        else:
            return position
    if not isinstance(position, tuple) or not all(
        isinstance(size, int) and not isinstance(size, bool) and size >= 0 for size in position
    ):
        raise IllegalMove(f"a Nim position is a tuple of pile sizes, got {position!r}")
    return position


def nim_move(move: Hashable) -> NimMove:
    """A Nim move handed in as some game's: ``(pile, count)``, two whole numbers, else
    :class:`IllegalMove`."""
    if type(move) is tuple and len(move) == 2:
        pile, count = move
        if isinstance(pile, int) and isinstance(count, int):
            return (pile, count)
    raise IllegalMove(f"a Nim move is (pile, count), got {move!r}")


def nim_sum(position: Iterable[int]) -> int:
    """The xor of the pile sizes (Bouton's nim-sum)."""
    return reduce(xor, position, 0)


def misere_nim_lost(position: Iterable[int]) -> bool:
    """Whether the player to move loses misère Nim at ``position`` with perfect play."""
    piles = tuple(position)
    if all(size <= 1 for size in piles):
        return sum(piles) % 2 == 1
    return nim_sum(piles) == 0


@dataclass(frozen=True)
class Nim:
    """Nim with the given starting piles; ``misere`` (the default) means taking the last loses."""

    piles: NimPosition = DEFAULT_PILES
    misere: bool = True

    def __post_init__(self) -> None:
        object.__setattr__(self, "piles", _normalise_piles(self.piles))
        object.__setattr__(self, "misere", bool(self.misere))

    # -- what the game is -----------------------------------------------------------------------
    @property
    def name(self) -> str:
        ending = "" if self.misere else ", last takes wins"
        return f"Nim {', '.join(map(str, self.piles))}{ending}"

    @property
    def key(self) -> str:
        # Like take-away's key, the start (the piles) is left out: hats belong to positions,
        # so a brain trained on 1, 3, 5, 7 still knows every position it met when piles change.
        return f"{FAMILY_NAME}:{MISERE if self.misere else NORMAL}"

    @property
    def capabilities(self) -> Capabilities:
        return Capabilities(q_learning=True)

    def with_piles(self, piles: Iterable[int]) -> Nim:
        return Nim(tuple(piles), self.misere)

    # -- playing ----------------------------------------------------------------------------------
    def initial_position(self) -> NimPosition:
        return self.piles

    def legal_moves(self, position: NimPosition) -> tuple[NimMove, ...]:
        """Every ``(pile, count)`` with 1 <= count <= that pile, pile by pile (CS50's actions)."""
        moves: list[NimMove] = []
        extend = moves.extend
        for pile, size in enumerate(piles_of(position)):
            if pile < MAX_PILES and size <= MAX_PILE_SIZE:
                extend(_MOVES[pile][1 : size + 1])
            else:
                extend(_pile_moves(pile, size))
        return tuple(moves)

    def apply(self, position: NimPosition, move: NimMove) -> NimPosition:
        position = piles_of(position)
        try:
            pile, count = move
        except (TypeError, ValueError):
            raise IllegalMove(f"a Nim move is (pile, count), got {move!r}") from None
        if not (isinstance(pile, int) and isinstance(count, int)) or not 0 <= pile < len(position):
            raise IllegalMove(f"there is no pile {pile!r}")
        if not 1 <= count <= position[pile]:
            raise IllegalMove(f"cannot take {count} from pile {pile}, which holds {position[pile]}")
        return position[:pile] + (position[pile] - count,) + position[pile + 1 :]

    def is_over(self, position: NimPosition) -> bool:
        return not any(position)

    def known_outcome(self, position: NimPosition) -> bool:
        """Whether the player to move wins, from Bouton's rule (the solver uses it instead of
        searching)."""
        if self.misere:
            return not misere_nim_lost(position)
        return nim_sum(position) != 0

    # -- hats -------------------------------------------------------------------------------------
    def ball_kinds(self, position: NimPosition) -> tuple[NimMove, ...]:
        """One ball kind per legal move: hats are created as positions are met."""
        return self.legal_moves(position)

    def hat_positions(self) -> tuple[NimPosition, ...]:
        return ()

    # -- describing and keys ----------------------------------------------------------------------
    def describe(self) -> dict[str, Any]:
        return {
            "game": FAMILY_NAME,
            "piles": list(self.piles),
            "ending": MISERE if self.misere else NORMAL,
        }

    def position_key(self, position: NimPosition) -> str:
        """Pile sizes joined by commas: ``"1,3,5,7"``."""
        return ",".join(map(str, position))

    def position_from_key(self, key: str) -> NimPosition:
        if not isinstance(key, str) or not key:
            raise RuleError(f"a Nim position is pile sizes separated by commas, got {key!r}")
        parts = key.split(",")
        if key.isascii() and all(part.isdigit() and len(part) <= 9 for part in parts):
            return tuple(map(int, parts))  # plain digits, as files hold them: read quickly
        return piles_of(tuple(whole_number_key(part, "pile size") for part in parts))

    def move_key(self, move: NimMove) -> str:
        """``"pile:count"``, e.g. ``"2:3"`` takes 3 from pile 2 (piles count from 0 as in CS50)."""
        pile, count = move
        return f"{pile}:{count}"

    def move_from_key(self, key: str) -> NimMove:
        parts = key.split(":") if isinstance(key, str) else []
        if len(parts) != 2:
            raise RuleError(f"a Nim move is written pile:count, got {key!r}")
        pile, count = parts
        if key.isascii() and pile.isdigit() and count.isdigit() and max(map(len, parts)) <= 9:
            return (int(pile), int(count))  # plain digits, as files hold them: read quickly
        return (whole_number_key(pile, "pile number"), whole_number_key(count, "count"))


# -- the registry's view ---------------------------------------------------------------------------

FAMILY_NAME = "nim"


def parse_spec(spec: Spec) -> Nim:
    """``nim:PILES[:misere|normal]``; plain ``nim`` is CS50's game (piles 1, 3, 5, 7)."""
    spec.at_most(2)
    if not spec.parts:
        return Nim()
    piles = whole_numbers(spec.part(0), "piles")
    for size in piles:
        if not 1 <= size <= MAX_PILE_SIZE:
            raise GameSpecError(f"a pile starts with 1 to {MAX_PILE_SIZE} objects, got {size}")
    return Nim(piles, ending_is_misere(spec.part(1)))


def spec_of(rules: Nim) -> str:
    """``nim:PILES``, with ``:normal`` when the last to take wins."""
    return f"{FAMILY_NAME}:{','.join(map(str, rules.piles))}{ending_part(rules.misere)}"


def from_description(description: Mapping[str, Any], sticks: int | None = None) -> Nim:
    """Rebuild :class:`Nim` from :meth:`Nim.describe` output (a start size means nothing here)."""
    misere = description_ending(description)
    piles = description.get("piles", list(DEFAULT_PILES))
    if not isinstance(piles, list):
        raise RuleError(f"piles must be a list of whole numbers, got {piles!r}")
    return Nim(tuple(piles), misere)


# -- the theory ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class NimTheory:
    """Bouton's rule at the starting piles: the piles in binary, their nim-sum, who wins.

    ``endgame`` says the misère twist already applies at the start (every pile holds 0 or 1).
    """

    kind: ClassVar[str] = "nim"

    piles: NimPosition
    misere: bool
    start: StartAnswer[NimPosition, NimMove]

    @property
    def nim_sum(self) -> int:
        return nim_sum(self.piles)

    @property
    def bits(self) -> int:
        """Binary digits needed for the largest pile (at least one)."""
        return max(1, max(self.piles).bit_length())

    def binary(self, number: int) -> str:
        """``number`` in binary, as wide as the largest pile: 5 -> ``"101"``."""
        return format(number, f"0{self.bits}b")

    @property
    def endgame(self) -> bool:
        return all(size <= 1 for size in self.piles)

    def to_dict(self) -> dict[str, Any]:
        return {
            "piles": list(self.piles),
            "ending": MISERE if self.misere else NORMAL,
            "binary": [self.binary(size) for size in self.piles],
            "nim_sum": self.nim_sum,
            "nim_sum_binary": self.binary(self.nim_sum),
            "endgame": self.endgame,
            "start": {
                "outcome": "won" if self.start.won else "lost",
                "winning_moves": [
                    {
                        "pile": w.move[0],
                        "take": w.move[1],
                        "leaves": list(w.leaves),
                        "nim_sum": nim_sum(w.leaves),
                    }
                    for w in self.start.winning_moves
                ],
            },
        }

    def lines(self, name: str, width: int, answer_first: bool = False) -> Iterator[str]:
        """The piles in binary with their nim-sum, the rule, the misère twist, the start."""
        ending = "whoever takes the last object loses" if self.misere else (
            "whoever takes the last object wins"
        )
        yield from wrapped(f"{name}: take any number of objects from one pile; {ending}.", width)
        yield ""
        yield "The nim-sum: each pile in binary, the columns added without carrying (XOR):"
        label_width = max(len("nim-sum"), len(f"pile {len(self.piles) - 1}"))
        size_width = len(str(max(self.piles)))
        for pile, size in enumerate(self.piles):
            yield f"  {f'pile {pile}':<{label_width}}  {size:>{size_width}}  {self.binary(size)}"
        yield f"  {'-' * label_width}  {'-' * size_width}  {'-' * self.bits}"
        total = self.nim_sum
        yield f"  {'nim-sum':<{label_width}}  {total:>{size_width}}  {self.binary(total)}"
        yield ""
        yield from wrapped(
            "Rule (Bouton): the player to move loses exactly when the nim-sum is 0; a winning "
            "move makes the nim-sum 0, and every move from a nim-sum of 0 makes it nonzero.",
            width,
        )
        if self.misere:
            yield from wrapped(
                "The misère twist (whoever takes the last object loses): play by the nim-sum "
                "until your move would leave every pile at 0 or 1; then leave an odd number of "
                "1-piles, so that your opponent takes the last object.",
                width,
            )
        yield ""
        yield from wrapped(_start_text(self), width)


def theory(rules: Nim) -> NimTheory:
    """The nim-sum of the starting piles and every winning move (from Bouton's rule)."""
    return NimTheory(rules.piles, rules.misere, start_answer(rules))


# -- the theory in words -------------------------------------------------------------------------
def _start_text(theory: NimTheory) -> str:
    piles = ", ".join(map(str, theory.piles))
    start = theory.start
    if theory.misere and theory.endgame:
        ones = sum(theory.piles)
        why = f"every pile holds 0 or 1 and {ones} of them hold 1 (an {_parity(ones)} number)"
    else:
        why = f"the nim-sum is {theory.nim_sum}"
    if not start.won:
        return (
            f"From the start ({piles}): {why}, so the player to move loses against perfect "
            "play: every move loses."
        )
    moves = "; ".join(
        f"take {w.move[1]} from pile {w.move[0]} (leaves {_leaves_text(theory, w.leaves)})"
        for w in start.winning_moves
    )
    plural = "s" if len(start.winning_moves) > 1 else ""
    return (
        f"From the start ({piles}): {why}, so the player to move wins. "
        f"Winning move{plural} (piles counted from 0, as on the board): {moves}."
    )


def _leaves_text(theory: NimTheory, leaves: Sequence[int]) -> str:
    piles = ", ".join(map(str, leaves))
    if theory.misere and all(size <= 1 for size in leaves):
        ones = sum(leaves)
        return f"{piles}: {ones} {'pile' if ones == 1 else 'piles'} of 1, an odd number"
    return f"{piles}: nim-sum {nim_sum(leaves)}"


def _parity(number: int) -> str:
    return "odd" if number % 2 else "even"


def _lost_reason(rules: Nim, position: Hashable, after_move: bool) -> str:
    """Why the piles lose: the nim-sum is 0, or (misère, every pile at 0 or 1) an odd number of
    1-piles is left, so the player to move takes the last object. ``after_move``: the piles a
    winning move leaves ("becomes"), else the piles the player is in ("is")."""
    piles = piles_of(position)
    if rules.misere and all(size <= 1 for size in piles):
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


def description_schema() -> dict[str, Any]:
    """A Nim game's description: its starting piles and the ending."""
    return {
        "piles": {
            "type": "array", "items": {"type": "integer", "minimum": 0, "maximum": MAX_PILE_SIZE},
            "minItems": 1, "maxItems": MAX_PILES, "description": "the starting piles",
            "default": list(DEFAULT_PILES),
        },
        "ending": ending_schema(),
    }


def _move_words(move: Hashable) -> str:
    pile, count = nim_move(move)
    return f"take {count} from pile {pile}"


WORDS: FamilyWords[Nim] = FamilyWords(
    position=lambda position: ", ".join(map(str, piles_of(position))),
    move=_move_words,
    legend=(
        "Piles count from 0, as in CS50's Nim: \"take 2 from pile 3\" takes 2 sticks from",
        "  the fourth pile.",
    ),
    lost_reason=_lost_reason,
)


FAMILY = GameFamily(
    name=FAMILY_NAME,
    grammar="nim:PILES[:misere|normal]",
    example="nim:1,3,5,7",
    rules_type=Nim,
    parse=parse_spec,
    spec_of=spec_of,
    from_description=from_description,
    theory=theory,
    q_learning_offered="every Nim game",
    description_schema=description_schema,
    words=WORDS,
)

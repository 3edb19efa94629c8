"""Sticky-Nim (seed 004): a line of sticks; a move takes 1 to k *adjacent* sticks; whoever takes
the last stick loses.

Only the lengths of the groups of adjacent sticks matter, not where they lie, so a position is
the multiset of group lengths, kept as a tuple sorted from longest to shortest (the seed's
"configuration": ``(6, 3)`` for ``< I I I - I I I I I I >``). A move takes ``take`` sticks from a
group of ``group`` sticks, leaving ``left`` sticks on one side and ``group - take - left`` on the
other; as both sides are alike, ``left`` is the smaller side, so every move is listed once and
different moves lead to different positions.

The concrete line (which sticks are still there, the letters under them) is for the user
interface: :class:`StickyLine` turns "take d..f" into a canonical move and back.

Exact play on lines of up to 62 sticks (the game's maximum) is instant: see
:mod:`sticks_tui.engine.games.sticky_theory`. Specs: ``sticky:N[:K]`` (a line of N sticks,
takes of 1 to K; plain ``sticky`` is the default line of 20, takes of 1 to 3).
"""

from __future__ import annotations

import textwrap
from collections.abc import Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from itertools import groupby
from typing import TYPE_CHECKING, Any, ClassVar

from ..game import Capabilities, IllegalMove, RuleError
from ..numbers import whole_number_key
from ..solver import Solver
from ..theory import StartAnswer, start_answer
from ..words import LOSES, grundy_rows, wrapped
from .family import (
    MISERE,
    NORMAL,
    FamilyWords,
    GameFamily,
    GameSpecError,
    Spec,
    description_ending,
    ending_is_misere,
    ending_schema,
    quoted,
    whole_number,
)
from .octal_code import (
    LEAVES_NONE,
    LEAVES_ONE,
    LEAVES_TWO,
    OctalCode,
    OctalCodeError,
    parse_code,
)
from .sticky_heaps import Groups, grundy_values

# the line's names that other modules take from the game's module, re-exported
from .sticky_line import (
    STICKY_MAX,
    StickyMove,
    StickyPosition,
    canonical_position,
)
from .sticky_theory import (
    StickyTheory,
    TameRule,
    lost_configurations,
    shipped_tables,
    small_groups,
    tame_counterexample,
    theory_for,
)

if TYPE_CHECKING:  # an octal game's values and theory load with the first octal game asked
    from .octal_theory import OctalTheory

STICKY_DEFAULT_STICKS = 20
STICKY_DEFAULT_TAKE = 3
#: The longest line a Q-learner is offered for: 6,842 positions; a line of 62 reaches 1.5
#: million, too many for a table that self-play could fill.
Q_LEARNING_MAX_STICKY = 30


#: Groups whose moves are kept listed (the most recently asked): a line of 62 sticks has groups
#: of at most 62, so one game's are all kept; a bound, however many games a program plays.
GROUP_MOVES_KEPT = 256


@lru_cache(maxsize=GROUP_MOVES_KEPT)
def group_moves(group: int, max_take: int) -> tuple[StickyMove, ...]:
    """Every canonical move inside one group of ``group`` sticks."""
    return tuple(
        StickyMove(group, take, left)
        for take in range(1, min(max_take, group) + 1)
        for left in range((group - take) // 2 + 1)
    )


@lru_cache(maxsize=GROUP_MOVES_KEPT)
def octal_group_moves(group: int, digits: tuple[int, ...]) -> tuple[StickyMove, ...]:
    """Every canonical move an octal code allows inside one group, take by take (a take of 0
    splits the group without taking, where the digit before the point is 4)."""
    moves: list[StickyMove] = []
    for take, digit in enumerate(digits):
        rest = group - take
        if digit == 0 or rest < 0:
            continue
        if take > 0 and rest == 0 and digit & LEAVES_NONE:
            moves.append(StickyMove(group, take, 0))
        if take > 0 and rest > 0 and digit & LEAVES_ONE:
            moves.append(StickyMove(group, take, 0))
        if digit & LEAVES_TWO and rest >= 2:
            moves.extend(StickyMove(group, take, left) for left in range(1, rest // 2 + 1))
    return tuple(moves)


def sevens(max_take: int) -> OctalCode:
    """Sticky-Nim's code for takes of 1 to ``max_take``: 0.7...7."""
    return OctalCode((0,) + (7,) * max_take)


#: The octal games known by a name (SPEC section 16), by their code.
NAMED_CODES: dict[str, str] = {
    "0.77": "Kayles",
    "0.07": "Dawson's Kayles",
    "0.137": "Dawson's Chess",
    "0.007": "Treblecross",
}


@dataclass(frozen=True)
class StickyNim:
    """A line of ``sticks`` sticks (1 to 62) played by an octal code: Sticky-Nim by default (a
    move takes 1 to ``max_take`` adjacent sticks, the code 0.7...7, whoever takes the last stick
    loses); any other ``code`` (Kayles, 0.77; Dawson's Kayles, 0.07 ...) and either ending. With
    a code, ``max_take`` is the code's largest take; ``octal:0.77:N:misere`` and ``sticky:N:2``
    are one game (equal rules, one key)."""

    sticks: int = STICKY_DEFAULT_STICKS
    max_take: int = STICKY_DEFAULT_TAKE
    code: OctalCode | None = None
    """The octal code (None: Sticky-Nim's sevens, set from ``max_take``)."""
    misere: bool = True
    """Whoever makes the last move loses (the octal games' field plays normally: False)."""

    def __post_init__(self) -> None:
        if self.code is not None:
            if not isinstance(self.code, OctalCode):
                raise RuleError(f"an octal game's code is an OctalCode, got {self.code!r}")
            object.__setattr__(self, "max_take", self.code.largest_take)
        for value, what in ((self.sticks, "number of sticks"), (self.max_take, "largest take")):
            if isinstance(value, bool) or not isinstance(value, int):
                raise RuleError(f"the {what} must be a whole number, got {value!r}")
        if not 1 <= self.sticks <= STICKY_MAX:
            raise RuleError(f"a line holds 1 to {STICKY_MAX} sticks, got {self.sticks}")
        if self.code is None:
            if not 1 <= self.max_take <= STICKY_MAX:
                raise RuleError(f"the largest take must be 1 to {STICKY_MAX}, got {self.max_take}")
            object.__setattr__(self, "code", sevens(self.max_take))
        object.__setattr__(self, "misere", bool(self.misere))

    @property
    def octal(self) -> OctalCode:
        """The game's code (never None once made)."""
        assert self.code is not None
        return self.code

    @property
    def is_sticky_nim(self) -> bool:
        """Sticky-Nim itself: the sevens, misère (its exact theory and its own words)."""
        return self.octal.only_sevens and self.misere

    @property
    def name(self) -> str:
        if self.is_sticky_nim:
            return f"Sticky-Nim (take 1–{self.max_take} adjacent)"
        text = self.octal.text
        named = NAMED_CODES.get(text)
        title = f"{named} ({text}" if named else f"Octal game {text} ("
        ending = "last move loses" if self.misere else "no move loses"
        return f"{title}{', ' if named else ''}{ending})"

    @property
    def key(self) -> str:
        if self.is_sticky_nim:
            return f"{FAMILY_NAME}:{self.max_take}"
        return f"{OCTAL_WORD}:{self.octal.text}:{MISERE if self.misere else NORMAL}"

    @property
    def capabilities(self) -> Capabilities:
        return Capabilities(q_learning=self.sticks <= Q_LEARNING_MAX_STICKY)

    def with_sticks(self, sticks: int) -> StickyNim:
        return StickyNim(sticks, self.max_take, self.code, self.misere)

    def group_moves(self, group: int) -> tuple[StickyMove, ...]:
        """Every canonical move inside one group of ``group`` sticks."""
        code = self.octal
        if code.only_sevens:
            return group_moves(group, self.max_take)
        return octal_group_moves(group, code.digits)

    # -- playing ----------------------------------------------------------------------------------
    def initial_position(self) -> StickyPosition:
        return (self.sticks,)

    def legal_moves(self, position: StickyPosition) -> tuple[StickyMove, ...]:
        """Moves group by group (longest group first), each distinct group length once."""
        _check_position(position)
        moves: list[StickyMove] = []
        previous = 0
        for group in position:
            if group != previous:
                moves.extend(self.group_moves(group))
                previous = group
        return tuple(moves)

    def apply(self, position: StickyPosition, move: tuple[int, int, int]) -> StickyPosition:
        """The position after ``move``; the mirror image of a canonical move is accepted too."""
        _check_position(position)
        try:
            group, take, left = move
        except (TypeError, ValueError):
            raise IllegalMove(f"a Sticky-Nim move is (group, take, left), got {move!r}") from None
        if group not in position:
            raise IllegalMove(f"there is no group of {group!r} sticks in {list(position)}")
        least = 0 if self.octal.splits else 1  # 0: a split without taking
        if not (isinstance(take, int) and least <= take <= min(self.max_take, group)):
            raise IllegalMove(f"cannot take {take!r} sticks from a group of {group}")
        if not (isinstance(left, int) and 0 <= left <= group - take):
            raise IllegalMove(f"cannot leave {left!r} sticks beside {take} taken from {group}")
        canonical = StickyMove(group, take, min(left, group - take - left))
        if not self.octal.only_sevens and canonical not in self.group_moves(group):
            raise IllegalMove(
                f"the code {self.octal.text} does not allow this move: {move_sentence(canonical)}"
            )
        rest = list(position)
        rest.remove(group)
        return canonical_position(rest + [left, group - take - left])

    def is_over(self, position: StickyPosition) -> bool:
        """No move is left: no sticks (Sticky-Nim), or no group a move of the code fits."""
        if self.octal.only_sevens:
            return not position
        return not any(self.group_moves(group) for group in set(position))

    def known_outcome(self, position: StickyPosition) -> bool | None:
        """Whether the player to move wins, from the theory, without searching (None when the
        theory does not cover the position; the solver then searches): Sticky-Nim's misère
        theory, or in normal play the groups' Grundy values (lost exactly when they xor to 0);
        another code's misère play is searched."""
        if not self.misere:
            values = line_values(self.octal)
            total = 0
            for group in position:
                total ^= values[group]
            return total != 0
        if not self.octal.only_sevens:
            return None
        lost = self._theory.lost(position)
        return None if lost is None else not lost

    @cached_property
    def _theory(self) -> StickyTheory:
        return theory_for(self.max_take, STICKY_MAX)

    # -- hats -------------------------------------------------------------------------------------
    def ball_kinds(self, position: StickyPosition) -> tuple[StickyMove, ...]:
        return self.legal_moves(position)

    def hat_positions(self) -> tuple[StickyPosition, ...]:
        return ()

    # -- describing and keys ----------------------------------------------------------------------
    def describe(self) -> dict[str, Any]:
        """Sticky-Nim's as it always was; another code's with its code and ending."""
        if self.is_sticky_nim:
            return {"game": FAMILY_NAME, "sticks": self.sticks, "max_take": self.max_take}
        return {
            "game": FAMILY_NAME,
            "sticks": self.sticks,
            "code": self.octal.text,
            "ending": MISERE if self.misere else NORMAL,
        }

    def position_key(self, position: StickyPosition) -> str:
        """Group lengths, longest first, joined by commas: ``"6,3"``."""
        return ",".join(map(str, position))

    def position_from_key(self, key: str) -> StickyPosition:
        if not isinstance(key, str):
            raise RuleError(
                f"a Sticky-Nim position is group lengths separated by commas, got {key!r}"
            )
        if not key:
            return ()
        groups = [whole_number_key(part, "group length") for part in key.split(",")]
        if 0 in groups:
            raise RuleError(f"a group holds at least one stick, got {key!r}")
        position = canonical_position(groups)
        if sum(position) > STICKY_MAX:
            raise RuleError(f"a line holds at most {STICKY_MAX} sticks, got {key!r}")
        return position

    def move_key(self, move: StickyMove) -> str:
        """``"group:take:left"``, e.g. ``"6:2:1"``."""
        group, take, left = move
        return f"{group}:{take}:{left}"

    def move_from_key(self, key: str) -> StickyMove:
        """The move ``group:take:left`` names."""
        parts = key.split(":") if isinstance(key, str) else []
        if len(parts) != 3:
            raise RuleError(f"a Sticky-Nim move is written group:take:left, got {key!r}")
        return StickyMove(*(whole_number_key(part, "number") for part in parts))


def _check_position(position: Any) -> None:
    if not isinstance(position, tuple):
        raise IllegalMove(f"a Sticky-Nim position is a tuple of group lengths, got {position!r}")


def groups_of(position: Hashable) -> StickyPosition:
    """A Sticky-Nim position handed in as some game's (:data:`~sticks_tui.engine.game.Rules`):
    a tuple of group lengths, else :class:`IllegalMove`."""
    if isinstance(position, tuple) and all(isinstance(group, int) for group in position):
        return position
    raise IllegalMove(f"a Sticky-Nim position is a tuple of group lengths, got {position!r}")


def sticky_move_of(move: Hashable) -> StickyMove:
    """A Sticky-Nim move handed in as some game's: ``(group, take, left)``, else
    :class:`IllegalMove`."""
    if isinstance(move, StickyMove):
        return move
    if isinstance(move, tuple) and len(move) == 3 and all(isinstance(n, int) for n in move):
        return StickyMove(*move)
    raise IllegalMove(f"a Sticky-Nim move is (group, take, left), got {move!r}")


# -- the registry's view ---------------------------------------------------------------------------

FAMILY_NAME = "sticky"
#: The word of an octal game's spec (``octal:0.07:20``): the same family.
OCTAL_WORD = "octal"
#: Plain ``octal``: Kayles.
OCTAL_DEFAULT_CODE = "0.77"
#: An octal game's line when its spec gives none.
OCTAL_DEFAULT_STICKS = 20


def parse_spec(spec: Spec) -> StickyNim:
    """``sticky:N[:K]`` (plain ``sticky`` is the default line: 20 sticks, takes of 1 to 3), or
    ``octal:CODE[:N][:misere|normal]`` (normal play unless it says misère)."""
    if spec.word == OCTAL_WORD:
        return _parse_octal(spec)
    spec.at_most(2)
    line, largest = spec.part(0), spec.part(1)
    sticks = STICKY_DEFAULT_STICKS if line is None else whole_number(line, "length of the line")
    take = STICKY_DEFAULT_TAKE if largest is None else whole_number(largest, "largest take K")
    if not 1 <= sticks <= STICKY_MAX:
        raise GameSpecError(f"a line holds 1 to {STICKY_MAX} sticks, got {sticks}")
    if not 1 <= take <= STICKY_MAX:
        raise GameSpecError(f"the largest take K is 1 to {STICKY_MAX} sticks, got {take}")
    return StickyNim(sticks, take)


def _parse_octal(spec: Spec) -> StickyNim:
    spec.at_most(3)
    written = spec.part(0)
    if written is None:
        written = OCTAL_DEFAULT_CODE
    if not written.strip():
        raise GameSpecError("the octal code is missing")
    try:
        code = parse_code(written)
    except OctalCodeError as error:
        raise GameSpecError(str(error)) from None
    line: int | None = None
    ending: bool | None = None
    for part in spec.parts[1:]:  # the line and the ending, in either order, each once
        if part.strip().lower() in (MISERE, "misère", NORMAL):
            if ending is not None:
                raise GameSpecError(f"the ending is given twice; remove {quoted(part)}")
            ending = ending_is_misere(part)
        else:
            if line is not None:
                raise GameSpecError(f"the length of the line is given twice; remove {quoted(part)}")
            line = whole_number(part, "length of the line")
    sticks = OCTAL_DEFAULT_STICKS if line is None else line
    misere = bool(ending)  # normal play unless misère is said
    if not 1 <= sticks <= STICKY_MAX:
        raise GameSpecError(f"a line holds 1 to {STICKY_MAX} sticks, got {sticks}")
    return StickyNim(sticks, code=code, misere=misere)


def spec_of(rules: StickyNim) -> str:
    """``sticky:N:K`` for Sticky-Nim, both numbers always written; ``octal:CODE:N`` for another
    code (``:misere`` after it when misère)."""
    if rules.is_sticky_nim:
        return f"{FAMILY_NAME}:{rules.sticks}:{rules.max_take}"
    ending = f":{MISERE}" if rules.misere else ""
    return f"{OCTAL_WORD}:{rules.octal.text}:{rules.sticks}{ending}"


def from_description(description: Mapping[str, Any], sticks: int | None) -> StickyNim:
    """Rebuild the game from :meth:`StickyNim.describe` output; ``sticks``, when given, is the
    line's length instead of the described one."""
    count = sticks if sticks is not None else description.get("sticks", STICKY_DEFAULT_STICKS)
    written = description.get("code")
    if written is None:
        return StickyNim(count, description.get("max_take", STICKY_DEFAULT_TAKE))
    if not isinstance(written, str):
        raise RuleError(f"an octal game's code is text such as \"0.77\", got {written!r:.40}")
    try:
        code = parse_code(written)
    except OctalCodeError as error:
        raise RuleError(str(error)) from None
    return StickyNim(count, code=code, misere=description_ending(description))


@lru_cache(maxsize=64)
def line_values(code: OctalCode) -> tuple[int, ...]:
    """Normal-play Grundy values of groups of 0 to 62 sticks (the longest line)."""
    from .octal_values import grundy_values

    return tuple(grundy_values(code, STICKY_MAX + 1))


# -- the theory ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class GroupValues:
    """Why a configuration wins or loses, as far as the Grundy values of its groups tell (a hint's
    reason). ``tame`` says whether misère Nim's rule on the values decides the game (takes of 1
    or of 4 and more); where it does not (takes of 1-2 or 1-3), only the configuration's being
    among the lost ones tells."""

    groups: Groups
    grundy: tuple[int, ...]
    """The normal-play Grundy value of each group, in the order of ``groups``."""
    tame: bool
    all_small: bool
    """Every group plays like a Nim heap of 0 or 1 (only meaningful when ``tame``)."""
    lost: bool

    @property
    def nim_sum(self) -> int:
        total = 0
        for value in self.grundy:
            total ^= value
        return total


def group_values(rules: StickyNim, position: StickyPosition) -> GroupValues:
    """The Grundy values of ``position``'s groups and whether the tame rule decides it."""
    known = theory_for(rules.max_take, STICKY_MAX)
    values = grundy_values(rules.max_take, max(position, default=0))
    tame = isinstance(known, TameRule)
    small = isinstance(known, TameRule) and all(known.small[group] for group in position)
    lost = known.lost(position)
    if lost is None:
        lost = not Solver(rules).is_won(position)
    return GroupValues(position, tuple(values[g] for g in position), tame, small, lost)


#: Lost configurations are listed for lines of up to this many sticks: 262 of them for takes of
#: 1 to 3 (849 for 30 sticks, and the count keeps tripling every six sticks or so).
LOST_LISTED_MAX = 24


@dataclass(frozen=True)
class StickyNimTheory:
    """Sticky-Nim as the octal game 0.77...7: the Grundy values of one group, how the misère
    game is decided, its lost configurations, and who wins the line.

    ``method`` is how the engine knows outcomes: ``"tame"`` (misère Nim's rule on the Grundy
    values, with ``small_groups`` the groups that play like a Nim heap of 0 or 1), ``"quotient"``
    (a misère quotient table with ``exceptions`` corrected positions) or ``"search"``.
    ``counterexample`` is the first position where misère Nim's rule on the values is wrong
    (None for a tame game).
    """

    kind: ClassVar[str] = "sticky"

    sticks: int
    max_take: int
    grundy: tuple[int, ...]
    """Normal-play Grundy values of one group of 0..sticks sticks."""
    method: str
    small_groups: tuple[int, ...]
    exceptions: int | None
    counterexample: Groups | None
    lost_configurations: tuple[Groups, ...]
    listed_up_to: int
    """The longest line whose lost configurations are listed (at most :data:`LOST_LISTED_MAX`)."""
    start: StartAnswer[StickyPosition, StickyMove]

    @property
    def octal_code(self) -> str:
        """0.777 for takes of 1 to 3: each digit 7 says a take of that many may leave nothing,
        one group or two groups."""
        return "0." + "7" * self.max_take

    def to_dict(self) -> dict[str, Any]:
        return {
            "sticks": self.sticks,
            "max_take": self.max_take,
            "octal_code": self.octal_code,
            "grundy_values": list(self.grundy),
            "misere_method": self.method,
            "small_groups": list(self.small_groups),
            "quotient_exceptions": self.exceptions,
            "tame_counterexample": (
                None if self.counterexample is None else list(self.counterexample)
            ),
            "lost_configurations": {
                "up_to_sticks": self.listed_up_to,
                "configurations": [list(p) for p in self.lost_configurations],
            },
            "start": {
                "outcome": "won" if self.start.won else "lost",
                "winning_moves": [
                    {
                        "group": w.move.group,
                        "take": w.move.take,
                        "left": w.move.left,
                        "leaves": list(w.leaves),
                    }
                    for w in self.start.winning_moves
                ],
            },
        }

    def lines(self, name: str, width: int, answer_first: bool = False) -> Iterator[str]:
        """The octal code, the Grundy values of a group, how the misère game is decided, its
        lost configurations, and the start."""
        k = self.max_take
        yield from wrapped(
            f"{name}: a line of {self.sticks} sticks; a move takes 1 to {k} sticks next to each "
            "other; whoever takes the last stick loses.",
            width,
        )
        yield ""
        yield from wrapped(
            f"As an octal game: {self.octal_code} (one 7 for each take from 1 to {k}: a take of "
            "that many sticks may leave no group, one group or two groups).",
            width,
        )
        yield ""
        yield from wrapped(
            "Grundy values of one group of n sticks (normal play, where taking the last stick "
            "wins):",
            width,
        )
        yield from grundy_rows(self.grundy)
        yield from wrapped(
            "In normal play a configuration is lost exactly when its groups' values xor to 0.",
            width,
        )
        yield ""
        yield from wrapped(_misere_text(self), width)
        yield ""
        lost = self.lost_configurations
        yield from wrapped(
            f"Lost configurations (the player to move loses), of all a line of up to "
            f"{self.listed_up_to} sticks can reach: {len(lost)}",
            width,
        )
        yield from _configurations_by_sticks(lost, width)
        yield ""
        yield from wrapped(_start_text(self), width)


#: A misère line of another code than the sevens is searched from its start up to this length
#: (the positions a line reaches grow about threefold every six sticks: 6,842 from 30).
OCTAL_MISERE_SEARCHED = 30


def theory(rules: StickyNim) -> StickyNimTheory | OctalTheory:
    """Sticky-Nim's: the octal game's values for groups up to the line, and the misère game's
    lost configurations for lines up to :data:`LOST_LISTED_MAX` sticks. Another code's: its
    values and period, looked for quickly (:func:`~.octal_values.quick_proof_heaps`: the app's
    analysis waits for it; ``solve`` looks within 20,000 heaps, :func:`octal_theory`)."""
    if not rules.is_sticky_nim:
        from .octal_values import quick_proof_heaps

        return octal_theory(rules, proof_heaps=quick_proof_heaps(rules.octal))
    k, limit = rules.max_take, STICKY_MAX
    known = theory_for(k, limit)
    table = shipped_tables().get(k) if known.method == "quotient" else None
    listed = min(rules.sticks, LOST_LISTED_MAX)
    tame = known.method == "tame"
    return StickyNimTheory(
        rules.sticks,
        k,
        tuple(grundy_values(k, rules.sticks)),
        known.method,
        tuple(n for n in small_groups(k, limit) if n <= rules.sticks) if tame else (),
        None if table is None else len(table.exceptions),
        None if tame else tame_counterexample(k, listed, limit),
        lost_configurations(k, listed, limit),
        listed,
        start_answer(rules),
    )


def octal_theory(
    rules: StickyNim,
    heaps: int | None = None,
    proof_heaps: int | None = None,
    backend: str = "auto",
) -> OctalTheory:
    """An octal game's values (heap 0 first: ``heaps`` of them, by default through the period's
    proof and at least 1,000, or as many as a quick proof computed), its period where proved
    within ``proof_heaps`` (default :data:`~.octal_values.PROOF_HEAPS_DEFAULT`, ``solve``'s;
    the family's theory, which the app's analysis shows, asks for a quick proof), and the
    line's start. Values are computed up to ``heaps`` where more than the proof's are asked, by
    numba (``backend`` ``auto`` or ``numba``: :data:`~.octal_values.BACKENDS`); pure Python
    computes no more than the default, and a code with no period proved within it then has its
    ``heaps`` refused."""
    from .octal_theory import OctalTheory, StartWords
    from .octal_values import HEAPS_SHOWN_LEAST, PROOF_HEAPS_DEFAULT, PYTHON, octal_period

    bound = proof_heaps or PROOF_HEAPS_DEFAULT
    if backend != PYTHON and heaps is not None:
        bound = max(bound, heaps)
    proof = octal_period(rules.octal, bound, backend=backend)
    shown = max(HEAPS_SHOWN_LEAST, len(proof.values) if proof.proved else 0)
    if not proof.proved:
        shown = min(shown, len(proof.values))
    if heaps is not None:
        if heaps > len(proof.values) and not proof.proved:
            raise RuleError(
                f"no period of {rules.octal.text} is proved up to {proof.checked_up_to:,} "
                f"heaps: values are given for heaps 0 to {len(proof.values) - 1:,} only"
            )
        shown = heaps
    start: StartWords | None = None
    if not rules.misere or rules.sticks <= OCTAL_MISERE_SEARCHED:
        answer = start_answer(rules)
        start = StartWords(
            answer.won,
            tuple(move_text(w.move) for w in answer.winning_moves),
            {
                "outcome": "won" if answer.won else "lost",
                "winning_moves": [
                    {"group": w.move.group, "take": w.move.take, "left": w.move.left,
                     "leaves": list(w.leaves)}
                    for w in answer.winning_moves
                ],
            },
        )
    return OctalTheory(rules.name, rules.octal, rules.sticks, rules.misere, proof, shown, start)


# -- the theory in words -------------------------------------------------------------------------
def _misere_text(theory: StickyNimTheory) -> str:
    if theory.method == "tame":
        small = ", ".join(map(str, theory.small_groups)) or "none"
        return (
            "The misère game (the last stick loses) follows misère Nim's rule on these values "
            "(the game is tame): a configuration is lost exactly when every group is small and "
            "the values xor to 1, or some group is not small and the values xor to 0. A small "
            f"group plays like a Nim heap of 0 or 1; here the small groups are: {small}."
        )
    text = "The misère game (the last stick loses) is not decided by these values alone"
    example = theory.counterexample
    if example is not None:
        truth = "loses" if example in theory.lost_configurations else "wins"
        text += (
            f": misère Nim's rule on them gets {groups_text(example)} wrong (the player to "
            f"move {truth} there)"
        )
    if theory.method == "quotient":
        text += (
            ". The outcomes come from a misère quotient table (Plambeck and Siegel), corrected "
            f"at {theory.exceptions:,} positions and checked on every position of a line of "
            "up to 62 sticks."
        )
    else:
        text += ". The outcomes come from a memoized search."
    return text


def _configurations_by_sticks(
    configurations: Sequence[tuple[int, ...]], width: int
) -> Iterator[str]:
    """One line per number of sticks (wrapped between configurations, never inside one)."""
    if not configurations:
        yield "  none"
        return
    digits = len(str(max(sum(c) for c in configurations)))
    for sticks, group in groupby(configurations, key=sum):
        label = f"  {sticks:>{digits}} {'stick: ' if sticks == 1 else 'sticks:'} "
        yield from _packed([groups_text(c) for c in group], label, width)


def _packed(items: Sequence[str], label: str, width: int) -> Iterator[str]:
    """``items`` separated by semicolons, in lines of at most ``width``, the first after
    ``label`` and the others under it."""
    line = label
    for i, item in enumerate(items):
        item += ";" if i < len(items) - 1 else ""
        if line.strip() and line != label and len(line) + 1 + len(item) > width:
            yield line
            line = " " * len(label)
        line += item if line.isspace() or line == label else " " + item
    yield line


# -- the game's one language ---------------------------------------------------------------------
# A position and a move are written one way wherever they are shown (the board, its hats, the
# hint, the analysis, ``analyze`` and ``solve``): the board's way, which players see most.


def groups_text(groups: Sequence[int]) -> str:
    """A position, the groups of adjacent sticks left: ``groups of 9, 3, 2``, ``a group of 20``,
    ``no sticks``."""
    if not groups:
        return "no sticks"
    if len(groups) == 1:
        return f"a group of {groups[0]}"
    return "groups of " + ", ".join(map(str, groups))


def move_text(move: Hashable) -> str:
    """A move: the sticks taken of a group, and the groups left where it was: ``2 of 6 → 1 + 3``
    (2 adjacent sticks from a group of 6, leaving 1 on one side and 3 on the other), ``2 of 6 →
    4`` (from an end), ``3 of 3 → none`` (the whole group)."""
    group, take, left = sticky_move_of(move)
    kept = [size for size in (left, group - take - left) if size]
    if take == 0:
        return f"split {group} → {' + '.join(map(str, kept))}"
    return f"{take} of {group} → {' + '.join(map(str, kept)) or 'none'}"


def move_sentence(move: Hashable) -> str:
    """:func:`move_text` said in full, for a legend: "take 2 adjacent sticks from a group of 6,
    leaving groups of 1 and 3"."""
    group, take, left = sticky_move_of(move)
    kept = [size for size in (left, group - take - left) if size]
    if take == 0:
        return (
            f"split a group of {group} into groups of {kept[0]} and {kept[1]} without taking"
        )
    sticks = "1 stick" if take == 1 else f"{take} adjacent sticks"
    if not kept:
        return f"take {sticks} from a group of {group}, the whole group"
    leaving = f"a group of {kept[0]}" if len(kept) == 1 else f"groups of {kept[0]} and {kept[1]}"
    return f"take {sticks} from a group of {group}, leaving {leaving}"


def _start_text(theory: StickyNimTheory) -> str:
    start = theory.start
    if not start.won:
        return (
            f"From the start (a line of {theory.sticks}): the player to move loses against "
            "perfect play: every move leaves a configuration that wins."
        )
    moves = "; ".join(f"take {move_text(w.move)}" for w in start.winning_moves)
    plural = "s" if len(start.winning_moves) > 1 else ""
    first = start.winning_moves[0].move
    return (
        f"From the start (a line of {theory.sticks}): the player to move wins. Winning "
        f"move{plural}: {moves} (\"{move_text(first)}\": {move_sentence(first)})."
    )


def _lost_reason(rules: StickyNim, position: Hashable, after_move: bool) -> str:
    """The configuration and why it loses: its groups' Grundy values where misère Nim's rule on
    them decides the game, else its being one of the lost configurations."""
    if not rules.is_sticky_nim:
        return _octal_lost_reason(rules, groups_of(position))
    values = group_values(rules, groups_of(position))
    shown = groups_text(values.groups)
    left = f"{shown} {'is' if len(values.groups) == 1 else 'are'} left"
    if not values.tame:
        return f"{left}, one of the lost configurations, {LOSES}"
    grundy = ", ".join(map(str, values.grundy))
    if len(values.groups) == 1:
        said = f"its Grundy value ({grundy}) is {values.nim_sum}"
    else:
        said = f"their Grundy values ({grundy}) xor to {values.nim_sum}"
    if values.all_small:
        return f"{left}: every group is small and {said}, {LOSES}"
    return f"{left}: {said}, {LOSES}"


def _octal_lost_reason(rules: StickyNim, groups: StickyPosition) -> str:
    shown = groups_text(groups)
    left = f"{shown} {'is' if len(groups) == 1 else 'are'} left"
    if rules.misere:
        return f"{left}, {LOSES} (found by searching every reply)"
    values = line_values(rules.octal)
    grundy = ", ".join(str(values[g]) for g in groups)
    if len(groups) == 1:
        return f"{left}: its Grundy value is {grundy}, {LOSES}"
    return f"{left}: their Grundy values ({grundy}) xor to 0, {LOSES}"


def _left_at_end(rules: StickyNim, groups: StickyPosition) -> str:
    """"groups of 1, 1, 1 are left and no move of 0.07 fits": a code that cannot take every
    stick (Dawson's Kayles takes 2 at a time) ends with sticks on the line; "" when none is."""
    if not groups:
        return ""
    shown = groups_text(groups)
    verb = "is" if len(groups) == 1 else "are"
    return f"{shown} {verb} left and no move of {rules.octal.text} fits"


def description_schema() -> dict[str, Any]:
    """A line's description: the length of its line and the largest take (Sticky-Nim), or its
    code and ending (another octal game)."""
    return {
        "code": {
            "type": "string", "pattern": "^[04]?\\.[0-7]*$",
            "description": "an octal game's code (0.77 for Kayles); none for Sticky-Nim",
        },
        "ending": ending_schema(),
        "sticks": {
            "type": "integer", "minimum": 1, "maximum": STICKY_MAX,
            "description": "the sticks in the line at the start",
            "default": STICKY_DEFAULT_STICKS,
        },
        "max_take": {
            "type": "integer", "minimum": 1, "maximum": STICKY_MAX,
            "description": "the most adjacent sticks a move takes", "default": STICKY_DEFAULT_TAKE,
        },
    }


#: The move the legend reads as an example, and the legend's lines' width (``analyze``'s).
_EXAMPLE = StickyMove(6, 2, 1)
LEGEND_WIDTH = 80

WORDS: FamilyWords[StickyNim] = FamilyWords(
    position=lambda position: groups_text(groups_of(position)),
    move=move_text,
    legend=tuple(
        textwrap.wrap(
            f"\"{move_text(_EXAMPLE)}\": {move_sentence(_EXAMPLE)} on either side (a position "
            "names its groups of adjacent sticks).",
            LEGEND_WIDTH, subsequent_indent="  ", break_on_hyphens=False,
        )
    ),
    lost_reason=_lost_reason,
    left_at_end=lambda rules, position: _left_at_end(rules, groups_of(position)),
)


FAMILY = GameFamily(
    name=FAMILY_NAME,
    aliases=(OCTAL_WORD,),
    grammar="sticky:N[:K] or octal:CODE[:N][:misere|normal]",
    example="sticky:20:3",
    rules_type=StickyNim,
    parse=parse_spec,
    spec_of=spec_of,
    from_description=from_description,
    theory=theory,
    q_learning_offered=f"Sticky-Nim lines of up to {Q_LEARNING_MAX_STICKY} sticks",
    description_schema=description_schema,
    words=WORDS,
)

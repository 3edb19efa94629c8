"""Take-away games: a heap of sticks; a move takes one of the allowed amounts.

The Game of Sticks of the seeds (take 1, 2 or 3, taking the last stick loses) is one of them;
seed 003's game (takes 2, 3, 5, a player who cannot move loses) is another. Specs:
``sticks`` and ``takeaway:TAKES[:misere|normal]``, the heap coming from ``--sticks``.

Their theory (:class:`TakeAwayTheory`) is the solved table of heaps: which are lost, the period
the lost heaps follow (proved for every heap by :mod:`~sticks_tui.engine.period_proof`, not read
off the table), and seed 003's comparison of memoized search with plain recursion.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Hashable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from ..game import Capabilities, IllegalMove, RuleError
from ..numbers import whole_number_key
from ..period_proof import HeapPeriod, heap_period, known_heap_period
from ..solver import Solver, plain_recursion_calls
from ..words import LOSES, count_text, or_list, wrapped
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

#: The Game of Sticks of the seeds: 10 to 100 sticks, take 1, 2 or 3, taking the last one loses.
STICKS_MIN = 10
STICKS_MAX = 100
STICKS_TAKES = (1, 2, 3)
#: The heap a take-away game starts from when none is given.
DEFAULT_STICKS = 20
#: Hats the learning AI always has for a take-away game ("one hat per stick count 1..100").
DEFAULT_HAT_COUNT = 100
#: The most heaps the theory's table solves and lists (``solve`` prints it): a longer table is
#: refused, being too long to read and its solver's memory growing with it.
TABLE_HEAPS_MAX = 10_000


def _normalise_takes(takes: Any) -> tuple[int, ...]:
    try:
        values = tuple(sorted({int(t) for t in takes}))
    except (TypeError, ValueError):
        raise RuleError(f"allowed takes must be whole numbers, got {takes!r}") from None
    if not values:
        raise RuleError("at least one allowed take is needed")
    if values[0] < 1:
        raise RuleError(f"allowed takes must be at least 1, got {values[0]}")
    return values


@dataclass(frozen=True)
class TakeAway:
    """A heap of sticks; a move takes one of the allowed amounts, never more than are left.

    The Game of Sticks is ``TakeAway(sticks, takes=(1, 2, 3), misere=True)``; seed 003's game is
    ``TakeAway(n, takes=(2, 3, 5), misere=False)``.
    """

    sticks: int = DEFAULT_STICKS
    takes: tuple[int, ...] = STICKS_TAKES
    misere: bool = True

    def __post_init__(self) -> None:
        object.__setattr__(self, "takes", _normalise_takes(self.takes))
        if isinstance(self.sticks, bool) or not isinstance(self.sticks, int):
            raise RuleError(f"the number of sticks must be a whole number, got {self.sticks!r}")
        if self.sticks < 0:
            raise RuleError(f"the number of sticks cannot be negative, got {self.sticks}")
        object.__setattr__(self, "misere", bool(self.misere))

    @property
    def is_game_of_sticks(self) -> bool:
        return self.takes == STICKS_TAKES and self.misere

    @property
    def name(self) -> str:
        if self.is_game_of_sticks:
            return "Game of Sticks"
        ending = "last stick loses" if self.misere else "no move loses"
        return f"Take-away {{{', '.join(map(str, self.takes))}}}, {ending}"

    @property
    def key(self) -> str:
        return f"takeaway:{_takes_text(self.takes)}:{MISERE if self.misere else NORMAL}"

    @property
    def capabilities(self) -> Capabilities:
        return Capabilities(q_learning=True)

    def with_sticks(self, sticks: int) -> TakeAway:
        return TakeAway(sticks, self.takes, self.misere)

    def initial_position(self) -> int:
        return self.sticks

    def legal_moves(self, position: int) -> tuple[int, ...]:
        takes = self.takes  # sorted: the takes legal from a heap are the first few, or all
        if position >= takes[-1]:
            return takes
        if position < 0:
            raise IllegalMove(f"a heap cannot hold {position} sticks")
        return takes[: bisect_right(takes, position)]

    def apply(self, position: int, move: int) -> int:
        if move not in self.legal_moves(position):
            raise IllegalMove(f"cannot take {move} from a heap of {position}")
        return position - move

    def is_over(self, position: int) -> bool:
        return not self.legal_moves(position)

    def ball_kinds(self, position: int) -> tuple[int, ...]:
        return self.takes

    def hat_positions(self) -> tuple[int, ...]:
        return tuple(range(1, max(DEFAULT_HAT_COUNT, self.sticks) + 1))

    def describe(self) -> dict[str, Any]:
        return {
            "game": FAMILY_NAME,
            "takes": list(self.takes),
            "ending": MISERE if self.misere else NORMAL,
        }

    def position_key(self, position: int) -> str:
        return str(position)

    def position_from_key(self, key: str) -> int:
        return whole_number_key(key, "stick count")

    def move_key(self, move: int) -> str:
        return str(move)

    def move_from_key(self, key: str) -> int:
        return whole_number_key(key, "ball number")


def heap_of(value: Hashable) -> int:
    """A take-away position (a heap) or move (a take) handed in as some game's
    (:data:`~sticks_tui.engine.game.Rules`): a whole number, else :class:`IllegalMove`."""
    if isinstance(value, int):
        return value
    raise IllegalMove(f"a take-away position or move is a whole number, got {value!r}")


def game_of_sticks(sticks: int = 20) -> TakeAway:
    """The seeds' Game of Sticks with ``sticks`` on the table."""
    return TakeAway(sticks, STICKS_TAKES, misere=True)


def _takes_text(takes: tuple[int, ...]) -> str:
    return ",".join(map(str, takes))


# -- the registry's view ---------------------------------------------------------------------------

FAMILY_NAME = "takeaway"
#: The word that names the Game of Sticks itself.
STICKS_WORD = "sticks"


def parse_spec(spec: Spec) -> TakeAway:
    """``sticks`` or ``takeaway:TAKES[:misere|normal]``; the heap is ``spec.sticks``."""
    sticks = DEFAULT_STICKS if spec.sticks is None else spec.sticks
    if sticks < 0:
        raise GameSpecError(f"a heap cannot hold {sticks} sticks")
    if spec.word == STICKS_WORD:
        spec.at_most(0)
        return game_of_sticks(sticks)
    spec.at_most(2)
    takes = whole_numbers(spec.part(0), "takes")
    if 0 in takes:
        raise GameSpecError("a move takes at least 1 stick, got 0")
    return TakeAway(sticks, takes, ending_is_misere(spec.part(1)))


def spec_of(rules: TakeAway) -> str:
    """``sticks`` for the Game of Sticks, else ``takeaway:TAKES`` with ``:normal`` if so."""
    if rules.is_game_of_sticks:
        return STICKS_WORD
    return f"{FAMILY_NAME}:{_takes_text(rules.takes)}{ending_part(rules.misere)}"


def from_description(description: Mapping[str, Any], sticks: int | None) -> TakeAway:
    """Rebuild :class:`TakeAway` from :meth:`TakeAway.describe` output, on a heap of ``sticks``."""
    misere = description_ending(description)
    takes = description.get("takes", list(STICKS_TAKES))
    if not isinstance(takes, list) or not all(
        isinstance(t, int) and not isinstance(t, bool) for t in takes
    ):
        raise RuleError(f"takes must be a list of whole numbers, got {takes!r}")
    return TakeAway(DEFAULT_STICKS if sticks is None else sticks, tuple(takes), misere)


# -- the theory ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class HeapAnswer:
    """One row of the table: a heap, who wins it, and how."""

    sticks: int
    won: bool
    """Whether the player to move wins with perfect play."""
    winning_moves: tuple[int, ...]
    can_move: bool
    """False when no take fits the heap (the game is over there)."""


@dataclass(frozen=True)
class TakeAwayTheory:
    """Every heap from 1 to the rules' heap solved, the proved period of the lost heaps (for
    every heap, however many the table shows), and the work.

    ``memoized_evaluations`` is what a fresh memoized solver asks to solve the whole heap,
    seed 003's count; ``plain_recursion_calls`` what seed 003's plain recursion would make,
    None where that recursion does not fit the game: a misère game, or one where it would
    misjudge a heap (``plain_recursion_misjudges``; see :func:`_plain_recursion`).
    """

    kind: ClassVar[str] = "takeaway"

    rules: TakeAway
    positions: tuple[HeapAnswer, ...]
    period: HeapPeriod
    memoized_evaluations: int
    plain_recursion_calls: int | None
    plain_recursion_misjudges: int | None

    @property
    def lost(self) -> list[int]:
        """The heaps lost for the player to move, in order."""
        return [p.sticks for p in self.positions if not p.won]

    def to_dict(self) -> dict[str, Any]:
        period = self.period
        return {
            "sticks": self.rules.sticks,
            "positions": [
                {
                    "sticks": p.sticks,
                    "outcome": "won" if p.won else "lost",
                    "winning_moves": list(p.winning_moves),
                }
                for p in self.positions
            ],
            "lost_positions": self.lost,
            "rule": {
                "proved": period.proved,
                "description": period.describe(),
                "period": period.period,
                "lost_residues": list(period.residues) if period.proved else None,
                "from_sticks": period.start if period.proved else None,
                "checked_up_to": period.checked_up_to,
            },
            "evaluations": {
                "memoized": self.memoized_evaluations,
                "plain_recursion": self.plain_recursion_calls,
            },
        }

    def lines(self, name: str, width: int, answer_first: bool = False) -> Iterator[str]:
        """One row per heap size, then the lost positions, the rule, its proof and the counts
        (with ``answer_first``, those before the table)."""
        yield from wrapped(f"{self.rules.name}: {_takeaway_sentence(self.rules)}", width)
        yield ""
        if answer_first:
            yield from _summary_lines(self, width)
            yield ""
            yield from _table_lines(self)
        else:
            yield from _table_lines(self)
            yield ""
            yield from _summary_lines(self, width)


def theory(rules: TakeAway) -> TakeAwayTheory:
    """Solve heaps 1..rules.sticks (at most :data:`TABLE_HEAPS_MAX`); the memoized count is a
    fresh solver's for the whole heap, the count seed 003 compares with plain recursion. The
    period is the game's proof (made once per game, see :func:`heap_period`)."""
    if rules.sticks > TABLE_HEAPS_MAX:
        raise RuleError(
            f"the table of heaps is solved up to {TABLE_HEAPS_MAX:,} sticks, got {rules.sticks:,}"
        )
    solver: Solver[int, int] = Solver(rules)
    solver.is_won(rules.sticks)
    evaluations = solver.evaluations
    positions = tuple(
        HeapAnswer(n, solver.is_won(n), solver.winning_moves(n), bool(rules.legal_moves(n)))
        for n in range(1, rules.sticks + 1)
    )
    calls, misjudged = _plain_recursion(rules, solver)
    return TakeAwayTheory(
        rules, positions, heap_period(rules), evaluations, calls, misjudged
    )


def _plain_recursion(rules: TakeAway, solver: Solver[int, int]) -> tuple[int | None, int | None]:
    """(calls seed 003's un-memoized ``can_win`` would make, the heap it would misjudge).

    Seed 003's recursion is written for the ending where a player who cannot move loses, and it
    tries every take even when it exceeds the heap (a heap below zero counts as "cannot move").
    That is only the game's own recursion when no lost heap is smaller than the largest take
    while still allowing a move; otherwise seed 003's function would misjudge that heap, and
    counting its calls would compare the solver with a wrong program. Misère: (None, None).
    """
    if rules.misere:
        return None, None
    smallest, largest = rules.takes[0], rules.takes[-1]
    for n in range(smallest, min(largest, rules.sticks + 1)):
        if solver.is_lost(n):
            return None, n
    return plain_recursion_calls(rules.sticks, rules.takes, smallest), None


# -- the theory in words -------------------------------------------------------------------------
def _table_lines(theory: TakeAwayTheory) -> Iterator[str]:
    rules = theory.rules
    width = max(len("sticks"), len(str(rules.sticks)))
    yield f"{'sticks':>{width}}  player to move  winning move"
    yield f"{'-' * width}  --------------  ------------"
    for p in theory.positions:
        outcome = "wins" if p.won else "loses"
        yield f"{p.sticks:>{width}}  {outcome:<14}  {_heap_moves_text(p)}".rstrip()


def _summary_lines(theory: TakeAwayTheory, width: int) -> Iterator[str]:
    rules = theory.rules
    lost = theory.lost
    yield from wrapped(
        "Lost for the player to move: " + (", ".join(map(str, lost)) if lost else "none"), width
    )
    period = theory.period
    yield from wrapped(f"Rule: {period.describe()}", width)
    if period.period is not None:
        yield _period_text(period.period, period.start)
    yield from wrapped(_period_proof_text(period), width)
    counts = [
        f"Solver remembering each heap it solved: {theory.memoized_evaluations:,} "
        f"{'evaluation' if theory.memoized_evaluations == 1 else 'evaluations'} to solve "
        f"{rules.sticks} sticks"
    ]
    if theory.plain_recursion_calls is not None:
        counts.append(
            "Solver solving every heap again each time it meets it: "
            f"{count_text(theory.plain_recursion_calls)} calls"
        )
    elif rules.misere:
        counts.append('(The count without remembering is given for the ending "no move loses".)')
    elif theory.plain_recursion_misjudges is not None:
        n = theory.plain_recursion_misjudges
        counts.append(
            f"(No count without remembering: that solver would take {rules.takes[-1]} from {n} "
            f"sticks and misjudge {n}.)"
        )
    for line in counts:
        yield from wrapped(line, width)


def _period_proof_text(period: HeapPeriod) -> str:
    """Why the period holds for every heap, or why no rule is stated."""
    largest = period.takes[-1]
    below = f"the {largest:,} heaps below it" if largest > 1 else "the heap below it"
    follows = f"each heap from {_sticks(largest)} on follows from {below}"
    if period.period is None:
        return (
            f"(A rule is stated only when proved: {follows}, so a period is proved once it "
            f"holds for {largest:,} heaps in a row; heaps 0 to {period.checked_up_to:,} prove "
            "none.)"
        )
    first, last = period.start, period.start + largest - 1
    if first == last:
        repeat = f"heap {first} wins or loses as the heap {period.period} above it does"
    else:
        repeat = f"heaps {first} to {last} win or lose as the heaps {period.period} above them do"
    where = "every heap" if not period.start else f"every heap from {_sticks(period.start)} on"
    return f"Proved: {follows}, and {repeat}, so the period holds for {where}."


def _sticks(count: int) -> str:
    return "1 stick" if count == 1 else f"{count:,} sticks"


def _period_text(period: int, start: int) -> str:
    """"Period: 4 (wins and losses repeat every 4 sticks)", and from where if not the start."""
    sticks = "stick" if period == 1 else f"{period} sticks"
    since = f" from {start} sticks on" if start else ""
    return f"Period: {period} (wins and losses repeat every {sticks}{since})"


def _takeaway_sentence(rules: TakeAway) -> str:
    """"take 1, 2 or 3 sticks a turn; whoever takes the last stick loses." """
    ending = (
        "whoever takes the last stick loses" if rules.misere else "a player who cannot move loses"
    )
    sticks = "stick" if rules.takes == (1,) else "sticks"
    return f"take {or_list(rules.takes)} {sticks} a turn; {ending}."


def _heap_moves_text(position: HeapAnswer) -> str:
    if not position.can_move:
        return "- (no move possible)"
    if not position.winning_moves:
        return "- (every move loses)"
    return f"take {or_list(position.winning_moves)}"


def _lost_reason(rules: TakeAway, position: Hashable, after_move: bool) -> str:
    """"13 sticks are left, 1 more than a multiple of 4, and that loses for the player to move"
    (the proved period of the lost heaps, once :func:`heap_period` has proved it: without one,
    not proved yet or none, for a heap before the period starts, and for a heap smaller than the
    period, which no multiple of it says anything about, the heap is only said to lose)."""
    sticks = heap_of(position)
    period = known_heap_period(rules)
    left = _left(sticks)
    if period is None or period.period is None or sticks < max(period.start, period.period):
        return f"{left}, {LOSES}"
    rest = sticks % period.period
    where = f"a multiple of {period.period}" if rest == 0 else (
        f"{rest} more than a multiple of {period.period}"
    )
    return f"{left}, {where}, {LOSES}"


def _left(sticks: int) -> str:
    return "1 stick is left" if sticks == 1 else f"{sticks} sticks are left"


def _left_at_end(rules: TakeAway, position: Hashable) -> str:
    """"1 stick is left and no take fits": a game whose takes cannot empty the heap ({2, 5, 7}
    at 1 stick) ends with sticks on the table; "" when the heap is empty."""
    sticks = heap_of(position)
    return f"{_left(sticks)} and no take fits" if sticks else ""


def description_schema() -> dict[str, Any]:
    """A take-away game's description: the takes allowed and the ending (its heap is not part
    of it: a brain serves every heap)."""
    return {
        "takes": {
            "type": "array", "items": {"type": "integer", "minimum": 1}, "minItems": 1,
            "uniqueItems": True, "description": "the sticks a move may take, smallest first",
            "default": list(STICKS_TAKES),
        },
        "ending": ending_schema(),
    }


FAMILY = GameFamily(
    name=FAMILY_NAME,
    grammar="sticks or takeaway:TAKES[:misere|normal]",
    example="takeaway:2,3,5:normal",
    rules_type=TakeAway,
    parse=parse_spec,
    spec_of=spec_of,
    from_description=from_description,
    aliases=(STICKS_WORD,),
    takes_sticks=True,
    theory=theory,
    prepare=heap_period,
    q_learning_offered="every take-away game",
    description_schema=description_schema,
    words=FamilyWords(
        position=str, move=str, heading="n", lost_reason=_lost_reason, left_at_end=_left_at_end
    ),
)

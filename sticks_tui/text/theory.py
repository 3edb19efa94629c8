"""A game's theory in words: what ``sticks-tui solve`` prints (SPEC section 9).

The engine gives the theory as data (:func:`sticks_tui.engine.games.theory_of`), one kind per
family; here each kind gets its words: take-away games their table of heaps and its period, Nim
the nim-sum in binary and the misère twist, Sticky-Nim the Grundy values of a group, its octal
code and the lost configurations. A game that brings no theory of its own gets the solver's
answer from the start.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Iterator, Sequence
from itertools import groupby

from ..engine.games.nim import NimTheory
from ..engine.games.sticky import StickyNimTheory
from ..engine.games.takeaway import HeapAnswer, TakeAway, TakeAwayTheory
from ..engine.period_proof import HeapPeriod
from ..engine.theory import SearchTheory, Theory

#: Exact call counts larger than this are shown as "about m × 10^e".
EXACT_DIGITS_SHOWN = 15
#: Lines are wrapped to this width.
WIDTH = 100
#: Grundy values shown per row.
GRUNDY_PER_ROW = 10


def theory_lines(theory: Theory, name: str, width: int = WIDTH) -> list[str]:
    """The theory of the game called ``name``, as lines of at most ``width`` characters (where
    words allow)."""
    match theory:
        case TakeAwayTheory():
            return list(takeaway_lines(theory, width=width))
        case NimTheory():
            return list(nim_lines(theory, name, width))
        case StickyNimTheory():
            return list(sticky_lines(theory, name, width))
        case SearchTheory():
            return list(search_lines(theory, width))
    return [f"{name}: no theory to show for this game ({theory.kind})."]


def theory_panel_lines(theory: Theory, name: str, width: int) -> list[str]:
    """The theory as the app's panel shows it: what ``solve`` prints, the answer first (a
    take-away game's lost positions and rule above its table of heaps, which a reader scrolls)."""
    if isinstance(theory, TakeAwayTheory):
        return list(takeaway_lines(theory, summary_first=True, width=width))
    return theory_lines(theory, name, width)


# -- take-away ---------------------------------------------------------------------------------
def takeaway_lines(
    theory: TakeAwayTheory, summary_first: bool = False, width: int = WIDTH
) -> Iterator[str]:
    """One row per heap size, then the lost positions, the rule, its proof and the counts (with
    ``summary_first``, those before the table)."""
    yield from _wrapped(f"{theory.rules.name}: {takeaway_sentence(theory.rules)}", width)
    yield ""
    if summary_first:
        yield from _takeaway_summary(theory, width)
        yield ""
        yield from _takeaway_table(theory)
    else:
        yield from _takeaway_table(theory)
        yield ""
        yield from _takeaway_summary(theory, width)


def _takeaway_table(theory: TakeAwayTheory) -> Iterator[str]:
    rules = theory.rules
    width = max(len("sticks"), len(str(rules.sticks)))
    yield f"{'sticks':>{width}}  player to move  winning move"
    yield f"{'-' * width}  --------------  ------------"
    for p in theory.positions:
        outcome = "wins" if p.won else "loses"
        yield f"{p.sticks:>{width}}  {outcome:<14}  {_heap_moves_text(p)}".rstrip()


def _takeaway_summary(theory: TakeAwayTheory, width: int = WIDTH) -> Iterator[str]:
    rules = theory.rules
    lost = theory.lost
    yield from _wrapped(
        "Lost for the player to move: " + (", ".join(map(str, lost)) if lost else "none"), width
    )
    period = theory.period
    yield from _wrapped(f"Rule: {period.describe()}", width)
    if period.period is not None:
        yield period_text(period.period, period.start)
    yield from _wrapped(period_proof_text(period), width)
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
        yield from _wrapped(line, width)


def period_proof_text(period: HeapPeriod) -> str:
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


def period_text(period: int, start: int) -> str:
    """"Period: 4 (wins and losses repeat every 4 sticks)", and from where if not the start."""
    sticks = "stick" if period == 1 else f"{period} sticks"
    since = f" from {start} sticks on" if start else ""
    return f"Period: {period} (wins and losses repeat every {sticks}{since})"


def takeaway_sentence(rules: TakeAway) -> str:
    """"take 1, 2 or 3 sticks a turn; whoever takes the last stick loses." """
    ending = (
        "whoever takes the last stick loses" if rules.misere else "a player who cannot move loses"
    )
    sticks = "stick" if rules.takes == (1,) else "sticks"
    return f"take {or_list(rules.takes)} {sticks} a turn; {ending}."


def or_list(numbers: Iterable[int]) -> str:
    """``(1, 2, 3)`` -> ``"1, 2 or 3"``."""
    words = [str(n) for n in numbers]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


def _heap_moves_text(position: HeapAnswer) -> str:
    if not position.can_move:
        return "- (no move possible)"
    if not position.winning_moves:
        return "- (every move loses)"
    return f"take {or_list(position.winning_moves)}"


def count_text(count: int) -> str:
    """Exact with thousands separators, or "about 1.2 × 10^40" when too long to read."""
    digits = str(count)
    if len(digits) <= EXACT_DIGITS_SHOWN:
        return f"{count:,}"
    return f"about {digits[0]}.{digits[1:3]} × 10^{len(digits) - 1}"


# -- Nim ---------------------------------------------------------------------------------------
def nim_lines(theory: NimTheory, name: str, width: int = WIDTH) -> Iterator[str]:
    """The piles in binary with their nim-sum, the rule, the misère twist, the start."""
    ending = "whoever takes the last object loses" if theory.misere else (
        "whoever takes the last object wins"
    )
    yield from _wrapped(f"{name}: take any number of objects from one pile; {ending}.", width)
    yield ""
    yield "The nim-sum: each pile in binary, the columns added without carrying (XOR):"
    label_width = max(len("nim-sum"), len(f"pile {len(theory.piles) - 1}"))
    size_width = len(str(max(theory.piles)))
    for pile, size in enumerate(theory.piles):
        yield f"  {f'pile {pile}':<{label_width}}  {size:>{size_width}}  {theory.binary(size)}"
    yield f"  {'-' * label_width}  {'-' * size_width}  {'-' * theory.bits}"
    total = theory.nim_sum
    yield f"  {'nim-sum':<{label_width}}  {total:>{size_width}}  {theory.binary(total)}"
    yield ""
    yield from _wrapped(
        "Rule (Bouton): the player to move loses exactly when the nim-sum is 0; a winning move "
        "makes the nim-sum 0, and every move from a nim-sum of 0 makes it nonzero.",
        width,
    )
    if theory.misere:
        yield from _wrapped(
            "The misère twist (whoever takes the last object loses): play by the nim-sum until "
            "your move would leave every pile at 0 or 1; then leave an odd number of 1-piles, "
            "so that your opponent takes the last object.",
            width,
        )
    yield ""
    yield from _wrapped(_nim_start_text(theory), width)


def _nim_start_text(theory: NimTheory) -> str:
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
        f"take {w.move[1]} from pile {w.move[0]} (leaves {_nim_leaves_text(theory, w.leaves)})"
        for w in start.winning_moves
    )
    plural = "s" if len(start.winning_moves) > 1 else ""
    return (
        f"From the start ({piles}): {why}, so the player to move wins. "
        f"Winning move{plural} (piles counted from 0, as on the board): {moves}."
    )


def _nim_leaves_text(theory: NimTheory, leaves: Sequence[int]) -> str:
    piles = ", ".join(map(str, leaves))
    if theory.misere and all(size <= 1 for size in leaves):
        ones = sum(leaves)
        return f"{piles}: {ones} {'pile' if ones == 1 else 'piles'} of 1, an odd number"
    total = 0
    for size in leaves:
        total ^= size
    return f"{piles}: nim-sum {total}"


def _parity(number: int) -> str:
    return "odd" if number % 2 else "even"


# -- Sticky-Nim ----------------------------------------------------------------------------------
def sticky_lines(theory: StickyNimTheory, name: str, width: int = WIDTH) -> Iterator[str]:
    """The octal code, the Grundy values of a group, how the misère game is decided, its lost
    configurations, and the start."""
    k = theory.max_take
    yield from _wrapped(
        f"{name}: a line of {theory.sticks} sticks; a move takes 1 to {k} sticks next to each "
        "other; whoever takes the last stick loses.",
        width,
    )
    yield ""
    yield from _wrapped(
        f"As an octal game: {theory.octal_code} (one 7 for each take from 1 to {k}: a take of "
        "that many sticks may leave no group, one group or two groups).",
        width,
    )
    yield ""
    yield from _wrapped(
        "Grundy values of one group of n sticks (normal play, where taking the last stick "
        "wins):",
        width,
    )
    yield from _grundy_table(theory.grundy)
    yield from _wrapped(
        "In normal play a configuration is lost exactly when its groups' values xor to 0.", width
    )
    yield ""
    yield from _wrapped(_misere_text(theory), width)
    yield ""
    lost = theory.lost_configurations
    yield from _wrapped(
        f"Lost configurations (the player to move loses), of all a line of up to "
        f"{theory.listed_up_to} sticks can reach: {len(lost)}",
        width,
    )
    yield from _configurations_by_sticks(lost, width)
    yield ""
    yield from _wrapped(_sticky_start_text(theory), width)


def _grundy_table(values: Sequence[int]) -> Iterator[str]:
    """Rows of ten: the value of n sticks is in the row of n's tens, the column of its ones."""
    width = max(2, len(str(max(values))), len(f"+{GRUNDY_PER_ROW - 1}"))
    row_width = max(len("n"), len(str(len(values) - 1)))
    yield f"  {'n':>{row_width}}" + "".join(
        f"{f'+{i}':>{width + 1}}" for i in range(min(GRUNDY_PER_ROW, len(values)))
    )
    for first in range(0, len(values), GRUNDY_PER_ROW):
        row = values[first : first + GRUNDY_PER_ROW]
        yield f"  {first:>{row_width}}" + "".join(f"{g:>{width + 1}}" for g in row)


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
            f": misère Nim's rule on them gets {configuration_text(example)} wrong (the player "
            f"to move {truth} there)"
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
        yield from _packed([configuration_text(c) for c in group], label, width)


def _packed(items: Sequence[str], label: str, width: int) -> Iterator[str]:
    """``items`` two spaces apart, in lines of at most :data:`WIDTH`, the first after
    ``label`` and the others under it."""
    line = label
    for item in items:
        if line.strip() and line != label and len(line) + 2 + len(item) > width:
            yield line
            line = " " * len(label)
        line += item if line.isspace() or line == label else "  " + item
    yield line


def configuration_text(groups: Sequence[int]) -> str:
    """Seed 004's way of writing a configuration: ``[3, 2, 1]``."""
    return "[" + ", ".join(map(str, groups)) + "]"


def _sticky_start_text(theory: StickyNimTheory) -> str:
    start = theory.start
    if not start.won:
        return (
            f"From the start (a line of {theory.sticks}): the player to move loses against "
            "perfect play: every move leaves a configuration that wins."
        )
    moves = "; ".join(
        f"take {w.move.take} leaving {configuration_text(w.leaves)}" for w in start.winning_moves
    )
    plural = "s" if len(start.winning_moves) > 1 else ""
    return (
        f"From the start (a line of {theory.sticks}): the player to move wins. Winning "
        f"move{plural}: {moves}."
    )


# -- any other game ------------------------------------------------------------------------------
def search_lines(theory: SearchTheory, width: int = WIDTH) -> Iterator[str]:
    """The solver's answer from the start, in the rules' own keys."""
    outcome = "wins" if theory.won else "loses"
    yield f"{theory.game}: the solver's answer (this game brings no theory of its own)."
    yield ""
    yield f"From the start ({theory.start}): the player to move {outcome} with perfect play."
    if theory.winning_moves:
        yield from _wrapped(
            "Winning moves: "
            + "; ".join(f"{move} (leaves {leaves})" for move, leaves in theory.winning_moves),
            width,
        )
    if theory.lost_positions is not None:
        yield from _wrapped(
            f"Lost for the player to move ({len(theory.lost_positions)} of the "
            f"{theory.reachable} positions reachable from the start): "
            + "; ".join(theory.lost_positions),
            width,
        )


def _wrapped(text: str, width: int) -> list[str]:
    return textwrap.wrap(text, width, break_on_hyphens=False, break_long_words=False)

"""What a brain has learned, as text: the analysis table, the rules found and the learning curve.

``sticks-tui analyze`` prints it; the app's analysis screen shows the same cells and lines. A
hat AI's table shows how sure each hat is (the preferred ball's share) and the balls gained; a
Q-learner's shows its values. Positions and moves are named in the game's words
(:mod:`.moves`), and a table of a game whose positions are not stick counts fits 80 columns.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence

from ..engine.analysis import (
    DISAGREE,
    Analysis,
    PositionReport,
)
from ..engine.game import Rules
from ..engine.learners import learner_kind
from ..engine.learners.base import FIRST_LEARNER, LOST, UNDECIDED, CurvePoint
from ..engine.learners.kind import LearnerWords
from .moves import move_legend, move_words, moves_words, position_heading, position_words

_LEARNED_WORDS = {LOST: "yes", UNDECIDED: "?"}
TABLE_HEADER = ("n", "AI move", "confidence", "gained", "learned lost?", "solver move", "agree?")
#: A Q-learner's table of a take-away game: its values where hats show their balls.
Q_TABLE_HEADER = ("n", "AI move", "value", "next best", "learned lost?", "solver move", "agree?")
#: The app's table of a take-away game (narrower words than the command's).
SCREEN_HEADER = ("n", "AI move", "sure", "gained", "lost?", "solver", "agree?")
#: ... of a learner that holds values (a Q-learner's).
SCREEN_VALUES_HEADER = ("n", "AI move", "value", "next", "lost?", "solver", "agree?")
#: How wide a table of positions that are not stick counts may be.
TABLE_WIDTH = 80
_DISAGREEMENT_MARK = "NO  <--"
#: How ``agree?`` is read (one rule for every learner and game), printed under the table.
AGREEMENT_RULE = (
    "agree?: where a move wins, yes when the AI's move is a winning one, NO when a losing move "
    "is ahead of every winning one, however sure the AI is, ? when they tie; where every move "
    "loses, yes once it learned the position is lost, NO if it learned it is won, ? until then."
)


def _words(analysis: Analysis) -> LearnerWords:
    """The words of the analysed brain's learner."""
    words: LearnerWords = learner_kind(analysis.learner).words
    return words


def render_text(analysis: Analysis) -> str:
    """The whole analysis as plain text: table, rules, learning curve."""
    words = _words(analysis)
    lines = [f"{analysis.rules_name}: {words.analysed} after {analysis.games_played:,} games"]
    if analysis.changed_settings:
        lines.append(
            f"Learning settings changed from the defaults: "
            f"{settings_words(analysis.changed_settings)}"
        )
    lines.append("")
    lines += table_lines(analysis)
    lines += ["", *_legend(analysis), ""]
    lines += rules_lines(analysis)
    lines += [""]
    lines += curve_lines(analysis.learning_curve, words)
    return "\n".join(lines) + "\n"


def settings_words(changes: Mapping[str, float]) -> str:
    """Learning settings that differ from the defaults: ``epsilon=0.25, floor=2``."""
    if not changes:
        return "defaults"
    return ", ".join(f"{name}={value:g}" for name, value in sorted(changes.items()))


def table_lines(analysis: Analysis) -> list[str]:
    """The table of positions, the header in the learner's and the game's words."""
    rules = analysis.rules
    q = not analysis.counts
    stick_counts = rules is None or position_heading(rules) == "n"
    header = _header(rules, q, stick_counts)
    rows = [
        _marked(q_cells(p, rules) if q else position_cells(p, rules))
        for p in analysis.positions
    ]
    if stick_counts:
        return _table(rows, header)  # as it always was: a heap and a few takes fit anyway
    return _wrapped_table(rows, header, wrapped=(0, len(header) - 2))


def _header(rules: Rules | None, q: bool, stick_counts: bool) -> tuple[str, ...]:
    if stick_counts:
        return Q_TABLE_HEADER if q else TABLE_HEADER
    heading = position_heading(rules) if rules is not None else "position"
    if q:
        return (heading, "AI move", "value", "next", "lost?", "solver moves", "agree?")
    return (heading, "AI move", "sure", "gained", "lost?", "solver moves", "agree?")


def _marked(cells: tuple[str, ...]) -> tuple[str, ...]:
    return (*cells[:-1], _DISAGREEMENT_MARK) if cells[-1] == DISAGREE else cells


def _wrapped_table(
    rows: Sequence[tuple[str, ...]], header: tuple[str, ...], wrapped: tuple[int, ...]
) -> list[str]:
    """A table no wider than :data:`TABLE_WIDTH` where it can be: the ``wrapped`` columns
    (positions, the solver's moves: lists joined by ", ") continue on the lines below."""
    widths, fitted = fit_columns(rows, header, wrapped, TABLE_WIDTH, gap=2)

    def line(cells: Sequence[str]) -> str:
        return "  ".join(cell.ljust(w) for cell, w in zip(cells, widths)).rstrip()

    lines = [line(header), line(["-" * w for w in widths])]
    for parts in fitted:
        height = max(len(part) for part in parts)
        for k in range(height):
            lines.append(line([part[k] if k < len(part) else "" for part in parts]))
    return lines


def fit_columns(
    rows: Sequence[tuple[str, ...]],
    header: tuple[str, ...],
    wrapped: tuple[int, ...],
    width: int,
    gap: int,
) -> tuple[list[int], list[list[list[str]]]]:
    """Column widths that fit ``width`` (``gap`` between columns) where they can, and each row's
    cells as lines: the ``wrapped`` columns (the first a list joined by ", " broken after its
    commas, the others lists of moves, one a line when they must) give way first."""
    natural = [max(len(cell) for cell in column) for column in zip(header, *rows)]
    first, *others = wrapped  # the first wrapped column gets what the others leave
    least = [
        max(len(header[i]), *(len(item) for row in rows for item in _items(row[i], i == first)))
        if i in wrapped else natural[i]
        for i in range(len(header))
    ]
    room = width - gap * (len(header) - 1) - sum(
        natural[i] for i in range(len(header)) if i not in wrapped
    )
    widths = list(natural)
    for i in others:
        widths[i] = max(least[i], min(natural[i], room - natural[first]))
        room -= widths[i]
    widths[first] = max(least[first], min(natural[first], room))
    fitted = [
        [
            _wrap(cell, widths[i], commas=i == first) if i in wrapped else [cell]
            for i, cell in enumerate(row)
        ]
        for row in rows
    ]
    return widths, fitted


def screen_table(analysis: Analysis, width: int) -> tuple[tuple[str, ...], list[tuple[str, ...]]]:
    """The app's table: its header and rows, in the game's words, the columns of what the
    learner holds (a hat AI's counts, a Q-learner's values), fitting ``width`` columns with one
    space between columns (a cell of several lines where a list must wrap). The last cell of a
    row is the agreement as the analysis gives it (the screen marks it)."""
    rules = analysis.rules
    values = not analysis.counts
    stick_counts = rules is None or position_heading(rules) == "n"
    cells = q_cells if values else position_cells
    rows = [cells(p, rules) for p in analysis.positions]
    if stick_counts:
        return (SCREEN_VALUES_HEADER if values else SCREEN_HEADER), rows
    header = _header(rules, values, stick_counts)
    _widths, fitted = fit_columns(rows, header, (0, len(header) - 2), width, gap=1)
    return header, [tuple("\n".join(lines) for lines in cells) for cells in fitted]


#: How to read the app's table, a column a line (each fits 76 columns).
SCREEN_LEGEND = (
    "sure: how often the AI draws its move (that ball's share of the hat).",
    "gained: balls its wins added to the hat here and to the moves into here.",
    "lost?: yes when it learned that whoever moves here loses; ?: not clear yet.",
)


#: ... of a table of values (a Q-learner's).
SCREEN_VALUES_LEGEND = (
    "value: the best value the AI learned here (its move's); next: the second.",
    "Near the win reward the AI expects to win, near the loss reward to lose.",
    "lost?: yes when the best value is near the loss reward; ?: not clear yet.",
)


def sure_words(analysis: Analysis) -> str:
    """How to read the table's columns ("sure", "gained", "lost?", or "value", "next",
    "lost?"), a line each, and, for games whose positions are not stick counts, its moves."""
    legend = list(move_legend(analysis.rules)) if analysis.rules is not None else []
    moves = " ".join(part.strip() for part in legend)
    columns = SCREEN_LEGEND if analysis.counts else SCREEN_VALUES_LEGEND
    return "\n".join([*columns, *([moves] if moves else [])])


def _items(cell: str, commas: bool) -> list[str]:
    """A cell's items, each kept whole on a line: "1, 3, 5, 7" -> "1,", "3,", "5,", "7" (with
    ``commas``; without, "1", "3"...: a list of moves, each then on a line of its own)."""
    items = cell.split(", ")
    return [item + "," for item in items[:-1]] + items[-1:] if commas else items


def _wrap(cell: str, width: int, commas: bool) -> list[str]:
    """``cell`` on lines of at most ``width`` characters, broken only between its items."""
    joint = " " if commas else ", "
    lines: list[str] = []
    for item in _items(cell, commas):
        if lines and len(lines[-1]) + len(joint) + len(item) <= width:
            lines[-1] += joint + item
        else:
            lines.append(item)
    return lines


def position_cells(p: PositionReport, rules: Rules | None = None) -> tuple[str, ...]:
    """One row of a hat AI's table (shared with the app's analysis screen), cells as in
    TABLE_HEADER; with ``rules``, positions and moves in the game's words."""
    if p.preferred is None:
        move, confidence = "-", "-"
    elif p.tied:
        move, confidence = "even", f"{p.confidence:.0%}"
    else:
        move, confidence = _move(p.preferred, rules), f"{p.confidence:.0%}"
    return (
        _position(p, rules),
        move,
        confidence,
        f"{p.evidence:,}",
        _learned(p),
        _solver_words(p, rules),
        p.agreement,
    )


def q_cells(p: PositionReport, rules: Rules | None = None) -> tuple[str, ...]:
    """One row of a Q-learner's table: the preferred move, its value and the next best."""
    if p.preferred is None:
        move = value = runner_up = "-"
    else:
        move = "even" if p.tied else _move(p.preferred, rules)
        learned = p.values_learned > 0
        value = f"{p.confidence:+.2f}" if learned else "-"
        second = p.runner_up
        runner_up = f"{second:+.2f}" if learned and second is not None else "-"
    return (
        _position(p, rules), move, value, runner_up, _learned(p), _solver_words(p, rules),
        p.agreement,
    )


def _position(p: PositionReport, rules: Rules | None) -> str:
    return str(p.position) if rules is None else position_words(rules, p.position)


def _move(move: object, rules: Rules | None) -> str:
    return str(move) if rules is None else move_words(rules, move)


def _learned(p: PositionReport) -> str:
    return _LEARNED_WORDS.get(p.learned, "no") + (" (game over)" if p.terminal else "")


def _solver_words(p: PositionReport, rules: Rules | None) -> str:
    if p.terminal:
        return "no move"
    if not p.winning_moves:
        return "any (lost)"
    if rules is None:
        return ", ".join(map(str, p.winning_moves))
    return moves_words(rules, p.winning_moves)


def _table(rows: Sequence[tuple[str, ...]], header: tuple[str, ...]) -> list[str]:
    widths = [max(len(cell) for cell in column) for column in zip(header, *rows)]
    def line(cells: tuple[str, ...]) -> str:
        return "  ".join(cell.rjust(w) if i == 0 else cell.ljust(w)
                         for i, (cell, w) in enumerate(zip(cells, widths))).rstrip()
    return [line(header), line(tuple("-" * w for w in widths))] + [line(r) for r in rows]


def _legend(analysis: Analysis) -> list[str]:
    stick_counts = analysis.rules is None or position_heading(analysis.rules) == "n"
    if analysis.counts and stick_counts:  # today's words for today's table
        lines = [
            "confidence: the preferred ball's share of the legal balls in the hat.",
            "gained: balls the AI's wins added to the hat here and to the moves into here.",
            "learned lost?: yes when the hat never grew while the moves into it did; ? when the "
            "hats",
            "  do not say yet (too few balls gained, or mixed); with no move left, the rules say "
            "it.",
        ]
    else:
        lines = [
            line
            for paragraph in _legend_paragraphs(not analysis.counts, stick_counts)
            for line in textwrap.wrap(paragraph, TABLE_WIDTH, subsequent_indent="  ")
        ]
    lines += textwrap.wrap(AGREEMENT_RULE, TABLE_WIDTH, subsequent_indent="  ")
    if analysis.rules is not None:
        lines += move_legend(analysis.rules)
    return lines


def _legend_paragraphs(q: bool, stick_counts: bool) -> list[str]:
    lost = "learned lost?" if stick_counts else "lost?"
    if q:
        return [
            f"value: the best Q-value at the position (that of the AI's move); "
            f"{'next best' if stick_counts else 'next'}: the second best. Near the win reward "
            "the AI expects to win, near the loss reward to lose.",
            f"{lost}: yes when the best value is near the loss reward, no when near the win "
            "reward; ? when in between or no value was learned; with no move left, the rules "
            "say it.",
        ]
    return [
        "sure: the preferred ball's share of the legal balls in the hat.",
        "gained: balls the AI's wins added to the hat here and to the moves into here.",
        f"{lost}: yes when the hat never grew while the moves into it did; ? when the hats do "
        "not say yet (too few balls gained, or mixed).",
    ]


def rules_lines(
    analysis: Analysis, width: int = TABLE_WIDTH, listed: int | None = None
) -> list[str]:
    """The rule the learner's lost positions follow beside the solver's (stick counts), or how
    many positions it has learned are lost (other games, in lines of ``width``); then every
    disagreement (only the first ``listed`` of them, when given: the table marks them all)."""
    rules = analysis.rules
    stick_counts = rules is None or position_heading(rules) == "n"
    lines = _rule_lines(analysis, width) if stick_counts else _lost_lines(analysis, width)
    disagreements = analysis.disagreements
    if disagreements:
        shown = [str(p) if rules is None else position_words(rules, p) for p in disagreements]
        count = f"{len(disagreements)}"
        if listed is not None and len(shown) > listed:
            shown = [*shown[:listed], "…"]
            count += ", marked NO in the table"
        head = f"Disagreements with the solver ({count}): "
        joint = "; " if not stick_counts else ", "
        if listed is None:  # every one: on lines of ``width``, as many as it takes
            lines += _items_on_lines(head, shown, joint, width)
        else:  # a few, on one line (the screen wraps it)
            lines.append(head + joint.join(shown))
    else:
        lines.append("No position where the AI's learning contradicts the solver.")
    return lines


def _items_on_lines(head: str, items: list[str], joint: str, width: int) -> list[str]:
    """``head`` and the ``items`` joined by ``joint``, on lines of at most ``width`` characters
    where they fit (the lines after the first indented by two), broken only between items: a
    position ("1, 1, 2, 7", "[6, 3]") is never cut."""
    lines = [head.rstrip()]
    for i, item in enumerate(items):
        text = item + (joint.rstrip() if i < len(items) - 1 else "")
        if len(lines[-1]) + 1 + len(text) <= width or lines[-1] == head.rstrip():
            lines[-1] += " " + text
        else:
            lines.append("  " + text)
    return lines


def _rule_lines(analysis: Analysis, width: int) -> list[str]:
    """The rule read from the learner, saying over which heaps (a reading, not a proof), and
    the solver's proved one."""
    inferred = analysis.inferred
    source = _words(analysis).numbers
    over = inferred.read_over
    if over is not None:
        first, last = over
        source += f" of heaps {first} to {last}" if first != last else f" of heap {first}"
    solver = analysis.solver_rule
    if solver is None:
        solver_said = "no periodic rule"
    elif solver.proved:
        solver_said = f"{solver.describe()} (proved for every heap)"
    else:
        solver_said = f"none proved: {solver.describe()}"
    lines = [
        *_hanging(f"Rule read from {source}: {inferred.describe()}", width),
        *_hanging(f"Rule of the solver: {solver_said}", width),
    ]
    matches = analysis.rule_matches_solver
    positions = [p.position for p in analysis.positions]
    span = f"{positions[0]}..{positions[-1]}" if positions else "no positions"
    if matches is True:
        lines.append(f"The two rules agree at every stick count {span}.")
    elif matches is False:
        lines.append(f"The two rules differ somewhere in {span}.")
    return lines


def _hanging(text: str, width: int) -> list[str]:
    return textwrap.wrap(text, width, subsequent_indent="  ", break_on_hyphens=False)


def _lost_lines(analysis: Analysis, width: int) -> list[str]:
    """For positions that are not stick counts: no periodic rule, but how many are lost."""
    reports = [p for p in analysis.positions if not p.terminal]
    learned = sum(p.learned == LOST for p in reports)
    right = sum(p.learned == LOST and p.solver_lost for p in reports)
    lost = sum(p.solver_lost for p in reports)
    if learned:
        found = f"the AI has learned that {learned:,} lose, and is right about {right:,}"
    else:
        found = "the AI has not learned yet that any of them loses"
    text = (
        f"Positions analysed (with a move to make): {len(reports):,}; lost for the player to "
        f"move (the solver): {lost:,}; {found}."
    )
    return textwrap.wrap(text, width, subsequent_indent="  ")


def curve_lines(
    curve: tuple[CurvePoint, ...] | list[CurvePoint], words: LearnerWords | None = None
) -> list[str]:
    """The learning curve kept with a brain, as a table; ``words`` are its learner's (the
    default learner's when None)."""
    words = words if words is not None else learner_kind(FIRST_LEARNER).words
    if not curve:
        return ["No learning curve was kept with this brain."]
    rows = [
        (
            f"{p.games:,}",
            f"{p.hats_right}/{p.hats_winnable}",
            f"{p.vs_random:.0%}",
            f"{p.vs_perfect:.0%}",
        )
        for p in curve
    ]
    header = ("games", words.right, "wins vs random", "wins vs perfect")
    heading = (
        f"Learning curve (the AI {words.plays} and starts every other game; "
        "a perfect player wins 50% against perfect):"
    )
    return [*textwrap.wrap(heading, TABLE_WIDTH, subsequent_indent="  "), *_table(rows, header)]

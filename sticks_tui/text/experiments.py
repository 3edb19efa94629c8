"""An experiment's results in words (SPEC section 15): a ready question's answer, worked out from
the summaries of its runs (never written beforehand), and each configuration's table, as the
app's experiment screen and the docs page (``tools/experiment_page.py``) show them.

The answer says, for each configuration, after how many games its runs got every winnable
position right (the median, with the 10% to 90% band) and how many never did within the games
played, with what it had learned by the end; and, first, which configuration got there soonest
(the lowest median, then the fewest seeds that never did) and which latest.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ..engine.experiment import MEASURES, Band, ConfigurationSummary, UntilRight
from ..engine.experiment_questions import Question
from ..engine.games import family_of, spec_of

__all__ = [
    "MEASURE_WORDS", "answer_lines", "band_cell", "command_line", "interrupted_words",
    "table_lines", "until_right_words",
]

#: What each measure is called in a table and a chart.
MEASURE_WORDS = {
    "vs_random": "vs random",
    "vs_perfect": "vs perfect",
    "worst_case": "worst case",
    "right": "positions right",
}


def _games(value: float) -> str:
    return f"{value:,.0f}"


def _share(value: float) -> str:
    return f"{value:.0%}"


def band_cell(band: Band, measure: str) -> str:
    """A table's cell: the median, then the 10%-90% band in brackets: ``93% [88-97]``,
    ``20 [18-22]`` (positions right)."""
    if measure == "right":
        return f"{band.median:.0f} [{band.low:.0f}-{band.high:.0f}]"
    return f"{band.median:.0%} [{band.low * 100:.0f}-{band.high * 100:.0f}]"


def until_right_words(until: UntilRight, games: int) -> str:
    """Games until right, in a line: ``median 300 (10%-90%: 220-380); never within 20,000
    games: 0 of 30 seeds``; ``never within 300 games (2 of 2 seeds)``."""
    def value(number: float | None) -> str:
        return "never" if number is None else _games(number)

    if until.never == until.runs:
        return f"never within {games:,} games ({until.never} of {_seeds(until.runs)})"
    return (
        f"median {value(until.median)} (10%-90%: {value(until.low)}-{value(until.high)}); "
        f"never within {games:,} games: {until.never} of {until.runs} seed"
        f"{'s' if until.runs != 1 else ''}"
    )


def table_lines(summary: ConfigurationSummary) -> list[str]:
    """A configuration's table: a row per checkpoint, the median and the 10%-90% band of each
    measure (shares in percent; positions right of the winnable ones)."""
    header = ["games"] + [
        f"right (of {summary.winnable})" if measure == "right" else MEASURE_WORDS[measure]
        for measure in MEASURES
    ]
    rows = [
        [_games(point.games)] + [band_cell(point.measures[m], m) for m in MEASURES]
        for point in summary.checkpoints
    ]
    widths = [max(len(row[i]) for row in (header, *rows)) for i in range(len(header))]
    return ["  ".join(cell.rjust(width) for cell, width in zip(row, widths)).rstrip()
            for row in (header, *rows)]


def _seeds(count: int) -> str:
    return f"{count} seed{'s' if count != 1 else ''}"


def _reached(label: str, summary: ConfigurationSummary, games: int) -> str:
    """One configuration's sentence: when its runs got every position right, and where they
    were at the end."""
    until = summary.until_right
    within = f"within {games:,} games"
    if until.never == until.runs:
        how = (f"{_first_up(label)}, no seed of {until.runs} got every position right "
               f"{within}")
    else:
        high = "never" if until.high is None else _games(until.high)
        low = "never" if until.low is None else _games(until.low)
        band = f"10%-90%: {low}-{high}"
        if until.median is None:  # more than half never got there
            how = (f"{_first_up(label)}, {until.never} of {_seeds(until.runs)} never got "
                   f"every position right {within}; the others did ({band})")
        else:
            how = (f"{_first_up(label)}, every position was right after a median of "
                   f"{_games(until.median)} games ({band})")
            if until.never:
                how += f"; {until.never} of {_seeds(until.runs)} never got there {within}"
    last = summary.checkpoints[-1]
    right = last.measures["right"].median
    return (
        f"{how}. After {_games(last.games)} games it prefers a winning move at "
        f"{right:.0f} of {summary.winnable} positions that can be won, wins "
        f"{_share(last.measures['vs_random'].median)} against random, and the best reply to "
        f"its play leaves it {_share(last.measures['worst_case'].median)} (medians)."
    )


def _first_up(words: str) -> str:
    return words[:1].upper() + words[1:]


def _pace(summary: ConfigurationSummary) -> tuple[float, float, float, float]:
    """Sooner is less: the median games until right (a seed that never got there counts as
    infinitely many games), then the share of seeds that never did, then the band's top, then
    (among those that never did) the fewer positions right at the end."""
    until = summary.until_right

    def games(value: float | None) -> float:
        return math.inf if value is None else value

    right = summary.checkpoints[-1].measures["right"].median
    return games(until.median), until.never / until.runs, games(until.high), -right


def answer_lines(
    question: Question, summaries: Sequence[ConfigurationSummary], games: int
) -> list[str]:
    """The question's answer from its summaries (``games`` a run): first the soonest and the
    latest to get every position right, then a sentence per configuration."""
    if not summaries:
        return ["No run finished, so there is no answer yet."]
    details = [_reached(question.label_of(s.configuration), s, games) for s in summaries]
    if len(summaries) < 2:
        return details
    return [_verdict(question, summaries, games), *details]


def _verdict(
    question: Question, summaries: Sequence[ConfigurationSummary], games: int
) -> str:
    ranked = sorted(summaries, key=_pace)
    soonest, latest = ranked[0], ranked[-1]
    if soonest.until_right.never == soonest.until_right.runs:
        best = max(summaries, key=lambda s: s.checkpoints[-1].measures["right"].median)
        return (
            f"None got every position right within {games:,} games; the most right at the "
            f"end: {question.label_of(best.configuration)}."
        )
    if _pace(soonest) == _pace(latest):
        return "They learned alike: none got every position right sooner."
    tied = [question.label_of(s.configuration) for s in ranked[1:-1]
            if s.until_right.median == soonest.until_right.median]
    return (
        f"Soonest to get every position right: {question.label_of(soonest.configuration)}"
        + _soonest_words(soonest)
        + (f", with the same median but a wider band or more seeds that never got there: "
           f"{', '.join(tied)}" if tied else "")
        + f". Latest: {question.label_of(latest.configuration)}"
        + _soonest_words(latest)
        + "."
    )


def _soonest_words(summary: ConfigurationSummary) -> str:
    until = summary.until_right
    if until.median is None:
        return f" ({until.never} of {_seeds(until.runs)} never)"
    words = f" (median {_games(until.median)} games"
    if until.never:
        words += f"; {until.never} of {_seeds(until.runs)} never"
    return words + ")"


def interrupted_words(finished: int, total: int) -> str:
    """What a cancelled experiment says: the finished runs are kept and summarised."""
    return f"Cancelled: {finished:,} of {total:,} runs had finished; the results are of those."


def command_line(question: Question, seeds: int | None = None, games: int | None = None) -> str:
    """The one ``sticks-tui experiment`` command that runs ``question``'s grid (its seeds and
    games unless others are given): its learners, each ``--set`` option with its values and
    its opponents, in the order the command makes its grid (learner, then settings, then
    opponent), which is the question's. :class:`ValueError` for a grid that is not such a
    product (no ready question is one)."""
    configurations = question.configurations
    learners = list(dict.fromkeys(c.learner for c in configurations))
    opponents = list(dict.fromkeys(c.against_words for c in configurations))
    options: dict[str, list[str]] = {}
    for configuration in configurations:
        for option, value in configuration.settings_words:
            text = "/".join(map(str, value)) if isinstance(value, list | tuple) else str(value)
            values = options.setdefault(option, [])
            if text not in values:
                values.append(text)
    size = len(opponents) * len(learners) * math.prod(len(v) for v in options.values())
    if size != len(configurations):
        raise ValueError(f"the question {question.key!r} is not a grid one command makes")
    rules = question.rules
    words = ["sticks-tui experiment", f"--game {spec_of(rules)}"]
    if family_of(rules).takes_sticks:
        words.append(f"--sticks {rules.initial_position()}")
    words += [f"--learner {name}" for name in learners]
    words += [f"--set {option}={','.join(values)}" for option, values in options.items()]
    words += [f"--against {opponent}" for opponent in opponents]
    words += [f"--seeds {question.seeds if seeds is None else seeds}",
              f"--games {question.games if games is None else games}"]
    return " ".join(words)

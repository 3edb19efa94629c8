"""A ready question's answer follows its numbers (SPEC section 15): fed summaries, the words say
which configuration got every position right soonest, how many seeds never did, and where each
stood at the end; swap the numbers and the answer swaps."""

from __future__ import annotations

from sticks_tui.engine.experiment import (
    MEASURES,
    Band,
    CheckpointSummary,
    ConfigurationSummary,
    UntilRight,
)
from sticks_tui.engine.experiment_questions import Question, question
from sticks_tui.text.experiments import answer_lines, table_lines


def _summary(
    asked: Question, index: int, until: UntilRight, right: float = 15, vs_random: float = 0.99
) -> ConfigurationSummary:
    end = {measure: Band(0.5, 0.4, 0.6) for measure in MEASURES}
    end["right"] = Band(right, right - 1, right)
    end["vs_random"] = Band(vs_random, vs_random, vs_random)
    start = {measure: Band(0.0, 0.0, 0.0) for measure in MEASURES}
    return ConfigurationSummary(
        asked.configurations[index], until.runs, 15,
        (CheckpointSummary(0, until.runs, start), CheckpointSummary(20_000, until.runs, end)),
        until,
    )


def test_the_soonest_and_the_latest_follow_the_medians() -> None:
    asked = question("opponent")
    quick, slow = UntilRight(3000, 2000, 5000, 0, 30), UntilRight(9000, 6000, None, 4, 30)
    never = UntilRight(None, None, None, 30, 30)
    half = UntilRight(None, 8000, None, 19, 30)

    def answer(first: UntilRight, second: UntilRight) -> list[str]:
        return answer_lines(asked, [
            _summary(asked, 0, first), _summary(asked, 1, never, right=9, vs_random=0.95),
            _summary(asked, 2, second), _summary(asked, 3, half),
        ], 20_000)

    lines = answer(quick, slow)
    assert lines[0] == (
        "Soonest to get every position right: against itself (median 3,000 games). Latest: "
        "against a random player (30 of 30 seeds never)."
    )
    lines = lines[1:]
    assert lines[0] == (
        "Against itself, every position was right after a median of 3,000 games (10%-90%: "
        "2,000-5,000). After 20,000 games it prefers a winning move at 15 of 15 positions that "
        "can be won, wins 99% against random, and the best reply to its play leaves it 50% "
        "(medians)."
    )
    assert lines[1].startswith(
        "Against a random player, no seed of 30 got every position right within 20,000 games. "
        "After 20,000 games it prefers a winning move at 9 of 15 positions that can be won, "
        "wins 95% against random"
    )
    assert lines[2].startswith(
        "Against the perfect player, every position was right after a median of 9,000 games "
        "(10%-90%: 6,000-never); 4 of 30 seeds never got there within 20,000 games."
    )
    assert lines[3].startswith(
        "Against a half-perfect player (mixed:0.5), 19 of 30 seeds never got every position "
        "right within 20,000 games; the others did (10%-90%: 8,000-never)."
    )
    swapped = answer(slow, quick)[0]
    assert swapped.startswith("Soonest to get every position right: against the perfect "
                              "player (median 3,000 games)")


def test_a_tie_on_the_median_is_said_and_none_right_says_who_came_closest() -> None:
    asked = question("loss")
    same = [UntilRight(None, 6200, None, 21, 30), UntilRight(300, 200, 840, 0, 30),
            UntilRight(300, 200, None, 3, 30), UntilRight(500, 300, 990, 1, 30)]
    first = answer_lines(asked, [_summary(asked, i, u) for i, u in enumerate(same)], 10_000)[0]
    assert first == (
        "Soonest to get every position right: when a loss costs 1 ball (median 300 games), with "
        "the same median but a wider band or more seeds that never got there: when a loss costs "
        "2 balls. Latest: when a loss costs no ball (the drawn ball goes back) (21 of 30 seeds "
        "never)."
    )
    never = UntilRight(None, None, None, 5, 5)
    none = [_summary(asked, 0, never, right=12), _summary(asked, 1, never, right=14)]
    assert answer_lines(asked, none, 100)[0] == (
        "None got every position right within 100 games; the most right at the end: when a "
        "loss costs 1 ball."
    )
    assert answer_lines(asked, [], 100) == ["No run finished, so there is no answer yet."]


def test_the_table_has_a_row_per_checkpoint_with_median_and_band() -> None:
    asked = question("fresh")
    lines = table_lines(_summary(asked, 0, UntilRight(300, 200, 400, 0, 5)))
    assert lines[0].split() == ["games", "vs", "random", "vs", "perfect", "worst", "case",
                                "right", "(of", "15)"]
    assert lines[2].split() == ["20,000", "99%", "[99-99]", "50%", "[40-60]", "50%", "[40-60]",
                                "15", "[14-15]"]

"""The drawings on their own: the heap of sticks and the hat chart."""

from __future__ import annotations

import random

import pytest

from sticks_tui.engine import HatBrain, game_of_sticks
from sticks_tui.ui.presenters.hat_words import BESIDE
from sticks_tui.ui.presenters.hats import (
    HatsSnapshot,
    draw_hats,
    hat_window,
    scrolled_centre,
)
from sticks_tui.ui.widgets.sticks import HEAD, SHORT_STICK, STICK, draw_sticks


def sticks_in(text: str) -> int:
    """Sticks drawn: a stick is one column of "┃" (count its lowest cell) or one "▮"."""
    if SHORT_STICK in text:
        assert STICK not in text
        return text.count(SHORT_STICK)
    rows = text.split("\n")
    # the last line of each row of sticks is its bottom; rows are separated by blank lines
    bottoms = [rows[i] for i in range(len(rows)) if rows[i].strip() and (
        i + 1 == len(rows) or not rows[i + 1].strip()
    )]
    return sum(line.count(STICK) for line in bottoms)


@pytest.mark.parametrize("width,height", [(36, 6), (76, 6), (20, 10), (116, 10)])
@pytest.mark.parametrize("count", [100, 99, 57, 10, 4, 1])
def test_every_stick_is_drawn_and_fits(count: int, width: int, height: int) -> None:
    text = draw_sticks(count, width, height).plain
    lines = text.split("\n")
    assert sticks_in(text) == count
    assert len(lines) <= height
    assert max(len(line) for line in lines) <= width


def test_few_sticks_stand_taller_than_many() -> None:
    tall = draw_sticks(3, 36, 8).plain.split("\n")
    short = draw_sticks(100, 36, 8).plain.split("\n")
    assert len(tall) >= 3 and HEAD in tall[0]  # a match head on top of a tall stick
    assert sticks_in("\n".join(short)) == 100


def test_no_sticks_left_says_so() -> None:
    assert "no sticks" in draw_sticks(0, 36, 6).plain


def test_hat_window_follows_the_hat_and_stays_inside() -> None:
    hats = list(range(1, 101))
    assert hat_window(hats, 50, 9) == list(range(46, 55))
    assert hat_window(hats, 2, 9) == list(range(1, 10))
    assert hat_window(hats, 100, 9) == list(range(92, 101))
    assert hat_window(hats, 100, 500) == hats


def test_a_window_scrolled_by_hats_kept_steps_over_the_hats_missing() -> None:
    """Hats a game never reaches are not kept: the window steps over them, and a hat missing
    as its middle shows the window of the next hat up (not the last window)."""
    hats = [*range(10), 12, *range(14, 30)]
    assert hat_window(hats, 11, 5) == [8, 9, 12, 14, 15]
    assert scrolled_centre(hats, 29, 5, -2) == 25  # from the last window, 2 hats left
    assert scrolled_centre(hats, 29, 5, 1) == 27  # the last window still: its middle
    assert scrolled_centre(hats, 0, 5, -1) == 2  # the first window still
    assert scrolled_centre(hats, 9, 5, 1) == 12


def label_row(lines: list[str]) -> int:
    """The row of hat numbers under the bars."""
    return next(i for i, line in enumerate(lines) if line.split() and all(
        word.isdigit() for word in line.split()
    ))


def test_snapshot_is_a_copy_and_shows_the_ball_beside() -> None:
    brain = HatBrain(game_of_sticks(10))
    move = brain.draw(7, random.Random(1))
    snapshot = HatsSnapshot.of(brain)
    assert snapshot.beside == {7: move}
    assert sum(snapshot.balls[7]) == 2
    brain.learn(won=True)
    assert snapshot.beside == {7: move}  # the snapshot did not change with the brain
    after = HatsSnapshot.of(brain)
    assert after.beside == {} and sum(after.balls[7]) == 4


def test_chart_marks_the_ball_beside_over_its_bar_and_labels_hats() -> None:
    brain = HatBrain(game_of_sticks(10))
    move = brain.draw(7, random.Random(1))
    text = draw_hats(HatsSnapshot.of(brain), 36, 12, in_use=7, centre=7)
    lines = text.plain.split("\n")
    marker_line = lines[0]
    labels = lines[label_row(lines)]
    assert marker_line.count(BESIDE) == 1
    column = labels.index(" 7 ") + 1  # hat 7's label ends under its last bar
    group_start = column - 2
    assert marker_line.index(BESIDE) == group_start + move - 1
    assert lines[-1].startswith(f"{BESIDE} drawn this game")  # the key says what ● is


def test_a_hat_with_more_balls_has_a_taller_bar() -> None:
    brain = HatBrain(game_of_sticks(10))
    rng = random.Random(3)
    for _ in range(30):  # teach hat 5 to like one number
        move = brain.draw(5, rng)
        brain.learn(won=move == 1)
    snapshot = HatsSnapshot.of(brain)
    text = draw_hats(snapshot, 8, 12, in_use=None, centre=5)
    lines = text.plain.split("\n")
    bar_lines = lines[1 : label_row(lines)]
    column_heights = [sum(line[i] != " " for line in bar_lines) for i in range(3)]
    ones, twos, threes = snapshot.balls[5]
    assert ones > max(twos, threes)
    assert column_heights[0] > max(column_heights[1], column_heights[2])


def test_only_the_hat_in_use_is_highlighted() -> None:
    from sticks_tui.ui.presenters.hats import IN_USE_BACKGROUND

    snapshot = HatsSnapshot.of(HatBrain(game_of_sticks(10)))
    text = draw_hats(snapshot, 36, 12, in_use=6, centre=6)
    plain = text.plain
    highlighted = {
        plain[span.start : span.end]
        for span in text.spans
        if IN_USE_BACKGROUND in str(span.style) or "reverse" in str(span.style)
    }
    labels = {label.strip() for label in highlighted if label.strip().isdigit()}
    assert labels == {"6"}
    lines = plain.split("\n")
    starts = [sum(len(line) + 1 for line in lines[:i]) for i in range(len(lines))]
    labels_at = label_row(lines)
    columns = {
        index - starts[row]
        for span in text.spans
        if IN_USE_BACKGROUND in str(span.style)
        for index in range(span.start, span.end)
        for row in [max(r for r in range(len(lines)) if starts[r] <= index)]
        if row < labels_at
    }
    label_start = lines[labels_at].index(" 6 ") - 1  # hat 6 is labelled "  6" under its bars
    assert columns == set(range(label_start, label_start + 3))

"""The relatives' drawings without an app: Nim's pile rows, Sticky-Nim's line, the one-hat chart."""

from __future__ import annotations

import random

from sticks_tui.engine import HatBrain, Nim, StickyLine
from sticks_tui.ui.presenters import presenter_for
from sticks_tui.ui.presenters.hats import hat_picture
from sticks_tui.ui.presenters.bars import HatPicture, MoveRow, draw_picture
from sticks_tui.ui.widgets.line import line_layout
from sticks_tui.ui.widgets.piles import stick_at, stick_column


def test_a_click_finds_the_stick_drawn_in_its_column() -> None:
    for index in range(20):
        assert stick_at(stick_column(index)) == index
    assert stick_at(5) is None  # the gap after each five sticks


def test_a_long_line_loses_its_spaces_only_when_one_row_would_not_fit() -> None:
    roomy = line_layout(StickyLine.full(20).present, 76, 12)
    assert (roomy.step, len(roomy.rows)) == (2, 1) and roomy.stick_height == 3
    tight = line_layout(StickyLine.full(62).present, 36, 7)
    assert tight.step == 1 and len(tight.rows) * 2 <= 7  # every row and its letters are visible
    assert line_layout(StickyLine.full(30).present, 56, 16).rows == ((0, 30),)  # no spaces


def test_the_one_hat_chart_keeps_the_ball_beside_the_hat_in_view() -> None:
    rows = tuple(MoveRow(f"move {i}", 10 - i, (10 - i) / 10) for i in range(9))
    rows += (MoveRow("drawn", 0, 0.0, beside=True),)
    text = draw_picture(HatPicture("hat 9", rows, ""), width=30, height=6).plain.splitlines()
    assert text[0] == "hat 9"
    assert text[1].startswith("●drawn")  # the ball beside comes first, even with none inside
    assert text[2].startswith(" move 0") and text[-1] == "+6 more (at most 7 balls each)"


def test_the_q_values_left_out_are_said_by_their_range() -> None:
    """Every value left out was -0.86 or lower, and the line said "values up to -0.86"."""
    values = [("best", 0.5), ("next", 0.2), *((f"move {i}", -1.0 + i * 0.02) for i in range(8))]
    picture = HatPicture.of_values("Q-values", values, "")
    text = draw_picture(picture, width=30, height=6).plain.splitlines()
    assert text[-1] == "+6 more (values -1.00 to -0.90)"
    alike = HatPicture.of_values("Q-values", [("best", 0.5), *(("m", -0.86),) * 6], "")
    assert draw_picture(alike, width=30, height=6).plain.splitlines()[-1] == (
        "+3 more (each valued -0.86)"
    )


def test_a_nim_hat_has_one_ball_kind_per_move_and_marks_the_one_drawn() -> None:
    rules = Nim((1, 2))
    brain = HatBrain(rules)
    start = rules.initial_position()
    words = presenter_for(rules)
    assert hat_picture(brain, start, words).title == (
        "at piles 1, 2: a fresh hat (every move alike)"
    )
    assert brain.positions() == []  # looking at a hat does not make one
    move = brain.draw(start, random.Random(3))
    picture = hat_picture(brain, start, words)
    assert [row.label for row in picture.rows] == ["1 from pile 0", "1 from pile 1", "2 from pile 1"]
    assert picture.title == (
        "at piles 1, 2 it takes 1 from pile 0, 1 from pile 1 or 2 from pile 1, each in 33% of draws"
    )
    assert [row.beside for row in picture.rows].count(True) == 1
    assert next(row for row in picture.rows if row.beside).label == presenter_for(rules).ball_words(move)


def test_the_line_names_a_machine_move_with_its_letters() -> None:
    line = StickyLine.full(6).take(2, 2)  # a b - d e f
    first, last = line.place((3, 2, 0), random.Random(1))
    assert line.move_for(first, last, 3) == (3, 2, 0)


def test_every_machine_at_the_table_has_a_reserved_name() -> None:
    from sticks_tui.engine.machines import COMPUTER_PLAYER_NAMES, Machine
    from sticks_tui.text.names import names_problem

    assert {machine.value for machine in Machine} == set(COMPUTER_PLAYER_NAMES)
    assert names_problem(["q-learning ai", "Ann"]) is not None  # no person takes its row

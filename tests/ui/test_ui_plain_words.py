"""Words a new user meets, said plainly (issue 21): a game that ends with sticks left says why,
the analysis and the curve name what they show in plain words and the help explains the rest;
and the smaller findings: ``q`` asks before it throws a game away, the leaderboard names its
games in words and its rows take the arrows, the footer offers only the moves legal now, and
undo with nothing to undo says so."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import pytest
from test_ui_games import board, choose_game, log_lines, to_game_board, turn_text
from test_ui_leaderboard_boards import open_leaderboard
from textual.pilot import Pilot
from textual.widgets import DataTable, Select
from ui_helpers import (
    back_to_setup,
    check_each,
    check_steps,
    make_app,
    screen_name,
    screen_text,
    to_board,
    to_mode,
    wait_until,
)

from sticks_tui.engine import HatBrain, Nim, StickyNim, TakeAway
from sticks_tui.engine.analysis import analyse_game
from sticks_tui.engine.games import register_game, theory_of, unregister_game
from sticks_tui.engine.learners.base import CurvePoint
from sticks_tui.engine.learning_curve import CurveBoard
from sticks_tui.engine.solver import Solver
from sticks_tui.storage.records import MemoryRecords
from sticks_tui.text.analysis import (
    SCREEN_HEADER,
    SCREEN_LEGEND,
    TABLE_HEADER,
    rules_lines,
    screen_table,
)
from sticks_tui.text.theory import theory_panel_lines
from sticks_tui.ui.screens.help import HELP
from sticks_tui.ui.widgets.curve import CEILING_WORDS, LEGEND_WORDS, plot
from sticks_tui.ui.widgets.tally import RunningTally, tally_text


def footer(pilot: Pilot) -> str:
    return screen_text(pilot).splitlines()[-1]


# -- a game that ends with sticks left ------------------------------------------------------------


ENDINGS_WITH_STICKS_LEFT = [
    ("normal", "Player 2", "cannot move"), ("misere", "Player 1", "made the last move")
]


async def test_a_game_that_ends_with_sticks_left_says_why() -> None:
    async def check(pilot: Pilot, case: tuple[str, str, str]) -> None:
        ending, loser, how = case
        await choose_game(pilot, "takeaway", sticks="12", takes="2,3,5")
        await pilot.click(f"#{ending}")
        screen = await to_game_board(pilot, "takeaway", "1")
        assert screen.rules == TakeAway(12, (2, 3, 5), misere=ending == "misere")
        await pilot.press("5", "3", "3")  # 12 -> 7 -> 4 -> 1: no take of 2, 3 or 5 fits
        await wait_until(pilot, lambda: screen.match.is_over)
        assert screen.match.position == 1
        assert turn_text(pilot) == f"{loser}, you lose.\n1 stick is left and no take fits."
        said = (
            f"{loser}, you lose. 1 stick is left and no take fits: {loser} {how} and loses."
        )
        await wait_until(pilot, lambda: " ".join(log_lines(pilot)).endswith(said))

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await check_each(pilot, ENDINGS_WITH_STICKS_LEFT, check, then=back_to_setup)


async def a_game_that_ends_with_no_stick_left_needs_no_reason(pilot: Pilot) -> None:
    await to_board(pilot, "1", sticks=10)
    await pilot.press("3", "3", "3", "1")
    await wait_until(pilot, lambda: board(pilot).match.is_over)
    assert turn_text(pilot) == "Player 2, you lose."
    assert log_lines(pilot)[-1] == "Player 2, you lose."


# -- q, the leaderboard, the footer, undo ---------------------------------------------------------


async def test_q_in_the_middle_of_a_game_asks_first() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await to_board(pilot, "1", sticks=20)
        await pilot.press("3", "q")
        await wait_until(pilot, lambda: screen_name(pilot) == "LeaveGameScreen")
        # q ends the program, and says so (the board's ways back ask "Leave this game?")
        assert "Quit sticks-tui?" in screen_text(pilot)
        assert "Leave this game?" not in screen_text(pilot)
        await pilot.press("n")
        await wait_until(pilot, lambda: screen_name(pilot) == "BoardScreen")
        assert app.is_running and board(pilot).match.position == 17
        await pilot.press("q")
        await wait_until(pilot, lambda: screen_name(pilot) == "LeaveGameScreen")
        await pilot.press("y")
        await wait_until(pilot, lambda: not app.is_running)
        assert app.records.standings() == []  # not counted


@pytest.mark.parametrize("where", ["mode", "finished game", "ctrl+q mid-game"])
async def test_q_with_nothing_to_lose_and_ctrl_q_quit_at_once(where: str) -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        key = "q"
        if where == "mode":
            await to_mode(pilot)
        elif where == "finished game":
            await to_board(pilot, "1", sticks=10)
            await pilot.press("3", "3", "3", "1")
        elif where == "ctrl+q mid-game":
            await to_board(pilot, "1", sticks=10)
            await pilot.press("3")
            key = "ctrl+q"
        await pilot.press(key)
        await wait_until(pilot, lambda: not app.is_running)


def played_games() -> MemoryRecords:
    records = MemoryRecords()
    for game in ("sticks", "takeaway:2,3,5:normal", "nim:1,3,5,7", "sticky:20:3", "sticky:30:3"):
        records.record_game("Ann", "Bob", game=game)
    records.record_game("Bob", "Ann", game="sticks")
    return records


async def test_the_leaderboard_names_its_games_in_words_and_its_rows_take_the_arrows() -> None:
    app = make_app(records=played_games())
    async with app.run_test(size=(80, 24)) as pilot:
        await open_leaderboard(pilot)
        table = pilot.app.screen.query_one(DataTable)
        assert pilot.app.focused is table
        choice = pilot.app.screen.query_one("#board-choice", Select)
        choice.focus()
        await pilot.press("enter")  # the list of boards, open
        await wait_until(pilot, lambda: "Every game" in screen_text(pilot) and choice.expanded)
        shown = screen_text(pilot)
        for name in (
            "Game of Sticks", "Take-away {2, 3, 5}, no move loses", "Nim 1, 3, 5, 7",
            "Sticky-Nim (take 1–3 adjacent), a line of 20",
            "Sticky-Nim (take 1–3 adjacent), a line of 30",
        ):
            assert name in shown, name
        assert not re.search(r"\w+:\d", shown)  # no spec such as takeaway:2,3,5:normal
        await pilot.press("end", "up", "up", "up", "enter")  # the Game of Sticks' board
        await wait_until(pilot, lambda: pilot.app.focused is table)
        assert choice.value == "sticks"
        assert table.cursor_row == 0
        await pilot.press("down")  # at once, in the rows
        await wait_until(pilot, lambda: table.cursor_row == 1)


async def the_footer_offers_only_the_takes_legal_now(pilot: Pilot) -> None:
    await to_board(pilot, "1", sticks=10)
    assert all(f"{n} Take {n}" in footer(pilot) for n in (1, 2, 3))
    await pilot.press("3", "3", "2")  # 2 sticks left
    await wait_until(pilot, lambda: "3 Take 3" not in footer(pilot))
    assert "1 Take 1" in footer(pilot) and "2 Take 2" in footer(pilot)
    await pilot.press("1")  # 1 stick left
    await wait_until(pilot, lambda: "2 Take 2" not in footer(pilot))
    assert "1 Take 1" in footer(pilot)


async def test_the_game_of_sticks_board_says_who_lost_and_offers_only_the_legal_takes() -> None:
    """Both steps on one app, each from the setup screen."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await check_steps(pilot, [
            a_game_that_ends_with_no_stick_left_needs_no_reason,
            the_footer_offers_only_the_takes_legal_now,
        ], then=back_to_setup)


async def test_a_game_without_its_own_board_offers_the_digits_that_act_now() -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "engine"))
    from wythoff_game import FAMILY, Wythoff

    register_game(FAMILY)
    try:
        app = make_app()
        app.settings.choose(Wythoff((3, 6)))  # 12 moves: 1 to 9 at once, 10 to 12 by two digits
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("ctrl+n")
            await wait_until(pilot, lambda: screen_name(pilot) == "ModeScreen")
            await pilot.press("1")
            await wait_until(pilot, lambda: screen_name(pilot) == "BoardScreen")
            await wait_until(pilot, lambda: "1 2 3 4 5 6 7 8 9 Move" in footer(pilot))
            assert "0 1" not in footer(pilot)
            await pilot.press("1")  # 10, 11 or 12 to come
            await wait_until(pilot, lambda: "0 1 2 Move" in footer(pilot))
            await pilot.press("2")  # the 12th move: (3, 3), leaving (0, 3)
            await wait_until(pilot, lambda: "1 2 3 4 5 6 7 8 9" not in footer(pilot))
            assert board(pilot).match.position == (0, 3)
            assert "1 2 3 Move" in footer(pilot)  # 3 moves left
    finally:
        unregister_game(FAMILY.name)


async def test_undo_with_nothing_to_undo_says_so() -> None:
    """Each key on one app: the word is cleared, and gone from the screen, before the next."""

    async def check(pilot: Pilot, key: str) -> None:
        await to_board(pilot, "1", sticks=20)
        await pilot.press(key)
        await wait_until(pilot, lambda: "Nothing to undo" in screen_text(pilot))
        assert board(pilot).match.position == 20 and not board(pilot).match.practice

    async def word_gone_back_to_setup(pilot: Pilot) -> None:
        pilot.app.clear_notifications()
        await wait_until(pilot, lambda: "Nothing to undo" not in screen_text(pilot))
        await back_to_setup(pilot)

    app = make_app()
    app.NOTIFICATION_TIMEOUT = 600  # on a loaded machine the toast may go before it is read
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await check_each(pilot, ["f6", "u"], check, then=word_gone_back_to_setup)


# -- the analysis, the curve, the theory, the help ------------------------------------------------


@pytest.mark.parametrize("rules", [TakeAway(20), Nim((1, 3, 5, 7)), StickyNim(8, 3)])
def test_the_analysis_names_its_columns_alike_in_every_game(rules: Any) -> None:
    analysis = analyse_game(HatBrain(rules), rules)
    header, _rows = screen_table(analysis, 75)
    assert "gained" in header and "gained" in SCREEN_HEADER and "gained" in TABLE_HEADER
    assert not {"evidence", "taught"} & set(header)
    said = " ".join(rules_lines(analysis))
    assert "rightly" not in said and "learned lost" not in said


def test_the_lost_positions_learned_are_said_plainly() -> None:
    rules = Nim((1, 2))
    brain = HatBrain(rules)
    assert "the AI has not learned yet that any of them loses" in " ".join(
        rules_lines(analyse_game(brain, rules))
    )


def test_the_table_legend_explains_every_column_it_shows() -> None:
    legend = " ".join(SCREEN_LEGEND)
    for column in ("sure", "gained", "lost?"):
        assert f"{column}:" in legend
    assert all(len(line) <= 76 for line in SCREEN_LEGEND)


def test_the_curve_legend_reads_as_the_hats_and_says_why_50_percent_is_the_most() -> None:
    curve = [CurvePoint(0, 0, 10, 0.5, 0.0), CurvePoint(1000, 10, 10, 1.0, 0.5)]
    lines = plot(curve, 78, 16, "hats right").plain.splitlines()
    assert lines[0] == "◆ hats right  + wins vs random  × wins vs perfect (50% at most)"
    assert lines[1] == CEILING_WORDS[0]
    assert "●" not in plot(curve, 78, 16).plain  # the drawn ball's mark, on the hats
    narrow = plot(curve, 40, 16, "hats right").plain.splitlines()
    assert narrow[0] == "◆ hats right  + vs random  × vs perfect"
    assert narrow[1] == CEILING_WORDS[1]
    assert all(len(line) <= 40 for line in narrow) and LEGEND_WORDS[-1][-1] == "perfect"


def test_the_curve_legend_names_what_is_right_by_the_learners_words_at_every_width() -> None:
    """Issue 33: a Q-learner's legend said "hats right", and a narrow one "right" (right
    about what?): the learner's own words, whole, however narrow; on two lines if need be."""
    curve = [CurvePoint(0, 0, 10, 0.5, 0.0), CurvePoint(1000, 10, 10, 1.0, 0.5)]
    wide = plot(curve, 78, 16).plain.splitlines()
    assert wide[0] == "◆ positions right  + wins vs random  × wins vs perfect (50% at most)"
    assert plot(curve, 40, 16).plain.splitlines()[0] == "◆ positions right  + random  × perfect"
    narrow = plot(curve, 35, 16).plain.splitlines()
    assert narrow[:2] == ["◆ positions right  + wins vs random", "× wins vs perfect (50% at most)"]
    assert narrow[2].startswith("100% ┤") and len(narrow) == 16  # the 50% said once, not twice
    assert all(len(line) <= 35 for line in narrow)


def test_the_labs_tally_keeps_its_counts_whole_and_its_note_as_it_fits() -> None:
    tally = RunningTally()
    tally.add(1_000_000, 500_000)
    note = "(against itself: the starting side's games)"
    assert tally_text(tally.figures(), note).plain.splitlines()[0].endswith(note)
    line = tally_text(tally.figures(), note, 78).plain.splitlines()[0]
    assert line == "games 1,000,000  won 500,000  lost 500,000  (the starting side's games)"
    assert tally_text(tally.figures(), note, 50).plain.splitlines()[0] == (
        "games 1,000,000  won 500,000  lost 500,000"
    )


class _Perfect:
    """A learner that plays as the solver does: the best any learner can do."""

    games_played = 0

    def __init__(self, rules: Any) -> None:
        self.rules, self.solver = rules, Solver(rules)

    def move_chances(self, position: Any) -> list[tuple[Any, float]]:
        moves = self.solver.winning_moves(position) or tuple(self.rules.legal_moves(position))
        return [(move, 1 / len(moves)) for move in moves]


@pytest.mark.parametrize(
    "rules",
    [TakeAway(20), TakeAway(21), TakeAway(12, takes=(2, 3, 5), misere=False), Nim((1, 3, 5, 7)),
     Nim((1, 3, 5)), StickyNim(9, 3)],
)
def test_no_learner_wins_more_than_half_against_perfect_play(rules: Any) -> None:
    """What the curve's legend says: from the start one side can force a win and the sides take
    turns starting, so the perfect learner itself wins exactly half."""
    _random, perfect = CurveBoard(rules).win_shares(_Perfect(rules))  # type: ignore[arg-type]
    assert perfect == pytest.approx(0.5)


def test_the_theory_names_the_solvers_without_the_seeds() -> None:
    games = (TakeAway(20), TakeAway(50, misere=False), TakeAway(30, takes=(2, 5), misere=False))
    for rules in games:
        text = "\n".join(theory_panel_lines(theory_of(rules), rules.name, 74))
        assert not re.search(r"(?i)seed|memoized|--normal", text), text
        assert "Solver remembering each heap it solved" in text
        assert all(len(line) <= 74 for line in text.splitlines())


def test_the_help_explains_the_words_the_screens_use() -> None:
    words = HELP.split("## Words you will meet", 1)[1].split("\n## ", 1)[0]
    for term in ("*sure*", "*gained*", "*lost?*", "*wins vs perfect*", "*nim-sum*",
                 "*Grundy value*", "*period*", "*practice game*", "*misère*"):
        assert term in words, term
    assert "| `q` | anywhere | quit; in the middle of a game it asks first" in HELP

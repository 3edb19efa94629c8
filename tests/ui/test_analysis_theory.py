"""The analysis screen at 80x24: the game's theory beside what the AI learned, and a table of
Nim and Sticky-Nim positions in the game's words that fits the screen (SPEC sections 5 and 9)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from textual.pilot import Pilot
from textual.widgets import Static, TabbedContent
from ui_helpers import back_to_setup, check_steps, make_app, screen_name, wait_until

from sticks_tui.engine import HatBrain, Nim
from sticks_tui.engine.analysis import DISAGREE, analyse_game
from sticks_tui.engine.games import parse_game
from sticks_tui.text.analysis import rules_lines
from sticks_tui.ui.app import SticksApp
from sticks_tui.ui.widgets.lines_table import LinesTable

SIZE = (80, 24)


def app_on(spec: str) -> SticksApp:
    app = make_app()
    app.settings.choose(parse_game(spec))
    return app


async def to_analysis(pilot: Pilot) -> None:
    await pilot.pause()
    await pilot.press("f2")
    await wait_until(pilot, lambda: screen_name(pilot) == "AnalysisScreen")
    await wait_until(pilot, lambda: not pilot.app.screen.working, tries=2000)
    await pilot.pause()


async def to_theory(pilot: Pilot) -> None:
    await to_analysis(pilot)
    await pilot.press("y")
    await wait_until(
        pilot, lambda: pilot.app.screen.query_one(TabbedContent).active == "analysis-theory"
    )
    await pilot.pause()


def theory_text(pilot: Pilot) -> str:
    return str(pilot.app.screen.query_one("#analysis-theory-text", Static).render())


def table_cells(pilot: Pilot) -> list[str]:
    table = pilot.app.screen.query_one(LinesTable)
    return [cell for key in table.keys for cell in table.row(key)]


async def sticks_theory_gives_lost_positions_period_and_rule_first(pilot: Pilot) -> None:
    await to_theory(pilot)
    lines = theory_text(pilot).splitlines()
    assert lines[3:6] == [  # after the rules, on two lines at 74 columns
        "Lost for the player to move: 1, 5, 9, 13, 17",
        "Rule: lost when n ≡ 1 (mod 4)",
        "Period: 4 (wins and losses repeat every 4 sticks)",
    ]
    assert "    20  wins            take 3" in lines  # the table of heaps, below


async def nim_theory_shows_the_nim_sum_in_binary_and_the_misere_ending(pilot: Pilot) -> None:
    await to_theory(pilot)
    text = theory_text(pilot)
    for row in ("pile 0   1  001", "pile 3   7  111", "nim-sum  0  000"):
        assert row in text
    assert "The misère twist" in text
    assert all(len(line) <= 76 for line in text.splitlines())


async def sticky_theory_shows_grundy_values_octal_code_and_lost_configurations(
    pilot: Pilot,
) -> None:
    await to_theory(pilot)
    text = theory_text(pilot)
    assert "As an octal game: 0.777" in text
    assert "   0  0  1  2  3  4  1  6  3  2  1" in text  # Grundy values of a group
    assert "   4 sticks: groups of 2, 2" in text  # a misère lost configuration (seed 004)
    assert all(len(line) <= 76 for line in text.splitlines())


async def table_names_moves_in_words_and_fits_80_columns(pilot: Pilot, move: str) -> None:
    await to_analysis(pilot)
    table = pilot.app.screen.query_one(LinesTable)
    assert table.virtual_size.width <= table.scrollable_content_region.width
    cells = table_cells(pilot)
    assert move in cells
    assert not any("Move(" in cell or cell.strip().startswith("(") for cell in cells)
    positions = [table.row_at(i)[0].strip() for i in range(3)]
    assert positions[0] in ("0, 0, 0, 1", "a group of 1")


async def nims_table_names_moves_in_words_and_fits_80_columns(pilot: Pilot) -> None:
    await table_names_moves_in_words_and_fits_80_columns(pilot, " take 1 from pile 3")


async def stickys_table_names_moves_in_words_and_fits_80_columns(pilot: Pilot) -> None:
    await table_names_moves_in_words_and_fits_80_columns(pilot, " 1 of 1 → none")


async def the_sure_column_is_explained_under_the_table(pilot: Pilot) -> None:
    await to_analysis(pilot)
    legend = str(pilot.app.screen.query_one("#analysis-legend", Static).render())
    assert legend.startswith("sure: how often the AI draws its move")
    assert pilot.app.screen.query_one("#analysis-legend").region.bottom <= SIZE[1] - 1


#: Per game, the steps run on one app of that game, each from the setup screen.
STEPS = {
    "sticks": [
        sticks_theory_gives_lost_positions_period_and_rule_first,
        the_sure_column_is_explained_under_the_table,
    ],
    "nim:1,3,5,7": [
        nim_theory_shows_the_nim_sum_in_binary_and_the_misere_ending,
        nims_table_names_moves_in_words_and_fits_80_columns,
    ],
    "sticky:20:3": [
        sticky_theory_shows_grundy_values_octal_code_and_lost_configurations,
        stickys_table_names_moves_in_words_and_fits_80_columns,
    ],
}


@pytest.mark.parametrize("spec", list(STEPS))
async def test_the_analysis_gives_each_games_theory_and_a_table_in_its_words(spec: str) -> None:
    async with app_on(spec).run_test(size=SIZE) as pilot:
        await check_steps(pilot, STEPS[spec], then=back_to_setup)


def test_snapshot_sticks_theory(snap_compare) -> None:  # noqa: ANN001
    assert snap_compare(app_on("sticks"), terminal_size=SIZE, run_before=to_theory)


def test_snapshot_sticky_theory(snap_compare) -> None:  # noqa: ANN001
    assert snap_compare(app_on("sticky:20:3"), terminal_size=SIZE, run_before=to_theory)


def test_snapshot_sticky_table(snap_compare) -> None:  # noqa: ANN001
    assert snap_compare(app_on("sticky:20:3"), terminal_size=SIZE, run_before=to_analysis)


def test_the_screen_names_a_few_disagreements_and_the_table_marks_them_all() -> None:
    rules = Nim((1, 3, 5, 7))
    analysis = analyse_game(HatBrain(rules), rules)
    reports = tuple(replace(p, agreement=DISAGREE) for p in analysis.positions[:14])
    disagreeing = replace(analysis, positions=reports)
    short = rules_lines(disagreeing, 74, listed=3)[-1]
    assert short == (
        "Disagreements with the solver (14, marked NO in the table): "
        "0, 0, 0, 1; 0, 0, 1, 0; 0, 1, 0, 0; …"
    )
    every = rules_lines(disagreeing)  # analyze lists every one, on lines of 80 columns
    listed = every[next(i for i, line in enumerate(every) if line.startswith("Disagreements")):]
    assert " ".join(listed).count(";") == 13 and max(map(len, listed)) <= 80


@pytest.mark.parametrize("spec", ["octal:0.007:20", "octal:0.6:20"], ids=["Treblecross", "0.6"])
async def test_a_code_with_no_known_period_says_how_far_none_is_proved(spec: str) -> None:
    """Treblecross and 0.6 have no known period: the analysis looks for one within 4,000 heaps
    (a quick proof: 20,000 kept the screen working for 5 to 10 s), says none is proved up to
    there, and where to look further; it never claims one."""
    app = app_on(spec)
    async with app.run_test(size=SIZE) as pilot:
        await to_theory(pilot)
        code = spec.split(":")[1]
        flat = " ".join(theory_text(pilot).split())
        assert "No period is proved up to 3,999 sticks" in flat
        assert f"sticks-tui solve --game octal:{code} looks within 20,000 heaps." in flat
        assert "Period " not in flat and "periodicity theorem: the values repeat" not in flat

"""The analysis screen: reachable with F2 and from the command palette, showing the AI on screen."""

from __future__ import annotations

from textual.widgets import Select, Static, TabbedContent
from ui_helpers import (
    make_app,
    palette_highlights,
    screen_name,
    screen_text,
    to_board,
    to_training,
    wait_until,
)

from sticks_tui.engine import Nim
from sticks_tui.engine.learners.base import CurvePoint
from sticks_tui.engine.machines import Machine
from sticks_tui.ui.widgets.curve import LearningCurvePlot, plot
from sticks_tui.ui.widgets.lines_table import LinesTable


def rules_text(pilot) -> str:  # noqa: ANN001
    return str(pilot.app.screen.query_one("#analysis-rules", Static).render())


def title(pilot) -> str:  # noqa: ANN001
    return str(pilot.app.screen.query_one("#analysis-title", Static).render())


async def analysis_shown(pilot) -> None:  # noqa: ANN001
    """The analysis screen is up and its work (in a thread) is done."""
    await wait_until(pilot, lambda: screen_name(pilot) == "AnalysisScreen")
    await wait_until(pilot, lambda: not pilot.app.screen.working, tries=2000)


async def test_fresh_ai_has_not_enough_data_and_escape_goes_back() -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("f2")
        await analysis_shown(pilot)
        assert title(pilot) == "What AI has learned: Game of Sticks, 0 games learned"
        assert "Rule read from the hats: not enough data" in rules_text(pilot)
        assert (
            "Rule of the solver: lost when n ≡ 1 (mod 4) (proved for every heap)"
            in rules_text(pilot)
        )
        assert pilot.app.screen.query_one(LinesTable).row_count == 20  # the 20 sticks of the game
        await pilot.press("escape")
        await wait_until(pilot, lambda: screen_name(pilot) == "SetupScreen")


async def test_after_training_it_finds_the_rule_and_draws_the_curve() -> None:
    app = make_app(training_games=3000)
    async with app.run_test(size=(100, 36)) as pilot:
        await _analysis_of_a_trained_ai(pilot)
        screen = pilot.app.screen
        assert title(pilot) == "What Trained AI has learned: Game of Sticks, 3,000 games learned"
        assert (
            "Rule read from the hats of heaps 1 to 20: lost when n ≡ 1 (mod 4) (backed by 20"
            in " ".join(rules_text(pilot).split())
        )
        assert "The two rules agree at every stick count 1..20." in rules_text(pilot)
        table = screen.query_one(LinesTable)
        row5 = list(table.row("5"))
        assert row5 == ["5", "even", "33%", row5[3], "yes", "any (lost)", "yes"]
        assert list(table.row("7"))[:3] == ["7", "2", "100%"]
        await pilot.press("c")
        await pilot.pause()
        assert screen.query_one(TabbedContent).active == "analysis-learning"
        curve = screen.query_one(LearningCurvePlot).curve
        assert curve[0].games == 0 and curve[-1].games == 3000
        assert curve[0].hats_right == 0 and curve[-1].hats_right == curve[-1].hats_winnable == 15
        await pilot.press("t")
        await pilot.pause()
        assert screen.query_one(TabbedContent).active == "analysis-positions"
        await pilot.press("escape", "k")  # back to the training; keep it, and play it
        await wait_until(pilot, lambda: screen_name(pilot) == "BoardScreen")
        # the curve is kept with the trained AI's brain
        assert app.brains.hats(app.settings.rules, "Trained AI").learning_curve == list(curve)


async def test_from_the_board_it_shows_the_ai_at_the_table() -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await to_board(pilot, "2", sticks=12)
        await pilot.press("f2")
        await analysis_shown(pilot)
        assert title(pilot).startswith("What AI has learned: Game of Sticks")
        await pilot.press("escape")
        await wait_until(pilot, lambda: screen_name(pilot) == "BoardScreen")


async def test_from_the_mode_screen_it_shows_the_computer_chosen_there() -> None:
    app = make_app()
    app.settings.choose(Nim((1, 3, 5, 7)))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("enter")
        await wait_until(pilot, lambda: screen_name(pilot) == "ModeScreen")
        pilot.app.screen.query_one("#level", Select).value = Machine.Q_LEARNING
        await pilot.pause()
        await pilot.press("f2")
        await analysis_shown(pilot)
        assert title(pilot).startswith("What Q-learning AI has learned: Nim")
        await pilot.press("escape")
        await wait_until(pilot, lambda: screen_name(pilot) == "ModeScreen")


async def test_command_palette_offers_it() -> None:
    app = make_app()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"Analysis")
        await wait_until(pilot, lambda: palette_highlights(pilot, "Analysis"))
        await pilot.press("enter")
        await wait_until(pilot, lambda: screen_name(pilot) == "AnalysisScreen")


async def test_a_q_learners_curve_counts_positions_right_in_the_lab_and_the_analysis() -> None:
    """Issue 33: the lab's legend said "◆ right" and the analysis screen's "◆ hats right" of
    a Q-learner, which has no hats: both say "positions right", as ``sticks-tui analyze``."""
    app = make_app(q_training_games=3000)
    app.settings.choose(Nim((1, 3, 5, 7)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await wait_until(pilot, lambda: screen_name(pilot) == "ModeScreen")
        pilot.app.screen.query_one("#level", Select).value = Machine.Q_LEARNING
        await pilot.press("2")  # against the trained Q-learner: its training first
        await wait_until(pilot, lambda: getattr(pilot.app.screen, "result", None) is not None)
        await pilot.pause()
        lab = screen_text(pilot)
        assert "│ ◆ positions right  + wins vs random │" in lab
        assert "│ × wins vs perfect (50% at most)     │" in lab
        await pilot.press("f2")
        await analysis_shown(pilot)
        await pilot.press("c")
        await pilot.pause()
        shown = screen_text(pilot)
        assert "◆ positions right  + wins vs random  × wins vs perfect (50% at most)" in shown
        assert "hats" not in shown


# -- the plot ----------------------------------------------------------------------------------
def test_plot_without_a_curve_says_so() -> None:
    assert "No learning curve yet" in plot((), 60, 12).plain


def test_plot_draws_the_three_lines_within_its_size() -> None:
    curve = [CurvePoint(0, 0, 10, 0.5, 0.0), CurvePoint(1000, 10, 10, 1.0, 0.5)]
    lines = plot(curve, 60, 15, "hats right").plain.splitlines()
    assert len(lines) == 15 and all(len(line) <= 60 for line in lines)
    assert lines[0].startswith("◆ hats right")
    assert lines[1] == "× 50% at most: the starts alternate"  # why, under the legend
    top, middle, bottom = lines[2], lines[2 + 5], lines[2 + 10]  # 11 rows of plot
    assert top.startswith("100% ┤") and top.rstrip().endswith("◆")  # all hats right at the end
    assert middle.startswith(" 50% ┤+") and middle.rstrip().endswith("×")  # 50% vs perfect
    assert bottom.startswith("  0% ┤◆")  # no hat right at the start
    assert lines[-1].split() == ["0", "1,000", "games", "(log", "scale)"]


# -- snapshots ---------------------------------------------------------------------------------
async def _analysis_of_a_trained_ai(pilot) -> None:  # noqa: ANN001
    """Train at 20 sticks (seeded, 3,000 games) on the training screen, then press F2."""
    await to_training(pilot, 20)
    await wait_until(pilot, lambda: pilot.app.screen.result is not None, tries=5000)
    await pilot.press("f2")
    await analysis_shown(pilot)
    await pilot.pause()


def test_snapshot_table(snap_compare) -> None:  # noqa: ANN001
    assert snap_compare(
        make_app(training_games=3000), terminal_size=(100, 36), run_before=_analysis_of_a_trained_ai
    )


def test_snapshot_learning_curve(snap_compare) -> None:  # noqa: ANN001
    async def curve_tab(pilot) -> None:  # noqa: ANN001
        await _analysis_of_a_trained_ai(pilot)
        await pilot.press("c")
        await pilot.pause()

    assert snap_compare(make_app(training_games=3000), terminal_size=(100, 36), run_before=curve_tab)

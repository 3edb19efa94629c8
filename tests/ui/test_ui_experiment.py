"""The experiment screen (SPEC section 15), reached from the lab's form with F4: a ready question
or the form's own training run over a few seeds in the app's thread, its answer in words and a
table and band chart per configuration; a cancel keeps the runs that had finished, and says so."""

from __future__ import annotations

import re

from textual.pilot import Pilot
from textual.widgets import Select
from ui_helpers import make_app, screen_name, screen_text, set_input, still_cursor, wait_until

from sticks_tui.engine import game_of_sticks
from sticks_tui.ui.screens.experiment.screen import ExperimentScreen
from sticks_tui.ui.screens.lab.form import LabScreen
from sticks_tui.ui.widgets.curve import BandPlot


async def _experiment_from_the_lab(
    pilot: Pilot, against: str = "random", games: str = "300"
) -> ExperimentScreen:
    app = pilot.app
    app.settings.choose(game_of_sticks(20))
    app.push_screen(LabScreen())
    await wait_until(pilot, lambda: screen_name(pilot) == "LabScreen"
                     and bool(app.screen.query("#against")))
    await set_input(pilot, "#against", against)
    await set_input(pilot, "#games", games)
    await pilot.press("f4")
    await wait_until(pilot, lambda: screen_name(pilot) == "ExperimentScreen")
    screen = app.screen
    assert isinstance(screen, ExperimentScreen)
    return screen


async def _run(pilot: Pilot, screen: ExperimentScreen, key: str, seeds: int, games: int) -> None:
    screen.query_one("#question", Select).value = key
    await pilot.pause()
    await set_input(pilot, "#seeds", str(seeds))
    await set_input(pilot, "#games", str(games))
    await pilot.press("ctrl+n")


async def test_a_ready_question_runs_and_shows_its_answer_table_and_chart() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _experiment_from_the_lab(pilot)
        assert "Which opponent to train against?" in screen_text(pilot)
        await _run(pilot, screen, "loss", seeds=2, games=300)
        await wait_until(pilot, lambda: "Done: 8 runs." in screen_text(pilot), tries=3000)
        text = " ".join(screen_text(pilot).split())
        assert "Experiment · Game of Sticks from 20" in text
        assert "Soonest to get every position right: when a loss costs" in text \
            or "None got every position right within 300 games" in text
        assert "When a loss costs no ball (the drawn ball goes back)," in text
        results = screen.query_one("#exp-results")
        results.scroll_to_widget(screen.query(".exp-table").first(), animate=False, top=True)
        await pilot.pause()
        text = screen_text(pilot)
        assert re.search(r"games +vs random +vs perfect +worst case +right \(of 15\)", text)
        assert "games until right: never within 300 games (2 of 2 seeds)" in text \
            or "games until right: median" in text
        await pilot.press("down", "down", "down")  # as a person reads on
        assert re.search(r"\n +300 +\d+% \[\d+-\d+\]", screen_text(pilot))  # the last row
        charts = list(screen.query(BandPlot))
        assert len(charts) == 4 and charts[0].what == "positions right"
        await pilot.press("m")  # the charts' next measure
        assert all(chart.what == "vs random" for chart in charts)
        screen.query_one("#question", Select).value = "fresh"  # another question: no answer
        await pilot.pause()
        text = screen_text(pilot)
        assert "How many balls in a fresh hat?" in text and "loss costs" not in text
        assert not screen.query(BandPlot)
        await pilot.press("escape")
        await wait_until(pilot, lambda: screen_name(pilot) == "LabScreen")


async def test_the_lab_forms_training_is_one_configuration() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _experiment_from_the_lab(pilot, against="perfect", games="400")
        choices = [label for label, _ in screen._questions()]
        assert choices[-1] == "This training: the hat AI against perfect"
        screen.query_one("#question", Select).value = "this"
        await pilot.pause()
        assert screen.query_one("#games").value == "400"  # type: ignore[attr-defined]
        await set_input(pilot, "#seeds", "2")
        await pilot.press("ctrl+n")
        await wait_until(pilot, lambda: "Done: 2 runs." in screen_text(pilot), tries=3000)
        text = " ".join(screen_text(pilot).split())
        assert "The hat AI against perfect, " in text
        assert "How soon does the hat AI against perfect get every position right, seed after " \
            "seed?" in text


async def test_a_bad_field_is_said_and_nothing_runs() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _experiment_from_the_lab(pilot)
        await _run(pilot, screen, "fresh", seeds=0, games=300)
        await wait_until(pilot, lambda: "Seeds: from 1 to 1,000, not 0" in screen_text(pilot))
        assert not screen.running and screen.result is None


async def test_a_cancel_keeps_the_finished_runs_and_says_so() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await _experiment_from_the_lab(pilot)
        await _run(pilot, screen, "opponent", seeds=500, games=2000)
        await wait_until(pilot, lambda: " of 2,000 runs" in screen_text(pilot)
                         and " 0 of 2,000 runs" not in screen_text(pilot), tries=3000)
        await pilot.press("c")
        await wait_until(pilot, lambda: screen.result is not None, tries=3000)
        text = " ".join(screen_text(pilot).split())
        found = re.search(r"Cancelled: ([\d,]+) of 2,000 runs had finished; the results are "
                          r"of those\.", text)
        assert found, text
        finished = int(found.group(1).replace(",", ""))
        assert 0 < finished < 2000
        assert sum(summary.runs for summary in screen.summaries) == finished
        assert "Soonest to get every position right" in text or "None got" in text
        seeds = [int(n) for n in re.findall(r"\((\d+) seeds?\)", " ".join(
            str(title.render()) for title in screen.query(".exp-config-title")))]
        assert sum(seeds) == finished


def test_experiment_screen_after_a_run(snap_compare) -> None:
    """The answer, and the first configuration's games until right and table, at 80x24 (the
    runs are seeded: the same numbers every time)."""

    async def run_before(pilot: Pilot) -> None:
        screen = await _experiment_from_the_lab(pilot)
        await _run(pilot, screen, "fresh", seeds=3, games=500)
        await wait_until(pilot, lambda: "Done: 9 runs." in screen_text(pilot), tries=3000)
        await still_cursor(pilot)

    assert snap_compare(make_app(), run_before=run_before, terminal_size=(80, 24))

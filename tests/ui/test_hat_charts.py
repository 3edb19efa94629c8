"""Hats a person can read: each hat on its own scale, only the hats the game reaches, a caption
in the game's words, and a border title that is never cut (issue 13)."""

from __future__ import annotations

from ui_helpers import make_app, screen_text, to_board, to_training, wait_until

from sticks_tui.engine import RANDOM, HatBrain, Nim, train
from sticks_tui.engine.games.sticky import StickyNim
from sticks_tui.engine.games.takeaway import TakeAway, game_of_sticks
from sticks_tui.ui.presenters import presenter_for
from sticks_tui.ui.presenters.hat_words import caption, fitted_title
from sticks_tui.ui.presenters.hats import (
    HatChart,
    HatsSnapshot,
    draw_hats,
    hat_caption,
    reachable_hats,
)

BIG, SMALL = 6, 7  # a hat of 49,461 balls beside a hat of 4


def big_and_small() -> HatsSnapshot:
    return HatsSnapshot(
        kinds=(1, 2, 3), balls={BIG: (49_459, 1, 1), SMALL: (1, 2, 1)}, beside={}, games_played=9
    )


def bar_heights(lines: list[str], group: int) -> list[int]:
    """Cells above the hat numbers in each of the three bars of the ``group``-th hat."""
    labels = next(i for i, line in enumerate(lines) if line.split() == [str(BIG), str(SMALL)])
    columns = range(4 * group, 4 * group + 3)
    return [sum(line[c] != " " for line in lines[1:labels]) for c in columns]


def test_a_hat_of_4_balls_reads_as_well_beside_a_hat_of_49461() -> None:
    text = draw_hats(big_and_small(), width=8, height=14, in_use=None, centre=SMALL)
    lines = text.plain.split("\n")
    big, small = bar_heights(lines, 0), bar_heights(lines, 1)
    rows = big[0]
    assert big[1] == big[2] == 1 and rows >= 6  # 49,459 of 49,461: a full bar, the others a sliver
    assert small[1] == rows // 2 + rows % 2  # 2 of 4 balls: half the height, not a sliver
    assert small[0] == small[2] >= rows // 4  # 1 of 4 balls: a quarter


def test_the_caption_says_what_the_hat_does_in_the_games_words() -> None:
    draws = [("takes 1", 4), ("takes 2", 13), ("takes 3", 3)]
    assert caption("at 19 sticks", draws) == "at 19 sticks it takes 2 in 65% of draws"
    assert caption("at 9 sticks", [("takes 1", 2), ("takes 2", 2), ("takes 3", 1)]) == (
        "at 9 sticks it takes 1 or 2, each in 40% of draws"
    )
    assert caption("at 1 stick", [("takes 1", 5)]) == "at 1 stick it takes 1: the only move"
    sticks = presenter_for(game_of_sticks(20))
    snapshot = HatsSnapshot.of(HatBrain(game_of_sticks(20)))
    assert hat_caption(snapshot, 2, sticks) == "at 2 sticks it takes 1 or 2, each in 50% of draws"
    assert hat_caption(big_and_small(), SMALL, sticks) == "at 7 sticks it takes 2 in 50% of draws"


def test_nim_and_sticky_nim_hats_speak_their_own_words() -> None:
    nim = presenter_for(Nim((1, 3, 5, 7)))
    assert nim.at_words((1, 3, 5, 7)) == "at piles 1, 3, 5, 7"
    assert nim.takes_words((3, 2)) == "takes 2 from pile 3"
    assert nim.ball_words((3, 2)) == "2 from pile 3"
    sticky = presenter_for(StickyNim(20, 3))
    assert sticky.at_words((16, 2)) == "at groups of 16, 2"
    assert sticky.takes_words((16, 2, 4)) == "takes 2 of 16 → 4 + 10"  # as its ball is named
    assert sticky.takes_words((6, 1, 0)) == "takes 1 of 6 → 5"
    assert sticky.ball_words((1, 1, 0)) == "1 of 1 → none"
    assert sticky.ball_words((16, 2, 4)) == "2 of 16 → 4 + 10"
    assert sticky.hat_name((16, 2)) == "its hat for groups of 16, 2"
    for words in (nim.ball_words((3, 2)), sticky.ball_words((16, 2, 4))):
        assert "(" not in words and "|" not in words


def test_only_the_hats_the_game_reaches_from_its_start() -> None:
    assert reachable_hats(game_of_sticks(20)) == frozenset(range(1, 21))
    assert reachable_hats(TakeAway(10, (2,), misere=False)) == frozenset({2, 4, 6, 8, 10})


async def test_a_20_stick_board_shows_20_hats() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await to_board(pilot, "2", sticks=20)
        chart = pilot.app.screen.query_one(HatChart)
        assert chart.snapshot is not None and chart.snapshot.positions == list(range(1, 21))
        assert str(chart.border_title) == "AI (hats)"  # the brain: its name and learner


def test_a_border_title_too_long_for_the_chart_keeps_whose_hats_they_are() -> None:
    name = "Wilhelmina-Konstantina von Hohenzollern"
    title = fitted_title(f"{name}'s hats", 38)
    assert len(title) <= 34 and title.endswith("…'s hats") and title.startswith("Wilhelmina")
    assert fitted_title("AI's hats", 38) == "AI's hats"


def test_the_key_of_six_ball_numbers_fits_a_board_chart() -> None:
    rules = TakeAway(40, (1, 2, 3, 4, 11, 20), misere=False)
    snapshot = HatsSnapshot.of(HatBrain(rules))
    lines = draw_hats(snapshot, 36, 14, in_use=39, centre=39).plain.split("\n")
    assert all(len(line) <= 36 for line in lines)
    assert lines[-2].startswith("█1█2█3█4█11█20 = share")
    assert lines[-1].startswith("● drawn this game")


async def test_the_training_chart_says_what_the_ai_does_at_the_start() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await to_training(pilot, 20)
        screen = pilot.app.screen
        await wait_until(pilot, lambda: screen.result is not None, tries=5000)
        chart = screen.query_one(HatChart)
        said = " ".join(chart.render().plain.split())
        assert "at 20 sticks it takes " in said and "% of draws" in said


async def test_a_one_hat_chart_as_wide_as_the_boards_says_its_games_whole() -> None:
    """At 80x24 the board's chart is 40 columns: "40 hats learned · 100,000 games learned" does
    not fit there, so the games learned are said alone, never cut with "…"."""
    from textual.app import App, ComposeResult

    from sticks_tui.ui.presenters.bars import OneHatChart
    from sticks_tui.ui.presenters.hats import hat_picture

    class OneChart(App[None]):
        CSS = "OneHatChart { width: 40; border: round white; padding: 0 1; }"  # the board's

        def compose(self) -> ComposeResult:
            yield OneHatChart("AI's hat")

    rules = Nim((1, 3, 5))
    brain = HatBrain(rules)
    train(brain, RANDOM, 300, seed=1)  # it meets dozens of hats
    brain.games_played = 100_000
    picture = hat_picture(brain, rules.initial_position(), presenter_for(rules))
    assert picture.subtitle.endswith("100,000 games learned")
    async with OneChart().run_test(size=(80, 24)) as pilot:
        chart = pilot.app.query_one(OneHatChart)
        chart.show(picture)
        await pilot.pause()
        assert chart.size.width == 36  # as on the board at 80x24
        bottom = pilot.app.export_screenshot()  # the border as drawn
        assert str(chart.border_subtitle) == "100,000 games learned"
        assert "…" not in bottom and "100,000" in bottom
        brain.games_played = 20
        chart.show(hat_picture(brain, rules.initial_position(), presenter_for(rules)))
        assert str(chart.border_subtitle) == "40 hats learned · 20 games learned"  # both fit
        await pilot.pause()
        assert "╰─ 40 hats learned · 20 games learned ─╯" in screen_text(pilot)  # whole

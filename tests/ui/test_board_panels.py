"""The board's panels with no board screen (issue 32): each is a widget fed the game driver's
events, so an app that shows one panel alone, and hands it what a driver says happened, sees
what the board would show: the hint until the next move, and the hats' words after a game."""

from __future__ import annotations

import random

from textual.app import App, ComposeResult
from textual.widget import Widget

from sticks_tui.engine import HatBrain, game_of_sticks
from sticks_tui.engine.machines import Machine
from sticks_tui.ui.game_driver import Event, GameDriver
from sticks_tui.ui.presenters import presenter_for
from sticks_tui.ui.presenters.hat_words import PRACTICE_WORDS
from sticks_tui.ui.presenters.hats import HatChart
from sticks_tui.ui.screens.board.hats import HatsPanel
from sticks_tui.ui.screens.board.help import HintPanel
from sticks_tui.ui.session import Mode, Table, human_seat, machine_seat

RULES = game_of_sticks(10)


class OnePanel(App[None]):
    """An app that shows one panel, and nothing of the board."""

    def __init__(self, panel: Widget) -> None:
        super().__init__()
        self.panel = panel

    def compose(self) -> ComposeResult:
        yield self.panel


def table() -> Table:
    brain = HatBrain(RULES)
    ai = machine_seat(Machine.LEARNING, "AI", RULES, random.Random(2), learner=brain)
    return Table(Mode.COMPUTER, RULES, (human_seat("Ann"), ai), first=0)


def words(text: str) -> str:
    return " ".join(text.split())


def machine_turn(driver: GameDriver) -> list[Event]:
    """The machine's steps (the ball it draws, then its move) and what they led to."""
    events: list[Event] = []
    while driver.machine_turn():
        events += driver.machine_step()
    return events


async def test_the_hint_shows_until_the_next_move_with_no_board() -> None:
    seats = table()
    driver = GameDriver(seats)
    panel = HintPanel(seats, presenter_for(RULES))
    async with OnePanel(panel).run_test() as pilot:
        assert not panel.display
        panel.show_hint(driver.match)  # 10 sticks: take 1, leaving 9
        await pilot.pause()
        assert panel.display and panel.showing
        assert words(str(panel.render())).startswith("take 1: 9 sticks are left")
        for event in driver.play(1):
            panel.show(event)
        await pilot.pause()
        assert not panel.display and not panel.showing


async def test_the_hats_say_a_practice_game_taught_nothing_with_no_board() -> None:
    seats = table()
    driver = GameDriver(seats)
    panel = HatsPanel(seats, presenter_for(RULES))
    async with OnePanel(panel).run_test(size=(80, 24)) as pilot:
        events: list[Event] = [*driver.play(1), *machine_turn(driver)]
        taken = driver.undo()  # Ann's move and the machine's reply: practice from now on
        assert taken is not None
        events.append(taken)
        while not driver.match.is_over:
            events += driver.play(1) if driver.human_turn() else machine_turn(driver)
        for event in events:
            panel.show(event)
        panel.draw(driver.match)
        await pilot.pause()
        chart = panel.query_one(HatChart)
        assert PRACTICE_WORDS in words(chart.render().plain)
        panel.show(driver.new_game())  # the next game: the last one's words go
        panel.draw(driver.match)
        await pilot.pause()
        assert PRACTICE_WORDS not in words(chart.render().plain)

"""The game driver plays a table's games with no app and no widget (issue 32): moves, the ball a
machine draws before its move, undo (a practice game that counts for no one and teaches
nothing), and a real game, counted and learned from."""

from __future__ import annotations

import random
from collections.abc import Hashable

from sticks_tui.engine import HatBrain, game_of_sticks
from sticks_tui.engine.machines import Machine
from sticks_tui.engine.game import Rules
from sticks_tui.ui.game_driver import (
    BallDrawn,
    GameDriver,
    GameEnded,
    GameSaves,
    GameStarted,
    MovePlayed,
)
from sticks_tui.ui.session import Mode, Table, human_seat, machine_seat

RULES = game_of_sticks(10)


class Kept:
    """Where the finished games go, as the app's store writer would take them."""

    def __init__(self) -> None:
        self.results: list[tuple[str, str]] = []
        self.brains: list[tuple[str, int]] = []

    def record_game(self, winner: str, loser: str, rules: Rules) -> None:
        self.results.append((winner, loser))

    def keep_brain(self, name: str, brain: HatBrain) -> None:  # type: ignore[override]
        self.brains.append((name, brain.games_played))


def table_against(brain: HatBrain) -> Table:
    ai = machine_seat(Machine.LEARNING, "AI", RULES, random.Random(2), learner=brain)
    return Table(Mode.COMPUTER, RULES, (human_seat("Ann"), ai), first=0)


def machine_turn(driver: GameDriver) -> list[object]:
    """The machine's two steps: the ball it draws, then its move (and the game's end)."""
    drawn = driver.machine_step()
    assert len(drawn) == 1 and isinstance(drawn[0], BallDrawn)
    assert drawn[0].position == driver.match.position and driver.drawn == drawn[0].ball
    played = driver.machine_step()
    assert isinstance(played[0], MovePlayed) and played[0].turn.move == drawn[0].ball
    return list(played)


def play_out(driver: GameDriver) -> GameEnded:
    """Ann takes 1 each turn; the machine answers; the game's end."""
    while True:
        events: list[object] = list(driver.play(1)) if driver.human_turn() else []
        if not events or not isinstance(events[-1], GameEnded):
            events = machine_turn(driver) if driver.machine_turn() else events
        if events and isinstance(events[-1], GameEnded):
            return events[-1]


def test_the_driver_plays_a_game_with_undo_as_practice_then_a_real_one() -> None:
    brain = HatBrain(RULES)
    kept = Kept()
    driver = GameDriver(table_against(brain), GameSaves(kept, gather=False))
    assert driver.human_turn() and driver.undo() is None  # no move of Ann's yet

    (ann,) = driver.play(3)
    assert isinstance(ann, MovePlayed) and (ann.turn.before, ann.turn.after) == (10, 7)
    machine_turn(driver)
    assert driver.human_turn() and driver.takes_back() == 2 and brain.balls_beside

    taken = driver.undo()  # Ann's move and the machine's reply
    assert taken is not None and taken.seat == 0 and len(taken.turns) == 2
    assert [turn.before for turn in taken.turns] == [7, 10]  # the last first
    assert driver.match.position == 10 and driver.match.practice
    assert not brain.balls_beside  # the ball drawn went back

    ended = play_out(driver)
    assert not ended.counted and ended.match.practice
    assert kept.results == [] and kept.brains == [] and brain.games_played == 0

    started = driver.new_game()
    assert started == GameStarted(2, 10) and not driver.match.practice
    ended = play_out(driver)
    assert ended.counted and driver.table.games == 2
    loser = driver.table.seats[ended.match.loser or 0].name
    assert len(kept.results) == 1 and kept.results[0][1] == loser
    assert kept.brains == [("AI", 1)] and brain.games_played == 1
    change = ended.changes[1]  # what the game did to the AI, read before it was kept
    assert change is not None and ended.changes[0] is None
    machine_moves = [t.move for t in ended.match.history if t.player == 1]
    assert [move.move for move in change.moves] == machine_moves  # each ball it drew


def test_a_table_left_mid_game_gives_the_balls_back_and_keeps_nothing() -> None:
    brain = HatBrain(RULES)
    kept = Kept()
    driver = GameDriver(table_against(brain), GameSaves(kept, gather=False))
    driver.play(2)
    driver.machine_step()  # the machine drew a ball
    assert driver.in_play() and brain.balls_beside
    driver.abandon()
    assert not brain.balls_beside and driver.drawn is None
    assert kept.results == [] and brain.games_played == 0


def test_two_machines_play_without_showing_balls_when_asked() -> None:
    rules: Rules = RULES
    seats = tuple(
        machine_seat(Machine.RANDOM, name, rules, random.Random(seed))
        for seed, name in enumerate(("left", "right"))
    )
    driver = GameDriver(Table(Mode.WATCH, rules, (seats[0], seats[1])))
    events: list[Hashable] = []
    while not driver.match.is_over:
        events += driver.machine_step(show_ball=False)
    assert isinstance(events[-1], GameEnded) and events[-1].counted
    assert all(isinstance(e, MovePlayed) for e in events[:-1])

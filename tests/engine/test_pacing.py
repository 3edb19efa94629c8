"""Pacing: a watcher sets how many games run between reports and watches moves, while the
brain trained stays exactly the brain headless training leaves."""

from __future__ import annotations

import itertools
import json

import pytest

from sticks_tui.engine import (
    RANDOM,
    SELF,
    HatBrain,
    Nim,
    QLearner,
    StickyNim,
    game_of_sticks,
    train,
)
from sticks_tui.engine.pacing import MoveSeen, MoveWatcher


def exact(learner: HatBrain | QLearner) -> str:
    return json.dumps(learner.to_dict())


class Scripted:
    """A pacing from a script: (games, watch moves?) for each run of games, the last repeated."""

    def __init__(self, script: list[tuple[int, bool]], chunk: int = 4096) -> None:
        self.script = script
        self.asked: list[int] = []
        self.moves: list[MoveSeen] = []
        self.chunk = chunk
        self.chunks: list[int] = []  # games done at each chunk asked for

    def next_chunk(self, games_done: int) -> int:
        self.chunks.append(games_done)
        return self.chunk

    def games_before_report(self, games_done: int) -> int:
        self.asked.append(games_done)
        return self.script[min(len(self.asked), len(self.script)) - 1][0]

    def move_watcher(self) -> MoveWatcher | None:
        watching = self.script[min(len(self.asked), len(self.script)) - 1][1]
        return self.moves.append if watching else None


LEARNERS = [
    ("sticks hats", lambda: HatBrain(game_of_sticks(21))),
    ("nim hats", lambda: HatBrain(Nim((1, 3, 5)))),
    ("sticky hats", lambda: HatBrain(StickyNim(9))),
    ("sticks q", lambda: QLearner(rules=game_of_sticks(21))),
]


@pytest.mark.parametrize("make", [m for _, m in LEARNERS], ids=[n for n, _ in LEARNERS])
@pytest.mark.parametrize("against", [SELF, RANDOM], ids=["self", "random"])
def test_switching_between_watched_and_fast_games_leaves_the_headless_brain(make, against) -> None:
    headless, paced = make(), make()
    train(headless, against, 300, seed=7)
    script = [(1, True), (5, False), (3, True), (100, False), (2, True), (1000, False)]
    pacing = Scripted(script)
    result = train(paced, against, 300, seed=7, pacing=pacing)
    assert exact(paced) == exact(headless)
    assert result.games_played == 300
    # the reports come where the pacing said: after 1, 6, 9, 109, 111 games, then the rest
    assert pacing.asked == [0, 1, 6, 9, 109, 111]


def test_every_move_of_a_watched_game_is_seen_in_order() -> None:
    rules = game_of_sticks(10)
    pacing = Scripted([(1, True)])
    reports: list[int] = []
    train(HatBrain(rules), RANDOM, 4, seed=3, pacing=pacing,
          progress=lambda p: reports.append(p.games_done))
    assert reports == [1, 2, 3, 4]  # a report after every game
    games = [[m for m in pacing.moves if m.game == g] for g in range(4)]
    for g, moves in enumerate(games):
        assert moves[0].before == 10 and moves[0].seat == g % 2  # the starting seat alternates
        assert [m.over for m in moves] == [False] * (len(moves) - 1) + [True]
        for earlier, later in itertools.pairwise(moves):
            assert later.before == earlier.after and later.seat != earlier.seat
            assert earlier.after == earlier.before - earlier.move
        assert moves[-1].after == 0


def test_a_stop_asked_while_paced_ends_training_between_games_keeping_them() -> None:
    stop = False

    class StopsAtThirdReport(Scripted):
        def games_before_report(self, games_done: int) -> int:
            nonlocal stop
            stop = len(self.asked) >= 2  # the pause ends with a cancel
            return super().games_before_report(games_done)

    brain = HatBrain(game_of_sticks(15))
    result = train(brain, SELF, 1000, seed=1, pacing=StopsAtThirdReport([(10, False)]),
                   should_stop=lambda: stop)
    assert result.cancelled and result.games_played == 20 and brain.games_played == 20


@pytest.mark.parametrize("make", [m for _, m in LEARNERS], ids=[n for n, _ in LEARNERS])
def test_unwatched_paced_games_ask_to_stop_once_a_chunk_and_stop_within_one(make) -> None:
    """At full speed the lab's stop check is not asked before every game (that costs the fast
    loops a few percent): once a chunk, and a stop still lands there, with the brain of
    headless training for the games played."""
    chunk = 100
    asked = 0

    def should_stop() -> bool:
        nonlocal asked
        asked += 1
        return asked > 2  # stop at the third look

    paced, headless = make(), make()
    result = train(paced, SELF, 50 * chunk, seed=4, pacing=Scripted([(50 * chunk, False)], chunk),
                   should_stop=should_stop)
    assert asked == 3  # not 5,000 times
    assert result.cancelled and result.games_played == 2 * chunk
    train(headless, SELF, 2 * chunk, seed=4)
    assert exact(paced) == exact(headless)


class EndsTheRunAt(Scripted):
    """Chunks of 50 games; the run ends (0) where a key came, as the lab's pacing does."""

    def __init__(self, script: list[tuple[int, bool]], key_at: int) -> None:
        super().__init__(script, 50)
        self.key_at = key_at

    def next_chunk(self, games_done: int) -> int:
        super().next_chunk(games_done)
        return 0 if games_done >= self.key_at and len(self.asked) == 1 else self.chunk


@pytest.mark.parametrize("make", [m for _, m in LEARNERS], ids=[n for n, _ in LEARNERS])
def test_a_pacing_ends_a_run_between_two_chunks_and_the_report_comes_there(make) -> None:
    """The pacing is asked before every chunk of a run no one watches; when it says 0 the run
    ends there: the report comes at once (not at the run's planned end), the pacing is asked
    again, nothing is cancelled, and the brain is the one headless training leaves."""
    reports: list[int] = []
    pacing = EndsTheRunAt([(10_000, False), (40, False)], key_at=120)
    paced, headless = make(), make()
    result = train(paced, RANDOM, 300, seed=5, pacing=pacing,
                   progress=lambda p: reports.append(p.games_done))
    train(headless, RANDOM, 300, seed=5)
    assert pacing.chunks[:4] == [0, 50, 100, 150]  # a chunk at a time: 50 games each
    assert reports[0] == 150  # the chunk under way when the key came ends, then the report
    assert pacing.asked[:2] == [0, 150]  # and the next run is asked for there
    assert reports[1:] == [190, 230, 270, 300]
    assert not result.cancelled and result.games_played == 300
    assert exact(paced) == exact(headless)

"""One training session (storage/training_session.py), as the lab, the trained-opponent mode and
the classic console run a training: its turn (a Q-learner's table trains one run at a time in a
data directory, and the second starts from what the first kept), the engine's training, then
keep or discard, once, with what keeping found as facts."""

from __future__ import annotations

import random
from pathlib import Path

from sticks_tui.engine import SELF, HatBrain, Nim, TrainingHooks, TrainingOptions
from sticks_tui.engine.learners.q.learner import QLearner
from sticks_tui.storage.brain_cache import BrainCache, BrainRef
from sticks_tui.storage.records import MemoryRecords
from sticks_tui.storage.sqlite.store import SqliteStore
from sticks_tui.storage.training_session import Started, TrainingSession, Waiting

NIM = Nim((1, 2, 3))
Q_AI = BrainRef("Q-learning AI", "q")


def trains(session: TrainingSession, games: int, seed: int) -> int:
    """``games`` self-play games of the session's learner; the games it played."""
    hooks = TrainingHooks(random.Random(seed))
    return session.train(TrainingOptions(SELF, games, rules=NIM), hooks).games_played


def test_a_second_q_training_waits_for_the_first_then_starts_from_what_it_kept(
    tmp_path: Path,
) -> None:
    with SqliteStore.open(tmp_path) as one, SqliteStore.open(tmp_path) as two:
        here, there = BrainCache(one), BrainCache(two)
        mine = TrainingSession(here, NIM, Q_AI.name, QLearner(rules=NIM), None)
        theirs = TrainingSession(there, NIM, Q_AI.name, QLearner(rules=NIM), None)
        assert mine.begin("Ada") == Started(None)
        assert theirs.begin("Bob") == Waiting("Ada")
        assert trains(mine, 100, 1) == 100
        assert mine.keep() is None  # a new brain: nothing else was saved meanwhile
        assert theirs.begin("Bob") == Started(100)  # it starts from Ada's, kept meanwhile
        assert theirs.learner.games_played == 100
        trains(theirs, 50, 2)
        assert theirs.keep() is None  # nothing of Ada's is replaced: it built on it
        saved = two.load_learner(NIM, Q_AI.name, "q")
        assert saved is not None and saved.games_played == 150
        third = TrainingSession(here, NIM, Q_AI.name, QLearner(rules=NIM), None)
        assert third.begin("Ada") == Started(150)  # the turn was let go: from both of theirs


def test_a_training_decides_once_and_a_discarded_one_keeps_nothing(tmp_path: Path) -> None:
    with SqliteStore.open(tmp_path) as store:
        brains = BrainCache(store)
        session = TrainingSession(brains, NIM, Q_AI.name, QLearner(rules=NIM), None)
        assert isinstance(session.begin(), Started)
        trains(session, 30, 3)
        assert session.discard()
        assert not session.discard() and session.keep() is None  # decided already
        assert store.load_learner(NIM, Q_AI.name, "q") is None
        again = TrainingSession(BrainCache(store), NIM, Q_AI.name, QLearner(rules=NIM), None)
        assert again.begin("Bob") == Started(None)  # the discard let the turn go


def test_what_training_taught_is_kept_when_its_screen_goes_before_it_ends() -> None:
    records = MemoryRecords()
    session = TrainingSession(BrainCache(records), NIM, Q_AI.name, QLearner(rules=NIM), None)
    session.begin()
    assert session.leave() is None  # still training: nothing to keep yet
    hooks = TrainingHooks(random.Random(4))
    result = session.train(TrainingOptions(SELF, 20, rules=NIM), hooks)
    assert session.ended(result)  # the screen went: the training's thread keeps it
    session.keep()
    saved = records.load_learner(NIM, Q_AI.name, "q")
    assert saved is not None and saved.games_played == 20


def test_a_brain_kept_as_lessons_adds_the_training_to_what_others_taught_it() -> None:
    records = MemoryRecords()
    theirs = HatBrain(NIM)
    first = TrainingSession(BrainCache(records), NIM, "AI", theirs, None)
    first.begin()
    trains(first, 40, 5)
    first.keep()
    mine = HatBrain(NIM)  # as the classic console's option 3: a fresh brain of its own
    session = TrainingSession(BrainCache(records), NIM, "AI", mine, mine.copy())
    assert session.begin() == Started(None)  # trainings of hats merge: none waits
    trains(session, 60, 6)
    assert session.keep() is None  # no game was played elsewhere meanwhile
    saved = records.load_brain(NIM, "AI")
    assert saved is not None and saved.games_played == 100  # theirs, then this one's, added
    assert mine.games_played == 60  # it plays on as trained

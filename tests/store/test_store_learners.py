"""The store keeps brains of every learner and every game: a hat AI's and a Q-learner's brains
are kept apart by learner, and each comes back exactly as it was saved."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

import pytest

from sticks_tui.engine import HatBrain, QLearner, parse_game, train
from sticks_tui.engine.learners.hats.settings import HatSettings
from sticks_tui.engine.learners.q.settings import QSettings
from sticks_tui.engine.training import SelfPlay
from sticks_tui.storage.records import HATS, MemoryRecords, Records
from sticks_tui.storage.sqlite.store import SqliteStore, open_records
from sticks_tui.storage.sqlite.store_file import STORE_FILE_NAME, StoreRefused

NIM = parse_game("nim:1,3,5,7")
STICKY = parse_game("sticky:12:3")


def q_learner(rules=NIM, games: int = 600, seed: int = 3, **settings: float) -> QLearner:
    learner = QLearner.with_settings(QSettings(**settings), rules=rules)
    train(learner, SelfPlay(), games, seed=seed)
    return learner


def hats(
    rules=NIM, games: int = 300, seed: int = 4, settings: HatSettings | None = None
) -> HatBrain:
    brain = HatBrain(rules, settings)
    train(brain, SelfPlay(), games, seed=seed)
    return brain


@pytest.fixture(params=["sqlite", "memory"])
def records(request: pytest.FixtureRequest, tmp_path: Path):
    if request.param == "memory":
        yield MemoryRecords()
    else:
        with SqliteStore.open(tmp_path) as store:
            yield store


def test_a_q_learner_comes_back_with_every_value_exact(records: Records) -> None:
    learner = q_learner(alpha=0.3, epsilon=0.2)
    records.save_brain(learner, "Q-learning AI")
    loaded = records.load_learner(parse_game("nim:2,2"), "Q-learning AI", "q")
    assert isinstance(loaded, QLearner)
    assert loaded.q == learner.q and loaded.q  # floats compared exactly
    assert loaded.games_played == 600 and loaded.settings == QSettings(alpha=0.3, epsilon=0.2)


def test_a_q_brain_and_a_hat_brain_of_one_game_and_name_are_two_brains(records: Records) -> None:
    learner, brain = q_learner(), hats()
    records.save_brain(learner, "AI")
    assert records.load_brain(NIM, "AI") is None  # the hats are not the Q-table
    records.save_brain(brain, "AI")
    loaded_q = records.load_learner(NIM, "AI", "q")
    loaded_hats = records.load_learner(NIM, "AI", HATS)
    assert isinstance(loaded_q, QLearner) and loaded_q.q == learner.q
    assert isinstance(loaded_hats, HatBrain) and loaded_hats.to_dict() == brain.to_dict()
    assert records.load_brain(NIM, "AI") is not None


@pytest.mark.parametrize("rules", [NIM, STICKY], ids=["nim", "sticky"])
def test_nim_and_sticky_nim_hats_are_saved_and_taught_like_take_away_hats(
    records: Records, rules
) -> None:
    brain = hats(rules, settings=HatSettings(fresh_balls=3, floor=2))
    records.save_brain(brain, "AI")
    loaded = records.load_brain(rules, "AI")
    assert loaded is not None and loaded.to_dict() == brain.to_dict()
    taught = loaded.copy()
    train(taught, SelfPlay(), 50, seed=9)
    merged = records.learn(rules, "AI", taught.lesson_since(loaded))
    assert merged is not None and merged.games_played == 350
    again = records.load_brain(rules, "AI")
    assert again is not None and again.to_dict() == taught.to_dict()


def test_a_q_learner_without_a_game_is_refused(records: Records) -> None:
    with pytest.raises(ValueError, match="without rules"):
        records.save_brain(QLearner(), "Q-learning AI")


def test_the_list_shows_every_brain_with_its_game_learner_and_changed_settings(
    tmp_path: Path,
) -> None:
    clock = iter([f"2026-01-0{day}T10:00:00+00:00" for day in range(1, 10)])
    with SqliteStore.open(tmp_path) as store:
        store._clock = lambda: next(clock)
        store.save_brain(q_learner(epsilon=0.25), "Q-learning AI")
        store.save_brain(hats(settings=HatSettings(fresh_balls=2)), "AI")
        store.save_brain(hats(parse_game("takeaway:2,3,5:normal", 30), games=20), "Trained AI")
        listed = store.brains()
    rows = [
        (b.game, b.info.learner, b.info.ai_name, b.info.games_played, b.info.saved_at,
         dict(b.changed_settings), b.problem)
        for b in listed
    ]
    assert rows == [
        ("nim:1,3,5,7", "hats", "AI", 300, "2026-01-02T10:00:00+00:00", {"fresh_balls": 2}, ""),
        ("nim:1,3,5,7", "q", "Q-learning AI", 600, "2026-01-01T10:00:00+00:00",
         {"epsilon": 0.25}, ""),
        ("takeaway:2,3,5:normal", "hats", "Trained AI", 20, "2026-01-03T10:00:00+00:00", {}, ""),
    ]


def test_a_damaged_q_brain_is_listed_with_its_problem_and_refused_when_loaded(
    tmp_path: Path,
) -> None:
    with SqliteStore.open(tmp_path) as store:
        store.save_brain(q_learner(), "Q-learning AI")
    db = sqlite3.connect(tmp_path / STORE_FILE_NAME)
    db.execute("UPDATE brains SET brain_json = '{\"rules\": 7}'")
    db.commit()
    db.close()
    with SqliteStore.open(tmp_path) as store:
        (listed,) = store.brains()
        assert listed.problem.startswith("damaged") and listed.info.learner == "q"
        with pytest.raises(StoreRefused, match="brain reset --game nim:2,2 --learner q"):
            store.load_learner(parse_game("nim:2,2"), "Q-learning AI", "q")
    warnings: list[str] = []
    records = open_records(tmp_path, warn=warnings.append)
    assert records.load_learner(NIM, "Q-learning AI", "q") is None
    assert len(warnings) == 1 and "damaged" in warnings[0] and "starts afresh" in warnings[0]


def test_a_hat_row_holding_a_q_brain_is_damaged_not_handed_out(tmp_path: Path) -> None:
    """Rows are only ever read as the learner their key names."""
    with SqliteStore.open(tmp_path) as store:
        store.save_brain(q_learner(), "AI")
    db = sqlite3.connect(tmp_path / STORE_FILE_NAME)
    db.execute("UPDATE brains SET learner = 'hats'")
    db.commit()
    db.close()
    with SqliteStore.open(tmp_path) as store, pytest.raises(StoreRefused, match="damaged"):
        store.load_brain(NIM, "AI")


def test_a_brain_serves_every_start_of_its_game(records: Records) -> None:
    """The key is the game without its start: hats learned on 1, 3, 5, 7 serve 2, 2 too."""
    brain = hats()
    records.save_brain(brain, "AI")
    other = parse_game("nim:2,2")
    loaded = records.load_brain(other, "AI")
    assert loaded is not None and loaded.rules == other
    assert loaded.counts((0, 0, 1, 1)) == brain.counts((0, 0, 1, 1))
    assert records.load_brain(parse_game("nim:2,2:normal"), "AI") is None


def test_learning_in_memory_and_on_disk_add_up_the_same(tmp_path: Path) -> None:
    rng = random.Random(5)
    start = hats(games=10)
    taught = start.copy()
    train(taught, SelfPlay(), 40, rng=rng)
    lesson = taught.lesson_since(start)
    memory = MemoryRecords()
    with SqliteStore.open(tmp_path) as store:
        for records in (memory, store):
            records.save_brain(start, "AI")
            records.learn(NIM, "AI", lesson)
        on_disk, in_memory = store.load_brain(NIM, "AI"), memory.load_brain(NIM, "AI")
    assert on_disk is not None and in_memory is not None
    assert on_disk.to_dict() == in_memory.to_dict()
    assert on_disk.games_played == taught.games_played == 50
    assert all(on_disk.counts(hat) == taught.counts(hat) for hat in taught.positions())

"""The store keeps the leaderboard and brains across runs, per rule set and per AI name."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import platformdirs
import pytest
from store_helpers import taught_brain

from sticks_tui.engine import TakeAway, game_of_sticks
from sticks_tui.engine.machines import LEARNING_AI_NAME
from sticks_tui.storage.sqlite import schema
from sticks_tui.storage.sqlite import store as store_module
from sticks_tui.storage import records as records_module
from sticks_tui.storage.records import MemoryRecords, Standing
from sticks_tui.storage.sqlite.store import SqliteStore, open_records, resolve_data_dir
from sticks_tui.storage.sqlite.store_file import STORE_FILE_NAME
from sticks_tui.storage.sqlite.store_file import StoreError
from sticks_tui.storage.sqlite.store_file import StoreRefused


@pytest.mark.parametrize("kind", ["store", "memory"])
def test_the_last_games_against_people_are_kept_newest_first_and_only_the_latest(
    kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(store_module, "RECENT_GAMES_KEPT", 4)
    monkeypatch.setattr(records_module, "RECENT_GAMES_KEPT", 3)  # memory keeps people's only
    records = SqliteStore.open(tmp_path) if kind == "store" else MemoryRecords()
    for winner, loser, game in [
        ("Ann", "AI", "sticks"),  # the oldest: dropped from the store's last four
        ("AI", "Bob", "sticks"),
        ("AI", "Random AI", "sticks"),  # between two computer players: not against the room
        ("AI", "Ann", "nim:1,2"),  # another game
        ("Bob", "AI", "sticks"),
    ]:
        records.record_game(winner, loser, game=game)
    assert records.last_results("sticks", "AI", 1) == [False]
    assert records.last_results("sticks", "AI", 10) == [False, True]
    assert records.last_results("nim:1,2", "Ann", 10) == [False]
    assert records.last_results("sticks", "Nobody", 10) == []
    if isinstance(records, SqliteStore):
        records.close()


def test_results_and_brains_survive_closing_and_reopening(tmp_path: Path) -> None:
    with SqliteStore.open(tmp_path) as store:
        store.record_game("Ann", "Bob", game="sticks")
        store.record_game("Ann", LEARNING_AI_NAME, game="sticks")
        store.record_game(LEARNING_AI_NAME, "Bob", game="sticks")
        store.save_brain(taught_brain(games=7), LEARNING_AI_NAME)
    with SqliteStore.open(tmp_path) as store:
        assert store.standings() == [
            Standing("Ann", 2, 0),
            Standing(LEARNING_AI_NAME, 1, 1),
            Standing("Bob", 0, 2),
        ]
        brain = store.load_brain(game_of_sticks(20), LEARNING_AI_NAME)
    assert brain is not None
    assert brain.to_dict() == taught_brain(games=7).to_dict()


def test_leaderboard_rows_have_rating_wins_minus_losses(tmp_path: Path) -> None:
    with SqliteStore.open(tmp_path) as store:
        for _ in range(3):
            store.record_game("Ann", "Bob", game="sticks")
        store.record_game("Bob", "Ann", game="sticks")
        rows = [row.as_dict() for row in store.standings()]
    assert rows == [
        {"name": "Ann", "wins": 3, "losses": 1, "games": 4, "rating": 2, "machine": None},
        {"name": "Bob", "wins": 1, "losses": 3, "games": 4, "rating": -2, "machine": None},
    ]


def test_brains_are_kept_apart_by_rule_set_and_by_ai_name(tmp_path: Path) -> None:
    sticks, variant = game_of_sticks(20), TakeAway(20, (2, 3, 5), misere=False)
    with SqliteStore.open(tmp_path) as store:
        store.save_brain(taught_brain(sticks, games=1, balls=2), "AI")
        store.save_brain(taught_brain(sticks, games=2, balls=3), "Trained AI")
        store.save_brain(taught_brain(variant, games=3, balls=5), "AI")
        assert store.load_brain(sticks, "AI").games_played == 1
        assert store.load_brain(sticks, "Trained AI").games_played == 2
        assert store.load_brain(variant, "AI").games_played == 3
        assert store.load_brain(variant, "Trained AI") is None
        assert store.load_brain(variant, "AI").counts(7) == {2: 5, 3: 5, 5: 5}


def test_a_loaded_brain_plays_the_rules_it_was_asked_for(tmp_path: Path) -> None:
    """The rule set's key leaves out the sticks on the table; the loaded brain gets the caller's."""
    with SqliteStore.open(tmp_path) as store:
        store.save_brain(taught_brain(game_of_sticks(20)), "AI")
        brain = store.load_brain(game_of_sticks(60), "AI")
    assert brain.rules == game_of_sticks(60)


def test_saving_again_replaces_the_brain_and_deleting_forgets_it(tmp_path: Path) -> None:
    rules = game_of_sticks(20)
    with SqliteStore.open(tmp_path) as store:
        store.save_brain(taught_brain(games=1, balls=2), "AI")
        store.save_brain(taught_brain(games=9, balls=6), "AI")
        assert store.load_brain(rules, "AI").counts(5) == {1: 6, 2: 6, 3: 6}
        assert store.brain_info(rules, "AI").games_played == 9
        assert store.delete_brain(rules, "AI") is True
        assert store.load_brain(rules, "AI") is None
        assert store.delete_brain(rules, "AI") is False


def test_a_brain_mid_game_is_saved_with_the_balls_beside_its_hats(tmp_path: Path) -> None:
    import random

    brain = taught_brain(games=3, balls=2)
    brain.draw(9, random.Random(1))
    with SqliteStore.open(tmp_path) as store:
        store.save_brain(brain, "AI")
        assert sum(store.load_brain(game_of_sticks(20), "AI").counts(9).values()) == 6


def test_many_threads_share_one_store_without_losing_a_result(tmp_path: Path) -> None:
    """The full-screen app saves from a training worker thread while the board records games."""
    with SqliteStore.open(tmp_path) as store:

        def play(name: str) -> None:
            for _ in range(50):
                store.record_game(name, "Everyone", game="sticks")

        threads = [threading.Thread(target=play, args=(f"T{i}",)) for i in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        rows = {row.name: row for row in store.standings()}
    assert rows["Everyone"].losses == 200
    assert all(rows[f"T{i}"].wins == 50 for i in range(4))


def test_data_dir_comes_from_the_option_then_the_environment_then_platformdirs(
    tmp_path: Path,
) -> None:
    env = {"STICKS_TUI_DATA_DIR": str(tmp_path / "from-env")}
    assert resolve_data_dir(tmp_path / "from-option", env) == tmp_path / "from-option"
    assert resolve_data_dir(None, env) == tmp_path / "from-env"
    assert resolve_data_dir(None, {}) == platformdirs.user_data_path("sticks-tui")
    assert resolve_data_dir(None, {"STICKS_TUI_DATA_DIR": "  "}) == platformdirs.user_data_path(
        "sticks-tui"
    )


def test_the_environment_variable_moves_the_store(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cli
) -> None:
    monkeypatch.setenv("STICKS_TUI_DATA_DIR", str(tmp_path / "env-dir"))
    records = open_records()
    records.record_game("Ann", "Bob", game="sticks")
    records.close()  # type: ignore[attr-defined]
    assert (tmp_path / "env-dir" / STORE_FILE_NAME).is_file()
    assert "Ann" in cli("leaderboard").out


def test_without_any_setting_the_store_is_in_the_user_data_directory(
    tmp_path: Path, cli
) -> None:
    brain = tmp_path / "brain.json"
    assert cli("train", "--games", "3", "--out", str(brain)).code == 0
    assert cli("brain", "import", str(brain)).code == 0  # a write: the store is made
    assert (tmp_path / "default-data" / STORE_FILE_NAME).is_file()


def test_the_schema_version_is_written_and_migrations_run_in_order(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with SqliteStore.open(tmp_path) as store:
        store.record_game("Ann", "Bob", game="sticks")

    def add_nickname(db: sqlite3.Connection) -> None:
        db.execute("ALTER TABLE settings ADD COLUMN nickname TEXT NOT NULL DEFAULT ''")

    current = schema.SCHEMA_VERSION  # a next version, as a future change would add it
    monkeypatch.setattr(schema, "SCHEMA_VERSION", current + 1)
    monkeypatch.setattr(schema, "MIGRATIONS", {**schema.MIGRATIONS, current: add_nickname})
    with SqliteStore.open(tmp_path) as store:
        assert store.standings() == [Standing("Ann", 1, 0), Standing("Bob", 0, 1)]
    db = sqlite3.connect(tmp_path / STORE_FILE_NAME)
    assert db.execute("PRAGMA user_version").fetchone() == (current + 1,)
    assert "nickname" in [row[1] for row in db.execute("PRAGMA table_info(settings)")]
    db.close()


def test_a_failing_migration_leaves_the_store_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with SqliteStore.open(tmp_path) as store:
        store.record_game("Ann", "Bob", game="sticks")

    def broken_step(db: sqlite3.Connection) -> None:
        db.execute("DROP TABLE results")
        raise sqlite3.OperationalError("the step went wrong half way")

    current = schema.SCHEMA_VERSION
    monkeypatch.setattr(schema, "SCHEMA_VERSION", current + 1)
    monkeypatch.setattr(schema, "MIGRATIONS", {**schema.MIGRATIONS, current: broken_step})
    with pytest.raises(StoreError):
        SqliteStore.open(tmp_path)
    monkeypatch.setattr(schema, "SCHEMA_VERSION", current)
    with SqliteStore.open(tmp_path) as store:
        assert store.standings() == [Standing("Ann", 1, 0), Standing("Bob", 0, 1)]


def test_a_damaged_brain_row_is_reported_and_play_goes_on_with_fresh_hats(tmp_path: Path) -> None:
    with SqliteStore.open(tmp_path) as store:
        store.save_brain(taught_brain(), "AI")
    db = sqlite3.connect(tmp_path / STORE_FILE_NAME)
    db.execute("UPDATE brains SET brain_json = '{\"format\": \"nonsense\"}'")
    db.commit()
    db.close()
    with SqliteStore.open(tmp_path) as store, pytest.raises(StoreRefused, match="brain reset"):
        store.load_brain(game_of_sticks(20), "AI")
    warnings: list[str] = []
    records = open_records(tmp_path, warn=warnings.append)
    assert records.load_brain(game_of_sticks(20), "AI") is None
    assert len(warnings) == 1 and "damaged" in warnings[0]

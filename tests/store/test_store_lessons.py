"""What games teach the AI is saved as a lesson added to the saved brain, never a whole brain
written over it: programs playing one AI at once (consoles, apps, training) all keep theirs."""

from __future__ import annotations

import io
import random
import sqlite3
from pathlib import Path

import pytest

from sticks_tui.console.classic import run_classic
from sticks_tui.engine import HatBrain, HatPlayer, Match, RandomPlayer, game_of_sticks
from sticks_tui.storage.brain_cache import BrainRef
from sticks_tui.storage.brain_cache import KeptBrain
from sticks_tui.storage.sqlite.store import SqliteStore, open_records
from sticks_tui.storage.sqlite.store_file import StoreRefused
from sticks_tui.storage.sqlite.store_file import STORE_FILE_NAME
from sticks_tui.ui.app import SticksApp

RULES = game_of_sticks(10)


def _play_one_game(brain: HatBrain, rng: random.Random) -> None:
    """One game of the hat AI against the random player; the brain learns from it."""
    match = Match(RULES, [HatPlayer("AI", brain, rng), RandomPlayer("Random AI", rng)])
    while not match.is_over:
        match.play_machine_turn()


def _same_hats(one: HatBrain, two: HatBrain) -> bool:
    return all(one.counts(n) == two.counts(n) for n in range(1, 11))


def test_two_programs_saving_lessons_in_turn_keep_every_game(tmp_path: Path) -> None:
    rng = random.Random(1)
    with SqliteStore.open(tmp_path) as first, SqliteStore.open(tmp_path) as second:
        kept = [KeptBrain.load(store, RULES, "AI") for store in (first, second)]
        for game in range(30):
            side = game % 3 % 2  # 2 games here, 1 there...
            _play_one_game(kept[side].brain, rng)
            kept[side].save((first, second)[side])
        saved = first.load_brain(RULES, "AI")
    assert saved is not None and saved.games_played == 30
    last = kept[29 % 3 % 2]
    assert last.brain.games_played == 30 and _same_hats(last.brain, saved)  # took on the other's


def test_two_apps_on_one_store_keep_every_game_of_their_boards(tmp_path: Path) -> None:
    rng = random.Random(2)
    stores = [open_records(tmp_path, warn=pytest.fail) for _ in range(2)]
    apps = [SticksApp(records) for records in stores]
    brains = [app.brains.hats(RULES, "AI") for app in apps]  # both boards: the saved brain
    for game in range(40):
        side = game % 2
        apps[side].brains.pick_up(RULES, BrainRef("AI"))  # what a board does before a game
        _play_one_game(brains[side], rng)
        apps[side].keep_brain("AI", brains[side])  # ...and when it ends (a save by the writer)
    for app in apps:
        app.brains.settle()  # what leaving the app does
    apps[1].brains.pick_up(RULES, BrainRef("AI"))
    for records in stores:
        records.close()  # type: ignore[attr-defined]
    with SqliteStore.open(tmp_path) as store:
        saved = store.load_brain(RULES, "AI")
    assert saved is not None and saved.games_played == 40
    assert brains[1] is apps[1].brains.hats(RULES, "AI") and _same_hats(brains[1], saved)


def test_a_lesson_that_could_not_be_saved_goes_with_the_next_one(tmp_path: Path) -> None:
    with SqliteStore.open(tmp_path) as store:
        store.save_brain(HatBrain(RULES), "AI")
    db = sqlite3.connect(tmp_path / STORE_FILE_NAME)
    db.execute("UPDATE brains SET brain_json = '{\"format\": \"nonsense\"}'")
    db.commit()
    db.close()
    warnings: list[str] = []
    records = open_records(tmp_path, warn=warnings.append)
    kept = KeptBrain.load(records, RULES, "AI")  # damaged: fresh hats, and a warning
    rng = random.Random(3)
    for _ in range(2):
        _play_one_game(kept.brain, rng)
        kept.save(records)
    assert any("was not saved" in warning for warning in warnings)
    with SqliteStore.open(tmp_path) as store:
        with pytest.raises(StoreRefused, match="damaged"):  # never written over
            store.load_brain(RULES, "AI")
        store.delete_brain(RULES, "AI")  # `sticks-tui brain reset`
    _play_one_game(kept.brain, rng)
    kept.save(records)
    records.close()  # type: ignore[attr-defined]
    with SqliteStore.open(tmp_path) as store:
        saved = store.load_brain(RULES, "AI")
    assert saved is not None and saved.games_played == 3
    assert _same_hats(saved, kept.brain)


def test_import_still_replaces_the_brain_on_purpose(tmp_path: Path) -> None:
    with SqliteStore.open(tmp_path) as store:
        kept = KeptBrain.load(store, RULES, "AI")
        _play_one_game(kept.brain, random.Random(4))
        kept.save(store)
        store.save_brain(HatBrain(RULES), "AI")  # what `brain import` does
        saved = store.load_brain(RULES, "AI")
    assert saved is not None and saved.games_played == 0


def _trained_console(records: object, seed: int) -> tuple[str, int]:
    """Option 3 on 12 sticks, 300 training games, then always one stick and "play again" until
    the input ends; what it showed and the games it finished."""
    screen = io.StringIO()
    run_classic(seed, stdin=io.StringIO("12\n3\n" + "1\n" * 40), output=screen,
                training_games=300, records=records)  # type: ignore[arg-type]
    text = screen.getvalue()
    return text, text.count("You lose.") + text.count("AI loses.")


def test_each_trained_console_adds_its_training_and_games_and_plays_its_own(tmp_path: Path) -> None:
    with SqliteStore.open(tmp_path) as store:
        first, first_games = _trained_console(store, seed=5)
        second, second_games = _trained_console(store, seed=6)
        saved = store.load_brain(game_of_sticks(12), "Trained AI")
    assert saved is not None
    assert saved.games_played == 300 + first_games + 300 + second_games  # none written over
    with SqliteStore.open(tmp_path / "empty") as store:
        alone, _ = _trained_console(store, seed=6)
    assert second == alone  # option 3 plays the AI it has just trained, whatever was saved

"""Playing with the store: the classic console saves every game and the AI's brain at once,
and plays on without saving where nothing can be saved."""

from __future__ import annotations

import hashlib
import os
import signal
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

from sticks_tui.engine import game_of_sticks
from sticks_tui.engine.machines import LEARNING_AI_NAME, TRAINED_AI_NAME
from sticks_tui.storage.records import MemoryRecords
from sticks_tui.storage.sqlite.store import SqliteStore, open_records
from sticks_tui.storage.sqlite.store_file import STORE_FILE_NAME

REPO = Path(__file__).resolve().parents[2]
# 10 sticks, a friend game: Player 1 takes 3, 3, 3 and Player 2 takes the last stick.
FRIEND_GAME = "10\n1\n3\n3\n3\n1\n0\n"


def _rows(data_dir: Path) -> dict[str, tuple[int, int]]:
    with SqliteStore.open(data_dir) as store:
        return {row.name: (row.wins, row.losses) for row in store.standings()}


def test_a_friend_game_is_saved_under_the_players_names(cli, tmp_path: Path) -> None:
    run = cli("--data-dir", str(tmp_path), "--player1", "Ann", "--player2", "Bob", "--classic",
              stdin=FRIEND_GAME)
    assert run.code == 0 and "Bob, you lose." in run.out and run.err == ""
    assert _rows(tmp_path) == {"Ann": (1, 0), "Bob": (0, 1)}


def test_without_names_the_players_are_player_1_and_player_2(cli, tmp_path: Path) -> None:
    cli("--data-dir", str(tmp_path), "--classic", stdin=FRIEND_GAME)
    assert _rows(tmp_path) == {"Player 1": (1, 0), "Player 2": (0, 1)}


def _games_finished(transcript: str) -> int:
    return transcript.count("You lose.") + transcript.count(f"{LEARNING_AI_NAME} loses.")


def test_games_against_the_computer_save_its_name_and_brain_and_it_keeps_learning(
    cli, tmp_path: Path
) -> None:
    # the human always takes 1 and always plays again, until the answers run out
    answers = "10\n2\n" + "1\n" * 30
    run = cli("--data-dir", str(tmp_path), "--seed", "5", "--player1", "Ann", "--classic",
              stdin=answers)
    played = _games_finished(run.out)
    assert played >= 2
    rows = _rows(tmp_path)
    assert set(rows) == {"Ann", LEARNING_AI_NAME}
    assert sum(rows["Ann"]) == sum(rows[LEARNING_AI_NAME]) == played
    assert rows["Ann"][0] == run.out.count(f"{LEARNING_AI_NAME} loses.")
    with SqliteStore.open(tmp_path) as store:
        assert store.brain_info(game_of_sticks(10), LEARNING_AI_NAME).games_played == played
    # the next run starts from the saved brain and goes on counting its games
    again = cli("--data-dir", str(tmp_path), "--seed", "5", "--classic", stdin=answers)
    with SqliteStore.open(tmp_path) as store:
        assert store.brain_info(game_of_sticks(10), LEARNING_AI_NAME).games_played == (
            played + _games_finished(again.out)
        )


def _spawn(data_dir: Path, *args: str) -> pexpect.spawn:
    env = {**os.environ, "STICKS_TUI_DATA_DIR": str(data_dir), "LC_ALL": "C.UTF-8"}
    return pexpect.spawn(sys.executable, ["-m", "sticks_tui", "--classic", *args], cwd=str(REPO),
                         env=env, encoding="utf-8", timeout=60)


def test_a_finished_game_is_saved_before_the_next_question(tmp_path: Path) -> None:
    """Closing the terminal at "Play again?" never loses the game just finished."""
    child = _spawn(tmp_path, "--seed", "3")
    child.expect_exact("(10-100)? ")
    child.sendline("10")
    child.expect_exact("(1-3)? ")
    child.sendline("2")
    while child.expect_exact(["Play again (1 = yes, 0 = no)? ", "take (1-3)? "]) == 1:
        child.sendline("1")
    rows = _rows(tmp_path)  # looked at while the program still waits for an answer
    assert sum(rows["Player 1"]) == 1 and sum(rows[LEARNING_AI_NAME]) == 1
    with SqliteStore.open(tmp_path) as store:
        assert store.brain_info(game_of_sticks(10), LEARNING_AI_NAME).games_played == 1
    child.kill(signal.SIGHUP)  # the terminal closes
    child.close()
    assert sum(_rows(tmp_path)["Player 1"]) == 1


def test_the_trained_ai_is_saved_as_soon_as_training_ends(tmp_path: Path) -> None:
    child = _spawn(tmp_path, "--seed", "3")
    child.expect_exact("(10-100)? ")
    child.sendline("12")
    child.expect_exact("(1-3)? ")
    child.sendline("3")
    child.expect_exact("Training AI, please wait...")
    child.expect_exact("How many sticks do you take (1-3)? ")
    with SqliteStore.open(tmp_path) as store:
        info = store.brain_info(game_of_sticks(12), TRAINED_AI_NAME)
    assert info is not None and info.games_played == 100_000
    child.sendeof()
    child.expect(pexpect.EOF)


def test_an_uncreatable_data_directory_warns_and_play_goes_on(cli, tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")
    data_dir = blocker / "sticks"
    run = cli("--data-dir", str(data_dir), "--classic", stdin=FRIEND_GAME)
    assert run.code == 0 and "Player 2, you lose." in run.out
    assert len(run.err_lines) == 1
    assert str(data_dir) in run.err and "without saving" in run.err
    warnings: list[str] = []
    assert isinstance(open_records(data_dir, warn=warnings.append), MemoryRecords)
    assert len(warnings) == 1


class _ReadOnly:
    """Make a directory and its files truly unwritable, for root too, and undo it afterwards.

    chmod does not stop root, so as root the immutable attribute is used (chattr +i).
    """

    def __init__(self, directory: Path) -> None:
        self.paths = [directory, *directory.iterdir()]
        self.as_root = os.geteuid() == 0

    def __enter__(self) -> None:
        for path in reversed(self.paths):
            if self.as_root:
                subprocess.run(["chattr", "+i", str(path)], check=True)
            else:
                path.chmod(0o555 if path.is_dir() else 0o444)

    def __exit__(self, *exc_info: object) -> None:
        for path in self.paths:
            if self.as_root:
                subprocess.run(["chattr", "-i", str(path)], check=True)
            else:
                path.chmod(0o755 if path.is_dir() else 0o644)


def test_a_read_only_data_directory_warns_and_play_goes_on_without_saving(tmp_path: Path) -> None:
    data_dir = tmp_path / "data"
    with SqliteStore.open(data_dir) as store:
        store.record_game("Earlier", "Game", game="sticks")
    store_file = data_dir / STORE_FILE_NAME
    before = hashlib.sha256(store_file.read_bytes()).hexdigest()
    with _ReadOnly(data_dir):
        assert not os.access(data_dir, os.W_OK)  # the premise: nobody may write here now
        done = subprocess.run(
            [sys.executable, "-m", "sticks_tui", "--data-dir", str(data_dir), "--classic"],
            input=FRIEND_GAME, capture_output=True, text=True, cwd=str(REPO), timeout=60,
        )
    assert done.returncode == 0, done.stderr
    assert "Player 2, you lose." in done.stdout
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert str(data_dir) in done.stderr and "read-only" in done.stderr
    assert "without saving" in done.stderr
    assert hashlib.sha256(store_file.read_bytes()).hexdigest() == before


@pytest.mark.parametrize("broken", ["record_game", "save_brain"])
def test_a_save_that_fails_during_play_is_a_warning_not_a_crash(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, broken: str
) -> None:
    from sticks_tui.storage.sqlite.store_file import StoreUnavailable

    warnings: list[str] = []
    records = open_records(tmp_path, warn=warnings.append)

    def disk_full(*args: object, **kwargs: object) -> None:
        raise StoreUnavailable(f"could not save to {tmp_path}: the disk is full")

    monkeypatch.setattr(SqliteStore, broken, disk_full)
    for _ in range(3):
        records.record_game("Ann", "Bob", game="sticks")
        records.save_brain(records.load_brain(game_of_sticks(10), "AI") or _fresh(), "AI")
    assert len(warnings) == 1 and "disk is full" in warnings[0]


def _fresh():
    from sticks_tui.engine.learners.hats.brain import HatBrain

    return HatBrain(game_of_sticks(10))

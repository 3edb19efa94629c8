"""One training at a time of a brain saved whole (storage/training_turns.py): two programs on one
data directory (two tabs of a classroom) take turns to train a Q-learner's table, a program that
ends lets go of its turn however it ends, and brains kept as lessons never wait (they merge)."""

from __future__ import annotations

import errno
import subprocess
import sys
from pathlib import Path

import pytest

from sticks_tui.engine import Nim, game_of_sticks
from sticks_tui.storage.brain_cache import BrainCache, BrainRef
from sticks_tui.storage.records import MemoryRecords
from sticks_tui.storage.sqlite.store import SqliteStore
from sticks_tui.storage import file_writer
from sticks_tui.storage.training_turns import TURNS_FOLDER

NIM = Nim((1, 2, 3))
Q_AI = BrainRef("Q-learning AI", "q")


def test_two_programs_take_turns_to_train_one_q_brain_and_say_who_has_it(tmp_path: Path) -> None:
    with SqliteStore.open(tmp_path) as one, SqliteStore.open(tmp_path) as two:
        here, there = BrainCache(one), BrainCache(two)
        mine, theirs = here.training_turn(NIM, Q_AI), there.training_turn(NIM, Q_AI)
        assert mine.take("Ada") and mine.held
        assert not theirs.take("Bob")
        assert theirs.holder == "Ada" and not theirs.held
        # another brain (another name, another game) is free meanwhile
        other = there.training_turn(NIM, BrainRef("Pupil", "q"))
        assert other.take("Bob")
        assert there.training_turn(game_of_sticks(10), Q_AI).take("Bob")
        mine.release()
        assert not mine.held
        assert theirs.take("Bob") and theirs.holder is None
        assert not here.training_turn(NIM, Q_AI).take("Ada")


def test_brains_kept_as_lessons_and_records_in_memory_never_wait(tmp_path: Path) -> None:
    with SqliteStore.open(tmp_path) as one, SqliteStore.open(tmp_path) as two:
        hats = BrainRef("AI", "hats")
        assert BrainCache(one).training_turn(NIM, hats).take("Ada")
        assert BrainCache(two).training_turn(NIM, hats).take("Bob")  # their trainings merge
    memory = BrainCache(MemoryRecords())
    assert memory.training_turn(NIM, Q_AI).take("Ada")
    assert memory.training_turn(NIM, Q_AI).take("Bob")


def test_a_data_directory_that_refuses_the_turns_file_lets_every_training_start(
    tmp_path: Path,
) -> None:
    (tmp_path / TURNS_FOLDER).write_text("not a folder")
    with SqliteStore.open(tmp_path) as one, SqliteStore.open(tmp_path) as two:
        assert BrainCache(one).training_turn(NIM, Q_AI).take("Ada")
        assert BrainCache(two).training_turn(NIM, Q_AI).take("Bob")
    assert (tmp_path / TURNS_FOLDER).read_text() == "not a folder"


def test_a_file_system_with_no_locks_lets_every_training_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_locks(fd: int, operation: int) -> None:  # as NFS without its lock daemon
        raise OSError(errno.ENOLCK, "No locks available")

    monkeypatch.setattr(file_writer.fcntl, "flock", no_locks)
    with SqliteStore.open(tmp_path) as one, SqliteStore.open(tmp_path) as two:
        assert BrainCache(one).training_turn(NIM, Q_AI).take("Ada")
        assert BrainCache(two).training_turn(NIM, Q_AI).take("Bob")  # not "Ada has it" forever


def test_a_holders_name_is_read_as_plain_text_on_one_line(tmp_path: Path) -> None:
    with SqliteStore.open(tmp_path) as one, SqliteStore.open(tmp_path) as two:
        assert BrainCache(one).training_turn(NIM, Q_AI).take("[b]Ada[/b]\x1b[31m\nLovelace")
        theirs = BrainCache(two).training_turn(NIM, Q_AI)
        assert not theirs.take("Bob")
        assert theirs.holder == "[b]Ada[/b]\\x1b[31m Lovelace"


HOLD_THE_TURN = """
import sys
from sticks_tui.engine import Nim
from sticks_tui.storage.brain_cache import BrainCache, BrainRef
from sticks_tui.storage.sqlite.store import SqliteStore
store = SqliteStore.open(sys.argv[1])
turn = BrainCache(store).training_turn(Nim((1, 2, 3)), BrainRef("Q-learning AI", "q"))
print("taken" if turn.take("Ada") else "refused", flush=True)
sys.stdin.read()
"""


def test_a_program_killed_while_it_trains_lets_go_of_its_turn(tmp_path: Path) -> None:
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLD_THE_TURN, str(tmp_path)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "taken\n"
        with SqliteStore.open(tmp_path) as store:
            turn = BrainCache(store).training_turn(NIM, Q_AI)
            assert not turn.take("Bob") and turn.holder == "Ada"
            holder.kill()  # a closed tab: its process ends, however
            holder.wait()
            assert turn.take("Bob")
    finally:
        holder.kill()
        holder.wait()

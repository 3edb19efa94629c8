"""Real processes: two programs saving at once, and programs killed in the middle of a save."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from sticks_tui.engine import TakeAway, game_of_sticks
from sticks_tui.storage.sqlite.store import SqliteStore

# Waits for "go" on stdin, then opens the store (so creating it races too) and records games.
RECORDER = """
import sys
from sticks_tui.storage.sqlite.store import SqliteStore
data_dir, name, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
print("ready", flush=True)
sys.stdin.readline()
with SqliteStore.open(data_dir) as store:
    for _ in range(count):
        store.record_game(name, "Shared loser", game="sticks")
print("done", flush=True)
"""

# Saves forever: a game (two rows) then a big brain whose every ball count is games_played + 1,
# printing the number of games that are surely saved after each pair of saves.
WRITER = """
import sys
from sticks_tui.engine import TakeAway
from sticks_tui.engine.learners.hats import HatBrain
from sticks_tui.storage.sqlite.store import SqliteStore
rules = TakeAway(1000, (1, 2, 3), misere=True)
store = SqliteStore.open(sys.argv[1])
wins = {row.name: row.wins for row in store.standings()}.get("Writer", 0)
print(wins, flush=True)
template = HatBrain(rules).to_dict()
while True:
    store.record_game("Writer", "Victim", game="sticks")
    wins += 1
    template["games_played"] = wins
    template["hats"] = {str(h): {b: wins + 1 for b in "123"} for h in range(1, 1001)}
    store.save_brain(HatBrain.from_dict(template, rules), "AI")
    print(wins, flush=True)
"""

BIG_RULES = TakeAway(1000, (1, 2, 3), misere=True)


def _python(script: str, *args: str, **kwargs) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", script, *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        **kwargs,
    )


def test_two_programs_saving_at_the_same_moment_lose_no_result(tmp_path: Path) -> None:
    children = [_python(RECORDER, str(tmp_path), name, "500") for name in ("One", "Two")]
    for child in children:
        assert child.stdout.readline().strip() == "ready"
    for child in children:  # both start together, on a store that does not exist yet
        child.stdin.write("go\n")
        child.stdin.flush()
    for child in children:
        out, err = child.communicate(timeout=120)
        assert child.returncode == 0, err
        assert out.strip() == "done"
    with SqliteStore.open(tmp_path) as store:
        rows = {row.name: row for row in store.standings()}
    assert rows["Shared loser"].games == 1000
    assert rows["Shared loser"].losses == 1000
    assert rows["One"].wins == 500 and rows["Two"].wins == 500
    assert sum(row.wins for row in rows.values()) == 1000


def _check_consistent(data_dir: Path, surely_saved: int) -> int:
    """The store opens; every save is whole; nothing acknowledged is lost. Returns the wins."""
    with SqliteStore.open(data_dir) as store:
        rows = {row.name: row for row in store.standings()}
        brain = store.load_brain(BIG_RULES, "AI")
    wins = rows["Writer"].wins if "Writer" in rows else 0
    losses = rows["Victim"].losses if "Victim" in rows else 0
    assert wins == losses, "a game was saved for one player and not the other"
    assert wins in (surely_saved, surely_saved + 1)
    if brain is not None:
        # the brain is saved after the game, so it is that game's or the one before
        assert brain.games_played in (wins, wins - 1)
        counts = {n for position in brain.positions() for n in brain.counts(position).values()}
        assert counts == {brain.games_played + 1}, "a brain was saved half old, half new"
    return wins


def test_a_program_killed_in_the_middle_of_saving_leaves_a_whole_store(tmp_path: Path) -> None:
    rng = random.Random(20261122)
    kills = 0
    surely_saved = 0
    for round_ in range(10):
        child = _python(WRITER, str(tmp_path))
        if round_ == 0:
            time.sleep(rng.uniform(0.0, 0.1))  # the first kill may land while the file is created
        else:
            assert int(child.stdout.readline()) == surely_saved
            for _ in range(rng.randint(0, 15)):
                surely_saved = int(child.stdout.readline())
            time.sleep(rng.uniform(0.0, 0.01))  # somewhere inside the next save
        child.send_signal(signal.SIGKILL)
        out, _ = child.communicate(timeout=30)
        assert child.returncode == -signal.SIGKILL
        if out.split():
            surely_saved = max(surely_saved, int(out.split()[-1]))
        surely_saved = _check_consistent(tmp_path, surely_saved)
        kills += 1
    assert kills == 10
    assert surely_saved >= 9  # the writer got going between kills, so there was a lot to lose


def test_a_store_left_by_a_killed_program_takes_new_results(tmp_path: Path) -> None:
    child = _python(WRITER, str(tmp_path))
    for _ in range(5):
        child.stdout.readline()
    os.kill(child.pid, signal.SIGKILL)
    child.communicate(timeout=30)
    with SqliteStore.open(tmp_path) as store:
        before = {row.name: row.wins for row in store.standings()}["Writer"]
        store.record_game("Writer", "Victim", game="sticks")
    with SqliteStore.open(tmp_path) as store:
        assert {row.name: row.wins for row in store.standings()}["Writer"] == before + 1


TAKE_PROMPT = b"Player 1: How many sticks do you take (1-3)? "


def _console(data_dir: Path, seed: int) -> subprocess.Popen[bytes]:
    """``sticks-tui --classic`` as a person runs it, in a process of its own."""
    return subprocess.Popen(
        [sys.executable, "-m", "sticks_tui", "--classic", "--seed", str(seed),
         "--data-dir", str(data_dir)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )


def _read_until(child: subprocess.Popen[bytes], marker: bytes) -> bytes:
    assert child.stdout is not None
    seen = b""
    while marker not in seen:
        chunk = os.read(child.stdout.fileno(), 4096)
        assert chunk, f"the console ended before showing {marker!r}: {seen!r}"
        seen += chunk
    return seen


def test_two_consoles_playing_the_learning_ai_at_once_keep_every_game(tmp_path: Path) -> None:
    consoles = [_console(tmp_path, seed) for seed in (1, 2)]
    for console in consoles:  # 10 sticks, option 2: the learning AI, loaded from the store
        assert console.stdin is not None
        console.stdin.write(b"10\n2\n")
        console.stdin.flush()
    # Both have loaded the AI's brain and wait for the first move before either plays on.
    seen = [_read_until(console, TAKE_PROMPT) for console in consoles]
    # "1" is always a legal take and "yes" to play again: game after game, both at once, until
    # the input ends (in the middle of a game, which is then neither recorded nor learned from).
    script = b"1\n" * 600
    with ThreadPoolExecutor(2) as pool:
        ends = list(pool.map(lambda child: child.communicate(script, timeout=120), consoles))
    played = 0
    for console, before, (out, err) in zip(consoles, seen, ends):
        assert console.returncode == 0, err
        text = (before + out).decode()
        games = text.count("You lose.") + text.count("AI loses.")
        assert games > 20
        played += games
    with SqliteStore.open(tmp_path) as store:
        brain = store.load_brain(game_of_sticks(10), "AI")
        rows = {row.name: row for row in store.standings()}
    assert rows["AI"].games == rows["Player 1"].games == played
    assert brain is not None and brain.games_played == played  # every game's lesson was kept

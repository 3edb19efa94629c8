"""Real processes: two programs saving at once, and programs killed in the middle of a save."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
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
# printing the number of games that are surely saved after each pair of saves. It says where it
# is before each step ("opening" the store, "game", "brain"), so the test kills it there, on an
# event, not after a guessed sleep.
WRITER = """
import sys
from sticks_tui.engine import TakeAway
from sticks_tui.engine.learners.hats.brain import HatBrain
from sticks_tui.storage.sqlite.store import SqliteStore
rules = TakeAway(1000, (1, 2, 3), misere=True)
template = HatBrain(rules).to_dict()
print("opening", flush=True)
store = SqliteStore.open(sys.argv[1])
wins = {row.name: row.wins for row in store.standings()}.get("Writer", 0)
print(wins, flush=True)
while True:
    print("game", flush=True)
    store.record_game("Writer", "Victim", game="sticks")
    wins += 1
    template["games_played"] = wins
    template["hats"] = {str(h): {b: wins + 1 for b in "123"} for h in range(1, 1001)}
    brain = HatBrain.from_dict(template, rules)
    print("brain", flush=True)
    store.save_brain(brain, "AI")
    print(wins, flush=True)
"""
#: Where a round kills the writer: as it opens (creates) the store, as it saves a game, or as it
#: saves the brain after it.
KILL_AT = ("opening", "game", "brain")

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


def _check_consistent(data_dir: Path, surely_saved: int, brain_saved: int) -> tuple[int, int]:
    """The store opens; every save is whole; nothing acknowledged is lost (``surely_saved``
    games, a brain of ``brain_saved`` games). Returns the games and the brain's games saved."""
    with SqliteStore.open(data_dir) as store:
        rows = {row.name: row for row in store.standings()}
        brain = store.load_brain(BIG_RULES, "AI")
    wins = rows["Writer"].wins if "Writer" in rows else 0
    losses = rows["Victim"].losses if "Victim" in rows else 0
    assert wins == losses, "a game was saved for one player and not the other"
    assert wins in (surely_saved, surely_saved + 1)
    games = brain.games_played if brain is not None else 0
    # the brain is saved after its game: never ahead of the games, never behind what was said
    assert brain_saved <= games <= wins
    if brain is not None:
        counts = {n for position in brain.positions() for n in brain.counts(position).values()}
        assert counts == {brain.games_played + 1}, "a brain was saved half old, half new"
    return wins, games


def _saved(lines: list[str], surely_saved: int) -> int:
    """The games surely saved (a game and its brain) once the writer said ``lines``: each
    count it says after saving a brain."""
    for before, line in zip(lines, lines[1:]):
        if before == "brain" and line.isdigit():
            surely_saved = int(line)
    return surely_saved


def _read_to(child: subprocess.Popen[str], event: str, surely_saved: int) -> int:
    """Read the writer's lines up to ``event``; the games (and brain) surely saved by then."""
    assert child.stdout is not None
    lines = [""]
    while lines[-1] != event:
        lines.append(child.stdout.readline().strip())
        assert lines[-1], f"the writer ended before {event!r}"
    return _saved(lines, surely_saved)


def test_a_program_killed_in_the_middle_of_saving_leaves_a_whole_store(tmp_path: Path) -> None:
    rng = random.Random(20261122)  # how many saves each round lets through: repeatable
    kills = 0
    surely_saved = brain_saved = 0
    for round_ in range(12):
        child = _python(WRITER, str(tmp_path))
        at = KILL_AT[round_ % len(KILL_AT)]  # the first kill lands as the file is created
        if at != "opening":
            _read_to(child, "opening", surely_saved)
            assert int(child.stdout.readline()) == surely_saved
            for _ in range(rng.randint(0, 15)):
                brain_saved = _read_to(child, "game", brain_saved)
        brain_saved = _read_to(child, at, brain_saved)
        child.send_signal(signal.SIGKILL)  # as it begins that step: inside it, or just before
        # what it said up to the kill, read ahead into the pipe's buffer included (communicate()
        # reads the pipe itself and would miss it: a loaded machine lost three lines so)
        out = child.stdout.read()
        child.wait(timeout=30)
        child.stdin.close()
        child.stderr.close()
        assert child.returncode == -signal.SIGKILL
        brain_saved = _saved([at, *out.split()], brain_saved)
        surely_saved = max(surely_saved, brain_saved)
        surely_saved, brain_saved = _check_consistent(tmp_path, surely_saved, brain_saved)
        kills += 1
    assert kills == 12
    assert surely_saved >= 9  # the writer got going between kills, so there was a lot to lose


def test_a_store_left_by_a_killed_program_takes_new_results(tmp_path: Path) -> None:
    child = _python(WRITER, str(tmp_path))
    saved = 0
    for _ in range(4):  # three pairs of saves, then killed as it saves the fourth game
        saved = _read_to(child, "game", saved)
    assert saved == 3
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

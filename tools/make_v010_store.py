"""Remake tests/store/data/v0.1.0/records.sqlite3: a data directory written by sticks-tui 0.1.0.

The test ``tests/store/test_store_v010.py`` opens that file with today's code and checks that
nothing in it is lost. So the file must be what 0.1.0 itself wrote, not what today's code writes
and labels old: this script takes the 0.1.0 sources out of git (commit 390a1ca, the release
0.1.0) into a temporary folder and runs *that* program, through its own command line, on a fresh
data directory:

1. ``sticks-tui --classic --seed 1 --player1 Ann``: 20 sticks, option 2 (the learning AI,
   saved as "AI"); Ann always takes 1 stick; 5 games.
2. ``sticks-tui --classic --seed 2 --player1 Bob``: 30 sticks, option 3 (the Trained AI, trained
   by 100,000 self-play games and saved as "Trained AI"); Bob always takes 1; 3 games.
3. ``sticks-tui --classic --seed 3 --player1 Cy --player2 Dee``: 10 sticks, option 1 (two
   friends), both always take 1; 2 games.
4. ``sticks-tui train --takes 2,3,5 --normal --sticks 30 --games 3000 --seed 4 --out ai.json``
   and ``sticks-tui brain import --takes 2,3,5 --normal ai.json``: the learning AI's brain for
   the take-away variant {2, 3, 5}, no move loses;
5. the same with ``--games 20000 --seed 5`` and ``brain import --ai "Trained AI"``: the Trained
   AI's brain for that variant.

Then the store is closed (0.1.0 keeps it in WAL mode; the last connection folds the log into the
file) and ``records.sqlite3`` is copied to the destination. The times a brain was saved differ
from run to run, and self-play training draws from the seed, so the hats are the same each time
on one Python version; the test does not depend on either: it reads what it expects from the
file itself with plain ``sqlite3`` and ``json``.

    python tools/make_v010_store.py                 # writes tests/store/data/v0.1.0/
    python tools/make_v010_store.py --out DIR

Needs git (the repository's history), the app's dependencies and pexpect (the test extras:
``pip install -e '.[test]'``). Takes about half a minute.
"""

from __future__ import annotations

import argparse
import importlib
import io
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: The release 0.1.0 (the last commit before the store learned about learners).
COMMIT = "390a1ca"
DEFAULT_OUT = ROOT / "tests" / "store" / "data" / "v0.1.0"
STORE_FILE = "records.sqlite3"

STICKS_PROMPT = r"How many sticks are there on the table initially \(10-100\)\? "
OPTION_PROMPT = r"Which option do you take \(1-3\)\? "
TAKE_PROMPT = r"How many sticks do you take \(1-3\)\? "
AGAIN_PROMPT = r"Play again \(1 = yes, 0 = no\)\? "


def extract(commit: str, into: Path) -> None:
    """The sources of ``commit`` (no checkout: the working tree is left alone)."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", commit, "sticks_tui"],
        check=True, capture_output=True,
    ).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")


class OldProgram:
    """Runs the 0.1.0 program from ``source`` on the data directory ``data``."""

    def __init__(self, source: Path, data: Path) -> None:
        self.data = data
        self.env = {**os.environ, "PYTHONPATH": str(source), "TERM": "dumb"}
        self.env.pop("STICKS_TUI_DATA_DIR", None)
        self.cwd = source

    def argv(self, *args: str) -> list[str]:
        return [sys.executable, "-m", "sticks_tui", "--data-dir", str(self.data), *args]

    def command(self, *args: str) -> str:
        """A headless command; its output (it must succeed)."""
        done = subprocess.run(
            self.argv(*args), env=self.env, cwd=self.cwd, capture_output=True, text=True,
            check=False,
        )
        if done.returncode != 0:
            raise SystemExit(f"0.1.0 `{' '.join(args)}` failed: {done.stderr.strip()}")
        return done.stdout

    def console(self, *, seed: int, names: tuple[str, ...], sticks: int, option: int,
                games: int) -> None:
        """The classic console: every person always takes 1 stick; ``games`` games."""
        pexpect = importlib.import_module("pexpect")  # a test dependency (it has no types)

        players = [arg for number, name in enumerate(names, 1)
                   for arg in (f"--player{number}", name)]
        argv = self.argv("--classic", "--seed", str(seed), *players)
        child = pexpect.spawn(argv[0], argv[1:], env=self.env, cwd=str(self.cwd),
                              encoding="utf-8", timeout=120)
        child.expect(STICKS_PROMPT)
        child.sendline(str(sticks))
        child.expect(OPTION_PROMPT)
        child.sendline(str(option))
        played = 0
        while True:
            if child.expect([TAKE_PROMPT, AGAIN_PROMPT]) == 0:
                child.sendline("1")
                continue
            played += 1
            child.sendline("1" if played < games else "0")
            if played == games:
                break
        child.expect(pexpect.EOF)
        child.close()
        if child.exitstatus != 0:
            raise SystemExit(f"0.1.0's console ended with status {child.exitstatus}")


def make(out: Path) -> Path:
    with tempfile.TemporaryDirectory(prefix="sticks-v010-") as temp:
        source, data = Path(temp) / "src", Path(temp) / "data"
        source.mkdir()
        extract(COMMIT, source)
        old = OldProgram(source, data)
        if "0.1.0" not in old.command("--version"):
            raise SystemExit(f"commit {COMMIT} is not sticks-tui 0.1.0")
        old.console(seed=1, names=("Ann",), sticks=20, option=2, games=5)
        old.console(seed=2, names=("Bob",), sticks=30, option=3, games=3)
        old.console(seed=3, names=("Cy", "Dee"), sticks=10, option=1, games=2)
        variant = ("--takes", "2,3,5", "--normal")
        for seed, games, ai in ((4, 3000, "AI"), (5, 20000, "Trained AI")):
            brain = str(Path(temp) / f"variant-{seed}.json")
            old.command("train", *variant, "--sticks", "30", "--games", str(games),
                        "--seed", str(seed), "--out", brain)
            old.command("brain", "import", *variant, "--ai", ai, brain)
        print(old.command("leaderboard"), end="")
        leftovers = [p.name for p in data.iterdir() if p.name != STORE_FILE]
        if leftovers:
            raise SystemExit(f"the store was not closed cleanly: {leftovers}")
        out.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(data / STORE_FILE, out / STORE_FILE)
    return out / STORE_FILE


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="where to put the file")
    args = parser.parse_args()
    print(f"wrote {make(args.out)}")


if __name__ == "__main__":
    main()

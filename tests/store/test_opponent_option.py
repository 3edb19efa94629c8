"""``sticks-tui --opponent NAME [--learner hats|q]``: the app opens on a game against a brain of
the game chosen; a name with no brain is refused with a clear message, and nothing changes."""

from __future__ import annotations

from pathlib import Path

import pytest

from sticks_tui.engine import HatBrain, game_of_sticks
from sticks_tui.engine.learners.q.learner import QLearner
from sticks_tui.storage.brain_cache import BrainRef
from sticks_tui.storage.sqlite.store import SqliteStore

STICKS = game_of_sticks(20)


@pytest.fixture
def data(tmp_path: Path) -> Path:
    with SqliteStore.open(tmp_path / "data") as store:
        store.save_brain(HatBrain(STICKS), "Teacher")
        store.save_brain(HatBrain(STICKS), "Twin")
        store.save_brain(QLearner(rules=STICKS), "Twin")
    return tmp_path / "data"


def test_a_name_with_no_brain_is_refused_with_the_brains_there_are(cli, data: Path) -> None:
    run = cli("--data-dir", str(data), "--opponent", "Nobody")
    assert run.code == 2 and run.out == ""
    assert run.err_lines == [
        "sticks-tui: error: argument --opponent: no brain called 'Nobody' for Game of Sticks; "
        "saved: Teacher (hats), Twin (hats), Twin (q)"
    ]


def test_a_name_of_both_learners_asks_for_the_learner(cli, data: Path) -> None:
    run = cli("--data-dir", str(data), "--opponent", "Twin")
    assert run.code == 2
    assert "'Twin' has a brain of each learner for Game of Sticks: add --learner hats" in run.err


def test_a_brain_of_another_game_is_not_this_games(cli, data: Path) -> None:
    run = cli("--data-dir", str(data), "--game", "nim", "--opponent", "Teacher")
    assert run.code == 2 and "no brain called 'Teacher' for Nim" in run.err


@pytest.mark.parametrize(
    "argv, words",
    [
        (["--opponent", "AI", "leaderboard"], "the leaderboard command takes none"),
        (["--opponent", "AI", "--classic"], "the classic console takes none"),
        (["--learner", "q"], "argument --learner: it says which brain --opponent names"),
    ],
)
def test_the_options_make_sense_only_for_the_app(cli, argv: list[str], words: str) -> None:
    run = cli(*argv)
    assert run.code == 2 and words in run.err


def test_help_names_the_option(cli) -> None:
    run = cli("--help")
    assert "--opponent NAME" in run.out and "--learner {hats,q}" in run.out


def test_the_app_opens_on_the_brain_named(monkeypatch, data: Path) -> None:
    from sticks_tui.cli.main import main
    from sticks_tui.ui import app as app_module

    opened: list[BrainRef | None] = []
    monkeypatch.setattr(
        app_module.SticksApp, "run", lambda self, *a, **k: opened.append(self.start_against)
    )
    assert main(["--data-dir", str(data), "--opponent", "Twin", "--learner", "q"]) == 0
    assert main(["--data-dir", str(data), "--opponent", "Teacher"]) == 0
    assert main(["--data-dir", str(data), "--opponent", "AI"]) == 0  # always there
    assert opened == [BrainRef("Twin", "q"), BrainRef("Teacher", "hats"), BrainRef("AI", "hats")]

"""``--training-games`` and ``--ai-delay``: every setting of the machines is an option."""

from __future__ import annotations

import io

import pytest

from sticks_tui.cli import main as cli
from sticks_tui.engine import game_of_sticks
from sticks_tui.storage.sqlite.store import SqliteStore
from sticks_tui.ui import app as app_module


def test_option_3_trains_as_many_games_as_the_option_says(monkeypatch, tmp_path, capsys) -> None:
    # 10 sticks, option 3, take 1 three times and lose (the trained AI never loses from 10),
    # then stop: the saved Trained AI has learned the training games and the one game played.
    monkeypatch.setattr("sys.stdin", io.StringIO("10\n3\n1\n1\n1\n1\n0\n"))
    status = cli.main(["--classic", "--data-dir", str(tmp_path), "--seed", "3",
                       "--training-games", "500"])
    assert status == 0 and "Training AI, please wait..." in capsys.readouterr().out
    with SqliteStore.open(tmp_path) as store:
        info = store.brain_info(game_of_sticks(20), "Trained AI")
    assert info is not None and info.games_played == 501


def test_the_app_takes_its_training_games_and_delay_from_the_options(monkeypatch, tmp_path):
    seen = {}

    def run(self: app_module.SticksApp) -> int:  # the app as it would open, not run
        seen["games"], seen["delay"] = self.training_games, self.ai_delay
        return 0

    monkeypatch.setattr(app_module.SticksApp, "run", run)
    monkeypatch.setenv("STICKS_TUI_TRAINING_GAMES", "7")  # the option wins over the environment
    argv = ["--data-dir", str(tmp_path), "--training-games", "2500", "--ai-delay", "0"]
    assert cli.main(argv) == 0
    assert seen == {"games": 2500, "delay": 0.0}
    assert cli.main(["--data-dir", str(tmp_path)]) == 0
    assert seen["games"] == 7  # without the option, the environment


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--training-games", "0"], "must be from 1 to 10,000,000 games, got 0"),
        (["--training-games", "10000001"], "must be from 1 to 10,000,000 games, got 10,000,001"),
        (["--training-games", "1e5"], "not a whole number"),
        (["--ai-delay", "-1"], "from 0 to 10"),
        (["--ai-delay", "nan"], "from 0 to 10"),
        (["--ai-delay", "soon"], "from 0 to 10"),
    ],
)
def test_bad_machine_settings_exit_2(capsys, tmp_path, argv, message) -> None:
    with pytest.raises(SystemExit) as stop:
        cli.main(["--data-dir", str(tmp_path), *argv])
    assert stop.value.code == 2 and message in capsys.readouterr().err


@pytest.mark.parametrize(
    "argv",
    [
        ["--training-games", "0"],
        ["--ai-delay", "soon"],
        ["train", "--games", "0", "--out", "brain.json"],
        ["brain", "list", "--no-such-option"],
    ],
)
def test_a_bad_option_is_one_usage_line_and_one_error_line(capsys, tmp_path, argv) -> None:
    """argparse's usage listed every option on four lines (seven for train) before the line
    that matters; the usage is one line pointing at --help."""
    with pytest.raises(SystemExit) as stop:
        cli.main(["--data-dir", str(tmp_path), *argv])
    lines = capsys.readouterr().err.splitlines()
    assert stop.value.code == 2
    assert len(lines) == 2, lines
    assert lines[0].startswith("usage: sticks-tui") and "--help lists them" in lines[0]
    assert lines[1].startswith("sticks-tui") and ": error: " in lines[1]

"""``sticks-tui --game SPEC`` opens the app's setup screen on that game."""

from __future__ import annotations

import pytest

from sticks_tui.cli import main as cli
from sticks_tui.ui import app as app_module


@pytest.mark.parametrize(
    ("argv", "title"),
    [
        (["--game", "nim:1,3,5"], "Nim 1, 3, 5"),
        (["--game", "nim:2,2:normal"], "Nim 2, 2, last takes wins"),
        (["--game", "takeaway:2,3,5:normal", "--sticks", "30"], "Take-away {2, 3, 5}, no move loses"),
        (["--game", "sticky:12:2"], "Sticky-Nim"),
        (["--sticks", "40"], "Game of Sticks"),
    ],
)
def test_the_app_starts_with_the_game_given(monkeypatch, tmp_path, argv, title) -> None:
    seen = {}

    def run(self: app_module.SticksApp) -> int:  # the app as it would open, not run
        seen["rules"] = self.settings.rules
        return 0

    monkeypatch.setattr(app_module.SticksApp, "run", run)
    assert cli.main(["--data-dir", str(tmp_path), *argv]) == 0
    assert seen["rules"].name.startswith(title)
    if "--sticks" in argv:
        assert seen["rules"].initial_position() == int(argv[argv.index("--sticks") + 1])


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--game", "chess"], "there is no game 'chess'"),
        (["--game", "nim:1,3", "--sticks", "5"], "--sticks sets the heap of a take-away game"),
        (["--sticks", "5"], "played with 10 to 100 sticks"),
        (["--classic", "--game", "nim"], "the classic console plays the Game of Sticks"),
    ],
)
def test_a_bad_game_for_the_app_exits_2_with_a_message(capsys, tmp_path, argv, message) -> None:
    with pytest.raises(SystemExit) as stop:
        cli.main(["--data-dir", str(tmp_path), *argv])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    lines = err.splitlines()
    assert lines[0].startswith("usage: sticks-tui")  # argparse's usage, then one error line
    assert [line for line in lines if "error:" in line] == [lines[-1]] and message in lines[-1]

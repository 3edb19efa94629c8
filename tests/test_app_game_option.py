"""``sticks-tui --game SPEC`` opens the app's setup screen on that game, within the setup
screen's own limits (SPEC section 12: one set of limits for the app)."""

from __future__ import annotations

import pytest
from textual.widgets import Static

from sticks_tui.cli import main as cli
from sticks_tui.engine.games import parse_game
from sticks_tui.storage.records import MemoryRecords
from sticks_tui.ui import app as app_module
from sticks_tui.ui.presenters.nim import PILES_MESSAGE, NimForm
from sticks_tui.ui.presenters.sticky import STICKY_TAKE_MESSAGE, StickyForm
from sticks_tui.ui.presenters.takeaway import (
    STICKS_MESSAGE,
    TAKES_MESSAGE,
    SticksForm,
    TakeAwayForm,
)


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


def _never_run(self: app_module.SticksApp) -> int:
    raise AssertionError("the app must not start on a game its setup screen refuses")


#: Games the engine (and so train, solve, analyze) takes but the app's setup screen refuses:
#: (argv, the option blamed, the setup screen's message, the spec and heap it would show).
REFUSED = [
    (["--game", "nim:99,1,1"], "--game", PILES_MESSAGE, ("nim:99,1,1", None)),
    (["--game", "sticky:62:62"], "--game", STICKY_TAKE_MESSAGE, ("sticky:62:62", None)),
    (["--game", "takeaway:1000"], "--game", TAKES_MESSAGE, ("takeaway:1000", 20)),
    (["--game", "takeaway:1,2,3,4,5,6,7"], "--game", TAKES_MESSAGE, ("takeaway:1,2,3,4,5,6,7", 20)),
    (["--game", "takeaway:2,3", "--sticks", "5"], "--sticks", STICKS_MESSAGE, ("takeaway:2,3", 5)),
    (["--game", "takeaway:2,3", "-n", "1000"], "--sticks", STICKS_MESSAGE, ("takeaway:2,3", 1000)),
    (["--sticks", "5"], "--sticks", STICKS_MESSAGE, ("sticks", 5)),
]


@pytest.mark.parametrize(("argv", "option", "message", "game"), REFUSED)
def test_the_app_refuses_what_its_setup_screen_refuses(
    monkeypatch, capsys, tmp_path, argv, option, message, game
) -> None:
    monkeypatch.setattr(app_module.SticksApp, "run", _never_run)
    with pytest.raises(SystemExit) as stop:
        cli.main(["--data-dir", str(tmp_path), *argv])
    assert stop.value.code == 2
    lines = capsys.readouterr().err.splitlines()
    assert lines[0].startswith("usage: sticks-tui") and len(lines) == 2
    assert lines[-1].startswith(f"sticks-tui: error: argument {option}: {message} (")
    assert "train, solve and analyze" in lines[-1]  # where the larger game can still go


@pytest.mark.parametrize(("argv", "option", "message", "game"), REFUSED)
async def test_the_message_is_the_one_the_setup_screen_shows_for_that_game(
    argv, option, message, game
) -> None:
    """The same game on the setup screen (as ``--game`` opened it before): the same words."""
    app = app_module.SticksApp(records=MemoryRecords(), ai_delay=0.0)
    app.settings.choose(parse_game(*game))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        shown = str(pilot.app.screen.query_one("#setup-message", Static).render())
    assert shown == message


#: Games the setup screen accepts, up to its limits: (form, its fields' texts).
ACCEPTED = [
    (SticksForm(), {"sticks": "10"}),
    (SticksForm(), {"sticks": "100"}),
    (TakeAwayForm(), {"sticks": "100", "takes": "15,16,17,18,19,20", "ending": "normal"}),
    (TakeAwayForm(), {"sticks": "10", "takes": "2", "ending": "misere"}),
    (NimForm(), {"piles": "20,20,20,20,20,20,20,20"}),
    (NimForm(), {"piles": "1", "nim-ending": "normal"}),
    (StickyForm(), {"sticks": "62", "max-take": "8"}),
    (StickyForm(), {"sticks": "1", "max-take": "1"}),
]


@pytest.mark.parametrize(("form", "values"), ACCEPTED)
def test_a_game_the_setup_screen_accepts_is_accepted_by_game(
    monkeypatch, tmp_path, form, values
) -> None:
    assert form.problems(values) == []  # the setup screen takes it
    spec, sticks = form.spec(values)
    seen = {}

    def run(self: app_module.SticksApp) -> int:
        seen["rules"] = self.settings.rules
        return 0

    monkeypatch.setattr(app_module.SticksApp, "run", run)
    heap = [] if sticks is None else ["--sticks", str(sticks)]
    assert cli.main(["--data-dir", str(tmp_path), "--game", spec, *heap]) == 0
    assert seen["rules"] == form.rules(values)


def test_the_docs_state_the_limits_the_app_keeps() -> None:
    from pathlib import Path

    from sticks_tui.engine.games.sticky_line import STICKY_MAX
    from sticks_tui.engine.games.takeaway import STICKS_MAX, STICKS_MIN
    from sticks_tui.ui.presenters.nim import PILE_MAX, PILES_MOST
    from sticks_tui.ui.presenters.sticky import OCTAL_MISERE_PLAYED, STICKY_TAKE_MAX
    from sticks_tui.ui.presenters.takeaway import TAKES_MAX, TAKES_MOST

    page = Path(__file__).parents[1] / "docs" / "commands" / "index.md"
    readme = " ".join(page.read_text(encoding="utf-8").split())
    assert (
        f"the Game of Sticks and a take-away game with {STICKS_MIN} to {STICKS_MAX} sticks, 1 to "
        f"{TAKES_MOST} takes of 1 to {TAKES_MAX}, Nim with 1 to {PILES_MOST} piles of 1 to "
        f"{PILE_MAX}, Sticky-Nim with 1 to {STICKY_MAX} sticks and takes of 1 to "
        f"{STICKY_TAKE_MAX}, an octal game with 1 to {STICKY_MAX} sticks, 1 to "
        f"{OCTAL_MISERE_PLAYED} when played `misere` by a code other than the sevens"
    ) in readme

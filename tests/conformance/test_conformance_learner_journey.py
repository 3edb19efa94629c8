"""Every registered learner, the tests' scorer too, goes the whole way a user takes it, with
nothing in the program naming it: trained by ``sticks-tui train``, saved with ``brain import``,
listed by ``brain list``, loaded back by ``brain export``; in the app, chosen on the mode screen
and played against on the board (its chart and its part of the hint drawn by its presenter),
and trained in the lab (its settings in the form, its chart while it trains, kept when done).

The commands run in-process through ``main`` (a program started anew would not have the tests'
learner registered).
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, Select

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "ui"))  # ui_helpers

from learner_samples import with_test_learners  # noqa: E402
from ui_helpers import (  # noqa: E402
    lab_at_full_speed,
    make_app,
    screen_name,
    screen_text,
    set_input,
    wait_until,
)

from sticks_tui.cli.main import main  # noqa: E402
from sticks_tui.engine import RANDOM, Nim, train  # noqa: E402
from sticks_tui.engine.learners import learner_kind, learner_names  # noqa: E402
from sticks_tui.storage.brain_cache import BrainCache, BrainRef  # noqa: E402
from sticks_tui.storage.records import MemoryRecords  # noqa: E402
from sticks_tui.ui.presenters import MoveChosen  # noqa: E402
from sticks_tui.ui.screens.board.screen import BoardScreen  # noqa: E402
from sticks_tui.ui.screens.lab.form import LabScreen  # noqa: E402
from sticks_tui.ui.screens.lab.run import LabRunScreen  # noqa: E402

GAME = "nim:1,3"
RULES = Nim((1, 3))
AI = "Tester"


def learners(*, in_play: bool = False) -> list[str]:
    """Every learner registered while the suite runs (the tests' own are registered at
    collection too, by the suite's conftest); ``in_play``: those kept as lessons."""
    with with_test_learners():
        return [
            name for name in learner_names()
            if learner_kind(name).fits(RULES) and (learner_kind(name).learns_in_play or not in_play)
        ]


LEARNERS = learners()
#: The learners kept as the lessons their games teach (they learn in play).
IN_PLAY = learners(in_play=True)


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    try:
        status = main(argv)
    except SystemExit as stop:
        status = stop.code if isinstance(stop.code, int) else 1
    out, err = capsys.readouterr()
    return status, out, err


def test_the_tests_own_learners_are_among_them() -> None:
    for name in ("scorer", "tallier"):
        assert name in LEARNERS
        assert name in learner_names()  # the suite's module registered it
    assert "tallier" in IN_PLAY and "scorer" not in IN_PLAY


@pytest.mark.parametrize("learner", LEARNERS)
def test_a_learner_is_trained_saved_listed_and_loaded_by_the_commands(
    learner: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data, trained = tmp_path / "data", tmp_path / "trained.json"
    setting = learner_kind(learner).settings_type.settings()[0]
    given = f"{setting.default:g}" if setting.option != "--rewards" else "1,-1,0"
    status, _, err = run(["train", "--game", GAME, "--learner", learner, "--games", "200",
                          "--seed", "3", setting.option, given, "--out", str(trained)], capsys)
    assert status == 0, err
    written = json.loads(trained.read_text())
    assert written["learner"] == learner and written["games_played"] == 200
    assert learner_kind(learner).part in written

    where = ["--data-dir", str(data), "brain"]
    brain = ["--game", GAME, "--learner", learner, "--ai", AI]
    status, out, err = run([*where, "import", *brain, str(trained)], capsys)
    assert status == 0, err
    assert f"as the brain of {AI} ({learner})" in out
    status, out, err = run([*where, "list", "--json"], capsys)
    assert status == 0, err
    (listed,) = json.loads(out)
    assert (listed["learner"], listed["ai"], listed["games_played"]) == (learner, AI, 200)
    exported = tmp_path / "exported.json"
    status, _, err = run([*where, "export", *brain, str(exported)], capsys)
    assert status == 0, err
    again = json.loads(exported.read_text())
    assert again == {key: value for key, value in written.items() if key != "tally"}


def _saved(learner: str, games: int = 100) -> MemoryRecords:
    """Records holding a brain of ``learner`` for the game, trained against random."""
    records = MemoryRecords()
    brain = learner_kind(learner).make(RULES)
    train(brain, RANDOM, games, seed=4)
    records.save_brain(brain, AI)
    return records


def test_a_name_with_brains_of_two_learners_asks_for_the_learner_of_each() -> None:
    """``--opponent`` names the learners the name has, whichever they are (it said "--learner
    hats or --learner q" of any two)."""
    records = _saved("scorer")
    hats = learner_kind("hats").make(RULES)
    records.save_brain(hats, AI)
    with pytest.raises(ValueError, match=r"--learner hats or --learner scorer$"):
        BrainCache(records).named(RULES, AI)


def _board(pilot: Pilot) -> BoardScreen:
    screen = pilot.app.screen
    assert isinstance(screen, BoardScreen)
    return screen


async def play_to_the_end(pilot: Pilot, screen: BoardScreen) -> None:
    """The person plays the first legal move each turn; the learner answers; to the end."""
    while not screen.match.is_over:
        made = len(screen.match.history)
        screen.post_message(MoveChosen(screen.match.legal_moves()[0]))
        await wait_until(pilot, lambda: len(screen.match.history) > made)  # noqa: B023
        await wait_until(pilot, lambda: screen.match.is_over or screen.match.to_move == 0)


@pytest.mark.parametrize("learner", LEARNERS)
async def test_a_saved_brain_of_a_learner_is_an_opponent_on_the_board(learner: str) -> None:
    records = _saved(learner)
    app = make_app(records=records)
    app.settings.choose(RULES)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+n")
        await wait_until(pilot, lambda: screen_name(pilot) == "ModeScreen")
        level = pilot.app.screen.query_one("#level", Select)
        ref = BrainRef(AI, learner)
        assert ref in [value for _, value in level._options]  # listed by the mode screen
        level.value = ref
        await pilot.pause()
        await pilot.press("2")
        await wait_until(pilot, lambda: screen_name(pilot) == "BoardScreen")
        screen = _board(pilot)
        seat = screen.table.seats[1]
        assert seat.name == AI and seat.learner is not None and seat.learner.kind == learner
        assert f"{AI} ({learner})" in screen_text(pilot)  # its chart, titled by the brain
        await pilot.press("f5")  # the hint says what the learner would play here
        await wait_until(pilot, lambda: f"{AI}" in str(screen.query_one("#hint").render()))
        await play_to_the_end(pilot, screen)
        await pilot.pause()
        assert "loses" in screen_text(pilot) or "lose" in screen_text(pilot)


@pytest.mark.parametrize("learner", IN_PLAY)
async def test_a_learner_that_learns_in_play_learns_from_a_game_on_the_board_and_keeps_it(
    learner: str,
) -> None:
    """The person plays a saved brain of a learner kept as lessons (the hat AI, the tests'
    tallier): the game's end teaches it, and the lesson is added to the saved brain."""
    records = _saved(learner)
    app = make_app(records=records)
    app.settings.choose(RULES)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.play_against(BrainRef(AI, learner))
        await wait_until(pilot, lambda: screen_name(pilot) == "BoardScreen")
        screen = _board(pilot)
        brain = screen.table.seats[1].learner
        assert brain is not None and brain.games_played == 100
        await play_to_the_end(pilot, screen)
        await wait_until(pilot, lambda: brain.games_played == 101)
    saved: Any = records.load_learner(RULES, AI, learner)  # the app settles its saves on leaving
    assert saved.kind == learner and saved.games_played == 101


@pytest.mark.parametrize("learner", IN_PLAY)
async def test_undo_takes_back_only_the_moves_it_undoes_from_a_learner_in_play(
    learner: str,
) -> None:
    """F6 on a board against a learner kept as lessons: the learner forgets the move undo takes
    back (its kind's put_back), and remembers the one that stands, for the game's end to
    teach (undo once abandoned the whole game's moves)."""
    rules = Nim((3, 4, 5))  # 12 sticks: two turns each cannot end it
    records = MemoryRecords()
    records.save_brain(learner_kind(learner).make(rules), AI)
    app = make_app(records=records)
    app.settings.choose(rules)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.play_against(BrainRef(AI, learner))
        await wait_until(pilot, lambda: screen_name(pilot) == "BoardScreen")
        screen = _board(pilot)
        brain: Any = screen.table.seats[1].learner
        for made in (2, 4):  # the person moves and the learner answers, twice
            screen.post_message(MoveChosen(screen.match.legal_moves()[0]))
            await wait_until(pilot, lambda made=made: len(screen.match.history) == made)
        assert brain.mid_game
        await pilot.press("f6")  # takes back the learner's answer and the person's move
        await wait_until(pilot, lambda: len(screen.match.history) == 2)
        assert brain.mid_game  # its first answer stands: remembered still
        await pilot.press("f6")
        await wait_until(pilot, lambda: not screen.match.history)
        assert not brain.mid_game  # nothing stands: nothing to learn from


@pytest.mark.parametrize("learner", IN_PLAY)
def test_two_programs_teaching_one_brain_kept_as_lessons_both_keep_what_they_taught(
    learner: str, tmp_path: Path
) -> None:
    """Two brain caches on one data directory (two tabs of a room, two terminals) each play
    the brain and keep it: the saved brain holds both games, and each brain in play takes on
    the other's."""
    from sticks_tui.engine import Match
    from sticks_tui.engine.players import RandomPlayer
    from sticks_tui.storage.brain_cache import BrainCache
    from sticks_tui.storage.sqlite.store import SqliteStore

    ref = BrainRef(AI, learner)
    with SqliteStore.open(tmp_path) as one, SqliteStore.open(tmp_path) as two:
        one.save_brain(_saved(learner).load_learner(RULES, AI, learner), AI)
        caches = (BrainCache(one), BrainCache(two))
        brains = [cache.lessons(RULES, ref) for cache in caches]
        for seed, (cache, brain) in enumerate(zip(caches, brains)):
            rng = random.Random(seed)
            player = learner_kind(learner).player(AI, brain, rng)
            Match(RULES, (RandomPlayer("R", rng), player)).play_out()  # one game each
            cache.keep(AI, brain)
        saved = two.load_learner(RULES, AI, learner)
        assert saved is not None and saved.games_played == 102
        caches[0].pick_up(RULES, ref)  # the first takes on the second's game before its next
        assert brains[0].games_played == brains[1].games_played == 102
        assert brains[0].to_dict() == saved.to_dict() == brains[1].to_dict()


@pytest.mark.parametrize("learner", LEARNERS)
async def test_a_learner_is_trained_in_the_lab_with_its_own_settings(learner: str) -> None:
    records = MemoryRecords()
    app = make_app(records=records)
    app.settings.choose(RULES)
    kind = learner_kind(learner)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(LabScreen())
        await wait_until(pilot, lambda: screen_name(pilot) == "LabScreen"
                         and bool(pilot.app.screen.query("#against")))
        form = pilot.app.screen
        form.query_one("#learner", Select).value = learner  # offered for the game
        await pilot.pause()
        for meta in kind.settings_type.settings():  # its fields, with its defaults, shown
            field = form.query_one(f"#{meta.form_id}", Input)
            assert field.value == f"{meta.default:g}" and field.parent is not None
            assert field.parent.display
        assert form.query_one("#brain", Input).value == kind.trained_name
        await set_input(pilot, "#against", "random")
        await set_input(pilot, "#games", "60")
        await lab_at_full_speed(pilot)
        await pilot.press("enter")
        await wait_until(pilot, lambda: screen_name(pilot) == "LabRunScreen")
        run = pilot.app.screen
        assert isinstance(run, LabRunScreen)
        await wait_until(pilot, lambda: run.result is not None, tries=3000)
        await pilot.press("k")  # keep what it learned
        await wait_until(pilot, lambda: screen_name(pilot) != "LabRunScreen")
    saved: Any = records.load_learner(RULES, kind.trained_name, learner)
    assert saved is not None and saved.kind == learner and saved.games_played == 60


def test_a_brain_file_older_than_its_learner_is_refused() -> None:
    """The scorer came with brain files of version 3: one that says version 2 is refused."""
    from sticks_tui.engine import BrainError, learner_from_dict

    data = json.loads(json.dumps(learner_kind("scorer").make(RULES).to_dict()))
    data["version"] = 2
    with pytest.raises(BrainError, match="a brain file of version 2 cannot hold a scorer"):
        learner_from_dict(data)

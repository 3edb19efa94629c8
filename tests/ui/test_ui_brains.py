"""The brains screen: every saved brain listed, and new, reset, export and import, as a user
drives them (ctrl+b), against a store on disk."""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import stat
import threading
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import DataTable, Input, Static
from ui_helpers import check_each, make_app, set_input, to_board, wait_until

from sticks_tui.engine import HatBrain
from sticks_tui.engine.games import parse_game
from sticks_tui.engine.learners.q.learner import QLearner
from sticks_tui.engine.learners.hats.lessons import Lesson
from sticks_tui.storage.brain_files import brain_json, read_brain_file
from sticks_tui.storage.records import HATS
from sticks_tui.storage.sqlite.store import SqliteStore
from sticks_tui.storage.sqlite.store_file import STORE_FILE_NAME
from sticks_tui.storage.sqlite.play_on import PlayOnRecords
from sticks_tui.ui.app import SticksApp
from sticks_tui.ui.screens.board.screen import BoardScreen
from sticks_tui.ui.screens.brains.modals import BrainFormModal
from sticks_tui.ui.screens.brains.modals import ConfirmModal
from sticks_tui.ui.screens.brains.screen import BrainsScreen

SAVED_AT = "2026-11-23T18:25:50+00:00"
STICKS = parse_game("sticks")
NIM = parse_game("nim:1,3,5,7")


def taught(rules=STICKS, games: int = 7) -> HatBrain:
    """Hats that learned something: the AI's first hat prefers taking one."""
    brain = HatBrain(rules)
    brain.games_played = games
    position = rules.initial_position()
    move = next(iter(brain.counts(position)))
    brain.apply_lesson(Lesson(rules.key, 0, {position: {move: 5}}))
    assert brain.counts(position)[move] > 1
    return brain


@pytest.fixture
def store(tmp_path: Path) -> SqliteStore:
    return SqliteStore.open(tmp_path / "data", clock=lambda: SAVED_AT)


def app_with(store: SqliteStore) -> SticksApp:
    return make_app(records=PlayOnRecords(store, warn=lambda message: None))


def saved_json(store: SqliteStore, ai: str, learner: str = HATS) -> bytes | None:
    """The brain's row in the store file, byte for byte."""
    with sqlite3.connect(store.path) as db:
        row = db.execute(
            "SELECT brain_json FROM brains WHERE ai_name = ? AND learner = ?", (ai, learner)
        ).fetchone()
    return None if row is None else row[0].encode()


def rows(app: SticksApp) -> list[tuple[str, ...]]:
    table = app.screen.query_one(DataTable)
    return [tuple(str(cell) for cell in table.get_row_at(i)) for i in range(table.row_count)]


def said(app: SticksApp) -> str:
    return str(app.screen.query_one("#brains-message", Static).render())


def form_error(app: SticksApp) -> str:
    return str(app.screen.query_one("#form-error", Static).render())


async def open_brains(pilot: Pilot) -> None:
    await pilot.pause()
    await pilot.press("ctrl+b")
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, BrainsScreen))


async def back_to_brains(pilot: Pilot) -> None:
    """Close the form, if it is open, back to the list (for the next case)."""
    if isinstance(pilot.app.screen, BrainFormModal):
        await pilot.press("escape")
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, BrainsScreen))


async def fill(pilot: Pilot, **fields: str) -> None:
    """Type into the form's fields, then press Enter in the last one."""
    for field, text in fields.items():
        await set_input(pilot, f"#{field}", text)
    await pilot.press("enter")
    await pilot.pause()


async def on_row(pilot: Pilot, ai: str) -> None:
    table = pilot.app.screen.query_one(DataTable)
    for i in range(table.row_count):
        if str(table.get_row_at(i)[2]) == ai:
            table.move_cursor(row=i)
            await pilot.pause()
            return
    raise AssertionError(f"no row for {ai}")


async def test_the_list_shows_the_brains_of_two_games(store: SqliteStore) -> None:
    store.save_brain(taught(STICKS, games=7), "AI")
    store.save_brain(QLearner(rules=NIM, epsilon=0.25), "Q-learning AI")
    app = app_with(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_brains(pilot)
        assert rows(app) == [
            ("nim:1,3,5,7", "q", "Q-learning AI", "0", "epsilon=0.25"),
            ("sticks", "hats", "AI", "7", "defaults"),
        ]
        detail = str(app.screen.query_one("#brain-detail", Static).render())
        assert "Nim 1, 3, 5, 7" in detail and "2026-11-23 18:25 UTC" in detail
        assert "epsilon=0.25" in detail


async def test_a_new_brain_is_saved_under_the_typed_name(store: SqliteStore) -> None:
    app = app_with(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_brains(pilot)
        await pilot.press("n")
        await wait_until(pilot, lambda: isinstance(app.screen, BrainFormModal))
        await fill(pilot, ai="  [b]Robo[/b]  ")
        assert isinstance(app.screen, BrainsScreen)
        assert rows(app) == [("sticks", "hats", "[b]Robo[/b]", "0", "defaults")]
        assert said(app) == "Started the brain of [b]Robo[/b] for Game of Sticks (0 games played)."
    info = store.brain_info(STICKS, "[b]Robo[/b]", HATS)
    assert info is not None and info.games_played == 0


BAD_NAMES = [
    ("", "An AI's name cannot be empty"),
    ("Ro\tbo", "An AI's name cannot hold line breaks, tabs or other control characters"),
    ("x" * 41, "An AI's name can have at most 40 characters, got 41"),
    ("AI", "AI already has a brain for Game of Sticks; choose another name, or reset"),
    ("\u0410\u0406", '"АІ" looks like "AI", the name of a computer player; please choose another'),
    ("R\u043ebo", '"Rоbo" mixes letters of two alphabets (Latin and Cyrillic); please type it in '
     "one"),
    # issue 33: listed beside the random player, "random" would read as it
    ("random", '"random" is the name of a computer player (Random AI) that plays no brain; '
     "please choose another name for the brain"),
    ("  Perfect   ai ", '"Perfect ai" is the name of a computer player (Perfect AI) that plays '
     "no brain"),
    ("MIXED", '"MIXED" is the name of a computer player (Mixed AI)'),
]


async def test_a_new_brain_with_a_bad_name_is_refused_in_the_form(store: SqliteStore) -> None:
    async def check(pilot: Pilot, case: tuple[str, str]) -> None:
        typed, why = case
        await pilot.press("n")
        await wait_until(pilot, lambda: isinstance(app.screen, BrainFormModal))
        await fill(pilot, ai=typed)
        assert isinstance(app.screen, BrainFormModal)
        assert form_error(app).startswith(why)
        await pilot.press("escape")
        await pilot.pause()
        assert [row[2] for row in rows(app)] == ["AI"]

    store.save_brain(taught(), "AI")
    before = saved_json(store, "AI")
    app = app_with(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_brains(pilot)
        await check_each(pilot, BAD_NAMES, check, then=back_to_brains)
    assert saved_json(store, "AI") == before


async def test_reset_asks_first_and_no_leaves_the_brain_as_it_was(store: SqliteStore) -> None:
    store.save_brain(taught(games=7), "AI")
    before = saved_json(store, "AI")
    app = app_with(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_brains(pilot)
        for answer in ("n", "escape", "enter"):  # Enter: the No button has the focus
            await pilot.press("r")
            await wait_until(pilot, lambda: isinstance(app.screen, ConfirmModal))
            question = str(app.screen.query_one(Static).render())
            assert question == ("Reset the brain of AI for Game of Sticks (7 games played)? "
                                "It cannot be undone.")
            await pilot.press(answer)
            await wait_until(pilot, lambda: isinstance(app.screen, BrainsScreen))
            assert said(app).startswith("Not reset")
            assert saved_json(store, "AI") == before


async def test_reset_confirmed_forgets_the_brain_and_the_next_game_plays_fresh_hats(
    store: SqliteStore,
) -> None:
    store.save_brain(taught(games=7), "AI")
    app = app_with(store)
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.brains.hats(STICKS, "AI").games_played == 7  # in play, kept by the app
        await open_brains(pilot)
        await pilot.press("r")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmModal))
        await pilot.press("y")
        await wait_until(pilot, lambda: isinstance(app.screen, BrainsScreen))
        assert said(app) == ("Reset the brain of AI for Game of Sticks (7 games played); it "
                             "starts afresh with one ball of each number in every hat.")
        assert rows(app) == [("sticks", "hats", "AI", "0", "defaults")]  # listed, fresh
        saved = store.load_brain(STICKS, "AI")
        assert saved is not None and saved.to_dict() == HatBrain(STICKS).to_dict()
        assert app.brains.hats(STICKS, "AI").to_dict() == HatBrain(STICKS).to_dict()


async def test_export_writes_a_brain_file_that_loads_back(
    store: SqliteStore, tmp_path: Path
) -> None:
    brain = taught(NIM, games=12)
    store.save_brain(brain, "Nimbot")
    out = tmp_path / "nimbot brain.json"
    app = app_with(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_brains(pilot)
        await pilot.press("e")
        await wait_until(pilot, lambda: isinstance(app.screen, BrainFormModal))
        await fill(pilot, file=str(out))
        assert isinstance(app.screen, BrainsScreen)
        assert said(app) == (f"Wrote the brain of Nimbot (hats) for Nim 1, 3, 5, 7 (12 games "
                             f"played) to {out}")
    assert read_brain_file(out).to_dict() == brain.to_dict()
    assert out.read_text() == brain_json(brain)


async def test_export_offers_the_file_in_full_where_it_will_be_written(
    store: SqliteStore, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 33: the form offered a bare file name, saying nowhere which folder it goes to:
    it offers the whole path (the folder the app was started in), and writes it there."""
    store.save_brain(taught(games=12), "AI")
    monkeypatch.chdir(tmp_path)
    app = app_with(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_brains(pilot)
        await pilot.press("e")
        await wait_until(pilot, lambda: isinstance(app.screen, BrainFormModal))
        offered = app.screen.query_one("#file", Input).value
        assert offered == str(tmp_path / "sticks-hats.json")
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, BrainsScreen))
        assert said(app).endswith(f"to {offered}")
    assert (tmp_path / "sticks-hats.json").is_file()


UNWRITABLE = [
    ("{tmp}/no such folder/brain.json", "Cannot write {tmp}/no such folder/brain.json: "),
    ("{tmp}", "Cannot write {tmp}: "),
    ("-", "- means standard input or output on the command line"),
    ("   ", "Type the file's name"),
    ("{tmp}/a\x1b[31mred", "Cannot write {tmp}/a\\x1b[31mred"),
]


async def test_export_to_a_path_that_cannot_be_written_is_refused_in_the_form(
    store: SqliteStore, tmp_path: Path
) -> None:
    async def check(pilot: Pilot, case: tuple[str, str]) -> None:
        path, why = case
        await pilot.press("e")
        await wait_until(pilot, lambda: isinstance(app.screen, BrainFormModal))
        await fill(pilot, file=path.format(tmp=tmp_path))
        assert isinstance(app.screen, BrainFormModal)
        assert form_error(app).startswith(why.format(tmp=tmp_path))

    store.save_brain(taught(), "AI")
    (tmp_path / "a\x1b[31mred").mkdir()
    before = sorted(tmp_path.rglob("*"))
    app = app_with(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_brains(pilot)
        await check_each(pilot, UNWRITABLE, check, then=back_to_brains)
    assert sorted(tmp_path.rglob("*")) == before


async def test_import_of_a_good_file_shows_it_with_its_games_and_the_next_game_plays_it(
    store: SqliteStore, tmp_path: Path
) -> None:
    store.save_brain(taught(games=7), "AI")
    imported = taught(games=321)
    start = STICKS.initial_position()
    imported.apply_lesson(Lesson(STICKS.key, 0, {start: {list(imported.counts(start))[1]: 9}}))
    path = tmp_path / "good.json"
    path.write_text(brain_json(imported))
    nim_path = tmp_path / "nim.json"
    nim_path.write_text(brain_json(taught(NIM, games=12)))
    app = app_with(store)
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.brains.hats(STICKS, "AI").games_played == 7  # in play, kept by the app
        await open_brains(pilot)
        for file, ai in ((path, "AI"), (nim_path, "Nimbot")):
            await pilot.press("i")
            await wait_until(pilot, lambda: isinstance(app.screen, BrainFormModal))
            await fill(pilot, file=str(file), ai=ai)
            assert isinstance(app.screen, BrainsScreen), form_error(app)
        assert said(app) == (f"Imported {nim_path} as the brain of Nimbot (hats) for "
                             f"Nim 1, 3, 5, 7 (12 games played)")
        assert rows(app) == [
            ("nim:1,3,5,7", "hats", "Nimbot", "12", "defaults"),
            ("sticks", "hats", "AI", "321", "defaults"),
        ]
        assert app.brains.hats(STICKS, "AI").to_dict() == imported.to_dict()


@pytest.mark.parametrize(("ai", "refusal"), [
    # "АІ" (all Cyrillic) would be listed beside AI, drawn the same
    ("\u0410\u0406",
     '"АІ" looks like "AI", the name of a computer player; please choose another'),
    # issue 33: a brain imported as "perfect ai" stood in the lists beside the perfect player
    ("perfect ai",
     '"perfect ai" is the name of a computer player (Perfect AI) that plays no brain; '
     "please choose another name for the brain"),
])
async def test_import_under_a_machines_name_is_refused_and_nothing_is_imported(
    store: SqliteStore, tmp_path: Path, ai: str, refusal: str
) -> None:
    path = tmp_path / "good.json"
    path.write_text(brain_json(taught(games=321)))
    app = app_with(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_brains(pilot)
        await pilot.press("i")
        await wait_until(pilot, lambda: isinstance(app.screen, BrainFormModal))
        await fill(pilot, file=str(path), ai=ai)
        assert isinstance(app.screen, BrainFormModal)
        assert form_error(app) == refusal
    assert store.brains() == []
    assert store.brains() == []


BAD_FILES = [
    (b"not json", "was refused: not valid JSON (line 1, column 1: Expecting value)"),
    (b"\xff\xfe", "was refused: it is not UTF-8 text"),
    (b'{"version": 2, "kind": "hats"}', "was refused: "),
    (b"[1, 2, 3]", "was refused: "),
    (None, "No such brain file: "),
    ("folder", "is a folder, not a brain file"),
    (b'{"version": 2, "kind": "q", "q": {}}', "was refused: "),
]


async def test_import_of_a_bad_file_is_refused_with_the_reason_and_the_brain_unchanged(
    store: SqliteStore, tmp_path: Path
) -> None:
    async def check(pilot: Pilot, case: tuple[int, bytes | str | None, str]) -> None:
        number, content, why = case
        path = tmp_path / f"bad {number}.json"
        if content == "folder":
            path.mkdir()
        elif isinstance(content, bytes):
            path.write_bytes(content)
        await on_row(pilot, "AI")
        await pilot.press("i")
        await wait_until(pilot, lambda: isinstance(app.screen, BrainFormModal))
        await fill(pilot, file=str(path))  # the AI's name: the brain the cursor was on
        assert isinstance(app.screen, BrainFormModal)
        error = form_error(app)
        assert why in error and error.endswith("; the saved brain is unchanged"), error
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, BrainsScreen))
        assert rows(app) == [("sticks", "hats", "AI", "7", "defaults")]

    store.save_brain(taught(games=7), "AI")
    before = saved_json(store, "AI")
    app = app_with(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_brains(pilot)
        cases = [(number, content, why) for number, (content, why) in enumerate(BAD_FILES)]
        await check_each(pilot, cases, check, then=back_to_brains)
    assert saved_json(store, "AI") == before
    assert json.loads(before or b"")["games_played"] == 7


class PipeGuard:
    """Should the screen open the named pipe and wait for its other end (the app frozen), open
    that end after ``seconds``, so the test goes on and fails instead of hanging."""

    def __init__(self, pipe: Path, seconds: float = 20) -> None:
        self.pipe = pipe
        self.fired = False
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._watch, args=(seconds,), daemon=True)

    def __enter__(self) -> PipeGuard:
        self._thread.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self._done.set()
        self._thread.join()

    def _watch(self, seconds: float) -> None:
        if self._done.wait(seconds):
            return
        self.fired = True
        while not self._done.wait(0.1):  # both ends, until the test is over
            for flags in (os.O_RDONLY, os.O_WRONLY):
                with contextlib.suppress(OSError):
                    os.close(os.open(self.pipe, flags | os.O_NONBLOCK))


async def test_a_named_pipe_is_refused_at_once_and_the_app_goes_on(
    store: SqliteStore, tmp_path: Path
) -> None:
    errors: dict[str, str] = {}

    async def check(pilot: Pilot, action: str) -> None:
        await on_row(pilot, "AI")
        await pilot.press(action[0])
        await wait_until(pilot, lambda: isinstance(app.screen, BrainFormModal))
        await fill(pilot, file=str(pipe))
        assert isinstance(app.screen, BrainFormModal)
        errors[action] = form_error(app)

    store.save_brain(taught(games=7), "AI")
    before = saved_json(store, "AI")
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    app = app_with(store)
    with PipeGuard(pipe) as guard:
        async with app.run_test(size=(80, 24)) as pilot:
            await open_brains(pilot)
            await check_each(pilot, ["export", "import"], check, then=back_to_brains)
    assert not guard.fired, "the screen waited on the pipe"
    assert errors == {
        "export": f"Cannot write {pipe}: it is a named pipe, not a regular file",
        "import": f"{pipe} is a named pipe, not a regular file; the saved brain is unchanged",
    }
    assert saved_json(store, "AI") == before
    assert stat.S_ISFIFO(os.lstat(pipe).st_mode)


async def test_the_palette_and_the_key_reach_the_brains_screen(store: SqliteStore) -> None:
    app = app_with(store)
    async with app.run_test(size=(80, 24)) as pilot:
        commands = [command.title for command in app.get_system_commands(app.screen)]
        assert "Brains" in commands
        await open_brains(pilot)
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, BrainsScreen)


def test_snapshot_two_brains(snap_compare, tmp_path: Path) -> None:
    store = SqliteStore.open(tmp_path / "data", clock=lambda: SAVED_AT)
    store.save_brain(taught(STICKS, games=1234), "AI")
    store.save_brain(QLearner(rules=NIM, epsilon=0.25), "Q-learning AI")

    async def run_before(pilot: Pilot) -> None:
        await open_brains(pilot)
        await on_row(pilot, "Q-learning AI")

    assert snap_compare(app_with(store), terminal_size=(80, 24), run_before=run_before)
    assert (tmp_path / "data" / STORE_FILE_NAME).exists()


async def test_a_reset_in_the_middle_of_a_game_is_not_undone_when_the_game_ends(
    store: SqliteStore,
) -> None:
    # The board keeps playing the AI it holds; at the end only that game's lesson may reach the
    # reset brain, never the seven games it had learned before.
    store.save_brain(taught(games=7), "AI")
    app = app_with(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_board(pilot, "2", sticks=10)
        screen = app.screen
        assert isinstance(screen, BoardScreen)
        await pilot.press("1")
        await wait_until(pilot, lambda: screen.match.to_move == 0)
        await open_brains(pilot)
        await pilot.press("r")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmModal))
        await pilot.press("y")
        await wait_until(pilot, lambda: isinstance(app.screen, BrainsScreen))
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is screen)
        while not screen.match.is_over:
            await pilot.press(str(screen.match.legal_moves()[0]))
            await wait_until(pilot, lambda: screen.match.is_over or screen.match.to_move == 0)
        await wait_until(pilot, lambda: not app.brains.writer.busy)  # the save, off the loop
        saved = store.load_brain(STICKS, "AI")
        assert saved is not None and saved.games_played == 1
        await wait_until(pilot, lambda: app.brains.hats(STICKS, "AI").games_played == 1)


async def test_where_nothing_can_be_saved_the_screen_says_so_and_still_works() -> None:
    app = make_app()  # records in memory: the data directory could not be used
    async with app.run_test(size=(80, 24)) as pilot:
        await open_brains(pilot)
        where = str(app.screen.query_one("#brains-where", Static).render())
        assert where == "Brains kept in memory only: nothing can be saved this run."
        await pilot.press("n")
        await wait_until(pilot, lambda: isinstance(app.screen, BrainFormModal))
        await fill(pilot, ai="Robo")
        assert rows(app) == [("sticks", "hats", "Robo", "0", "defaults")]
        await pilot.press("r")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmModal))
        await pilot.press("y")
        await wait_until(pilot, lambda: isinstance(app.screen, BrainsScreen))
        assert rows(app) == [("sticks", "hats", "Robo", "0", "defaults")]  # still listed


async def test_a_damaged_brain_is_listed_as_damaged_with_its_reason(store: SqliteStore) -> None:
    """Hats that loading refuses, and a row whose count of games is not its brain's: DAMAGED,
    with the reason under the list; the good brain is listed as it is."""
    store.save_brain(taught(STICKS, games=7), "AI")
    store.save_brain(taught(NIM, games=30), "Trained AI")
    saved = json.loads(saved_json(store, "Trained AI") or b"")
    saved["hats"]["1,3,5,7"]["0:1"] = 0
    with sqlite3.connect(store.path) as db:
        db.execute(
            "UPDATE brains SET brain_json = ?, games_played = 999 WHERE ai_name = 'Trained AI'",
            (json.dumps(saved),),
        )
    db.close()
    app = app_with(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_brains(pilot)
        assert rows(app) == [
            ("nim:1,3,5,7", "hats", "Trained AI", "30", "DAMAGED"),
            ("sticks", "hats", "AI", "7", "defaults"),
        ]
        await on_row(pilot, "Trained AI")
        detail = str(app.screen.query_one("#brain-detail", Static).render())
        assert detail.startswith("Trained AI (hats) for nim:1,3,5,7: damaged (hat 1,3,5,7: balls")


async def test_a_brain_kept_under_no_games_key_cannot_be_chosen(store: SqliteStore) -> None:
    store.save_brain(taught(NIM, games=30), "Trained AI")
    with sqlite3.connect(store.path) as db:
        db.execute("UPDATE brains SET rules_key = 'nim:1,2,3|x'")
    db.close()
    app = app_with(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_brains(pilot)
        assert rows(app) == [("nim:1,2,3|x", "hats", "Trained AI", "30", "DAMAGED")]
        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.screen, BrainsScreen)
        assert "no game can load it as it is, so it cannot be chosen to export" in said(app)

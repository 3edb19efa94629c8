"""The full-screen app is handed the store by ``sticks-tui`` (run_app), and shows what it holds."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.app import App

from sticks_tui.cli.main import main
from sticks_tui.engine import game_of_sticks
from sticks_tui.storage.records import MemoryRecords
from sticks_tui.storage.sqlite.store import SqliteStore
from sticks_tui.storage.sqlite.store_file import STORE_FILE_NAME
from sticks_tui.storage.sqlite.play_on import PlayOnRecords
from sticks_tui.ui.app import SticksApp


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[SticksApp]:
    """Stand in for the terminal: record the app that ``sticks-tui`` would run."""
    apps: list[SticksApp] = []

    def run(self: SticksApp, *args: object, **kwargs: object) -> int:
        apps.append(self)
        return 0

    monkeypatch.setattr(SticksApp, "run", run)
    return apps


def test_the_app_gets_the_store_of_the_data_directory(started, tmp_path: Path) -> None:
    assert main(["--data-dir", str(tmp_path)]) == 0
    (app,) = started
    assert isinstance(app.records, PlayOnRecords)
    assert app.records.path == tmp_path / STORE_FILE_NAME


def test_where_nothing_can_be_saved_the_app_plays_in_memory_and_says_so(
    started, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    notes: list[tuple[str, str]] = []
    monkeypatch.setattr(
        SticksApp, "notify", lambda self, message, **kw: notes.append((message, kw["severity"]))
    )
    (tmp_path / "file").write_text("in the way")
    assert main(["--data-dir", str(tmp_path / "file" / "data")]) == 0
    (app,) = started
    assert isinstance(app.records, MemoryRecords)
    assert len(notes) == 1 and notes[0][1] == "warning" and "without saving" in notes[0][0]


def test_a_served_tab_that_cannot_save_tells_the_student_to_ask_the_teacher(
    started, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    notes: list[str] = []
    monkeypatch.setattr(App, "notify", lambda self, message, **kw: notes.append(message))
    (tmp_path / "file").write_text("in the way")
    assert main(["--data-dir", str(tmp_path / "file" / "data"), "--served"]) == 0
    (note,) = notes
    assert "Playing on without saving; tell your teacher, who can start sticks-tui serve" in note
    assert "--data-dir DIR in a place where it can save." in note
    assert "STICKS_TUI_DATA_DIR" not in note and str(tmp_path) not in note


def test_a_store_file_that_is_not_ours_stops_before_the_app_opens(
    started, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / STORE_FILE_NAME).write_text("a letter to grandma")
    assert main(["--data-dir", str(tmp_path)]) == 1
    assert started == []
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and str(tmp_path / STORE_FILE_NAME) in err


async def test_the_leaderboard_screen_shows_the_saved_games(tmp_path: Path) -> None:
    with SqliteStore.open(tmp_path) as store:
        for _ in range(3):
            store.record_game("Ann", "AI", game="sticks")
    app = SticksApp(records=SqliteStore.open(tmp_path), ai_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        app.action_leaderboard()
        await pilot.pause()
        table = app.screen.query_one("DataTable")
        rows = [[str(cell) for cell in table.get_row_at(i)] for i in range(table.row_count)]
        app.record_game("Bob", "Ann", game_of_sticks(10))
    assert rows[0][:4] == ["Ann", "3", "3", "0"]
    with SqliteStore.open(tmp_path) as store:
        assert {row.name: row.wins for row in store.standings()}["Bob"] == 1

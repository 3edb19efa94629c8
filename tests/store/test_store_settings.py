"""Small settings kept for the next run: the names last confirmed on the app's setup screen."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input

from sticks_tui.cli.main import main
from sticks_tui.storage.records import MemoryRecords
from sticks_tui.storage.sqlite.store import SqliteStore
from sticks_tui.storage.sqlite.store_file import StoreUnavailable
from sticks_tui.storage.sqlite.play_on import PlayOnRecords
from sticks_tui.ui.app import SticksApp


def test_settings_survive_closing_and_reopening(tmp_path: Path) -> None:
    with SqliteStore.open(tmp_path) as store:
        assert store.recall("player1_name") is None
        store.remember({"player1_name": "Ann", "player2_name": "Bob"})
        store.remember({"player2_name": "Cleo"})
    with SqliteStore.open(tmp_path) as store:
        assert store.recall("player1_name") == "Ann"
        assert store.recall("player2_name") == "Cleo"


def test_settings_are_saved_together_or_not_at_all(tmp_path: Path) -> None:
    class Refused(Exception):
        pass

    class Values(dict):
        """A mapping that fails half-way through being read, as a crash in mid-save would."""

        def items(self):  # noqa: ANN201
            yield "player1_name", "Zed"
            raise Refused

    with SqliteStore.open(tmp_path) as store:
        store.remember({"player1_name": "Ann"})
        with pytest.raises(Refused):
            store.remember(Values())
        assert store.recall("player1_name") == "Ann"


def test_memory_records_remember_too() -> None:
    records = MemoryRecords()
    assert records.recall("player1_name") is None
    records.remember({"player1_name": "Ann"})
    assert records.recall("player1_name") == "Ann"


def test_a_failing_store_only_warns(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def full_disk(*args: object) -> None:
        raise StoreUnavailable("could not save to records.sqlite3: the disk is full")

    warnings: list[str] = []
    store = SqliteStore.open(tmp_path)
    records = PlayOnRecords(store, warnings.append)
    monkeypatch.setattr(store, "remember", full_disk)
    monkeypatch.setattr(store, "recall", full_disk)
    records.remember({"player1_name": "Ann"})
    assert records.recall("player1_name") is None
    assert warnings[0].endswith("the settings were not saved for the next run")
    records.close()


async def test_names_confirmed_on_the_setup_screen_fill_it_the_next_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    started: list[SticksApp] = []
    monkeypatch.setattr(SticksApp, "run", lambda self, *a, **k: started.append(self) or 0)
    assert main(["--data-dir", str(tmp_path)]) == 0
    app = started.pop()
    assert app.settings.names == ("Player 1", "Player 2")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.screen.query_one("#name1", Input).value = "Ann"
        app.screen.query_one("#name2", Input).value = "Bob"
        await pilot.pause()
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert type(app.screen).__name__ == "ModeScreen"
    app.records.close()  # type: ignore[attr-defined]

    assert main(["--data-dir", str(tmp_path)]) == 0
    app = started.pop()
    assert app.settings.names == ("Ann", "Bob")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.screen.query_one("#name1", Input).value == "Ann"
        assert app.screen.query_one("#name2", Input).value == "Bob"
    app.records.close()  # type: ignore[attr-defined]

    # A name given on the command line wins over the remembered one, for that run.
    assert main(["--data-dir", str(tmp_path), "--player2", "Dora"]) == 0
    app = started.pop()
    assert app.settings.names == ("Ann", "Dora")
    app.records.close()  # type: ignore[attr-defined]

"""A tab of ``sticks-tui serve``, as the app runs it there (``served``): the player's name is
asked first, for the room's leaderboard; the tab's names are not remembered for the room; no
path on the server is asked for (a brain is imported pasted); the room's brain is reset, and any
brain imported (over a saved one or under a new name), only with the teacher's passphrase. (The
real server, in a real browser: tests/serve/.)"""

from __future__ import annotations

from pathlib import Path

import pytest
from test_ui_brains import form_error, open_brains, said, saved_json, taught
from test_ui_lab import open_lab, start
from textual import events
from textual.pilot import Pilot
from textual.widgets import Input, Static
from ui_helpers import make_app, set_input, wait_until

from sticks_tui.engine import game_of_sticks
from sticks_tui.engine.games import parse_game
from sticks_tui.storage.brain_files import brain_json
from sticks_tui.storage.records import HATS, MemoryRecords
from sticks_tui.storage.sqlite.play_on import PlayOnRecords
from sticks_tui.storage.sqlite.store import SqliteStore
from sticks_tui.ui.app import SticksApp
from sticks_tui.ui.screens.brains.modals import BrainFormModal, PassphraseModal, PasteArea
from sticks_tui.ui.screens.brains.screen import MAX_PASTED_CHARACTERS, BrainsScreen
from sticks_tui.ui.screens.lab.run import LabRunScreen
from sticks_tui.ui.screens.mode import ModeScreen
from sticks_tui.ui.screens.name import NameScreen
from sticks_tui.ui.screens.setup import SetupScreen

STICKS = parse_game("sticks")


async def test_a_served_tab_asks_the_players_name_first_and_refuses_a_machines() -> None:
    records = MemoryRecords()
    app = make_app(records=records, served=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, NameScreen))
        await pilot.press("A", "I", "enter")  # a computer player's name: one row with it
        message = app.screen.query_one("#name-message", Static)
        assert "is the name of a computer player" in str(message.render())
        assert isinstance(app.screen, NameScreen)
        for typed, why in [  # its A Cyrillic; then all Cyrillic: the AI's row all the same
            ("\u0410I", '"АI" mixes letters of two alphabets (Latin and Cyrillic); please type '
             "it in one"),
            ("\u0410\u0406", '"АІ" looks like "AI", the name of a computer player; please '
             "choose another"),
        ]:
            app.screen.query_one("#player-name", Input).value = ""
            await pilot.press(*typed, "enter")
            assert str(message.render()) == why
            assert isinstance(app.screen, NameScreen)
        app.screen.query_one("#player-name", Input).value = ""
        await pilot.press(*"[b]Ada", "enter")  # shown as typed, never as markup
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen))
        assert app.screen.query_one("#name1", Input).value == "[b]Ada"
        await pilot.press("ctrl+n")
        await wait_until(pilot, lambda: isinstance(app.screen, ModeScreen))
        assert app.settings.names == ("[b]Ada", "Player 2")
    assert records.recall("player1_name") is None  # the room's next tab starts unnamed


PASSPHRASE = "k7mq-2xpa"


@pytest.fixture
def store(tmp_path: Path) -> SqliteStore:
    return SqliteStore.open(tmp_path / "room")


def served_app(store: SqliteStore) -> SticksApp:
    return make_app(
        records=PlayOnRecords(store, warn=lambda message: None), served=True,
        passphrase=PASSPHRASE,
    )


async def named(pilot: Pilot) -> None:
    """A served tab's first screen: the player's name, then the setup screen."""
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, NameScreen))
    await pilot.press(*"Ada", "enter")
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, SetupScreen))


async def to_brains(pilot: Pilot) -> None:
    await named(pilot)
    await open_brains(pilot)


async def discard_asked(pilot: Pilot) -> LabRunScreen:
    """A lab training of 20 games done in a served tab, and ``d`` pressed: the passphrase is
    asked. The training's screen."""
    await named(pilot)
    await open_lab(pilot, game_of_sticks(15))
    screen = await start(pilot, 20)
    await wait_until(pilot, lambda: screen.result is not None)
    await pilot.press("d")
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, PassphraseModal))
    return screen


async def test_resetting_the_rooms_brain_takes_the_teachers_passphrase(
    store: SqliteStore,
) -> None:
    store.save_brain(taught(STICKS, games=7), "AI")
    before = saved_json(store, "AI")
    app = served_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await to_brains(pilot)
        await pilot.press("r")
        await wait_until(pilot, lambda: isinstance(app.screen, PassphraseModal))
        await pilot.press(*"guess", "enter")  # wrong: said, and asked again
        assert form_error(app) == "That is not the teacher's passphrase: nothing was changed."
        assert saved_json(store, "AI") == before
        await pilot.press("escape")  # a student gives up: nothing changes
        await wait_until(pilot, lambda: isinstance(app.screen, BrainsScreen))
        assert said(app).startswith("Not reset")
        assert saved_json(store, "AI") == before
        await pilot.press("r")
        await wait_until(pilot, lambda: isinstance(app.screen, PassphraseModal))
        await pilot.press(*PASSPHRASE, "enter")
        await wait_until(pilot, lambda: isinstance(app.screen, BrainsScreen))
        assert said(app).startswith("Reset")
    info = store.brain_info(STICKS, "AI", HATS)
    assert info is not None and info.games_played == 0


async def paste_brain(
    pilot: Pilot, text: str, *, ai: str, passphrase: str = "", submit: bool = True
) -> None:
    """Fill the served import form: the AI's name, the brain pasted, the passphrase; OK."""
    screen = pilot.app.screen
    screen.query_one("#ai", Input).value = ai
    area = screen.query_one("#brain", PasteArea)
    area.focus()
    await pilot.pause()
    area.text = ""
    pilot.app.post_message(events.Paste(text))  # as the browser's paste comes to the app
    await pilot.pause()
    screen.query_one("#passphrase", Input).value = passphrase
    if submit:
        await pilot.click("#ok")
        await pilot.pause()


NO_PASSPHRASE = (
    "Importing a brain into the room takes the teacher's passphrase: type it in the last "
    "field; nothing was changed"
)
WRONG = "That is not the teacher's passphrase: nothing was changed."


async def test_a_served_tab_imports_a_pasted_brain_only_with_the_teachers_passphrase(
    store: SqliteStore,
) -> None:
    store.save_brain(taught(STICKS, games=7), "AI")
    before = saved_json(store, "AI")
    pasted = brain_json(taught(STICKS, games=3))
    app = served_app(store)
    async with app.run_test(size=(100, 40)) as pilot:
        await to_brains(pilot)
        await pilot.press("i")  # a box to paste into, not a path on the server
        await wait_until(pilot, lambda: isinstance(app.screen, BrainFormModal))
        assert not app.screen.query("#file")

        for text, ai, passphrase, error in [
            (pasted, "AI", "", NO_PASSPHRASE),
            (pasted, "AI", "guess", WRONG),
            ("{not json", "AI", PASSPHRASE, "The pasted brain was refused: not valid JSON"),
            ("", "AI", PASSPHRASE, "Paste the brain's file"),
            (pasted, "\u0410\u0406", PASSPHRASE, '"АІ" looks like "AI", the name of a computer'),
        ]:
            if not isinstance(app.screen, BrainFormModal):
                await pilot.press("i")
                await wait_until(pilot, lambda: isinstance(app.screen, BrainFormModal))
            await paste_brain(pilot, text, ai=ai, passphrase=passphrase)
            assert isinstance(app.screen, BrainFormModal)
            assert error in form_error(app), form_error(app)
            assert saved_json(store, "AI") == before
            await pilot.press("escape")
            await wait_until(pilot, lambda: isinstance(app.screen, BrainsScreen))

        await pilot.press("i")  # a paste past the limit is not pasted, and said
        await wait_until(pilot, lambda: isinstance(app.screen, BrainFormModal))
        too_long = " " * (MAX_PASTED_CHARACTERS + 1)
        await paste_brain(pilot, too_long, ai="AI", passphrase=PASSPHRASE, submit=False)
        assert app.screen.query_one("#brain", PasteArea).text == ""
        assert "longer than the 1,000,000 characters a brain pasted here may have" in (
            form_error(app)
        )
        assert saved_json(store, "AI") == before

        await paste_brain(pilot, pasted, ai="AI", passphrase=PASSPHRASE)  # the teacher
        await wait_until(pilot, lambda: isinstance(app.screen, BrainsScreen))
        assert said(app).startswith("Imported the pasted brain as the brain of AI (hats)")

        await pilot.press("i")  # under a new name, the teacher too
        await wait_until(pilot, lambda: isinstance(app.screen, BrainFormModal))
        await paste_brain(pilot, pasted, ai="Robo", passphrase=f" {PASSPHRASE} ")
        await wait_until(pilot, lambda: isinstance(app.screen, BrainsScreen))
        assert said(app).startswith("Imported the pasted brain as the brain of Robo (hats)")
    for ai in ("AI", "Robo"):
        info = store.brain_info(STICKS, ai, HATS)
        assert info is not None and info.games_played == 3


async def test_a_student_cannot_import_a_brain_under_a_new_name(store: SqliteStore) -> None:
    """A name with no brain yet is no way around the passphrase: else a student could plant the
    room's AI for a game nobody has played yet, or any AI the room will play."""
    pasted = brain_json(taught(STICKS, games=500))
    app = served_app(store)
    async with app.run_test(size=(100, 40)) as pilot:
        await to_brains(pilot)
        for ai, passphrase, error in [("AI", "", NO_PASSPHRASE), ("Robo", "", NO_PASSPHRASE),
                                      ("Robo", "k7mq-2xp", WRONG)]:
            await pilot.press("i")
            await wait_until(pilot, lambda: isinstance(app.screen, BrainFormModal))
            label = str(app.screen.query_one(".brain-modal").query("Label").last().render())
            assert label == "The teacher's passphrase (every import asks for it)"
            await paste_brain(pilot, pasted, ai=ai, passphrase=passphrase)
            assert isinstance(app.screen, BrainFormModal)
            assert form_error(app) == error
            await pilot.press("escape")
            await wait_until(pilot, lambda: isinstance(app.screen, BrainsScreen))
            assert said(app) == ""
    assert store.brains() == []  # nothing saved, under any name


async def test_discarding_a_training_of_the_rooms_brain_takes_the_teachers_passphrase() -> None:
    records = MemoryRecords()
    app = make_app(records=records, served=True, passphrase=PASSPHRASE)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await discard_asked(pilot)  # a student: asked, nothing discarded without it
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is screen)
        await pilot.press("d")
        await wait_until(pilot, lambda: isinstance(app.screen, PassphraseModal))
        await pilot.press(*PASSPHRASE, "enter")
        await wait_until(pilot, lambda: screen not in app.screen_stack)
    assert records.load_brain(game_of_sticks(15), "Trained AI") is None  # nothing kept


async def test_a_training_left_without_the_passphrase_is_kept() -> None:
    records = MemoryRecords()
    app = make_app(records=records, served=True, passphrase=PASSPHRASE)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await discard_asked(pilot)
        await pilot.press(*"guess", "enter", "escape")
        await wait_until(pilot, lambda: app.screen is screen)
        await pilot.press("escape")  # leaving keeps it, as in a terminal
        await wait_until(pilot, lambda: screen not in app.screen_stack)
    saved = records.load_brain(game_of_sticks(15), "Trained AI")
    assert saved is not None and saved.games_played == 20


async def test_a_served_tabs_training_holds_at_most_its_share_of_memory() -> None:
    app = make_app(served=True, passphrase=PASSPHRASE)
    async with app.run_test(size=(80, 24)) as pilot:
        await named(pilot)
        form = await open_lab(pilot, game_of_sticks(15))
        assert form.query_one("#memory", Input).value == "256M"  # not the terminal's 1G
        note = str(form.query_one("#memory-message", Static).render())
        assert note == "training stops before the app passes it; at most 256M here"
        await set_input(pilot, "#memory", "1G")
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is form  # refused, and said beside the field
        message = str(form.query_one("#memory-message", Static).render())
        assert message.startswith("In a classroom's tab a training holds at most 256 MiB")

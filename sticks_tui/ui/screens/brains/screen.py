"""The saved brains of every game: start a new one, reset one, export one, import one, or play
against one (``p``: the person against it on a board, in its game).

What ``sticks-tui brain`` does on the command line, with the same checks and the same words
(:mod:`sticks_tui.storage.brain_shelf`). A reset asks first. A refusal (a name no AI may have, a
file that cannot be written, a file that is not a brain of a game) is shown in the form, where
the user can mend it; the saved brain is then as it was. After a reset or an import the brain
in play follows the one now saved, so the next game plays it. A reset brain stays listed, fresh
(0 games), with its learning settings.

Names and paths come from people: they are shown as text (:func:`~sticks_tui.ui.plain.plain`),
and a path's control characters are shown escaped (the brain actions' messages do that).
"""

from __future__ import annotations

import io
import os
import re

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import DataTable, Header, Static

from ....engine.game import Rules
from ....engine.games import spec_of
from ....engine.learners import learner_kind, learners_for
from ....engine.learners.base import BrainError
from ....engine.machines import LEARNING_AI_NAME, default_ai_name
from ....storage.brain_cache import BrainRef
from ....storage.brain_files import BrainFileError, BrainFileRefused, parse_brain, read_brain_file
from ....storage.brain_shelf import (
    BrainActionRefused,
    BrainShelf,
    ai_name_from,
    brain_file_writer,
    brain_text,
    export_brain,
    import_brain,
    new_brain,
    reset_brain,
    shelf_of,
)
from ....storage.file_writer import STDIO
from ....storage.saved_brains import BrainSummary
from ....storage.sqlite.store_file import StoreError
from ....text.brains import brain_cells, brain_words
from ....text.terminal import PASTE_LIMIT, printable
from ...host import host_of
from ...plain import plain
from ...widgets.footer import KeysFooter
from ..saved_list import SavedRecordsScreen
from .modals import (
    WRONG_PASSPHRASE,
    BrainFormModal,
    ConfirmModal,
    PassphraseModal,
    PasteArea,
    is_passphrase,
)

COLUMNS = ("Game", "Learner", "AI", "Games", "Settings")


def learner_label(learner: str) -> str:
    """A learner as the screen names it: "the hat AI (hats)", "the Q-learner (q)"."""
    try:
        return f"{learner_kind(learner).words.the} ({learner})"
    except KeyError:
        return learner


class BrainsScreen(SavedRecordsScreen):
    """Read from the app's records each time it is shown, so every game learned counts."""

    DEFAULT_CSS = """
    #brains-body {
        padding: 0 1;
    }
    #brains-table {
        height: 1fr;
    }
    #brain-detail {
        height: auto;
        color: $text-muted;
    }
    #brains-message {
        height: auto;
        text-style: bold;
    }
    """
    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back"),
        Binding("n", "new", "New"),
        Binding("r", "reset", "Reset"),
        Binding("e", "export", "Export"),
        Binding("i", "import_file", "Import"),
        Binding("p", "play", "Play"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.listed: list[BrainSummary] = []

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="brains-body"):
            yield Static(id="brains-where")
            yield DataTable(id="brains-table", cursor_type="row", zebra_stripes=True)
            yield Static(id="brain-detail")
            yield Static(id="brains-message")
        yield KeysFooter(show_command_palette=False)  # room for every key (ctrl+p still works)

    @property
    def shelf(self) -> BrainShelf:
        return shelf_of(host_of(self).records)

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        for column in COLUMNS:
            table.add_column(column, key=column.lower())
        table.focus()
        self.fill_when_saved()

    # -- the list --------------------------------------------------------------------------------
    def refill(self) -> None:
        """The brains as now saved, the cursor kept on the same row where it can be."""
        path = getattr(host_of(self).records, "path", None)
        self.query_one("#brains-where", Static).update(plain(
            "Brains kept in memory only: nothing can be saved this run." if path is None
            else "The AIs' saved brains, every game's. New, reset, export, import, play one."
        ))
        try:
            self.listed = self.shelf.brains()
        except StoreError as error:
            self.listed = []
            self.say(str(error))
        table = self.query_one(DataTable)
        row = table.cursor_row
        table.clear()
        for brain in self.listed:
            cells = brain_cells(brain)
            table.add_row(*(
                plain(cells[column]) if column != "Games" else
                Text(cells[column], justify="right")
                for column in COLUMNS
            ))
        if not self.listed:
            table.add_row(*(plain(cell) for cell in ("(no brain saved yet)", "", "", "", "")))
        table.move_cursor(row=min(row, max(len(self.listed) - 1, 0)))
        self.show_detail()

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        self.show_detail()

    def show_detail(self) -> None:
        brain = self.highlighted()
        self.query_one("#brain-detail", Static).update(plain(
            "" if brain is None else _detail(brain)
        ))

    def highlighted(self) -> BrainSummary | None:
        row = self.query_one(DataTable).cursor_row
        return self.listed[row] if 0 <= row < len(self.listed) else None

    def say(self, message: str) -> None:
        """What the last action did (or why not), under the list."""
        self.query_one("#brains-message", Static).update(plain(host_of(self).shown(message)))

    def _done(self, message: str | None) -> None:
        if message is not None:
            self.say(message)
        self.refill()

    def _chosen(self, doing: str) -> tuple[Rules, str, str, int] | None:
        """The brain the cursor is on: its game, learner, AI's name and games learned; None
        (and why) when there is none."""
        brain = self.highlighted()
        if brain is None:
            self.say(f"There is no saved brain to {doing}.")
            return None
        if brain.rules is None:
            self.say(
                f"This brain is {brain.problem}; no game can load it as it is, so it cannot be "
                f"chosen to {doing}."
            )
            return None
        return brain.rules, brain.info.learner, brain.info.ai_name, brain.info.games_played

    # -- the actions -----------------------------------------------------------------------------
    def action_new(self) -> None:
        """A fresh brain, for the game chosen on the setup screen, under a typed AI name."""
        rules = host_of(self).settings.rules
        choices = [(kind.name, learner_label(kind.name)) for kind in learners_for(rules)]

        def start(values: dict[str, str], learner: str) -> str:
            name = ai_name_from(values["ai"])
            done = new_brain(self.shelf, rules, learner, name)
            host_of(self).brains.changed(rules, BrainRef(name, learner))
            return done

        self.app.push_screen(BrainFormModal(
            "A new brain",
            f"For {rules.name} ({spec_of(rules)}), the game chosen on the setup screen.",
            [("ai", "The AI's name", "")],
            start,
            choices,
            "Learner",
        ), self._done)

    def action_reset(self) -> None:
        chosen = self._chosen("reset")
        if chosen is None:
            return
        rules, learner, ai, games = chosen
        what = brain_words(rules, learner, ai, games)

        def answered(yes: bool | None) -> None:
            if not yes:
                self.say(f"Not reset: {what} is as it was.")
                return
            try:
                done = reset_brain(self.shelf, rules, learner, ai, keep_row=True)
            except StoreError as error:
                done = str(error)
            host_of(self).brains.changed(rules, BrainRef(ai, learner))
            self._done(done)

        question = f"Reset {what}? It cannot be undone."
        if host_of(self).served:  # the room's brain: the teacher's to reset
            self.app.push_screen(PassphraseModal(question, host_of(self).passphrase), answered)
        else:
            self.app.push_screen(ConfirmModal(question), answered)

    def action_play(self) -> None:
        """The person against the highlighted brain, in its game (the setup screen's game
        when it is the same game, else the brain's own), as it is now."""
        chosen = self._chosen("play against")
        if chosen is None:
            return
        rules, learner, ai, _ = chosen
        host_of(self).play_against(BrainRef(ai, learner), rules=rules)

    def action_export(self) -> None:
        chosen = self._chosen("export")
        if chosen is None:
            return
        rules, learner, ai, games = chosen
        if host_of(self).served:  # the file goes to the browser, not a path on the server
            self._download(rules, learner, ai)
            return

        def write(values: dict[str, str], _: str) -> str:
            out = brain_file_writer(_typed_path(values["file"]))
            return export_brain(self.shelf, rules, learner, ai, out)

        self.app.push_screen(BrainFormModal(
            "Export a brain",
            f"Writes {brain_words(rules, learner, ai, games)} to a JSON "
            f"file (the file `sticks-tui train --out` writes); a file already there is replaced.",
            # in full: where it goes (the folder the app was started in), not a bare name
            [("file", "File", os.path.abspath(_file_name(rules, learner, ai)))],
            write,
        ), self._done)

    def _download(self, rules: Rules, learner: str, ai: str) -> None:
        """The brain's file, as a download in the browser of this tab."""
        try:
            text, whose = brain_text(self.shelf, rules, learner, ai)
        except (BrainActionRefused, StoreError) as error:
            self.say(str(error))
            return
        name = _file_name(rules, learner, ai)
        self.app.deliver_text(io.StringIO(text), save_filename=name, mime_type="application/json")
        self.say(f"Sent {whose} to your browser as {name} (look in its downloads).")

    def action_import_file(self) -> None:
        if host_of(self).served:  # no path on the server: the brain's JSON is pasted
            self._import_pasted()
            return
        brain = self.highlighted()
        ai_name = brain.info.ai_name if brain is not None else LEARNING_AI_NAME

        def load(values: dict[str, str], _: str) -> str:
            path = _typed_path(values["file"])
            name = ai_name_from(values["ai"])
            try:
                read = read_brain_file(path)
                done = import_brain(self.shelf, read, path, name)
            except BrainFileError as error:
                raise BrainActionRefused(f"{error}; the saved brain is unchanged") from None
            assert read.rules is not None, "a saved brain knows its game"
            host_of(self).brains.changed(read.rules, BrainRef(name, read.kind))
            return done

        self.app.push_screen(BrainFormModal(
            "Import a brain",
            "Reads a brain file (as `sticks-tui train --out` writes it) of any game and "
            "learner; it becomes this AI's saved brain for that game and learner. A file that "
            "is not a brain is refused and nothing changes.",
            [("file", "File", ""), ("ai", "The AI's name", ai_name)],
            load,
        ), self._done)


    def _import_pasted(self) -> None:
        """A brain's file pasted into a box (a served tab: the browser cannot give a file),
        only with the teacher's passphrase: over a saved brain, and under a new name too (else
        a student could plant the room's AI for a game not played yet)."""
        brain = self.highlighted()
        ai_name = brain.info.ai_name if brain is not None else LEARNING_AI_NAME
        app = host_of(self)

        def load(values: dict[str, str], _: str) -> str:
            name = ai_name_from(values["ai"])
            text = values["brain"]
            if not text.strip():
                raise BrainActionRefused(
                    "Paste the brain's file (the JSON `sticks-tui train --out` writes) in the box"
                )
            if len(text) > MAX_PASTED_CHARACTERS:
                raise BrainActionRefused(_too_long_words(len(text)))
            if not is_passphrase(values["passphrase"], app.passphrase):
                raise BrainActionRefused(
                    WRONG_PASSPHRASE if values["passphrase"].strip() else NO_PASSPHRASE
                )
            try:
                read = parse_brain(text)
            except BrainError as error:
                raise BrainFileRefused(PASTED, f"{error}; the saved brain is unchanged") from None
            assert read.rules is not None, "a saved brain knows its game"
            done = import_brain(self.shelf, read, PASTED, name)
            app.brains.changed(read.rules, BrainRef(name, read.kind))
            return done

        self.app.push_screen(BrainFormModal(
            "Import a brain",
            "Paste a brain's file (an export, or what `sticks-tui train --out` writes): it "
            "becomes this AI's brain for its game and learner, the brain the whole room shares.",
            [("ai", "The AI's name", ai_name)],
            load,
            text_area=PasteArea(
                f"The brain's file (at most {MAX_PASTED_CHARACTERS:,} characters)",
                MAX_PASTED_CHARACTERS, _too_long_words, id="brain", soft_wrap=True,
            ),
            secret=("passphrase", "The teacher's passphrase (every import asks for it)"),
        ), self._done)


#: The most characters a brain pasted into a served tab may have (a bigger brain the teacher
#: imports on the server: ``sticks-tui brain import``).
MAX_PASTED_CHARACTERS = PASTE_LIMIT
#: How messages name a pasted brain.
PASTED = "the pasted brain"
#: A served tab's import with no passphrase typed.
NO_PASSPHRASE = (
    "Importing a brain into the room takes the teacher's passphrase: type it in the last "
    "field; nothing was changed"
)


def _too_long_words(characters: int) -> str:
    """What a paste past the limit is told. Its length is not said: the classroom's server cuts
    a longer paste just past the limit (``sticks_tui/serve/input_gate.py``), so the tab never
    knows it."""
    return (
        f"The pasted text is longer than the {MAX_PASTED_CHARACTERS:,} characters a brain "
        "pasted here may have (a bigger one: the teacher imports it on the server with "
        "`sticks-tui brain import`); nothing was changed"
    )


def _detail(brain: BrainSummary) -> str:
    """The highlighted brain in full: its game's name, learner, when saved, its settings."""
    cells = brain_cells(brain)
    info = brain.info
    if brain.problem:
        return f"{cells['AI']} ({info.learner}) for {cells['Game']}: {printable(brain.problem)}"
    return (
        f"{cells['AI']}: {learner_label(info.learner)} for "
        f"{brain.game_name}; saved {cells['Saved at']}; learning settings: {cells['Settings']}"
    )


def _typed_path(text: str) -> str:
    """A file's path as typed: ``~`` is the home folder; ``-`` (standard input or output on
    the command line) is refused, since the screen is using them."""
    path = text.strip()
    if not path:
        raise BrainActionRefused("Type the file's name")
    if path == STDIO:
        raise BrainActionRefused(
            "- means standard input or output on the command line; type a file's name"
        )
    return os.path.expanduser(path)


def _file_name(rules: Rules, learner: str, ai: str) -> str:
    """A file name to start from: ``AI-sticks-hats.json``, of plain characters only."""
    words = "-".join((ai, spec_of(rules), learner)) if ai != default_ai_name(learner) else (
        f"{spec_of(rules)}-{learner}"
    )
    return re.sub(r"[^A-Za-z0-9._-]+", "_", words) + ".json"


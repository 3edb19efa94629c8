"""The small windows of the brains screen: a question before a reset, and a form that tries its
action itself, so that a refusal (a bad name, a file that cannot be written or is not a brain)
is shown where the user can mend what they typed, and the window closes only on success."""

from __future__ import annotations

import hmac
from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, RadioButton, RadioSet, Static, TextArea

from ....storage.brain_files import BrainFileError
from ....storage.brain_shelf import BrainActionRefused
from ....storage.sqlite.store_file import StoreError
from ...host import host_of
from ...plain import plain

#: What a form's action may refuse with; its message is shown in the form.
REFUSALS = (BrainActionRefused, BrainFileError, StoreError)

_MODAL_CSS = """
ConfirmModal, BrainFormModal, PassphraseModal {
    align: center middle;
}
.brain-modal {
    width: 72;
    max-width: 100%;
    height: auto;
    max-height: 100%;
    overflow-y: auto;
    border: thick $accent;
    background: $surface;
    padding: 0 1;
}
.brain-modal Label {
    margin: 1 0 0 0;
}
.brain-modal .modal-title {
    text-style: bold;
}
.brain-modal RadioSet {
    layout: horizontal;
    width: auto;
}
.brain-modal .modal-error {
    color: $error;
    text-style: bold;
    height: auto;
}
.brain-modal TextArea {
    height: 5;
}
.brain-modal .modal-buttons {
    height: 3;
    margin-top: 1;
}
.brain-modal .modal-buttons Button {
    margin-right: 2;
}
"""


class ConfirmModal(ModalScreen[bool]):
    """A yes-or-no question; anything but Yes (No, Escape, n) answers no."""

    DEFAULT_CSS = _MODAL_CSS
    BINDINGS = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No"),
    ]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(classes="brain-modal"):
            yield Static(plain(self.question), classes="modal-title")
            with Horizontal(classes="modal-buttons"):
                yield Button("Yes", id="yes", variant="error")
                yield Button("No", id="no", variant="primary")

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()  # Enter on its own changes nothing

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


Answer = TypeVar("Answer")


class AttemptModal(ModalScreen[Answer], Generic[Answer]):
    """A modal with typed fields: Enter in a field or OK tries them (:meth:`attempt`, which
    closes it or says why not), Escape or Cancel closes it with :attr:`cancelled`."""

    DEFAULT_CSS = _MODAL_CSS
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, cancelled: Answer) -> None:
        super().__init__()
        #: What the modal closes with when it is left without an answer.
        self.cancelled = cancelled

    def attempt(self) -> None:
        raise NotImplementedError

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.attempt()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "ok":
            self.attempt()
        else:
            self.dismiss(self.cancelled)

    def action_cancel(self) -> None:
        self.dismiss(self.cancelled)


class PassphraseModal(AttemptModal[bool]):
    """The teacher's passphrase, asked in a served tab before the room's brain is reset,
    imported over or its training discarded: it closes with True once typed right, False on
    Escape or Cancel. A wrong one is said, and nothing changes."""

    def __init__(self, question: str, passphrase: str | None) -> None:
        """``passphrase``: the one the server printed (None: none was given, so the answer is
        always no)."""
        super().__init__(cancelled=False)
        self.question = question
        self.passphrase = passphrase

    def compose(self) -> ComposeResult:
        with Vertical(classes="brain-modal"):
            yield Static(plain(self.question), classes="modal-title")
            yield Static(TEACHERS_WORDS)
            yield Input(password=True, id="passphrase")
            yield Static(id="form-error", classes="modal-error")
            with Horizontal(classes="modal-buttons"):
                yield Button("OK", id="ok", variant="error")
                yield Button("Cancel", id="cancel", variant="primary")

    def on_mount(self) -> None:
        self.query_one("#passphrase", Input).focus()

    def attempt(self) -> None:
        typed = self.query_one("#passphrase", Input)
        if is_passphrase(typed.value, self.passphrase):
            self.dismiss(True)
            return
        typed.value = ""
        self.app.bell()
        self.query_one("#form-error", Static).update(plain(WRONG_PASSPHRASE))


#: What a served tab says of the teacher's passphrase wherever it is asked.
TEACHERS_WORDS = (
    "This changes the brain the whole room shares: type the teacher's passphrase (the server "
    "printed it when it started)."
)
WRONG_PASSPHRASE = "That is not the teacher's passphrase: nothing was changed."


def is_passphrase(typed: str, passphrase: str | None) -> bool:
    """Whether ``typed`` is the teacher's passphrase (compared in constant time); never when
    there is none."""
    if not passphrase:
        return False
    return hmac.compare_digest(typed.strip().encode("utf-8"), passphrase.encode("utf-8"))


#: A form's action: given the fields' text (by id) and the choice made, it does its work and
#: says what it did, or raises one of :data:`REFUSALS`.
FormAction = Callable[[dict[str, str], str], str]


class BrainFormModal(AttemptModal["str | None"]):
    """A few typed fields (and a choice, e.g. the learner) for one brain action; Enter or OK
    tries it, Escape or Cancel leaves. It closes with what was done, or None when cancelled."""

    def __init__(
        self,
        title: str,
        note: str,
        fields: Sequence[tuple[str, str, str]],
        action: FormAction,
        choices: Sequence[tuple[str, str]] = (),
        choice_label: str = "",
        *,
        text_area: PasteArea | None = None,
        secret: tuple[str, str] | None = None,
    ) -> None:
        """``fields``: (id, label, starting text); ``choices``: (value, label), the first
        chosen, under ``choice_label``; ``text_area``: a box of text under the fields (its
        label is its ``border_title``), ``secret``: (id, label) of a field typed unseen."""
        super().__init__(cancelled=None)
        self.form_title = title
        self.note = note
        self.fields = list(fields)
        self.choices = list(choices)
        self.choice_label = choice_label
        self.action = action
        self.text_area = text_area
        self.secret = secret

    def compose(self) -> ComposeResult:
        with Vertical(classes="brain-modal"):
            yield Static(plain(self.form_title), classes="modal-title")
            yield Static(plain(self.note))
            for field_id, label, text in self.fields:
                yield Label(plain(label))
                yield Input(value=text, id=field_id)
            if self.choices:
                yield Label(plain(self.choice_label))
                with RadioSet(id="choice"):
                    for i, (_, label) in enumerate(self.choices):
                        yield RadioButton(plain(label), value=i == 0)
            if self.text_area is not None:  # its border says what goes in it
                yield self.text_area
            if self.secret is not None:
                yield Label(plain(self.secret[1]))
                yield Input(password=True, id=self.secret[0])
            yield Static(id="form-error", classes="modal-error")
            with Horizontal(classes="modal-buttons"):
                yield Button("OK", id="ok", variant="primary")
                yield Button("Cancel", id="cancel")

    def on_mount(self) -> None:
        if self.fields:
            self.query_one(f"#{self.fields[0][0]}", Input).focus()
        # a form taller than the terminal scrolls: it opens at its top, on its title
        form = self.query_one(".brain-modal")
        self.call_after_refresh(form.scroll_home, animate=False)

    def chosen(self) -> str:
        """The value of the choice made ("" when the form has none)."""
        if not self.choices:
            return ""
        index = self.query_one("#choice", RadioSet).pressed_index
        return self.choices[max(index, 0)][0]

    def attempt(self) -> None:
        """Do the action; close with what it did, or show why not and stay open."""
        values = {field_id: self.query_one(f"#{field_id}", Input).value
                  for field_id, _, _ in self.fields}
        if self.text_area is not None and self.text_area.id is not None:
            values[self.text_area.id] = self.text_area.text
        if self.secret is not None:
            values[self.secret[0]] = self.query_one(f"#{self.secret[0]}", Input).value
        try:
            done = self.action(values, self.chosen())
        except REFUSALS as error:
            self.show_error(str(error))
            return
        self.dismiss(done)

    def show_error(self, message: str) -> None:
        message = host_of(self).shown(message)
        self.query_one("#form-error", Static).update(plain(message[:1].upper() + message[1:]))

    def on_paste_area_too_long(self, event: PasteArea.TooLong) -> None:
        self.app.bell()
        self.show_error(event.words)


class PasteArea(TextArea):
    """A box to paste a text into, of at most ``most`` characters: a paste that would make it
    longer is not pasted, and the form says so (a brain's file pasted in a browser's tab)."""

    class TooLong(Message):
        def __init__(self, words: str) -> None:
            super().__init__()
            self.words = words

    def __init__(
        self, label: str, most: int, too_long: Callable[[int], str], **kwargs: Any
    ) -> None:
        """``too_long(characters)``: what to say of a text of that many characters."""
        super().__init__(**kwargs)
        self.border_title = label
        self.most = most
        self.too_long = too_long

    def on_paste(self, event: events.Paste) -> None:
        start, end = sorted(self.selection)
        replaced = len(self.get_text_range(start, end)) if start != end else 0
        if len(self.text) - replaced + len(event.text) > self.most:
            event.prevent_default()  # not the text area's own paste
            event.stop()
            self.post_message(self.TooLong(self.too_long(len(event.text))))

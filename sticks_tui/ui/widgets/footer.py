"""The footer every screen shows: Textual's, rebuilt only when the keys it shows change.

Textual's footer builds its keys anew on every refresh of the bindings (a focus that moves, a
screen pushed or resumed, a board's redraw), about twenty times a game, though the keys are
mostly the same; each key it builds restyles itself, which made the rebuilds a tenth of the
app's work in a game. This one compares the keys the screen would show now (their key, action,
words and whether they act) with those it shows, and leaves itself alone when they are equal.

When it does build its keys, each key is made with the footer's ``compact`` already set:
Textual's key starts compact and is told otherwise once shown, restyling itself twice (adding
the ``-compact`` class, then taking it away): from the app's start to a board, 132 of the 748
times a widget was styled.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.reactive import Reactive
from textual.screen import Screen
from textual.widgets import Footer


def shown_keys(screen: Screen[object]) -> tuple[tuple[object, ...], ...]:
    """What a footer shows of ``screen``'s keys: each shown binding, whether it acts now, and
    its tooltip."""
    return tuple(
        (key, binding.action, binding.description, binding.key_display, enabled, tooltip)
        for key, (_, binding, enabled, tooltip) in screen.active_bindings.items()
        if binding.show
    )


class KeysFooter(Footer):
    """Textual's footer, rebuilt only when the keys it shows change."""

    def __init__(self, *, show_command_palette: bool = True) -> None:
        super().__init__(show_command_palette=show_command_palette)
        self._shown: tuple[tuple[object, ...], ...] | None = None

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            compact = getattr(type(widget), "compact", None)
            # A binding's key follows the footer's compact (the palette's key keeps its own).
            if isinstance(compact, Reactive) and not widget.has_class("-command-palette"):
                widget.set_reactive(compact, self.compact)  # set as it would end: no restyle
                widget.set_class(self.compact, "-compact", update=False)
            yield widget

    def bindings_changed(self, screen: Screen[object]) -> None:
        if self.is_attached and screen is self.screen and screen.app.app_focus:
            shown = shown_keys(screen)
            if shown == self._shown:
                return
            self._shown = shown
        super().bindings_changed(screen)

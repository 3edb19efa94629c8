"""Too small: every screen is laid out for 80x24; in a smaller terminal the app says so.

Drawn any smaller, the screens would cut their words and squeeze their fields to nothing, and a
person would not know why. So while the terminal is smaller than 80x24 a screen saying so covers
whatever screen is on top, and it goes away as soon as the terminal is large enough again.

The cover takes every key but ``ctrl+q`` (which it names): nothing hidden is typed into, and no
key acts behind it, the app's own keys included (``q``, ``F1``, ``F2``...; it is modal, so the
app's bindings are not looked up beyond it) and the command palette (``ctrl+p``, which the app
checks before any screen: it is turned off while the cover shows).

One mechanism for every screen: the app calls :func:`keep_to_size` when it starts and whenever
the terminal is resized, and it runs again whenever a screen is pushed or popped (a screen
pushed while the terminal is small is covered in turn; a cover left under a screen goes when
it comes back to the top).
"""

from __future__ import annotations

from typing import Any
from weakref import WeakKeyDictionary, WeakSet

from textual.app import App, ComposeResult
from textual.geometry import Size
from textual.screen import ModalScreen
from textual.widgets import Static

from ..plain import plain

#: The smallest terminal the screens are laid out for.
MIN_WIDTH = 80
MIN_HEIGHT = 24


#: The apps whose screens are watched already (each subscribes once).
_WATCHED: WeakSet[App[Any]] = WeakSet()
#: Whether each covered app had its command palette on before the cover turned it off.
_PALETTE: WeakKeyDictionary[App[Any], bool] = WeakKeyDictionary()


def too_small_words(size: Size) -> str:
    """What the cover says: what the app needs, what it has, and (with room for it) what
    to do."""
    words = (
        f"sticks-tui needs at least {MIN_WIDTH}x{MIN_HEIGHT}; "
        f"this terminal is {size.width}x{size.height}."
    )
    if size.height >= 8:
        words += "\n\nMake the window larger to go on (ctrl+q quits)."
    return words


def is_too_small(size: Size) -> bool:
    return size.width < MIN_WIDTH or size.height < MIN_HEIGHT


class TooSmallScreen(ModalScreen[None]):
    """The cover: one message, centred, and nothing else; no key but ``ctrl+q`` acts."""

    DEFAULT_CSS = """
    TooSmallScreen {
        align: center middle;
        overflow: hidden;
        background: $background;  /* opaque: nothing of the screen beneath shows through */
    }
    TooSmallScreen #too-small {
        width: 100%;
        height: auto;
        padding: 0 1;
        text-align: center;
        color: $warning;
        text-style: bold;
    }
    """

    def compose(self) -> ComposeResult:
        yield Static(plain(too_small_words(self.app.size)), id="too-small")

    def on_resize(self) -> None:
        self.query_one("#too-small", Static).update(plain(too_small_words(self.app.size)))

    def on_screen_resume(self) -> None:
        """On top: the command palette's key (a priority key of the app's) is off meanwhile."""
        _PALETTE.setdefault(self.app, self.app.use_command_palette)
        self.app.use_command_palette = False

    def on_screen_suspend(self) -> None:
        self.app.use_command_palette = _PALETTE.pop(self.app, self.app.use_command_palette)

    def on_unmount(self) -> None:
        self.on_screen_suspend()


def keep_to_size(app: App[Any]) -> None:
    """Cover the screen on top while the terminal is too small; uncover it once it is not.

    The first call also watches the screens come and go. Changes are made after the current
    one is over: a loop popping screens (back to the setup screen) must not meet a new cover
    at each step.
    """
    if app not in _WATCHED:
        _WATCHED.add(app)
        app.screen_change_signal.subscribe(app, lambda _screen: app.call_later(_fit, app))
    app.call_later(_fit, app)


def _fit(app: App[Any]) -> None:
    if not app.is_running or not app.screen_stack:
        return
    covered = isinstance(app.screen, TooSmallScreen)
    if is_too_small(app.size) and not covered:
        app.push_screen(TooSmallScreen())
    elif covered and not is_too_small(app.size):
        app.pop_screen()

"""The one way the screens put words on the screen: as plain text, never as markup.

Players' names come from people: typed on the setup screen, given as ``--player1``, or saved in
the leaderboard by the classic console. Textual and Rich read a string handed to a widget as
markup, so a name such as ``[red]x[/red]`` would be drawn red, ``[/]`` would stop the app with
an error (and the leaderboard row holding it would stop it every time after), and
``[@click=app.quit]Q[/]`` would turn a click on the name into an action. So every word the
screens build (from a name, a number, a message or a file's path) goes through :func:`plain`
or, for a notification, :func:`notify_plain`; square brackets then are only characters.
"""

from __future__ import annotations

from typing import Any, Literal

from rich.text import Text
from textual.app import App
from textual.widgets import Static

Severity = Literal["information", "warning", "error"]


def plain(words: str, style: str = "") -> Text:
    """``words`` exactly as written, in ``style``, for a widget's text, title or table cell.

    A Rich :class:`~rich.text.Text` because every place that shows words takes one: Static
    and Label, a radio button's label, a border title, a data table's cell, a rich log.
    """
    return Text(words, style=style, end="")


def show_plain(widget: Static, words: str, style: str = "") -> None:
    """Show ``words`` in ``widget`` as :func:`plain` makes them; the screen is laid out anew only
    when the widget's height changes. A board's words change at every move, mostly on as many
    lines as before: laying the whole screen out again for each was a fifth of a move's work."""
    text = plain(words, style=style)
    old = widget.content
    if isinstance(old, Text) and (old.plain, old.style) == (text.plain, text.style):
        return
    size = widget.content_size
    auto_width = widget.styles.width is not None and widget.styles.width.is_auto
    if not widget.is_mounted or not size.width or auto_width:
        widget.update(text)
        return
    viewport = widget.app.size
    lines = widget.get_content_height(size, viewport, size.width)
    widget.update(text, layout=False)
    if widget.get_content_height(size, viewport, size.width) != lines:
        widget.refresh(layout=True)


def notify_plain(
    app: App[Any],
    message: str,
    *,
    title: str = "",
    severity: Severity = "information",
    timeout: float | None = None,
) -> None:
    """A notification whose message is shown as written (a toast reads markup otherwise)."""
    app.notify(message, title=title, severity=severity, timeout=timeout, markup=False)

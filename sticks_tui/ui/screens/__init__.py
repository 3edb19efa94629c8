"""One screen a file: setup, mode, board, training, leaderboard, help (and analysis)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.dom import DOMNode

if TYPE_CHECKING:
    from ..app import SticksApp


def app_of(node: DOMNode) -> SticksApp:
    """The running :class:`SticksApp`, typed, so screens reach its settings and records."""
    from ..app import SticksApp

    app = node.app
    assert isinstance(app, SticksApp), "the screens of sticks-tui run inside SticksApp"
    return app

"""Leaving the app when the terminal goes away, the way ``q`` leaves it: nothing learned is lost.

Closing the terminal window sends SIGHUP, ``kill`` and a shutting-down system send SIGTERM, and
Ctrl-C sends SIGINT where it reaches the app as a signal (Textual reads it as a key, which only
says how to quit). Each would end the process at once, in the middle of a training, with the
terminal left in the alternate screen. Once :func:`catch_leaving_signals` has run, each of them
asks the app to exit instead, exactly as ``q`` does: every screen is unmounted, and a screen
that trains keeps what it learned when it goes (the lab stops its training between two games
and saves it in the store; the trained-opponent training saves its hats), Textual restores the
terminal, and :func:`say_after_leaving` then prints what was kept. The exit status is 128 plus
the signal's number (143 for SIGTERM, 129 for SIGHUP, 130 for SIGINT), as a shell reports a
process the signal ended.

When the terminal has gone, writing to it fails. Textual writes the screen from a thread of its
own, which such a failure ends; the app then waits for it forever, as soon as 30 writes are
queued or when it quits, and nothing that was to be kept at the exit is. So the app's driver
(:func:`hangup_proof`) writes through :class:`HangupProofOutput`, which, once the terminal is
gone, lets what is written go nowhere.
"""

from __future__ import annotations

import asyncio
import contextlib
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from textual.app import App
from textual.driver import Driver

from ..text.signals import caught_signals, exit_status, say_if_there


def catch_leaving_signals(app: App[Any]) -> None:
    """From now on, the signals that stop a run (:data:`~...text.signals.STOP_SIGNALS`, but
    one ignored, as ``nohup`` ignores SIGHUP) make ``app`` exit as ``q`` does; call it on the
    app's event loop (in ``on_mount``), in the main thread. Where the loop cannot watch for
    signals (Windows), they keep their usual effect."""
    loop = asyncio.get_running_loop()
    for signum in caught_signals():
        with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
            loop.add_signal_handler(signum, _leave, app, signum)


def _leave(app: App[Any], signum: int) -> None:
    """On the event loop, between two messages: exit (again, if a second signal comes while
    the app is leaving: harmless)."""
    if app.is_running:
        app.exit(return_code=exit_status(signum))


def kept_words(ai_name: str, games: int) -> str:
    """What keeping a training says: ``Kept: Trained AI learned from 1,200 more games.``"""
    return f"Kept: {ai_name} learned from {games:,} more games."


def say_after_leaving(lines: Sequence[str], stream: TextIO | None = None) -> None:
    """Print what was kept while the app was leaving (its notifications went with the screen),
    once the terminal is restored; nothing if the terminal has gone."""
    say_if_there(stream if stream is not None else sys.stdout, *lines)


class HangupProofOutput:
    """The terminal, as Textual's writer thread writes to it: once a write fails (the terminal
    has gone), this and every later write goes nowhere, instead of ending the thread."""

    def __init__(self, terminal: TextIO) -> None:
        self._terminal = terminal
        self.gone = False

    def write(self, text: str) -> int:
        if not self.gone:
            try:
                return self._terminal.write(text)
            except (OSError, ValueError):
                self.gone = True
        return len(text)

    def flush(self) -> None:
        if not self.gone:
            try:
                self._terminal.flush()
            except (OSError, ValueError):
                self.gone = True

    def __getattr__(self, name: str) -> Any:  # fileno, isatty, encoding: the terminal's own
        return getattr(self._terminal, name)


def hangup_proof(driver: type[Driver]) -> type[Driver]:
    """``driver`` (Textual's driver for this system), writing through
    :class:`HangupProofOutput` where it writes to a file of its own (Linux, macOS)."""

    class HangupProofDriver(driver):  # type: ignore[valid-type,misc]
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            terminal = getattr(self, "_file", None)
            if terminal is not None:
                self._file = HangupProofOutput(terminal)

    return HangupProofDriver

"""A browser's tab of ``sticks-tui serve`` as the app sees it: Textual's web driver, made to
leave as a closed tab does when the server goes, and a crash report without the program's
values.

The server (:mod:`sticks_tui.serve`) talks to a tab's app through the app's standard input and
output. When the server is gone (ended, killed, or its pipe broken), the app's input closes
and its output has no reader: Textual's web driver would then go on running with nobody to
play it, holding the brain's training turn until the machine restarts. Here, the end of the
input makes the app leave the way ``q`` does (every screen unmounted: a training is kept and
its turn let go), and a write nobody reads goes nowhere instead of ending the screen's writer.

A crash's report goes to the server's log (``--log FILE``), which is not the tab's player's:
Textual's report shows each frame's local values, among them what was typed into the form
that crashed (a passphrase, say); a served tab's report names the frames only.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from textual.app import App
from textual.driver import Driver


def served_driver(driver: type[Driver]) -> type[Driver]:
    """``driver`` (Textual's web driver, which the server asks for) leaving with its input,
    and writing nowhere once nobody reads."""

    class ServedDriver(driver):  # type: ignore[valid-type,misc]
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._loop: asyncio.AbstractEventLoop | None = None
            self.output_gone = False
            write = getattr(self, "_write", None)
            if write is not None:  # Textual's web driver writes with os.write on stdout
                self._write = self._write_unless_gone(write)

        def _write_unless_gone(self, write: Any) -> Any:
            def guarded(data: bytes) -> int:
                if self.output_gone:
                    return len(data)
                try:
                    written: int = write(data)
                    return written
                except OSError:  # the server has gone: leave, as when the input closes
                    self.output_gone = True
                    self._leave()
                    return len(data)

            return guarded

        def start_application_mode(self) -> None:
            self._loop = asyncio.get_running_loop()
            super().start_application_mode()

        def run_input_thread(self) -> None:
            super().run_input_thread()
            if not self.exit_event.is_set():  # the input ended, not the app: the server went
                self._leave()

        def _leave(self) -> None:
            """Ask the app to leave, from any thread (once it is running)."""
            if self._loop is not None:
                with contextlib.suppress(RuntimeError):  # the loop has already closed
                    self._loop.call_soon_threadsafe(_exit, self._app)

    return ServedDriver


def _exit(app: App[Any]) -> None:
    if app.is_running:
        app.exit()


def crash_without_values(app: App[Any]) -> None:
    """What Textual does with an error nothing caught (the app leaves, and the report is
    printed once it has), the report naming each frame but none of its values. Called where
    the error is being handled (Textual's ``App._fatal_error``), so the report is of it."""
    import rich  # a crash's report needs them; a tab's start does not (its first frame)
    from rich.traceback import Traceback

    app.bell()
    app.panic(Traceback(show_locals=False, width=None, suppress=[rich]))

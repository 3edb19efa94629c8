"""textual-serve's server with a limit on the sessions open at once, and the command each
session runs.

A session is one browser tab: textual-serve starts an app process when the tab's websocket
connects and sends it a quit when the tab closes. Past the limit, the page a tab asks for is a
short one that says the room is full (nothing is started), and a websocket that still comes
(two tabs loaded at the same moment) gets the same words on its terminal, then is closed.
"""

from __future__ import annotations

import asyncio
import html
import logging
import shlex
import signal
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from aiohttp import web
from textual_serve.server import Server

#: The option that tells the app it runs in a browser tab (see :func:`session_command`).
SERVED_OPTION = "--served"


def session_command(data_dir: Path, python: str = sys.executable) -> str:
    """The shell command each tab runs: this Python's sticks-tui, on the server's data
    directory (absolute, so that every tab has the same whatever the server's folder is)."""
    words = [python, "-m", "sticks_tui", "--data-dir", str(data_dir.absolute()), SERVED_OPTION]
    return shlex.join(words)


def full_words(max_sessions: int) -> str:
    """What the tab past the limit is told."""
    places = "place is" if max_sessions == 1 else f"{max_sessions:,} places are"
    return (
        f"The room is full: its {places} taken. Try again once someone has closed their tab "
        "(reload this page)."
    )


_FULL_PAGE = """<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>sticks-tui: the room is full</title></head>
<body style="background:#0c181f;color:#eee;font-family:monospace;padding:2em">
<h1>sticks-tui</h1>
<p>{words}</p>
</body>
</html>
"""


class ClassroomServer(Server):
    """textual-serve's :class:`Server`, serving at most ``max_sessions`` tabs at once, and
    printing the lines of ``banner`` (how to reach it) when it is ready.

    ``public_url``: the address students use, where the server is behind a proxy; None: the
    address each browser used."""

    def __init__(
        self,
        command: str,
        *,
        host: str,
        port: int,
        public_url: str | None,
        max_sessions: int,
        banner: Sequence[str] = (),
    ) -> None:
        super().__init__(command, host=host, port=port, title="sticks-tui", public_url=public_url)
        self.max_sessions = max_sessions
        #: Tabs served now (their websocket is open).
        self.sessions = 0
        self.banner = list(banner)
        #: Without --public-url, each page's links follow the address its browser used (a
        #: server on 0.0.0.0 is reached by another name from every student's machine).
        self.follow_request = public_url is None
        #: The tasks that serve the tabs open now (each runs one tab's app).
        self._tabs: set[asyncio.Task[Any]] = set()

    @property
    def full(self) -> bool:
        return self.sessions >= self.max_sessions

    def initialize_logging(self) -> None:
        """textual-serve's log, without a line for every request (the app's own failures are
        still said)."""
        super().initialize_logging()
        logging.getLogger("aiohttp.access").setLevel(logging.WARNING)

    async def on_startup(self, app: web.Application) -> None:
        """Nothing: the banner waits until the port listens (:meth:`serve`)."""

    async def on_shutdown(self, app: web.Application) -> None:
        """The server stops: every tab is ended as closing it does, so that each tab's app is
        told to quit and keeps its training before the server is gone."""
        tabs = list(self._tabs)
        for tab in tabs:
            tab.cancel()
        await asyncio.gather(*tabs, return_exceptions=True)

    def serve(self, debug: bool = False) -> None:
        """Serve until SIGINT (Ctrl+C) or SIGTERM; OSError when the port cannot be listened
        on. The banner is printed once the port listens, so that what it says is true."""
        self.debug = debug
        self.initialize_logging()
        asyncio.run(self._serve())

    async def _serve(self) -> None:
        runner = web.AppRunner(await self._make_app(), handle_signals=False)
        await runner.setup()
        try:
            await web.TCPSite(runner, self.host, self.port).start()
            for line in self.banner:
                self.console.print(line, markup=False, highlight=False, soft_wrap=True)
            stop = asyncio.Event()
            loop = asyncio.get_running_loop()
            for signal_number in (signal.SIGINT, signal.SIGTERM):
                loop.add_signal_handler(signal_number, stop.set)
            await stop.wait()
        finally:
            await runner.cleanup()

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        if self.full:
            page = _FULL_PAGE.format(words=html.escape(full_words(self.max_sessions)))
            return web.Response(status=503, text=page, content_type="text/html")
        if self.follow_request:  # the page's websocket goes back where the browser came from
            self.public_url = f"{request.scheme}://{request.host}"
        # textual-serve's page reads public_url before its first await: no other request
        # can change it in between.
        response: web.StreamResponse = await super().handle_index(request)
        return response

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        if self.full:  # a tab whose page came before the room filled up
            websocket = web.WebSocketResponse()
            await websocket.prepare(request)
            await websocket.send_bytes(f"\r\n  {full_words(self.max_sessions)}\r\n".encode())
            await websocket.close()
            return websocket
        self.sessions += 1  # no await since the check: no other tab can come in between
        tab = asyncio.current_task()
        if tab is not None:
            self._tabs.add(tab)
        try:
            return await super().handle_websocket(request)
        finally:
            self.sessions -= 1
            if tab is not None:
                self._tabs.discard(tab)

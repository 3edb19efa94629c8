"""The classroom's web server: textual-serve's page and files, with the room's own tabs.

textual-serve gives the page a browser opens (the terminal drawn on a canvas), its scripts and
fonts, and the route a download takes. Everything else is the room's own, because a room of
thirty is not thirty polite clients:

* every request must name the room and come from the room's own pages (:mod:`.hosts`), else
  it is refused (403): a page of another site cannot play, read the screens or fill the room;
* a tab is a :class:`~.tab.Tab`: its app in a session of its own, its keys through the room's
  bounds, its output read even once its browser has gone, and its app asked to leave (then
  ended) when its websocket closes; its place is free once the app's process is gone;
* at most :attr:`~.limits.RoomLimits.max_sessions` tabs at once (the tab past it is told the
  room is full), and optionally at most :attr:`~.limits.RoomLimits.max_per_address` from one
  address; at most :attr:`~.limits.RoomLimits.max_starts` apps starting at once;
* a watchdog reads every app's memory: past the soft limit it is asked to leave (its training
  kept), past the hard limit it is ended;
* the console has a line per event that matters (:mod:`.room_log`), never a traceback;
* the first Ctrl+C (or SIGTERM, or SIGHUP) closes every tab, gives the apps the grace to leave,
  keeping their trainings, and ends what is left; a second Ctrl+C ends them all at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import itertools
import logging
import os
import shlex
import signal
import sys
from collections import Counter
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from pathlib import Path
from typing import Any

from aiohttp import web
from aiohttp.web_protocol import RequestHandler
from textual_serve.server import Server

from ..text.words import counted
from .app_process import AppProcess, kill_group
from .downloads import RoomDownloads
from .hosts import HostPolicy
from .limits import MB, RoomLimits
from .room_log import RoomLog
from .tab import Tab, first_done, terminal_words

#: The option that tells the app it runs in a browser tab (see :func:`session_command`).
SERVED_OPTION = "--served"


def session_command(data_dir: Path, python: str = sys.executable) -> list[str]:
    """The command each tab runs: this Python's sticks-tui, on the server's data directory
    (absolute, so that every tab has the same whatever the server's folder is)."""
    return [python, "-m", "sticks_tui", "--data-dir", str(data_dir.absolute()), SERVED_OPTION]


def full_words(max_sessions: int) -> str:
    """What the tab past the limit is told."""
    places = "place is" if max_sessions == 1 else f"{max_sessions:,} places are"
    return (
        f"The room is full: its {places} taken. Try again once someone has closed their tab "
        "(reload this page)."
    )


def per_address_words(most: int) -> str:
    """What a tab past the limit of one address is told."""
    return (
        f"This machine already has {counted(most, 'tab')} open in the room, the most one machine "
        "may have. Close one of them, then reload this page."
    )


#: What a tab is told when the server stops.
STOPPING_WORDS = (
    "The teacher has stopped the room's server; what you trained is kept. Reload this page "
    "once it is started again."
)

_PAGE = """<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>sticks-tui</title></head>
<body style="background:#0c181f;color:#eee;font-family:monospace;padding:2em">
<h1>sticks-tui</h1>
<p>{words}</p>
</body>
</html>
"""


def _page(status: int, words: str) -> web.Response:
    text = _PAGE.format(words=html.escape(words))
    return web.Response(status=status, text=text, content_type="text/html")


class ClassroomServer(Server):
    """The room's server (see the module's words): ``argv`` is the command each tab's app runs,
    ``banner`` the lines printed once the port listens, ``log`` the console and the apps'
    error log.

    ``public_url``: the address students use, where the server is behind a proxy; None: the
    address each browser used."""

    def __init__(
        self,
        argv: Sequence[str],
        *,
        host: str,
        port: int,
        public_url: str | None,
        limits: RoomLimits,
        log: RoomLog,
        allow_hosts: Sequence[str] = (),
        banner: Sequence[str] = (),
    ) -> None:
        super().__init__(shlex.join(argv), host=host, port=port, title="sticks-tui",
                         public_url=public_url)
        self.argv = list(argv)
        #: textual-serve's downloads (its route serves them), forgotten with their tab.
        self.downloads = RoomDownloads()
        self.download_manager = self.downloads
        self.limits = limits
        self.log = log
        self.hosts = HostPolicy(host, public_url, allow_hosts)
        self.banner = list(banner)
        #: Without --public-url, each page's links follow the address its browser used (a
        #: server on 0.0.0.0 is reached by another name from every student's machine).
        self.follow_request = public_url is None
        #: The tabs open now, by number; a place is taken until its app's process is gone.
        self.tabs: dict[int, Tab] = {}
        self.places = 0
        self.by_address: Counter[str] = Counter()
        self.stopping = False
        self._numbers = itertools.count(1)
        self._handlers: set[asyncio.Task[Any]] = set()
        self._chores: set[asyncio.Task[None]] = set()
        #: Connections open now (:meth:`_connections`).
        self._open = 0
        self._starts: asyncio.Semaphore | None = None

    @property
    def max_sessions(self) -> int:
        return self.limits.max_sessions

    @property
    def full(self) -> bool:
        return self.places >= self.limits.max_sessions

    def initialize_logging(self) -> None:
        """Nothing: the room's console is its own (:mod:`.room_log`); textual-serve's log, with
        its tracebacks, is not used."""

    async def on_startup(self, app: web.Application) -> None:
        """Nothing: the banner waits until the port listens (:meth:`serve`)."""

    async def _make_app(self) -> web.Application:
        app = await super()._make_app()
        app.middlewares.append(self._guard)
        return app

    # -- serving -------------------------------------------------------------------------------
    def serve(self, debug: bool = False) -> None:
        """Serve until Ctrl+C, SIGTERM or SIGHUP; OSError when the port cannot be listened
        on. The banner is printed once the port listens, so that what it says is true."""
        self.debug = debug
        asyncio.run(self._serve())

    async def _serve(self) -> None:
        self._starts = asyncio.Semaphore(self.limits.max_starts)
        _quiet_libraries(self.log)
        _more_files()
        loop = asyncio.get_running_loop()
        loop.set_exception_handler(lambda _, context: self.log.refused(
            "the server's own error", f"the server met an error: {context.get('message')}"
        ))
        runner = web.AppRunner(
            await self._make_app(), handle_signals=False, access_log=None, shutdown_timeout=1.0,
            keepalive_timeout=KEEPALIVE_SECONDS, max_line_size=REQUEST_LINE_MOST,
            max_field_size=HEADER_MOST, max_headers=HEADERS_MOST,
        )
        await runner.setup()
        try:
            listener = await loop.create_server(
                self._connections(runner), self.host, self.port, reuse_address=True
            )
            for line in self.banner:
                self.console.print(line, markup=False, highlight=False, soft_wrap=True)
            stop, now = asyncio.Event(), asyncio.Event()
            for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
                with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                    loop.add_signal_handler(signum, _on_signal, stop, now)
            watchdog = asyncio.create_task(self._watch())
            await stop.wait()
            watchdog.cancel()
            await self._stop(listener, now)
        finally:
            self._end_every_app()
            await runner.cleanup()

    def _connections(self, runner: web.AppRunner) -> Callable[[], asyncio.BaseProtocol]:
        """aiohttp's connections, at most :meth:`connections_most` at once: one past them is
        closed as it comes (a script opening sockets without end would otherwise take the
        server's memory and its files before any request says what it is)."""
        server = runner.server
        assert server is not None
        most = self.connections_most()

        def connection() -> asyncio.BaseProtocol:
            # counted here, not from aiohttp's list: asyncio makes the protocols of connections
            # that come together before any of them is made, and so on the list
            if self._open >= most:
                self.log.refused(
                    "too many connections", f"refused a connection: {most:,} are open, the most "
                    "the room takes"
                )
                return _Refused()
            self._open += 1
            return server()

        lost = server.connection_lost  # each of its connections says so as it ends

        def connection_lost(handler: RequestHandler, error: BaseException | None = None) -> None:
            self._open -= 1
            lost(handler, error)

        server.connection_lost = connection_lost  # type: ignore[method-assign,assignment]
        return connection

    def connections_most(self) -> int:
        """Connections open at once: a browser opens a few for the page and its files, then
        keeps its tab's websocket."""
        return 4 * self.limits.max_sessions + 32

    async def _stop(self, listener: asyncio.AbstractServer, now: asyncio.Event) -> None:
        """Every tab closed, its app given the grace to leave (a second signal: none), the rest
        ended."""
        self.stopping = True
        listener.close()
        count = len(self.tabs)
        self.log.say(
            f"Stopping: {counted(count, 'tab')} closed, their apps asked to leave, keeping their "
            f"trainings (at most {self.limits.grace:g} s; Ctrl+C again ends them at once)."
            if count else "Stopping: no tab is open."
        )
        for tab in list(self.tabs.values()):
            self._soon(tab.close("the server stopped", STOPPING_WORDS))
        if self._handlers:
            await first_done(
                asyncio.wait(set(self._handlers)), now.wait(), asyncio.sleep(self.limits.grace + 2)
            )
        left = len(self.tabs)
        if left:
            self.log.say(f"Ended {counted(left, 'app')} that had not left.")
            self._end_every_app()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.gather(*self._handlers, return_exceptions=True), 5)
        self.log.say("Stopped.")

    def _end_every_app(self) -> None:
        for tab in self.tabs.values():
            process = tab.app.process
            if process is not None and process.returncode is None:
                tab.because("the server stopped at once")
                kill_group(process.pid)

    def _soon(self, chore: Coroutine[Any, Any, None]) -> None:
        """Run ``chore`` beside the rest (held until done, as asyncio asks)."""
        task = asyncio.create_task(chore)
        self._chores.add(task)
        task.add_done_callback(self._chores.discard)

    async def _watch(self) -> None:
        """Every app's memory, read each :attr:`~.limits.RoomLimits.watch_every` seconds."""
        limits = self.limits
        while True:
            await asyncio.sleep(limits.watch_every)
            self.log.tick()
            for tab in list(self.tabs.values()):
                memory = tab.app.memory()
                if memory is None:
                    continue
                if tab.ending:
                    continue
                late = asyncio.get_running_loop().time() - tab.asked_at > limits.grace
                if tab.asked_to_leave and late:
                    self.log.say(f"{tab.name()}: its app had not left {limits.grace:g} s after it "
                                 "was asked: ended.")
                    self._soon(tab.end_now("it took too much memory"))
                    continue
                if memory > limits.memory_hard:
                    self.log.say(
                        f"{tab.name()}: its app holds {memory / MB:,.0f} MB, over the hard "
                        f"limit of {limits.memory_hard / MB:,.0f} MB: ended."
                    )
                    self._soon(tab.end_now("its app took too much memory"))
                elif memory > limits.memory_soft and not tab.asked_to_leave:
                    self.log.say(
                        f"{tab.name()}: its app holds {memory / MB:,.0f} MB, over the soft "
                        f"limit of {limits.memory_soft / MB:,.0f} MB: asked to leave, keeping "
                        "its training."
                    )
                    self._soon(tab.ask_to_leave(
                        "it took too much memory",
                        "This tab took more of the server's memory than a tab may; what it "
                        "trained is kept. Reload this page to play on.",
                    ))

    # -- the requests -----------------------------------------------------------------------------
    @web.middleware
    async def _guard(
        self, request: web.Request,
        handler: Callable[[web.Request], Awaitable[web.StreamResponse]],
    ) -> web.StreamResponse:
        """Every request: the room's own (Host and Origin), and no traceback for anything it
        sends."""
        sockname = request.transport.get_extra_info("sockname") if request.transport else None
        arrived_on = str(sockname[0]) if sockname else None
        refusal = self.hosts.refusal(
            request.headers.get("Host"), request.headers.get("Origin"), arrived_on
        )
        if refusal is not None:
            self.log.refused(  # floods counted by kind: a script may vary the names it sends
                "not the room's Host" if "Host" in refusal else "not the room's page",
                f"refused a request from {request.remote}: {refusal} (403)",
            )
            return _page(403, "This page is not one of this room's.")
        try:
            return await handler(request)
        except web.HTTPException:
            raise
        except (ConnectionError, asyncio.CancelledError):
            raise
        except Exception as error:  # noqa: BLE001 - what a client sent: a line, not a traceback
            self.log.refused(
                "failed", f"a request from {request.remote} failed: {type(error).__name__}"
            )
            return _page(500, "Something went wrong on the server.")

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        if self.stopping:
            return _page(503, STOPPING_WORDS)
        if self.full:
            return _page(503, full_words(self.max_sessions))
        if self.follow_request:  # the page's websocket goes back where the browser came from
            self.public_url = f"{request.scheme}://{request.host}"
        # textual-serve's page reads public_url before its first await: no other request
        # can change it in between.
        response: web.StreamResponse = await super().handle_index(request)
        return response

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        websocket = web.WebSocketResponse(
            heartbeat=self.limits.heartbeat, max_msg_size=self.limits.max_message
        )
        if not websocket.can_prepare(request).ok:
            self.log.refused(
                "not a websocket", f"refused a request from {request.remote}: /ws is the "
                "tabs' websocket, not a page (400)"
            )
            raise web.HTTPBadRequest(
                text="This address is for the room's tabs: open the room's page."
            )
        address = request.remote or "an unknown address"
        refusal = self._refusal(address)
        if refusal is not None:
            with contextlib.suppress(ConnectionError, RuntimeError):
                await websocket.prepare(request)
                await websocket.send_bytes(terminal_words(refusal))
                await websocket.close()
            if not websocket.prepared:  # its handshake failed: nothing to send
                raise web.HTTPBadRequest()
            self.log.refused(refusal, f"refused a tab from {address}: {refusal}")
            return websocket
        handler = asyncio.current_task()
        if handler is not None:
            self._handlers.add(handler)
        self.places += 1  # no await since the check: no other tab can come in between
        self.by_address[address] += 1
        try:
            served = await self._serve_tab(request, websocket, address)
        finally:
            self.places -= 1
            self.by_address[address] -= 1
            if not self.by_address[address]:
                del self.by_address[address]
            if handler is not None:
                self._handlers.discard(handler)
        if not served:  # its handshake failed (the browser went as it came): nothing to send
            raise web.HTTPBadRequest()
        return websocket

    def _refusal(self, address: str) -> str | None:
        """Why a new tab from ``address`` cannot be served now; None when it can."""
        if self.stopping:
            return STOPPING_WORDS
        if self.full:
            return full_words(self.max_sessions)
        most = self.limits.max_per_address
        if most and self.by_address[address] >= most:
            return per_address_words(most)
        return None

    async def _serve_tab(
        self, request: web.Request, websocket: web.WebSocketResponse, address: str
    ) -> bool:
        """The tab on ``websocket``, to its end; False when its handshake failed."""
        number = next(self._numbers)
        app = AppProcess(
            self.argv, env=os.environ, input_backlog=self.limits.input_backlog,
            on_errors=lambda data: self.log.app_errors(number, data),
            errors_most=self.limits.log_per_tab, data_most=self.limits.data_most,
        )
        assert self._starts is not None
        tab = Tab(
            number, address, websocket, request.transport, app, limits=self.limits,
            log=self.log, downloads=self.downloads, starts=self._starts,
        )
        size = tab.size_of(_whole(request.query.get("width"), 80),
                           _whole(request.query.get("height"), 24)) or (80, 24)
        try:
            await websocket.prepare(request)
        except (ConnectionError, RuntimeError):
            return False
        self.tabs[number] = tab
        try:
            self.log.say(
                f"{tab.name()}: opened ({self.places:,} of {self.max_sessions:,} places taken)"
            )
            await tab.run(*size)
            left = await tab.leave()
            ending = "" if left else (
                f"; its app had not left after {self.limits.grace:g} s and was ended"
            )
            self.log.say(f"{tab.name()}: closed: {tab.why}{ending}{self._errors_said(app)}.")
        except asyncio.CancelledError:
            await asyncio.shield(app.end())
            raise
        finally:
            del self.tabs[number]
        return True


    def _errors_said(self, app: AppProcess) -> str:
        """What the console says of an app's error output (a crash report, say)."""
        if not app.errors_written:
            return ""
        if self.log.errors_name is not None:
            return f"; its app wrote errors (in {self.log.errors_name})"
        return "; its app wrote errors (--log FILE keeps them)"


class _Refused(asyncio.Protocol):
    """A connection past the most: closed as it comes."""

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        transport.close()


#: aiohttp's bounds on a request: idle connections closed after 10 s, a request line and a
#: header at most 4 KiB, at most 32 headers (a browser sends about 15).
KEEPALIVE_SECONDS = 10.0
REQUEST_LINE_MOST = 4096
HEADER_MOST = 4096
HEADERS_MOST = 32


def _more_files() -> None:
    """As many open files as the system lets this process have (a tab takes a connection and
    its app's three pipes; Linux starts a process at 1,024)."""
    try:
        import resource
    except ImportError:  # Windows
        return
    with contextlib.suppress(ValueError, OSError):
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        wanted = 65_536 if hard == resource.RLIM_INFINITY else min(hard, 65_536)
        if soft != resource.RLIM_INFINITY and soft < wanted:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))


def _quiet_libraries(log: RoomLog) -> None:
    """aiohttp's and asyncio's own log (a request that is not HTTP, a connection cut): a line
    on the console, counted in floods as the room's refusals are, never a traceback."""

    class OneLine(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            words = record.getMessage().splitlines()[0][:200] if record.getMessage() else ""
            if record.exc_info and record.exc_info[1] is not None:
                error = record.exc_info[1]
                words = f"{words} ({type(error).__name__}: {str(error)[:120]})"
            log.refused(f"{record.name}: {record.getMessage()[:40]}", f"{record.name}: {words}")

    for name in ("aiohttp", "asyncio"):
        logger = logging.getLogger(name)
        logger.handlers = [OneLine()]
        logger.propagate = False
        logger.setLevel(logging.WARNING)


def _whole(text: str | None, default: int) -> int:
    try:
        return int(text) if text is not None and len(text) <= 9 else default
    except ValueError:
        return default


def _on_signal(stop: asyncio.Event, now: asyncio.Event) -> None:
    """The first stop signal stops the room, letting the apps leave; the next ends them now."""
    if stop.is_set():
        now.set()
    stop.set()

"""One browser tab of the room: its websocket and its app, from the tab's first message to the
app's end.

Three loops run while the tab is open:

* the browser's messages (:meth:`Tab._read_browser`): keys through the tab's
  :class:`~.input_gate.InputGate`, sizes held to the room's largest, pings answered; anything
  else a browser does not send is ignored, and said once on the console;
* the app's packets (:meth:`Tab._read_app`), put in the tab's :class:`Outbox`: while the tab is
  open the app waits when its browser is behind (as a program waits for a slow terminal),
  once the tab has gone they are read and dropped, so the app never blocks writing a screen
  nobody reads and can leave;
* the outbox sent to the browser (:meth:`Tab._send_browser`).

The tab ends when its websocket closes (the tab closed; or its browser asleep or gone, which the
heartbeat notices; or the server stopping), or when its app ends. Then its app is asked to leave
the way closing a tab asks it (a training is kept, its training turn let go), given a bounded
grace, and ended with its whole process group if still there. The tab's place in the room is
free once its app's process is gone.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
from collections import deque
from collections.abc import Awaitable
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from aiohttp import WebSocketError, WSCloseCode, WSMsgType, web

from ..text.terminal import PASTE_LIMIT
from .app_process import AppProcess
from .downloads import PENDING_MOST, RoomDownloads
from .input_gate import InputGate
from .limits import RoomLimits
from .room_log import RoomLog

if TYPE_CHECKING:
    from textual_serve.app_service import AppService

#: The meta messages an app may send, and a JSON payload's most (anything longer is not one).
META_MOST = 64 << 10


def terminal_words(words: str) -> bytes:
    """Words the server itself writes on a tab's terminal (on a line of their own)."""
    return f"\r\n  {words}\r\n".encode()


class Outbox:
    """What waits to be sent to one browser: at most ``most`` bytes, past which a putter waits;
    once closed, what is put is dropped and nobody waits."""

    def __init__(self, most: int) -> None:
        self.most = most
        self._items: deque[bytes | str] = deque()
        self._size = 0
        self._changed = asyncio.Event()
        self.closed = False

    async def put(self, item: bytes | str) -> None:
        while not self.closed and self._size >= self.most:
            self._changed.clear()
            await self._changed.wait()
        if self.closed:
            return
        self._items.append(item)
        self._size += len(item)
        self._changed.set()

    def put_nowait(self, item: bytes | str) -> None:
        """``item`` in, unless the outbox is closed or full (then it is dropped)."""
        if not self.closed and self._size < self.most:
            self._items.append(item)
            self._size += len(item)
            self._changed.set()

    async def get(self) -> bytes | str | None:
        """The next item; None once closed."""
        while not self._items and not self.closed:
            self._changed.clear()
            await self._changed.wait()
        if self.closed:
            return None
        item = self._items.popleft()
        self._size -= len(item)
        self._changed.set()
        return item

    def close(self) -> None:
        self.closed = True
        self._items.clear()
        self._size = 0
        self._changed.set()


class _DownloadSide:
    """The app as textual-serve's download manager asks it for a file's pieces."""

    def __init__(self, app: AppProcess, key: str) -> None:
        self.app = app
        self.app_service_id = key

    async def send_meta(self, data: dict[str, object]) -> bool:
        return self.app.send_meta(data)


class Tab:
    """One browser tab (see the module's words)."""

    def __init__(
        self,
        number: int,
        address: str,
        websocket: web.WebSocketResponse,
        transport: asyncio.Transport | None,
        app: AppProcess,
        *,
        limits: RoomLimits,
        log: RoomLog,
        downloads: RoomDownloads,
        starts: asyncio.Semaphore,
    ) -> None:
        self.number = number
        self.address = address
        self.websocket = websocket
        self.transport = transport
        _small_send_buffer(transport)
        self.app = app
        self.limits = limits
        self.log = log
        self.downloads = downloads
        self.starts = starts
        self.gate = InputGate(
            paste_limit=PASTE_LIMIT,
            keys_per_second=limits.keys_per_second,
            keys_burst=limits.keys_burst,
        )
        self.outbox = Outbox(limits.output_backlog)
        #: Why the tab ended, as the console says it (the first reason found: :meth:`because`).
        self._why: str | None = None
        #: Whether the server has asked the app to leave (its memory), and when (the loop's
        #: clock): one that has not left a grace later is ended.
        self.asked_to_leave = False
        self.asked_at = 0.0
        #: Whether the tab's app is being ended.
        self.ending = False
        #: Whether the tab is over (its websocket closed, or its app gone).
        self.over = False
        self._said: set[str] = set()
        self._first_frame = asyncio.Event()
        #: Set once the app has said it exits, or its output has ended.
        self._app_done = asyncio.Event()
        #: Set once the browser is taken as gone (it stopped reading what it is sent).
        self._browser_gone = asyncio.Event()
        self._app_reader: asyncio.Task[None] | None = None
        self._side = _DownloadSide(app, f"tab-{number}")

    def name(self) -> str:
        return f"tab {self.number} ({self.address})"

    @property
    def why(self) -> str:
        """Why the tab ended: the first reason found, else its browser closed it."""
        return self._why or "the browser closed it"

    def because(self, why: str) -> None:
        """The tab ends because ``why``, unless a reason was found before."""
        if self._why is None:
            self._why = why

    def say_once(self, what: str, words: str) -> None:
        """A line on the console about this tab, once for each ``what``."""
        if what not in self._said:
            self._said.add(what)
            self.log.say(f"{self.name()}: {words}")

    # -- its life ------------------------------------------------------------------------------
    async def run(self, width: int, height: int) -> None:
        """Start the app (when a start is free) and serve the tab until it ends."""
        if self.starts.locked():
            with contextlib.suppress(ConnectionError, RuntimeError):
                await self.websocket.send_bytes(
                    terminal_words("Starting... other tabs opened at the same moment go first.")
                )
        async with self.starts:  # held from the app's start to its first frame
            if self.websocket.closed:
                self.because("the browser left before its app started")
                return
            try:
                await self.app.start(width, height)
            except OSError as error:
                self.because(f"its app could not start: {error.strerror or error}")
                return
            self._app_reader = asyncio.create_task(self._read_app())
            sender = asyncio.create_task(self._send_browser())
            await first_done(self._first_frame.wait(), self._app_done.wait(),
                             asyncio.sleep(self.limits.start_most))
            if not self._first_frame.is_set() and not self._app_done.is_set():
                self.because(f"its app had not started after {self.limits.start_most:g} s")
                self._app_done.set()
        reader = asyncio.create_task(self._read_browser())
        try:
            await first_done(reader, self._app_done.wait(), self._browser_gone.wait())
        finally:
            self.over = True
            reader.cancel()
            self.outbox.close()  # from now on the app's output is read and dropped
            sender.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await sender
            await self._close_websocket()

    async def leave(self) -> bool:
        """The app asked to leave as a closed tab asks, given the grace, then ended: True when
        it left by itself. Its output is read (and dropped) until it has gone."""
        self.outbox.close()
        await self.downloads.forget(self._side.app_service_id)
        left = await self.app.leave(self.limits.grace)
        if self._app_reader is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await self._app_reader
        return left

    async def end_now(self, why: str) -> None:
        """End the tab and its app at once (the hard memory limit, a second Ctrl+C)."""
        self.ending = True
        self.because(why)
        self.outbox.close()
        await self.downloads.forget(self._side.app_service_id)
        await self.app.end()
        await self._close_websocket()

    async def close(self, why: str, words: str) -> None:
        """Tell the browser ``words`` and close the tab (the server stopping): its app is then
        asked to leave as for any closed tab. A tab already over keeps its own reason."""
        if self.over:
            return
        self.because(why)
        await self._tell(words)
        await self._close_websocket()

    async def ask_to_leave(self, why: str, words: str) -> None:
        """Tell the browser ``words``, then ask the app to leave (it keeps its training); the
        tab ends when it has."""
        if self.asked_to_leave:
            return
        self.asked_to_leave = True
        self.asked_at = asyncio.get_running_loop().time()
        self.because(why)
        await self._tell(words)
        self.app.send_meta({"type": "quit"}, always=True)

    async def _tell(self, words: str) -> None:
        """Words of the server's on the tab's terminal, if its browser takes them at once.
        (textual-serve's page covers its terminal with "Session ended." once the websocket
        closes: a browser shows them only until then; a client reading the stream reads them.)"""
        if not self.websocket.closed:
            with contextlib.suppress(ConnectionError, RuntimeError, TimeoutError):
                await asyncio.wait_for(self.websocket.send_bytes(terminal_words(words)), 1.0)

    async def _close_websocket(self) -> None:
        """A close frame, if the browser takes it within a second; then the connection ends
        (a browser that stopped reading would hold it open, and aiohttp's close waits for it
        whatever it is told)."""
        if not self.websocket.closed:
            closing = asyncio.ensure_future(self.websocket.close())
            closing.add_done_callback(_retrieved)
            await asyncio.wait({closing}, timeout=1.0)
            closing.cancel()
        if self.transport is not None:
            self.transport.abort()

    # -- the three loops ------------------------------------------------------------------------
    async def _read_browser(self) -> None:
        websocket = self.websocket
        async for message in websocket:
            if message.type == WSMsgType.TEXT:
                await self._from_browser(message.data)
            elif message.type in (WSMsgType.ERROR, WSMsgType.CLOSE, WSMsgType.CLOSING):
                break
            else:
                self.say_once("garbled", "sent a message a browser does not send: ignored")
        exception = websocket.exception()
        if exception is not None:
            self.because(_why_closed(exception, self.limits))

    async def _from_browser(self, data: str) -> None:
        """One message of the browser's: ``["stdin", keys]``, ``["resize", {width, height}]``,
        ``["ping", data]``, ``["focus"]``, ``["blur"]``."""
        try:
            envelope = json.loads(data)
        except (ValueError, RecursionError):  # not JSON, or nested deeper than Python reads
            envelope = None
        if not isinstance(envelope, list) or not envelope or not isinstance(envelope[0], str):
            self.say_once("garbled", "sent a message a browser does not send: ignored")
            return
        kind, body = envelope[0], envelope[1] if len(envelope) > 1 else None
        if kind == "stdin" and isinstance(body, str):
            passed = self.gate.feed(body)
            if passed.cut:
                self.say_once("paste", f"a paste cut at {PASTE_LIMIT:,} characters")
            if passed.dropped:
                self.say_once("keys", "keys sent faster than anyone types: dropped")
            if passed.dropped_pastes:
                self.say_once("pastes", "pastes sent faster than anyone pastes: dropped")
            if passed.text and passed.pasted:  # never dropped (the app would wait for its end):
                await self.app.send_paste(passed.text)  # this tab waits for its app instead
            elif passed.text and not self.app.send_keys(passed.text):
                self.say_once("keys", "keys sent faster than its app reads them: dropped")
        elif kind == "resize" and isinstance(body, dict):
            size = self.size_of(body.get("width"), body.get("height"))
            if size is not None:
                self.app.send_meta({"type": "resize", "width": size[0], "height": size[1]})
        elif kind == "ping" and isinstance(body, str) and len(body) <= 64:
            self._put_soon(json.dumps(["pong", body]))
        elif kind in ("focus", "blur"):
            self.app.send_meta({"type": kind})
        else:
            self.say_once("garbled", "sent a message a browser does not send: ignored")

    def size_of(self, width: object, height: object) -> tuple[int, int] | None:
        """A terminal's size as a browser asks for it, held to the room's largest."""
        if not isinstance(width, int) or not isinstance(height, int):
            return None
        return (
            max(1, min(width, self.limits.max_width)),
            max(1, min(height, self.limits.max_height)),
        )

    def _put_soon(self, item: bytes | str) -> None:
        """``item`` into the outbox without waiting (a pong): dropped when the outbox is full
        (a browser that pings and does not read has no answer coming)."""
        self.outbox.put_nowait(item)

    async def _read_app(self) -> None:
        """The app's packets to the browser, until the app exits or the tab is over; then the
        rest read and dropped, until the app's output ends."""
        async for kind, payload in self.app.packets():
            if self.outbox.closed or self._app_done.is_set():
                continue  # the tab is over: nobody reads this
            if kind == b"D":
                self._first_frame.set()
                await self.outbox.put(payload)
            elif kind == b"M":
                if await self._meta(payload):
                    self._app_done.set()
            elif kind == b"P":
                await self._packed(payload)
        if not self._app_done.is_set() and not self.outbox.closed:
            self.because("its app ended")
        self._app_done.set()

    async def _meta(self, payload: bytes) -> bool:
        """An app's meta message; True when it says the app exits."""
        try:
            meta = json.loads(payload) if len(payload) <= META_MOST else None
        except ValueError:
            meta = None
        if not isinstance(meta, dict):
            return False
        kind = meta.get("type")
        if kind == "exit":
            return True
        if kind == "open_url" and not self.outbox.closed:
            await self.outbox.put(json.dumps(
                ["open_url", {"url": meta.get("url"), "new_tab": meta.get("new_tab")}]
            ))
        elif kind == "deliver_file_start":
            await self._download_starts(meta)
        return False

    async def _download_starts(self, meta: dict[str, object]) -> None:
        await self.downloads.forget(self._side.app_service_id, keep=PENDING_MOST - 1)
        try:
            key = str(meta["key"])
            await self.downloads.create_download(
                app_service=cast("AppService", self._side),
                delivery_key=key,
                file_name=Path(str(meta["path"])).name,
                open_method=str(meta["open_method"]),
                mime_type=str(meta["mime_type"]),
                encoding=str(meta["encoding"]) or None,
                name=str(meta["name"]) if meta.get("name") is not None else None,
            )
        except KeyError:
            return
        await self.outbox.put(json.dumps(["deliver_file_start", key]))

    async def _packed(self, payload: bytes) -> None:
        from textual_serve._binary_encode import load

        try:
            unpacked = load(payload)
        except Exception:  # noqa: BLE001 - a piece that is not one: nothing to deliver
            return
        if not isinstance(unpacked, (list, tuple)) or len(unpacked) != 3:
            return
        what, key, chunk = unpacked
        if what == "deliver_chunk" and isinstance(key, str) and isinstance(chunk, (bytes, str)):
            await self.downloads.chunk_received(key, chunk)

    async def _send_browser(self) -> None:
        """The outbox to the browser. A send that waits longer than the heartbeat ends the tab:
        its browser has stopped reading (asleep, or a client that sends without reading, which
        the heartbeat alone would never notice: aiohttp counts anything received as alive)."""
        websocket = self.websocket
        while (item := await self.outbox.get()) is not None:
            send = websocket.send_bytes(item) if isinstance(item, bytes) else websocket.send_str(
                item
            )
            try:
                await asyncio.wait_for(send, self.limits.heartbeat)
            except TimeoutError:
                self.because("its browser stopped reading")
                self._browser_gone.set()
                if self.transport is not None:
                    self.transport.abort()  # no close frame: it would wait behind the rest
                return
            except (ConnectionError, RuntimeError):
                return


#: The bytes the system holds for a tab's browser at most: a browser that stops reading is
#: noticed once they and the outbox are full (:meth:`Tab._send_browser`), not after megabytes.
SEND_BUFFER = 256 << 10


def _small_send_buffer(transport: asyncio.Transport | None) -> None:
    connection = transport.get_extra_info("socket") if transport is not None else None
    if connection is not None:
        with contextlib.suppress(OSError):
            connection.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SEND_BUFFER)


def _retrieved(task: asyncio.Future[Any]) -> None:
    """A task's end looked at (a close that failed says nothing: the connection is ended)."""
    if not task.cancelled():
        task.exception()


def _why_closed(error: BaseException, limits: RoomLimits) -> str:
    """Why a tab's websocket ended with ``error``, in the console's words."""
    if isinstance(error, TimeoutError | asyncio.TimeoutError):
        return "its browser stopped answering (asleep, or its network gone)"
    if isinstance(error, WebSocketError) and error.code == WSCloseCode.MESSAGE_TOO_BIG:
        return (f"it sent a message larger than a tab may send "
                f"({limits.max_message / (1 << 20):g} MiB)")
    if isinstance(error, ConnectionError):
        return "its connection was cut"
    return f"its connection broke ({type(error).__name__})"


async def first_done(*waits: Awaitable[object]) -> None:
    """Wait until the first of ``waits`` is done; the others are cancelled, but a task given
    (not a coroutine) is left running."""
    given = [w for w in waits if isinstance(w, asyncio.Task)]
    tasks = [w if isinstance(w, asyncio.Task) else asyncio.ensure_future(w) for w in waits]
    _, pending = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    for task in pending:
        if task not in given:
            task.cancel()

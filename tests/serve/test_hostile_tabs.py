"""The real ``sticks-tui serve`` on 127.0.0.1 against tabs that are not polite: a browser that
falls asleep mid-training, a paste without end, keys without pause, a terminal of a billion
columns, messages no browser sends, requests from another site, and a teacher who stops the
room while an app does not answer (SPEC section 14).

The room's heartbeat is made short by its option (``--heartbeat 1``), and every test
waits for what the room does (a line on its console, a process gone, a brain saved), never for
a clock.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import socket
import subprocess
import sys
from pathlib import Path

import aiohttp
import pytest
from serve_helpers import (
    PATIENCE,
    RawTab,
    Room,
    WebTab,
    children_of,
    is_running,
    memory_of,
    named_tab,
    said,
    serving,
    wait_for,
    web_tab,
)

pytestmark = pytest.mark.slow

#: A browser asleep is noticed within a second and a half; an app asked to leave has its usual
#: time (a loaded machine may take seconds to keep a training).
SHORT = ("--heartbeat", "1", "--grace", "30")
#: A test whose tab does not read for a while (as it floods the room) must not look asleep.
PATIENT = ("--heartbeat", "60")
F3 = "\x1bOR"
PASTE_START, PASTE_END = "\x1b[200~", "\x1b[201~"
MB = 1_000_000


def the_app(room: Room) -> int:
    """The one tab's app of ``room``."""
    apps = wait_for(lambda: children_of(room.process.pid), "a tab's app")
    assert len(apps) == 1, apps
    return apps[0]


def trained_games(room: Room, ai: str = "Trained AI") -> int:
    brains = json.loads(room.command("brain", "list", "--json").stdout)
    return sum(int(b["games_played"]) for b in brains if b["ai"] == ai)


async def start_training(tab: WebTab) -> None:
    """From the setup screen: the lab's run of its form as it stands, at full speed, until
    some games are played."""
    await tab.press(F3)
    await tab.until("Start training")
    await tab.press("\r")
    await tab.until("0 of 100,000")
    await tab.press("f")
    await tab.until(r"[1-9][0-9,]* of 100,000")


def no_traceback(room: Room) -> None:
    everything = "".join(room.out + room.err)
    assert "Traceback" not in everything and "│" not in everything, everything[-3000:]


async def test_a_tab_that_stops_reading_mid_training_ends_keeping_its_training_and_its_place(
    tmp_path: Path,
) -> None:
    with serving(tmp_path / "room", "--max-sessions", "1", *SHORT) as room:
        async with web_tab(room) as tab:
            await named_tab(tab)
            await start_training(tab)
            app = the_app(room)
            # from here on the tab reads nothing (a laptop asleep): the heartbeat notices
            await asyncio.to_thread(
                wait_for, lambda: said(room, r"tab 1 .*closed: its browser stopped answering"),
                "the asleep tab closed",
            )
            await asyncio.to_thread(wait_for, lambda: not is_running(app), "its app gone")
            assert trained_games(room) > 0  # what it trained is kept
            async with aiohttp.ClientSession() as browser, browser.get(room.url) as page:
                assert page.status == 200  # its place is free (the room holds one)
        # and then it vanishes for good: nothing more happens
    assert room.process.returncode == 0
    no_traceback(room)


async def test_a_paste_without_end_is_cut_and_the_tab_plays_on(tmp_path: Path) -> None:
    with serving(tmp_path / "room", *PATIENT) as room:  # it reads nothing while it pastes
        async with web_tab(room) as tab:
            await tab.until("Who is playing[?]")
            app = the_app(room)  # Linux's own backstop: no more data than 400 + 100 MB
            limits = Path(f"/proc/{app}/limits").read_text()
            assert re.search(r"Max data size\s+500000000\s+500000000", limits), limits
            await tab.socket.send_json(["stdin", PASTE_START])
            for _ in range(6):  # 6 million characters, in messages of a million
                await tab.socket.send_json(["stdin", "x" * MB])
            await tab.socket.send_json(["stdin", PASTE_END])
            await tab.press("Ada\r")  # the field refused the paste whole: the name
            await tab.until("Welcome to the game of sticks!")
            assert said(room, r"tab 1 .*: a paste cut at 1,000,000 characters")
            assert memory_of(app, "VmHWM") < 250 * MB  # 6 MB pasted, held whole: gigabytes
            assert memory_of(room.process.pid, "VmHWM") < 200 * MB
    no_traceback(room)


async def test_keys_without_pause_are_dropped_and_the_tab_still_answers(tmp_path: Path) -> None:
    with serving(tmp_path / "room", *PATIENT) as room:
        async with web_tab(room) as tab:
            await named_tab(tab)
            app = the_app(room)
            for _ in range(2_000):  # 2 million keys at once
                await tab.socket.send_json(["stdin", "z" * 1_000])
            await asyncio.to_thread(
                wait_for, lambda: said(room, r"tab 1 .*: keys sent faster than .*: dropped"),
                "the flood said",
            )
            await tab.press(F3)
            await tab.until("Start training")
            assert memory_of(app, "VmHWM") < 150 * MB
            assert memory_of(room.process.pid, "VmHWM") < 200 * MB
    no_traceback(room)


async def test_a_giant_terminal_is_held_to_the_rooms_largest(tmp_path: Path) -> None:
    with serving(tmp_path / "room", *PATIENT, "--max-size", "300x100") as room:
        async with web_tab(room, "width=1000000&height=99999999999") as tab:
            await tab.until("Who is playing[?]")
            app = the_app(room)
            await tab.socket.send_json(["resize", {"width": 10**9, "height": 10**9}])
            await named_tab(tab)
            # the header spans the terminal: 300 cells wide, not a million
            longest = max(len(line) for line in tab.seen.decode("utf-8", "replace").split("\x1b["))
            assert longest < 2_000
            assert memory_of(app, "VmHWM") < 150 * MB
    no_traceback(room)


async def test_messages_no_browser_sends_are_ignored_and_said_once(tmp_path: Path) -> None:
    with serving(tmp_path / "room", *PATIENT) as room:
        async with web_tab(room) as tab:
            await tab.until("Who is playing[?]")
            for text in ["not json", '{"a": 1}', "[1, 2]", '["stdin", 5]', "[]", "[" * 200_000,
                         '["resize", {"width": "wide"}]', '["ping", {"a": 1}]', '"stdin"']:
                await tab.socket.send_str(text)
            await tab.socket.send_bytes(b"\x00\xff")
            await named_tab(tab)  # the tab plays on
            await tab.socket.send_str("x" * (2 << 20))  # past the largest message: closed
            closing = await tab.socket.receive()
            while closing.type == aiohttp.WSMsgType.BINARY:  # what the app drew before
                closing = await tab.socket.receive()
            assert closing.type == aiohttp.WSMsgType.CLOSE and closing.data == 1009, closing
        async with aiohttp.ClientSession() as browser:
            for _ in range(20):  # the tabs' websocket asked for as a page
                async with browser.get(room.url + "/ws") as page:
                    assert page.status == 400
    assert said(room, r"tab 1 .*closed: it sent a message larger than a tab may send \(2 MiB\)")
    lines = [line for line in room.out if "does not send" in line]
    assert len(lines) == 1, room.out
    assert 1 <= len([line for line in room.out if "/ws is the tabs' websocket" in line]) <= 2
    no_traceback(room)


async def test_another_sites_page_and_another_name_are_refused(tmp_path: Path) -> None:
    with serving(tmp_path / "room", *PATIENT) as room:
        port = room.url.rsplit(":", 1)[1]
        async with aiohttp.ClientSession() as browser:
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await browser.ws_connect(room.url.replace("http", "ws") + "/ws",
                                         headers={"Origin": "http://evil.example"})
            assert refused.value.status == 403
            async with browser.get(room.url, headers={"Host": f"evil.example:{port}"}) as page:
                assert page.status == 403  # a name of another's (DNS rebinding)
            async with browser.get(room.url, headers={"Host": f"localhost:{port}"}) as page:
                assert page.status == 200
        async with web_tab(room, headers={"Origin": f"http://127.0.0.1:{port}"}) as tab:
            await tab.until("Who is playing[?]")  # the room's own page
    assert said(room, r"refused a request from 127\.0\.0\.1: a page of another site "
                      r"\(evil\.example:80\) \(403\)")
    assert not children_of(room.process.pid)
    no_traceback(room)


async def test_memory_past_the_soft_limit_asks_the_app_to_leave_and_past_the_hard_ends_it(
    tmp_path: Path,
) -> None:
    # every app is over 10 MB once it runs: the limits are met at once
    with serving(tmp_path / "soft", *PATIENT, "--memory-soft", "10",
                 "--memory-hard", "5000") as room:
        async with web_tab(room) as tab:
            await tab.until("what it trained is kept. Reload this page")
        await asyncio.to_thread(
            wait_for, lambda: said(room, r"tab 1 .*closed: it took too much memory\.$"),
            "the app left by itself",
        )
        assert said(room, r"tab 1 .*over the soft limit of 10 MB: asked to leave")
    with serving(tmp_path / "hard", *PATIENT, "--memory-soft", "10", "--memory-hard", "10") as room:
        async with web_tab(room):
            await asyncio.to_thread(
                wait_for, lambda: said(room, r"tab 1 .*closed: its app took too much memory"),
                "the app ended",
            )
        assert said(room, r"tab 1 .*over the hard limit of 10 MB: ended")
        assert not children_of(room.process.pid)
    no_traceback(room)


async def test_ctrl_c_ends_an_app_that_does_not_answer_and_a_second_ends_at_once(
    tmp_path: Path,
) -> None:
    with serving(tmp_path / "room", *PATIENT, "--grace", "1") as room:
        async with web_tab(room) as tab:
            await frozen_app(room, tab)
            room.process.send_signal(signal.SIGINT)
            await asyncio.to_thread(room.process.wait, PATIENCE)
    assert room.process.returncode == 0
    assert said(room, r"tab 1 .*closed: the server stopped; its app had not left after 1 s and "
                      r"was ended\.")
    assert said(room, r"Stopped\.")
    with serving(tmp_path / "room", *PATIENT, "--grace", "600") as room:
        async with web_tab(room) as tab:
            app = await frozen_app(room, tab)
            room.process.send_signal(signal.SIGINT)
            await asyncio.to_thread(
                wait_for, lambda: said(room, "Stopping: 1 tab closed"), "the room stopping"
            )
            room.process.send_signal(signal.SIGINT)  # again: no waiting for the grace
            await asyncio.to_thread(room.process.wait, PATIENCE)
        assert not is_running(app)
    no_traceback(room)


async def frozen_app(room: Room, tab: WebTab) -> int:
    """The tab's app, once it shows its first screen, stopped: an app that answers nothing."""
    await tab.until("Who is playing[?]")
    app = the_app(room)
    os.kill(app, signal.SIGSTOP)
    return app


async def test_sighup_stops_the_room_keeping_every_training(tmp_path: Path) -> None:
    with serving(tmp_path / "room", *PATIENT) as room:
        async with web_tab(room) as tab:
            await named_tab(tab)
            await start_training(tab)
            room.process.send_signal(signal.SIGHUP)  # the teacher's terminal closed
            await asyncio.to_thread(room.process.wait, PATIENCE)
        assert trained_games(room) > 0
    assert room.process.returncode == 0
    assert said(room, r"tab 1 .*closed: the server stopped\.")
    no_traceback(room)


def served_app(data: Path) -> subprocess.Popen[bytes]:
    """A tab's app as the server starts it, its input and output this test's."""
    return subprocess.Popen(
        [sys.executable, "-m", "sticks_tui", "--data-dir", str(data), "--served"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        env={**os.environ, "TEXTUAL_DRIVER": "textual.drivers.web_driver:WebDriver",
             "COLUMNS": "80", "ROWS": "24"},
    )


def test_a_tab_closed_as_its_app_starts_ends_it_without_an_error(tmp_path: Path) -> None:
    app = served_app(tmp_path / "room")
    assert app.stdin is not None and app.stdout is not None and app.stderr is not None
    assert app.stdout.readline() == b"__GANGLION__\n"  # it runs: its first screen comes next
    quit_ = json.dumps({"type": "quit"}).encode()
    app.stdin.write(b"M" + len(quit_).to_bytes(4, "big") + quit_)
    app.stdin.close()
    app.stdout.read()
    assert app.stderr.read() == b""  # (it was a crash report: the first screen half mounted)
    assert app.wait(timeout=PATIENCE) == 0


def test_an_app_whose_server_goes_leaves_keeping_its_training(tmp_path: Path) -> None:
    data = tmp_path / "room"
    app = served_app(data)
    assert app.stdin is not None and app.stdout is not None
    screen = bytearray()

    def until(words: bytes) -> None:
        while words not in screen:
            kind, size = app.stdout.read(1), int.from_bytes(app.stdout.read(4), "big")  # type: ignore[union-attr]
            payload = app.stdout.read(size)  # type: ignore[union-attr]
            assert kind, "the app ended"
            if kind == b"D":
                screen.extend(payload)

    def press(keys: str) -> None:
        screen.clear()
        payload = keys.encode()
        app.stdin.write(b"D" + len(payload).to_bytes(4, "big") + payload)  # type: ignore[union-attr]
        app.stdin.flush()  # type: ignore[union-attr]

    assert app.stdout.readline() == b"__GANGLION__\n"
    until(b"Who")
    press("Ada\r")
    until(b"Welcome")
    press(F3)
    until(b"Start")
    press("\r")
    press("f")
    until(b" of 100,000")
    app.stdin.close()  # the server has gone: its input ends
    reader = asyncio.run(asyncio.to_thread(app.stdout.read))  # its output, to the end
    assert app.wait(timeout=PATIENCE) == 0
    assert reader is not None
    brains = subprocess.run(
        [sys.executable, "-m", "sticks_tui", "brain", "list", "--json", "--data-dir", str(data)],
        capture_output=True, text=True, check=True, timeout=PATIENCE,
    )
    assert sum(b["games_played"] for b in json.loads(brains.stdout)) > 0


async def test_tabs_opened_while_apps_start_are_told_to_wait_and_one_address_can_be_held(
    tmp_path: Path,
) -> None:
    with serving(tmp_path / "room", *PATIENT, "--max-starts", "1",
                 "--max-per-address", "2") as room:
        async with web_tab(room) as first:
            app = the_app(room)
            # its start is under way (its program runs: stopped between fork and exec, the
            # server would wait for the exec, as asyncio's subprocess start does), and stays so
            wait_for(lambda: b"sticks_tui" in Path(f"/proc/{app}/cmdline").read_bytes(),
                     "the app's program")
            os.kill(app, signal.SIGSTOP)
            async with web_tab(room) as second:
                await second.until("Starting... other tabs opened at the same moment go first")
                async with web_tab(room) as third:  # a third tab from this address: refused
                    await third.until("This machine already has 2 tabs open in the room")
                    closing = await third.socket.receive()
                    assert closing.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
                os.kill(app, signal.SIGCONT)
                await first.until("Who is playing[?]")
                await second.until("Who is playing[?]")  # its turn came once the first started
    assert said(room, r"refused a tab from 127\.0\.0\.1: This machine already has 2 tabs open")
    no_traceback(room)


async def test_a_tab_that_sends_but_never_reads_ends_as_one_that_sleeps(tmp_path: Path) -> None:
    # aiohttp's heartbeat counts anything received as alive: the server's own sends notice
    with serving(tmp_path / "room", "--heartbeat", "1", "--grace", "30") as room:
        tab = RawTab(room.url)
        try:
            app = the_app(room)
            for turn in range(600):  # new sizes (a screen redrawn each) and pings, never read
                try:
                    tab.send(["resize", {"width": 100 + turn % 2, "height": 30}])
                    tab.send(["ping", str(turn)])
                except ConnectionError:  # the server has ended the connection
                    break
                await asyncio.sleep(0.05)
            await asyncio.to_thread(
                wait_for, lambda: said(room, r"tab 1 .*closed: its browser stopped reading"),
                "the tab that does not read closed",
            )
            await asyncio.to_thread(wait_for, lambda: not is_running(app), "its app gone")
        finally:
            tab.close()
    no_traceback(room)


async def test_an_app_that_does_not_leave_when_asked_for_its_memory_is_ended(
    tmp_path: Path,
) -> None:
    with serving(tmp_path / "room", *PATIENT, "--grace", "1", "--memory-soft", "10",
                 "--memory-hard", "5000") as room:
        async with web_tab(room):
            app = the_app(room)
            # once past the soft limit (the watchdog may have read it or not: the app reads no
            # request before it has started, which takes far longer), it answers nothing
            await asyncio.to_thread(wait_for, lambda: memory_of(app) > 11 * MB, "11 MB")
            os.kill(app, signal.SIGSTOP)
            await asyncio.to_thread(
                wait_for, lambda: said(room, r"tab 1 .*had not left 1 s after it was asked: "
                                             r"ended"), "the app ended",
            )
            await asyncio.to_thread(wait_for, lambda: not is_running(app), "its app gone")
    no_traceback(room)


async def test_requests_that_are_not_http_and_floods_of_names_are_a_line_each_kind(
    tmp_path: Path,
) -> None:
    with serving(tmp_path / "room", *PATIENT, "--max-sessions", "1") as room:
        host, port = room.url.split("//")[1].split(":")
        for junk in (b"GARBAGE\r\n\r\n", b"GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n",
                     b"GET / HTTP/1.0\r\n\r\n", b"GET / HTTP/1.1\r\nX: " + b"y" * 9000
                     + b"\r\n\r\n"):
            with socket.create_connection((host, int(port))) as raw:
                raw.sendall(junk)
                raw.recv(65536)  # the answer (or the end): nothing more
        async with aiohttp.ClientSession() as browser:
            for n in range(30):  # a script naming the room anew each time
                async with browser.get(room.url, headers={"Host": f"evil{n}.example"}) as page:
                    assert page.status == 403
        idle = [socket.create_connection((host, int(port))) for _ in range(40)]
        try:  # the room takes 4 x 1 + 32 connections at once: the next ones are closed
            await asyncio.to_thread(
                wait_for, lambda: said(room, r"refused a connection: 36 are open"),
                "connections past the most refused",
            )
        finally:
            for connection in idle:
                connection.close()
        async with aiohttp.ClientSession() as browser, browser.get(room.url) as page:
            assert page.status == 200  # once they have gone, the room is there
    # a line for each kind (the requests without a Host and with a name of another's are one
    # kind), then its count: the 30 names, and any kind, take a few lines
    assert len([line for line in room.out if "refused" in line]) <= 6, room.out
    no_traceback(room)

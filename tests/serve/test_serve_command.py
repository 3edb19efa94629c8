"""``sticks-tui serve``: its options, its refusals, and the room it serves, spoken to as a browser
does (the page, then the websocket that runs a tab's app); the browser itself is in
test_browser.py."""

from __future__ import annotations

import asyncio
import json
import re
import socket
import sys
import time
from pathlib import Path

import aiohttp
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "cli"))
from cli_helpers import assert_argument_error, run
from serve_helpers import PATIENCE, screen_text, serving


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["--port", "0"], "argument --port: a port is from 1 to 65535, got 0"),
        (["--port", "70000"], "argument --port: a port is from 1 to 65535"),
        (["--port", "http"], "argument --port: not a whole number"),
        (["--public-url", "sticks.example.org"], "argument --public-url: give the address"),
        (["--max-sessions", "0"], "argument --max-sessions: from 1 to 1,000 tabs at once"),
        (["--host", " "], "argument --host: give a host name or an address"),
        (["--allow-host", "sticks.example:8000"],
         "argument --allow-host: give the name without its port (sticks.example)"),
        (["--max-size", "20x10"], "argument --max-size: give columns x rows from 80x24"),
        (["--grace", "nan"], "argument --grace: a number of seconds from 0.1 to 600"),
        (["--memory-soft", "500", "--memory-hard", "400"], "the soft memory limit is above"),
    ],
)
def test_a_bad_option_is_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], fragment: str
) -> None:
    status, out, err = run(capsys, "serve", *argv)
    assert out == ""
    assert_argument_error(status, err, fragment)


def test_a_port_in_use_is_said_in_one_line_before_anything_else(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        status, out, err = run(capsys, "serve", "--port", str(port))
    assert (status, out) == (1, "")
    assert err == (
        f"sticks-tui: error: cannot serve on 127.0.0.1 port {port}: Address already in use; "
        "choose another --port or --host\n"
    )


def test_help_says_what_the_students_open(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "serve", "--help")
    assert status == 0
    for words in ("--host", "--port", "--public-url", "--max-sessions", "--data-dir",
                  "web browser", "docs/commands/serve.md"):
        assert words in " ".join(out.split()), words


async def test_a_room_warns_off_loopback_serves_tabs_and_turns_the_one_past_the_limit_away(
    tmp_path: Path,
) -> None:
    with serving(tmp_path / "room", "--host", "0.0.0.0", "--max-sessions", "1") as room:
        assert "anyone who reaches port" in "".join(room.err)
        assert f"Every tab keeps its records in {tmp_path / 'room'}" in "".join(room.out)
        said = re.search(r"The teacher's passphrase, .*: ([a-z2-9]{4}-[a-z2-9]{4})\n",
                         "".join(room.out))
        assert said is not None, room.out
        timeout = aiohttp.ClientTimeout(total=PATIENCE)
        async with aiohttp.ClientSession(timeout=timeout) as browser, asyncio.timeout(PATIENCE):
            async with browser.get(room.url) as page:
                assert page.status == 200
                # the page's websocket goes back to the address this browser used
                assert f'"ws://{room.url.split("//")[1]}/ws"' in await page.text()
            ws_url = room.url.replace("http", "ws") + "/ws?width=80&height=24"
            async with browser.ws_connect(ws_url) as tab:
                seen = b""
                while b"Who is playing?" not in seen:  # the first screen: the name
                    seen += await tab.receive_bytes()
                async with browser.get(room.url) as page:
                    assert page.status == 503
                    assert "The room is full: its place is taken." in await page.text()
                async with browser.ws_connect(ws_url) as late:  # its page came before
                    told = await late.receive_bytes()
                    assert b"The room is full" in told
                    closing = await late.receive()
                    assert closing.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
            deadline = time.monotonic() + PATIENCE
            while True:  # the first tab closed: its place is free again
                async with browser.get(room.url) as page:
                    if page.status == 200:
                        break
                assert time.monotonic() < deadline, "the closed tab's place was never freed"
                await asyncio.sleep(0.05)
    assert room.process.returncode == 0
    assert "Traceback" not in "".join(room.out + room.err)


async def test_closing_a_tab_keeps_what_its_training_taught(tmp_path: Path) -> None:
    with serving(tmp_path / "room") as room:
        timeout = aiohttp.ClientTimeout(total=PATIENCE)
        async with aiohttp.ClientSession(timeout=timeout) as browser, asyncio.timeout(PATIENCE):
            ws_url = room.url.replace("http", "ws") + "/ws?width=80&height=24"
            async with browser.ws_connect(ws_url) as tab:
                seen = b""

                async def until(words: str) -> None:
                    nonlocal seen
                    while not re.search(words, screen_text(seen)):
                        seen += await tab.receive_bytes()

                async def press(keys: str) -> None:
                    nonlocal seen
                    seen = b""  # what answers the keys
                    await tab.send_json(["stdin", keys])

                await until("Who is playing[?]")
                await press("Ada\r")
                await until("Welcome to the game of sticks!")
                await press("\x1bOR")  # F3: the training lab's form
                await until("Start training")
                await press("\r")  # its run, as the form stands: 100,000 games
                await until("0 of 100,000")
                await press("f")  # full speed, until some games are played
                await until(r"[1-9][0-9,]* of 100,000")
            # the tab is closed while it trains
        brains: list[dict[str, object]] = []
        deadline = time.monotonic() + PATIENCE
        while not brains:  # the tab's app keeps what was learned as it leaves
            brains = [b for b in json.loads(room.command("brain", "list", "--json").stdout)
                      if b["ai"] == "Trained AI" and b["games_played"]]
            assert time.monotonic() < deadline, "the closed tab's training was lost"
    assert room.process.returncode == 0


def test_the_docs_name_every_option_and_the_defaults_the_room_has() -> None:
    from sticks_tui.cli.main import build_parser
    from sticks_tui.serve.limits import MB, RoomLimits

    page = (Path(__file__).resolve().parents[2] / "docs" / "commands" / "serve.md").read_text()
    serve = next(
        choice for action in build_parser()._subparsers._group_actions  # type: ignore[union-attr]
        for name, choice in getattr(action, "choices", {}).items() if name == "serve"
    )
    options = [o for action in serve._actions for o in action.option_strings if o.startswith("--")]
    assert "--grace" in options
    missing = [o for o in options if o != "--help" and f"`{o}" not in page]
    assert missing == []
    room = RoomLimits()
    for row, default in [
        ("--grace SECONDS", f"{room.grace:g}"), ("--heartbeat SECONDS", f"{room.heartbeat:g}"),
        ("--max-starts N", f"{room.max_starts}"), ("--max-per-address N", "0 (off)"),
        ("--memory-soft MB", f"{room.memory_soft // MB}"),
        ("--memory-hard MB", f"{room.memory_hard // MB}"),
        ("--max-size COLUMNSxROWS", f"{room.max_width}x{room.max_height}"),
        ("--keys-per-second N", f"{room.keys_per_second:,}"),
    ]:
        assert f"| `{row}` | {default} |" in page, row

"""``sticks-tui serve``: the app in every browser of a classroom (SPEC section 13).

The teacher starts it on one machine; each student opens its address in a web browser and
gets the whole app in the tab. Every tab is its own app process (textual-serve), and all of
them keep their records in the server's data directory: one leaderboard for the room, one brain
per AI and game that every game teaches. The server itself is :mod:`sticks_tui.serve`; this
module reads the options, checks them, and says where the room is.
"""

from __future__ import annotations

import argparse
import ipaddress
import os
import secrets
import socket
import sys

from ..storage.sqlite.store import resolve_data_dir
from ..text.terminal import printable
from .args import PASSPHRASE_ENV, PROG, whole_number
from .store_commands import add_data_dir, complain, open_from_args, store_problems_end_here

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
#: Tabs served at once by default: a class of 30 and its teacher with room to spare. A tab
#: takes about 50 MB (benchmarks/serve_sessions.py) and a training in it at most 256 MiB more
#: (sticks_tui/ui/lab_plan.py:SERVED_MEMORY_CAP): 40 tabs all training hold under 13 GiB of a
#: 24 GiB machine.
DEFAULT_MAX_SESSIONS = 40
MAX_SESSIONS_MOST = 1000


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``serve`` to the command line."""
    parser = subparsers.add_parser(
        "serve",
        help="serve the app to the web browsers of a classroom: one app per tab, one shared "
        "leaderboard and brain",
        description=(
            "Serves the whole app to web browsers: each student opens the address printed "
            "(http://HOST:PORT) and plays in the tab. Every tab runs its own app, and all keep "
            "their records in this data directory, so the room shares one leaderboard and "
            "every game against a learning AI teaches the same brain. Stop it with Ctrl+C. "
            "More: docs/commands/serve.md."
        ),
    )
    parser.add_argument(
        "--host", type=host_name, default=DEFAULT_HOST,
        help=f"the address to listen on (default: {DEFAULT_HOST}, this machine only; 0.0.0.0 "
        "lets every machine that reaches this one in, which the command warns about)",
    )
    parser.add_argument(
        "--port", type=port_number, default=DEFAULT_PORT,
        help=f"the port to listen on (default: {DEFAULT_PORT})",
    )
    parser.add_argument(
        "--public-url", type=public_url, default=None, metavar="URL",
        help="the address the students' browsers use, where it is not the one they typed "
        "(behind a proxy, say): e.g. https://sticks.example.org",
    )
    parser.add_argument(
        "--max-sessions", type=max_sessions, default=DEFAULT_MAX_SESSIONS, metavar="N",
        help=f"the most tabs played at once; the next one is told the room is full (default: "
        f"{DEFAULT_MAX_SESSIONS}, from 1 to {MAX_SESSIONS_MOST:,})",
    )
    add_data_dir(parser)
    parser.set_defaults(handler=run_serve, command_parser=parser)


# -- the options' types --------------------------------------------------------------------------
def host_name(text: str) -> str:
    """argparse type for ``--host``: a name or an address, without spaces."""
    host = text.strip()
    if not host or any(c.isspace() or not c.isprintable() for c in host):
        raise argparse.ArgumentTypeError(
            "give a host name or an address, e.g. 127.0.0.1 (this machine) or 0.0.0.0 (every "
            "network)"
        )
    return host


def port_number(text: str) -> int:
    """argparse type for ``--port``: 1 to 65535."""
    value = whole_number(text)
    if not 1 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"a port is from 1 to 65535, got {value}")
    return value


def public_url(text: str) -> str:
    """argparse type for ``--public-url``: an http:// or https:// address."""
    url = text.strip().rstrip("/")
    scheme, _, rest = url.partition("://")
    if scheme not in ("http", "https") or not rest or any(c.isspace() for c in url):
        raise argparse.ArgumentTypeError(
            "give the address students' browsers use, starting with http:// or https://, e.g. "
            "https://sticks.example.org"
        )
    return url


def max_sessions(text: str) -> int:
    """argparse type for ``--max-sessions``: 1 to :data:`MAX_SESSIONS_MOST`."""
    value = whole_number(text)
    if not 1 <= value <= MAX_SESSIONS_MOST:
        raise argparse.ArgumentTypeError(
            f"from 1 to {MAX_SESSIONS_MOST:,} tabs at once, got {value}"
        )
    return value


def is_loopback(host: str) -> bool:
    """Whether only this machine can reach ``host``."""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


# -- serving -------------------------------------------------------------------------------------
@store_problems_end_here
def run_serve(args: argparse.Namespace) -> int:
    from ..serve import ClassroomServer, session_command

    data = resolve_data_dir(getattr(args, "data_dir", None)).absolute()
    with open_from_args(argparse.Namespace(data_dir=str(data))):
        pass  # a store the tabs could not use is said here, once, before anyone connects
    try:
        _try_listening(args.host, args.port)
    except OSError as error:
        complain(_cannot_serve(args.host, args.port, error))
        return 1
    address = args.public_url or f"http://{_url_host(args.host)}:{args.port}"
    if not is_loopback(args.host):
        print(
            f"{PROG}: warning: --host {printable(args.host)} listens beyond this machine: "
            f"anyone who reaches port {args.port} can play and add to this room's records.",
            file=sys.stderr,
        )
    passphrase = teacher_passphrase()
    os.environ[PASSPHRASE_ENV] = passphrase  # each tab's app is started with it (not its argv)
    server = ClassroomServer(
        session_command(data),
        host=args.host,
        port=args.port,
        public_url=args.public_url,
        max_sessions=args.max_sessions,
        banner=[
            f"sticks-tui is served on {address}",
            f"Students open {address} in a web browser: each tab plays the whole app (at most "
            f"{args.max_sessions:,} tabs at once).",
            f"Every tab keeps its records in {printable(str(data))}: one leaderboard for the "
            "room, and one brain per AI and game that every game teaches.",
            f"The teacher's passphrase, which a tab asks before it resets a brain, imports one "
            f"or discards a training: {passphrase}",
            "Press Ctrl+C to stop.",
        ],
    )
    try:
        server.serve()
    except OSError as error:  # taken since it was tried
        complain(_cannot_serve(args.host, args.port, error))
        return 1
    return 0


#: The passphrase's letters: none that reads like another (no 0/o, 1/l/i).
PASSPHRASE_LETTERS = "abcdefghjkmnpqrstuvwxyz23456789"


def teacher_passphrase(rng: secrets.SystemRandom | None = None) -> str:
    """A new passphrase for the teacher, quick to type: ``k7mq-2xpa`` (about 40 bits)."""
    choose = (rng or secrets.SystemRandom()).choice
    return "-".join("".join(choose(PASSPHRASE_LETTERS) for _ in range(4)) for _ in range(2))


def _try_listening(host: str, port: int) -> None:
    """Listen on ``host`` and ``port`` for a moment: OSError when this machine cannot (the
    port is taken, the host is not one of this machine's), before anything is said."""
    for family, kind, proto, _, where in socket.getaddrinfo(
        host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
    ):
        with socket.socket(family, kind, proto) as listener:
            listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            listener.bind(where)


def _cannot_serve(host: str, port: int, error: OSError) -> str:
    reason = error.strerror or str(error)
    return f"cannot serve on {host} port {port}: {reason}; choose another --port or --host"


def _url_host(host: str) -> str:
    """``host`` as it goes in an address: an IPv6 address in brackets; 0.0.0.0 (every
    network) as this machine's name, which the students can reach."""
    if host in ("0.0.0.0", "::"):
        return socket.gethostname()
    return f"[{host}]" if ":" in host and not host.startswith("[") else host

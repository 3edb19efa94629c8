"""``sticks-tui serve``: the app in every browser of a classroom (SPEC section 13).

The teacher starts it on one machine; each student opens its address in a web browser and
gets the whole app in the tab. Every tab is its own app process (textual-serve), and all of
them keep their records in the server's data directory: one leaderboard for the room, one brain
per AI and game that every game teaches. The server itself is :mod:`sticks_tui.serve`; this
module reads the options, checks them, and says where the room is.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import TYPE_CHECKING

from ..serve.limits import MB, RoomLimits
from ..storage.file_writer import kind_of_file
from ..storage.sqlite.store import resolve_data_dir
from ..text.terminal import printable
from .args import PASSPHRASE_ENV, PROG, whole_number
from .store_commands import add_data_dir, complain, open_from_args, store_problems_end_here

if TYPE_CHECKING:
    import secrets

# ipaddress, secrets and socket are loaded where serving needs them: every command's start
# builds this command's options, and ``sticks-tui train`` need not pay for them.

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
#: Tabs served at once by default (why: sticks_tui/serve/limits.py).
DEFAULT_MAX_SESSIONS = RoomLimits.max_sessions
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
    parser.add_argument(
        "--allow-host", action="append", type=allowed_host, default=[], metavar="NAME",
        help="a name the students' browsers may use for this machine besides its own names, "
        "its addresses, localhost and --public-url's (repeat it for more); any other name is "
        "refused, so that no other web page can open the room",
    )
    parser.add_argument(
        "--log", type=log_file, default=None, metavar="FILE",
        help="where the apps' error output goes, added to the end of FILE (default: nowhere; "
        "the console says when an app fails)",
    )
    limits = parser.add_argument_group(
        "the room's limits (docs/commands/serve.md says why each default is what it is)"
    )
    defaults = RoomLimits()
    limits.add_argument(
        "--grace", type=grace_seconds, default=defaults.grace, metavar="SECONDS",
        help=f"how long an app asked to leave (its tab closed, the server stopping) may take "
        f"to keep its training before it is ended (default: {defaults.grace:g})",
    )
    limits.add_argument(
        "--heartbeat", type=heartbeat_seconds, default=defaults.heartbeat, metavar="SECONDS",
        help=f"how often each browser is pinged; one that has not answered within half of it "
        f"(asleep, its network gone) is closed (default: {defaults.heartbeat:g})",
    )
    limits.add_argument(
        "--max-starts", type=max_starts, default=defaults.max_starts, metavar="N",
        help=f"apps started at once; the next tabs wait, told so (default: "
        f"{defaults.max_starts})",
    )
    limits.add_argument(
        "--max-per-address", type=max_per_address, default=defaults.max_per_address,
        metavar="N", help="the most tabs open at once from one address (default: 0, no "
        "limit: a school's proxy shows the whole room as one address)",
    )
    limits.add_argument(
        "--memory-soft", type=megabytes, default=defaults.memory_soft // MB, metavar="MB",
        help=f"an app holding more memory is asked to leave, keeping its training (default: "
        f"{defaults.memory_soft // MB})",
    )
    limits.add_argument(
        "--memory-hard", type=megabytes, default=defaults.memory_hard // MB, metavar="MB",
        help=f"an app holding more memory is ended at once (default: "
        f"{defaults.memory_hard // MB})",
    )
    limits.add_argument(
        "--max-size", type=terminal_size, default=(defaults.max_width, defaults.max_height),
        metavar="COLUMNSxROWS", help=f"the largest terminal a tab may ask for (default: "
        f"{defaults.max_width}x{defaults.max_height})",
    )
    limits.add_argument(
        "--keys-per-second", type=keys_per_second, default=defaults.keys_per_second,
        metavar="N", help=f"characters of keys a tab may send each second, in bursts of four "
        f"seconds' worth; faster ones are dropped (default: {defaults.keys_per_second:,})",
    )
    add_data_dir(parser)
    parser.set_defaults(handler=run_serve, command_parser=parser)


def room_limits(args: argparse.Namespace) -> RoomLimits:
    """The limits the options give; ValueError when they disagree."""
    return RoomLimits(
        max_sessions=args.max_sessions,
        grace=args.grace,
        heartbeat=args.heartbeat,
        max_starts=args.max_starts,
        max_per_address=args.max_per_address,
        memory_soft=args.memory_soft * MB,
        memory_hard=args.memory_hard * MB,
        max_width=args.max_size[0],
        max_height=args.max_size[1],
        keys_per_second=args.keys_per_second,
        keys_burst=4 * args.keys_per_second,
    )


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


def allowed_host(text: str) -> str:
    """argparse type for ``--allow-host``: a host name as a browser sends it, without a port."""
    from ..serve.hosts import split_host

    try:
        name, port = split_host(host_name(text))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"give a host name, e.g. sticks.school.example, got {printable(text)[:60]}"
        ) from None
    if port is not None:
        raise argparse.ArgumentTypeError(
            f"give the name without its port ({name}): any port of it is let in"
        )
    return name


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


def _ranged(text: str, low: int, high: int, what: str) -> int:
    value = whole_number(text)
    if not low <= value <= high:
        raise argparse.ArgumentTypeError(f"{what} from {low:,} to {high:,}, got {value:,}")
    return value


def _seconds(text: str, low: float, high: float) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not low <= value <= high:  # also refuses nan and inf
        raise argparse.ArgumentTypeError(
            f"a number of seconds from {low:g} to {high:g}, got {printable(text)[:40]}"
        )
    return value


def grace_seconds(text: str) -> float:
    """argparse type for ``--grace``: 0.1 to 600 seconds."""
    return _seconds(text, 0.1, 600)


def heartbeat_seconds(text: str) -> float:
    """argparse type for ``--heartbeat``: 0.5 to 600 seconds."""
    return _seconds(text, 0.5, 600)


def max_starts(text: str) -> int:
    return _ranged(text, 1, 64, "apps started at once")


def max_per_address(text: str) -> int:
    return _ranged(text, 0, MAX_SESSIONS_MOST, "tabs from one address")


def megabytes(text: str) -> int:
    return _ranged(text, 10, 64_000, "megabytes")


def keys_per_second(text: str) -> int:
    return _ranged(text, 10, 1_000_000, "characters a second")


def terminal_size(text: str) -> tuple[int, int]:
    """argparse type for ``--max-size``: ``COLUMNSxROWS``, at least 80x24 (the app's least)."""
    columns, _, rows = text.strip().lower().partition("x")
    try:
        size = (int(columns), int(rows))
    except ValueError:
        size = (0, 0)
    if not (80 <= size[0] <= 10_000 and 24 <= size[1] <= 10_000):
        raise argparse.ArgumentTypeError(
            f"give columns x rows from 80x24 to 10000x10000, e.g. 500x200, got "
            f"{printable(text)[:40]}"
        )
    return size


def log_file(text: str) -> str:
    """argparse type for ``--log``: a file (new, or a regular file to add to)."""
    try:
        found = os.stat(text)
    except FileNotFoundError:
        return text
    except OSError as error:
        raise argparse.ArgumentTypeError(
            f"cannot use {printable(text)}: {error.strerror or error}"
        ) from None
    kind = kind_of_file(found)
    if kind is not None:
        raise argparse.ArgumentTypeError(
            f"{printable(text)} is {kind}, not a regular file; give a file to write the log in"
        )
    return text


def is_loopback(host: str) -> bool:
    """Whether only this machine can reach ``host``."""
    if host.lower() == "localhost":
        return True
    import ipaddress

    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


# -- serving -------------------------------------------------------------------------------------
@store_problems_end_here
def run_serve(args: argparse.Namespace) -> int:
    from ..serve import ClassroomServer, RoomLog, session_command

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
    try:
        limits = room_limits(args)
    except ValueError as error:
        parser: argparse.ArgumentParser = args.command_parser
        parser.error(f"argument --memory-soft: {error} (--memory-hard)")
    errors = None
    if args.log is not None:
        try:
            errors = open(args.log, "ab")  # noqa: SIM115 - open while the room runs
        except OSError as error:
            complain(f"cannot write the log {printable(args.log)}: {error.strerror or error}")
            return 1
    passphrase = teacher_passphrase()
    os.environ[PASSPHRASE_ENV] = passphrase  # each tab's app is started with it (not its argv)
    where_errors = (
        f"The apps' error output goes to {printable(args.log)}." if args.log is not None
        else "The apps' error output is not kept (--log FILE keeps it)."
    )
    server = ClassroomServer(
        session_command(data),
        host=args.host,
        port=args.port,
        public_url=args.public_url,
        limits=limits,
        log=RoomLog(sys.stdout, errors, errors_name=printable(args.log) if args.log else None),
        allow_hosts=args.allow_host,
        banner=[
            f"sticks-tui is served on {address}",
            f"Students open {address} in a web browser: each tab plays the whole app (at most "
            f"{args.max_sessions:,} tabs at once).",
            f"Every tab keeps its records in {printable(str(data))}: one leaderboard for the "
            "room, and one brain per AI and game that every game teaches.",
            f"The teacher's passphrase, which a tab asks before it resets a brain, imports one "
            f"or discards a training: {passphrase}",
            where_errors,
            "Press Ctrl+C to stop (once: every tab keeps its training; twice: at once).",
        ],
    )
    try:
        server.serve()
    except OSError as error:  # taken since it was tried
        complain(_cannot_serve(args.host, args.port, error))
        return 1
    finally:
        if errors is not None:
            errors.close()
    return 0


#: The passphrase's letters: none that reads like another (no 0/o, 1/l/i).
PASSPHRASE_LETTERS = "abcdefghjkmnpqrstuvwxyz23456789"


def teacher_passphrase(rng: secrets.SystemRandom | None = None) -> str:
    """A new passphrase for the teacher, quick to type: ``k7mq-2xpa`` (about 40 bits)."""
    import secrets

    choose = (rng or secrets.SystemRandom()).choice
    return "-".join("".join(choose(PASSPHRASE_LETTERS) for _ in range(4)) for _ in range(2))


def _try_listening(host: str, port: int) -> None:
    """Listen on ``host`` and ``port`` for a moment: OSError when this machine cannot (the
    port is taken, the host is not one of this machine's), before anything is said."""
    import socket

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
        import socket

        return socket.gethostname()
    return f"[{host}]" if ":" in host and not host.startswith("[") else host

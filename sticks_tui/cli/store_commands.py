"""What the commands that work on the records (``leaderboard``, ``brain ...``) share: their
``--data-dir`` after the command, opening the store, and one line and status 1 when it cannot
be used."""

from __future__ import annotations

import argparse
import functools
import sys
from collections.abc import Callable

from rich.cells import cell_len

from ..storage.sqlite.store import ReadStore, SqliteStore, open_store, open_store_to_read
from ..storage.sqlite.store_file import StoreError
from .args import EXIT_DATA_PROBLEM, PROG, data_dir, error_text

Handler = Callable[[argparse.Namespace], int]


def add_data_dir(parser: argparse.ArgumentParser) -> None:
    """``--data-dir`` after the command too; SUPPRESS keeps the top-level value when absent."""
    parser.add_argument(
        "--data-dir",
        type=data_dir,
        default=argparse.SUPPRESS,
        metavar="DIR",
        help="where the records are kept (default: $STICKS_TUI_DATA_DIR, else the user data "
        "directory)",
    )


def store_problems_end_here(handler: Handler) -> Handler:
    """A store that cannot be used ends the command with its one-line message and status 1."""

    @functools.wraps(handler)
    def run(args: argparse.Namespace) -> int:
        try:
            return handler(args)
        except StoreError as error:
            complain(str(error))
            return EXIT_DATA_PROBLEM

    return run


def open_from_args(args: argparse.Namespace) -> SqliteStore:
    """The store of ``--data-dir`` (before or after the command), else the default one."""
    return open_store(getattr(args, "data_dir", None))


def open_to_read_from_args(args: argparse.Namespace) -> ReadStore:
    """The store, for a command that only reads it: where none is kept yet, empty records,
    and nothing created (no data directory, no store file)."""
    return open_store_to_read(getattr(args, "data_dir", None))


def complain(message: str) -> None:
    """One error line; a name it repeats (a file's, the data directory's) is shown escaped."""
    print(f"{PROG}: error: {error_text(message)}", file=sys.stderr)


def padded(text: str, cells: int) -> str:
    """``text`` and the spaces that make it ``cells`` terminal cells wide: a name of wide
    characters ("名人": two characters, four cells) or combining ones ("é" typed as two
    characters, one cell) keeps the columns after it in line."""
    return text + " " * (cells - cell_len(text))

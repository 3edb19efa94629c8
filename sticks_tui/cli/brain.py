"""Commands for the records on disk: ``leaderboard`` and ``brain export|import|reset``.

They work on the store of :mod:`sticks_tui.storage.store` (``--data-dir DIR`` or
``$STICKS_TUI_DATA_DIR`` choose where it is). A brain file is the JSON that ``sticks-tui train``
writes (:meth:`HatBrain.to_dict`), so a brain trained headless can be imported and a brain taught
by play can be exported, looked at, and shared.

Bad usage ends like argparse (one line, exit status 2); a problem with the data (a refused
brain file, a store that cannot be used) ends with one clear line and exit status 1. Brain files
are read and written by :mod:`sticks_tui.storage.brain_files`, as for ``train`` and ``analyze``. The
saved brain changes only when an import or a reset succeeds.
"""

from __future__ import annotations

import argparse
import functools
import json
import sys
from typing import Callable, TextIO

from rich.cells import cell_len

from ..engine import STICKS_MAX, STICKS_TAKES, BrainError, TakeAway
from ..storage.brain_files import (
    EXIT_REFUSED,
    BrainFileRefused,
    BrainFileUnreadable,
    BrainFileWriter,
    brain_json,
    read_brain_file,
    reason,
    shown_name,
)
from ..storage.records import (
    LEARNING_AI_NAME,
    Standing,
)
from ..storage.store import SqliteStore, StoreError, open_store
from ..text.terminal import RunawayLine, printable, read_answer
from .args import EXIT_DATA_PROBLEM, PROG, data_dir, player_name, takes_list


# -- the command line ------------------------------------------------------------------------------
def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``leaderboard`` and ``brain`` to the command line."""
    _register_leaderboard(subparsers)
    _register_brain(subparsers)


def _add_data_dir(parser: argparse.ArgumentParser) -> None:
    """``--data-dir`` after the command too; SUPPRESS keeps the top-level value when absent."""
    parser.add_argument(
        "--data-dir",
        type=data_dir,
        default=argparse.SUPPRESS,
        metavar="DIR",
        help="where the records are kept (default: $STICKS_TUI_DATA_DIR, else the user data "
        "directory)",
    )


def _add_brain_choice(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--ai",
        type=player_name,
        default=LEARNING_AI_NAME,
        metavar="NAME",
        help=f"whose brain (default {LEARNING_AI_NAME!r}, the learning AI)",
    )
    parser.add_argument(
        "--takes",
        type=takes_list,
        default=STICKS_TAKES,
        metavar="LIST",
        help="the rule set: how many sticks a move may take, e.g. 2,3,5 (default 1,2,3)",
    )
    parser.add_argument(
        "--normal",
        action="store_true",
        help="the rule set: a player who cannot move loses (default: taking the last stick loses)",
    )
    _add_data_dir(parser)


def _register_leaderboard(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "leaderboard",
        help="print the win/loss leaderboard",
        description="Every player, best rating first (rating = wins - losses).",
    )
    parser.add_argument(
        "--json",
        action="store_true",
        help="print a JSON list of rows, each with name, wins, losses, games and rating",
    )
    _add_data_dir(parser)
    parser.set_defaults(handler=_run_leaderboard, command_parser=parser)


def _register_brain(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "brain",
        help="export, import or reset the learning AI's saved brain",
        description=(
            "The AI's brain is saved per rule set and per AI name; a brain file is the JSON "
            "that `sticks-tui train` writes."
        ),
    )
    actions = parser.add_subparsers(dest="brain_action", metavar="ACTION", required=True)
    export = actions.add_parser(
        "export", help="write the saved brain to a JSON file", description="Write the saved "
        "brain to FILE (- for standard output) as the JSON of `sticks-tui train`."
    )
    export.add_argument("file", metavar="FILE", help="where to write the brain (- for stdout)")
    _add_brain_choice(export)
    export.set_defaults(handler=_run_export, command_parser=export)

    load = actions.add_parser(
        "import", help="replace the saved brain with one from a JSON file", description="Read "
        "a brain from FILE (- for standard input), check it, and make it the saved brain. A "
        "file that does not fit is refused and the saved brain stays as it was."
    )
    load.add_argument("file", metavar="FILE", help="the brain to read (- for stdin)")
    _add_brain_choice(load)
    load.set_defaults(handler=_run_import, command_parser=load)

    reset = actions.add_parser(
        "reset", help="forget the saved brain (asks first)", description="Forget what the AI "
        "has learned, so it starts afresh with one ball of each number in every hat."
    )
    reset.add_argument("--yes", "-y", action="store_true", help="do not ask for confirmation")
    _add_brain_choice(reset)
    reset.set_defaults(handler=_run_reset, command_parser=reset)


# -- handlers --------------------------------------------------------------------------------------
Handler = Callable[[argparse.Namespace], int]


def _store_problems_end_here(handler: Handler) -> Handler:
    """A store that cannot be used ends the command with its one-line message and status 1."""

    @functools.wraps(handler)
    def run(args: argparse.Namespace) -> int:
        try:
            return handler(args)
        except StoreError as error:
            _complain(str(error))
            return EXIT_DATA_PROBLEM

    return run


def _open(args: argparse.Namespace) -> SqliteStore:
    return open_store(getattr(args, "data_dir", None))


@_store_problems_end_here
def _run_leaderboard(args: argparse.Namespace) -> int:
    with _open(args) as store:
        rows = store.standings()
    if args.json:
        print(json.dumps([row.as_dict() for row in rows], indent=2, ensure_ascii=False))
    elif not rows:
        print(f"No games recorded yet (records are kept in {printable(store.path)}).")
    else:
        print("\n".join(leaderboard_lines(rows)))
    return 0


def leaderboard_lines(rows: list[Standing]) -> list[str]:
    """The leaderboard as a plain table, ranked as given; ratings carry their sign.

    Names are padded by the terminal cells they take, not their characters, so the numbers
    after "名人" (two characters, four cells) or "é" (two characters, one cell) line up.
    """
    width = max(cell_len("Name"), *(cell_len(row.name) for row in rows))
    lines = [
        f"{'#':>3}  {_padded('Name', width)}  {'Wins':>5}  {'Losses':>6}  {'Games':>5}  "
        f"{'Rating':>6}"
    ]
    for rank, row in enumerate(rows, start=1):
        lines.append(
            f"{rank:>3}  {_padded(row.name, width)}  {row.wins:>5}  {row.losses:>6}  "
            f"{row.games:>5}  {row.rating:>+6}"
        )
    return lines


def _padded(name: str, cells: int) -> str:
    """``name`` and the spaces that make it ``cells`` terminal cells wide."""
    return name + " " * (cells - cell_len(name))


@_store_problems_end_here
def _run_export(args: argparse.Namespace) -> int:
    rules = _rules(args)
    out = BrainFileWriter(args.file)
    try:
        out.open()  # a FILE that cannot be written is bad usage, found before anything else
    except OSError as error:
        args.command_parser.error(
            f"argument FILE: cannot write {shown_name(args.file)}: {reason(error)}"
        )
    with _open(args) as store:
        brain = store.load_brain(rules, args.ai)
    if brain is None:
        _complain(
            f"{args.ai} has no saved brain for {rules.name} yet; play against it (e.g. "
            f"sticks-tui --classic, option 2) or import one with `sticks-tui brain import FILE`"
        )
        return EXIT_DATA_PROBLEM
    try:
        out.commit(brain_json(brain))
    except OSError as error:
        _complain(f"cannot write {shown_name(args.file)}: {reason(error)}")
        return EXIT_DATA_PROBLEM
    if not out.is_stdout:
        print(
            f"Wrote the brain of {args.ai} for {rules.name} ({_games(brain.games_played)}) "
            f"to {shown_name(args.file)}"
        )
    return 0


@_store_problems_end_here
def _run_import(args: argparse.Namespace) -> int:
    rules = _rules(args)
    try:
        brain = read_brain_file(args.file, rules)
    except BrainFileUnreadable as error:
        args.command_parser.error(f"argument FILE: {error}")
    except BrainFileRefused as error:
        return _refuse(str(error))
    with _open(args) as store:
        try:
            store.save_brain(brain, args.ai)
        except BrainError as error:
            return _refuse(str(BrainFileRefused(shown_name(args.file), str(error))))
    print(
        f"Imported {shown_name(args.file)} as the brain of {args.ai} for {rules.name} "
        f"({_games(brain.games_played)})"
    )
    return 0


@_store_problems_end_here
def _run_reset(args: argparse.Namespace) -> int:
    rules = _rules(args)
    with _open(args) as store:
        info = store.brain_info(rules, args.ai)
        if info is None:
            print(f"{args.ai} has no saved brain for {rules.name}; there is nothing to reset.")
            return 0
        what = f"the brain of {args.ai} for {rules.name} ({_games(info.games_played)})"
        if not args.yes:
            answer = _ask(f"Reset {what}? It cannot be undone. [y/N] ", sys.stdin, sys.stdout)
            if answer is None:
                _complain(f"no answer (end of input), so {what} was not reset; give --yes to "
                          f"reset without asking")
                return EXIT_DATA_PROBLEM
            if answer.strip().casefold() not in ("y", "yes"):
                print("Not reset.")
                return 0
        store.delete_brain(rules, args.ai)
    print(f"Reset {what}; it starts afresh with one ball of each number in every hat.")
    return 0


# -- helpers ---------------------------------------------------------------------------------------
def _complain(message: str) -> None:
    """One error line; a name it repeats (a file's, the data directory's) is shown escaped."""
    print(f"{PROG}: error: {printable(message)}", file=sys.stderr)


def _rules(args: argparse.Namespace) -> TakeAway:
    return TakeAway(STICKS_MAX, args.takes, misere=not args.normal)


def _refuse(message: str) -> int:
    _complain(f"{message}; the saved brain is unchanged")
    return EXIT_REFUSED


def _ask(prompt: str, stdin: TextIO | None, stdout: TextIO) -> str | None:
    """One answer from the person, or None when there is nobody to answer (EOF, no stdin)."""
    stdout.write(prompt)
    stdout.flush()
    if stdin is None:
        stdout.write("\n")
        return None
    try:
        line = read_answer(stdin)
    except (OSError, ValueError, UnicodeDecodeError, RunawayLine):
        line = ""
    except KeyboardInterrupt:
        stdout.write("\n")
        return None
    if line == "":
        stdout.write("\n")
        return None
    return "" if line is None else line  # an over-long line is no "yes"


def _games(count: int) -> str:
    return f"{count:,} game played" if count == 1 else f"{count:,} games played"

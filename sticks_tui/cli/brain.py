"""The commands for the AIs' saved brains: ``brain list|export|import|reset``.

They work on the store of :mod:`sticks_tui.storage.sqlite.store` (``--data-dir DIR`` or
``$STICKS_TUI_DATA_DIR`` choose where it is). A brain file is the JSON that ``sticks-tui train``
writes (version 3: the learner, its settings, and its hats or Q-values), so a brain trained
headless can be imported and a brain taught by play can be exported, looked at, and shared.

A saved brain is chosen by its game (``--game SPEC``; the older ``--takes``/``--normal`` too),
its learner (``--learner hats|q``) and its AI's name (``--ai NAME``, by default the learner's
own: "AI" for hats, "Q-learning AI" for q). A brain serves every heap of its game, so
``--sticks`` is refused here.

Bad usage ends like argparse (one line, exit status 2); a problem with the data (a refused
brain file, a store that cannot be used) ends with one clear line and exit status 1. Brain files
are read and written by :mod:`sticks_tui.storage.brain_files`, as for ``train`` and ``analyze``.
The saved brain changes only when an import or a reset succeeds.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, TextIO

from rich.cells import cell_len

from ..engine.game import Rules
from ..engine.games import spec_of
from ..engine.learners import learner_kinds, learner_names
from ..engine.machines import LEARNING_AI_NAME, Q_LEARNING_AI_NAME, default_ai_name
from ..storage.brain_files import (
    EXIT_REFUSED,
    BrainFileRefused,
    BrainFileUnreadable,
    read_brain_file,
)
from ..storage.brain_shelf import (
    BrainActionRefused,
    brain_file_writer,
    export_brain,
    import_brain,
    reset_brain,
)
from ..storage.saved_brains import BrainSummary
from ..storage.sqlite.store import kept_words
from ..text.brains import BRAIN_COLUMNS, brain_cells, brain_words
from ..text.commands import brain_options
from ..text.terminal import RunawayLine, printable, read_answer
from .args import (
    EXIT_DATA_PROBLEM,
    add_brain_game_arguments,
    brain_game_from_args,
    brain_name,
    saved_ai_name,
)
from .store_commands import (
    add_data_dir,
    complain,
    open_from_args,
    open_to_read_from_args,
    padded,
    store_problems_end_here,
)


# -- the command line ------------------------------------------------------------------------------
def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``brain`` to the command line."""
    _register_brain(subparsers)


def _add_brain_choice(parser: argparse.ArgumentParser, *, saved: bool = True) -> None:
    """Which brain: its game, its learner and its AI's name. ``saved``: one already saved
    (export, reset), whose name is taken as it was saved; else (import) the name is one given
    to a brain, by the rules of a player's name, and not a computer player's that plays no
    brain ("random")."""
    add_brain_game_arguments(parser)
    parser.add_argument(
        "--learner",
        choices=learner_names(),
        default=learner_names()[0],
        help="which learner's brain: " + " or ".join(
            f"{kind.words.the} ({kind.name}{', the default' if i == 0 else ''})"
            for i, kind in enumerate(learner_kinds())
        ),
    )
    parser.add_argument(
        "--ai",
        type=saved_ai_name if saved else brain_name,
        default=None,
        metavar="NAME",
        help=f"whose brain (default {LEARNING_AI_NAME!r}, the learning AI, for hats; "
        f"{Q_LEARNING_AI_NAME!r} for q)",
    )
    add_data_dir(parser)


def _register_brain(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "brain",
        help="list, export, import or reset the AIs' saved brains",
        description=(
            "The AIs' brains are saved per game, per learner (hats or q) and per AI name; a "
            "brain file is the JSON that `sticks-tui train` writes."
        ),
    )
    actions = parser.add_subparsers(dest="brain_action", metavar="ACTION", required=True)
    listing = actions.add_parser(
        "list", help="list every saved brain", description="Every saved brain: its game, its "
        "learner, its AI's name, the games it learned from, when it was saved, and the "
        "learning settings that differ from the defaults."
    )
    listing.add_argument(
        "--json", action="store_true", help="print a JSON list, one object per brain"
    )
    add_data_dir(listing)
    listing.set_defaults(handler=_run_list, command_parser=listing)

    export = actions.add_parser(
        "export", help="write a saved brain to a JSON file", description="Write the saved "
        "brain to FILE (- for standard output) as the JSON of `sticks-tui train`."
    )
    export.add_argument("file", metavar="FILE", help="where to write the brain (- for stdout)")
    _add_brain_choice(export)
    export.set_defaults(handler=_run_export, command_parser=export)

    load = actions.add_parser(
        "import", help="replace a saved brain with one from a JSON file", description="Read "
        "a brain from FILE (- for standard input), check it, and make it the saved brain. A "
        "file that does not fit (another game, another learner, not a brain) is refused with "
        "the reason, and the saved brain stays as it was."
    )
    load.add_argument("file", metavar="FILE", help="the brain to read (- for stdin)")
    _add_brain_choice(load, saved=False)
    load.set_defaults(handler=_run_import, command_parser=load)

    reset = actions.add_parser(
        "reset", help="forget a saved brain (asks first)", description="Forget what the AI "
        "has learned, so it starts afresh (hats: one ball of each number in every hat; q: no "
        "value learned)."
    )
    reset.add_argument("--yes", "-y", action="store_true", help="do not ask for confirmation")
    _add_brain_choice(reset)
    reset.set_defaults(handler=_run_reset, command_parser=reset)


# -- handlers --------------------------------------------------------------------------------------
@store_problems_end_here
def _run_list(args: argparse.Namespace) -> int:
    with open_to_read_from_args(args) as store:  # a read: nothing is created
        brains = store.brains()
    if args.json:
        print(json.dumps([_brain_dict(b) for b in brains], indent=2, ensure_ascii=False))
    elif not brains:
        print(f"No brains saved yet ({kept_words(store)}).")
    else:
        print("\n".join(brain_list_lines(brains)))
    return 0


def _brain_dict(brain: BrainSummary) -> dict[str, Any]:
    info = brain.info
    return {
        "game": brain.game or None,
        "game_name": brain.game_name or None,
        "rules_key": info.rules_key,
        "learner": info.learner,
        "ai": info.ai_name,
        "games_played": info.games_played,
        "saved_at": info.saved_at,
        "changed_settings": dict(brain.changed_settings),
        "problem": brain.problem or None,
    }


def brain_list_lines(brains: list[BrainSummary]) -> list[str]:
    """The saved brains as a plain table; a damaged one is named again below it, with why."""
    header = BRAIN_COLUMNS
    rows = [tuple(printable(brain_cells(brain)[column]) for column in header) for brain in brains]
    widths = [max(cell_len(cell) for cell in column) for column in zip(header, *rows)]

    def line(cells: tuple[str, ...]) -> str:
        return "  ".join(
            cell.rjust(width) if i == 3 else padded(cell, width)
            for i, (cell, width) in enumerate(zip(cells, widths))
        ).rstrip()

    lines = [line(header), *(line(row) for row in rows)]
    for brain in brains:
        if brain.problem:
            lines.append(_damaged_line(brain))
    return lines


def _damaged_line(brain: BrainSummary) -> str:
    """Which brain is damaged, why, and how to reset it (where its game cannot be read, only
    its key says which ``--game`` reaches it, if any does)."""
    info = brain.info
    whose = f"The brain of {printable(str(info.ai_name))} ({printable(str(info.learner))})"
    if brain.rules is None:
        return (
            f"{whose} kept under {printable(str(info.rules_key))} is {printable(brain.problem)}; "
            "no game can load it as it is (`sticks-tui brain reset` with the game of that key, "
            "if it is a game's, forgets it; see --help for --game, --learner and --ai)."
        )
    options = brain_options(brain.rules, info.learner, info.ai_name)
    return (
        f"{whose} for {brain.game} is {printable(brain.problem)}; reset it with "
        f"`sticks-tui brain reset {printable(options)}`."
    )


@store_problems_end_here
def _run_export(args: argparse.Namespace) -> int:
    rules, learner, ai = _brain_choice(args)
    try:  # a FILE that cannot be written is bad usage, found before anything else
        out = brain_file_writer(args.file)
    except BrainActionRefused as error:
        args.command_parser.error(f"argument FILE: {error}")
    with open_to_read_from_args(args) as store:  # a read: nothing is created
        try:
            done = export_brain(store, rules, learner, ai, out)
        except BrainActionRefused as error:
            complain(str(error))
            return EXIT_DATA_PROBLEM
        saved = store.saved_game(rules, ai, learner)
    if not out.is_stdout:
        print(done + _other_start(rules, saved))
    return 0


def _other_start(asked: Rules, saved: Rules | None) -> str:
    """Where ``--game`` named another start than the brain was saved for: the file keeps the
    brain's own game, and the line says why (a brain serves every start of its game)."""
    if saved is None or saved == asked:
        return ""
    return (
        f" (saved for {spec_of(saved)}, which the file keeps; --game {spec_of(asked)} finds the "
        "same brain, as a brain serves every start of its game)"
    )


@store_problems_end_here
def _run_import(args: argparse.Namespace) -> int:
    rules, learner, ai = _brain_choice(args)
    try:
        brain = read_brain_file(args.file, rules, learner=learner, keep_start=True)
    except BrainFileUnreadable as error:
        args.command_parser.error(f"argument FILE: {error}")
    except BrainFileRefused as error:
        return _refuse(str(error))
    with open_from_args(args) as store:
        try:
            done = import_brain(store, brain, args.file, ai)
        except BrainFileRefused as error:
            return _refuse(str(error))
    print(done)
    return 0


@store_problems_end_here
def _run_reset(args: argparse.Namespace) -> int:
    rules, learner, ai = _brain_choice(args)
    # With no store yet there is nothing to reset, and nothing is created to say so.
    with open_to_read_from_args(args) as store:
        info = store.brain_info(rules, ai, learner)
        if info is not None and not args.yes:
            what = brain_words(rules, learner, ai, info.games_played)
            answer = _ask(f"Reset {what}? It cannot be undone. [y/N] ", sys.stdin, sys.stdout)
            if answer is None:
                complain(f"no answer (end of input), so {what} was not reset; give --yes to "
                          f"reset without asking")
                return EXIT_DATA_PROBLEM
            if answer.strip().casefold() not in ("y", "yes"):
                print("Not reset.")
                return 0
        print(reset_brain(store, rules, learner, ai))
    return 0


# -- helpers ---------------------------------------------------------------------------------------
def _brain_choice(args: argparse.Namespace) -> tuple[Rules, str, str]:
    """The saved brain the options name: (game, learner, AI name)."""
    rules = brain_game_from_args(args.command_parser, args)
    learner: str = args.learner
    ai: str = args.ai if args.ai is not None else default_ai_name(learner)
    return rules, learner, ai


def _refuse(message: str) -> int:
    complain(f"{message}; the saved brain is unchanged")
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


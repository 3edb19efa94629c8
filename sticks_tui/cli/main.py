"""Command-line entry point: ``sticks-tui`` and ``python -m sticks_tui``.

With no command it opens the full-screen app; ``--classic`` runs the line-by-line console of
the original assignment; the commands (``train``, ``solve``, ...) are headless tools for
scripting and teaching. Each command lives in its own module, which adds its sub-parser through
a ``register(subparsers)`` function and sets ``handler`` on it.

Bad arguments end with a one-line message and exit status 2, as argparse does; no command ever
lets a Python traceback reach the user.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable, Sequence
from typing import TypeAlias, cast

from .. import __version__
from ..engine.game import Rules
from ..engine.learners import learner_kinds, learner_names
from ..storage.sqlite.store_file import StoreError
from ..text.terminal import printable
from .args import (
    GAME_HELP,
    PROG,
    ArgumentError,
    CommandLineParser,
    check_player_options,
    data_dir,
    error_text,
    game_from_args,
    game_spec,
    player_name,
    positive_int,
    saved_ai_name,
    seconds,
    training_games,
    whole_number,
)

#: The command line's sub-parsers, as every command's ``register`` takes them.
Subparsers: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"


#: The commands, in the order ``--help`` lists them (:func:`_command_module` loads each).
COMMANDS = ("train", "experiment", "solve", "leaderboard", "brain", "analyze", "serve")


def _command_module(name: str) -> Callable[[Subparsers], None]:
    """The ``register(subparsers)`` of the module of the command ``name`` (:data:`COMMANDS`:
    each is ``sticks_tui.cli.<name>``), loaded now, alone."""
    if name not in COMMANDS:
        raise ValueError(f"no command {name!r}")
    module = importlib.import_module(f".{name}", __package__)
    return cast("Callable[[Subparsers], None]", module.register)


def parse_command_line(
    argv: Sequence[str] | None,
) -> tuple[argparse.ArgumentParser, argparse.Namespace]:
    """The parser and what it read of ``argv`` (the program's arguments when None).

    The app opens with no command, and so does each tab of a classroom, as it starts (SPEC 14:
    its first frame within 1.5 times a minimal Textual app's): the commands' modules, and the
    engine's work they bring, are then not loaded. A parser of the program's own options, which
    knows the commands by name only (:func:`build_parser` with ``commands=False``), reads the
    arguments first; where it finds a command, ``--help``, or anything it does not know, the
    whole parser reads them (its help, its messages). Both say an error in the same words.
    """
    light = build_parser(commands=False)
    args, rest = light.parse_known_args(argv)
    if args.command is None and not rest:
        return light, args
    # a command given: only its module is loaded (the others' cost every start some 20 ms)
    parser = build_parser(only=args.command)
    return parser, parser.parse_args(argv)


def build_parser(*, commands: bool = True, only: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser; ``commands`` False: each command by its name only (what it
    reads after its name is left unread), without ``--help`` (:func:`parse_command_line`);
    ``only`` a command: that command whole, the others by name only."""
    parser = CommandLineParser(
        add_help=commands,
        prog=PROG,
        description=(
            "The Game of Sticks and its relatives: play a friend or a machine that learns in "
            "front of you. With no command, opens the full-screen app."
        ),
    )
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    parser.add_argument(
        "--classic",
        action="store_true",
        help="play in the line-by-line console of the original assignment",
    )
    parser.add_argument(
        "--seed",
        type=whole_number,
        default=None,
        help="seed the AI's randomness so that games repeat exactly",
    )
    parser.add_argument(
        "--data-dir",
        type=data_dir,
        default=None,
        metavar="DIR",
        help="where the leaderboard and the AI's brains are kept (default: $STICKS_TUI_DATA_DIR, "
        "else the user data directory)",
    )
    parser.add_argument(
        "--game",
        dest="app_game",
        type=game_spec,
        default=None,
        metavar="SPEC",
        help=f"the game the app's setup screen starts with; {GAME_HELP}",
    )
    parser.add_argument(
        "--sticks",
        "-n",
        dest="app_sticks",
        type=positive_int,
        default=None,
        metavar="N",
        help="the heap (take-away) the app's setup screen starts with",
    )
    parser.add_argument(
        "--training-games",
        type=training_games,
        default=None,
        metavar="N",
        help="games the trained AI plays against itself before playing you, in the classic "
        "console's option 3 and the app's trained computer (default 100,000; at most "
        "10,000,000)",
    )
    parser.add_argument(
        "--ai-delay",
        type=seconds,
        default=None,
        metavar="SECONDS",
        help="the app's pause before an AI's move, so you can see the ball it draws (default "
        "0.45; 0 to 10)",
    )
    parser.add_argument(
        "--opponent",
        dest="app_opponent",
        type=saved_ai_name,
        default=None,
        metavar="NAME",
        help="open the app on a game against this brain of the game (--game): a saved brain's "
        "name, as the brains screen lists it, or AI; refused when there is none",
    )
    parser.add_argument(
        "--learner",
        dest="app_learner",
        choices=learner_names(),
        default=None,
        help="with --opponent, when the name has a brain of each learner: "
        + " or ".join(f"{kind.name} ({kind.words.the})" for kind in learner_kinds()),
    )
    for number in (1, 2):
        parser.add_argument(
            f"--player{number}",
            type=player_name,
            default=None,
            metavar="NAME",
            help=f"the name of player {number}, in the classic console and on the app's setup "
            f"screen (default: Player {number}; the app starts with the names last confirmed)",
        )
    # Each browser tab of `sticks-tui serve` runs the app so (sticks_tui/serve/server.py).
    parser.add_argument("--served", action="store_true", help=argparse.SUPPRESS)
    # The commands' parsers are CommandLineParsers too; the commands only need ArgumentParser's API.
    subparsers = cast(
        "argparse._SubParsersAction[argparse.ArgumentParser]",
        parser.add_subparsers(dest="command", metavar="COMMAND"),
    )
    for name in COMMANDS:
        if commands and only in (None, name):
            _command_module(name)(subparsers)
        else:
            subparsers.add_parser(name, add_help=False).add_argument(
                "unread", nargs=argparse.REMAINDER
            )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser, args = parse_command_line(argv)
    check_player_options(parser, args)  # names that would share a leaderboard row: exit 2
    _check_opponent(parser, args)
    if args.command is None:
        args.app_rules = _app_game(parser, args)
    try:
        status = _dispatch(args)
        sys.stdout.flush()  # a full disk or a closed pipe shows up here, not at exit
        return status
    except ArgumentError as error:
        parser.exit(2, f"{PROG}: error: {error_text(str(error))}\n")
    except StoreError as error:  # a records file we must not touch: say which and what to do
        print(f"{PROG}: error: {error_text(str(error))}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # the reader of our output went away (e.g. `sticks-tui solve | head`): not an error
        _silence_stdout()
        return 0
    except OSError as error:  # the system refused (e.g. output to a full disk)
        _silence_stdout()
        where = f" ({error.filename})" if error.filename else ""
        print(f"{PROG}: error: {error_text((error.strerror or str(error)) + where)}",
              file=sys.stderr)
        return 1
    except Exception as error:  # noqa: BLE001 - a bug of ours: one line, details in a file
        log = _write_crash_report()
        print(
            f"{PROG}: something went wrong inside the program ({type(error).__name__}: "
            f"{error_text(str(error))}).\n"
            f"{PROG}: the details are in {printable(log)}; please include that file when you "
            "report this.",
            file=sys.stderr,
        )
        return 1


def _app_game(parser: argparse.ArgumentParser, args: argparse.Namespace) -> Rules | None:
    """The game ``--game``/``--sticks`` name for the app (None: the setup screen's own choice);
    the classic console plays the Game of Sticks only, as the original assignment."""
    if args.app_game is None and args.app_sticks is None:
        return None
    if args.classic:
        parser.error("argument --game/--sticks: the classic console plays the Game of Sticks and "
                     "asks for the sticks itself; leave these out with --classic")
    game = argparse.Namespace(
        game=args.app_game, sticks=args.app_sticks, takes=None, normal=False, default_sticks=20
    )
    rules = game_from_args(parser, game, heap_limits=False)  # the app's limits, just below
    from ..ui.presenters import app_refusal
    from ..ui.presenters.forms import STICKS_FIELD

    refusal = app_refusal(rules)  # the setup screen's own check and words
    if refusal is not None:
        field, message = refusal
        option = "--sticks" if field == STICKS_FIELD.id and args.app_sticks else "--game"
        parser.error(
            f"argument {option}: {message} (the app's limits, as on its setup screen; train, "
            "solve and analyze have wider ones)"
        )
    return rules


def _check_opponent(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """``--opponent`` opens the app on a game; ``--learner`` only says which brain it means."""
    opponent, learner = args.app_opponent, args.app_learner
    if opponent is not None and (args.command is not None or args.classic):
        what = "the classic console" if args.classic else f"the {args.command} command"
        parser.error(f"argument --opponent: it opens the app on a game; {what} takes none")
    if learner is not None and opponent is None:
        parser.error("argument --learner: it says which brain --opponent names; give --opponent")


def _dispatch(args: argparse.Namespace) -> int:
    handler = getattr(args, "handler", None)
    if handler is not None:
        return int(handler(args) or 0)
    if args.classic:
        from ..console.classic import run_classic
        from ..engine.machines import LEARNING_AI_NAME, TRAINED_AI_NAME
        from ..storage.sqlite.store import open_records, warn_on_stderr

        def warn(message: str) -> None:  # it may name the data directory
            warn_on_stderr(printable(message))

        records = open_records(args.data_dir, warn=warn)
        return run_classic(
            seed=args.seed,
            player_names=(args.player1 or "Player 1", args.player2 or "Player 2"),
            ai_name=LEARNING_AI_NAME,
            trained_ai_name=TRAINED_AI_NAME,
            records=records,
            **({} if args.training_games is None else {"training_games": args.training_games}),
        )
    from .app import open_app  # the app's imports, only when it opens

    return open_app(args)


def _silence_stdout() -> None:
    """Point stdout at /dev/null, so Python's final flush at exit cannot fail a second time."""
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def _write_crash_report() -> str:
    """Keep the traceback for the developers, out of the user's way."""
    import tempfile
    import traceback

    with tempfile.NamedTemporaryFile(
        "w", prefix="sticks-tui-crash-", suffix=".txt", delete=False, encoding="utf-8"
    ) as report:
        traceback.print_exc(file=report)
        return report.name

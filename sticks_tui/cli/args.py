"""What every command's options share: argparse types, the parser class, the player checks.

Each command module (``train``, ``solve``, ``brain``...) and :mod:`.main` import from here, and
this module imports none of them, so the command line has no import loop.
"""

from __future__ import annotations

import argparse
from typing import Any, NoReturn

from ..engine.game import Rules
from ..engine.games import GameSpecError, family_of, parse_game, spec_of
from ..engine.games.family import quoted
from ..engine.numbers import parse_whole_number, too_large_words
from ..text.names import (
    brain_name_from_typed,
    name_from_typed,
    names_problem,
    saved_name_from_typed,
)
from ..text.terminal import printable

PROG = "sticks-tui"


#: The most characters an error line shows, whatever the input it repeats (SPEC section 12).
ERROR_MOST = 400


def error_text(message: str) -> str:
    """An error message as the command line prints it: on one line, every character a terminal
    would obey written as an escape (:func:`printable`), and at most :data:`ERROR_MOST`
    characters. Where a message repeats a long input (a path, a game of 20,000 takes) it is cut
    in the middle, keeping how it starts (what is wrong) and how it ends (what to do)."""
    line = printable(message)
    if len(line) <= ERROR_MOST:
        return line
    head, tail = ERROR_MOST * 2 // 3, ERROR_MOST // 4
    left_out = len(line) - head - tail
    return f"{line[:head]}…({left_out:,} characters left out)…{line[-tail:]}"


class ArgumentError(Exception):
    """A value that parsed but makes no sense (e.g. an unwritable --out); exit status 2."""


class CommandLineParser(argparse.ArgumentParser):
    """argparse's parser, with every error line made safe to show.

    An error may repeat what was typed (``unrecognized arguments: FILE``, a path a command
    could not use), and a file name may hold an escape sequence or a newline: those are shown
    escaped (:func:`printable`), one line still, and never obeyed by the terminal. The
    sub-commands' parsers are of this class too (argparse makes them of their parent's class).
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        # No abbreviations: "--game" must never be read as "--games" (nor "--out" as "--outfile").
        kwargs.setdefault("allow_abbrev", False)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        """One usage line that says where the options are listed, then one ``error:`` line;
        exit status 2. (argparse's own usage lists every option, four lines and more, before
        the line that matters; ``--help`` still shows it.)"""
        command = " [COMMAND ...]" if self._subparsers is not None else ""
        self.exit(
            2,
            f"usage: {self.prog} [OPTIONS]{command} ({self.prog} --help lists them)\n"
            f"{self.prog}: error: {error_text(message)}\n",
        )


def positive_int(text: str) -> int:
    """argparse type: a whole number >= 1, refusing '-3', '2.5', '' and 10,000-digit numbers."""
    value = whole_number(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {text}")
    return value


def non_negative_int(text: str) -> int:
    value = whole_number(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more, got {text}")
    return value


def whole_number(text: str) -> int:
    """argparse type: a whole number, signed, refusing '2.5', '', '1_000' and '١'."""
    value = parse_whole_number(text, signed=True, max_digits=18)
    if value is None:
        if parse_whole_number(text, signed=True, max_digits=len(text)) is not None:
            raise argparse.ArgumentTypeError(f"too large: {too_large_words(text)}")
        raise argparse.ArgumentTypeError(f"not a whole number: {quoted(text)}")
    return value


EXIT_DATA_PROBLEM = 1
EXIT_INTERRUPTED = 130


# -- argument types shared with the top-level options --------------------------------------------
def player_name(text: str) -> str:
    """argparse type for ``--player1/--player2``: a visible name of
    at most 40 characters, in one script, that does not look like a computer player's.

    The control characters are looked for before spaces are tidied, which would turn a line
    break or a tab into a space.
    """
    try:
        return name_from_typed(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def brain_name(text: str) -> str:
    """argparse type for ``brain import --ai``: a name as :func:`player_name` takes it, but not
    the name of a computer player that plays no brain ("random", "Perfect AI")."""
    try:
        return brain_name_from_typed(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def saved_ai_name(text: str) -> str:
    """argparse type for ``brain export|reset --ai`` and ``--opponent``: a saved brain's AI,
    named as :func:`player_name` takes it except for how the name looks, so that a brain saved
    under a name now refused (before the rule) can still be exported, reset or played."""
    try:
        return saved_name_from_typed(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def takes_list(text: str) -> tuple[int, ...]:
    """argparse type for ``--takes``: whole numbers >= 1 separated by commas, e.g. ``2,3,5``."""
    parts = [part.strip() for part in text.split(",")]
    try:
        values = tuple(positive_int(part) for part in parts)
    except argparse.ArgumentTypeError:
        raise argparse.ArgumentTypeError(
            "expected whole numbers of at least 1 separated by commas, e.g. 1,2,3; got "
            f"{quoted(text)}"
        ) from None
    from ..engine.games.takeaway import check_different_takes  # (see _check_heap)

    try:
        check_different_takes(values)
    except GameSpecError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return tuple(sorted(values))


def check_player_options(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Refuse ``--player1``/``--player2`` that would share a leaderboard row (exit status 2).

    A person named like a computer player ("AI", "Trained AI"...) would have their wins and
    the machine's counted as one; two people with one name, likewise. Where only one option is
    given, the classic console's default name stands in for the other (the app asks anyway).
    """
    given = {number: getattr(args, f"player{number}", None) for number in (1, 2)}
    for number, name in given.items():  # a computer player's name: the option that has it
        problem = None if name is None else names_problem([name])
        if problem is not None:
            parser.error(f"argument --player{number}: {_sentence_part(problem)}")
    first, second = given[1], given[2]
    if first is not None and second is not None:
        problem = names_problem([first, second])
        if problem is not None:
            parser.error(f"arguments --player1 and --player2: {_sentence_part(problem)}")
    elif getattr(args, "classic", False):  # the console names the other player by default
        for number, other in ((1, 2), (2, 1)):
            name, default = given[number], f"Player {other}"
            if name is not None and names_problem([name, default]) is not None:
                parser.error(
                    f"argument --player{number}: player {other} is called \"{default}\" unless "
                    f"--player{other} is given; the two players need different names"
                )


def _sentence_part(message: str) -> str:
    """"The two players..." -> "the two players...", to follow "argument --player1: "."""
    return message[:1].lower() + message[1:]


def data_dir(text: str) -> str:
    """argparse type for ``--data-dir``: any non-empty path (it is created when needed)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("the data directory cannot be empty")
    return text


# -- the game every command plays ------------------------------------------------------------------
#: Largest heap a take-away variant may start from: big enough to teach with, small enough that
#: the table, the hats and training stay quick.
VARIANT_STICKS_MAX = 1000
GAME_HELP = (
    "the game: sticks (the default), takeaway:TAKES[:misere|normal], nim:PILES[:misere|normal], "
    "sticky:N[:K] or octal:CODE[:N][:misere|normal]; e.g. takeaway:2,3,5:normal, nim:1,3,5,7, "
    "sticky:20:3, octal:0.77:20 (Kayles)"
)


def game_spec(text: str) -> str:
    """argparse type for ``--game``: a spec the game registry reads (exit 2 with an example)."""
    try:
        parse_game(text)
    except GameSpecError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return text


def add_game_arguments(parser: argparse.ArgumentParser, *, default_sticks: int) -> None:
    """``--game SPEC``, ``--sticks N`` (a take-away heap) and the older ``--takes``/``--normal``."""
    from ..engine.games.takeaway import STICKS_MAX, STICKS_MIN  # (see _check_heap)

    parser.add_argument("--game", type=game_spec, default=None, metavar="SPEC", help=GAME_HELP)
    parser.add_argument(
        "--sticks",
        "-n",
        type=positive_int,
        default=None,
        metavar="N",
        help=(
            f"the heap a take-away game starts from (default {default_sticks}); "
            f"{STICKS_MIN}-{STICKS_MAX} for the Game of Sticks, 1-{VARIANT_STICKS_MAX} for a "
            "variant"
        ),
    )
    parser.add_argument(
        "--takes",
        type=takes_list,
        default=None,
        metavar="LIST",
        help="short for --game takeaway:LIST: how many sticks a move may take, e.g. 2,3,5",
    )
    parser.add_argument(
        "--normal",
        action="store_true",
        help="with --takes (or alone, for the Game of Sticks' takes): a player who cannot move "
        "loses (default: whoever takes the last stick loses)",
    )
    parser.set_defaults(default_sticks=default_sticks)


def game_from_args(
    parser: argparse.ArgumentParser, args: argparse.Namespace, *, heap_limits: bool = True
) -> Rules:
    """The game ``--game``/``--takes``/``--normal`` and ``--sticks`` name; a bad combination or a
    heap out of range ends like any bad argument (exit status 2, a message with an example).

    ``heap_limits=False`` leaves the heap to the caller's own limits (the app's, which are its
    setup screen's: :func:`sticks_tui.cli.main._app_game`)."""
    spec = args.game
    if args.takes is not None or args.normal:
        if spec is not None:
            parser.error("argument --game: give either --game or --takes/--normal, not both")
        takes = args.takes if args.takes is not None else (1, 2, 3)
        spec = "takeaway:" + ",".join(map(str, takes)) + (":normal" if args.normal else "")
    spec = spec if spec is not None else "sticks"
    takes_sticks = family_of(parse_game(spec)).takes_sticks
    sticks = args.sticks
    if takes_sticks and sticks is None:
        sticks = args.default_sticks
    try:
        rules = parse_game(spec, sticks)
    except GameSpecError as error:  # e.g. --sticks with a game that has no heap
        parser.error(str(error) if not takes_sticks else f"argument --game: {error}")
    if takes_sticks and heap_limits:
        _check_heap(parser, rules, sticks)
    return rules


def _check_heap(parser: argparse.ArgumentParser, rules: Rules, sticks: int | None) -> None:
    """The Game of Sticks is played with 10 to 100 sticks (SPEC section 1); a variant with 1 to
    :data:`VARIANT_STICKS_MAX`."""
    # The take-away family's module where its limits are asked, not when this module is
    # imported: opening the app with none of them (each tab of a classroom) loads no family.
    from ..engine.games.takeaway import STICKS_MAX, STICKS_MIN

    if spec_of(rules) == "sticks":
        low, high = STICKS_MIN, STICKS_MAX
        hint = " (give --game takeaway:TAKES for a take-away variant)"
    else:
        low, high, hint = 1, VARIANT_STICKS_MAX, ""
    if sticks is not None and not low <= sticks <= high:
        parser.error(
            f"argument --sticks: {rules.name} is played with {low} to {high} sticks, "
            f"got {sticks}{hint}"
        )


def game_given_before_the_command(
    parser: argparse.ArgumentParser, args: argparse.Namespace
) -> None:
    """``sticks-tui --game nim solve`` is ``sticks-tui solve --game nim``, as ``--seed`` is.

    The top-level ``--game``/``--sticks`` (kept as ``app_game``/``app_sticks``, the app's) would
    otherwise be dropped without a word by a command with options of its own; given on both
    sides, the two must agree.
    """
    for option, mine, top in (("--game", "game", "app_game"), ("--sticks", "sticks", "app_sticks")):
        before = getattr(args, top, None)
        if before is None:
            continue
        after = getattr(args, mine, None)
        if after is not None and after != before:
            shown = [quoted(v) if isinstance(v, str) else str(v) for v in (before, after)]
            parser.error(
                f"argument {option}: given before the command ({shown[0]}) and after it "
                f"({shown[1]}); give it once"
            )
        setattr(args, mine, before)


# -- the game of a saved brain -------------------------------------------------------------------
def add_brain_game_arguments(parser: argparse.ArgumentParser) -> None:
    """``--game SPEC`` (and the older ``--takes``/``--normal``) for the ``brain`` commands.

    A saved brain serves every heap of its game (its key leaves the start out), so ``--sticks``
    means nothing here: it is taken only to be refused by :func:`brain_game_from_args` with the
    reason, and left out of the help.
    """
    from ..engine.games.takeaway import STICKS_MAX  # (see _check_heap)

    add_game_arguments(parser, default_sticks=STICKS_MAX)  # any heap: the brain serves all
    for action in parser._actions:
        if action.dest == "sticks":
            action.help = argparse.SUPPRESS


def brain_game_from_args(parser: argparse.ArgumentParser, args: argparse.Namespace) -> Rules:
    """The game of ``--game``/``--takes``/``--normal`` (``--game`` given before the command
    too); ``--sticks``, after the command or before it, ends like a bad argument."""
    game_given_before_the_command(parser, args)
    if args.sticks is not None:
        parser.error(
            "argument --sticks: a saved brain serves every heap of its game, so it is chosen "
            "by --game alone (e.g. --game sticks or --game takeaway:2,3,5:normal)"
        )
    return game_from_args(parser, args)


# -- how much the machines do ----------------------------------------------------------------------
#: The most games one training may play (SPEC section 8).
TRAINING_GAMES_MAX = 10_000_000
#: The longest pause the app may make before an AI's move, in seconds.
AI_DELAY_MAX = 10.0
#: The teacher's passphrase, handed by ``sticks-tui serve`` to the app of each tab it serves (it
#: lives here, not with the app, so that the headless commands never load the app's screens).
PASSPHRASE_ENV = "STICKS_TUI_TEACHER_PASSPHRASE"


def training_games(text: str) -> int:
    """argparse type for ``--training-games``: 1 to :data:`TRAINING_GAMES_MAX` games."""
    value = whole_number(text)
    if not 1 <= value <= TRAINING_GAMES_MAX:
        raise argparse.ArgumentTypeError(
            f"must be from 1 to {TRAINING_GAMES_MAX:,} games, got {value:,}"
        )
    return value


def seconds(text: str) -> float:
    """argparse type for ``--ai-delay``: a number of seconds from 0 to :data:`AI_DELAY_MAX`."""
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value <= AI_DELAY_MAX:  # also refuses nan and inf
        raise argparse.ArgumentTypeError(
            f"must be a number of seconds from 0 to {AI_DELAY_MAX:g}, got {text!r:.40}"
        )
    return value

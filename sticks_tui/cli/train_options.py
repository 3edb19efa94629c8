"""``sticks-tui train``'s options: what each means, how it is read, and what it makes (the
learner and its opponents). Every bad one ends the way argparse ends: a usage line, a one-line
``error:`` message and exit status 2, before any training.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable, Hashable
from typing import Any

from ..engine.backends import PYTHON, BackendUnavailable, backend_for, backend_names
from ..engine.game import Rules
from ..engine.games import spec_of
from ..engine.learners import learner_kind, learner_kinds, learner_names
from ..engine.learners.base import Learner
from ..engine.learners.kind import LearnerKind
from ..engine.learners.settings import Setting, Settings, SettingsError
from ..engine.training import (
    FrozenOpponent,
    Opponent,
    Schedule,
)
from ..storage.brain_files import BrainFileError, read_brain_file, shown_name
from ..storage.file_writer import STDIO
from ..text import opponents
from ..text.memory import (
    DEFAULT_MEMORY_CAP_TEXT,
    MEMORY_CAP_MAX,
    SIZE_EXAMPLES,
    memory_stop_words,
    parse_memory_cap,
    size_field,
)
from ..text.opponents import GAMES_MAX, AgainstPlan, OpponentChoice
from .args import add_game_arguments, whole_number

#: Sticks ``train`` starts a take-away game from by default: the AI has hats for 1..100, and
#: every one of them is met during self-play only when games start from 100.
TRAIN_DEFAULT_STICKS = 100
AGAINST_HELP = (
    "self (the default: it plays itself, both sides learning), random, perfect, mixed:P "
    "(perfect with chance P, else random), BRAIN.json (a saved brain, which does not learn) or a "
    "schedule OPPONENT=GAMES,... played in order, e.g. random=1000,self=99000"
)
# -- what --against says (read by sticks_tui.text.opponents, as the lab reads it) ----------
def against_plan(text: str) -> AgainstPlan:
    """argparse type for ``--against``: an opponent, or OPPONENT=GAMES,... (a schedule)."""
    try:
        return opponents.against_plan(text, AGAINST_HELP)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def opponent_choice(text: str) -> OpponentChoice:
    """``self``, ``random``, ``perfect``, ``mixed:P``; anything else names a brain file."""
    try:
        return opponents.opponent_choice(text, AGAINST_HELP)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def training_games(text: str) -> int:
    """argparse type for ``--games``: a whole number from 1 to 10,000,000."""
    try:
        return opponents.training_games(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def memory_cap(text: str) -> int:
    """argparse type for ``--memory-cap``: a size such as 512M or 2G, from 1M to 1T."""
    try:
        return parse_memory_cap(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def memory_stop_message(cap: int, games: int, planned: int, out: str) -> str:
    """What ``train`` says when training stopped at its memory cap: why, where what was learned
    went, and how to go on."""
    where = "the brain written to standard output" if out == STDIO else shown_name(out)
    more = size_field(min(2 * cap, MEMORY_CAP_MAX))
    return (
        f"Training {memory_stop_words(cap, games, planned)}; {where} holds what it learned. To "
        f"go on, raise --memory-cap (e.g. --memory-cap {more}), or train on from that brain in "
        "the app's lab (brain import it first)."
    )


def number(text: str) -> float:
    """argparse type for a learning rate or a chance: any number (the learner checks its range)."""
    try:
        return float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r:.40}") from None


#: Counts in words, for "three numbers WIN,LOSS,MOVE are needed".
_COUNTS = {2: "two", 3: "three", 4: "four", 5: "five"}


def numbers(settings: tuple[Setting, ...]) -> Callable[[str], tuple[float, ...]]:
    """argparse type for an option that gives several settings at once, separated by commas:
    ``--rewards WIN,LOSS,MOVE``, e.g. ``1,-1,0`` (CS50's)."""

    def read(text: str) -> tuple[float, ...]:
        parts = text.split(",")
        try:
            values = tuple(float(part) for part in parts)
        except ValueError:
            values = ()
        if len(values) != len(settings):
            count = _COUNTS.get(len(settings), str(len(settings)))
            raise argparse.ArgumentTypeError(
                f"{count} numbers {_metavar(settings)} are needed, e.g. {_defaults(settings)}; "
                f"got {text!r:.40}"
            )
        return values

    return read


# -- the command line ------------------------------------------------------------------------
def add_train_arguments(parser: argparse.ArgumentParser) -> None:
    """Every option of ``train``."""
    add_game_arguments(parser, default_sticks=TRAIN_DEFAULT_STICKS)
    parser.add_argument(
        "--learner",
        choices=learner_names(),
        default=learner_names()[0],
        help="; ".join(
            f"{kind.name}: {kind.words.the} ({'the default, ' if i == 0 else ''}{kind.words.fits})"
            for i, kind in enumerate(learner_kinds())
        ),
    )
    parser.add_argument(
        "--against", type=against_plan, default=None, metavar="OPPONENT", help=AGAINST_HELP
    )
    parser.add_argument(
        "--games",
        "-g",
        type=training_games,
        default=None,
        metavar="N",
        help=f"games of training, 1 to {GAMES_MAX:,} (default "
        + ", ".join(f"{kind.default_games:,} for {kind.name}" for kind in learner_kinds())
        + "; a schedule's own count when left out)",
    )
    parser.add_argument(
        "--seed",
        dest="train_seed",
        type=whole_number,
        default=None,
        metavar="S",
        help="seed every draw of training, so that the same seed writes the same file",
    )
    parser.add_argument(
        "--out",
        "-o",
        required=True,
        metavar="FILE",
        help="where to write the brain (JSON; - for standard output); a file is replaced in one "
        "step when training has finished",
    )
    parser.add_argument(
        "--backend",
        choices=backend_names(),
        default="auto",
        help="who plays the hat AI's self-play in a take-away game: python, or numba (compiled, "
        "about 10x quicker, the same brain; needs pip install 'sticks-tui[fast]'); auto (the "
        "default): numba when it is installed, else python. Other games and opponents always "
        "use python",
    )
    parser.add_argument(
        "--memory-cap",
        type=memory_cap,
        default=DEFAULT_MEMORY_CAP_TEXT,
        metavar="SIZE",
        help=f"the most memory training may take, e.g. {SIZE_EXAMPLES} (default "
        f"{DEFAULT_MEMORY_CAP_TEXT}; 1G is 1,024M): before passing it, training stops between "
        "two games and writes what was learned, saying so",
    )
    add_settings_arguments(parser)


def add_settings_arguments(parser: argparse.ArgumentParser) -> None:
    """Every learner's learning settings, an option each (settings given together share one),
    a group of options per learner: from the settings' own declaration (their help, range and
    default)."""
    for kind in learner_kinds():
        group = parser.add_argument_group(kind.words.settings)
        for option, settings in options_of(kind):
            first = settings[0]
            default = f"default {_defaults(settings)}" + (f"; {first.note}" if first.note else "")
            if len(settings) > 1:
                group.add_argument(
                    option, type=numbers(settings), default=None, metavar=_metavar(settings),
                    help=f"{first.option_help} ({default})",
                )
            else:
                group.add_argument(
                    option, type=whole_number if first.whole else number, default=None,
                    metavar=first.metavar, help=f"{first.described()} ({default})",
                )


def options_of(kind: LearnerKind[Any]) -> list[tuple[str, tuple[Setting, ...]]]:
    """The learner's options, in the order of its settings, each with the settings it gives."""
    options: dict[str, tuple[Setting, ...]] = {}
    for meta in kind.settings_type.settings():
        options[meta.option] = (*options.get(meta.option, ()), meta)
    return list(options.items())


def _defaults(settings: tuple[Setting, ...]) -> str:
    return ",".join(f"{meta.default:g}" for meta in settings)


def _metavar(settings: tuple[Setting, ...]) -> str:
    return ",".join(meta.part for meta in settings)


def learner_from_args(
    parser: argparse.ArgumentParser, args: argparse.Namespace, rules: Rules
) -> Learner[Hashable, Hashable]:
    """A fresh learner of the kind asked for, with the settings given (exit 2 on a bad one)."""
    kind = learner_kind(args.learner)
    mine = [option for option, _ in options_of(kind)]
    for other in learner_kinds():
        for option, _ in options_of(other) if other is not kind else ():
            if getattr(args, _dest(option), None) is not None:
                theirs = ", ".join(mine)
                parser.error(
                    f"argument {option}: that is a setting of {_chosen_by(other)}; "
                    + (f"{kind.words.the}'s are {theirs}" if mine else
                       f"{kind.words.the} has none")
                )
    check_fits(parser, kind, rules)
    given = {option: getattr(args, _dest(option)) for option, _ in options_of(kind)}
    learner: Learner[Hashable, Hashable] = kind.make(rules, settings_from(parser, kind, given))
    return learner


def check_fits(parser: argparse.ArgumentParser, kind: LearnerKind[Any], rules: Rules) -> None:
    """Exit 2, saying why and where it is offered, when ``kind`` is not offered for ``rules``."""
    if not kind.fits(rules):
        unfit = kind.words.unfit.format(a=kind.words.a, game=spec_of(rules))
        parser.error(f"argument --learner: {unfit}; {kind.name} is offered for {kind.offered()}")


def settings_from(
    parser: argparse.ArgumentParser, kind: LearnerKind[Any], given: dict[str, Any]
) -> Settings:
    """``kind``'s settings from its options' values as read (``--rewards``' a tuple; None:
    not given, the default); a bad one exits 2, naming the option."""
    values: dict[str, Any] = {}
    for option, settings in options_of(kind):
        value = given.get(option)
        if value is not None:
            values.update(zip((meta.name for meta in settings), value if len(settings) > 1
                              else (value,)))
    try:
        made: Settings = kind.settings_type(**values)
    except SettingsError as error:
        parser.error(f"bad learning setting: {_in_options(str(error), kind)}")
    return made


def _chosen_by(kind: LearnerKind[Any]) -> str:
    """``the Q-learner (--learner q)``; the default learner needs no option."""
    default = learner_kinds()[0]
    return kind.words.the if kind is default else f"{kind.words.the} (--learner {kind.name})"


def _dest(option: str) -> str:
    """Where argparse keeps an option: ``--win-balls`` -> ``win_balls``."""
    return option.removeprefix("--").replace("-", "_")


def _in_options(message: str, kind: LearnerKind[Any]) -> str:
    """The engine's reason with its settings' names replaced by the options that set them
    (``the WIN of --rewards`` for one of several given by one option)."""
    for option, settings in options_of(kind):
        for meta in settings:
            words = option if len(settings) == 1 else f"the {meta.part} of {option}"
            message = re.sub(rf"\b{meta.name}\b", words, message)
    return message


def opponents_from_args(
    parser: argparse.ArgumentParser, args: argparse.Namespace, rules: Rules, kind: str
) -> tuple[Opponent | list[tuple[Opponent, int]], int]:
    """The opponent (or the schedule) and the games to play; brain files are read here, for
    the game being trained (exit 2 when one cannot be used)."""
    plan: AgainstPlan = args.against if args.against is not None else against_plan("self")
    against = opponents_of(parser, plan, rules, {})
    if not isinstance(against, list):
        games = args.games if args.games is not None else learner_kind(kind).default_games
        return against, games
    total = sum(count for _, count in against)
    if args.games is not None and args.games != total:
        parser.error(
            f"argument --games: the schedule plays {total:,} games, not {args.games:,}; leave "
            "--games out or give that number"
        )
    return against, total


def opponents_of(
    parser: argparse.ArgumentParser, plan: AgainstPlan, rules: Rules,
    brains: dict[str, FrozenOpponent],
) -> Opponent | list[tuple[Opponent, int]]:
    """The opponent, or the schedule (at most :data:`GAMES_MAX` games), ``plan`` names; brain
    files are read here, for the game being trained, once each (``brains`` keeps those read:
    exit 2 when one cannot be used)."""

    def opponent(choice: OpponentChoice) -> Opponent:
        if choice.opponent is not None:
            return choice.opponent
        if choice.text not in brains:
            brains[choice.text] = _brain_opponent(parser, choice.text, rules)
        return brains[choice.text]

    if not plan.is_schedule:
        return opponent(plan.legs[0][0])
    legs = [(opponent(choice), count or 0) for choice, count in plan.legs]
    total = sum(count for _, count in legs)
    if total > GAMES_MAX:
        parser.error(f"argument --against: the schedule plays {total:,} games; at most "
                     f"{GAMES_MAX:,} are allowed")
    return legs


def _brain_opponent(
    parser: argparse.ArgumentParser, path: str, rules: Rules
) -> FrozenOpponent:
    """A saved brain that plays but does not learn; a word that is no opponent and no file is
    told apart from a file that cannot be used."""
    try:
        brain = read_brain_file(path, rules)
    except BrainFileError as error:
        looks_like_a_file = path.lower().endswith(".json") or "/" in path or "\\" in path
        if not looks_like_a_file and str(error).startswith("no such brain file"):
            parser.error(f"argument --against: unknown opponent {path!r:.40}: give {AGAINST_HELP}")
        parser.error(f"argument --against: {error}")
    learner: Learner[Hashable, Hashable] = brain
    return FrozenOpponent(learner, shown_name(path))


def backend_from_args(
    parser: argparse.ArgumentParser,
    args: argparse.Namespace,
    rules: Rules,
    kind: str,
    against: Opponent | Schedule,
) -> str:
    """``--backend``, settled before training so that its cost is not training's: the compiled
    loop is loaded (numba's import and cache) only where it plays, for the hat AI's self-play in
    a take-away game. ``numba`` that cannot be had is an error (exit 2); ``auto`` then falls
    back quietly."""
    try:
        return backend_for(args.backend, rules, kind, against)
    except BackendUnavailable as error:
        parser.error(f"argument --backend: {error}, or give --backend {PYTHON}")

"""``sticks-tui train``'s options: what each means, how it is read, and what it makes (the
learner and its opponents). Every bad one ends the way argparse ends: a usage line, a one-line
``error:`` message and exit status 2, before any training.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Mapping
from typing import Any

from ..engine.backends import PYTHON, BackendUnavailable, backend_for, backend_names
from ..engine.game import AnyRuleSet
from ..engine.games import game_families, spec_of
from ..engine.learners import (
    HatBrain,
    HatSettings,
    Learner,
    QLearner,
    QSettings,
    SettingsError,
)
from ..engine.training import (
    FrozenOpponent,
    Opponent,
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
#: Games of training when ``--games`` is left out (SPEC section 8: seed 000's and CS50's).
DEFAULT_GAMES = {HatBrain.kind: 100_000, QLearner.kind: 10_000}
#: The learners by ``--learner`` word, and how the summary names them.
LEARNER_WORDS = {HatBrain.kind: "the hat AI", QLearner.kind: "the Q-learner"}
AGAINST_HELP = (
    "self (the default: it plays itself, both sides learning), random, perfect, mixed:P "
    "(perfect with chance P, else random), BRAIN.json (a saved brain, which does not learn) or a "
    "schedule OPPONENT=GAMES,... played in order, e.g. random=1000,self=99000"
)
#: The hat settings' options, by the setting's name (the engine names settings in messages).
HAT_OPTIONS = {
    "fresh_balls": "--fresh-balls",
    "balls_added_on_win": "--win-balls",
    "balls_taken_on_loss": "--loss-balls",
    "floor": "--floor",
}
#: The Q settings' options, likewise.
Q_OPTIONS = {
    "alpha": "--alpha",
    "epsilon": "--epsilon",
    "win_reward": "the WIN of --rewards",
    "loss_reward": "the LOSS of --rewards",
    "move_reward": "the MOVE of --rewards",
}


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


def rewards(text: str) -> tuple[float, float, float]:
    """argparse type for ``--rewards WIN,LOSS,MOVE``, e.g. ``1,-1,0`` (CS50's)."""
    parts = text.split(",")
    try:
        win, loss, move = (float(part) for part in parts)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"three numbers WIN,LOSS,MOVE are needed, e.g. 1,-1,0; got {text!r:.40}"
        ) from None
    return win, loss, move



# -- the command line ------------------------------------------------------------------------
def add_train_arguments(parser: argparse.ArgumentParser) -> None:
    """Every option of ``train``."""
    add_game_arguments(parser, default_sticks=TRAIN_DEFAULT_STICKS)
    parser.add_argument(
        "--learner",
        choices=tuple(LEARNER_WORDS),
        default=HatBrain.kind,
        help="hats: the hat AI (the default, any game); q: the Q-learner (take-away games, Nim, "
        "short Sticky-Nim lines)",
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
        f"{DEFAULT_GAMES[HatBrain.kind]:,} for hats, {DEFAULT_GAMES[QLearner.kind]:,} for q; "
        "a schedule's own count when left out)",
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
    hats = parser.add_argument_group(
        "the hat AI's learning settings (defaults: the original hat AI's)"
    )
    for option, what in (
        ("--fresh-balls", "balls of each number in a fresh hat (default 1)"),
        ("--win-balls", "balls added per drawn ball on a win (default 1)"),
        ("--loss-balls", "balls taken per drawn ball on a loss (default 1; 0 puts it back)"),
        ("--floor", "the fewest balls of each number a hat keeps (default 1)"),
    ):
        hats.add_argument(option, type=whole_number, default=None, metavar="N", help=what)
    q = parser.add_argument_group("the Q-learner's learning settings (default: CS50's)")
    q.add_argument(
        "--alpha", type=number, default=None, metavar="A",
        help="the learning rate, more than 0 and at most 1 (default 0.5)",
    )
    q.add_argument(
        "--epsilon", type=number, default=None, metavar="E",
        help="the chance of a random move while learning, 0 to 1 (default 0.1)",
    )
    q.add_argument(
        "--rewards", type=rewards, default=None, metavar="WIN,LOSS,MOVE",
        help="the reward of a winning last move, of a losing last move, and of every other "
        "move (default 1,-1,0; write --rewards=-1,... when the first is negative)",
    )


def learner_from_args(
    parser: argparse.ArgumentParser, args: argparse.Namespace, rules: AnyRuleSet
) -> HatBrain | QLearner:
    """A fresh learner of the kind asked for, with the settings given (exit 2 on a bad one)."""
    kind = args.learner
    others = Q_OPTIONS if kind == HatBrain.kind else HAT_OPTIONS
    mine = HAT_OPTIONS if kind == HatBrain.kind else Q_OPTIONS
    for name, option in others.items():
        if getattr(args, _dest(name), None) is not None:
            parser.error(
                f"argument {option}: that is a setting of "
                f"{'the Q-learner (--learner q)' if kind == HatBrain.kind else 'the hat AI'}; "
                f"{LEARNER_WORDS[kind]}'s are {', '.join(_options(mine))}"
            )
    if kind == QLearner.kind and not rules.capabilities.q_learning:
        offered = [f.q_learning_offered for f in game_families() if f.q_learning_offered]
        parser.error(
            f"argument --learner: a Q-learner's table does not fit {spec_of(rules)} (too many "
            f"positions); q is offered for {_and_list(offered) or 'no registered game'}"
        )
    try:
        if kind == HatBrain.kind:
            given = {name: getattr(args, _dest(name)) for name in HAT_OPTIONS}
            settings = HatSettings(**{k: v for k, v in given.items() if v is not None})
            return HatBrain(rules, settings)
        return QLearner.with_settings(_q_settings(args), rules=rules)
    except SettingsError as error:
        parser.error(f"bad learning setting: {_in_options(str(error), mine)}")


def _q_settings(args: argparse.Namespace) -> QSettings:
    default = QSettings()
    win, loss, move = args.rewards or (
        default.win_reward, default.loss_reward, default.move_reward
    )
    return QSettings(
        default.alpha if args.alpha is None else args.alpha,
        default.epsilon if args.epsilon is None else args.epsilon,
        win,
        loss,
        move,
    )


def _dest(setting: str) -> str:
    """Where argparse keeps a setting's option: ``--win-balls`` -> ``win_balls``; the rewards
    share one option."""
    option = {**HAT_OPTIONS, **Q_OPTIONS}[setting]
    return "rewards" if "--rewards" in option else option.removeprefix("--").replace("-", "_")


def _options(settings: Mapping[str, str]) -> list[str]:
    return list(dict.fromkeys("--rewards" if "--rewards" in o else o for o in settings.values()))


def _in_options(message: str, settings: Mapping[str, str]) -> str:
    """The engine's reason with its settings' names replaced by the options that set them."""
    for name, option in settings.items():
        message = re.sub(rf"\b{name}\b", option, message)
    return message


def _and_list(words: list[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} and {words[-1]}"


def opponents_from_args(
    parser: argparse.ArgumentParser, args: argparse.Namespace, rules: AnyRuleSet, kind: str
) -> tuple[Opponent | list[tuple[Opponent, int]], int]:
    """The opponent (or the schedule) and the games to play; brain files are read here, for
    the game being trained (exit 2 when one cannot be used)."""
    plan: AgainstPlan = args.against if args.against is not None else against_plan("self")
    brains: dict[str, FrozenOpponent] = {}

    def opponent(choice: OpponentChoice) -> Opponent:
        if choice.opponent is not None:
            return choice.opponent
        if choice.text not in brains:
            brains[choice.text] = _brain_opponent(parser, choice.text, rules)
        return brains[choice.text]

    if not plan.is_schedule:
        games = args.games if args.games is not None else DEFAULT_GAMES[kind]
        return opponent(plan.legs[0][0]), games
    legs = [(opponent(choice), count or 0) for choice, count in plan.legs]
    total = sum(count for _, count in legs)
    if total > GAMES_MAX:
        parser.error(f"argument --against: the schedule plays {total:,} games; at most "
                     f"{GAMES_MAX:,} are allowed")
    if args.games is not None and args.games != total:
        parser.error(
            f"argument --games: the schedule plays {total:,} games, not {args.games:,}; leave "
            "--games out or give that number"
        )
    return legs, total


def _brain_opponent(
    parser: argparse.ArgumentParser, path: str, rules: AnyRuleSet
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
    learner: Learner[Any, Any] = brain
    return FrozenOpponent(learner, shown_name(path))


def backend_from_args(
    parser: argparse.ArgumentParser, args: argparse.Namespace, rules: AnyRuleSet, kind: str
) -> str:
    """``--backend``, settled before training so that its cost is not training's: the compiled
    loop is loaded (numba's import and cache) only where it plays, for the hat AI in a take-away
    game. ``numba`` that cannot be had is an error (exit 2); ``auto`` then falls back quietly."""
    try:
        return backend_for(args.backend, rules, kind)
    except BackendUnavailable as error:
        parser.error(f"argument --backend: {error}, or give --backend {PYTHON}")

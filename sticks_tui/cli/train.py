"""``sticks-tui train``: teach a learner any game against the opponent chosen (SPEC sections 8
and 10), and save it as a brain file.

The learner is the hat AI (any game) or the Q-learner (where its table fits the game); the
opponent is itself, the random, perfect or mixed player, a saved brain (which does not learn), or
a schedule of them. One :func:`~sticks_tui.engine.training.train` call does the work, with the
learning curve recorded on the way; the file holds the learner (its rules, settings, games and
what it knows), the tally of this training per opponent, and the curve.

Every bad argument ends the way argparse ends: a usage line, a one-line ``error:`` message and
exit status 2, before any training. Nothing here lets a traceback reach the user, and Ctrl-C
during training stops cleanly with status 130 without touching the output file.
"""

from __future__ import annotations

import argparse
import math
import re
import sys
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, TextIO

from ..engine.game import AnyRuleSet
from ..engine.games import family_of, game_families, spec_of
from ..engine.learners import (
    HatBrain,
    HatSettings,
    Learner,
    QLearner,
    QSettings,
    SettingsError,
)
from ..engine.learning_curve import CurveSettings
from ..engine.theory import reachable
from ..engine.training import (
    PERFECT,
    RANDOM,
    SELF,
    FrozenOpponent,
    MixedOpponent,
    Opponent,
    Tally,
    TrainingProgress,
    train,
)
from ..storage import brain_files
from ..storage.brain_files import (
    BrainFileError,
    BrainFileWriter,
    read_brain_file,
    reason,
    shown_name,
)
from ..text.json_layout import readable_json
from ..text.terminal import printable
from .args import (
    EXIT_INTERRUPTED,
    add_game_arguments,
    game_from_args,
    game_given_before_the_command,
    whole_number,
)

#: Sticks ``train`` starts a take-away game from by default: the AI has hats for 1..100, and
#: every one of them is met during self-play only when games start from 100.
TRAIN_DEFAULT_STICKS = 100
#: Games of training when ``--games`` is left out (SPEC section 8: seed 000's and CS50's).
DEFAULT_GAMES = {HatBrain.kind: 100_000, QLearner.kind: 10_000}
#: The most games one training may play (SPEC section 8).
GAMES_MAX = 10_000_000
#: The learning curve kept with a trained brain: a point whenever the games played have grown by
#: this factor (and at the end): 13 points for 100,000 games, dense where learning is quick.
CURVE_SPACING = 1.5
#: The curve is kept only for games whose start reaches at most this many positions: each point
#: looks at every one of them (the win shares are worked out over all of them), and Nim's 5, 7,
#: 9, 11, 13 reaches 80,640.
CURVE_POSITIONS_MAX = 10_000
#: The learners by ``--learner`` word, and how the summary names them.
LEARNER_WORDS = {HatBrain.kind: "the hat AI", QLearner.kind: "the Q-learner"}
#: The opponents named by a word (a brain file and ``mixed:P`` are the others).
NAMED_OPPONENTS: dict[str, Opponent] = {"self": SELF, "random": RANDOM, "perfect": PERFECT}
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


# -- what --against says ---------------------------------------------------------------------
@dataclass(frozen=True)
class OpponentChoice:
    """One opponent as typed: a named one, ``mixed:P``, or a brain file (read once the game is
    known)."""

    text: str
    opponent: Opponent | None
    """The opponent, or None for a brain file (``text`` is its path)."""


@dataclass(frozen=True)
class AgainstPlan:
    """``--against``: one opponent (``games`` None: ``--games`` decides) or a schedule."""

    legs: tuple[tuple[OpponentChoice, int | None], ...]

    @property
    def is_schedule(self) -> bool:
        return self.legs[0][1] is not None


def against_plan(text: str) -> AgainstPlan:
    """argparse type for ``--against``: an opponent, or OPPONENT=GAMES,... (a schedule)."""
    if "=" not in text:
        return AgainstPlan(((opponent_choice(text), None),))
    legs = []
    for part in text.split(","):
        name, equals, count = part.rpartition("=")
        if not equals or not name.strip():
            raise argparse.ArgumentTypeError(
                f"a schedule is OPPONENT=GAMES separated by commas, e.g. random=1000,self=99000; "
                f"got {part!r:.40}"
            )
        try:
            games = training_games(count)
        except argparse.ArgumentTypeError as error:
            raise argparse.ArgumentTypeError(f"{name.strip()}={count}: games {error}") from None
        legs.append((opponent_choice(name), games))
    return AgainstPlan(tuple(legs))


def opponent_choice(text: str) -> OpponentChoice:
    """``self``, ``random``, ``perfect``, ``mixed:P``; anything else names a brain file."""
    word = text.strip()
    named = NAMED_OPPONENTS.get(word.lower())
    if named is not None:
        return OpponentChoice(word.lower(), named)
    head, colon, chance = word.partition(":")
    if head.lower() == "mixed":
        if not colon:
            raise argparse.ArgumentTypeError(
                "mixed needs the chance of a perfect move, e.g. mixed:0.5"
            )
        try:
            return OpponentChoice(word, MixedOpponent(float(chance)))
        except ValueError as error:
            message = str(error) if chance.strip() else "the chance is missing"
            if message.startswith("could not convert"):
                message = (
                    f"the chance of a perfect move is a number from 0 to 1, got {chance!r:.30}"
                )
            raise argparse.ArgumentTypeError(f"{message}, e.g. mixed:0.5") from None
    if not word:
        raise argparse.ArgumentTypeError(f"no opponent given: give {AGAINST_HELP}")
    return OpponentChoice(text, None)


def training_games(text: str) -> int:
    """argparse type for ``--games``: a whole number from 1 to 10,000,000."""
    value = whole_number(text)
    if not 1 <= value <= GAMES_MAX:
        raise argparse.ArgumentTypeError(f"must be from 1 to {GAMES_MAX:,}, got {text.strip()}")
    return value


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
def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``train`` to the command line."""
    parser = subparsers.add_parser(
        "train",
        help="teach the hat AI or the Q-learner any game, against the opponent chosen, and save "
        "its brain as JSON",
        description=(
            "A learner (the hat AI, or the Q-learner where its table fits the game) plays the "
            "opponent chosen and learns from every game; then it is saved as a brain file: the "
            "rules, the learner and its settings, the games learned, the tally per opponent and "
            "the learning curve. Shows a progress bar on a terminal, and the tally at the end."
        ),
    )
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
    hats = parser.add_argument_group("the hat AI's learning settings (default: seed 000's)")
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
    parser.set_defaults(handler=run_train, command_parser=parser)


# -- train -------------------------------------------------------------------------------------
def run_train(args: argparse.Namespace) -> int:
    """Check everything, train, then replace ``--out`` in one step; Ctrl-C leaves it as it was."""
    parser: argparse.ArgumentParser = args.command_parser
    game_given_before_the_command(parser, args)
    rules = game_from_args(parser, args)
    if rules.is_over(rules.initial_position()):
        where = (
            f"--sticks: no move is possible from {rules.initial_position()} sticks in {rules.name}"
            if family_of(rules).takes_sticks
            else f"--game: no move is possible at the start of {rules.name}"
        )
        parser.error(f"argument {where}, so there is nothing to train on")
    learner = _learner(parser, args, rules)
    against, games = _opponents(parser, args, rules, learner.kind)
    seed = args.train_seed if args.train_seed is not None else getattr(args, "seed", None)
    out = BrainFileWriter(args.out)
    try:
        out.open()  # fail fast: before minutes of training, not after
    except OSError as error:
        parser.error(f"argument --out: cannot write {shown_name(args.out)}: {reason(error)}")
    curve = None
    if reachable(rules, CURVE_POSITIONS_MAX) is not None:
        curve = CurveSettings(spacing=CURVE_SPACING)
    try:
        started = time.perf_counter()
        with _ProgressDisplay(games) as show_progress:
            result = train(
                learner,
                against,
                games,
                seed=seed,
                progress=show_progress,
                progress_every=max(1, min(1000, games // 100)),
                curve=curve,
            )
        elapsed = time.perf_counter() - started
        text = readable_json(brain_with_tally(learner, result.tally))
        out.commit(text)
    except KeyboardInterrupt:
        kept = " (the file already there is unchanged)" if out.exists() else ""
        where = "standard output" if out.is_stdout else shown_name(args.out)
        print(f"Training interrupted; nothing was written to {where}{kept}.", file=sys.stderr)
        return EXIT_INTERRUPTED
    except OSError as error:
        print(
            f"sticks-tui train: error: cannot write {shown_name(args.out)}: {reason(error)}",
            file=sys.stderr,
        )
        return 1
    summary = sys.stderr if out.is_stdout else sys.stdout  # out of the JSON's way
    written = "the brain to standard output" if out.is_stdout else shown_name(args.out)
    lines = summary_lines(rules, learner, result.games_played, elapsed, result.tally)
    lines[0] += f"; wrote {written}"
    if curve is None:
        lines.append(
            f"  (no learning curve: {spec_of(rules)} reaches more than {CURVE_POSITIONS_MAX:,} "
            "positions, too many to measure at every checkpoint)"
        )
    for line in lines:
        print(line, file=summary)
    _warn_if_too_large(len(text.encode("utf-8")))
    return 0


def _megabytes(size: int) -> str:
    """10485760 -> "10", 1153434 -> "1.1"."""
    return f"{round(size / 2**20, 1):g}"


def _warn_if_too_large(size: int) -> None:
    """Say so when the file written is larger than the brain file readers accept (the hats of
    a long Sticky-Nim line grow by megabytes a thousand games), rather than let ``brain import``
    find out later."""
    limit = brain_files.MAX_BRAIN_FILE_BYTES
    if size > limit:
        print(
            f"sticks-tui train: warning: the brain file is {_megabytes(size)} MB, more than the "
            f"{_megabytes(limit)} MB that brain import and analyze read; train a smaller game or "
            "fewer games to keep it readable",
            file=sys.stderr,
        )


def _learner(
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


def _opponents(
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


def brain_with_tally(learner: HatBrain | QLearner, tally: Mapping[str, Tally]) -> dict[str, Any]:
    """The learner's brain file with this training's tally after ``games_played``.

    ``tally`` maps each opponent met (``self``, ``random``, ``perfect``, ``mixed:P``, a brain
    file's name) to its games, won and lost; the readers of brain files ignore it.
    """
    data: dict[str, Any] = {}
    for key, value in learner.to_dict().items():
        data[key] = value
        if key == "games_played":
            data["tally"] = {
                name: {"games": t.games, "won": t.won, "lost": t.lost} for name, t in tally.items()
            }
    return data


def summary_lines(
    rules: AnyRuleSet, learner: HatBrain | QLearner, games: int, elapsed: float,
    tally: Mapping[str, Tally],
) -> list[str]:
    """What training did: the games, the speed, and the tally per opponent."""
    rate = games / elapsed if elapsed > 0 else math.inf
    # a take-away game's start is its heap, which its spec leaves out
    heap = f" ({rules.initial_position()} sticks)" if family_of(rules).takes_sticks else ""
    lines = [
        f"Trained {LEARNER_WORDS[learner.kind]} for {games:,} games of {spec_of(rules)}{heap} "
        f"in {elapsed:.1f} s ({rate:,.0f} games/s)"
    ]
    header = ("against", "games", "won", "lost", "win share")
    rows = [
        (printable(name), f"{t.games:,}", f"{t.won:,}", f"{t.lost:,}", f"{t.win_share:.1%}")
        for name, t in tally.items()
    ]
    widths = [max(len(row[i]) for row in (header, *rows)) for i in range(len(header))]
    for row in (header, *rows):
        cells = [row[0].ljust(widths[0])] + [c.rjust(w) for c, w in zip(row[1:], widths[1:])]
        lines.append("  " + "  ".join(cells))
    if "self" in tally:
        lines.append("  (against self: won and lost count the games of the side that started)")
    return lines


class _ProgressDisplay:
    """A rich progress bar with games/s on stderr when it is a terminal; nothing otherwise.

    Used as ``with _ProgressDisplay(total) as callback`` (``None`` when there is no bar); rich
    is imported only when a bar is actually drawn, so piped runs start quicker.
    """

    def __init__(self, total: int, stream: TextIO | None = None) -> None:
        self.total = total
        self.stream = stream if stream is not None else sys.stderr
        self._progress: Any = None
        self._task: Any = None

    def __enter__(self) -> Callable[[TrainingProgress], None] | None:
        if not _is_terminal(self.stream):
            return None
        self._progress = _make_rich_progress(self.stream)
        self._progress.__enter__()
        self._task = self._progress.add_task("Training", total=self.total)
        return self._update

    def _update(self, progress: TrainingProgress) -> None:
        self._progress.update(self._task, completed=progress.games_done)

    def __exit__(self, *exc_info: object) -> None:
        if self._progress is not None:
            self._progress.__exit__(*exc_info)


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def _make_rich_progress(stream: TextIO) -> Any:
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        Progress,
        ProgressColumn,
        Task,
        TextColumn,
        TimeRemainingColumn,
    )
    from rich.text import Text

    class GamesPerSecond(ProgressColumn):
        def render(self, task: Task) -> Text:
            speed = task.finished_speed or task.speed
            shown = "" if speed is None else f"{speed:,.0f} games/s"
            return Text(shown, style="progress.data.speed")

    return Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        TextColumn("{task.completed:,.0f}/{task.total:,.0f} games", style="progress.download"),
        GamesPerSecond(),
        TimeRemainingColumn(),
        console=Console(file=stream),
        transient=True,
    )

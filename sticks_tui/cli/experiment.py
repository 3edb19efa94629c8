"""``sticks-tui experiment``: how fast each learner learns, over many seeds (SPEC section 15).

A grid of learners x settings x opponents on one game, each trained ``--seeds`` times for
``--games`` games (:mod:`sticks_tui.engine.experiment` runs it, on ``--workers`` processes);
a table per configuration on standard output (or ``--json``), ``--csv FILE`` and ``--plot
FILE`` (matplotlib, the optional extra ``plot``) besides. The options are ``train``'s words:
its game options, its learners' names, its opponents and schedules, its learning settings'
options (given to ``--set`` without or with their dashes).

Every bad argument ends the way argparse ends (a usage line, a one-line ``error:``, exit
status 2) before any run. Progress goes to standard error on a terminal. Ctrl-C keeps the
finished runs: their summary is written as asked, standard error says so, ``--json`` says
``"complete": false``, and the status is 130.
"""

from __future__ import annotations

import argparse
import csv
import io
import itertools
import json
import os
import sys
from pathlib import Path
from typing import Any

from ..engine.experiment import (
    MEASURES,
    PERCENTILE_METHOD,
    Band,
    Configuration,
    ConfigurationSummary,
    Experiment,
    ExperimentResult,
    run_experiment,
    summarise,
)
from ..engine.games import family_of, spec_of
from ..engine.learners import learner_kind, learner_kinds, learner_names
from ..engine.learners.kind import LearnerKind
from ..engine.learners.settings import Setting
from ..engine.training import FrozenOpponent, Opponent
from ..text.experiments import MEASURE_WORDS
from ..text.opponents import AgainstPlan
from ..text.terminal import printable
from .args import (
    add_game_arguments,
    game_from_args,
    game_given_before_the_command,
    positive_int,
    whole_number,
)
from .progress import ProgressBar
from .train_options import (
    AGAINST_HELP,
    TRAIN_DEFAULT_STICKS,
    against_plan,
    check_fits,
    number,
    opponents_of,
    options_of,
    settings_from,
    training_games,
)

__all__ = ["register", "run_experiment_command"]

#: The most seeds (runs of a configuration) and workers an experiment takes.
SEEDS_MAX = 10_000
WORKERS_MAX = 256
#: The pictures ``--plot`` draws, by the file's ending.
PLOT_FORMATS = (".svg", ".png")
PLOT_MISSING = (
    "--plot needs matplotlib, which is not installed (pip install 'sticks-tui[plot]' installs "
    "it); the other outputs were written"
)


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``experiment`` to the command line."""
    parser = subparsers.add_parser(
        "experiment",
        help="how fast each learner learns: a grid of learners x settings x opponents, many "
        "seeds each, summarised per checkpoint",
        description=(
            "Trains each configuration (a learner with its settings, against an opponent or a "
            "schedule) SEEDS times for G games, run k of every configuration from the same seed, "
            "and measures it at the learning curve's checkpoints as it plays a person: its "
            "shares against random, perfect and the best response to its own policy (the worst "
            "case), and the positions where it prefers only winning moves. Prints, per "
            "configuration, the median and the 10%-90% band of the runs at each checkpoint "
            "and the games until it plays every winnable position right for good. The numbers "
            "are the same for any number of workers. Ctrl-C keeps the runs finished."
        ),
    )
    add_game_arguments(parser, default_sticks=TRAIN_DEFAULT_STICKS)
    parser.add_argument(
        "--learner", action="append", choices=learner_names(), default=None, metavar="NAME",
        help="a learner to train, again for another ("
        + "; ".join(f"{kind.name}: {kind.words.the}" for kind in learner_kinds())
        + f"; default {learner_names()[0]})",
    )
    parser.add_argument(
        "--against", action="append", type=against_plan, default=None, metavar="OPPONENT",
        help=f"an opponent, again for another: {AGAINST_HELP} (a schedule plays G games)",
    )
    parser.add_argument(
        "--set", action="append", default=None, metavar="OPTION=V1,V2",
        dest="settings",
        help="a learning setting's values, one configuration each, as train spells the option "
        "(loss-balls=1,3; a setting given by one option with several numbers: its numbers "
        "joined by /, e.g. rewards=1/-1/0,1/-5/0); for each learner that has it",
    )
    parser.add_argument(
        "--seeds", type=seeds_count, required=True, metavar="N",
        help=f"runs of each configuration, 1 to {SEEDS_MAX:,}",
    )
    parser.add_argument(
        "--games", "-g", type=training_games, required=True, metavar="G",
        help="games of each run (a schedule must play as many)",
    )
    parser.add_argument(
        "--workers", type=workers_count, default=None, metavar="W",
        help="processes running the runs (default: the machine's cores); the numbers are the "
        "same for any number",
    )
    parser.add_argument(
        "--seed", dest="experiment_seed", type=whole_number, default=None, metavar="BASE",
        help="the base seed: run k of every configuration trains from a seed made of BASE and k "
        "(default 0, or the --seed before the command)",
    )
    parser.add_argument(
        "--json", action="store_true",
        help="print the summary as JSON (one entry per configuration) instead of the tables",
    )
    parser.add_argument("--csv", metavar="FILE", default=None,
                        help="also write one row per configuration and checkpoint to FILE")
    parser.add_argument(
        "--plot", metavar="FILE", default=None,
        help="also draw the bands to FILE.svg or FILE.png (needs matplotlib: pip install "
        "'sticks-tui[plot]')",
    )
    parser.set_defaults(handler=run_experiment_command, command_parser=parser)


def seeds_count(text: str) -> int:
    value = positive_int(text)
    if value > SEEDS_MAX:
        raise argparse.ArgumentTypeError(f"at most {SEEDS_MAX:,} seeds, got {value:,}")
    return value


def workers_count(text: str) -> int:
    value = positive_int(text)
    if value > WORKERS_MAX:
        raise argparse.ArgumentTypeError(f"at most {WORKERS_MAX} workers, got {value:,}")
    return value


# -- reading the grid -------------------------------------------------------------------------
def _all_options() -> dict[str, tuple[LearnerKind[Any], tuple[Setting, ...]]]:
    """Every learner's options, by their word: ``--loss-balls`` -> (the hat AI, its setting)."""
    return {option: (kind, settings) for kind in learner_kinds()
            for option, settings in options_of(kind)}


def _set_values(
    parser: argparse.ArgumentParser, text: str
) -> tuple[str, LearnerKind[Any], list[Any]]:
    """``loss-balls=1,3`` -> (``--loss-balls``, its learner, [1, 3]) as its option reads them."""
    name, equals, values = text.partition("=")
    option = "--" + name.strip().removeprefix("--")
    known = _all_options()
    if not equals or not name.strip():
        parser.error(f"argument --set: give OPTION=V1,V2, e.g. loss-balls=1,3; got {text!r:.60}")
    if option not in known:
        parser.error(
            f"argument --set: no learner has the setting {name.strip()!r:.40}; the settings are "
            + ", ".join(word.removeprefix("--") for word in known)
        )
    kind, settings = known[option]
    read: list[Any] = []
    for value in values.split(","):
        try:
            read.append(_one_value(settings, value))
        except argparse.ArgumentTypeError as error:
            parser.error(f"argument --set: {option.removeprefix('--')}: {error}")
    return option, kind, read


def _one_value(settings: tuple[Setting, ...], text: str) -> Any:
    if len(settings) > 1:
        parts = text.split("/")
        example = "/".join(f"{meta.default:g}" for meta in settings)
        if len(parts) != len(settings):
            raise argparse.ArgumentTypeError(
                f"each value is {'/'.join(meta.part for meta in settings)}, e.g. {example}; got "
                f"{text!r:.40}"
            )
        return tuple(number(part) for part in parts)
    return whole_number(text) if settings[0].whole else number(text)


def configurations_from_args(
    parser: argparse.ArgumentParser, args: argparse.Namespace, rules: Any
) -> list[Configuration]:
    """The grid: each learner x each combination of its ``--set`` values x each opponent."""
    names: list[str] = args.learner or [learner_names()[0]]
    if len(set(names)) != len(names):
        parser.error("argument --learner: a learner is named twice")
    kinds = [learner_kind(name) for name in names]
    for kind in kinds:
        check_fits(parser, kind, rules)
    grid: dict[str, tuple[LearnerKind[Any], list[Any]]] = {}
    for text in args.settings or []:
        option, kind, values = _set_values(parser, text)
        if option in grid:
            parser.error(f"argument --set: {option.removeprefix('--')} is set twice; give its "
                         "values in one --set, separated by commas")
        if kind not in kinds:
            parser.error(
                f"argument --set: {option.removeprefix('--')} is a setting of {kind.words.the} "
                f"(--learner {kind.name}), which is not in this experiment"
            )
        grid[option] = (kind, values)
    plans: list[AgainstPlan] = args.against or [against_plan("self")]
    brains: dict[str, FrozenOpponent] = {}
    opponents: list[tuple[Opponent | tuple[tuple[Opponent, int], ...], str]] = []
    for plan in plans:
        found = opponents_of(parser, plan, rules, brains)
        if isinstance(found, list):
            planned = sum(games for _, games in found)
            if planned != args.games:
                parser.error(
                    f"argument --against: the schedule {_plan_words(plan)} plays {planned:,} "
                    f"games, not the {args.games:,} of --games"
                )
            opponents.append((tuple(found), _plan_words(plan)))
        else:
            opponents.append((found, _plan_words(plan)))
    configurations = []
    for kind in kinds:
        mine = [(option, values) for option, (owner, values) in grid.items() if owner is kind]
        for combination in itertools.product(*(values for _, values in mine)):
            given = {option: value for (option, _), value in zip(mine, combination)}
            settings = settings_from(parser, kind, given)
            words = tuple(
                (option.removeprefix("--"), list(value) if isinstance(value, tuple) else value)
                for option, value in given.items()
            )
            for against, against_words in opponents:
                configurations.append(
                    Configuration(kind.name, settings, against, against_words, words)
                )
    return configurations


def _plan_words(plan: AgainstPlan) -> str:
    """The opponent as typed, tidied: ``random=1000,self=20000``."""
    if not plan.is_schedule:
        return plan.legs[0][0].text.strip()
    return ",".join(f"{choice.text.strip()}={games}" for choice, games in plan.legs)


# -- the command ------------------------------------------------------------------------------
def run_experiment_command(args: argparse.Namespace) -> int:
    parser: argparse.ArgumentParser = args.command_parser
    game_given_before_the_command(parser, args)
    rules = game_from_args(parser, args)
    configurations = configurations_from_args(parser, args, rules)
    for name, option in ((args.csv, "--csv"), (args.plot, "--plot")):
        if name is not None:
            _check_writable(parser, option, name)
    if args.plot is not None and Path(args.plot).suffix.lower() not in PLOT_FORMATS:
        parser.error(f"argument --plot: the picture is FILE.svg or FILE.png, got "
                     f"{args.plot!r:.60}")
    base = args.experiment_seed if args.experiment_seed is not None else getattr(
        args, "seed", None)
    try:
        experiment = Experiment(
            rules, tuple(configurations), args.seeds, args.games,
            base_seed=base if base is not None else 0,
        )
    except ValueError as error:
        parser.error(f"argument --game: {error}")
    workers = args.workers if args.workers is not None else (os.cpu_count() or 1)
    try:
        with ProgressBar(experiment.runs, "Experiment", "runs") as show:
            result = run_experiment(
                experiment, min(workers, experiment.runs),
                None if show is None else (lambda done, total: show(done)),
            )
    except KeyboardInterrupt:  # before the first run began: none finished
        result = ExperimentResult(experiment, (), complete=False)
    summaries = summarise(result)
    if args.json:
        print(json.dumps(summary_json(result, summaries), indent=2))
    else:
        for line in summary_lines(result, summaries):
            print(line)
    status = 0
    if args.csv is not None:
        status = max(status, _write(args.csv, summary_csv(summaries)))
    if args.plot is not None:
        status = max(status, _plot(args.plot, result, summaries))
    if not result.complete:
        print(
            f"Experiment interrupted: {len(result.runs):,} of {experiment.runs:,} runs had "
            "finished; the summary is of those.",
            file=sys.stderr,
        )
        return 130
    return status


def _check_writable(parser: argparse.ArgumentParser, option: str, name: str) -> None:
    """Fail before the runs, not after: the folder must be there and writable, the name not a
    folder."""
    path = Path(name)
    folder = path.parent if str(path.parent) else Path(".")
    if path.is_dir():
        parser.error(f"argument {option}: {name!r:.60} is a folder")
    if not folder.is_dir() or not os.access(folder, os.W_OK):
        parser.error(f"argument {option}: cannot write {name!r:.60}: no writable folder "
                     f"{str(folder)!r:.60}")


def _write(name: str, text: str) -> int:
    try:
        Path(name).write_text(text, encoding="utf-8")
    except OSError as error:
        print(f"sticks-tui experiment: error: cannot write {printable(name)}: "
              f"{error.strerror or error}", file=sys.stderr)
        return 1
    return 0


# -- what it says -----------------------------------------------------------------------------
def _game_words(rules: Any) -> str:
    heap = f" ({rules.initial_position()} sticks)" if family_of(rules).takes_sticks else ""
    return f"{spec_of(rules)}{heap}"


def configuration_words(configuration: Configuration) -> str:
    """``hats against random=1000,self=19000, loss-balls=3``."""
    settings = ", ".join(f"{name}={_value_words(value)}"
                         for name, value in configuration.settings_words)
    against = printable(configuration.against_words)
    return f"{configuration.learner} against {against}" + (f", {settings}" if settings else "")


def _value_words(value: Any) -> str:
    if isinstance(value, list):
        return "/".join(f"{part:g}" for part in value)
    return f"{value:g}"


def _cell(band: Band, measure: str) -> str:
    if measure == "right":
        return f"{band.median:g} ({band.low:g}-{band.high:g})"
    return f"{band.median:.1%} ({band.low:.1%}-{band.high:.1%})"


def _games_words(value: float | None) -> str:
    return "never" if value is None else f"{value:,.0f}"


def summary_lines(result: ExperimentResult, summaries: list[ConfigurationSummary]) -> list[str]:
    """A table per configuration: each checkpoint's median and 10%-90% band of each measure,
    then games until right."""
    experiment = result.experiment
    lines = [
        f"Experiment on {_game_words(experiment.rules)}: {len(experiment.configurations)} "
        f"configuration{'s' if len(experiment.configurations) != 1 else ''} x "
        f"{experiment.seeds:,} seed{'s' if experiment.seeds != 1 else ''} x "
        f"{experiment.games:,} games (base seed {experiment.base_seed}); each cell the median "
        "and, in brackets, the 10%-90% band of the runs",
    ]
    for summary in summaries:
        lines.append("")
        lines.append(f"{configuration_words(summary.configuration)} ({summary.runs:,} runs)")
        header = ["games"] + [
            f"{MEASURE_WORDS[m]} (of {summary.winnable})" if m == "right" else MEASURE_WORDS[m]
            for m in MEASURES
        ]
        rows = [
            [f"{point.games:,}"] + [_cell(point.measures[m], m) for m in MEASURES]
            for point in summary.checkpoints
        ]
        widths = [max(len(row[i]) for row in (header, *rows)) for i in range(len(header))]
        for row in (header, *rows):
            lines.append("  " + "  ".join(cell.rjust(width) for cell, width in zip(row, widths)))
        until = summary.until_right
        lines.append(
            f"  games until right: median {_games_words(until.median)} (10%-90%: "
            f"{_games_words(until.low)}-{_games_words(until.high)}); never within "
            f"{experiment.games:,} games: {until.never} of {until.runs} runs"
        )
    lines.append("")
    lines.append(f"Percentiles: {PERCENTILE_METHOD}.")
    return lines


def _number(value: float | None) -> int | float | None:
    """A whole number as one (games, positions), any other as it is."""
    if value is None:
        return None
    return int(value) if float(value).is_integer() else value


def summary_json(
    result: ExperimentResult, summaries: list[ConfigurationSummary]
) -> dict[str, Any]:
    experiment = result.experiment
    rules = experiment.rules
    return {
        "game": spec_of(rules),
        "sticks": rules.initial_position() if family_of(rules).takes_sticks else None,
        "seeds": experiment.seeds,
        "games": experiment.games,
        "base_seed": experiment.base_seed,
        "complete": result.complete,
        "percentiles": PERCENTILE_METHOD,
        "band": [0.1, 0.9],
        "configurations": [
            {
                "learner": summary.configuration.learner,
                "against": summary.configuration.against_words,
                "settings": dict(summary.configuration.settings_words),
                "runs": summary.runs,
                "winnable": summary.winnable,
                "checkpoints": [
                    {
                        "games": point.games,
                        **{
                            measure: {
                                "median": _number(band.median),
                                "low": _number(band.low),
                                "high": _number(band.high),
                            }
                            for measure, band in point.measures.items()
                        },
                    }
                    for point in summary.checkpoints
                ],
                "games_until_right": {
                    "median": _number(summary.until_right.median),
                    "low": _number(summary.until_right.low),
                    "high": _number(summary.until_right.high),
                    "never": summary.until_right.never,
                },
            }
            for summary in summaries
        ],
    }


def summary_csv(summaries: list[ConfigurationSummary]) -> str:
    """One row per configuration and checkpoint; games until right repeated on each of a
    configuration's rows (empty where it is never)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(
        ["learner", "against", "settings", "runs", "games"]
        + [f"{m}_{edge}" for m in MEASURES for edge in ("median", "low", "high")]
        + ["until_right_median", "until_right_low", "until_right_high", "until_right_never"]
    )
    for summary in summaries:
        configuration = summary.configuration
        settings = ";".join(f"{name}={_value_words(value)}"
                            for name, value in configuration.settings_words)
        until = summary.until_right
        for point in summary.checkpoints:
            writer.writerow(
                [configuration.learner, configuration.against_words, settings, summary.runs,
                 point.games]
                + [_plain(getattr(point.measures[m], edge)) for m in MEASURES
                   for edge in ("median", "low", "high")]
                + [_plain(until.median), _plain(until.low), _plain(until.high), until.never]
            )
    return out.getvalue()


def _plain(value: float | None) -> str:
    number = _number(value)
    return "" if number is None else repr(number)


def _plot(name: str, result: ExperimentResult, summaries: list[ConfigurationSummary]) -> int:
    """The bands as a picture: a panel per measure, games on a log scale, a median line and
    its band per configuration. 1 (and a message) without matplotlib."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print(f"sticks-tui experiment: {PLOT_MISSING}", file=sys.stderr)
        return 1
    figure, axes = plt.subplots(2, 2, figsize=(11, 7.5), sharex=True)
    for axis, measure in zip(axes.flat, MEASURES):
        for summary in summaries:
            points = [point for point in summary.checkpoints if point.games > 0]
            games = [point.games for point in points]
            bands = [point.measures[measure] for point in points]
            label = configuration_words(summary.configuration)
            (line,) = axis.plot(games, [band.median for band in bands], label=label)
            axis.fill_between(games, [band.low for band in bands],
                              [band.high for band in bands], color=line.get_color(), alpha=0.2)
        axis.set_xscale("log")
        axis.set_title(MEASURE_WORDS[measure])
        axis.set_xlabel("games")
    axes.flat[0].legend(fontsize="small")
    experiment = result.experiment
    figure.suptitle(
        f"{_game_words(experiment.rules)}: median and 10%-90% band of {experiment.seeds} seeds"
    )
    figure.tight_layout()
    try:
        figure.savefig(name)
    except OSError as error:
        print(f"sticks-tui experiment: error: cannot write {printable(name)}: "
              f"{error.strerror or error}", file=sys.stderr)
        return 1
    finally:
        plt.close(figure)
    return 0

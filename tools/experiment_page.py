"""Write docs/experiments.md, "How fast does it learn?": each ready question's figures and
pictures (sticks_tui/engine/experiment_questions.py), from data this tool keeps in
docs/data/experiments.json.

With ``--run`` it first runs every ready question (or those named) with its own seeds and
games on ``--workers`` processes, prints the time each took, and writes their summaries to the
data file, each as ``sticks-tui experiment --json`` writes one (with the question's key, name,
labels, and the seconds it took). Then, from the data alone, it writes the page: per question
its answer in words (worked out from the summaries, as the app's experiment screen does:
sticks_tui/text/experiments.py), each configuration's games until right and table, and its
pictures: drawn with matplotlib (the optional extra ``plot``) into docs/images/experiments/ when
it is installed, else as text charts in the page (the app's band charts).

    python tools/experiment_page.py --run            # runs them all (a minute on 2 cores)
    python tools/experiment_page.py --run loss       # runs one again, keeps the others' data
    python tools/experiment_page.py                  # the page again, from the data
"""

from __future__ import annotations

import argparse
import io
import json
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rich.console import Console  # noqa: E402

from sticks_tui.cli.experiment import summary_json  # noqa: E402
from sticks_tui.engine.experiment import (  # noqa: E402
    MEASURES,
    PERCENTILE_METHOD,
    Band,
    CheckpointSummary,
    ConfigurationSummary,
    UntilRight,
    run_experiment,
    summarise,
)
from sticks_tui.engine.experiment_questions import QUESTIONS, Question, question  # noqa: E402
from sticks_tui.text.experiments import (  # noqa: E402
    MEASURE_WORDS,
    answer_lines,
    command_line,
    table_lines,
    until_right_words,
)
from sticks_tui.ui.lab_plan import game_from_start  # noqa: E402
from sticks_tui.ui.widgets.curve import band_plot, band_points  # noqa: E402

DATA_FILE = ROOT / "docs" / "data" / "experiments.json"
PAGE_FILE = ROOT / "docs" / "experiments.md"
IMAGES = ROOT / "docs" / "images" / "experiments"
#: The text charts' size in the page (a code block's width).
CHART_WIDTH, CHART_HEIGHT = 78, 14


def run_questions(keys: list[str], workers: int, data: dict[str, Any]) -> None:
    """Run each question of ``keys``, print its time, and put its summaries in ``data``."""
    for key in keys:
        asked = question(key)
        experiment = asked.experiment()
        started = time.perf_counter()
        result = run_experiment(experiment, workers)
        seconds = time.perf_counter() - started
        assert result.complete, "nothing stops the tool's runs"
        print(f"{key}: {experiment.runs} runs ({len(asked.configurations)} configurations x "
              f"{experiment.seeds} seeds x {experiment.games:,} games) on {workers} workers: "
              f"{seconds:.1f} s", flush=True)
        data[key] = {
            "key": key, "name": asked.name, "asks": asked.asks, "labels": list(asked.labels),
            "workers": workers, "seconds": round(seconds, 1),
            "experiment": summary_json(result, summarise(result)),
        }


def summaries_of(asked: Question, entry: dict[str, Any]) -> list[ConfigurationSummary]:
    """The summaries the data keeps of a question, read back (as ``--json`` wrote them)."""
    found = []
    for index, kept in enumerate(entry["experiment"]["configurations"]):
        checkpoints = tuple(
            CheckpointSummary(
                point["games"], kept["runs"],
                {m: Band(point[m]["median"], point[m]["low"], point[m]["high"]) for m in MEASURES},
            )
            for point in kept["checkpoints"]
        )
        until = kept["games_until_right"]
        found.append(ConfigurationSummary(
            asked.configurations[index], kept["runs"], kept["winnable"], checkpoints,
            UntilRight(until["median"], until["low"], until["high"], until["never"],
                       kept["runs"]),
        ))
    return found


def text_chart(summary: ConfigurationSummary, measure: str) -> str:
    """The app's band chart, as text."""
    console = Console(width=CHART_WIDTH, file=io.StringIO(), color_system=None)
    with console.capture() as captured:
        console.print(band_plot(band_points(summary, measure), CHART_WIDTH, CHART_HEIGHT,
                                MEASURE_WORDS[measure]))
    return "\n".join(line.rstrip() for line in captured.get().splitlines())


def picture(asked: Question, summaries: list[ConfigurationSummary]) -> str | None:
    """The question's picture (docs/images/experiments/KEY.svg: a panel per measure, each
    configuration's median and band), or None without matplotlib."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return None
    matplotlib.rcParams["svg.hashsalt"] = "sticks-tui"  # the same file from the same data
    figure, axes = plt.subplots(2, 2, figsize=(10, 7), sharex=True)
    for axis, measure in zip(axes.flat, MEASURES):
        for summary in summaries:
            points = [p for p in band_points(summary, measure) if p.games > 0]
            games = [p.games for p in points]
            (line,) = axis.plot(games, [p.median for p in points],
                                label=asked.label_of(summary.configuration))
            axis.fill_between(games, [p.low for p in points], [p.high for p in points],
                              color=line.get_color(), alpha=0.2)
        axis.set_xscale("log")
        axis.set_ylim(0, 1)
        axis.set_title(MEASURE_WORDS[measure] + (" (share)" if measure == "right" else ""))
        axis.set_xlabel("games")
    axes.flat[0].legend(fontsize="small")
    figure.suptitle(f"{asked.name} Median and 10%-90% band of the seeds")
    figure.tight_layout()
    IMAGES.mkdir(parents=True, exist_ok=True)
    name = IMAGES / f"{asked.key}.svg"
    figure.savefig(name, metadata={"Date": None})
    plt.close(figure)
    return str(name.relative_to(PAGE_FILE.parent))


def page(data: dict[str, Any]) -> str:
    lines = [
        "# How fast does it learn?",
        "",
        "<!-- Written by tools/experiment_page.py from docs/data/experiments.json: run it "
        "again rather than edit this page. -->",
        "",
        "Each ready question of the app's experiment screen (`F4` on [the training lab's "
        "form](playing/lab.md)) answered over many seeds, as [`sticks-tui experiment`]"
        "(commands/experiment.md) would answer it. Each configuration is trained once per "
        "seed, seed k the same in every configuration, and measured at the learning curve's "
        "checkpoints as it plays a person: the share of games it wins against the random "
        "player, against the perfect player and against the best reply to its own play (the "
        "worst case), and the positions that can be won where it prefers a winning move "
        "(positions right). Games until right is the first checkpoint from which every such "
        "position stays right. Each cell is the median of the seeds, with the 10%-90% band "
        "in brackets; the answers are worked out from these numbers by the program, as the "
        f"screen words them. Percentiles: {PERCENTILE_METHOD}.",
        "",
        "The figures: `python tools/experiment_page.py --run` (the time of each question on "
        "2 workers is said with it); the data is in `docs/data/experiments.json`, each "
        "question as `sticks-tui experiment --json` writes it.",
    ]
    for key in QUESTIONS:
        entry = data.get(key)
        if entry is None:
            continue
        asked = question(key)
        summaries = summaries_of(asked, entry)
        kept = entry["experiment"]
        games = kept["games"]
        lines += [
            "", f"## {asked.name}", "", asked.asks, "",
            f"{len(asked.configurations)} configurations x {kept['seeds']} seeds x "
            f"{games:,} games of {game_from_start(asked.rules)} (base seed "
            f"{kept['base_seed']}): {entry['seconds']} s on {entry['workers']} workers.",
            "", "The same from the command line:", "", "```",
            command_line(asked, kept["seeds"], games), "```",
        ]
        verdict, *details = answer_lines(asked, summaries, games)
        lines += ["", f"**The answer.** {verdict}", "", *(f"- {line}" for line in details), ""]
        drawn = picture(asked, summaries)
        if drawn is not None:
            lines += [f"![{asked.name}]({drawn})", ""]
        for summary in summaries:
            label = asked.label_of(summary.configuration)
            lines += [
                f"### {label[:1].upper()}{label[1:]}", "",
                f"Games until right: {until_right_words(summary.until_right, games)}.", "",
                "```text", *table_lines(summary), "```", "",
            ]
            if drawn is None:
                lines += ["```text", text_chart(summary, "right"), "```", ""]
    return "\n".join(lines).rstrip() + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--run", nargs="*", metavar="QUESTION", choices=QUESTIONS,
                        help=f"run these ready questions first (all when none is named): "
                             f"{', '.join(QUESTIONS)}")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    data: dict[str, Any] = {}
    if DATA_FILE.exists():
        data = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    if args.run is not None:
        run_questions(args.run or list(QUESTIONS), args.workers, data)
        DATA_FILE.parent.mkdir(parents=True, exist_ok=True)
        DATA_FILE.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    if not data:
        parser.error(f"no data in {DATA_FILE}: run with --run first")
    PAGE_FILE.write_text(page(data), encoding="utf-8")
    print(f"wrote {PAGE_FILE.relative_to(ROOT)}")


if __name__ == "__main__":
    main()

"""What the docs say of the program is what the program does: each claim a page makes (an exit
status, a message, a count of workers, a field of the JSON, an importable name, a brain file's
shape) is checked here against the program itself, so that the page and the program cannot part
again without a test failing."""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import json
import re
import signal
import tomllib
from pathlib import Path
from typing import Any

import jsonschema
import pytest

import sticks_tui.engine as engine
from sticks_tui.cli.args import VARIANT_STICKS_MAX
from sticks_tui.cli.main import main
from sticks_tui.console.classic import StoppedBySignal
from sticks_tui.engine.games.takeaway import STICKS_MAX
from sticks_tui.engine.learners.base import BrainError
from sticks_tui.storage.brain_files import parse_brain

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"


def page(name: str) -> str:
    """A page's text with its lines joined, so that a sentence is found across line breaks."""
    return " ".join((DOCS / name).read_text(encoding="utf-8").split())


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        status = main(list(argv))
    except SystemExit as stop:
        status = stop.code if isinstance(stop.code, int) else 1
    out, err = capsys.readouterr()
    return status, out, err


# -- docs/commands/exit-statuses.md and docs/playing/classic.md ---------------------------------
def test_both_pages_give_the_status_of_ctrl_c_in_the_consoles_training_as_it_ends() -> None:
    """The console ended its training's Ctrl-C with 0 where exit-statuses.md said 130."""
    status = StoppedBySignal(signal.SIGINT, games=5, saved=True).status
    assert status == 130  # the convention, as train and the app end
    classic = page("playing/classic.md")
    assert f"with status {status} for Ctrl-C (129 or 143 for the others)" in classic
    assert "where Ctrl-C at a prompt is leaving and ends with status 0" in classic
    statuses = page("commands/exit-statuses.md")
    assert "Ctrl-C at a prompt ends the classic console (Ctrl-C during its option 3's training: " \
        f"{status})" in statuses
    assert "- 129, 130, 143: the app, `train` or the classic console's training stopped by " \
        "SIGHUP" in statuses
    for signum in (signal.SIGHUP, signal.SIGTERM):
        assert str(StoppedBySignal(signum, games=5, saved=True).status) in "129, 143"


def test_the_training_games_message_of_the_classic_page_is_the_programs(capsys) -> None:
    status, out, err = run(capsys, "--classic", "--training-games", "0")
    shown = re.search(r"`(sticks-tui: error: argument --training-games: [^`]*)`",
                      page("playing/classic.md"))
    assert shown is not None
    assert (status, out) == (2, "")
    assert err.splitlines()[-1] == shown.group(1)
    assert len(err.splitlines()) == 2 and err.startswith("usage: ")  # "a usage line and one"


# -- docs/development/index.md -------------------------------------------------------------------
def test_the_development_page_gives_the_workers_pyproject_runs() -> None:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    addopts = pyproject["tool"]["pytest"]["ini_options"]["addopts"]
    workers = re.search(r"-n (\d+)", addopts)
    assert workers is not None
    words = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 8: "eight"}
    development = page("development/index.md")
    assert f"`pytest`, {words[int(workers.group(1))]} workers: pyproject.toml's " \
        f"`-n {workers.group(1)}" in development
    assert not re.search(r"\b(two|three|five|six|eight) workers\b", development)


# -- docs/commands/solve.md ----------------------------------------------------------------------
def test_the_solve_page_gives_the_heaps_solve_takes_and_refuses(capsys) -> None:
    """A 10,000-heap refusal cannot be reached from --sticks: the page gives --sticks' own."""
    solve = page("commands/solve.md")
    assert f"up to {VARIANT_STICKS_MAX:,} sticks for a variant, {STICKS_MAX} for the Game of " \
        "Sticks (a larger `--sticks` is refused, exit status 2)" in solve
    assert "10,000 heaps" not in solve
    assert run(capsys, "solve", "--game", "takeaway:2,3", "--sticks",
               str(VARIANT_STICKS_MAX))[0] == 0
    status, _, err = run(capsys, "solve", "--game", "takeaway:2,3", "--sticks",
                         str(VARIANT_STICKS_MAX + 1))
    assert status == 2 and f"is played with 1 to {VARIANT_STICKS_MAX} sticks" in err
    status, _, err = run(capsys, "solve", "--sticks", str(STICKS_MAX + 1))
    assert status == 2 and f"is played with 10 to {STICKS_MAX} sticks" in err


def test_quotient_exceptions_is_a_count_as_the_solve_page_says(capsys) -> None:
    assert "`quotient_exceptions` (how many positions the quotient table corrects, a count, or " \
        "`null`)" in page("commands/solve.md")
    status, out, _ = run(capsys, "solve", "--game", "sticky:12:3", "--json")
    quotient = json.loads(out)
    assert status == 0 and quotient["misere_method"] == "quotient"
    assert isinstance(quotient["quotient_exceptions"], int) and quotient["quotient_exceptions"] > 0
    tame = json.loads(run(capsys, "solve", "--game", "sticky:12:1", "--json")[1])
    assert tame["misere_method"] == "tame" and tame["quotient_exceptions"] is None


# -- docs/library.md -----------------------------------------------------------------------------
#: Names the library page gives a module of their own (it says which, beside them).
ELSEWHERE = {
    "some_rules": "sticks_tui.engine.games",
    "heap_of": "sticks_tui.engine.games.takeaway",
    "piles_of": "sticks_tui.engine.games.nim",
    "nim_move": "sticks_tui.engine.games.nim",
    "groups_of": "sticks_tui.engine.games.sticky",
    "sticky_move_of": "sticks_tui.engine.games.sticky",
    "Experiment": "sticks_tui.engine.experiment",
    "Configuration": "sticks_tui.engine.experiment",
    "CurveBoard": "sticks_tui.engine.learning_curve",
}


def _attributes() -> dict[str, object]:
    """Names the page gives as a part of something the engine offers, with what has them."""
    brain = engine.HatBrain(engine.game_of_sticks(10))
    return {
        "make": engine.learner_kind("q"), "make_choice": engine.RandomPlayer,
        "to_dict": brain, "positions": brain, "counts": brain, "view": brain,
        "memory_stop": engine.TrainingResult,
        **{field.name: engine.TrainingHooks for field in dataclasses.fields(engine.TrainingHooks)},
    }


def _library_names() -> list[str]:
    """The Python names in the library page's code (``learner_kind("q")`` is learner_kind,
    ``Solver[P, M]`` Solver, ``memory_cap=`` memory_cap), paths and words of Python left out."""
    text = (DOCS / "library.md").read_text(encoding="utf-8")
    names = []
    for block in re.findall(r"```python\n(.*?)```", text, flags=re.S):
        names += re.findall(r"from sticks_tui\.engine import (.+)", block)[0].split(", ")
    for span in re.findall(r"(?<!`)`([^`\n]+)`(?!`)", text):
        found = re.fullmatch(r"([A-Za-z_]\w*)(\(.*\)|\[.*\]|=)?", span)
        if found and found.group(1) not in ("int", "None"):
            names.append(found.group(1))
    return names


def test_every_name_the_library_page_shows_is_importable_where_it_says() -> None:
    """learner_kind, register_learner and perfect_move were named as the engine's, and were not
    importable from it."""
    names = _library_names()
    assert {"learner_kind", "register_learner", "perfect_move", "HatBrain"} <= set(names)
    attributes = _attributes()
    for name in names:
        if name in ELSEWHERE:
            assert hasattr(importlib.import_module(ELSEWHERE[name]), name), name
            assert f"from `{ELSEWHERE[name]}`" in page("library.md"), name
        elif name in attributes:
            assert hasattr(attributes[name], name), name
        elif name == "memory_cap":
            assert "memory_cap" in inspect.signature(engine.train).parameters
        else:
            exec(f"from sticks_tui.engine import {name}", {})  # as a reader would


def test_a_name_the_engine_does_not_offer_is_caught() -> None:
    with pytest.raises(ImportError):
        exec("from sticks_tui.engine import heap_of", {})


# -- docs/brain-format.md ------------------------------------------------------------------------
SCHEMA = json.loads((DOCS / "brain-schema.json").read_text(encoding="utf-8"))


def _family_schemas() -> dict[str, dict[str, Any]]:
    rules = SCHEMA["properties"]["rules"]["oneOf"]
    return {family["properties"]["game"]["const"]: family["properties"] for family in rules}


def test_the_brain_format_page_gives_each_familys_rules_as_the_schema_does() -> None:
    """The page described take-away's rules alone; Nim's and Sticky-Nim's shapes were missing,
    then the octal games' (a line's rules with a code and an ending instead of a largest take)."""
    families = _family_schemas()
    assert set(families) == {"takeaway", "nim", "sticky"}
    text = page("brain-format.md")
    for game, fields in families.items():
        examples = re.findall(r'`(\{"game": "' + game + r'"[^`]*\})`', text)
        assert examples, game
        shown_fields: set[str] = set()
        for example in examples:  # each shape of the family's rules, read back as the program
            shown = json.loads(example)
            shown_fields |= set(shown)
            jsonschema.validate({"rules": shown}, {"properties": {"rules": SCHEMA["properties"]
                                                                  ["rules"]}})
            engine.rules_from_description(shown)
        assert shown_fields == set(fields), game  # every field, none other
        for field, spec in fields.items():
            if "default" in spec and field != "game":
                default = spec["default"]
                written = json.dumps(default) if isinstance(default, list) else str(default)
                assert written in text, (game, field)
    piles = families["nim"]["piles"]
    assert f"1 to {piles['maxItems']} piles of at most {piles['items']['maximum']} objects" in text
    sticky = families["sticky"]
    assert f"(1 to {sticky['sticks']['maximum']}, {sticky['sticks']['default']} when left out)" \
        in text
    assert "No `ending`: whoever takes the last stick always loses" in text  # Sticky-Nim's
    assert "`misere` when left out; the spec's default is `normal`" in text  # an octal game's
    assert engine.rules_from_description({"game": "sticky", "code": "0.07"}).misere


#: Files valid against the schema that the program refuses, as the page gives them.
REFUSED = [
    ({"rules": {"game": "takeaway"}, "hats": {"4": {"7": 5}}},
     "hat 4: unknown ball numbers ['7']"),
    ({"learner": "q", "rules": {"game": "nim", "piles": [1, 3]},
      "values": {"1,3": {"0:2": 0.5}}},
     "position 1,3: move 0:2 is not a legal move there"),
    ({"settings": {"fresh_balls": 2, "floor": 2}, "hats": {"4": {"3": 1}}},
     "hat 4: balls 3 is 1, but a hat always keeps at least 2 balls of each number"),
    ({"settings": {"fresh_balls": 1, "floor": 3}, "hats": {}},
     "fresh_balls (1) must be at least the floor (3): a fresh hat cannot start below what a hat "
     "always keeps"),
    ({"learner": "q", "rules": {"game": "nim", "piles": [1, 3]},
      "settings": {"rewards": {"win": -1.0, "loss": 1.0, "move": 0.0}}, "values": {}},
     "win_reward (-1) must be more than loss_reward (1), or the learner would learn to lose"),
]


def _brain(changes: dict[str, Any]) -> dict[str, Any]:
    q = changes.get("learner") == "q"
    brain: dict[str, Any] = {
        "format": "sticks-tui-brain", "version": 3, "learner": "q" if q else "hats",
        "rules": {"game": "takeaway", "takes": [1, 2, 3], "ending": "misere"},
        "settings": {"alpha": 0.5, "epsilon": 0.1,
                     "rewards": {"win": 1.0, "loss": -1.0, "move": 0.0}} if q else
        {"fresh_balls": 1, "balls_added_on_win": 1, "balls_taken_on_loss": 1, "floor": 1},
        "games_played": 10,
    }
    for key, value in changes.items():
        if key == "settings":
            brain["settings"] = {**brain["settings"], **value}
        else:
            brain[key] = value
    return brain


@pytest.mark.parametrize(("changes", "reason"), REFUSED)
def test_a_file_valid_against_the_schema_may_still_be_refused_as_the_page_says(
    changes: dict[str, Any], reason: str
) -> None:
    text = page("brain-format.md")
    assert "A file valid against the schema may still be refused" in text
    assert reason in text
    brain = _brain(changes)
    jsonschema.validate(brain, SCHEMA)
    with pytest.raises(BrainError) as refused:
        parse_brain(json.dumps(brain))
    assert reason in str(refused.value)

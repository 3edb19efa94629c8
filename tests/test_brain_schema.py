"""The brain file's JSON Schema (docs/brain-schema.json) is built from the registries, each
learner and each family of games giving its part, and every brain the program writes, or read
from before (versions 1 and 2), is valid against it; a brain that breaks the format is not."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from sticks_tui.cli.main import main
from sticks_tui.engine import SELF, learner_from_dict, parse_game, train
from sticks_tui.engine.games import game_families
from sticks_tui.engine.learners import learner_kinds, learner_names
from sticks_tui.engine.learners.schema import brain_schema

ROOT = Path(__file__).resolve().parent.parent
SCHEMA_FILE = ROOT / "docs" / "brain-schema.json"
FIXTURES = sorted((ROOT / "tests" / "engine" / "data").glob("*.json"))


def validator() -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(brain_schema())


def test_the_schema_file_is_the_one_the_registries_build() -> None:
    written = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    assert written == json.loads(json.dumps(brain_schema())), (
        "docs/brain-schema.json is out of date: run python tools/brain_schema.py"
    )
    jsonschema.Draft202012Validator.check_schema(written)


def test_each_learner_and_each_family_of_games_gives_its_part() -> None:
    schema = brain_schema()
    games = [rules["properties"]["game"]["const"] for rules in schema["properties"]["rules"]["oneOf"]]
    assert games == [family.name for family in game_families()]
    learners = [
        part["properties"]["learner"]["const"] for part in schema["oneOf"]
        if "learner" in part["properties"]
    ]
    assert learners == list(learner_names())
    for kind, part in zip(learner_kinds(), schema["oneOf"][1:]):
        assert part["properties"]["settings"] == kind.settings_type.json_schema()
        assert kind.part in part["required"]


@pytest.mark.parametrize("spec", ["sticks", "takeaway:2,3,5:normal", "nim:1,3", "sticky:8:2"])
def test_every_brain_the_program_writes_is_valid(spec: str) -> None:
    rules = parse_game(spec, 12 if spec.startswith(("sticks", "takeaway")) else None)
    check = validator()
    for kind in learner_kinds():
        if not kind.fits(rules):
            continue
        learner = kind.make(rules)
        assert check.is_valid(json.loads(json.dumps(learner.to_dict())))  # fresh
        train(learner, SELF, 200, seed=2)
        data = json.loads(json.dumps(learner.to_dict()))
        errors = [error.message for error in check.iter_errors(data)]
        assert errors == [], (kind.name, errors[:3])


def test_the_files_train_writes_are_valid(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    check = validator()
    for learner in ("hats", "q"):
        out = tmp_path / f"{learner}.json"
        assert main(["train", "--game", "nim:1,3", "--learner", learner, "--games", "300",
                     "--seed", "1", "--out", str(out)]) == 0
        data = json.loads(out.read_text())
        assert "tally" in data and "learning_curve" in data
        assert [e.message for e in check.iter_errors(data)] == []
    capsys.readouterr()


def test_there_are_brains_of_both_earlier_versions() -> None:
    versions = {json.loads(path.read_text())["version"] for path in FIXTURES}
    assert versions == {1, 2}


@pytest.mark.parametrize("path", FIXTURES, ids=[path.name for path in FIXTURES])
def test_the_brains_of_earlier_versions_are_valid_and_read(path: Path) -> None:
    data = json.loads(path.read_text())
    assert [e.message for e in validator().iter_errors(data)] == []
    learner_from_dict(copy.deepcopy(data))  # and they are read, as the schema says


def test_the_brain_formats_examples_are_valid() -> None:
    text = (ROOT / "docs" / "brain-format.md").read_text(encoding="utf-8")
    examples = re.findall(r"```json\n(.*?)```", text, flags=re.S)
    assert len(examples) == 2
    for example in examples:
        assert [e.message for e in validator().iter_errors(json.loads(example))] == []


def _brain(learner: str) -> dict[str, Any]:
    rules = parse_game("nim:1,3")
    brain = next(kind for kind in learner_kinds() if kind.name == learner).make(rules)
    train(brain, SELF, 100, seed=3)
    data: dict[str, Any] = json.loads(json.dumps(brain.to_dict()))
    return data


BREAKS = [
    ("hats", lambda d: d.update(learner="menace")),
    ("hats", lambda d: d.update(version=4)),
    ("hats", lambda d: d.update(version=1)),  # a version 1 file has no learner nor settings
    ("hats", lambda d: d["settings"].pop("floor")),
    ("hats", lambda d: d["settings"].update(floor=2_000_000)),
    ("hats", lambda d: next(iter(d["hats"].values())).update({"0:1": 0})),
    ("hats", lambda d: d["rules"].update(piles=[1, 300])),
    ("hats", lambda d: d.update(games_played=-1)),
    ("hats", lambda d: d.update(values={})),  # another learner's part
    ("q", lambda d: d["settings"]["rewards"].update(win="high")),
    ("q", lambda d: d["settings"].update(alpha=0)),
    ("q", lambda d: d.pop("values")),
    ("q", lambda d: d.update(learning_curve=[{"games": 1}])),
]


@pytest.mark.parametrize("learner, breaks", BREAKS, ids=[str(i) for i in range(len(BREAKS))])
def test_a_brain_that_breaks_the_format_is_not_valid(learner: str, breaks: Any) -> None:
    data = _brain(learner)
    assert validator().is_valid(data)
    breaks(data)
    assert not validator().is_valid(data)

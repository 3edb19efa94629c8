"""The brain file's JSON Schema, built from the registries: each learner gives its part (its
settings, from their declaration, and what it knows: ``"hats"``, ``"values"``) and the version
its files start at, each family of games its ``"rules"``. A new learner or game brings its part
with its entry, and no schema is edited by hand.

``python tools/brain_schema.py`` writes it to ``docs/brain-schema.json`` (the tests check that
file is what :func:`brain_schema` builds, and validate every brain the program writes with it).
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from ..games import game_families
from . import learner_kinds
from .base import BRAIN_FORMAT, FIRST_LEARNER, MAX_COUNT, READABLE_VERSIONS, CurvePoint

#: The JSON Schema dialect the brain schema is written in.
DIALECT = "https://json-schema.org/draft/2020-12/schema"


def brain_schema() -> dict[str, Any]:
    """The JSON Schema of a brain file, of every version this program reads, for every
    registered learner and family of games."""
    kinds = learner_kinds()
    first = next(kind for kind in kinds if kind.name == FIRST_LEARNER)
    return {
        "$schema": DIALECT,
        "title": "sticks-tui brain",
        "description": "An AI's brain, as sticks-tui train and brain export write it and brain "
        "import, analyze and learner_from_dict read it (docs/brain-format.md).",
        "type": "object",
        "properties": {
            "format": {"const": BRAIN_FORMAT},
            "version": {"enum": list(READABLE_VERSIONS)},
            "rules": {
                "description": "the game the brain is for (a brain serves every start of it)",
                "oneOf": [family.rules_schema() for family in game_families()],
            },
            "games_played": {
                "type": "integer", "minimum": 0, "maximum": MAX_COUNT,
                "description": "games the AI has finished",
            },
            "learning_curve": {
                "type": "array", "items": _curve_point(),
                "description": "how learning went, one point per checkpoint",
            },
            "tally": {
                "type": "object",
                "description": "written by train, ignored when read: the games of that training "
                "per opponent",
            },
        },
        "required": ["format", "version", "rules", "games_played"],
        "oneOf": [
            {  # version 1: the first learner's part, without "learner" and "settings"
                "properties": {"version": {"const": 1}, first.part: first.part_schema()},
                "required": [first.part],
                "not": {"anyOf": [{"required": ["learner"]}, {"required": ["settings"]}]},
            },
            *(
                {
                    "properties": {
                        "version": {"enum": [v for v in READABLE_VERSIONS
                                             if v >= max(kind.since_version, 2)]},
                        "learner": {"const": kind.name, "description": kind.words.the},
                        "settings": kind.settings_type.json_schema(),
                        kind.part: kind.part_schema(),
                    },
                    "required": ["learner", "settings", kind.part],
                }
                for kind in kinds
            ),
        ],
        "unevaluatedProperties": False,
    }


def _curve_point() -> dict[str, Any]:
    """A checkpoint of the learning curve (:class:`~.base.CurvePoint`)."""
    names = [f.name for f in fields(CurvePoint)]
    counts = {name: {"type": "integer", "minimum": 0} for name in names[:3]}
    shares = {name: {"type": "number", "minimum": 0, "maximum": 1} for name in names[3:]}
    return {
        "type": "object",
        "properties": {**counts, **shares},
        "required": names,
        "additionalProperties": False,
    }

"""JSON laid out for people: one line per entry of a table, so a brain file reads and diffs well.

``json.dumps(indent=2)`` would spread 100 hats of three balls over 500 lines; here an object whose
values are all objects (``"hats"``, ``"values"``, ``"tally"``) gets one line per entry, and a
list of objects (``"learning_curve"``) one line per item. The data is unchanged: any JSON reader
reads the same object back.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any


def readable_json(data: Mapping[str, Any]) -> str:
    """``data`` as JSON text, one line per top-level field or per entry of a table."""
    lines = []
    for key, value in data.items():
        if isinstance(value, dict) and value and all(isinstance(v, dict) for v in value.values()):
            inner = [f"    {json.dumps(k)}: {json.dumps(v)}" for k, v in value.items()]
            lines.append(f"  {json.dumps(key)}: {{\n" + ",\n".join(inner) + "\n  }")
        elif isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            inner = [f"    {json.dumps(v)}" for v in value]
            lines.append(f"  {json.dumps(key)}: [\n" + ",\n".join(inner) + "\n  ]")
        else:
            lines.append(f"  {json.dumps(key)}: {json.dumps(value)}")
    return "{\n" + ",\n".join(lines) + "\n}\n"

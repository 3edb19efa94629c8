"""Write docs/brain-schema.json: the brain file's JSON Schema, as the registries build it
(sticks_tui/engine/learners/schema.py: each learner and each family of games gives its part).

Run it after adding or changing a learner, a game, a learning setting or the brain format; the
tests (tests/test_brain_schema.py) fail while the file differs from what the program builds.

    python tools/brain_schema.py            # writes docs/brain-schema.json
    python tools/brain_schema.py --check    # exit status 1, and says so, when it is out of date
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from sticks_tui.engine.learners.schema import brain_schema  # noqa: E402

#: Where the schema is kept (the docs link it).
SCHEMA_FILE = ROOT / "docs" / "brain-schema.json"


def schema_text() -> str:
    """The schema as the file holds it: indented, keys in the order built, a final newline."""
    return json.dumps(brain_schema(), indent=2, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="only say whether the file is up to date (exit status 1 if not)")
    args = parser.parse_args(argv)
    text = schema_text()
    if args.check:
        current = SCHEMA_FILE.read_text(encoding="utf-8") if SCHEMA_FILE.exists() else ""
        if current != text:
            print(f"{SCHEMA_FILE.relative_to(ROOT)} is out of date: run python "
                  "tools/brain_schema.py", file=sys.stderr)
            return 1
        print(f"{SCHEMA_FILE.relative_to(ROOT)} is up to date")
        return 0
    SCHEMA_FILE.write_text(text, encoding="utf-8")
    print(f"wrote {SCHEMA_FILE.relative_to(ROOT)} ({len(text):,} characters)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

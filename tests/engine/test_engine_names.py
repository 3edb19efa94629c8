"""The engine's front door (``from sticks_tui.engine import ...``) loads each name when first
asked for: it offers the names it lists, each the object its module defines, and what the
checker reads of it (the imports under TYPE_CHECKING) names the same things."""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
from pathlib import Path

import pytest

import sticks_tui.engine as engine


def checked_imports() -> dict[str, str]:
    """The names the checker reads, by the module (under the engine) they come from."""
    tree = ast.parse(Path(engine.__file__).read_text(encoding="utf-8"))
    found: dict[str, str] = {}
    for node in tree.body:
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
            for imported in node.body:
                assert isinstance(imported, ast.ImportFrom) and imported.level == 1
                for alias in imported.names:
                    found[alias.asname or alias.name] = str(imported.module)
    return found


def test_the_checker_reads_every_name_offered_from_where_it_is_loaded() -> None:
    assert checked_imports() == engine._HOMES
    assert sorted(engine.__all__) == sorted(engine._HOMES)


@pytest.mark.parametrize("name", engine.__all__)
def test_each_name_is_its_modules_own(name: str) -> None:
    home = importlib.import_module(f"sticks_tui.engine.{engine._HOMES[name]}")
    assert getattr(engine, name) is getattr(home, name)
    assert name in dir(engine)


def test_a_name_it_does_not_offer_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'Trainer'"):
        engine.Trainer  # noqa: B018


def test_one_games_rules_load_neither_training_nor_the_solver_nor_the_learners() -> None:
    code = (
        "import sys\n"
        "from sticks_tui.engine.game import Rules\n"
        "from sticks_tui.engine import RuleError\n"
        "print(' '.join(sorted(m for m in sys.modules if m.startswith('sticks_tui'))))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["sticks_tui", "sticks_tui.engine", "sticks_tui.engine.game"]

"""The engine is a library of its own: importing it never loads textual or rich."""

import pkgutil
import subprocess
import sys

import pytest

import sticks_tui.engine as engine

# every module in the engine package, found afresh so that a new module is checked too
MODULES = ["sticks_tui.engine"] + sorted(
    m.name for m in pkgutil.walk_packages(engine.__path__, prefix="sticks_tui.engine.")
)


def test_the_engine_package_has_its_core_modules():
    core = {
        "game", "games", "games.takeaway", "games.nim", "games.sticky", "learners",
        "learners.hats.brain", "learners.q.learner", "players", "match", "training", "solver",
    }
    assert core <= {m.removeprefix("sticks_tui.engine.") for m in MODULES}


@pytest.mark.parametrize("module", MODULES)
def test_engine_module_imports_without_textual_or_rich(module):
    code = (
        f"import sys, {module}\n"
        "loaded = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich'))\n"
        "print(','.join(loaded))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""

"""The Sticky-Nim tables: a compressed JSON file of the package, read once when first needed,
and reproduced by its generator, tools/build_sticky_tables.py."""

import gzip
import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

from sticks_tui.engine.games import sticky_theory

ROOT = Path(__file__).resolve().parents[2]
TABLES = Path(sticky_theory.__file__).parent / "data" / sticky_theory.TABLES_FILE


def load_generator():
    path = ROOT / "tools" / "build_sticky_tables.py"
    spec = importlib.util.spec_from_file_location("build_sticky_tables", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def shipped_json():
    return json.loads(gzip.decompress(TABLES.read_bytes()))


def test_the_file_holds_a_table_for_takes_up_to_2_and_up_to_3():
    data = shipped_json()
    assert "tools/build_sticky_tables.py" in data["about"]
    tables = {table["k"]: table for table in data["tables"]}
    assert sorted(tables) == [2, 3]
    assert (len(tables[2]["mul"]), len(tables[2]["exceptions"])) == (22, 5_799)
    assert (len(tables[3]["mul"]), len(tables[3]["exceptions"])) == (27, 426)
    assert all(table["limit"] == 62 for table in tables.values())
    loaded = sticky_theory.shipped_tables()
    assert loaded[3].exceptions == {tuple(p) for p in tables[3]["exceptions"]}
    # the first exception of k = 2: the quotient guesses lost, the search and the table say won
    assert loaded[2].quotient.guess_lost((25,)) and not sticky_theory.BruteForce(2).lost((25,))
    assert loaded[2].lost((25,)) is False


def test_the_file_is_read_once_and_only_when_an_outcome_is_first_asked_for():
    code = (
        "import sticks_tui.engine as engine\n"
        "from sticks_tui.engine.games import sticky_theory as theory\n"
        "engine.parse_game('sticky:62:3'); engine.Solver(engine.StickyNim(20))\n"
        "before = theory.shipped_tables.cache_info().misses\n"
        "engine.StickyNim(20).known_outcome((20,)); engine.StickyNim(30, 2).known_outcome((7, 3))\n"
        "engine.StickyNim(62).known_outcome((40, 12))\n"
        "print(before, theory.shipped_tables.cache_info().misses)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["0", "1"]


def test_the_generator_writes_the_same_file_from_the_same_tables():
    generator = load_generator()
    assert gzip.decompress(generator.encode(shipped_json()["tables"])) == gzip.decompress(
        TABLES.read_bytes()
    )


@pytest.mark.slow
def test_the_generator_reproduces_the_table_for_takes_up_to_3():
    # Regenerating everything takes about three minutes (1.5 million positions per table), so
    # this rebuilds the k = 3 quotient in full (about 6 s) and its exceptions among the positions
    # of lines of up to 30 sticks; k = 2's quotient alone takes twice as long, and its exceptions
    # are checked on the same positions in test_sticky.py.
    generator = load_generator()
    built = generator.build_table(3, exceptions_limit=30)
    shipped = next(table for table in shipped_json()["tables"] if table["k"] == 3)
    for field in ("phi", "mul", "lost", "test_size", "heaps"):
        assert built[field] == shipped[field], field
    assert built["exceptions"] == [p for p in shipped["exceptions"] if sum(p) + len(p) <= 31]

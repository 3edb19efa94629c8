"""Settings every test shares.

Each test gets a data directory of its own (``STICKS_TUI_DATA_DIR``, inherited by the programs a
test starts), so no test reads or writes the real user's leaderboard and brains, and no test's
saved AI brain changes how the AI plays in the next one.

The cyclic garbage collector runs less often than Python's default in the tests' processes
(:data:`GC_THRESHOLDS`): each app a test starts leaves tens of thousands of objects in Textual's
caches, and with the default thresholds the collector scanned that heap again and again, a
quarter of the processor time of the app's tests. Nothing a test checks depends on when cycles
are collected.
"""

from __future__ import annotations

import gc
from pathlib import Path

import pytest

#: A young collection every 10,000 allocations (Python's default: 700), a full one after ten
#: times ten of them (as by default): a full collection every million allocations rather than
#: every 70,000. A test's process grows by a few tens of megabytes for it; measured by
#: benchmarks/suite_cpu.py (``--gc-default`` compares).
GC_THRESHOLDS = (10_000, 10, 10)
gc.set_threshold(*GC_THRESHOLDS)


@pytest.fixture(autouse=True)
def _own_data_dir(
    monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory
) -> Path:
    data_dir = tmp_path_factory.mktemp("sticks-tui-data")
    monkeypatch.setenv("STICKS_TUI_DATA_DIR", str(data_dir))
    return data_dir

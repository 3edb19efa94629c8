"""Settings every test shares.

Each test gets a data directory of its own (``STICKS_TUI_DATA_DIR``, inherited by the programs a
test starts), so no test reads or writes the real user's leaderboard and brains, and no test's
saved AI brain changes how the AI plays in the next one.
"""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _own_data_dir(
    monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory
) -> Path:
    data_dir = tmp_path_factory.mktemp("sticks-tui-data")
    monkeypatch.setenv("STICKS_TUI_DATA_DIR", str(data_dir))
    return data_dir

"""Fixtures for the app's tests; the helpers themselves are in ui_helpers.py."""

from __future__ import annotations

import pytest
from ui_helpers import make_app

from sticks_tui.ui.app import SticksApp


@pytest.fixture
def app() -> SticksApp:
    return make_app()

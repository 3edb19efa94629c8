"""Settings every test shares.

Each test gets a data directory of its own (``STICKS_TUI_DATA_DIR``, inherited by the programs a
test starts), so no test reads or writes the real user's leaderboard and brains, and no test's
saved AI brain changes how the AI plays in the next one.

Three settings of the tests' processes make the tests cheaper without changing what they
check:

- The cyclic garbage collector runs less often than Python's default (:data:`GC_THRESHOLDS`):
  each app a test starts leaves tens of thousands of objects in Textual's caches, and with the
  default thresholds the collector scanned that heap again and again, a quarter of the
  processor time of the app's tests. Nothing a test checks depends on when cycles are
  collected.
- Each piece of CSS is parsed once per process (:func:`_parse_css_once`): Textual parses the
  app's CSS and every widget's anew for each app, and again for the whole app the first time a
  screen with a CSS file of its own opens; a test process starts a hundred apps.
- Where Python is told to write no bytecode (``PYTHONDONTWRITEBYTECODE``), the tests' processes
  and the programs they start keep it under ``.pytest_cache/pycache`` (:func:`_compile_once`):
  else each of the hundreds of programs the tests run compiles the package again (0.35 s of
  processor time to import the command line, not 0.14 s), and each worker rewrites every test
  module's asserts again.
"""

from __future__ import annotations

import gc
import os
import signal
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

#: A young collection every 10,000 allocations (Python's default: 700), a full one after ten
#: times ten of them (as by default): a full collection every million allocations rather than
#: every 70,000. A test's process grows by a few tens of megabytes for it; measured by
#: benchmarks/suite_cpu.py (``--gc-default`` compares).
GC_THRESHOLDS = (10_000, 10, 10)
gc.set_threshold(*GC_THRESHOLDS)


def _parse_css_once() -> None:
    """Keep the rules Textual parses from a piece of CSS for every later app of this process.

    Textual keeps them per stylesheet (``Stylesheet._parse_rules``: the CSS, where it was read
    from, its kind, its scope), so each app, and each re-parse of an app's CSS, parses all of it
    again. Here they are kept per process, also by the stylesheet's variables (the theme's
    colours), which the rules are made with. The rules are read, never changed, once made:
    Textual already shares them between the re-parses of one app. (Textual is pinned to 8.2
    for the tests, whose snapshots it draws.)
    """
    from textual.css.stylesheet import Stylesheet

    parse_rules = Stylesheet._parse_rules
    parsed: dict[tuple[object, ...], object] = {}

    def parse_rules_once(  # type: ignore[no-untyped-def]
        self, css, read_from, is_default_rules=False, tie_breaker=0, scope=""
    ):
        key = (css, read_from, is_default_rules, tie_breaker, scope,
               tuple(self._variables.items()))
        if key not in parsed:
            parsed[key] = parse_rules(self, css, read_from, is_default_rules, tie_breaker, scope)
        return parsed[key]

    Stylesheet._parse_rules = parse_rules_once  # type: ignore[method-assign]


_parse_css_once()


def _compile_once() -> None:
    """Keep bytecode, when Python is told to keep none, in this checkout's pytest cache (the
    source tree stays as it is; a tree that cannot be written to is simply not cached)."""
    if not sys.dont_write_bytecode or sys.pycache_prefix:
        return  # bytecode is kept as the user set it up
    cache = str(Path(__file__).resolve().parents[1] / ".pytest_cache" / "pycache")
    sys.pycache_prefix = cache
    sys.dont_write_bytecode = False
    os.environ["PYTHONPYCACHEPREFIX"] = cache  # for the programs the tests start
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)


_compile_once()


def _draw_when_read() -> None:
    """Headless apps draw their screen only when a test reads it.

    Textual renders every widget's lines at each refresh even with no terminal to show them
    (the headless driver drops them): two fifths of the processor time of a UI test. Here a
    headless app still lays its screen out at each refresh (sizes, what fits, where a click
    lands) and follows the mouse, but draws the lines only when a test reads them:
    ``ui_helpers.screen_text`` and the snapshots render the whole screen, every widget's
    ``render`` included, so what a person would see is what they check. An app in a terminal
    (the end-to-end tests run the real program in tmux and a pty) draws as always.
    """
    from textual.screen import Screen

    refresh = Screen._compositor_refresh

    def refresh_unless_headless(self: Screen[object]) -> None:
        app = self.app
        if not app.is_headless or app.is_inline:
            refresh(self)
            return
        if self is app.screen or self in app._background_screens:
            self._compositor._dirty_regions.clear()
            self._dirty_widgets.clear()
        app._update_mouse_over(self)

    Screen._compositor_refresh = refresh_unless_headless  # type: ignore[method-assign]


_draw_when_read()


def _idle_is_the_interface_idle() -> None:
    """A pilot's pause (and each key it presses) waits for the interface to be idle: its own
    thread, not the whole process.

    Textual tells "idle" by the process's processor time over 20 ms (``textual._wait``), and
    waits up to a second for it. While the lab trains, an analysis runs or a proof is searched
    in a worker thread, the process is never idle, so each pause and each key took a full
    second, all of it spent training: a test that pressed five keys during a training waited
    seven seconds. Worker threads go on by design; what a pause is for is that the interface
    has done what it was given (tests wait for a worker's result with ``wait_until``). So the
    time measured is the interface thread's own (``time.thread_time``: the pause runs on it).
    """
    import time

    import textual._wait

    textual._wait.process_time = time.thread_time  # type: ignore[attr-defined]


_idle_is_the_interface_idle()


@pytest.fixture(autouse=True)
def _signals_as_found() -> Iterator[None]:
    """Each test leaves Ctrl-C as it found it in this process: its handler, and not blocked. A
    handler left ignored (or a signal left blocked) is inherited by every program a later test
    starts, whose Ctrl-C then does nothing: tests far from the one at fault fail."""
    handler = signal.getsignal(signal.SIGINT)
    blocked = signal.pthread_sigmask(signal.SIG_BLOCK, []) if hasattr(
        signal, "pthread_sigmask") else set()
    yield
    assert signal.getsignal(signal.SIGINT) == handler, "the test changed Ctrl-C's handler"
    if hasattr(signal, "pthread_sigmask"):
        assert signal.pthread_sigmask(signal.SIG_BLOCK, []) == blocked, (
            "the test left signals blocked"
        )


@pytest.fixture(autouse=True)
def _own_data_dir(
    monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory
) -> Path:
    data_dir = tmp_path_factory.mktemp("sticks-tui-data")
    monkeypatch.setenv("STICKS_TUI_DATA_DIR", str(data_dir))
    return data_dir


def pytest_collection_finish(session: pytest.Session) -> None:
    """What is alive once the tests are collected (the modules, the tests) stays alive to the
    end: the collector need not walk it again in each full collection (``gc.freeze``)."""
    gc.collect()
    gc.freeze()

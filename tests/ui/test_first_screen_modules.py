"""What the first screen loads: each tab of a classroom (``sticks-tui serve``) is a process of its
own, and its first frame must come within 1.5 times a minimal Textual app's (SPEC 14). Loading
code is most of a start, so the modules a first screen may load are listed here: a change that
makes the first screen load a screen, a presenter, the engine's training or analysis, or a heavy
package (Markdown, a data table, numba) fails here, and either loads it later, where it is first
needed, or adds it to the list, knowingly (``benchmarks/first_frame.py`` measures what it costs).

Each case starts the real program as textual-serve starts a tab (its environment: Textual's web
driver, which writes ``__GANGLION__`` and then framed packets on standard output), reads the
packets until the first screen's words are drawn, and then asks the program, through a wrapper
around it, for the modules it has loaded (SIGUSR1). What a minimal Textual app loads started the
same way (an ``App`` with one ``Static``) is Textual's own start-up and is allowed; beyond it,
only the modules listed here. The terminal's first screen (the setup screen) is checked the same
way, under the same driver.
"""

from __future__ import annotations

import os
import re
import select
import signal
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace

import pytest
from textual_serve.app_service import AppService

pytestmark = [pytest.mark.slow, pytest.mark.skipif(sys.platform == "win32", reason="SIGUSR1")]

#: How long a start may take before the test fails (a loaded machine): never a measure.
PATIENCE = 60.0
ESCAPE = re.compile(
    rb"\x1b(?:\[[0-9;?:<=>]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)|[()][0-9A-Za-z]|.)"
)
#: Runs a program (``-m MODULE`` or ``-c CODE``, then its arguments) and, on SIGUSR1, writes the
#: names of the modules it has loaded to the file named first.
PROBE = """\
import os, runpy, signal, sys
report, how, what, *args = sys.argv[1:]
def write(signum, frame):
    with open(report + ".part", "w") as out:
        out.write("\\n".join(sorted(sys.modules)))
    os.replace(report + ".part", report)
signal.signal(signal.SIGUSR1, write)
sys.argv = [what, *args]
if how == "-m":
    runpy.run_module(what, run_name="__main__", alter_sys=True)
else:
    exec(compile(what, "<app>", "exec"), {"__name__": "__main__"})
"""
MINIMAL_APP = """\
from textual.app import App
from textual.widgets import Static


class Minimal(App[None]):
    def compose(self):
        yield Static("Who is playing?")


Minimal().run()
"""


def under(package: str, *modules: str) -> set[str]:
    """``package`` and the modules named under it."""
    return {package, *(f"{package}.{module}" for module in modules)}


#: Beyond a minimal Textual app: what a served tab's first screen, "Who is playing?", loads.
SERVED_FIRST_SCREEN = {
    # the command line, without any command's module
    *under("sticks_tui", "cli", "cli.main", "cli.args", "cli.app"),
    # the rules' types, the games' registry (no family yet) and the learners' registry (a name
    # may not be a machine's, whose roster names the learners; the store reads their brains);
    # "compiled", the loader of numba's kernels that the hat AI's declares (numba is not
    # imported: HEAVY below)
    *under("sticks_tui.engine", "compiled", "game", "games", "games.family", "machines",
           "memory", "numbers", "pacing", "players", "solver"),
    *under("sticks_tui.engine.learners", "base", "fast", "game_change", "kind", "player",
           "settings",
           "hats", "hats.brain", "hats.compiled", "hats.draw", "hats.file", "hats.kind",
           "hats.lessons", "hats.loops", "hats.player", "hats.reading", "hats.self_play",
           "hats.settings", "q", "q.kind", "q.learner", "q.reading", "q.self_play",
           "q.settings"),
    # the room's records, opened before the app (a store that cannot be used is said first)
    *under("sticks_tui.storage", "brain_cache", "brain_files", "brain_ref", "brain_shelf",
           "brain_sync", "file_writer", "records", "saved_brains", "training_turns", "sqlite", "sqlite.play_on",
           "sqlite.schema", "sqlite.store", "sqlite.store_file", "sqlite.store_writer"),
    *under("sticks_tui.text", "brain_news", "brains", "commands", "json_layout", "memory",
           "names", "signals", "terminal"),
    # the app, its driver for a served tab, and of its screens only the first and the too-small
    # cover
    *under("sticks_tui.ui", "app", "leaving", "plain", "served", "session", "speed", "screens",
           "screens.name", "screens.too_small", "widgets", "widgets.footer"),
    # the Python and Textual beyond a minimal app's: the options, the store and its writer's
    # queue; the first screen's title bar, name field and keys
    "argparse", "gettext", "sqlite3", "sqlite3.dbapi2", "_sqlite3", "queue", "_queue",
    "textual.widgets._header", "textual.widgets._footer", "textual.widgets._label",
}
#: Beyond the served tab's: what the terminal's first screen, the setup screen, loads (every
#: game's form: the games' registry and their presenters; no learner's presenter).
SETUP_SCREEN = {
    *under("sticks_tui.engine", "games.nim", "games.octal_code", "games.sticky",
           "games.sticky_heaps", "games.sticky_line", "games.sticky_quotient",
           "games.sticky_theory", "games.takeaway", "hints", "period_proof", "theory", "words"),
    *under("sticks_tui.text", "hints", "moves", "words"),
    *under("sticks_tui.ui", "host", "screens.setup", "widgets.line", "widgets.piles",
           "widgets.sticks"),
    *under("sticks_tui.ui.presenters", "bars", "base", "forms", "hat_words", "learner", "nim",
           "plain", "sticky", "takeaway"),
    # Sticky-Nim's tables, read from the package's data
    "gzip", *under("importlib.resources", "_adapters", "_common", "_legacy", "abc"),
    "textual.widgets._radio_button", "textual.widgets._radio_set",
    "textual.widgets._toggle_button",
}
#: Loaded whatever the program: Python's own start (an editable install's finder), and the
#: tables Rich reads a character's width from, by Unicode version (named after it).
ANY_PROGRAM = re.compile(r"__main__|__editable__.*|_distutils_hack|rich\._unicode_data\..*")
#: Never by a first screen, whatever the list above says: the heavy packages the later screens
#: bring (the help's Markdown, tables, text areas, the fast training's compiler, the server).
HEAVY = re.compile(
    r"(markdown_it|pygments|tree_sitter|numba|numpy|aiohttp|textual_serve|jsonschema)(\..*)?"
    r"|textual\.widgets\._(data_table|markdown|text_area|tabbed_content|sparkline|log)"
)


def served_environment() -> dict[str, str]:
    """The environment textual-serve gives a tab's process."""
    return AppService._build_environment(SimpleNamespace(debug=False), width=80, height=24)


def wait_for_words(process: subprocess.Popen[bytes], words: bytes) -> None:
    """Read the program's packets until its screen shows ``words``."""
    assert process.stdout is not None
    fd = process.stdout.fileno()
    pending, screen, started = b"", b"", False
    deadline = time.monotonic() + PATIENCE
    while True:
        ready, _, _ = select.select([fd], [], [], max(0.0, deadline - time.monotonic()))
        chunk = os.read(fd, 1 << 16) if ready else b""
        assert chunk, f"the program ended or hung before it drew {words!r}"
        pending += chunk
        if not started:
            head, mark, pending = pending.partition(b"__GANGLION__\n")
            if not mark:
                pending = head
                continue
            started = True
        while len(pending) >= 5:
            size = int.from_bytes(pending[1:5], "big")
            if len(pending) < 5 + size:
                break
            kind, payload, pending = pending[:1], pending[5:5 + size], pending[5 + size:]
            if kind == b"D":
                screen += payload
                if words in ESCAPE.sub(b"", screen):
                    return


def loaded_at_first_frame(argv: list[str], words: bytes, where: Path) -> set[str]:
    """The modules the program ``argv`` (``-m MODULE ...`` or ``-c CODE``) has loaded once its
    screen shows ``words``."""
    report = where / "modules.txt"
    report.unlink(missing_ok=True)
    process = subprocess.Popen(
        [sys.executable, "-c", PROBE, str(report), *argv], stdin=subprocess.PIPE,
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=served_environment(),
    )
    try:
        wait_for_words(process, words)
        process.send_signal(signal.SIGUSR1)
        deadline = time.monotonic() + PATIENCE
        while not report.exists():
            assert process.poll() is None and time.monotonic() < deadline, "no list came"
            time.sleep(0.02)
        return set(report.read_text().split())
    finally:
        process.send_signal(signal.SIGTERM)  # as the server asks a tab to leave
        try:
            process.wait(timeout=PATIENCE)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        for stream in (process.stdin, process.stdout):
            if stream is not None:
                stream.close()


@pytest.fixture(scope="module")
def textual_alone(tmp_path_factory: pytest.TempPathFactory) -> set[str]:
    """What a minimal Textual app loads by its first frame: Textual's own start."""
    loaded = loaded_at_first_frame(
        ["-c", MINIMAL_APP], b"Who is playing?", tmp_path_factory.mktemp("minimal")
    )
    assert "textual.app" in loaded and not any(HEAVY.fullmatch(m) for m in loaded)
    return loaded


def beyond(loaded: set[str], allowed: set[str]) -> list[str]:
    return sorted(
        module for module in loaded
        if module not in allowed and not ANY_PROGRAM.fullmatch(module)
    )


def test_a_served_tabs_first_screen_loads_only_what_it_lists(
    tmp_path: Path, textual_alone: set[str]
) -> None:
    loaded = loaded_at_first_frame(
        ["-m", "sticks_tui", "--data-dir", str(tmp_path / "room"), "--served"],
        b"Who is playing?", tmp_path,
    )
    assert "sticks_tui.ui.screens.name" in loaded  # the first screen is the one asked for
    assert beyond(loaded, textual_alone | SERVED_FIRST_SCREEN) == []
    assert sorted(m for m in loaded if HEAVY.fullmatch(m)) == []


def test_the_terminals_first_screen_loads_only_what_it_lists(
    tmp_path: Path, textual_alone: set[str]
) -> None:
    loaded = loaded_at_first_frame(
        ["-m", "sticks_tui", "--data-dir", str(tmp_path / "data")],
        b"Welcome to the game of sticks!", tmp_path,
    )
    assert "sticks_tui.ui.screens.setup" in loaded
    assert beyond(loaded, textual_alone | SERVED_FIRST_SCREEN | SETUP_SCREEN) == []
    assert sorted(m for m in loaded if HEAVY.fullmatch(m)) == []

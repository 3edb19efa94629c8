"""Helpers shared by the pilot and snapshot tests of the full-screen app.

Every app here is built with a fixed seed, a small training budget, no pause before the AI
moves and a clock that ticks by a fixed step, so each run draws the same screens.
"""

from __future__ import annotations

import contextlib
import itertools
import threading
import time
from typing import Awaitable, Callable, Iterable, TypeVar

from textual.pilot import Pilot
from textual.widgets import Input
from textual.worker import WorkerCancelled, WorkerFailed

from sticks_tui.storage.records import MemoryRecords
from sticks_tui.ui.app import SticksApp

SEED = 2014
TRAINING_GAMES = 400


class FakeClock:
    """A clock that moves one hundredth of a second each time it is read (from any thread)."""

    def __init__(self) -> None:
        self._ticks = itertools.count()
        self._lock = threading.Lock()

    def __call__(self) -> float:
        with self._lock:
            return next(self._ticks) / 100


def make_app(**overrides: object) -> SticksApp:
    settings: dict[str, object] = {
        "records": MemoryRecords(),
        "seed": SEED,
        "training_games": TRAINING_GAMES,
        "ai_delay": 0.0,
        "clock": FakeClock(),
    }
    settings.update(overrides)
    return SticksApp(**settings)  # type: ignore[arg-type]


#: However many tries are left, a wait gives up only after this many seconds: on a loaded
#: machine (three test workers on two cores) the app's timers and threads fall behind, and a
#: count of pauses alone would call a slow app a broken one. Only a failure waits this long.
WAIT_SECONDS_LEAST = 30.0


async def wait_until(pilot: Pilot, condition: Callable[[], bool], tries: int = 400) -> None:
    """Let the app process messages until ``condition`` holds: ``tries`` pauses, and at least
    :data:`WAIT_SECONDS_LEAST` before giving up (a time never decides a pass)."""
    started = time.monotonic()
    done = 0
    while done < tries or time.monotonic() - started < WAIT_SECONDS_LEAST:
        if condition():
            return
        await pilot.pause() if done < tries else await pilot.pause(0.01)
        done += 1
    raise AssertionError("the app never reached the expected state")


async def hint_worked_out(pilot: Pilot) -> None:
    """Until the hint asked for (worked out in a thread by the board's hint panel) is shown:
    its worker awaited, not polled (polling spun the loop against the thread for the GIL)."""
    for worker in list(pilot.app.workers):
        if worker.name == "hint" and not worker.is_finished:
            with contextlib.suppress(WorkerCancelled, WorkerFailed):
                await worker.wait()
    await pilot.pause()


async def set_input(pilot: Pilot, selector: str, text: str, *, type_it: bool = False) -> None:
    """Replace the text of an input; ``type_it`` types it key by key as a user would (slower)."""
    widget = pilot.app.screen.query_one(selector, Input)
    widget.focus()
    await pilot.pause()
    if type_it:
        widget.value = ""
        await pilot.press(*text)
    else:
        widget.value = text
    await pilot.pause()


async def to_mode(pilot: Pilot, sticks: int = 10) -> None:
    """From the setup screen to the mode screen with ``sticks`` sticks."""
    await pilot.pause()
    await set_input(pilot, "#sticks", str(sticks))
    await pilot.press("enter")
    await wait_until(pilot, lambda: type(pilot.app.screen).__name__ == "ModeScreen")


async def to_training(pilot: Pilot, sticks: int = 20) -> None:
    """Setup, then "play against the trained computer", until its training shows (the lab's
    run screen: the app's one training pipeline)."""
    await to_mode(pilot, sticks)
    await pilot.press("3")
    await wait_until(pilot, lambda: type(pilot.app.screen).__name__ == "LabRunScreen")


async def training_done(pilot: Pilot) -> None:
    """Wait until the training on screen has its result: its worker is awaited (not every
    worker: the mode screen's waits for the training screen to be dismissed, so it never ends
    here)."""
    await wait_until(pilot, lambda: screen_name(pilot) == "LabRunScreen")
    screen = pilot.app.screen
    for _ in range(400):
        if getattr(screen, "result", None) is not None:
            return
        workers = [w for w in pilot.app.workers if w.node is screen and w.group == "lab"]
        if workers:
            await pilot.app.workers.wait_for_complete(workers)
        await pilot.pause()
    raise AssertionError("training never ended")


async def to_board(pilot: Pilot, mode_key: str, sticks: int = 10) -> None:
    """Setup, then the mode chosen by its key, until the board shows."""
    await to_mode(pilot, sticks)
    await pilot.press(mode_key)
    await wait_until(pilot, lambda: type(pilot.app.screen).__name__ == "BoardScreen")


async def still_cursor(pilot: Pilot) -> None:
    """A blinking cursor would make a snapshot depend on the moment it is taken."""
    for widget in pilot.app.screen.query(Input):
        widget.cursor_blink = False
    await pilot.pause()


async def lab_at_full_speed(pilot: Pilot) -> None:
    """On the lab's form: its run starts at full speed (it starts slow by default)."""
    from textual.widgets import Select

    from sticks_tui.ui.speed import FULL_SPEED

    pilot.app.screen.query_one("#speed", Select).value = FULL_SPEED
    await pilot.pause()


def screen_name(pilot: Pilot) -> str:
    return type(pilot.app.screen).__name__


Step = Callable[[Pilot], Awaitable[None]]
Case = TypeVar("Case")


async def check_each(
    pilot: Pilot,
    cases: Iterable[Case],
    check: Callable[[Pilot, Case], Awaitable[None]],
    *,
    then: Step | None = None,
) -> None:
    """Check every case on one app (starting an app costs more than most cases): ``check``
    each, and ``then`` after each but the last to set the app back for the next. Every case
    that fails is named with its error once all have run: by its ``repr``, or a function by
    its name (see :func:`check_steps`)."""
    failed: list[str] = []
    listed = list(cases)
    for number, case in enumerate(listed, 1):
        name = getattr(case, "__name__", None) or repr(case)
        try:
            await check(pilot, case)
        except AssertionError as error:
            failed.append(f"{name}: {error}")
        if then is not None and number < len(listed):
            try:
                await then(pilot)
            except AssertionError as error:
                failed.append(f"{name}: the app was not set back ({error}); the cases after "
                              "it were not checked")
                break
    assert not failed, "\n".join(failed)


async def check_steps(pilot: Pilot, steps: Iterable[Step], *, then: Step | None = None) -> None:
    """:func:`check_each` of checks that each drive the app their own way: each step is an
    async function of the pilot, named for what a user would notice, and named so if it fails.
    """

    async def run(pilot: Pilot, step: Step) -> None:
        await step(pilot)

    await check_each(pilot, steps, run, then=then)


async def back_to_setup(pilot: Pilot) -> None:
    """Close every screen above the setup screen, as a fresh app would show it (for the next
    case of :func:`check_each`)."""
    while screen_name(pilot) not in ("SetupScreen", "Screen"):
        await pilot.app.pop_screen()
        await pilot.pause()
    assert screen_name(pilot) == "SetupScreen"


def palette_highlights(pilot: Pilot, title: str) -> bool:
    """True once the command palette's highlighted command is ``title`` (its search is async)."""
    from textual.command import CommandList
    from textual.css.query import NoMatches

    try:
        commands = pilot.app.screen.query_one(CommandList)
    except NoMatches:
        return False
    if commands.highlighted is None:
        return False
    prompt = commands.get_option_at_index(commands.highlighted).prompt
    return str(getattr(prompt, "plain", prompt)).startswith(title)


def screen_text(pilot: Pilot) -> str:
    """The screen as a person reads it: every character drawn, without colours, line by line.

    This is what ``App.export_screenshot`` draws, as text rather than SVG.
    """
    import io

    from rich.console import Console

    app = pilot.app
    width, height = app.size
    console = Console(
        width=width, height=height, file=io.StringIO(), record=True, force_terminal=True,
        color_system="truecolor", legacy_windows=False, safe_box=False,
    )
    console.print(
        app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    )
    return console.export_text(styles=False)

"""Make the README's screenshot of the board with the app itself.

    .venv/bin/python tools/screenshot.py [--out assets/board.svg] [--size 100x30]

It plays a short, seeded game against the learning AI in a headless app (Textual's pilot),
stops while the AI has a ball waiting beside its hat, and saves the screen as SVG. The same
seed always gives the same picture.
"""

from __future__ import annotations

import argparse
import asyncio
from collections.abc import Callable
from pathlib import Path

from textual.pilot import Pilot

from sticks_tui.engine import game_of_sticks
from sticks_tui.ui.app import SticksApp
from sticks_tui.ui.screens.board.screen import BoardScreen

SEED = 2014
DEFAULT_OUT = Path("assets/board.svg")


async def _pause_until(pilot: Pilot[int], condition: Callable[[], bool]) -> None:
    for _ in range(400):
        if condition():
            return
        await pilot.pause()
    raise RuntimeError("the app did not reach the screen to photograph")


async def take(out: Path, size: tuple[int, int]) -> Path:
    """Play to an interesting moment and save the board as SVG at ``out``."""
    app = SticksApp(seed=SEED, ai_delay=1000.0)  # the AI moves only when told to
    app.settings.choose(game_of_sticks(23))
    app.settings.names = ("Marvin", "Player 2")
    async with app.run_test(size=size) as pilot:
        await pilot.press("enter")  # setup: keep 23 sticks
        await _pause_until(pilot, lambda: type(app.screen).__name__ == "ModeScreen")
        await pilot.press("2")  # against the learning AI
        await _pause_until(pilot, lambda: isinstance(app.screen, BoardScreen))
        board = app.screen
        assert isinstance(board, BoardScreen)
        for take_ in (2, 1):
            await pilot.press(str(take_))
            board.machine_step()  # the AI draws a ball...
            await pilot.pause()
            if take_ == 2:
                board.machine_step()  # ...and takes that many sticks
                await pilot.pause()
        await pilot.pause()
        out.parent.mkdir(parents=True, exist_ok=True)
        app.save_screenshot(filename=out.name, path=str(out.parent))
    return out


def _size(text: str) -> tuple[int, int]:
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        message = f"a size is WIDTHxHEIGHT, e.g. 100x30, got {text!r}"
        raise argparse.ArgumentTypeError(message) from None
    if not (80 <= width <= 300 and 24 <= height <= 100):
        raise argparse.ArgumentTypeError("the size must be from 80x24 to 300x100")
    return width, height


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="tools/screenshot.py", description="Save the board as an SVG."
    )
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="where to write the SVG")
    parser.add_argument("--size", type=_size, default=(100, 30), help="terminal size, WxH")
    args = parser.parse_args(argv)
    path = asyncio.run(take(args.out, args.size))
    print(f"saved {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

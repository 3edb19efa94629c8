"""A progress bar on standard error for the long commands (``train``, ``experiment``): drawn
with rich when the stream is a terminal, nothing otherwise (piped runs stay quiet, and start
quicker: rich is imported only when a bar is drawn)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any, TextIO

__all__ = ["ProgressBar"]


class ProgressBar:
    """Used as ``with ProgressBar(total, "Training", "games") as show`` (``show`` is None when
    there is no bar; else ``show(done)`` moves it), with the pace in ``unit`` a second and the
    time left."""

    def __init__(
        self, total: int, description: str = "Training", unit: str = "games",
        stream: TextIO | None = None,
    ) -> None:
        self.total = total
        self.description = description
        self.unit = unit
        self.stream = stream if stream is not None else sys.stderr
        self._progress: Any = None
        self._task: Any = None

    def __enter__(self) -> Callable[[int], None] | None:
        if not _is_terminal(self.stream):
            return None
        self._progress = _make_rich_progress(self.stream, self.unit)
        try:
            self._progress.__enter__()
            self._task = self._progress.add_task(self.description, total=self.total)
        except BaseException:  # Ctrl-C as the bar starts: its thread must not outlive it
            self._progress.stop()
            raise
        return self._update

    def _update(self, done: int) -> None:
        self._progress.update(self._task, completed=done)

    def __exit__(self, *exc_info: object) -> None:
        if self._progress is not None:
            self._progress.__exit__(*exc_info)


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def _make_rich_progress(stream: TextIO, unit: str) -> Any:
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        Progress,
        ProgressColumn,
        Task,
        TextColumn,
        TimeRemainingColumn,
    )
    from rich.text import Text

    class Pace(ProgressColumn):
        def render(self, task: Task) -> Text:
            speed = task.finished_speed or task.speed
            shown = "" if speed is None else (
                f"{speed:,.0f} {unit}/s" if speed >= 10 else f"{speed:.1f} {unit}/s"
            )
            return Text(shown, style="progress.data.speed")

    return Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        TextColumn(f"{{task.completed:,.0f}}/{{task.total:,.0f}} {unit}",
                   style="progress.download"),
        Pace(),
        TimeRemainingColumn(),
        console=Console(file=stream),
        transient=True,
    )

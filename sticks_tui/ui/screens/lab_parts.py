"""The training lab's run, in parts: what the training thread tells the screen (each a copy,
made between games or moves) and the progress bar drawn as one line of text (a fixed size, so
redrawing it redoes no layout)."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.message import Message

from ...engine import CurvePoint, TrainingResult
from ..lab_views import Picture
from ..widgets.tally import TallyFigures


@dataclass
class LabTick(Message):
    """A report from the training thread: the figures, the picture, the curve so far."""

    games_done: int
    rate: float
    tally: TallyFigures
    picture: Picture
    curve: tuple[CurvePoint, ...]
    paused: bool

    def can_replace(self, message: Message) -> bool:
        return isinstance(message, LabTick)


@dataclass
class LabMove(Message):
    """A move of a watched game, and the hats as the move left them."""

    line: str
    picture: Picture
    position: object

    def can_replace(self, message: Message) -> bool:
        return isinstance(message, LabMove)


@dataclass
class LabDone(Message):
    result: TrainingResult
    picture: Picture
    seconds: float
    """How long training took, by the app's clock."""


def progress_bar(done: int, total: int, width: int) -> Text:
    """A bar ``width`` cells wide, filled in eighths as far as ``done`` of ``total``."""
    eighths = round(width * 8 * done / total) if total else width * 8
    full, part = divmod(min(eighths, width * 8), 8)
    text = Text("█" * full, style="bold #5fafff")
    if full < width:
        text.append(" ▏▎▍▌▋▊▉"[part], style="bold #5fafff")
        text.append("·" * (width - full - 1), style="dim")
    return text

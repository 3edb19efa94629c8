"""The training lab's run, in parts: what the training thread tells the screen (each a copy,
made between games or moves), the reports made into those messages, and the progress bar drawn
as one line of text (a fixed size, so redrawing it redoes no layout)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from rich.text import Text
from textual.message import Message

from ....engine import CurvePoint, Tally, TrainingProgress, TrainingResult
from ...speed import RecentRate, SpeedControl
from ...widgets.tally import RunningTally, TallyFigures
from .views import Picture


@dataclass
class LabTick(Message):
    """A report from the training thread: the figures, the picture, the curve so far."""

    games_done: int
    rate: float | None
    """Games per second over about the last second (None: not measured yet at this pace)."""
    left: float | None
    """Seconds left at that rate (None: paused, or not known yet)."""
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
class LabWaiting(Message):
    """The training waits for its turn: another training of its brain has it."""

    holder: str | None
    """Who trains it, as they said ("" or None: not said)."""


@dataclass
class LabStarted(Message):
    """The training has its turn and starts, from the brain as now saved."""

    picture: Picture
    games: int
    """The games the brain had learned when training started."""
    picked_up: bool
    """Whether it starts from a brain another training kept while this one waited."""


@dataclass
class LabDone(Message):
    result: TrainingResult
    picture: Picture
    seconds: float
    """How long training took, by the app's clock."""
    started: bool = True
    """False: cancelled while it waited for its turn (nothing was trained)."""
    tally: TallyFigures | None = None
    """The tally of every game played (None: none was)."""


class Reports:
    """The trainer's reports made into :class:`LabTick` (in the training thread): the running
    tally, and games per second over about the last second at the pace now (a new speed, a
    pause or a resume starts its count anew), with the time left at that rate."""

    def __init__(self, games: int, control: SpeedControl, clock: Callable[[], float]) -> None:
        self.games = games
        self.control = control
        self.clock = clock
        self.tally = RunningTally()
        self.seen = (0, 0)  # games and games won reported so far
        self.recent = RecentRate()
        self.recent.add(clock(), 0)  # from the start, the first report has a rate
        self.pace = (control.index, control.paused)

    def tick(self, progress: TrainingProgress, picture: Picture) -> LabTick:
        self._count(progress.tally)
        done = progress.games_done
        paused = self.control.reached(done)
        if self.pace != (self.control.index, paused):
            self.pace = (self.control.index, paused)
            self.recent.reset()
        rate = self.recent.add(self.clock(), done)
        left = None if paused or not rate else (self.games - done) / rate
        return LabTick(
            done, rate, left, self.tally.figures(), picture, progress.curve, paused
        )


    def final(self, result: TrainingResult) -> TallyFigures:
        """The tally at the end: with the games played since the last report (a cancel, or a
        stop at the memory cap, comes between two reports), as many as the run says it
        played."""
        self._count(result.tally)
        return self.tally.figures()

    def _count(self, tally: Mapping[str, Tally]) -> None:
        """Add the games of ``tally`` (the training's, so far) not counted yet."""
        games = sum(t.games for t in tally.values())
        won = sum(t.won for t in tally.values())
        self.tally.add(games - self.seen[0], won - self.seen[1])
        self.seen = (games, won)


def progress_bar(done: int, total: int, width: int) -> Text:
    """A bar ``width`` cells wide, filled in eighths as far as ``done`` of ``total``."""
    eighths = round(width * 8 * done / total) if total else width * 8
    full, part = divmod(min(eighths, width * 8), 8)
    text = Text("█" * full, style="bold #5fafff")
    if full < width:
        text.append(" ▏▎▍▌▋▊▉"[part], style="bold #5fafff")
        text.append("·" * (width - full - 1), style="dim")
    return text

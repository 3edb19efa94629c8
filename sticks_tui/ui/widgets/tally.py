"""The tally of a run of games: games, won, lost, and the win share over the last 100 and the
last 1,000 games, as training (or watching) goes on.

Results come in runs: one game at a time at the slow speeds, thousands at a time at full speed,
where the fast loops say only how many of a run were won. :class:`RunningTally` keeps the runs
of the last games; when a run is longer than the window asked for, the window's share is that
run's (an estimate, marked ``≈``), otherwise it is exact.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass

from rich.cells import cell_len
from rich.text import Text
from textual.widgets import Static

#: The windows the tally shows the win share over.
WINDOWS = (100, 1000)


@dataclass(frozen=True)
class WindowShare:
    games: int
    """The games the share is over (fewer than the window early on)."""
    share: float
    exact: bool


class RunningTally:
    """Games, won and lost so far, and the runs of the last games (for the windows' shares)."""

    def __init__(self, windows: tuple[int, ...] = WINDOWS) -> None:
        self.windows = windows
        self.games = 0
        self.won = 0
        self._runs: deque[tuple[int, int]] = deque()  # (games, won), the latest last
        self._kept = 0  # games in _runs

    @property
    def lost(self) -> int:
        return self.games - self.won

    def add(self, games: int, won: int) -> None:
        """A run of ``games`` games, ``won`` of them won."""
        if games <= 0:
            return
        self.games += games
        self.won += won
        self._runs.append((games, won))
        self._kept += games
        most = max(self.windows)
        while self._runs and self._kept - self._runs[0][0] >= most:
            self._kept -= self._runs.popleft()[0]

    def last(self, window: int) -> WindowShare:
        """The win share over the last ``window`` games (or all, when fewer were played)."""
        wanted = min(window, self.games)
        games = 0
        won = 0.0
        exact = True
        for run_games, run_won in reversed(self._runs):
            if games >= wanted:
                break
            take = min(run_games, wanted - games)
            if take < run_games:
                exact = False  # part of a run: its share stands for the part
            games += take
            won += run_won * take / run_games
        return WindowShare(games, won / games if games else 0.0, exact)

    @property
    def share(self) -> float:
        return self.won / self.games if self.games else 0.0

    def figures(self) -> TallyFigures:
        """What the tally shows, frozen (to hand from the training thread to the screen)."""
        return TallyFigures(
            self.games, self.won, tuple((w, self.last(w)) for w in self.windows)
        )


@dataclass(frozen=True)
class TallyFigures:
    games: int
    won: int
    windows: tuple[tuple[int, WindowShare], ...]

    @property
    def lost(self) -> int:
        return self.games - self.won

    @property
    def share(self) -> float:
        return self.won / self.games if self.games else 0.0


def tally_text(tally: TallyFigures, note: str = "", width: int | None = None) -> Text:
    """Two lines: the counts (and ``note``), then the win shares. Within ``width`` columns a
    note "(what: detail)" says only "(detail)", and goes where even that does not fit: the
    counts are never cut."""
    counts: list[Part] = [
        ("games ", "dim"), (f"{tally.games:,}", "bold"),
        ("  won ", "dim"), (f"{tally.won:,}", "bold #87d75f"),
        ("  lost ", "dim"), (f"{tally.lost:,}", "bold #ff5f87"),
    ]
    notes = [note, f"({note.split(': ', 1)[1]}" if note.startswith("(") and ": " in note else ""]
    choices = [[*counts, (f"  {said}", "dim")] for said in notes if said] + [counts]
    text = fitted_line(choices, width if width is not None else 10**6, [])
    text.append("\n")
    text.append("win share: ", style="dim")
    for window, last in tally.windows:
        text.append(f"last {window:,} ", style="dim")
        shown = "  -" if last.games == 0 else f"{'' if last.exact else '≈'}{last.share:.0%}"
        text.append(f"{shown:>5}", style="bold")
        text.append("   ")
    text.append("all ", style="dim")
    text.append("-" if tally.games == 0 else f"{tally.share:.0%}", style="bold")
    return text


#: One part of a line: its words and their style.
Part = tuple[str, str]


def fitted_line(choices: Sequence[Sequence[Part]], width: int, names: Sequence[str]) -> Text:
    """The first of ``choices`` (the fullest words first) that fits ``width`` columns; when
    none does, the last with its ``names`` (players' names, the only words of any length, each
    a part of its own) shortened with "…" until it fits. The numbers are never cut: a tally
    line is read whole, on one line (one that wrapped would push the move log off the board)."""
    for parts in choices:
        if _width(parts) <= width:
            return _joined(parts)
    last = choices[-1]
    for room in range(max((len(name) for name in names), default=0) - 1, 0, -1):
        short = [
            (words[: max(1, room - 1)].rstrip() + "…" if words in names and len(words) > room
             else words, style)
            for words, style in last
        ]
        if _width(short) <= width:
            return _joined(short)
    return _joined(last)


def _width(parts: Sequence[Part]) -> int:
    return sum(cell_len(words) for words, _ in parts)


def _joined(parts: Sequence[Part]) -> Text:
    text = Text(no_wrap=True, overflow="ellipsis")
    for words, style in parts:
        text.append(words, style=style)
    return text


class TallyView(Static):
    """The tally as two lines; :meth:`show` redraws it."""

    DEFAULT_CSS = """
    TallyView { height: 2; }
    """

    #: Said after the counts, e.g. whose games won and lost count.
    note = ""

    def show(self, tally: TallyFigures) -> None:
        width = self.content_size.width or None  # the note's words that fit it
        self.update(tally_text(tally, self.note, width), layout=False)  # always two lines

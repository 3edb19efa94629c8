"""Help: the rules, the keys and how to read the hats."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Header, Markdown

HELP = """\
# The Game of Sticks

A heap of 10 to 100 sticks. Players take turns; on a turn a player takes 1, 2 or 3 sticks,
never more than are left. **Whoever takes the last stick loses.**

## Keys

| Key | Where | What |
| --- | --- | --- |
| `1` `2` `3` | board | take that many sticks (or click the buttons) |
| `a` / `n` / `l` | board | play again / new setup / leaderboard |
| `space` `s` `-` `+` | watch | run or pause / single step / slower / faster |
| `[` `]` | board, training | scroll the hats |
| `c` / `Enter` | training | cancel (keeps what was learned) / play |
| `1`-`4` | mode | friend / computer / trained computer / watch |
| `Enter` | setup | continue |
| `Escape` | anywhere | back |
| `ctrl+p` | anywhere | command palette: every screen |
| `F2` | anywhere | what the AI has learned, beside the exact answer |
| `F1` `?` | anywhere | this help |
| `q` `ctrl+q` | anywhere | quit (`q` types a letter in a text field) |

## The learning AI and its hats

The AI has one hat per number of sticks. Each hat starts with three balls numbered 1, 2
and 3. On its turn the AI draws a ball from the hat for the sticks on the board, puts it
**beside** the hat and takes that many sticks. When it wins, each ball beside a hat goes back
with one more of the same number; when it loses, those balls are thrown away (a hat always
keeps at least one ball of each number).

On the board each hat is a group of three bars, one per ball number; `●` above a bar is a
ball waiting beside its hat, and the hat in use is highlighted. Under the bars are the hat
numbers, and a line gives the exact counts of the hat in use.

The *trained computer* first plays itself many times (the training screen), then plays you.
In *watch* mode any two of random, learning, trained and perfect play each other.
"""


class HelpScreen(Screen[None]):
    BINDINGS = [Binding("escape", "app.pop_screen", "Back")]

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="help"):
            yield Markdown(HELP)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#help").focus()  # so the arrow keys and page keys scroll the help

"""Help: the rules, the keys and how to read the hats."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Header, Markdown

from ..widgets.footer import KeysFooter

HELP = """\
# The Game of Sticks and its relatives

**Game of Sticks**: a heap of 10 to 100 sticks. Players take turns; on a turn a player takes
1, 2 or 3 sticks, never more than are left. **Whoever takes the last stick loses.**

**Take-away**: the same heap, with the takes you choose on the setup screen (e.g. 2, 3, 5)
and either ending: *last stick loses*, or *no move loses* (a player who cannot take loses).

**Nim**: piles (1, 3, 5, 7 unless you change them); a move takes any number from one pile.
Whoever takes the last object loses. Piles are numbered from 0, as in CS50's Nim.

**Sticky-Nim**: a line of sticks (20 unless you change it, at most 62) with a letter under
each; a move takes 1 to k sticks *next to each other* (k = 3 unless you change it). Whoever
takes the last stick loses. Name a move by its first and last letter, e.g. `df`.

**Octal games** on the same line: *Kayles* (take 1 or 2 next to each other), *Dawson's Kayles*
(exactly 2), *Dawson's Chess*, *Treblecross*, or any code you type (`0.137`: its digits say what
each take may leave). A code with 4 before the point may also split a group without taking:
type the two neighbours with a bar between them, e.g. `d|e`, or click between the two sticks.
The line may end with sticks on it when no move fits; *no move loses* unless you choose *last
move loses*. A take the code forbids is refused in words.

## Opponents

A friend, or the computer: *random*, *perfect*, *mixed* (perfect with the chance you type,
otherwise random), or a **brain**: a machine that learns, saved under its name. The computer's
list names each brain with its learner and the games it has learned, e.g. `AI (hats, 1,203
games)`: *hats* is the hat AI below, *q* CS50's Q-learner (not for lines over 30). `AI` is the
one you teach by playing it; `Trained AI` is trained by self-play before it plays you (option
3); `Q-learning AI` trains 10,000 self-play games the first time (a Q-learner learns only when
trained); every brain made on the brains screen or in the lab is listed too. The board names
the brain it plays. *Watch* puts any two of them at the table.

## Keys

| Key | Where | What |
| --- | --- | --- |
| `1`-`9` | take-away board | take that many sticks (or click the buttons) |
| `↑` `↓`, `0`-`9`, `Enter` | Nim board | choose a pile, type how many (Enter when it could be more digits) |
| click | Nim board | take that stick and every stick to its right |
| letters, `Enter` | Sticky-Nim board | first and last letter of the sticks to take (`d` alone: one stick) |
| click, click | Sticky-Nim board | first and last stick to take (the same stick twice: one) |
| `d\\|e`, `Enter`; click between | octal board (4 before the point) | split the group between those two sticks without taking |
| `F5` (`h`) | board, your turn | hint: the best move and why, or the move that lasts longest where every move loses; what the AI would play there |
| `F6` (`u`) | board, your turn | undo: take back your move and the computer's reply (a friend's game: the last move); the game then counts for no one ("Nothing to undo" before your first move) |
| | | (`h` and `u` only where moves are not letters: not on the Sticky-Nim board) |
| `a` / `n` / `l` | board | play again / new setup / leaderboard |
| `space` `s` `-` `+` | watch | run or pause / single step (at a game's end: the next game) / slower / faster, as in the lab (from a game at a time on, only each game's end is drawn) |
| `[` `]` | board, training, lab | scroll the hats (take-away games) |
| `m` | leaderboard | count the games between two computer players too (or leave them out) |
| `r` | leaderboard | the learning AI's brain (a classroom's tab: the room's brain): the games the learning AI of the game chosen has learned and its win share over its last games against people, read again every few seconds as others play (in a classroom's tabs, or programs on the same data directory) |
| `1`-`5` | mode | friend / computer at the level chosen / trained computer / watch / training lab |
| `Enter` | lab form | start training at the speed chosen beside it (every field is checked as you type) |
| `space` `s` | lab | pause or resume / step one game (one move at the move speeds); each acts at once |
| `-` `+` | lab | slower / faster: one move at a time, quick moves (where the lab starts), a game at a time, 10, 100, 1,000 games a second, full speed; the lab keeps the last speed for its next run |
| `f` / `w` | lab | full speed / back to watching (option 3 trains at full speed: `w` watches it) |
| `c` `Escape` | lab | cancel (stops after the game; what was learned is kept unless discarded) |
| `k` `Enter` / `d` | lab, at the end | keep what it learned in the saved brain / discard it (leaving keeps it); before a game (options 2 and 3 train first), `k` plays it and `d` goes back |
| `p` | lab, at the end | play it now: keep it and play against it (option 3: play, also `Enter`) |
| `F4` | lab form | experiment: how fast does it learn, over many seeds? A ready question (which opponent, the loss penalty, fresh balls, hats or Q-learning) or the form's training |
| `Enter` / `c` `Escape` | experiment | run it (one run after another, with a progress bar) / cancel (the finished runs are kept, and said) |
| `m` | experiment, at the end | the band charts show the next measure: positions right, vs random, vs perfect, worst case |
| `Enter` | setup | continue |
| `Escape` | anywhere | back (leaving a game in progress asks first) |
| `y` / `n` | leave the game? | leave it (it does not count) / stay |
| `ctrl+p` | anywhere | command palette: every screen |
| `ctrl+b` | anywhere | the AIs' saved brains, every game's |
| `n` / `r` / `e` / `i` | brains | new brain / reset (asks first) / export to a file (in a browser, a download) / import from a file |
| `p` | brains | play against the brain highlighted, in its game |
| `F2` | anywhere | what the brain on the board (or the one chosen) has learned, beside the exact answer |
| `t` / `c` / `y` | analysis | the table of positions / the learning curve / the game's theory (arrows, page keys, Home, End read it) |
| `F3` | anywhere | the training lab; from a board, for the brain it plays (mid-game: `f` finish the game first, `a` abandon it) |
| `F1` `?` | anywhere | this help |
| `q` | anywhere | quit; in the middle of a game it asks first (in a text field `q` is a letter) |
| `ctrl+q` | anywhere | quit at once, even in a game or on the "too small" screen |

## Settings when you start it

`sticks-tui --help` lists them all. `--game SPEC` starts on a game (`sticks`,
`takeaway:2,3,5:normal`, `nim:1,3,5,7`, `sticky:20:3`, `octal:0.77:20`) and `--sticks N` sets its heap;
`--opponent NAME` opens on a game against that brain (`--learner hats` or `q` when the name
has both); `--player1`/`--player2` the names; `--training-games N` how many games the trained
computer learns before it plays you (100,000); `--ai-delay SECONDS` the pause before the AI
moves (0.45); `--data-dir DIR` where the leaderboard and brains are kept; `--seed S` makes the
AI's choices repeat. The training lab sets its own games, opponent and learning settings on its form.

## The learning AI and its hats

The AI has one hat per number of sticks. Each hat starts with three balls numbered 1, 2
and 3. On its turn the AI draws a ball from the hat for the sticks on the board, puts it
**beside** the hat and takes that many sticks. When it wins, each ball beside a hat goes back
with one more of the same number; when it loses, those balls are thrown away (a hat always
keeps at least one ball of each number).

On the board each hat the game can reach is a group of bars, one per ball number, each hat on
its own scale: a bar is that number's share of the balls in its hat, so a hat of thousands of
balls and a fresh hat of three read alike. `●` above a bar is the ball drawn this game, waiting
beside its hat; the hat in use is highlighted. Under the bars are the hat numbers, and a line
says what the hat in use does, e.g. "at 19 sticks it takes 2 in 65% of draws".

In Nim and Sticky-Nim a hat belongs to each position the AI has met, with one kind of ball
per move there, so the board shows only the hat in use: one bar per move, the most drawn
first, with its share of the hat. A Sticky-Nim ball "2 of 6 → 1 + 3" takes 2 sticks from a
group of 6, leaving groups of 1 and 3 (its hint, analysis and commands say it so too).

After each game, until the next one starts, the chart shows what the game did to the hats:
`●` stays above each ball drawn, and under the hat numbers is its change, in colour and as
text: `+1` after a win, `-1` after a loss, `0` where the hat was at the **floor** (the fewest
balls of a number a hat keeps: 1, unless the lab's settings say otherwise). A line says it, or
why nothing changed: "It lost, but each ball it drew was already at the floor (1): nothing
changed." In Nim and Sticky-Nim the chart lists each move the AI made, under its hat, with the
balls of that number before → after. A move taken back (`F6`) puts the balls drawn for it
back: the chart shows the hats as they are, and the `●` of the moves that stand. The border counts the **hats learned** (the hats that hold
something learned; a hat that losses bring back to fresh is not counted) and the games learned.
Against the Q-learner the chart shows its **Q-values** at the position in play (what it has
learned to expect of each move: near +1 a win, near -1 a loss, with its default rewards); it
plays as it was trained and learns nothing on the board.

The *trained computer* ("Trained AI", a brain of its own: the "AI" you teach is another)
first plays itself many times on the lab's training screen, at full speed (`w` to watch it), then plays you; it
is saved, so the next time it plays you at once (it trains again only after a cancelled
training, up to the number of games set by `--training-games`).

## Words you will meet

- *hat*, *ball*: the learning AI keeps a hat of numbered balls for each position; the number
  on a ball is the move it makes (see above). *A fresh hat* holds one ball of each number.
- *sure* (analysis table): how often the AI draws its favourite move there.
- *gained* (analysis table): the balls the AI's wins added to the hat at a position and to
  the moves into it. Balls gained by the moves *into* a position and none at it: the AI has
  learned that whoever moves there loses (*lost?* says yes; `?` while it cannot tell yet).
- *wins vs perfect* (learning curve): the AI's share of wins against a player that never
  makes a mistake, each starting half the games. 50% is the most anyone gets: from the start
  only one side can force a win, the perfect player always does when it is that side, and the
  two take turns starting.
- *period* (take-away): the wins and losses of the heap sizes repeat every so many sticks.
- *nim-sum* (Nim): write each pile in binary and add the columns without carrying (a column
  with an even number of 1s gives 0). The player to move loses exactly when it is 0.
- *Grundy value* (Sticky-Nim): the number a group of sticks counts for, as if it were a Nim
  pile; the groups' Grundy values combine as Nim piles do ("xor" is the nim-sum).
- *practice game*: a game with a move taken back; it counts for no one and teaches nothing.
- *Normal* / *misère* ending: a player who cannot move loses / whoever takes the last stick
  loses. A take-away game that cannot empty the heap (takes 2, 3, 5) may end with sticks left:
  then nobody can move, and the board says who lost and why.

## The training lab

Choose the learner (the hat AI, or the Q-learner where it fits), the brain (a saved one by
name, or a new one with the learning settings you type: balls in a fresh hat, balls added on
a win, taken on a loss, the floor; Q: alpha, epsilon, rewards), the opponent (`self`,
`random`, `perfect`, `mixed:0.5`, a saved brain's name, or a schedule such as
`random=1000,self=20000`), the games (1 to 10,000,000) and the memory cap (1G: training
stops before the app holds more, keeping what it learned). While it trains you see the
tally (won, lost, the win share over the last 100 and 1,000 games; `≈` where the games went
by in a run too fast to tell apart), the learning curve, the hats of the position in play and
the games per second. At the end (or on cancel) `k` keeps what it learned in the saved brain,
which counts the games; `d` discards it; `p` keeps it and plays you with it. Opened from a
board, the lab trains the brain that board plays.
"""


class HelpScreen(Screen[None]):
    BINDINGS = [Binding("escape", "app.pop_screen", "Back")]

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="help"):
            yield Markdown(HELP)
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one("#help").focus()  # so the arrow keys and page keys scroll the help

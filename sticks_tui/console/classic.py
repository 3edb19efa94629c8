"""The classic line-by-line console of the original assignment (``sticks-tui --classic``).

It reproduces the transcripts of seed 000 byte for byte (SPEC section 2): the same prompts, the
same blank lines, the same messages, in the same order. All the game itself (what is legal, who
lost, how the hat AI draws and learns, self-play training) comes from :mod:`sticks_tui.engine`;
this module only talks to the person at the keyboard.

Decisions the transcripts leave open, made here once:

* A typed number counts only when it is plain ASCII digits, optionally surrounded by spaces:
  ``"+3"``, ``"2.5"``, ``"1_000"``, ``"١"`` (an Arabic-Indic digit, which ``int()`` would accept)
  and a 10,000-digit number (which ``int()`` would refuse with an error of its own) all get the
  same "Please enter a number between ..." message as a number out of range.
* Taking more sticks than are left is refused with the real upper bound ("between 1 and 2" when
  two are left, "between 1 and 1" when one is), but the prompt itself keeps saying ``(1-3)``, as
  the transcripts do when two sticks are left.
* "Play again" takes ``1``/``0`` and ``y``/``yes``/``n``/``no`` in any case; anything else gets
  "Please enter 1 or 0" and the same question again. "Play again" replays the same option with
  the same number of sticks, as in the transcripts.
* End of input (Ctrl-D) or Ctrl-C anywhere ends the console with exit status 0 after printing a
  newline, so the shell's prompt does not land on the same line as ours. Ctrl-C during option
  3's training, the terminal closing (SIGHUP) or ``kill`` (SIGTERM) stop it after the game in
  play: what was trained is saved as the trained AI's brain, one line on stderr says so, and
  the console ends with 128 plus the signal's number (130 for Ctrl-C), as ``train`` and the app
  do: a run cut short, unlike a person leaving at a prompt.
* A line is read at most :data:`ANSWER_LIMIT` characters at a time, so input that never ends a
  line cannot fill the memory. A longer line is refused as a whole, with the same message as
  any bad answer (its rest is skipped, in bounded pieces, up to its newline). A line still not
  ended after :data:`RUNAWAY_LIMIT` characters is not an answer anybody typed (``< /dev/zero``,
  a binary file): the console ends as at end of input, but with a one-line message on stderr
  and exit status 1, so a script sees that its input was not used. Counting refused lines
  instead would not end: ``/dev/zero`` is one line that never ends.
"""

from __future__ import annotations

import contextlib
import random
import sys
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import TextIO

from ..engine import (
    DEFAULT_TRAINING_GAMES,
    SELF,
    STICKS_MAX,
    STICKS_MIN,
    HatBrain,
    HatPlayer,
    HumanPlayer,
    Match,
    Player,
    Series,
    TrainingHooks,
    TrainingOptions,
    game_of_sticks,
)
from ..engine.game import Rules
from ..engine.games import some_rules, spec_of
from ..engine.games.takeaway import heap_of
from ..engine.numbers import parse_whole_number
from ..storage.brain_cache import BrainCache, KeptBrain
from ..storage.records import Records
from ..storage.training_session import TrainingSession
from ..text.names import typed_name_problem
from ..text.signals import StopRequest, exit_status, say_if_there
from ..text.terminal import RUNAWAY_LIMIT, RunawayLine, read_answer
from ..text.words import board_line

WELCOME = "Welcome to the game of sticks!"
STICKS_PROMPT = f"How many sticks are there on the table initially ({STICKS_MIN}-{STICKS_MAX})? "
MENU = (
    "Options:\n"
    "  Play against a friend (1)\n"
    "  Play against the computer (2)\n"
    "  Play against the trained computer (3)"
)
OPTION_PROMPT = "Which option do you take (1-3)? "
TAKE_PROMPT = "{name}: How many sticks do you take (1-3)? "
AGAIN_PROMPT = "Play again (1 = yes, 0 = no)? "
AGAIN_REFUSED = "Please enter 1 or 0"
TRAINING = "Training AI, please wait..."

FRIEND, COMPUTER, TRAINED = 1, 2, 3
YES = frozenset({"1", "y", "yes"})
NO = frozenset({"0", "n", "no"})
#: Longer than any number the console asks for; longer input is refused before int() sees it.
MAX_DIGITS = 9
RUNAWAY_MESSAGE = (
    f"sticks-tui: error: a line of input ran on for more than {RUNAWAY_LIMIT:,} characters "
    "without ending; stopped reading"
)


class EndOfInput(Exception):
    """The person closed the input (Ctrl-D, or the end of a piped file)."""


class RunawayInput(EndOfInput):
    """A line of input went on past :data:`RUNAWAY_LIMIT` characters: not answers at all."""


class StoppedBySignal(Exception):
    """Ctrl-C, the terminal closing or ``kill`` stopped option 3's training (then saved)."""

    def __init__(self, signum: int, games: int, saved: bool) -> None:
        super().__init__(signum)
        self.signum = signum
        self.games = games
        self.saved = saved

    @property
    def status(self) -> int:
        """128 plus the signal's number (130 for Ctrl-C), as ``train`` and the app end when a
        signal cuts their training short; Ctrl-C at a prompt is a person leaving (status 0)."""
        return exit_status(self.signum)

    def words(self, total: int, ai_name: str) -> str:
        kept = f"; {ai_name} keeps what it learned" if self.saved else ""
        return f"sticks-tui: training stopped after {self.games:,} of {total:,} games{kept}"


def between(low: int, high: int) -> str:
    """The one message every refused number gets (no full stop, as in the transcripts)."""
    return f"Please enter a number between {low} and {high}"


def whole_number(text: str) -> int | None:
    """The number typed, or None: plain ASCII digits only (spaces around are fine), at most
    :data:`MAX_DIGITS` of them, so "+3", "2.5", "1_000", "١" and 10,000 digits are refused."""
    return parse_whole_number(text, max_digits=MAX_DIGITS)


class Console:
    """Prompts and lines on a pair of text streams; the only place that reads or writes."""

    def __init__(self, stdin: TextIO, output: TextIO) -> None:
        self.stdin = stdin
        self.output = output

    def say(self, line: str = "") -> None:
        self.output.write(line + "\n")

    def ask(self, prompt: str) -> str | None:
        """Show ``prompt`` (no newline), wait for a line; EndOfInput when there is none.

        None stands for a line too long to be an answer, so the caller refuses it whatever it
        starts with; RunawayInput when the line does not end at all.
        """
        self.output.write(prompt)
        self.output.flush()
        try:
            line = read_answer(self.stdin)
        except RunawayLine:
            raise RunawayInput from None
        if line == "":
            raise EndOfInput
        return line

    def ask_number(self, prompt: str, low: int, high: int) -> int:
        """Ask until a whole number from low to high comes back."""
        while True:
            answer = self.ask(prompt)
            number = None if answer is None else whole_number(answer)
            if number is not None and low <= number <= high:
                return number
            self.say(between(low, high))

    def ask_yes_no(self, prompt: str) -> bool:
        while True:
            answer = (self.ask(prompt) or "").strip().casefold()
            if answer in YES:
                return True
            if answer in NO:
                return False
            self.say(AGAIN_REFUSED)


@dataclass
class _Opponent:
    """Who sits across from Player 1, and under what names the records know them."""

    players: tuple[Player[Hashable, Hashable], Player[Hashable, Hashable]]
    brain: HatBrain | None = None
    brain_name: str | None = None
    #: How the hat AI's lessons reach the records (None without records, or no hat AI).
    kept: KeptBrain | None = None


def run_classic(
    seed: int | None = None,
    *,
    stdin: TextIO | None = None,
    output: TextIO | None = None,
    training_games: int = DEFAULT_TRAINING_GAMES,
    player_names: Sequence[str] = ("Player 1", "Player 2"),
    ai_name: str = "AI",
    trained_ai_name: str = "Trained AI",
    records: Records | None = None,
    brain: HatBrain | None = None,
) -> int:
    """Run the console until the person stops playing or closes the input; returns 0 (1 when
    a line of input never ends, with :data:`RUNAWAY_MESSAGE` on stderr).

    ``seed`` makes the AI (and its training) repeat exactly. ``player_names`` name the two
    people of a friend game (the first one is also the human against the computer); ``ai_name``
    is the computer's name in "AI selects 2" and "AI loses.". With ``records``, every finished
    game is recorded and, after every game against a hat AI, what the game taught it is added to
    its saved brain (as a lesson, so another program playing the same AI at once loses nothing):
    the learning AI of option 2 under ``ai_name``, the trained AI of option 3 under
    ``trained_ai_name`` (its training too, as soon as it ends), so training never touches what
    the learning AI has been taught by people. Option 2 plays the saved brain (unless ``brain``
    is given) and takes on, after every game, what other programs taught it meanwhile. Option 3
    always trains a fresh brain with ``training_games`` self-play games, as the assignment does,
    and plays on with that one. A game left unfinished (Ctrl-D, Ctrl-C) is neither recorded nor
    learned from.
    """
    if stdin is None:
        stdin = _tolerant_stdin()
    console = Console(stdin, output if output is not None else sys.stdout)
    session = _Session(console, seed, training_games, tuple(player_names), ai_name,
                       trained_ai_name, records, brain)
    status = 0
    try:
        session.run()
    except RunawayInput:
        session.abandon()
        console.say()
        console.output.flush()
        print(RUNAWAY_MESSAGE, file=sys.stderr)
        status = 1
    except (EndOfInput, KeyboardInterrupt):
        session.abandon()
        console.say()
    except StoppedBySignal as stopped:
        return _end_after_signal(console, stopped.words(training_games, trained_ai_name),
                                 stopped.status)
    console.output.flush()
    return status


def _end_after_signal(console: Console, words: str, status: int) -> int:
    """End as Ctrl-C at a prompt ends (a newline), and say what training kept; the terminal
    may be gone (SIGHUP): then nothing is said."""
    say_if_there(console.output, "")
    say_if_there(sys.stderr, words)
    return status


def _tolerant_stdin() -> TextIO:
    """sys.stdin, made to turn undecodable bytes into a refused answer instead of an error."""
    reconfigure: Callable[..., None] | None = getattr(sys.stdin, "reconfigure", None)
    if reconfigure is not None:
        with contextlib.suppress(ValueError, OSError):  # e.g. already read from: keep it
            reconfigure(errors="replace")
    return sys.stdin


@dataclass
class _Session:
    """One run of the console: choose the sticks and the option, then play until told to stop."""

    console: Console
    seed: int | None
    training_games: int
    player_names: tuple[str, ...]
    ai_name: str
    trained_ai_name: str
    records: Records | None
    brain: HatBrain | None
    opponent: _Opponent | None = None

    def __post_init__(self) -> None:
        if len(self.player_names) != 2:
            raise ValueError("player_names needs exactly two names")
        for name in self.player_names:  # the command line refuses these before we get here
            problem = typed_name_problem(name)
            if problem is not None:
                raise ValueError(f"{problem}: {name!r}")

    # -- the whole run ----------------------------------------------------------------------------
    def run(self) -> None:
        say, console = self.console.say, self.console
        say(WELCOME)
        sticks = console.ask_number(STICKS_PROMPT, STICKS_MIN, STICKS_MAX)
        say(MENU)
        option = console.ask_number(OPTION_PROMPT, FRIEND, TRAINED)
        rules = some_rules(game_of_sticks(sticks))
        self.opponent = self._opponent(option, rules)
        series = Series(rules, self.opponent.players, first=0, on_over=self._game_over)
        while True:
            self._play(series.new_match())
            if not console.ask_yes_no(AGAIN_PROMPT):
                return

    def abandon(self) -> None:
        """Quit mid-game: balls beside the hats go back, nothing is learned or saved."""
        if self.opponent is not None and self.opponent.brain is not None:
            self.opponent.brain.abandon()

    # -- choosing the opponent --------------------------------------------------------------------
    def _opponent(self, option: int, rules: Rules) -> _Opponent:
        one, two = self.player_names
        first = HumanPlayer(one, ask=self._asker(one))
        if option == FRIEND:
            return _Opponent((first, HumanPlayer(two, ask=self._asker(two))))
        kept: KeptBrain | None = None
        if option == COMPUTER:
            brain_name = self.ai_name
            if self.brain is not None:
                brain = self.brain
                kept = KeptBrain.own(brain_name, brain, since=brain.copy())
            elif self.records is not None:
                kept = KeptBrain.load(self.records, rules, brain_name)
                if not isinstance(kept.brain, HatBrain):  # the learning AI's brain is hats
                    raise TypeError(f"{brain_name}'s saved brain is not hats")
                brain = kept.brain
            else:
                brain = HatBrain(rules)
        else:
            brain_name = self.trained_ai_name
            brain, kept = self._trained(rules)
        ai = HatPlayer(self.ai_name, brain, rng=self._rng("play"))
        return _Opponent((first, ai), brain, brain_name, kept)

    def _trained(self, rules: Rules) -> tuple[HatBrain, KeptBrain]:
        """A fresh brain trained by self-play, saved at once (quitting before a game keeps it).
        Ctrl-C, the terminal closing or ``kill`` stop the training after the game in play: what
        was trained is saved all the same, then :class:`StoppedBySignal` ends the console."""
        self.console.say(TRAINING)
        self.console.output.flush()
        brain = HatBrain(rules)
        brains = BrainCache(self.records) if self.records is not None else None
        # the fresh brain's lessons are added to the saved one (hats: no training waits)
        session = TrainingSession(brains, rules, self.trained_ai_name, brain, brain.copy())
        session.begin()
        with StopRequest() as stop:  # until it is saved: a second Ctrl-C must not cut that
            hooks = TrainingHooks(self._rng("training"), should_stop=stop.asked)
            result = session.train(TrainingOptions(SELF, self.training_games), hooks)
            session.keep()
        if stop.signum is not None:
            raise StoppedBySignal(stop.signum, result.games_played, self.records is not None)
        # it plays on as trained here; each game's lesson goes to the saved brain too
        return brain, KeptBrain.own(self.trained_ai_name, brain, since=brain.copy())

    def _rng(self, purpose: str) -> random.Random:
        """Independent, repeatable streams for training and play when a seed is given."""
        return random.Random() if self.seed is None else random.Random(f"{self.seed}:{purpose}")

    # -- one game ---------------------------------------------------------------------------------
    def _play(self, match: Match[Hashable, Hashable]) -> None:
        say = self.console.say
        while not match.is_over:
            say()
            say(board_line(heap_of(match.position)))
            turn = match.play_machine_turn()
            mover = match.players[turn.player]
            if not mover.is_human:
                say(f"{self.ai_name} selects {turn.move}")
        say(self._result(match))

    def _asker(self, name: str) -> Callable[[Rules, Hashable], int]:
        """How ``name`` is asked for a move: until it is legal; refusals name the real bounds."""

        def ask(rules: Rules, position: Hashable) -> int:
            legal = tuple(map(heap_of, rules.legal_moves(position)))
            prompt = TAKE_PROMPT.format(name=name)
            return self.console.ask_number(prompt, min(legal), max(legal))

        return ask

    def _result(self, match: Match[Hashable, Hashable]) -> str:
        assert match.loser is not None
        loser = match.players[match.loser]
        if all(player.is_human for player in match.players):
            return f"{loser.name}, you lose."
        return "You lose." if loser.is_human else f"{self.ai_name} loses."

    # -- records ----------------------------------------------------------------------------------
    def _game_over(self, match: Match[Hashable, Hashable]) -> None:
        if self.records is None or self.opponent is None:
            return
        assert match.winner is not None and match.loser is not None
        self.records.record_game(
            self._record_name(match.players[match.winner]),
            self._record_name(match.players[match.loser]),
            game=spec_of(match.rules),
        )
        if self.opponent.kept is not None:
            self.opponent.kept.save(self.records)

    def _record_name(self, player: Player[Hashable, Hashable]) -> str:
        if not player.is_human and self.opponent is not None and self.opponent.brain_name:
            return self.opponent.brain_name
        return player.name

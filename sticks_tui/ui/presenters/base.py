"""What a game shows on the board and how a person chooses a move in it, as one object.

The board screen is the same for every game: it owns the match, asks the engine what is legal,
runs the machines' turns and the log. What differs from game to game is asked of a presenter:
the widget that draws the position, the move input (keys, buttons, clicks), their styles, the
words of the log and of the hat chart (a hint's reason and the theory are the family's own, from
the engine's registry). A presenter's input ends in ONE message posted up to the screen,
:class:`MoveChosen`; the screen passes the state down again (:class:`BoardView`).

:class:`Presenter` is also the plain presenter's base: its words come from the registry
(:mod:`sticks_tui.text.moves`), which knows every registered game.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from dataclasses import dataclass
from random import Random
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Button

from ...engine.game import Rules
from ...engine.games import GameFamily, GameSpecError, parse_game
from ...text import moves
from ..plain import plain
from .forms import GivenForm, SetupForm


class MoveChosen(Message):
    """A person chose ``move``; ``where`` is the presenter's own detail (Sticky-Nim's span)."""

    def __init__(self, move: Hashable, where: object = None) -> None:
        super().__init__()
        self.move = move
        self.where = where


class MoveButton(Button):
    """A button that makes one move: pressing it posts :class:`MoveChosen`."""

    def __init__(self, label: str, move: Hashable, *, id: str | None = None) -> None:
        super().__init__(plain(label), id=id, compact=True)
        self.move = move

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.post_message(MoveChosen(self.move))


@dataclass(frozen=True)
class BoardView:
    """The state the screen passes down on every redraw."""

    position: Hashable
    legal: tuple[Hashable, ...]
    human_turn: bool
    over: bool
    #: The ball a machine has just drawn and is about to play, if any.
    drawn: Hashable | None = None


class Presenter:
    """Shows any registered game: the position as text, and its words from the registry.

    Subclasses (one per family) override what their game shows differently.
    """

    #: One chart of every hat (positions are heaps) rather than one hat at a time.
    every_hat: ClassVar[bool] = False
    #: The screen's first focus: None lets Textual choose (a move button); "" focuses nothing,
    #: so Enter and the arrows reach the board's keys.
    auto_focus: ClassVar[str | None] = ""
    #: Whether a machine's move needs a place drawn at random (the board hands it a generator
    #: from the app's seed only then, so the other games' machines draw as before).
    places_moves: ClassVar[bool] = False
    #: Whether training keeps the hats' learning curve (quick enough to measure for the game).
    keeps_curve: ClassVar[bool] = False
    #: Whether a person types moves as letters in a field (which then takes h and u too).
    types_letters: ClassVar[bool] = False
    #: What the analysis screen calls the positions it lists.
    positions_label: ClassVar[str] = "Positions"
    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        #: The widget moves are posted from (set when the position is composed).
        self._poster: Widget | None = None

    @classmethod
    def setup_forms(
        cls, family: GameFamily[Any], chosen: Rules | None
    ) -> tuple[SetupForm, ...]:
        """The setup screen's choices for ``family``. Without fields of its own, a game is
        offered as it is: the game chosen (``--game``) if it is of the family, else the
        family's example."""
        if chosen is not None and isinstance(chosen, family.rules_type):
            return (GivenForm(chosen, family.name),)
        try:
            return (GivenForm(parse_game(family.example), family.name),)
        except GameSpecError:
            return ()

    def analysis_refusal(self) -> str | None:
        """Why the analysis screen cannot check this game while the user waits, if it cannot."""
        return None

    # -- the board's widgets ----------------------------------------------------------------------
    def bindings(self) -> list[BindingType]:
        """The keys of the move input; their action is ``move_key(...)`` on the board."""
        return []

    def compose_position(self) -> ComposeResult:
        """The widget that draws the position (its id names it for the styles)."""
        yield from ()

    def compose_input(self) -> ComposeResult:
        """The move input shown under the position (buttons, a field)."""
        yield from ()

    def choose(self, move: Hashable, where: object = None) -> None:
        """Post the move a person chose up to the screen."""
        assert self._poster is not None, "the position is composed before a move is chosen"
        self._poster.post_message(MoveChosen(move, where))

    # -- the game as it goes ----------------------------------------------------------------------
    def new_game(self, rng: Random) -> None:
        """A game starts (again); ``rng`` places a machine's move where the game needs it."""

    def human_turn(self) -> None:
        """A person is to move (focus a field, choose a pile)."""

    def machine_drew(self, move: Hashable) -> None:
        """A machine drew the ball for ``move``; it is played on the next step."""

    def place(self, move: Hashable, where: object) -> str:
        """Get ready to show ``move`` played; returns extra words for the log (Sticky's letters)."""
        return ""

    def played(self, position: Hashable) -> None:
        """The match accepted the move placed last; ``position`` is the one after it."""

    def redraw(self, view: BoardView) -> None:
        """Draw the position and the input from the state the screen passes down."""

    def taken_back(self, position: Hashable) -> None:
        """A move was taken back (undo): ``position`` is on the board again."""

    # -- keys -------------------------------------------------------------------------------------
    def key_state(self, args: tuple[object, ...], view: BoardView) -> bool | None:
        """A key of :meth:`bindings` while a person may play: True (shown), None (greyed)."""
        return True if view.human_turn else None

    def key(self, args: tuple[object, ...], view: BoardView) -> bool:
        """A key of :meth:`bindings` was pressed; False rings the bell."""
        return False

    # -- words ------------------------------------------------------------------------------------
    def start_words(self) -> str:
        """The start of a game in the log's first line."""
        return "from " + moves.position_words(self.rules, self.rules.initial_position())

    def game_words(self) -> str:
        """The game and its start in a sentence (the mode screen's summary)."""
        start = self.rules.initial_position()
        return f"{self.rules.name}: {self.position_words(start)}"

    def position_words(self, position: Hashable) -> str:
        """The line above the board."""
        return "Position: " + moves.position_words(self.rules, position)

    def question(self, legal: tuple[Hashable, ...]) -> str:
        """What a person is asked on their turn."""
        return "choose a move (a button or its number key)"

    def move_words(self, name: str, human: bool, move: Hashable, placed: str) -> str:
        """One line of the move log."""
        verb = "takes" if human else "selects"
        return f"{name} {verb} {moves.move_words(self.rules, move)}"

    def ball_words(self, move: Hashable) -> str:
        """A ball (a move) in a few words, for the hat charts."""
        return moves.move_words(self.rules, move)

    def where_words(self, position: Hashable) -> str:
        """A position as a hat's words name it: "19 sticks", "piles 1, 3, 5, 7"."""
        return moves.position_words(self.rules, position)

    def at_words(self, position: Hashable) -> str:
        """Where a hat is, for its caption: "at 19 sticks"."""
        return "at " + self.where_words(position)

    def hat_name(self, position: Hashable) -> str:
        """The hat a machine draws from, on the turn line: "its hat for piles 1, 3, 5, 7"."""
        return "its hat for " + self.where_words(position)

    def takes_words(self, move: Hashable) -> str:
        """What the AI does when it draws ``move``'s ball, for a hat's caption: "takes 2"."""
        return "plays " + moves.move_words(self.rules, move)

    def drew_words(self, move: Hashable) -> str:
        """The ball a machine just drew, on the turn line."""
        return self.ball_words(move)

    def end_reason(self, position: Hashable, loser: str) -> tuple[str, str]:
        """Why a game ended where a person would not expect it to (sticks still left: takes of
        {2, 3, 5} at 1 stick, Dawson's Kayles at single sticks), as a short line for under the
        result and a sentence for the log, in the family's words ("1 stick is left and no take
        fits."), with who lost by it (no move loses: the player to move; last move loses: the
        player who made it); ("", "") otherwise."""
        left = moves.left_at_end(self.rules, position)
        if not left:
            return "", ""
        how = "made the last move" if self.rules.misere else "cannot move"
        said = left[:1].upper() + left[1:]  # "A group of 1 is left ..."
        return f"{said}.", f"{said}: {loser} {how} and loses."

    def prompt(self, name: str, view: BoardView) -> str | None:
        """The turn line while a person types a move; None: the question is enough."""
        return None

    def hint_move(self, move: Hashable) -> str:
        """A move as a hint names it (as the person would make it on this board); the rest of
        the hint is the family's words (:func:`~sticks_tui.text.hints.hint_words`)."""
        return moves.move_words(self.rules, move)


def numbered(items: tuple[Hashable, ...]) -> Iterator[tuple[int, Hashable]]:
    """Moves numbered from 1, as their keys and buttons name them."""
    return enumerate(items, start=1)

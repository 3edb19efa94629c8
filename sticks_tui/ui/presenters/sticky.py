"""Sticky-Nim: a line of sticks named by letters; a person types the first and last letter of
the sticks to take (or clicks both ends), and every move is logged by its letters. An octal game
that splits a group without taking (4 before the point) takes ``d|e``: a cut between two
neighbouring sticks (or a click between them)."""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping
from typing import Any, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Input, Static

from ...engine import IllegalMove, StickyLine, StickyNim
from ...engine.game import Rules
from ...engine.games import GameFamily
from ...engine.games.octal_code import OctalCode, OctalCodeError, parse_code
from ...engine.games.sticky import NAMED_CODES, groups_of, sticky_move_of
from ...engine.games.sticky_line import (
    LETTERS,
    STICKY_MAX,
    Span,
    is_cut,
    span_letters,
)
from ...text import moves
from ...text.moves import takes_words
from ..plain import plain
from ..widgets.line import StickyLineView
from .base import BoardView, Presenter
from .forms import (
    STICKS_FIELD,
    ChoiceField,
    Problem,
    SetupForm,
    TextField,
    parse_number,
    spec_heap,
)

#: The longest line the analysis screen checks (longer ones have too many positions).
ANALYSED_LINE_MAX = 24

STICKY_MESSAGE = f"Please enter a number between 1 and {STICKY_MAX}"
STICKY_TAKE_MAX = 8  # the exact Sticky-Nim theory is instant for k up to 8
STICKY_TAKE_MESSAGE = f"Take at most: please enter a number between 1 and {STICKY_TAKE_MAX}"
MAX_TAKE_FIELD = TextField("max-take", "3", 4, label="Take at most", width=10)


class StickyForm(SetupForm):
    key = "sticky"
    label = "Sticky-Nim"
    heading = f"Sticks (1-{STICKY_MAX})"
    fields = (STICKS_FIELD, MAX_TAKE_FIELD)

    def field_problems(self, values: Mapping[str, str]) -> list[Problem]:
        problems: list[Problem] = []
        if parse_number(STICKS_FIELD.text(values), 1, STICKY_MAX) is None:
            problems.append((STICKS_FIELD.id, STICKY_MESSAGE))
        if parse_number(MAX_TAKE_FIELD.text(values), 1, STICKY_TAKE_MAX) is None:
            problems.append((MAX_TAKE_FIELD.id, STICKY_TAKE_MESSAGE))
        return problems

    def spec(self, values: Mapping[str, str]) -> tuple[str, int | None]:
        line = spec_heap(STICKS_FIELD.text(values), STICKY_MESSAGE)
        take = spec_heap(MAX_TAKE_FIELD.text(values), STICKY_TAKE_MESSAGE)
        return f"sticky:{line}:{take}", None

    def values_of(self, rules: Rules) -> dict[str, str] | None:
        if not isinstance(rules, StickyNim) or not rules.is_sticky_nim:
            return None
        return {STICKS_FIELD.id: str(rules.sticks), MAX_TAKE_FIELD.id: str(rules.max_take)}


CODE_FIELD = TextField("octal-code", "0.77", 12, label="Code", width=18)  # 12 shown
#: The button ids are the spec's words for the ending, after ``octal-``.
OCTAL_ENDING_FIELD = ChoiceField(
    "octal-ending", "Ending",
    (("octal-normal", "No move loses"), ("octal-misere", "Last move loses")),
)
ANY_CODE = "any"
#: A split without taking, as typed.
SPLIT_EXAMPLE = span_letters((4, 3))
OCTAL_MESSAGE = f"Please enter a number between 1 and {STICKY_MAX}"


class OctalForm(SetupForm):
    """An octal game on a line: one of the named ones (its code fixed), or any code typed."""

    heading = f"Sticks (1-{STICKY_MAX})"

    def __init__(self, code: str) -> None:
        self.code = code
        self.key = f"octal-{code}"
        named = NAMED_CODES.get(code)
        self.label = f"{named} ({code})" if named else "Octal game (any code)"
        self.fields = (  # type: ignore[misc]
            (STICKS_FIELD, OCTAL_ENDING_FIELD) if named
            else (STICKS_FIELD, CODE_FIELD, OCTAL_ENDING_FIELD)
        )

    def _code(self, values: Mapping[str, str]) -> str:
        return CODE_FIELD.text(values).strip() if self.code == ANY_CODE else self.code

    def field_problems(self, values: Mapping[str, str]) -> list[Problem]:
        problems: list[Problem] = []
        sticks = parse_number(STICKS_FIELD.text(values), 1, STICKY_MAX)
        if sticks is None:
            problems.append((STICKS_FIELD.id, OCTAL_MESSAGE))
        code: OctalCode | None = None
        try:
            code = parse_code(self._code(values))
        except OctalCodeError as error:
            problems.append((CODE_FIELD.id, f"Code: {error}"))
        misere = OCTAL_ENDING_FIELD.text(values) == "octal-misere"
        if code is not None and code.only_sevens and misere and code.largest_take > STICKY_TAKE_MAX:
            # Sticky-Nim, so the Sticky-Nim form's limit (as --game gives it: app_refusal)
            problems.append((CODE_FIELD.id, (
                f"Code: {code.text} where the last move loses is Sticky-Nim taking 1-"
                f"{code.largest_take} sticks, played with takes of at most {STICKY_TAKE_MAX}"
            )))
        searched = code is not None and not code.only_sevens and misere
        if searched and sticks is not None and sticks > OCTAL_MISERE_PLAYED:
            problems.append((STICKS_FIELD.id, MISERE_LINE_MESSAGE))
        return problems

    def spec(self, values: Mapping[str, str]) -> tuple[str, int | None]:
        line = spec_heap(STICKS_FIELD.text(values), OCTAL_MESSAGE)
        ending = OCTAL_ENDING_FIELD.text(values).removeprefix("octal-")
        return f"octal:{self._code(values)}:{line}:{ending}", None

    def note(self, values: Mapping[str, str]) -> str:
        """A code of sevens where the last move loses is Sticky-Nim (SPEC 16: one rules key),
        which the title bar then names: the note says so in the words of the game chosen."""
        rules = self.rules(values)
        if not isinstance(rules, StickyNim) or not rules.is_sticky_nim:
            return ""
        return sticky_nim_words(rules)

    def values_of(self, rules: Rules) -> dict[str, str] | None:
        if not isinstance(rules, StickyNim) or rules.is_sticky_nim:
            return None
        text = rules.octal.text
        if self.code == ANY_CODE:
            if text in NAMED_CODES:
                return None
        elif text != self.code:
            return None
        values = {
            STICKS_FIELD.id: str(rules.sticks),
            OCTAL_ENDING_FIELD.id: "octal-misere" if rules.misere else "octal-normal",
        }
        if self.code == ANY_CODE:
            values[CODE_FIELD.id] = text
        return values


def sticky_nim_words(rules: StickyNim) -> str:
    """"Kayles (0.77) where the last move loses is Sticky-Nim taking 1 or 2 sticks: ..."."""
    text = rules.octal.text
    named = NAMED_CODES.get(text)
    game = f"{named} ({text})" if named else text
    takes = takes_words(tuple(range(1, rules.max_take + 1)))
    return (
        f"{game} where the last move loses is Sticky-Nim taking {takes}: it is played as "
        "Sticky-Nim"
    )


#: The longest line the app plays "last move loses" by a code other than the sevens. Its
#: outcomes are searched on the app's loop, for the hint and for each move of the perfect AI:
#: from the start of a line of 30 that took 0.3 to 0.7 s for 0.6 (hint and move alike) and up
#: to 1 s for codes such as 0.676 or 0.6666, the board frozen meanwhile; on a line of 20, 0.05 s
#: at most for 0.07, 0.137, 0.6 and 0.007, 0.13 s for those (the positions a line reaches grow
#: about threefold every six sticks). ``solve`` still searches the start of lines up to
#: :data:`~sticks_tui.engine.games.sticky.OCTAL_MISERE_SEARCHED`.
OCTAL_MISERE_PLAYED = 20
#: Why a long line is not played "last move loses" by a code other than the sevens.
MISERE_LINE_MESSAGE = (
    f"Last move loses is played on lines of 1 to {OCTAL_MISERE_PLAYED} sticks with this code "
    "(its outcomes are searched, not read off values)"
)


class LineInput(StickyLineView):
    """The line; the first click marks a stick, the second the other end."""

    def __init__(self, presenter: StickyPresenter, line: StickyLine) -> None:
        super().__init__(line, id="line", classes="position")
        self.presenter = presenter

    def on_sticky_line_view_clicked(self, event: StickyLineView.Clicked) -> None:
        event.stop()
        self.presenter.clicked(event.index, event.between)


class LettersInput(Input):
    """The letters of the first and last stick to take, e.g. ``df`` (or a cut, ``d|e``)."""

    def __init__(self, presenter: StickyPresenter) -> None:
        super().__init__(
            placeholder=f"letters, e.g. {presenter.example_letters()}", id="sticky-move",
            max_length=3 if presenter.splits else 2, compact=True,
        )
        self.presenter = presenter

    @on(Input.Changed)
    def _typed(self, event: Input.Changed) -> None:
        event.stop()
        self.presenter.letters_typed(event.value)

    @on(Input.Submitted)
    def _entered(self, event: Input.Submitted) -> None:
        event.stop()
        self.presenter.letters_entered(event.value)


class StickyPresenter(Presenter):
    #: A machine's move is a group and a take; where it goes on the line is drawn at random.
    places_moves: ClassVar[bool] = True
    #: Moves are letters typed in a field: the hint and undo keys are F5 and F6 here.
    types_letters: ClassVar[bool] = True

    def __init__(self, rules: Rules) -> None:
        super().__init__(rules)
        self.max_take = rules.max_take if isinstance(rules, StickyNim) else 0
        self.length = rules.sticks if isinstance(rules, StickyNim) else 0
        #: A group may be split without taking (the code has 4 before the point).
        self.splits = isinstance(rules, StickyNim) and rules.octal.splits
        #: The sticks as the user sees them, and the sticks marked for a move.
        self.line = StickyLine.full(self.length)
        self.mark: Span | None = None
        self._next: StickyLine | None = None
        #: The lines before each move, for taking moves back.
        self._earlier: list[StickyLine] = []
        self._rng = random.Random(0)
        self._view: BoardView | None = None
        self._letters: LettersInput | None = None
        self._problem: Static | None = None

    @classmethod
    def setup_forms(
        cls, family: GameFamily[Any], chosen: Rules | None
    ) -> tuple[SetupForm, ...]:
        return (StickyForm(), *(OctalForm(code) for code in (*NAMED_CODES, ANY_CODE)))

    def analysis_refusal(self) -> str | None:
        if self.length <= ANALYSED_LINE_MAX:
            return None
        return (
            f"The analysis covers Sticky-Nim lines of up to {ANALYSED_LINE_MAX} sticks "
            "(longer ones have too many positions to check while you wait)."
        )

    def compose_position(self) -> ComposeResult:
        view = LineInput(self, self.line)
        self._poster = view
        yield view

    def compose_input(self) -> ComposeResult:
        """The letters, and under them why a move was refused (a line of its own: the reason
        is longer than the room beside the letters)."""
        self._letters = LettersInput(self)
        self._problem = Static(id="move-problem")
        self._problem.display = False
        with Vertical(id="sticky-input"):
            yield self._letters
            yield self._problem

    def new_game(self, rng: random.Random) -> None:
        self._rng = rng
        self.line = StickyLine.full(self.length)
        self.mark = None
        self._earlier.clear()

    def human_turn(self) -> None:
        if self._letters is not None:
            self._letters.focus()

    def machine_drew(self, move: Hashable) -> None:
        self.mark = self.line.place(move, self._rng)

    def place(self, move: Hashable, where: object) -> str:
        span = where if isinstance(where, tuple) else self.mark
        first, last = span if span is not None else self.line.place(move, self._rng)
        self._next = self.line.take(first, last)
        return span_letters((first, last))

    def played(self, position: Hashable) -> None:
        assert self._next is not None
        self._earlier.append(self.line)
        self.line, self._next, self.mark = self._next, None, None
        assert self.line.position == position, "the line and the match agree"

    def taken_back(self, position: Hashable) -> None:
        self.line, self.mark = self._earlier.pop(), None
        assert self.line.position == position, "the line and the match agree"

    def redraw(self, view: BoardView) -> None:
        self._view = view
        if self._letters is not None:
            self._letters.disabled = not view.human_turn
        self._show_line()

    def _show_line(self) -> None:
        assert isinstance(self._poster, StickyLineView)
        self._poster.show(self.line, self.mark)

    def problem(self, text: str) -> None:
        """Say under the letters why a move cannot be made (nothing: the line is hidden)."""
        if self._problem is not None:
            self._problem.update(plain(text))
            self._problem.display = bool(text)

    # -- a person's move --------------------------------------------------------------------------
    def _human(self) -> bool:
        return self._view is not None and self._view.human_turn

    def _take(self, first: int, last: int) -> None:
        """Take sticks ``first..last`` (or cut before ``first`` where ``last`` is ``first - 1``)
        if the rules allow it; otherwise say why."""
        try:
            move = self.line.move_for(first, last, self.max_take)
            self.rules.apply(self.line.position, move)  # the code's own rule (0.07: takes of 2)
        except IllegalMove as error:
            self.mark = None
            self._refuse(str(error).capitalize())
            self._show_line()
            return
        self.problem("")
        if self._letters is not None:
            self._letters.value = ""
        self.choose(move, (first, last))

    def _refuse(self, text: str) -> None:
        self.problem(text)
        if self._poster is not None:
            self._poster.app.bell()

    def letters_typed(self, text: str) -> None:
        """Mark the sticks the letters typed so far name, before the move is made."""
        self.problem("")
        try:
            self.mark = self.line.parse(text, self.splits) if text.strip() else None
        except IllegalMove:
            self.mark = None
        self._show_line()

    def letters_entered(self, text: str) -> None:
        if not self._human():
            return
        try:
            first, last = self.line.parse(text, self.splits)
        except IllegalMove as error:
            self._refuse(str(error).capitalize())
            return
        self._take(first, last)

    def clicked(self, index: int, between: bool = False) -> None:
        """A click on stick ``index`` marks it, or takes up to it from the stick marked; a
        click between two sticks cuts there, in a game that splits."""
        if not self._human():
            return
        if between:
            if self.splits:
                self._take(index, index - 1)
            return
        if self.mark is None or self.mark[0] != self.mark[1]:
            self.mark = (index, index)
            self._show_line()
            return
        first, last = sorted((self.mark[0], index))
        self._take(first, last)

    # -- words ------------------------------------------------------------------------------------
    def start_words(self) -> str:
        return f"a line of {self.length}"

    def position_words(self, position: Hashable) -> str:
        groups = groups_of(position)
        left = sum(groups)
        if not left:
            return "No sticks left on the line."
        sticks = "1 stick" if left == 1 else f"{left} sticks"
        if len(groups) == 1:
            return f"{sticks} on the line, in one group."
        return f"{sticks} on the line, in {moves.position_words(self.rules, position)}."

    def question(self, legal: tuple[Hashable, ...]) -> str:
        """"take 1-3 sticks, e.g. df": how many, and how a move is typed (its first and last
        letters; a split, its two sticks with a bar between), on one line beside the hat at
        80x24."""
        takes = self.takes()
        if not self.splits:
            return f"take {takes_words(takes)}, e.g. {self.example_letters()}"
        split = f"split, e.g. {SPLIT_EXAMPLE}"
        return f"take {takes_words(takes)} or {split}" if takes else split

    def takes(self) -> tuple[int, ...]:
        """The numbers of sticks a move may take (Dawson's Kayles, 0.07: only 2; none where a
        game only splits)."""
        digits = self.rules.octal.digits if isinstance(self.rules, StickyNim) else ()
        takes = tuple(take for take in range(1, len(digits)) if digits[take])
        return takes if takes or self.splits else (1,)

    def example_letters(self) -> str:
        """A move as typed, of a take the rules allow (the largest up to 3): ``df`` takes
        three sticks, ``de`` two, ``d`` one; ``d|e`` splits where a game only splits."""
        takes = self.takes()
        if not takes:
            return SPLIT_EXAMPLE
        take = max((t for t in takes if t <= 3), default=min(takes))
        return span_letters((3, 3 + take - 1))

    def move_words(self, name: str, human: bool, move: Hashable, placed: str) -> str:
        if sticky_move_of(move).take == 0:  # a split without taking: "d|e"
            return f"{name} {'splits' if human else 'selects a split'} at {placed}"
        return f"{name} {'takes' if human else 'selects'} {placed}"

    # ball_words and where_words are the game's one language (the base's, from its family's
    # words): "2 of 6 → 1 + 3", "groups of 9, 9", as the hint, the analysis and the commands.

    def takes_words(self, move: Hashable) -> str:
        return "takes " + moves.move_words(self.rules, move)

    def hint_move(self, move: Hashable) -> str:
        """The letters to type, on the line as it is (the leftmost such sticks), in quotes (a
        move "no" is letters, not a word), and the move in the game's words:
        'take “jk” (2 of 20 → 9 + 9)', 'cut “d|e” (split 6 → 3 + 3)'."""
        span = self.line.place(move)
        verb = "cut" if is_cut(span) else "take"
        return f"{verb} “{span_letters(span)}” ({moves.move_words(self.rules, move)})"

    def drew_words(self, move: Hashable) -> str:
        ball = f"“{self.ball_words(move)}”"
        if self.mark is not None:
            first, last = self.mark
            if is_cut(self.mark):
                sticks = span_letters(self.mark)
            else:
                sticks = LETTERS[first] + (f"..{LETTERS[last]}" if last != first else "")
            ball = f"{ball}: {sticks}"
        return ball

"""Shared by the classic console's tests: a scripted terminal, and a checker that walks a game
against the computer line by line.

The expected texts are written out here on purpose rather than imported from
``sticks_tui.console.classic``, so a changed message in the program makes these tests fail.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass, field

from sticks_tui.console.classic import run_classic

WELCOME = "Welcome to the game of sticks!"
STICKS_PROMPT = "How many sticks are there on the table initially (10-100)? "
MENU = [
    "Options:",
    "  Play against a friend (1)",
    "  Play against the computer (2)",
    "  Play against the trained computer (3)",
]
OPTION_PROMPT = "Which option do you take (1-3)? "
AGAIN_PROMPT = "Play again (1 = yes, 0 = no)? "
HUMAN_MOVE = re.compile(r"Player 1: How many sticks do you take \(1-3\)\? (.*)")
AI_MOVE = re.compile(r"AI selects (\d+)")


class ScriptedTerminal(io.StringIO):
    """Input lines typed one by one, echoed into ``screen`` as a terminal would echo them.

    Reading past the last line gives end of input, like Ctrl-D. A line given as the class
    ``KeyboardInterrupt`` raises it instead, like Ctrl-C at that prompt. With ``human_takes``,
    every "How many sticks do you take" prompt is answered with that number (the game against
    the computer is not known in advance) and ``lines`` answer the other prompts.
    """

    def __init__(
        self, lines: list[object], screen: io.StringIO, human_takes: int | None = None
    ) -> None:
        super().__init__()
        self.lines = list(lines)
        self.screen = screen
        self.human_takes = human_takes
        self.asked = 0

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        self.asked += 1
        prompt = self.screen.getvalue().rsplit("\n", 1)[-1]
        if self.human_takes is not None and "How many sticks do you take" in prompt:
            self.screen.write(f"{self.human_takes}\n")
            return f"{self.human_takes}\n"
        if not self.lines:
            return ""
        line = self.lines.pop(0)
        if line is KeyboardInterrupt:
            raise KeyboardInterrupt
        assert isinstance(line, str)
        text = line if line.endswith("\n") else line + "\n"
        self.screen.write(text)
        return text


def play(
    lines: list[object], human_takes: int | None = None, **options: object
) -> tuple[str, int]:
    """Run the console on typed ``lines``; returns what the screen shows and the exit status."""
    screen = io.StringIO()
    terminal = ScriptedTerminal(lines, screen, human_takes)
    status = run_classic(stdin=terminal, output=screen, **options)  # type: ignore[arg-type]
    return screen.getvalue(), status


@dataclass
class Walk:
    """What a walk through a transcript found."""

    results: list[str] = field(default_factory=list)  # "You lose." / "AI loses." per game
    ai_moves: list[tuple[int, int]] = field(default_factory=list)  # (sticks before, taken)
    human_moves: list[tuple[int, int]] = field(default_factory=list)


def board(sticks: int) -> str:
    if sticks == 1:
        return "There is 1 stick on the board."
    return f"There are {sticks} sticks on the board."


def walk_against_computer(text: str, sticks: int, option: int, again: list[str]) -> Walk:
    """Check every line of a transcript against the computer, in order; fail at the first
    line that is not what the program must print. ``again`` are the "Play again" answers.

    Only legal moves may have been typed (refusals are tested elsewhere).
    """
    assert text.endswith("\n"), "the last line must be ended"
    lines = text[:-1].split("\n")
    expected_head = [WELCOME, f"{STICKS_PROMPT}{sticks}", *MENU, f"{OPTION_PROMPT}{option}"]
    if option == 3:
        expected_head.append("Training AI, please wait...")
    assert lines[: len(expected_head)] == expected_head
    rest = lines[len(expected_head):]
    walk = Walk()
    i = 0
    for answer in again:
        left, human_turn = sticks, True
        while left > 0:
            assert rest[i] == "", f"line {i}: a blank line must come before the board: {rest[i]!r}"
            assert rest[i + 1] == board(left), f"line {i + 1}: {rest[i + 1]!r} with {left} left"
            pattern = HUMAN_MOVE if human_turn else AI_MOVE
            found = pattern.fullmatch(rest[i + 2])
            assert found, f"line {i + 2}: {rest[i + 2]!r} is not the expected {pattern.pattern}"
            taken = int(found.group(1))
            assert 1 <= taken <= min(3, left), f"illegal move {taken} with {left} left"
            (walk.human_moves if human_turn else walk.ai_moves).append((left, taken))
            left -= taken
            human_turn = not human_turn
            i += 3
        # whoever took the last stick loses: that is the one who just moved
        expected_result = "AI loses." if human_turn else "You lose."
        assert rest[i] == expected_result, f"line {i}: {rest[i]!r}, expected {expected_result!r}"
        walk.results.append(rest[i])
        assert rest[i + 1] == f"{AGAIN_PROMPT}{answer}"
        i += 2
    assert i == len(rest), f"unexpected lines after the last answer: {rest[i:]!r}"
    return walk

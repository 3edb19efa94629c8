"""Each ready question of the experiment screen is one ``sticks-tui experiment`` command: the
command the docs page and the screen give runs the question's grid, run for run."""

from __future__ import annotations

import json

import pytest
from cli_helpers import run

from sticks_tui.cli.experiment import summary_json
from sticks_tui.engine.experiment import run_experiment, summarise
from sticks_tui.engine.experiment_questions import QUESTIONS, question
from sticks_tui.text.experiments import command_line


@pytest.mark.parametrize("key", list(QUESTIONS))
def test_the_command_of_a_ready_question_answers_it_with_the_same_numbers(
    capsys: pytest.CaptureFixture[str], key: str
) -> None:
    asked = question(key)
    command = command_line(asked, seeds=2, games=60)
    assert command.startswith("sticks-tui experiment ") and "--seeds 2 --games 60" in command
    code, out, _ = run(capsys, *command.split()[1:], "--workers", "1", "--json")
    assert code == 0
    result = run_experiment(asked.experiment(seeds=2, games=60), 1)
    assert json.loads(out) == json.loads(json.dumps(summary_json(result, summarise(result))))

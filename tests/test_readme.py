"""The README's two commands stay true: CI runs exactly the test command it gives."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    quick_start = text.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```sh\n(.+?)\n```", quick_start)


def test_readme_gives_a_launch_command_and_a_test_command():
    launch, test = readme_commands()
    assert launch.endswith("sticks-tui") and "pip install" in launch
    assert "pytest" in test and "[test]" in test


def test_ci_runs_exactly_the_readme_test_command():
    _, test = readme_commands()
    script = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert test in script, "`.ci/run` must run the README's test command word for word"

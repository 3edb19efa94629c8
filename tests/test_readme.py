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


def make_recipe(target: str) -> str:
    """The one command line of a Makefile target."""
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    match = re.search(rf"^{target}:\n\t(.+)$", makefile, flags=re.M)
    assert match is not None, f"the Makefile has a `{target}` target"
    return match.group(1)


def test_make_test_runs_the_readme_test_command_after_its_install_step():
    _, test = readme_commands()
    install = "python3 -m venv .venv && .venv/bin/pip install -q -e '.[test]' && "
    assert test.startswith(install)
    assert make_recipe("test") == test.removeprefix(install)
    checks = test.removeprefix(install).rsplit(" && ", 1)[0]
    assert make_recipe("lint") == checks  # the checks alone, the same ones


def test_make_docs_builds_the_site_strictly_with_the_docs_extra():
    assert "mkdocs build --strict" in make_recipe("docs")
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    docs_extra = pyproject.split("\ndocs = [", 1)[1].split("]", 1)[0]
    assert '"mkdocs>=' in docs_extra and '"mkdocs-material>=' in docs_extra

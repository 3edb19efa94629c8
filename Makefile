# Developer tasks, in the .venv that the README's test command makes
# (python3 -m venv .venv && .venv/bin/pip install -q -e '.[test]'; for `make docs`, '.[docs]' too).
# `test` runs exactly the README's test command after its install step (tests/test_readme.py checks it).

.PHONY: test lint docs bench

test:
	.venv/bin/lint-imports --no-logo && .venv/bin/mypy && .venv/bin/ruff check sticks_tui && .venv/bin/python -m pytest

lint:
	.venv/bin/lint-imports --no-logo && .venv/bin/mypy && .venv/bin/ruff check sticks_tui

docs:
	NO_MKDOCS_2_WARNING=1 .venv/bin/mkdocs build --strict

# Some benchmarks take minutes on a shared machine: this lists them, with the command of each.
bench:
	@grep -h -m1 -E '^ +python benchmarks/' benchmarks/*.py | sed 's/^ *//'

"""The docs stay true to the code: every file and function they name exists, every page is in
the site's navigation, and every link between the README and the pages leads somewhere."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"

#: A path of the repository in a code span, perhaps with ``:Name`` or ``:Class.method`` after it.
REFERENCE = re.compile(
    r"(?<![\w./-])((?:sticks_tui|tests|benchmarks|tools|docs|assets|\.ci)/[\w./-]*)"
    r"(?::([A-Za-z_][\w.]*))?"
)
#: A Markdown link to a file of ours: [text](target), the target without a scheme.
LINK = re.compile(r"\]\((?![a-z]+:)([^)#\s]+)(?:#[^)]*)?\)")


def pages() -> list[Path]:
    return sorted(DOCS.rglob("*.md"))


def code_spans(text: str) -> list[str]:
    spans = re.findall(r"```.*?```|`[^`\n]+`", text, flags=re.S)
    return [span.strip("`") for span in spans]


def references(text: str) -> list[tuple[str, str | None]]:
    return [(m.group(1), m.group(2)) for span in code_spans(text) for m in REFERENCE.finditer(span)]


def defines(path: Path, qualname: str) -> bool:
    """Whether the module at ``path`` defines ``qualname`` (a function, a class, a method of
    one, or a name assigned at the top), read from its source without importing it."""
    body: list[ast.stmt] = ast.parse(path.read_text(encoding="utf-8")).body
    for part in qualname.split("."):
        found = None
        for node in body:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                if node.name == part:
                    found = node
            elif isinstance(node, ast.Assign | ast.AnnAssign):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                if any(isinstance(t, ast.Name) and t.id == part for t in targets):
                    found = node
        if found is None:
            return False
        body = found.body if isinstance(found, ast.ClassDef) else []
    return True


def test_every_file_and_function_the_docs_name_exists() -> None:
    named = [(page, ref) for page in pages() for ref in references(page.read_text("utf-8"))]
    named += [(ROOT / "README.md", ref) for ref in references((ROOT / "README.md").read_text())]
    wrong = []
    for page, (path, qualname) in named:
        target = ROOT / path
        if not target.exists():
            wrong.append(f"{page.relative_to(ROOT)}: {path} does not exist")
        elif qualname is not None and not defines(target, qualname):
            wrong.append(f"{page.relative_to(ROOT)}: {path} defines no {qualname}")
    assert not wrong, "\n".join(wrong)
    # the tour leads to the code: the flow of a move and of a training game, step by step
    tour = references((DOCS / "tour.md").read_text(encoding="utf-8"))
    assert len({ref for ref in tour if ref[1] is not None}) >= 40


def test_a_missing_file_or_function_is_caught() -> None:
    assert defines(ROOT / "sticks_tui/engine/match.py", "Match.play")
    assert not defines(ROOT / "sticks_tui/engine/match.py", "Match.no_such_method")
    assert not defines(ROOT / "sticks_tui/engine/match.py", "no_such_function")
    assert references("see `sticks_tui/ui/app.py:SticksApp.say` and `tests/`") == [
        ("sticks_tui/ui/app.py", "SticksApp.say"), ("tests/", None)
    ]


def test_every_page_is_in_the_sites_navigation_and_every_entry_is_a_page() -> None:
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    nav = config.split("\nnav:\n", 1)[1]
    listed = set(re.findall(r":\s*(\S+\.md)\s*$", nav, flags=re.M))
    on_disk = {page.relative_to(DOCS).as_posix() for page in pages()}
    assert listed == on_disk


def test_every_link_between_the_readme_and_the_pages_leads_to_a_file() -> None:
    broken = []
    for page in [ROOT / "README.md", *pages()]:
        for target in LINK.findall(page.read_text(encoding="utf-8")):
            if not (page.parent / target).exists():
                broken.append(f"{page.relative_to(ROOT)}: {target}")
    assert not broken, "\n".join(broken)
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "docs/tour.md" in readme and "docs/commands/index.md" in readme


def test_the_program_points_only_to_pages_that_exist() -> None:
    """--help and the code's words name docs pages (``docs/commands/solve.md``), never README
    sections, which moved."""
    named = []
    for source in [*(ROOT / "sticks_tui").rglob("*.py"), ROOT / "pyproject.toml"]:
        text = source.read_text(encoding="utf-8")
        named += [(source, path) for path in re.findall(r"docs/[\w/-]+\.md", text)]
        if source.suffix == ".py":
            assert "README" not in text, f"{source.relative_to(ROOT)} names the README"
    assert named, "the program points its readers to the docs somewhere"
    missing = [f"{source.relative_to(ROOT)}: {path}" for source, path in named
               if not (ROOT / path).exists()]
    assert not missing, "\n".join(missing)

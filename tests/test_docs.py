"""docs/*.md: generated from the schemas, fresh, complete, with working links; nothing points outside the repo."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest
from gah import docs
from helpers_rules import ROOT, SCHEMAS

DOCS = {
    "rules-format.md": "ruleset.schema.json",
    "state-format.md": "state.schema.json",
    "lab-model-format.md": "lab-model.schema.json",
    "language-format.md": "language.schema.json",
}


def test_the_docs_are_fresh() -> None:
    stale = [path.relative_to(ROOT).as_posix() for path in docs.stale_docs()]
    assert stale == [], f"regenerate with: {docs.COMMAND}"


def test_the_generator_writes_exactly_the_checked_in_docs() -> None:
    assert sorted(path.name for path in docs.doc_files()) == sorted(DOCS)
    assert sorted(path.name for path in (ROOT / "docs").glob("*.md")) == sorted(DOCS)


def test_the_command_checks_and_writes_the_docs_of_a_checkout(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(docs, "ROOT", tmp_path)
    assert docs.main(["--check"]) == 2  # not a checkout: nothing to write into
    (tmp_path / "pyproject.toml").write_text("", encoding="utf-8")
    (tmp_path / "docs").mkdir()
    (tmp_path / "examples").mkdir()
    (tmp_path / "examples" / "round7.yaml").write_text("round: 0\n", encoding="utf-8")
    assert docs.main(["--check"]) == 1
    assert "stale: docs/state-format.md (run: python -m gah.docs)" in capsys.readouterr().err
    assert docs.main([]) == 0
    assert docs.main(["--check"]) == 0
    assert (tmp_path / "docs" / "state-format.md").read_text(encoding="utf-8").endswith("round: 0\n```\n")


@pytest.mark.parametrize("name", DOCS)
def test_a_doc_says_where_it_comes_from_on_its_first_line(name: str) -> None:
    first = (ROOT / "docs" / name).read_text(encoding="utf-8").splitlines()[0]
    assert first.startswith("<!-- DO NOT EDIT: generated from schemas/")
    assert DOCS[name] in first and docs.COMMAND in first


def _keys(schema: Any) -> set[str]:
    """Every named key anywhere in a schema (properties, including the effects' parameters)."""
    found: set[str] = set()
    stack = [schema]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if isinstance(item.get("properties"), dict) and "type" not in item["properties"]:
                found.update(item["properties"])
            stack.extend(v for k, v in item.items() if k != "if")
        elif isinstance(item, list):
            stack.extend(item)
    return found


@pytest.mark.parametrize("name", DOCS)
def test_every_key_of_the_schema_is_in_its_doc(name: str) -> None:
    text = (ROOT / "docs" / name).read_text(encoding="utf-8")
    keys = _keys(json.loads((SCHEMAS / DOCS[name]).read_text(encoding="utf-8")))
    assert len(keys) > 10
    assert sorted(key for key in keys if f"| `{key}` |" not in text) == []


def test_every_choices_key_and_effect_kind_is_documented() -> None:
    state = json.loads((SCHEMAS / "state.schema.json").read_text(encoding="utf-8"))
    text = (ROOT / "docs" / "state-format.md").read_text(encoding="utf-8")
    choices = text.split("# `player.choices`\n", 1)[1]
    assert [k for k in state["definitions"]["choices"]["properties"] if f"| `{k}` |" not in choices] == []
    rules = (ROOT / "docs" / "rules-format.md").read_text(encoding="utf-8")
    ruleset = json.loads((SCHEMAS / "ruleset.schema.json").read_text(encoding="utf-8"))
    kinds = ruleset["definitions"]["effect"]["properties"]["kind"]["enum"]
    assert [k for k in kinds if not re.search(rf"- `kind: ([a-z_]+ / )*{k}[ `]", rules)] == []


def _slug(heading: str) -> str:
    # GitHub's anchors: lower case, punctuation other than - and _ dropped, spaces to dashes
    return re.sub(r"[^a-z0-9_ -]", "", heading.strip().lower()).replace(" ", "-")


@pytest.mark.parametrize("name", DOCS)
def test_every_link_in_a_doc_goes_to_one_of_its_headings(name: str) -> None:
    text = (ROOT / "docs" / name).read_text(encoding="utf-8")
    outside_code = re.sub(r"```.*?```", "", text, flags=re.DOTALL)
    anchors = {_slug(line.lstrip("#")) for line in outside_code.splitlines() if line.startswith("#")}
    links = set(re.findall(r"\]\(#([^)]+)\)", text))
    assert links
    assert sorted(links - anchors) == []


def test_the_readme_links_every_doc() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert [name for name in DOCS if f"(docs/{name})" not in readme] == []


def test_nothing_a_user_reads_points_outside_the_repository() -> None:
    listed = subprocess.run(
        ["git", "ls-files", "README.md", "docs", "rules", "schemas", "examples", "compiler"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    assert "README.md" in listed and "rules/base.yaml" in listed
    pattern = re.compile(r"\.\./shared|/work/|GAME-REFERENCE|DESIGN\.md|rules-page\.txt")
    hits = []
    for name in listed:
        path = ROOT / name
        if path.suffix in (".pdf", ".png", ".ttf", ".woff", ".woff2") or not path.is_file():
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if pattern.search(line):
                hits.append(f"{name}:{number}: {line.strip()}")
    assert hits == []


def test_skipped_tests_say_why_and_the_readme_says_how_to_run_the_editor_tests() -> None:
    """The README's test command reports each skip's reason (-rs), and the install it gives for the
    editor tests is where tests/helpers_lsp.py looks for the server."""
    import tomllib

    from tests.helpers_lsp import LOCAL_SERVER

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    addopts = config["tool"]["pytest"]["ini_options"]["addopts"].split()
    assert "-rs" in addopts
    # The README's promise: every core, and one file per worker at a time.
    assert addopts[addopts.index("-n") + 1] == "auto" and "loadfile" in addopts
    assert "pytest-xdist" in " ".join(config["project"]["optional-dependencies"]["test"])
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    prefix = LOCAL_SERVER.relative_to(ROOT).parts[0]
    assert f"npm install --prefix {prefix} " in readme and "yaml-language-server@" in readme
    assert "python -m pytest tests/test_editor.py" in readme


def test_every_file_of_compiler_the_readme_names_exists() -> None:
    """The README's paths into the package (`compiler/sheets/fit.py`, `compiler/lab/engine/batched*.py`) name
    files and folders that exist (a glob matches at least one)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    named = sorted(set(re.findall(r"`(compiler/[^`\s]+)`", readme)))
    assert len(named) > 10
    missing = [path for path in named if not list(ROOT.glob(path.rstrip("/")))]
    assert missing == []

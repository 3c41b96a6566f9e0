"""`gah docs [TOPIC]`: the format documents that ship with gah, printed from the installation."""

from __future__ import annotations

import argparse
import re
import tomllib
from pathlib import Path

import pytest
from gah.commands.format_docs import TOPICS, doc_path
from helpers_rules import ROOT, run_gah

LISTING = [
    "gah docs TOPIC prints one of these documents:",
    "  rules      The rules-data format (docs/rules-format.md)",
    "  state      The game-state format (docs/state-format.md)",
    "  lab-model  The variant-lab game model (docs/lab-model-format.md)",
    "  language   The language format (docs/language-format.md)",
]


def test_without_a_topic_it_lists_the_topics_a_line_each(tmp_path: Path) -> None:
    run = run_gah("docs", cwd=tmp_path)
    assert run.code == 0 and run.err == ""
    assert run.out.splitlines() == LISTING


@pytest.mark.parametrize(
    ("topic", "heading", "inside"),
    [
        ("rules", "# The rules-data format", "| `move_back` |"),
        ("state", "# The game-state format", "| `choices` |"),
        ("lab-model", "# The variant-lab game model", "| `every_round` |"),
        ("language", "# The language format", "| `track.heading` |"),
    ],
)
def test_a_topic_prints_its_document_without_the_generator_comment(
    topic: str, heading: str, inside: str, tmp_path: Path
) -> None:
    run = run_gah("docs", topic, cwd=tmp_path)
    assert run.code == 0 and run.err == ""
    assert run.out.startswith(heading + "\n")
    assert inside in run.out
    written = (ROOT / "docs" / TOPICS[topic]).read_text(encoding="utf-8")
    assert written.startswith("<!-- DO NOT EDIT")
    assert written.endswith(run.out) and len(written) - len(run.out) < 200  # only the comment line went


def test_an_unknown_topic_is_exit_2_with_the_list(tmp_path: Path) -> None:
    run = run_gah("docs", "states", cwd=tmp_path)
    assert run.code == 2 and run.out == ""
    assert run.err.splitlines() == ["gah docs: unknown topic 'states'; the topics are:", *LISTING[1:]]


def test_the_documents_ship_in_the_wheel_where_gah_reads_them() -> None:
    # A checkout reads docs/ in place; the wheel's package-dir mapping puts docs/ beside rules/ under _bundled/.
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    mapped = config["tool"]["setuptools"]["package-dir"]
    assert mapped["gah._bundled.docs"] == "docs"
    assert mapped["gah._bundled.rules"] == "rules"
    assert all(doc_path(topic) == ROOT / "docs" / TOPICS[topic] for topic in TOPICS)


def test_the_readme_s_commands_table_has_a_row_for_each_command_and_no_other() -> None:
    from gah.commands.options import SETUPS

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    table = readme[readme.index("## Commands") : readme.index("## Workspaces")]
    rows = set(re.findall(r"^\| `gah ([a-z-]+)", table, re.MULTILINE))
    assert rows == set(SETUPS)
    assert {"show", "docs", "lab-model"} <= rows


def test_a_terminal_reads_the_document_through_a_pager(monkeypatch: pytest.MonkeyPatch) -> None:
    import pydoc
    import sys

    paged: list[str] = []
    monkeypatch.setattr(pydoc, "pager", paged.append)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True, raising=False)
    from gah.commands.format_docs import doc_text, run_docs

    assert run_docs(argparse.Namespace(topic="state"), None) == 0  # type: ignore[arg-type]
    assert paged == [doc_text("state")]


def test_the_rules_document_speaks_of_an_installed_gah() -> None:
    from gah.commands.format_docs import doc_text

    text = doc_text("rules")
    assert "`rules/base.yaml` is" not in text and "`gah show base`" in text

"""`gah docs [TOPIC]`: the user guide's topics and the format documents that ship with gah, printed from the
installation; on a terminal through a pager, or plainly when there is none."""

from __future__ import annotations

import argparse
import os
import pty
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from gah.commands.format_docs import GUIDE, TOPICS, doc_path, doc_text
from gah.languages import english
from helpers_rules import ROOT, run_gah

LISTING = [
    "gah docs TOPIC prints one of these documents:",
    "The guide:",
    "  commands      Commands",
    "  workspaces    Workspaces",
    "  house-rules   Writing house rules",
    "  translations  Languages and translations",
    "  sheets        Player aids",
    "  pad           At the table: dealing and the score pad",
    "  modules       For programmers: the generated scoring modules",
    "  lab           The variant lab",
    "  sweeps        Sweeps and tuning",
    "  metrics       The variant lab's metrics",
    "  ci            Checks in editors and CI",
    "  development   Working on gah",
    "File formats:",
    "  rules         The rules-data format",
    "  state         The game-state format",
    "  lab-model     The variant-lab game model",
    "  language      The language format",
]


def test_without_a_topic_it_lists_the_topics_a_line_each(tmp_path: Path) -> None:
    run = run_gah("docs", cwd=tmp_path)
    assert run.code == 0 and run.err == ""
    assert run.out.splitlines() == LISTING


def test_each_topic_s_english_title_is_its_document_s_heading() -> None:
    """The list says the titles from the language files (German users read them in German): in English they are
    the documents' own headings."""
    for topic in TOPICS:
        heading = next(line for line in doc_text(topic).splitlines() if line.startswith("# "))
        assert english().say(f"cli.docs.title.{topic.replace('-', '_')}") == heading[2:], topic


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


@pytest.mark.parametrize("topic", list(GUIDE))
def test_a_guide_topic_prints_its_file_whole(topic: str, tmp_path: Path) -> None:
    run = run_gah("docs", topic, cwd=tmp_path)
    assert run.code == 0 and run.err == ""
    assert run.out == (ROOT / "docs" / f"guide-{topic}.md").read_text(encoding="utf-8")
    assert run.out.startswith("# ")


def test_every_guide_file_is_a_topic() -> None:
    assert sorted(TOPICS[topic] for topic in GUIDE) == sorted(p.name for p in (ROOT / "docs").glob("guide-*.md"))


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


@pytest.mark.parametrize(
    ("name", "start", "end"),
    [("README.md", "## Commands at a glance", "\n## "), ("docs/guide-commands.md", "# Commands", "\n## ")],
)
def test_the_commands_tables_have_a_row_for_each_command_and_no_other(name: str, start: str, end: str) -> None:
    from gah.commands.options import SETUPS

    text = (ROOT / name).read_text(encoding="utf-8")
    table = text[text.index(start) : text.index(end, text.index(start) + 1)]
    rows = set(re.findall(r"^\| `gah ([a-z-]+)", table, re.MULTILINE))
    assert rows == set(SETUPS)
    assert {"show", "docs", "lab-model"} <= rows


def test_a_terminal_reads_the_document_through_a_pager(monkeypatch: pytest.MonkeyPatch) -> None:
    from gah.commands import format_docs
    from gah.commands.format_docs import doc_text, run_docs

    paged: list[str] = []
    monkeypatch.setattr(format_docs, "page", paged.append)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True, raising=False)

    assert run_docs(argparse.Namespace(topic="state"), None) == 0  # type: ignore[arg-type]
    assert paged == [doc_text("state")]


def on_a_terminal(pager: str | None, *args: str) -> tuple[int, str, str]:
    """`python -m gah ARGS` with its stdout on a pseudo-terminal, as a person runs it (PAGER set, or unset)."""
    env = {key: value for key, value in os.environ.items() if key not in ("PAGER", "LESS")}
    env |= {"TERM": "xterm"} | ({} if pager is None else {"PAGER": pager})
    main, follower = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "gah", *args], stdin=follower, stdout=follower, stderr=subprocess.PIPE, env=env
    )
    os.close(follower)
    shown = b""
    while True:
        try:
            chunk = os.read(main, 65536)
        except OSError:  # the terminal is closed: every writer ended
            break
        if not chunk:
            break
        shown += chunk
    os.close(main)
    assert process.stderr is not None
    err = process.stderr.read().decode("utf-8")
    return process.wait(timeout=60), shown.decode("utf-8").replace("\r\n", "\n"), err


@pytest.mark.parametrize("pager", ["nonexistent", "", "'unbalanced"])
def test_a_pager_that_is_not_there_leaves_the_document_printed_plainly(pager: str) -> None:
    code, shown, err = on_a_terminal(pager, "docs", "state")
    assert (code, err) == (0, "")
    assert shown.startswith("# The game-state format\n") and "| `choices` |" in shown
    assert shown.endswith("```\n")  # the whole document, to the end of its example


def test_a_pager_that_is_there_gets_the_document() -> None:
    """The control: a pager that exists is run, and what it shows is what the terminal gets (`cat -n` numbers
    every line, so the document went through it)."""
    code, shown, err = on_a_terminal("cat -n", "docs", "state")
    assert (code, err) == (0, "")
    assert shown.startswith("     1\t# The game-state format\n")


def test_the_pager_without_pager_set_is_less_or_more(monkeypatch: pytest.MonkeyPatch) -> None:
    import shutil

    from gah import pager

    monkeypatch.delenv("PAGER", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    monkeypatch.setattr(shutil, "which", lambda name: f"/usr/bin/{name}" if name == "more" else None)
    assert pager.pager_command() == ["more"]
    monkeypatch.setattr(shutil, "which", lambda name: None)
    assert pager.pager_command() is None
    monkeypatch.setenv("TERM", "dumb")
    monkeypatch.setenv("PAGER", "cat -n")
    assert pager.pager_command() is None


def test_the_rules_document_speaks_of_an_installed_gah() -> None:
    from gah.commands.format_docs import doc_text

    text = doc_text("rules")
    assert "`rules/base.yaml` is" not in text and "`gah show base`" in text

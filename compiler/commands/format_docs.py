"""`gah docs [TOPIC]`: print a file-format document that ships with gah (rules, state, lab-model, language),
through a pager on a terminal.

The documents are docs/*.md, generated from the schemas (python -m gah.docs); a wheel
carries them under gah/_bundled/docs/, a checkout reads them in place. They describe the
installed gah, so they are read from the package, not from $GAH_BUNDLE (which swaps rules only).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..errors import GahError
from ..frontend.rulesets import Workspace
from ..said import package_bundle
from .registry import command

TOPICS = {
    "rules": "rules-format.md",
    "state": "state-format.md",
    "lab-model": "lab-model-format.md",
    "language": "language-format.md",
}


def doc_path(topic: str) -> Path:
    """The file of a topic's document in this installation."""
    return package_bundle() / "docs" / TOPICS[topic]


def doc_text(topic: str) -> str:
    """A topic's document as a reader wants it: without the generator's do-not-edit comment."""
    path = doc_path(topic)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise GahError(f"cannot read the {topic} document ({path}): {error.strerror}; reinstall gah") from None
    first, _newline, rest = text.partition("\n")
    return rest.lstrip("\n") if first.startswith("<!--") else text


def _title(topic: str) -> str:
    """The document's first heading (# The game-state format)."""
    for line in doc_text(topic).splitlines():
        if line.startswith("# "):
            return line[2:].strip()
    return TOPICS[topic]  # pragma: no cover - every shipped document has a heading


def _topic_list() -> str:
    width = max(len(topic) for topic in TOPICS)
    return "".join(f"  {topic:<{width}}  {_title(topic)} (docs/{TOPICS[topic]})\n" for topic in TOPICS)


@command("docs")
def run_docs(args: argparse.Namespace, _workspace: Workspace) -> int:
    topic: str | None = args.topic
    if topic is None:
        sys.stdout.write("gah docs TOPIC prints one of these documents:\n" + _topic_list())
        return 0
    if topic not in TOPICS:
        sys.stderr.write(f"gah docs: unknown topic {topic!r}; the topics are:\n" + _topic_list())
        return 2
    if sys.stdout.isatty():  # a person reads it: page it ($PAGER, else less or more), as git does
        import pydoc

        pydoc.pager(doc_text(topic))
    else:
        sys.stdout.write(doc_text(topic))
    return 0

"""`gah docs [TOPIC]`: print a document that ships with gah, a topic of the user guide or a file format, through a
pager on a terminal.

The guide's topics are docs/guide-TOPIC.md, written by hand; the file formats are docs/*-format.md, generated
from the schemas (python -m gah.docs). A wheel carries both under gah/_bundled/docs/, a checkout reads them in
place. They describe the installed gah, so they are read from the package, not from $GAH_BUNDLE (which swaps rules
only).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..doc_topics import FORMATS, GUIDE, TOPICS
from ..errors import GahError, Speaks
from ..frontend.rulesets import Workspace
from ..pager import page
from ..said import error_of, package_bundle
from .common import speaker
from .registry import command


def doc_path(topic: str) -> Path:
    """The file of a topic's document in this installation."""
    return package_bundle() / "docs" / TOPICS[topic]


def doc_text(topic: str) -> str:
    """A topic's document as a reader wants it: without the generator's do-not-edit comment."""
    path = doc_path(topic)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise error_of(
            GahError, "errors.docs.unreadable", topic=topic, path=str(path), reason=str(error.strerror)
        ) from None
    first, _newline, rest = text.partition("\n")
    return rest.lstrip("\n") if first.startswith("<!--") else text


def _topic_list(says: Speaks) -> str:
    """The guide's topics, then the file formats: a line each, its name and its title in `says`' language."""
    width = max(len(topic) for topic in TOPICS)
    titles = {topic: says.say(f"cli.docs.title.{topic.replace('-', '_')}") for topic in TOPICS}
    lines = [says.say("cli.docs.guide") + "\n"]
    lines += [f"  {topic:<{width}}  {titles[topic]}\n" for topic in GUIDE]
    lines += [says.say("cli.docs.formats") + "\n"]
    lines += [f"  {topic:<{width}}  {titles[topic]}\n" for topic in FORMATS]
    return "".join(lines)


@command("docs")
def run_docs(args: argparse.Namespace, workspace: Workspace) -> int:
    topic: str | None = args.topic
    says = speaker(workspace)
    if topic is None:
        sys.stdout.write(says.say("cli.docs.list") + "\n" + _topic_list(says))
        return 0
    if topic not in TOPICS:
        sys.stderr.write(says.say("cli.docs.unknown", topic=repr(topic)) + "\n" + _topic_list(says))
        return 2
    if sys.stdout.isatty():  # a person reads it: page it ($PAGER, else less or more), as git does
        page(doc_text(topic))
    else:
        sys.stdout.write(doc_text(topic))
    return 0

"""The English scanner: finds the words of English sentences in what gah printed, ids, paths and keys left out.

A German workspace's output should hold none (tests/test_german_everywhere.py, tests/test_german_commands.py); an
English workspace's holds many, which proves the scanner is not blind. Call english_words(text) on any output:

    assert english_words(run.out + run.err) == []

What is written as an id is taken out first: quoted text ('...', `...`, "..."), tokens holding a path or key
character (/ . _ - digits = @ #), and the keys and enum values the schemas name (gah lists them bare where it
says what it expected). The rest is looked up in ENGLISH_WORDS: small words that make English sentences and are
no German words (German nouns are capitalised, so "Name" or "Feld" pass).
"""

from __future__ import annotations

import json
import re
from functools import cache

from tests.helpers_rules import ROOT

# Words that make English sentences and are no German words (German nouns are capitalised: "Name" passes).
ENGLISH_WORDS = frozenset(
    [
        "the",
        "is",
        "are",
        "not",
        "and",
        "of",
        "with",
        "expected",
        "unknown",
        "missing",
        "found",
        "must",
        "has",
        "have",
        "this",
        "that",
        "which",
        "from",
        "got",
        "known",
        "only",
        "ruleset",
        "rulesets",
        "problem",
        "problems",
        "written",
        "unchanged",
        "removed",
        "takes",
        "gains",
        "loses",
        "scores",
        "each",
        "tile",
        "tiles",
        "space",
        "spaces",
        "round",
        "rounds",
        "points",
        "player",
        "players",
        "after",
        "before",
        "none",
        "nothing",
        "file",
        "files",
        "stale",
        "date",
        "folder",
        "key",
        "keys",
        "value",
        "inherited",
        "syntax",
        "never",
        "closed",
        "quoted",
        "text",
        "line",
        "lines",
        "built",
        "rendered",
        "defined",
        "already",
        "needs",
        "give",
        "write",
        "bonus",
        "penalty",
        "gets",
        "moves",
        "back",
        "guests",
        "guest",
        "items",
        "item",
        "krones",
        "krone",
        "cards",
        "card",
        "hand",
        "deck",
        "wrote",
        "edit",
        "then",
        "exists",
        "use",
        "overwrite",
        "prints",
        "these",
        "made",
        "next",
        "workspace",
        "document",
        "documents",
        "copy",
        "here",
        "such",
    ]
)


@cache
def schema_words() -> frozenset[str]:
    """Every key and enum value the schemas of rules, states and lab models name: gah lists them bare where it
    says what it expected. Not the language schema's: its keys are phrase ids ("missing", "written"), which gah
    never prints, and would hide those words."""
    found: set[str] = set()
    files = [path for path in (ROOT / "schemas").glob("*.json") if path.name != "language.schema.json"]
    stack: list[object] = [json.loads(path.read_text(encoding="utf-8")) for path in files]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "properties" and isinstance(value, dict):
                    found.update(value)
                if key == "enum" and isinstance(value, list):
                    found.update(str(v) for v in value)
                stack.append(value)
        elif isinstance(node, list):
            stack.extend(node)
    return frozenset(found)


def english_words(text: str, words: frozenset[str] = ENGLISH_WORDS) -> list[str]:
    """The English `words` of `text` outside ids, paths and keys."""
    text = re.sub(r"'[^'\n]*'|`[^`\n]*`|\"[^\"\n]*\"", " ", text)
    found = []
    for token in re.findall(r"[^\s,;:()\[\]{}|]+", text):
        if re.search(r"[/._\-0-9=@#]", token) or token in schema_words():
            continue
        if token in words:
            found.append(token)
    return found

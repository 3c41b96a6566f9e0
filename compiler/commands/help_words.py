"""The words of gah's command line (every --help, the parser's own lines) in the language it speaks, read cheaply.

The language is the command line's `--lang`, else the workspace's (gah.toml's `language`), else English. Of
its file, and of the files it extends, only the sections the command line says are read (plain YAML, no
schema check, no other section): the commands that load the language check the whole file and report its
problems. A phrase the language lacks or cannot say is said in the shipped English.
"""

from __future__ import annotations

import os
import re
import string
import tomllib
from collections.abc import Mapping, Sequence
from pathlib import Path

import yaml

SECTIONS = ("help", "check")  # check: its did_you_mean
CONFIG_NAME = "gah.toml"  # gah.workspace's, as bundle_root below: help imports neither gah.workspace nor gah.said
FOLDER = Path("rules") / "languages"
MAX_EXTENDS = 8
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_EXTENDS = re.compile(r"^extends:[ \t]*['\"]?([a-z0-9-]+)", re.MULTILINE)
Phrases = dict[str, object]


class Words:
    """Phrases by key (`help.check.all`, `check.did_you_mean`): the chosen language's, else English's."""

    def __init__(self, chosen: Mapping[str, Phrases], english: Mapping[str, Phrases]) -> None:
        self.chosen = chosen
        self.english = english

    def has(self, key: str) -> bool:
        return _found(self.english, key) is not None

    def say(self, key: str, count: int | None = None, /, **values: str | int) -> str:
        """The phrase `key` with its {placeholders} filled in (`count`: the plural form, and {count})."""
        if count is not None:
            values.setdefault("count", count)
        for phrases in (self.chosen, self.english):
            pattern = _found(phrases, key)
            if pattern is None:
                continue
            if isinstance(pattern, dict):
                one = count is not None and abs(count) == 1 and "one" in pattern
                pattern = pattern["one"] if one else pattern.get("other")
            try:
                return string.Formatter().vformat(str(pattern), (), values)
            except (KeyError, IndexError, ValueError):  # a placeholder English does not have, a lone brace
                continue
        raise KeyError(f"no phrase {key} in rules/languages/en.yaml")


def _found(phrases: Mapping[str, Phrases], key: str) -> object | None:
    """The phrase at `key` (the section's key written dotted, or nested), or None."""
    section, _, rest = key.partition(".")
    found: object = phrases.get(section, {})
    if isinstance(found, dict) and rest in found:
        phrase: object = found[rest]
        return phrase
    for part in rest.split("."):
        if not isinstance(found, dict) or part not in found:
            return None
        found = found[part]
    return found


def bundle_root() -> Path:
    """The rules bundle in use, as gah.workspace.bundle_root finds it: $GAH_BUNDLE, else the package's
    (gah/_bundled/ in a wheel, the checkout beside the package in a checkout)."""
    override = os.environ.get("GAH_BUNDLE")
    if override:
        return Path(override)
    package = Path(__file__).resolve().parent.parent
    return package / "_bundled" if (package / "_bundled" / "rules").is_dir() else package.parent


def command_line_words(argv: Sequence[str]) -> Words:
    """The words a command line speaks in: its --lang's, else its workspace's language (see the module)."""
    root = _workspace_root(argv)
    language, bundle = _settings(root) if root is not None else ("", False)
    language = _option_value(argv, "--lang") or language or "en"
    shipped = bundle_root() / FOLDER
    own = None if root is None or bundle or root.resolve() == bundle_root().resolve() else root / FOLDER
    english = _sections(shipped / "en.yaml")
    try:
        chosen = _language(language, own, shipped)
    except (OSError, UnicodeDecodeError, yaml.YAMLError):
        chosen = {}
    return Words(chosen, english)


def _option_value(argv: Sequence[str], *names: str) -> str | None:
    """The value the last of the options `names` is given (NAME VALUE or NAME=VALUE), up to a `--`."""
    found = None
    words = list(argv)
    for index, word in enumerate(words):
        if word == "--":
            break
        name, equals, value = word.partition("=")
        if name in names:
            found = value if equals else (words[index + 1] if index + 1 < len(words) else None)
    return found


def _workspace_root(argv: Sequence[str]) -> Path | None:
    """The workspace the command line names (--workspace), else the nearest from the current folder up."""
    given = _option_value(argv, "--workspace", "--root")
    if given is not None:
        return Path(given) if (Path(given) / CONFIG_NAME).is_file() else None
    here = Path.cwd().resolve()
    return next((folder for folder in (here, *here.parents) if (folder / CONFIG_NAME).is_file()), None)


def _settings(root: Path) -> tuple[str, bool]:
    """gah.toml's `language` and `bundle` (an unreadable gah.toml: English; its command will say why)."""
    try:
        config = tomllib.loads((root / CONFIG_NAME).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return "", False
    language = config.get("language")
    return (language if isinstance(language, str) else ""), config.get("bundle") is True


def _language(language: str, own: Path | None, shipped: Path) -> dict[str, Phrases]:
    """The sections of `language`'s file merged over those of the files it extends (as gah.languages reads
    them: the workspace's own file first, a file extending its own id reads the shipped one)."""
    chain: list[dict[str, Phrases]] = []
    below: str | None = None
    current: str | None = language
    while current is not None and len(chain) < MAX_EXTENDS:
        path = own / f"{current}.yaml" if own is not None and current != below else None
        if path is None or not path.is_file():
            path = shipped / f"{current}.yaml"
        text = path.read_text(encoding="utf-8")
        chain.insert(0, _sections_of(text))
        extends = _EXTENDS.search(text)
        below, current = current, extends.group(1) if extends else None
    merged: dict[str, Phrases] = {}
    for sections in chain:
        for name, phrases in sections.items():
            merged.setdefault(name, {}).update(phrases)
    return {name: {k: v for k, v in phrases.items() if v is not None} for name, phrases in merged.items()}


def _sections(path: Path) -> dict[str, Phrases]:
    return _sections_of(path.read_text(encoding="utf-8"))


def _sections_of(text: str) -> dict[str, Phrases]:
    """The SECTIONS of a language file's text, each parsed alone (a few lines of YAML, not the whole file)."""
    found: dict[str, Phrases] = {}
    text += "\n"  # a file's last line may have no newline
    for name in SECTIONS:
        match = re.search(rf"^{name}:[^\n]*\n(?:(?:[ \t#][^\n]*)?\n)*", text, re.MULTILINE)
        if match is None:
            continue
        document = yaml.load(match.group(0), Loader=_LOADER)
        if isinstance(document, dict) and isinstance(document.get(name), dict):
            found[name] = document[name]
    return found

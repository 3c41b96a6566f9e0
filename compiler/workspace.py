"""Where rules live: the rules bundled with gah, and a user's workspace (a folder marked by gah.toml).

A workspace is found as git finds a repository: the nearest folder, from the current one
upwards, that holds `gah.toml`. Outside any workspace the bundled rulesets are still
available, read-only. A workspace whose gah.toml says `bundle = true` *is* a rules bundle
(this repository is one): its rulesets are the bundled ones.
"""

from __future__ import annotations

import os
import re
import tomllib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from .errors import GahError, Position, Problem, RulesError, SourceRegistry
from .said import error_of, package_bundle, problem_at, said, shipped_english

CONFIG_NAME = "gah.toml"
PAPERS = ("a4", "letter")
SCHEMA_NAMES = ("ruleset", "variant", "state", "lab-model", "language")
DEFAULT_LAB_MODEL = Path("rules") / "lab" / "default.yaml"


class NoWorkspace(GahError):
    """A command that writes was run outside any workspace."""

    def __init__(self) -> None:
        super().__init__(shipped_english().say("errors.config.no_workspace"))
        self.said = said("errors.config.no_workspace")


@dataclass
class ConfigError(RulesError):
    """gah.toml's problems, with its workspace as far as it reads (its folder, and the language it names) to say
    them in."""

    said_in: Workspace | None = None


BUNDLE_VARIABLE = "GAH_BUNDLE"


@cache
def bundle_root() -> Path:
    """The bundle in use: $GAH_BUNDLE when set (a folder laid out like this repository), else the package's.

    The test suite points it at a copy that holds only the shipped rulesets, so files a user
    adds to this repository's rules/ cannot change what the tests see.
    """
    override = os.environ.get(BUNDLE_VARIABLE)
    return Path(override) if override else package_bundle()


@dataclass(frozen=True)
class Config:
    """The settings of gah.toml (every key optional)."""

    output: str = "generated"
    paper: str = "a4"
    lab_model: str = ""
    bundle: bool = False
    language: str = ""  # "" is English
    languages: tuple[str, ...] = ()  # () is every language known here


_KEYS: dict[str, type] = {
    "output": str,
    "paper": str,
    "lab_model": str,
    "bundle": bool,
    "language": str,
    "languages": list,
}
LANGUAGE_ID = re.compile(r"[a-z]{2,3}(-[a-z0-9]{2,8})*")


def read_config(path: Path, sources: SourceRegistry) -> Config:
    """Parse and check gah.toml; ConfigError with positioned problems."""
    display = path.name if path.parent.resolve() == Path.cwd().resolve() else str(path)
    try:
        text = path.read_bytes().decode("utf-8")
    except UnicodeDecodeError:
        raise RulesError([problem_at(Position(display, 1, 1), "errors.config.not_utf8")]) from None
    except OSError as error:
        raise error_of(GahError, "errors.config.unreadable", path=str(path), reason=str(error.strerror)) from None
    sources.add(display, text)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        line, column, message = _toml_position(str(error))
        told = said(_TOML_WORDS[message]) if message in _TOML_WORDS else message
        problem = problem_at(Position(display, line, column), "errors.config.toml", message=told)
        raise ConfigError([problem], _speaking(path, _language_line(text))) from None
    values, problems = _checked(data, text, display)
    if problems:
        language = values.get("language")
        raise ConfigError(problems, _speaking(path, language if isinstance(language, str) else ""))
    return Config(**values)  # type: ignore[arg-type]


def _checked(data: dict[str, object], text: str, display: str) -> tuple[dict[str, object], list[Problem]]:
    """gah.toml's settings that are right, and the problems of the others (a wrong language is left out)."""
    problems: list[Problem] = []
    values: dict[str, object] = {}
    for key, value in data.items():
        where = Position(display, *_key_position(text, key))
        expected = _KEYS.get(key)
        if expected is None:
            known = ", ".join(_KEYS)
            problems.append(problem_at(where, "errors.config.unknown_setting", key=repr(key), known=known))
        elif not isinstance(value, expected):
            kind = {bool: "bool", list: "list"}.get(expected, "text")
            problems.append(problem_at(where, f"errors.config.expected_{kind}", key=key))
        else:
            values[key] = value

    def at(key: str) -> Position:
        return Position(display, *_key_position(text, key))

    if values.get("paper", "a4") not in PAPERS:
        problems.append(problem_at(at("paper"), "errors.config.paper"))
    for key in ("output", "lab_model"):
        value = values.get(key)
        if isinstance(value, str) and value and not _stays_inside(value):
            problems.append(problem_at(at(key), "errors.config.outside", key=key, got=repr(value)))
    language = values.get("language")
    if isinstance(language, str) and language and not LANGUAGE_ID.fullmatch(language):
        problems.append(problem_at(at("language"), "errors.config.language", got=repr(language)))
        del values["language"]
    listed = values.get("languages")
    if isinstance(listed, list):
        if not all(isinstance(item, str) and LANGUAGE_ID.fullmatch(item) for item in listed):
            problems.append(problem_at(at("languages"), "errors.config.languages"))
        values["languages"] = tuple(str(item) for item in listed)
    if values.get("output") == "":
        problems.append(problem_at(at("output"), "errors.config.output_empty"))
    return values, problems


# Python's TOML reader's messages that gah.toml's problems say in the workspace's language (others as they are).
_TOML_WORDS = {
    "Cannot overwrite a value": "errors.toml.overwrite",
    "Invalid value": "errors.toml.invalid_value",
    "Invalid statement": "errors.toml.invalid_statement",
    "Unterminated string": "errors.toml.unterminated_string",
    "Unclosed inline table": "errors.toml.unclosed_table",
    "Unclosed array": "errors.toml.unclosed_array",
    "Expected '=' after a key in a key/value pair": "errors.toml.expected_equals",
    "Invalid initial character for a key part": "errors.toml.key_character",
    "Expected ']' at the end of a table declaration": "errors.toml.table_end",
}
_LANGUAGE_LINE = re.compile(r"""^\s*language\s*=\s*["']([a-z]{2,3}(?:-[a-z0-9]{2,8})*)["']\s*(?:#.*)?$""", re.M)


def _language_line(text: str) -> str:
    """The language a gah.toml that is no valid TOML names on a line of its own, if it names one."""
    found = _LANGUAGE_LINE.findall(text)
    return found[0] if len(found) == 1 else ""


def _speaking(path: Path, language: str) -> Workspace | None:
    """The workspace of a gah.toml with problems, as far as it says how to speak: its folder and language."""
    return Workspace(path.parent.resolve(), Config(language=language)) if language else None


def with_setting(text: str, key: str, value: str) -> str | None:
    """gah.toml's text with `key = "value"`: its one empty line (`key = ""`) filled in, or a line
    added when the key is absent; None when the key holds something else or the result would not
    read back as exactly that change (the file is then left to the user). Other lines stay as written."""
    quoted = '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    empty = re.compile(rf"^({re.escape(key)}[ \t]*=[ \t]*)(?:\"\"|'')(?=[ \t]*(?:#|$))", re.MULTILINE)
    try:
        before = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        return None
    if key not in before:
        changed = text + ("\n" if text and not text.endswith("\n") else "") + f"{key} = {quoted}\n"
    elif len(empty.findall(text)) == 1:
        changed = empty.sub(lambda match: match[1] + quoted, text)
    else:
        return None
    try:
        after = tomllib.loads(changed)
    except tomllib.TOMLDecodeError:
        return None
    return changed if after == {**before, key: value} else None


def _stays_inside(relative: str) -> bool:
    path = Path(relative)
    return not path.is_absolute() and ".." not in path.parts and not relative.startswith("~")


def _toml_position(message: str) -> tuple[int, int, str]:
    match = re.search(r"\(at line (\d+), column (\d+)\)", message)
    if match is None:
        return 1, 1, message
    return int(match[1]), int(match[2]), message[: match.start()].strip()


def _key_position(text: str, key: str) -> tuple[int, int]:
    pattern = re.compile(rf"^(\s*)[\"']?{re.escape(key)}[\"']?\s*=")
    for number, line in enumerate(text.splitlines(), start=1):
        match = pattern.match(line)
        if match:
            return number, len(match[1]) + 1
    return 1, 1


@dataclass
class Workspace:
    """The folder a command works in (or none), the bundled rules, and the text of every file read."""

    root: Path | None
    config: Config = field(default_factory=Config)
    sources: SourceRegistry = field(default_factory=SourceRegistry)

    @classmethod
    def at(cls, folder: Path, sources: SourceRegistry | None = None) -> Workspace:
        """The workspace rooted at `folder`, which must hold gah.toml."""
        config_path = folder / CONFIG_NAME
        if not config_path.is_file():
            raise error_of(GahError, "errors.config.not_workspace", folder=str(folder), file=CONFIG_NAME)
        sources = sources if sources is not None else SourceRegistry()
        return cls(folder.resolve(), read_config(config_path, sources), sources)

    @classmethod
    def find(cls, start: Path | None = None, sources: SourceRegistry | None = None) -> Workspace:
        """The nearest workspace from `start` (default: the current folder) upwards, or none."""
        here = (start or Path.cwd()).resolve()
        for folder in (here, *here.parents):
            if (folder / CONFIG_NAME).is_file():
                return cls.at(folder, sources)
        return cls(None, sources=sources if sources is not None else SourceRegistry())

    @property
    def is_bundle(self) -> bool:
        """True when this workspace's rulesets are the bundled ones (developing gah itself)."""
        if self.root is None:
            return False
        return self.config.bundle or self.root.resolve() == bundle_root().resolve()

    @property
    def bundle(self) -> Path:
        """The folder of the bundled rules/ and schemas/."""
        return self.root if self.root is not None and self.config.bundle else bundle_root()

    def require_root(self) -> Path:
        """The workspace folder, for commands that write; NoWorkspace outside one."""
        if self.root is None:
            raise NoWorkspace()
        return self.root

    @property
    def rules_dir(self) -> Path:
        """The rules folder this workspace owns (the bundled one when outside any workspace)."""
        return (self.root or self.bundle) / "rules"

    @property
    def output_dir(self) -> Path:
        return self.require_root() / self.config.output

    @property
    def schemas_dir(self) -> Path:
        return self.require_root() / "schemas"

    def bundled_rules_paths(self) -> list[Path]:
        """The ruleset and variant files shipped with gah."""
        return _rules_paths(self.bundle / "rules")

    def own_rules_paths(self) -> list[Path]:
        """The ruleset and variant files of this workspace (none outside a workspace; the bundle's in a bundle)."""
        if self.root is None:
            return []
        return _rules_paths(self.root / "rules")

    def lab_model_paths(self) -> list[Path]:
        """The lab game models this workspace owns (rules/lab/*.yaml)."""
        if self.root is None:
            return []
        return sorted((self.root / "rules" / "lab").glob("*.yaml"))

    def default_model_path(self) -> Path:
        """The lab's game model: gah.toml's lab_model, or the bundled default."""
        if self.root is not None and self.config.lab_model:
            return self.root / self.config.lab_model
        return self.bundle / DEFAULT_LAB_MODEL

    def setting_position(self, key: str) -> Position:
        """Where gah.toml sets `key` (its first line when it does not, or outside a workspace)."""
        if self.root is None:
            return Position(CONFIG_NAME, 1, 1)
        path = self.root / CONFIG_NAME
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            text = ""
        return Position(self.display(path), *_key_position(text, key))

    def display(self, path: Path) -> str:
        """How a file is named in messages and generated headers.

        Relative to the workspace when inside it; `<bundled>/...` for the rules shipped with gah
        (the same text on every machine); otherwise as given.
        """
        resolved = real_path(path)
        for base, prefix in ((self.root or Path.cwd(), ""), (self.bundle, "<bundled>/")):
            try:
                return prefix + resolved.relative_to(real_path(base)).as_posix()
            except ValueError:
                continue
        return str(path)


def real_path(path: Path) -> Path:
    """`path` with its links followed as far as they go: a link that points at itself (a loop) stays as it is,
    and the loader then reports it as a file it cannot read, instead of pathlib raising RuntimeError."""
    return Path(os.path.realpath(path))


def _rules_paths(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.yaml")) + sorted((folder / "variants").glob("*.yaml"))

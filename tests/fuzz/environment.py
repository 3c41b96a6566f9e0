"""The fuzzer's environment cases: a workspace's own language files (derived, patched, broken, chained) and a file
system that links, lacks, refuses or fills (links, folders and pipes where files belong, missing files, reads and
writes the machine refuses). The promise for each command is the one of every `gah` run: exit 0, 1 or 2 with a
message, never a traceback; nothing written but what the command writes, and a refused write changes nothing.
"""

from __future__ import annotations

import builtins
import contextlib
import copy
import errno
import os
import re
import shutil
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any
from unittest import mock

import yaml
from hypothesis import strategies as st

from .contract import ROOT, Run, changed, dump, quick_pdfs, run_gah
from .mutations import ODD_TEXT, Draw, paths

HEADER = re.compile(r"^[^\s:][^:]*:\d+:\d+: .+$")
PLAIN = re.compile(r"^gah( [a-z-]+)?: .+$")
SHIPPED_LANGUAGES = ("en", "de")
LANGUAGE_IDS = ("en", "de", "fr", "xx")


@dataclass
class Table:
    """A throw-away workspace (gah init's files), made afresh for each case."""

    root: Path

    def reset(self) -> None:
        if self.root.exists():
            for path in sorted(self.root.rglob("*"), reverse=True):  # links and pipes too, never followed
                if path.is_symlink() or not path.is_dir():
                    path.unlink()
                else:
                    path.rmdir()
            self.root.rmdir()
        with contextlib.redirect_stdout(None):
            init = run_gah("init", str(self.root))
        assert init.code == 0, init.err
        (self.root / "out").mkdir()


def message_violations(stage: str, run: Run, allowed: tuple[int, ...]) -> list[str]:
    """Exit in `allowed`, no crash or traceback; an exit 1 or 2 says why in lines a user can read."""
    if run.crash:
        return [f"{stage}: crash {run.crash}"]
    found = []
    if run.code not in allowed:
        found.append(f"{stage}: exit {run.code} (allowed {allowed}): {run.err.strip()[:200]}")
    if "Traceback" in run.err or "Traceback" in run.out:
        found.append(f"{stage}: traceback printed")
    if run.code in (1, 2):
        lines = [line for line in run.err.splitlines() if line and not line.startswith(" ")]
        if not lines:
            found.append(f"{stage}: exit {run.code} without a message")
        said = [line for line in lines if HEADER.match(line) or PLAIN.match(line)]
        if run.code == 1 and not said:
            found.append(f"{stage}: exit 1 without a positioned problem or a 'gah COMMAND: ...' line: {lines[:2]}")
    return found


# --- language files ----------------------------------------------------------------------------


@cache
def _shipped(language: str) -> Any:
    return yaml.safe_load((ROOT / "rules" / "languages" / f"{language}.yaml").read_text(encoding="utf-8"))


PHRASE_DAMAGE = (
    "{",
    "}",
    "{unknown}",
    "{count:d}",
    "{player!r}",
    "{}",
    "{0}",
    "[[bogus]]",
    "[[room]]",
    "{{",
    "%s",
)


@dataclass(frozen=True)
class LanguageCase:
    files: dict[str, str]  # path in the workspace -> text
    language: str  # the id the commands are asked to speak
    in_config: bool  # gah.toml names it (else --lang)
    steps: tuple[str, ...]

    def __str__(self) -> str:
        return f"{sorted(self.files)} lang={self.language} ({'; '.join(self.steps)})"


def _damage_phrase(draw: Draw, document: Any, steps: list[str]) -> None:
    """One phrase of `document` changed as a careless translator or an attacker would."""
    leaves = [(p, v) for p, v in paths(document) if p and p[0] not in ("language", "extends") and isinstance(v, str)]
    if not leaves:
        return
    path, value = draw(st.sampled_from(leaves))
    parent = document
    for key in path[:-1]:
        parent = parent[key]
    how = draw(st.integers(0, 5))
    if how == 0:
        del parent[path[-1]]
        steps.append(f"{'.'.join(map(str, path))} removed")
    elif how == 1:
        parent[path[-1]] = draw(st.sampled_from((5, None, [], {}, {"one": "x"}, {"other": 3}, True)))
        steps.append(f"{'.'.join(map(str, path))} = {parent[path[-1]]!r}")
    elif how == 2:
        parent[path[-1]] = draw(st.sampled_from(ODD_TEXT))[:300]
        steps.append(f"{'.'.join(map(str, path))} = odd text")
    else:
        at = draw(st.integers(0, len(value)))
        insert = draw(st.sampled_from(PHRASE_DAMAGE))
        parent[path[-1]] = value[:at] + insert + value[at:]
        steps.append(f"{'.'.join(map(str, path))}: {insert!r} inserted")


@st.composite
def language_cases(draw: Draw) -> LanguageCase:
    """A workspace's language file: derived (extends, a few phrases), patched (a whole copy, edited), broken (its
    text damaged) or chained (files extending each other, loops and unknown parents included)."""
    form = draw(st.sampled_from(("derived", "patched", "broken", "chained")))
    language = draw(st.sampled_from(LANGUAGE_IDS))
    parent = draw(st.sampled_from(SHIPPED_LANGUAGES))
    steps = [f"{form} {language} from {parent}"]
    files: dict[str, str] = {}
    if form == "derived":
        document: Any = {"language": language, "name": "Fuzz", "extends": parent}
        shipped = copy.deepcopy(_shipped(parent))
        section = draw(st.sampled_from(sorted(k for k in shipped if isinstance(shipped[k], dict))))
        document[section] = shipped[section]
        for _ in range(draw(st.integers(1, 3))):
            _damage_phrase(draw, document, steps)
    elif form == "chained":
        middle = draw(st.sampled_from(("mid", language, parent, "zz")))
        document = {"language": language, "name": "Fuzz", "extends": middle}
        if middle not in SHIPPED_LANGUAGES and middle != language:
            top = draw(st.sampled_from((parent, language, middle, "nope")))
            files[f"rules/languages/{middle}.yaml"] = dump({"language": middle, "name": "Mid", "extends": top})
            steps.append(f"{language} extends {middle} extends {top}")
        else:
            steps.append(f"{language} extends {middle}")
        _damage_phrase(draw, document, steps)
    else:
        document = copy.deepcopy(_shipped(parent))
        document["language"] = language
        if draw(st.booleans()):
            document["extends"] = parent
        for _ in range(draw(st.integers(0 if form == "broken" else 1, 3))):
            _damage_phrase(draw, document, steps)
    text = dump(document)
    if form == "broken":
        at = draw(st.integers(0, len(text)))
        cut = draw(st.booleans())
        text = (
            text[:at] if cut else text[:at] + draw(st.sampled_from(("\t", "{", "&a ", "*a", "\x00", ": :"))) + text[at:]
        )
        steps.append(f"text {'cut' if cut else 'damaged'} at {at}")
    name = draw(st.sampled_from((language, language, "wrong-name")))
    files[f"rules/languages/{name}.yaml"] = text
    return LanguageCase(files, language, draw(st.booleans()), tuple(steps))


def language_case_violations(table: Table, case: LanguageCase) -> list[str]:
    """Every command that speaks, in the case's language: a message or a result, never a traceback."""
    table.reset()
    for name, text in case.files.items():
        path = table.root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8", errors="surrogateescape")
    lang: tuple[str, ...] = ()
    if case.in_config:
        config = table.root / "gah.toml"
        config.write_text(config.read_text(encoding="utf-8") + f'\nlanguage = "{case.language}"\n', encoding="utf-8")
    else:
        lang = ("--lang", case.language)
    root = ("--root", str(table.root))
    found = message_violations("check", run_gah(*root, "check"), (0, 1))
    commands = [
        ("score", "examples/round7.yaml", *lang),
        ("sheet", "base", "--format", "html", "-o", str(table.root / "out" / "s.html"), *lang),
        ("sheet", "base", "--format", "md", "-o", str(table.root / "out" / "s.md"), *lang),
        ("diff", "base", "no-penalties", *lang),
        ("setup", "base", "--players", "Ann,Bo", "--seed", "3", *lang),
    ]
    with contextlib.chdir(table.root):
        for command in commands:
            found += message_violations(command[0], run_gah(*root, *command), (0, 1))
        with quick_pdfs():
            found += message_violations("build", run_gah(*root, "build", *lang), (0, 1))
    return found


# --- the file system ---------------------------------------------------------------------------------


def _loop(root: Path) -> str:
    (root / "rules" / "loop.yaml").symlink_to("loop.yaml")
    return "a rules file linked to itself"


def _dangling(root: Path) -> str:
    (root / "rules" / "gone.yaml").symlink_to("nowhere.yaml")
    return "a rules file linked to nothing"


def _folder_as_file(root: Path) -> str:
    (root / "rules" / "folder.yaml").mkdir()
    return "a folder named like a rules file"


def _pipe(root: Path) -> str:
    os.mkfifo(root / "rules" / "pipe.yaml")
    return "a named pipe among the rules"


def _pipe_state(root: Path) -> str:
    (root / "examples" / "round7.yaml").unlink(missing_ok=True)
    os.mkfifo(root / "examples" / "round7.yaml")
    return "the state file is a named pipe"


def _no_state(root: Path) -> str:
    (root / "examples" / "round7.yaml").unlink(missing_ok=True)
    return "the state file is missing"


def _output_is_file(root: Path) -> str:
    (root / "generated").write_text("not a folder", encoding="utf-8")
    return "generated is a file"


def _no_schemas(root: Path) -> str:
    shutil.rmtree(root / "schemas")
    return "schemas/ removed"


def _languages_is_file(root: Path) -> str:
    (root / "rules" / "languages").write_text("not a folder", encoding="utf-8")
    return "rules/languages is a file"


def _link_outside(root: Path) -> str:
    (root / "rules" / "outside.yaml").symlink_to(ROOT / "README.md")
    return "a rules file linked to a Markdown file outside"


def _lab_is_file(root: Path) -> str:
    (root / "rules" / "lab").write_text("not a folder", encoding="utf-8")
    return "rules/lab is a file"


LAYOUTS: tuple[Callable[[Path], str], ...] = (
    _loop,
    _dangling,
    _folder_as_file,
    _pipe,
    _pipe_state,
    _no_state,
    _output_is_file,
    _no_schemas,
    _languages_is_file,
    _link_outside,
    _lab_is_file,
)
FAULTS = ("none", "read", "write", "full", "rename", "mkdir")
REASONS = (errno.EACCES, errno.EIO, errno.EROFS, errno.ENOSPC, errno.EPERM)


@dataclass(frozen=True)
class FileSystemCase:
    layouts: tuple[int, ...]  # indices into LAYOUTS
    fault: str  # what the machine refuses while the commands run
    reason: int
    after: int  # how many such calls succeed first
    lasting: bool  # every later call is refused too (else only that one)

    def __str__(self) -> str:
        names = [LAYOUTS[i].__name__.strip("_") for i in self.layouts]
        kind = "lasting" if self.lasting else "once"
        return f"{names} fault={self.fault} {errno.errorcode[self.reason]} after {self.after} ({kind})"


def file_system_cases() -> st.SearchStrategy[FileSystemCase]:
    return st.builds(
        FileSystemCase,
        st.lists(st.integers(0, len(LAYOUTS) - 1), max_size=3, unique=True).map(tuple),
        st.sampled_from(FAULTS),
        st.sampled_from(REASONS),
        st.integers(0, 4),
        st.booleans(),
    )


@contextlib.contextmanager
def refused(case: FileSystemCase, root: Path) -> Iterator[None]:
    """The machine refuses the case's kind of call inside the workspace, after `case.after` of them succeed."""
    calls = [0]

    def refuse(path: object) -> None:
        if str(root) in str(path):
            calls[0] += 1
            # A lasting fault refuses every call from then on; a passing one (a disk error) only that one, so
            # what gah undoes afterwards can succeed, and must.
            if calls[0] == case.after + 1 or (case.lasting and calls[0] > case.after):
                raise OSError(case.reason, os.strerror(case.reason), str(path))

    real_open, real_fsync, real_replace = builtins.open, os.fsync, os.replace
    real_mkstemp, real_mkdir = tempfile.mkstemp, Path.mkdir

    def reading(file: Any, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
        if "r" in mode and "+" not in mode:
            refuse(file)
        return real_open(file, mode, *args, **kwargs)

    def syncing(fd: int) -> None:
        refuse(root)  # a full disk shows when the data reaches it
        real_fsync(fd)

    def renaming(source: Any, target: Any) -> None:
        refuse(target)
        real_replace(source, target)

    def staging(*args: Any, **kwargs: Any) -> Any:
        refuse(kwargs.get("dir", root))
        return real_mkstemp(*args, **kwargs)

    def making(self: Path, *args: Any, **kwargs: Any) -> None:
        refuse(self)
        real_mkdir(self, *args, **kwargs)

    patches = {
        "none": [],
        "read": [mock.patch("builtins.open", reading)],
        "write": [mock.patch("tempfile.mkstemp", staging)],
        "full": [mock.patch("os.fsync", syncing)],
        "rename": [mock.patch("os.replace", renaming)],
        "mkdir": [mock.patch.object(Path, "mkdir", making)],
    }[case.fault]
    with contextlib.ExitStack() as stack:
        for patch in patches:
            stack.enter_context(patch)
        yield


def file_system_case_violations(table: Table, case: FileSystemCase) -> list[str]:
    """Every command that reads or writes the workspace, on a hostile file system."""
    table.reset()
    made = [LAYOUTS[index](table.root) for index in case.layouts]
    root = ("--root", str(table.root))
    commands = [
        ("check",),
        ("score", "examples/round7.yaml"),
        ("sheet", "base", "--format", "md", "-o", str(table.root / "out" / "s.md")),
        ("new-variant", "fuzzed"),
        ("lab-model",),
        ("init", "--update"),
        ("build",),
    ]
    found: list[str] = []
    with contextlib.chdir(table.root), quick_pdfs():
        for command in commands:
            before = snapshot_safe(table.root)
            with refused(case, table.root):
                run = run_gah(*root, *command)
            found += message_violations(command[0], run, (0, 1, 2))
            after = snapshot_safe(table.root)
            stray = [p for p in changed(before, after) if p.endswith(".tmp")]
            if stray:
                found.append(f"{command[0]}: temporary files left: {stray[:3]}")
            if run.code != 0 and command[0] == "build":
                touched = [p for p in changed(before, after) if p.startswith("generated/")]
                if touched and not (case.fault == "rename" and case.lasting and "already replaced" in run.err):
                    # (a rename refused for good may leave files replaced: then the message must say so)
                    found.append(f"build failed but changed {touched[:3]}")
    return [f"{'; '.join(made) or 'plain workspace'}: {promise}" for promise in found]


def snapshot_safe(folder: Path) -> dict[str, tuple[int, int]]:
    """Size and time of the plain files under `folder` (links, pipes and loops are the case, not a command's work)."""
    found: dict[str, tuple[int, int]] = {}
    for path in folder.rglob("*"):
        if path.is_symlink() or not path.is_file():
            continue
        status = path.stat()
        found[path.relative_to(folder).as_posix()] = (status.st_size, status.st_mtime_ns)
    return found


__all__ = [
    "FileSystemCase",
    "LanguageCase",
    "Table",
    "file_system_case_violations",
    "file_system_cases",
    "language_case_violations",
    "language_cases",
]

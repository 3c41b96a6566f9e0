"""Problems in the forms tools read (`gah check --format`): JSON; GitHub Actions' workflow commands, which
mark each problem at its line in a pull request; and SARIF 2.1.0, the static-analysis format code-scanning
services and editors read. The text form (errors.format_problems) is for people.

A run that stopped before it could check (a file on the command line that is missing, a workspace that cannot be
read) says so in every form, so that no tool reads it as a clean result: JSON has the failure as a problem at
its file, or a top-level "error" where no file is concerned; GitHub an `::error` annotation; SARIF an invocation
whose executionSuccessful is false, with the message as a tool execution notification."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import PurePosixPath
from urllib.parse import quote

from .errors import Position, Problem, acts_on_a_terminal, printable

FORMATS = ("text", "json", "github", "sarif")

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"


@dataclass(frozen=True)
class Failure:
    """Why a run stopped before it could check everything: its message as the text form prints it, and the file
    it is about, where there is one (a file named on the command line)."""

    message: str
    file: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "message", printable(self.message))  # it may quote a path as the user typed it

    def problem(self) -> Problem | None:
        """The failure as a problem at its file (line 1, column 1, as the loader places a whole file's problems)."""
        return None if self.file is None else Problem(Position(self.file, 1, 1), self.message)


Notes = Sequence[Problem]  # what is no problem but a user should know: a ruleset not checked, at its `extends`


def _ordered(problems: list[Problem], failure: Failure | None = None, notes: Notes = ()) -> list[tuple[Problem, str]]:
    """The problems (a failure at a file among them) and the notes, each with its severity (error or note),
    sorted by position; repeats dropped."""
    at_file = failure.problem() if failure is not None else None
    errors = set(problems) | ({at_file} if at_file else set())
    found = {(p, "error") for p in errors} | {(n, "note") for n in notes}
    return sorted(found, key=lambda entry: (entry[0].sort_key(), entry[1]))


def as_json(problems: list[Problem], failure: Failure | None = None, notes: Notes = ()) -> str:
    """{"problems": [{file, line, column, severity, message}], "count": n}, sorted by position; severity is
    "error", or "note" for a note; a failure is a problem at its file, or where it concerns none, the top-level
    "error": its message."""
    rows = [
        {
            "file": p.position.file,
            "line": p.position.line,
            "column": p.position.column,
            "severity": severity,
            "message": p.message,
        }
        for p, severity in _ordered(problems, failure, notes)
    ]
    found: dict[str, object] = {"problems": rows, "count": len(rows)}
    if failure is not None and failure.file is None:
        found["error"] = failure.message
    return _json(found)


def _json(document: object) -> str:
    """`document` as indented JSON, every character that could act on a terminal written as a \\u escape: JSON
    escapes the C0 controls itself; DEL, the C1 controls and the bidirectional ones it would leave raw (the
    value a tool reads back is the same)."""
    text = json.dumps(document, ensure_ascii=False, indent=2)
    return "".join(f"\\u{ord(c):04x}" if ord(c) >= 0x7F and acts_on_a_terminal(c) else c for c in text)


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    """A property of a workflow command (a file name): printable, then escaped as GitHub reads properties."""
    return _escape_data(printable(text)).replace(":", "%3A").replace(",", "%2C")


def as_github(problems: list[Problem], failure: Failure | None = None, notes: Notes = ()) -> str:
    """One `::error file=…,line=…,col=…::message` line a problem (GitHub's escaping; `::notice` for a note),
    sorted by position; a failure that concerns no file is an `::error::message` line first."""
    lines = [f"::error::{_escape_data(failure.message)}"] if failure is not None and failure.file is None else []
    lines += [
        f"::{'notice' if severity == 'note' else 'error'} file={_escape_property(p.position.file)},"
        f"line={p.position.line},col={p.position.column}::{_escape_data(p.message)}"
        for p, severity in _ordered(problems, failure, notes)
    ]
    return "\n".join(lines)


def _uri(file: str) -> str:
    """A SARIF artifact URI (RFC 3986): the path as shown, with forward slashes, every byte of its UTF-8 but the
    unreserved characters and '/' percent-encoded; an absolute path as a file: URI."""
    path = file.replace("\\", "/")
    encoded = quote(path, safe="/")
    return "file://" + encoded if PurePosixPath(path).is_absolute() else encoded


def _location(file: str, line: int, column: int) -> dict[str, object]:
    return {
        "physicalLocation": {
            "artifactLocation": {"uri": _uri(file)},
            "region": {"startLine": max(line, 1), "startColumn": max(column, 1)},
        }
    }


def _invocation(failure: Failure | None) -> dict[str, object]:
    """Whether the run did its work; a failure's message as a notification (at its file, where it has one)."""
    if failure is None:
        return {"executionSuccessful": True}
    notification: dict[str, object] = {"level": "error", "message": {"text": failure.message}}
    if failure.file is not None:
        notification["locations"] = [_location(failure.file, 1, 1)]
    return {"executionSuccessful": False, "toolExecutionNotifications": [notification]}


def as_sarif(problems: list[Problem], version: str, failure: Failure | None = None, notes: Notes = ()) -> str:
    """One SARIF 2.1.0 run of the tool `gah` (version `version`): a result a problem, at its file, line and
    column (1-based, as gah counts), level error (a note: level note, rule not-checked). Paths are as gah shows
    them (relative to the workspace). Its invocation says whether the run did its work (a failure:
    executionSuccessful false, with the message)."""
    results = [
        {
            "ruleId": "not-checked" if severity == "note" else "rules-file",
            "level": severity,
            "message": {"text": p.message},
            "locations": [_location(p.position.file, p.position.line, p.position.column)],
        }
        for p, severity in _ordered(problems, notes=notes)
    ]
    driver = {
        "name": "gah",
        "version": version,
        "rules": [{"id": "rules-file"}, {"id": "not-checked"}],
    }
    run = {"tool": {"driver": driver}, "invocations": [_invocation(failure)], "results": results}
    log = {"$schema": SARIF_SCHEMA, "version": "2.1.0", "runs": [run]}
    return _json(log)

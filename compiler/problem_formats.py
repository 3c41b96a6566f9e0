"""Problems in the forms tools read (`gah check --format`): JSON; GitHub Actions' workflow commands, which
mark each problem at its line in a pull request; and SARIF 2.1.0, the static-analysis format code-scanning
services and editors read. The text form (errors.format_problems) is for people.

A run that stopped before it could check (a file on the command line that is missing, a workspace that cannot be
read) says so in every form, so that no tool reads it as a clean result: JSON has the failure as a problem at
its file, or a top-level "error" where no file is concerned; GitHub an `::error` annotation; SARIF an invocation
whose executionSuccessful is false, with the message as a tool execution notification."""

from __future__ import annotations

import json
from dataclasses import dataclass

from .errors import Position, Problem

FORMATS = ("text", "json", "github", "sarif")

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"


@dataclass(frozen=True)
class Failure:
    """Why a run stopped before it could check everything: its message as the text form prints it, and the file
    it is about, where there is one (a file named on the command line)."""

    message: str
    file: str | None = None

    def problem(self) -> Problem | None:
        """The failure as a problem at its file (line 1, column 1, as the loader places a whole file's problems)."""
        return None if self.file is None else Problem(Position(self.file, 1, 1), self.message)


def _ordered(problems: list[Problem], failure: Failure | None = None) -> list[Problem]:
    at_file = failure.problem() if failure is not None else None
    return sorted(set(problems) | ({at_file} if at_file else set()), key=Problem.sort_key)


def as_json(problems: list[Problem], failure: Failure | None = None) -> str:
    """{"problems": [{file, line, column, severity, message}], "count": n}, sorted by position; a failure is a
    problem at its file, or where it concerns none, the top-level "error": its message."""
    rows = [
        {
            "file": p.position.file,
            "line": p.position.line,
            "column": p.position.column,
            "severity": "error",
            "message": p.message,
        }
        for p in _ordered(problems, failure)
    ]
    found: dict[str, object] = {"problems": rows, "count": len(rows)}
    if failure is not None and failure.file is None:
        found["error"] = failure.message
    return json.dumps(found, ensure_ascii=False, indent=2)


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def as_github(problems: list[Problem], failure: Failure | None = None) -> str:
    """One `::error file=…,line=…,col=…::message` line a problem (GitHub's escaping), sorted by position; a
    failure that concerns no file is an `::error::message` line first."""
    lines = [f"::error::{_escape_data(failure.message)}"] if failure is not None and failure.file is None else []
    lines += [
        f"::error file={_escape_property(p.position.file)},line={p.position.line},col={p.position.column}"
        f"::{_escape_data(p.message)}"
        for p in _ordered(problems, failure)
    ]
    return "\n".join(lines)


def _uri(file: str) -> str:
    """A SARIF artifact URI: the path as shown, with forward slashes and percent-escapes where a URI needs them."""
    from urllib.parse import quote

    return quote(file.replace("\\", "/"), safe="/<>")


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


def as_sarif(problems: list[Problem], version: str, failure: Failure | None = None) -> str:
    """One SARIF 2.1.0 run of the tool `gah` (version `version`): a result a problem, at its file, line and
    column (1-based, as gah counts), level error. Paths are as gah shows them (relative to the workspace). Its
    invocation says whether the run did its work (a failure: executionSuccessful false, with the message)."""
    results = [
        {
            "ruleId": "rules-file",
            "level": "error",
            "message": {"text": p.message},
            "locations": [_location(p.position.file, p.position.line, p.position.column)],
        }
        for p in _ordered(problems)
    ]
    driver = {
        "name": "gah",
        "version": version,
        "informationUri": "https://pypi.org/project/grand-austria-rules/",
        "rules": [{"id": "rules-file"}],
    }
    run = {"tool": {"driver": driver}, "invocations": [_invocation(failure)], "results": results}
    log = {"$schema": SARIF_SCHEMA, "version": "2.1.0", "runs": [run]}
    return json.dumps(log, ensure_ascii=False, indent=2)

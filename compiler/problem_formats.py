"""Problems in the forms tools read (`gah check --format`): JSON, and GitHub Actions' workflow commands, which
mark each problem at its line in a pull request. The text form (errors.format_problems) is for people."""

from __future__ import annotations

import json

from .errors import Problem

FORMATS = ("text", "json", "github")


def _ordered(problems: list[Problem]) -> list[Problem]:
    return sorted(set(problems), key=Problem.sort_key)


def as_json(problems: list[Problem]) -> str:
    """{"problems": [{file, line, column, severity, message}], "count": n}, sorted by position."""
    rows = [
        {
            "file": p.position.file,
            "line": p.position.line,
            "column": p.position.column,
            "severity": "error",
            "message": p.message,
        }
        for p in _ordered(problems)
    ]
    return json.dumps({"problems": rows, "count": len(rows)}, ensure_ascii=False, indent=2)


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def as_github(problems: list[Problem]) -> str:
    """One `::error file=…,line=…,col=…::message` line a problem (GitHub's escaping), sorted by position."""
    return "\n".join(
        f"::error file={_escape_property(p.position.file)},line={p.position.line},col={p.position.column}"
        f"::{_escape_data(p.message)}"
        for p in _ordered(problems)
    )

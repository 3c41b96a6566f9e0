"""Problems in the forms tools read (`gah check --format`): JSON; GitHub Actions' workflow commands, which
mark each problem at its line in a pull request; and SARIF 2.1.0, the static-analysis format code-scanning
services and editors read. The text form (errors.format_problems) is for people."""

from __future__ import annotations

import json

from .errors import Problem

FORMATS = ("text", "json", "github", "sarif")

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"


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


def _uri(file: str) -> str:
    """A SARIF artifact URI: the path as shown, with forward slashes and percent-escapes where a URI needs them."""
    from urllib.parse import quote

    return quote(file.replace("\\", "/"), safe="/<>")


def as_sarif(problems: list[Problem], version: str) -> str:
    """One SARIF 2.1.0 run of the tool `gah` (version `version`): a result a problem, at its file, line and
    column (1-based, as gah counts), level error. Paths are as gah shows them (relative to the workspace)."""
    results = [
        {
            "ruleId": "rules-file",
            "level": "error",
            "message": {"text": p.message},
            "locations": [
                {
                    "physicalLocation": {
                        "artifactLocation": {"uri": _uri(p.position.file)},
                        "region": {"startLine": max(p.position.line, 1), "startColumn": max(p.position.column, 1)},
                    }
                }
            ],
        }
        for p in _ordered(problems)
    ]
    driver = {
        "name": "gah",
        "version": version,
        "rules": [{"id": "rules-file"}],
    }
    log = {"$schema": SARIF_SCHEMA, "version": "2.1.0", "runs": [{"tool": {"driver": driver}, "results": results}]}
    return json.dumps(log, ensure_ascii=False, indent=2)

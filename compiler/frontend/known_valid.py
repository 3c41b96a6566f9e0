"""Documents already found valid against a schema, remembered by digest (in the process and in the user cache
folder), so that the files that do not change between runs (the bundled rulesets, the shipped languages) are
validated once, not by every command: JSON Schema validation is most of `gah check`'s time.

Only "valid" is remembered, never a problem: a document's problems are always found afresh. The digest covers
the document, the schema's file and the validating code, so a change to any of them validates again.
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from pathlib import Path

from ..user_cache import cache_root

# The schemas of the files read by every command, which rarely change (states and lab models are small, many
# and often new: remembering them would only fill the folder).
REMEMBERED = ("ruleset", "language")

_VALID: set[str] = set()  # in this process


@cache
def _schema_digest(schema_path: Path) -> str:
    code = Path(__file__).with_name("validate.py").read_bytes()
    return hashlib.sha256(schema_path.read_bytes() + b"\0" + code).hexdigest()


def digest(schema_path: Path, document: object) -> str:
    """The key of a document's validity against the schema at `schema_path`."""
    text = json.dumps(document, sort_keys=True, ensure_ascii=False, default=repr, separators=(",", ":"))
    return hashlib.sha256(f"{_schema_digest(schema_path)}\0{text}".encode()).hexdigest()


def _folder() -> Path:
    return cache_root() / "valid"


def is_known_valid(key: str) -> bool:
    if key in _VALID:
        return True
    try:
        found = (_folder() / key).is_file()
    except OSError:
        return False
    if found:
        _VALID.add(key)
    return found


def remember_valid(key: str) -> None:
    """Remember a valid document; a cache folder that cannot be written is passed over (it only costs time)."""
    _VALID.add(key)
    try:
        _folder().mkdir(parents=True, exist_ok=True)
        (_folder() / key).touch()
    except OSError:
        pass

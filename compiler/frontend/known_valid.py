"""Documents already found valid against a schema, remembered by digest (in the process and in the user cache
folder), so that the files that do not change between runs (the bundled rulesets, the shipped languages) are
validated once, not by every command: JSON Schema validation is most of `gah check`'s time.

Only "valid" is remembered, never a problem: a document's problems are always found afresh. The digest covers
the document, the schema's file and the validating code (validate.py, this module, jsonschema's own), so a
change to any of them validates again.

A cache may only save time, never change an answer: the digest is no secret (anyone can compute it), so a file
named by it proves nothing. Each entry holds a keyed MAC of its digest (HMAC-SHA256), with this user's key: made
once in the folder with mode 0600, and used only while it is a plain file of this user's that no one else can
read or write. An entry that is empty, corrupt, made with another key or written by hand does not match: the
document is validated again. A folder that cannot be written is said once, in a line that names it.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import os
import secrets
import stat
from functools import cache
from pathlib import Path

import jsonschema

from ..said import notice, said
from ..user_cache import Unwritable, cache_root, write_new

# The schemas of the files read by every command, which rarely change (states and lab models are small, many
# and often new: remembering them would only fill the folder).
REMEMBERED = ("ruleset", "language")
KEY_NAME = "key"  # in the folder, beside the entries (which are named by 64 hex digits)
KEY_BYTES = 32
_ENTRY_BYTES = 64  # the MAC, in hex

_VALID: set[str] = set()  # in this process
_UNKEPT: set[Path] = set()  # folders that could not be written (said once): nothing more is written there


@cache
def _code_digest() -> bytes:
    """The validating code: validate.py, this module and jsonschema's modules (names and contents)."""
    digest = hashlib.sha256()
    here = Path(__file__).parent
    sources = [here / "validate.py", Path(__file__), *sorted(Path(jsonschema.__file__).parent.glob("*.py"))]
    for path in sources:
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.digest()


@cache
def _schema_digest(schema_path: Path) -> str:
    return hashlib.sha256(schema_path.read_bytes() + b"\0" + _code_digest()).hexdigest()


def digest(schema_path: Path, document: object) -> str | None:
    """The key of a document's validity against the schema at `schema_path` (None for a document that is not
    plain JSON data, which is not remembered)."""
    try:
        text = json.dumps(document, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    except (TypeError, ValueError):
        return None
    return hashlib.sha256(f"{_schema_digest(schema_path)}\0{text}".encode()).hexdigest()


def _folder() -> Path:
    return cache_root() / "valid"


def _mac(key: bytes, digest: str) -> bytes:
    return hmac.new(key, digest.encode("ascii"), hashlib.sha256).hexdigest().encode("ascii")


def _read_small(path: Path, limit: int, private: bool = False) -> bytes | None:
    """Up to `limit` + 1 bytes of a plain file (never through a link, never waiting on a pipe); None if there is
    none, or (`private`) it is not this user's alone (another user owns it, or may read or write it)."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except OSError:
        return None
    try:
        found = os.fstat(fd)
        if not stat.S_ISREG(found.st_mode):
            return None
        if private and hasattr(os, "getuid") and (found.st_uid != os.getuid() or found.st_mode & 0o077):
            return None
        return os.read(fd, limit + 1)
    except OSError:
        return None
    finally:
        os.close(fd)


def _key(make: bool) -> bytes | None:
    """This user's key for the folder's entries (`make`: made if there is none yet); None where there is none,
    or it is not a private file of this user's of the right length (then nothing is remembered on disk)."""
    path = _folder() / KEY_NAME
    key = _read_small(path, KEY_BYTES, private=True)
    if key is None and make and not os.path.lexists(path):
        _make_key(path)
        key = _read_small(path, KEY_BYTES, private=True)
    return key if key is not None and len(key) == KEY_BYTES else None


def _make_key(path: Path) -> None:
    """Write a new random key (mode 0600) whole, then give it its name, unless another process was first."""
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        temporary = write_new(path.parent, secrets.token_bytes(KEY_BYTES), ".key-")
    except OSError as error:
        _unkept(error)
        return
    try:
        with contextlib.suppress(FileExistsError):
            os.link(temporary, path)
    except OSError as error:
        _unkept(error)
    finally:
        with contextlib.suppress(OSError):
            os.unlink(temporary)


def is_known_valid(digest: str) -> bool:
    """Whether the document of this digest was found valid, in this process or (its entry made with this user's
    key) in the folder."""
    if digest in _VALID:
        return True
    key = _key(make=False)
    entry = _read_small(_folder() / digest, _ENTRY_BYTES) if key is not None else None
    found = entry is not None and hmac.compare_digest(entry, _mac(key or b"", digest))
    if found:
        _VALID.add(digest)
    return found


def remember_valid(digest: str) -> None:
    """Remember a valid document; a cache folder that cannot be written is said once and passed over (it only
    costs time)."""
    _VALID.add(digest)
    if _folder() in _UNKEPT:
        return
    key = _key(make=True)
    if key is None:
        return
    try:
        temporary = write_new(_folder(), _mac(key, digest), ".entry-")
    except OSError as error:
        _unkept(error)
        return
    try:
        os.replace(temporary, _folder() / digest)
    except OSError as error:
        _unkept(error)
        with contextlib.suppress(OSError):
            os.unlink(temporary)


def _unkept(error: OSError) -> None:
    """The folder cannot be written (a full disk, a read-only one): said once; nothing more is written."""
    _UNKEPT.add(_folder())
    notice(Unwritable(_folder(), error).said(said("cli.cache.valid_unkept")))

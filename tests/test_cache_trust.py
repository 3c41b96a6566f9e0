"""The known-valid cache only saves time, never changes an answer (issue 43): the names of its entries are
digests anyone can compute, so an entry counts only if it holds the MAC of its digest under this user's private
key (compiler/frontend/known_valid.py). The cache is poisoned every way the probe did, and `gah check` and
`gah score` still refuse a schema-invalid variant at its lines (no -11 points, no TypeError)."""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from collections.abc import Callable
from pathlib import Path

import pytest
from gah.frontend import known_valid
from helpers_rules import copy_project, run_gah, run_gah_process

# The schema problems the probe got past a poisoned cache: a points-per-step of 1,000,000 (the schema allows 100),
# a gain of -40, a penalty with `effects` beside the inherited `prefer` and `otherwise`, and the amounts that then
# crashed gah check (text) and gah score (a decimal number).
POISONED = """\
extends: base
name: poisoned
title: Poisoned
description: Schema-invalid five ways.
emperor_track:
  points_per_step_beyond: 1000000
tiles:
  a-krones:
    bonus:
      - {kind: gain_krones, amount: -40}
    penalty:
      effects:
        - {kind: lose_points, amount: 5}
  b-krones:
    bonus:
      - {kind: gain_krones, amount: "lots"}
  c-points:
    bonus:
      - {kind: gain_points, amount: 2.5}
"""
FILE = "rules/variants/poisoned.yaml"
REFUSALS = [
    f"{FILE}:6:27: emperor_track.points_per_step_beyond: 1000000 is greater than the maximum of 100",
    f"{FILE}:10:37: tiles.a-krones.bonus[0].amount: -40 is less than the minimum of 0",
    f"{FILE}:11:5: tiles.a-krones.penalty: use either 'effects', or 'prefer' with 'otherwise' (not both); found: "
    "effects, otherwise, prefer",
    f'{FILE}:16:37: tiles.b-krones.bonus[0].amount: expected a whole number, got text ("lots")',
    f"{FILE}:19:37: tiles.c-points.bonus[0].amount: expected a whole number, got a decimal number (2.5)",
]


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A workspace holding the poisoned variant, with a cache folder of its own (nothing remembered yet)."""
    folder = copy_project(tmp_path / "project")
    (folder / FILE).write_text(POISONED, encoding="utf-8")
    monkeypatch.setenv("GAH_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(known_valid, "_VALID", set())
    first = run_gah_process("check", cwd=folder)  # a process of its own: it remembers the files found valid
    assert first.code == 1 and "rulesets: base" not in first.err and "poisoned.yaml:6:27" in first.err
    return folder


def refusals(project: Path, *command: str) -> tuple[int, list[str]]:
    """The exit code of a fresh command (nothing remembered in the process) and the poisoned file's lines."""
    known_valid._VALID.clear()
    run = run_gah(*command, cwd=project)
    return run.code, [line for line in (run.out + run.err).splitlines() if line.startswith(FILE)]


def asked(project: Path, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The digests `gah check` looks up, as anyone can compute them (what the probe named its files by)."""
    seen: list[str] = []
    real = known_valid.is_known_valid

    def recording(digest: str) -> bool:
        seen.append(digest)
        return real(digest)

    monkeypatch.setattr(known_valid, "is_known_valid", recording)
    code, lines = refusals(project, "check", FILE)
    assert code == 1 and [line.partition(" (a variant")[0] for line in lines] == REFUSALS
    monkeypatch.setattr(known_valid, "is_known_valid", real)
    return seen


def mac(key: bytes, digest: str) -> bytes:
    return hmac.new(key, digest.encode(), hashlib.sha256).hexdigest().encode()


def planted_key(folder: Path, mode: int) -> bytes:
    """Another key put in place of this user's (mode `mode`): the key the entries are then made with."""
    key = secrets.token_bytes(known_valid.KEY_BYTES)
    path = folder / known_valid.KEY_NAME
    path.unlink(missing_ok=True)
    path.write_bytes(key)
    path.chmod(mode)
    return key


def empty(folder: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[[str], bytes]:
    return lambda digest: b""


def wrong_mac(folder: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[[str], bytes]:
    key = secrets.token_bytes(known_valid.KEY_BYTES)
    return lambda digest: mac(key, digest)


def readable_key(folder: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[[str], bytes]:
    """A key others may have read (mode 0644): anyone could have made its MACs."""
    key = planted_key(folder, 0o644)
    return lambda digest: mac(key, digest)


def foreign_key(folder: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[[str], bytes]:
    """A key of another user's (mode 0600): the uid gah compares with is another one (the suite runs as root)."""
    key = planted_key(folder, 0o600)
    uid = os.getuid() + 1 if hasattr(os, "getuid") else 1
    monkeypatch.setattr(os, "getuid", lambda: uid, raising=False)
    return lambda digest: mac(key, digest)


POISONS = [empty, wrong_mac, readable_key, foreign_key]


@pytest.mark.parametrize("poison", POISONS, ids=[p.__name__ for p in POISONS])
def test_a_poisoned_cache_never_passes_a_schema_invalid_variant(
    project: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, poison: Callable[..., Callable[[str], bytes]]
) -> None:
    folder = tmp_path / "cache" / "valid"
    remembered = [p.name for p in folder.iterdir() if p.name != known_valid.KEY_NAME]
    assert len(remembered) >= 4 and (folder / known_valid.KEY_NAME).is_file(), "the shipped files, this user's key"
    digests = asked(project, monkeypatch)
    assert set(digests) - set(remembered), "the poisoned variant's digest, which was never remembered"
    content = poison(folder, monkeypatch)
    for digest in {*digests, *remembered}:
        (folder / digest).write_bytes(content(digest))
    code, lines = refusals(project, "check", FILE)
    assert code == 1 and [line.partition(" (a variant")[0] for line in lines] == REFUSALS
    code, lines = refusals(project, "score", "examples/round7.yaml", "--rules", "poisoned")
    assert code == 1 and [line.partition(" (a variant")[0] for line in lines] == REFUSALS


def test_an_entry_made_with_this_users_key_is_trusted(project: Path, tmp_path: Path) -> None:
    """The other side: the cache still saves the validation of what it remembers (the shipped files)."""
    folder = tmp_path / "cache" / "valid"
    kept = sorted(p.name for p in folder.iterdir() if p.name != known_valid.KEY_NAME)
    assert kept and all(known_valid.is_known_valid(name) for name in kept)
    known_valid._VALID.clear()
    key = (folder / known_valid.KEY_NAME).read_bytes()
    assert [(folder / name).read_bytes() for name in kept] == [mac(key, name) for name in kept]
    if hasattr(os, "getuid"):
        assert (folder / known_valid.KEY_NAME).stat().st_mode & 0o777 == 0o600

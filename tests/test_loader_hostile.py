"""Hostile rules files: each is refused with a clear, positioned RulesError, fast, and nothing runs."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from gah.errors import RulesError, SourceRegistry
from gah.frontend.loader import MAX_DEPTH, MAX_FILE_BYTES, MAX_NODES, load_file
from helpers_rules import ROOT, run_gah, run_gah_process

TIME_LIMIT = 2.0  # seconds; the loader's target is well under 1 s, this is a generous guard

BILLION_LAUGHS = """\
a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]
b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]
c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]
d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]
e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]
f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]
g: &g [*f, *f, *f, *f, *f, *f, *f, *f, *f]
h: &h [*g, *g, *g, *g, *g, *g, *g, *g, *g]
i: &i [*h, *h, *h, *h, *h, *h, *h, *h, *h]
"""


def _garbage(seed: int, size: int, allow_nul: bool) -> bytes:
    rng = random.Random(seed)
    data = bytes(rng.randrange(256) for _ in range(size))
    return data if allow_nul else data.replace(b"\x00", b"\xff")


def _many_keys() -> bytes:
    # as many keys as fit in the size limit: far more values than MAX_NODES
    lines = []
    total = 0
    index = 0
    while total < MAX_FILE_BYTES - 100:
        line = f"key{index}: {index}\n"
        lines.append(line)
        total += len(line)
        index += 1
    return "".join(lines).encode()


# name -> (file bytes, expected "line:column", words the message must contain)
CASES: dict[str, tuple[Callable[[], bytes], str, str]] = {
    "billion-laughs": (lambda: BILLION_LAUGHS.encode(), "1:4", "YAML anchors (&a) are not allowed"),
    "alias-first": (lambda: b"a: *nowhere\n", "1:4", "YAML aliases (*nowhere) are not allowed"),
    "deep-flow-sequences": (lambda: b"[" * 10_000 + b"]" * 10_000, "1:", "nesting too deep"),
    "deep-flow-mappings": (lambda: b"{a: " * 10_000 + b"1" + b"}" * 10_000, "1:", "nesting too deep"),
    "deep-block-sequences": (lambda: b"- " * 10_000 + b"x\n", f"1:{2 * MAX_DEPTH + 1}", "nesting too deep"),
    "deep-block-mappings": (
        # indented block mappings, as deep as fits under the size limit (about 1,400 levels)
        lambda: "".join(" " * i + "k:\n" for i in range(1_400)).encode(),
        f"{MAX_DEPTH + 1}:{MAX_DEPTH + 1}",
        f"nesting too deep (the limit is {MAX_DEPTH} levels)",
    ),
    "binary-garbage": (lambda: _garbage(1, 4096, allow_nul=True), "", "binary file: NUL byte found"),
    "binary-garbage-without-nul": (lambda: _garbage(2, 4096, allow_nul=False), "", "invalid UTF-8"),
    "invalid-utf8": (lambda: b"name: ok\ntitle: caf\xc3\x28\n", "2:11", "invalid UTF-8 (byte 0xc3)"),
    "nul-byte": (lambda: b"name: a\x00b\n", "1:8", "binary file: NUL byte found"),
    "control-character": (lambda: b"name: a\x1bb\n", "1:8", "control character U+001B"),
    "duplicate-top-level-key": (lambda: b"name: a\ntitle: t\nname: b\n", "3:1", "duplicate key 'name' (first"),
    "duplicate-nested-key": (
        lambda: b"hotel:\n  layout: [BRB]\n  layout: [RRR]\n",
        "3:3",
        "duplicate key 'layout' (first defined at line 2)",
    ),
    "duplicate-key-int-and-text": (lambda: b"staff:\n  1: {}\n  '1': {}\n", "3:3", "duplicate key '1'"),
    "huge-number-of-keys": (_many_keys, "", f"too many values (the limit is {MAX_NODES})"),
    "huge-number": (lambda: b"rounds: " + b"7" * 5000 + b"\n", "1:9", "number too long"),
    "huge-sexagesimal-number": (lambda: b"rounds: 1" + b":59" * 20_000 + b"\n", "1:9", "number too long"),
    "python-object-tag": (
        lambda: b'!!python/object/apply:os.system ["touch /tmp/PWNED"]\n',
        "1:1",
        "YAML tags (!!python/object/apply:os.system) are not allowed",
    ),
    "non-scalar-key": (lambda: b"? [a, b]\n: c\n", "1:3", "mapping keys must be plain scalars"),
    "second-document": (lambda: b"name: a\n---\nname: b\n", "2:1", "only one YAML document"),
}


def _load(path: Path) -> tuple[RulesError, float]:
    start = time.perf_counter()
    with pytest.raises(RulesError) as caught:
        load_file(path, path.name, SourceRegistry())
    return caught.value, time.perf_counter() - start


@pytest.mark.parametrize("name", sorted(CASES))
def test_hostile_file_is_refused_fast_with_a_positioned_message(tmp_path: Path, name: str) -> None:
    make, where, words = CASES[name]
    path = tmp_path / f"{name}.yaml"
    path.write_bytes(make())
    error, elapsed = _load(path)
    assert elapsed < TIME_LIMIT, f"{name} took {elapsed:.2f} s"
    assert len(error.problems) == 1
    problem = error.problems[0]
    assert problem.position.file == path.name
    assert problem.position.line >= 1 and problem.position.column >= 1
    assert f"{problem.position.line}:{problem.position.column}".startswith(where), str(error)
    assert words in problem.message, str(error)


def test_python_tag_executes_nothing(tmp_path: Path) -> None:
    marker = tmp_path / "PWNED"
    shared = Path("/tmp/PWNED")
    shared_before = shared.exists()
    path = tmp_path / "pwn.yaml"
    path.write_text(f'!!python/object/apply:os.system ["touch /tmp/PWNED {marker}"]\n', encoding="utf-8")
    nested = tmp_path / "pwn-nested.yaml"
    nested.write_text(f'title: !!python/object/apply:os.system ["touch {marker}"]\n', encoding="utf-8")
    for each in (path, nested):
        _load(each)
        assert run_gah("check", str(each)).code == 1
    assert not marker.exists()
    assert shared.exists() == shared_before


def test_fifty_megabyte_file_is_refused_before_reading(tmp_path: Path) -> None:
    path = tmp_path / "huge.yaml"
    with open(path, "wb") as handle:
        handle.write(b"title: ")
        chunk = b"x" * 1_000_000
        for _ in range(50):
            handle.write(chunk)
        handle.write(b"\n")
    assert path.stat().st_size > 50_000_000
    error, elapsed = _load(path)
    assert elapsed < TIME_LIMIT
    assert str(error) == f"huge.yaml:1:1: file too large: {path.stat().st_size} bytes (the limit is {MAX_FILE_BYTES})"


def test_nesting_just_under_the_limit_loads(tmp_path: Path) -> None:
    # the limit refuses hostile depth, not ordinary files: MAX_DEPTH levels still load
    path = tmp_path / "deep-ok.yaml"
    path.write_bytes(b"[" * MAX_DEPTH + b"]" * MAX_DEPTH)
    node = load_file(path, "deep-ok.yaml", SourceRegistry())
    depth = 0
    while isinstance(node.value, list) and node.value:
        node = node.value[0]
        depth += 1
    assert depth == MAX_DEPTH - 1
    path.write_bytes(b"[" * (MAX_DEPTH + 1) + b"]" * (MAX_DEPTH + 1))
    error, _ = _load(path)
    assert f"nesting too deep (the limit is {MAX_DEPTH} levels)" in str(error)


def test_values_are_plain_data_only(tmp_path: Path) -> None:
    # timestamps and binary are kept as the text written; nothing but str/int/float/bool/None
    path = tmp_path / "plain.yaml"
    path.write_text("a: 2024-01-01\nb: !!binary aGVsbG8=\nc: 0x1F\nd: 1_000\ne: yes\nf: ~\n", encoding="utf-8")
    with pytest.raises(RulesError, match="YAML tags"):
        load_file(path, "plain.yaml", SourceRegistry())
    path.write_text("a: 2024-01-01\nc: 0x1F\nd: 1_000\ne: yes\nf: ~\ng: 1.5\nh: '7'\n", encoding="utf-8")
    plain = load_file(path, "plain.yaml", SourceRegistry()).plain()
    assert plain == {"a": "2024-01-01", "c": 31, "d": 1000, "e": True, "f": None, "g": 1.5, "h": "7"}


@pytest.mark.parametrize("name", sorted(CASES))
def test_hostile_file_through_gah_check_in_process(tmp_path: Path, name: str) -> None:
    make, _where, words = CASES[name]
    path = tmp_path / f"{name}.yaml"
    path.write_bytes(make())
    run = run_gah("check", str(path))
    assert run.code == 1
    assert words in run.err
    assert run.err.rstrip().endswith("1 problem found")
    assert run.out == ""


@pytest.mark.parametrize("name", ["python-object-tag", "deep-flow-sequences", "binary-garbage", "huge-number"])
def test_hostile_file_through_the_real_command_line(tmp_path: Path, name: str) -> None:
    make, _where, words = CASES[name]
    path = tmp_path / f"{name}.yaml"
    path.write_bytes(make())
    run = run_gah_process("check", str(path), cwd=ROOT)
    assert run.code == 1
    assert "Traceback" not in run.err
    assert words in run.err

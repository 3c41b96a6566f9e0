"""Documents found valid are remembered (compiler/frontend/known_valid.py), problems never are: a broken file
is reported on every run, and a change to the document validates again."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from gah.frontend import known_valid, validate
from gah.frontend.loader import load_yaml
from gah.frontend.validate import schema_problems


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("GAH_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(known_valid, "_VALID", set())
    return tmp_path / "cache" / "valid"


def _problems(text: str) -> list[str]:
    return [p.message for p in schema_problems(load_yaml(text, "l.yaml"), "language")]


def entries(folder: Path) -> list[Path]:
    """The documents remembered in the folder (beside them: this user's key)."""
    return sorted(p for p in folder.iterdir() if p.name != known_valid.KEY_NAME) if folder.exists() else []


def test_a_valid_document_is_remembered_and_a_broken_one_never(cache: Path) -> None:
    valid = "language: xx\nname: Xx\nextends: en\n"
    broken = "language: xx\nname: 5\nextends: en\n"
    first = _problems(valid)
    assert (first, len(entries(cache))) == ([], 1)
    assert _problems(broken) != []
    assert len(entries(cache)) == 1, "a problem is never remembered"
    assert _problems(broken) != [], "and is found again on the next run"
    known_valid._VALID.clear()
    assert _problems(valid) == [] and len(entries(cache)) == 1  # read from the folder, not validated again


def test_a_remembered_digest_stands_only_for_its_document(cache: Path) -> None:
    assert _problems("language: xx\nname: Xx\nextends: en\n") == []
    assert _problems("language: xx\nname: Xx\nextends: en\nwords: 5\n") != []


def test_a_cache_folder_that_cannot_be_written_costs_only_time(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("GAH_CACHE_DIR", str(blocker))
    monkeypatch.setattr(known_valid, "_VALID", set())
    assert _problems("language: xx\nname: Xx\nextends: en\n") == []
    assert _problems("language: xx\nname: 5\nextends: en\n") != []


def test_states_are_not_remembered(cache: Path) -> None:
    """A state is small and usually new: validating it costs little, remembering it would fill the folder."""
    state = "round: 3\ntiles: {A: a-krones}\nplayers:\n  - name: Ava\n"
    assert schema_problems(load_yaml(state, "s.yaml"), "state") == []
    assert not cache.exists()


@pytest.fixture
def schemas(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A copy of the schemas that gah validates with, which a test may change (the schemas read and the
    digests of their files forgotten before and after, as a new process starts)."""
    folder = tmp_path / "schemas"
    shutil.copytree(validate.SCHEMA_DIR, folder)
    monkeypatch.setattr(validate, "SCHEMA_DIR", folder)
    forget = (validate.load_schema.cache_clear, validate._validator.cache_clear, known_valid._schema_digest.cache_clear)
    for clear in forget:
        clear()
    yield folder
    for clear in forget:
        clear()


def test_a_changed_schema_file_validates_again(cache: Path, schemas: Path) -> None:
    """An entry stands for the schema file's content too: a schema that now refuses a remembered document (at
    the same path) finds its problem."""
    document = "language: xx\nname: Xx\nextends: en\n"
    assert _problems(document) == [] and len(entries(cache)) == 1
    path = schemas / "language.schema.json"
    schema = json.loads(path.read_text(encoding="utf-8"))
    schema["properties"]["name"]["minLength"] = 3
    path.write_text(json.dumps(schema), encoding="utf-8")
    validate.load_schema.cache_clear()
    validate._validator.cache_clear()
    known_valid._schema_digest.cache_clear()
    known_valid._VALID.clear()  # a new process
    assert _problems(document) == ["name: needs at least 3 characters; has 2"]

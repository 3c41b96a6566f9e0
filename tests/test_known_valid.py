"""Documents found valid are remembered (compiler/frontend/known_valid.py), problems never are: a broken file
is reported on every run, and a change to the document validates again."""

from __future__ import annotations

from pathlib import Path

import pytest
from gah.frontend import known_valid
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

"""A bounded run of our fuzzer (tests/fuzz/): mutated rules files and game states keep every
promise of `gah` and of the generated modules. The long run, before a release:
`python -m tests.fuzz --examples 20000`."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fuzz.cases import RulesCase, hostile_states, lab_models, rules_cases, state_documents
from fuzz.contract import (
    ROOT,
    Scratch,
    lab_model_violations,
    rules_case_violations,
    score_game_violations,
    snapshot,
    state_file_violations,
)
from fuzz.environment import (
    FileSystemCase,
    LanguageCase,
    Table,
    file_system_case_violations,
    file_system_cases,
    language_case_violations,
    language_cases,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st


# Small enough for CI (well under a minute together), large enough to meet every kind of
# mutation. Derandomized: the suite tries the same cases on every run, so CI cannot turn red
# by luck; exploring is the long run's job (it draws new cases every time).
def bounded(examples: int) -> settings:
    return settings(
        max_examples=examples,
        deadline=None,
        suppress_health_check=list(HealthCheck),
        database=None,
        derandomize=True,
    )


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Scratch:
    return Scratch(tmp_path_factory.mktemp("fuzz") / "project")


@pytest.fixture(scope="module")
def states_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("fuzz-states")


@pytest.fixture(scope="module", autouse=True)
def repository_untouched() -> Iterator[None]:
    """Nothing the fuzzed commands do may write into the project itself."""
    folders = [ROOT / name for name in ("rules", "generated", "schemas", "examples")]
    before = [snapshot(folder) for folder in folders]
    yield
    assert [snapshot(folder) for folder in folders] == before


@bounded(20)
@given(case=rules_cases())
def test_mutated_rules_files_keep_the_contract_at_every_stage(scratch: Scratch, case: RulesCase) -> None:
    assert rules_case_violations(scratch, case.files, case.edited, case.name) == [], str(case)


@bounded(15)
@given(case=lab_models())
def test_mutated_lab_models_are_checked_and_played_or_refused_at_a_position(
    scratch: Scratch, case: tuple[str, tuple[str, ...]]
) -> None:
    text, steps = case
    assert lab_model_violations(scratch, text) == [], steps


@bounded(60)
@given(case=state_documents(), as_json=st.booleans())
def test_mutated_state_files_score_soundly_or_fail_at_a_position(
    states_folder: Path, case: tuple[Any, tuple[str, ...]], as_json: bool
) -> None:
    state, steps = case
    assert state_file_violations(state, states_folder, as_json) == [], steps


@bounded(500)
@given(case=hostile_states())
def test_score_game_returns_a_sound_result_or_raises_state_error(case: tuple[Any, tuple[str, ...]]) -> None:
    state, steps = case
    assert score_game_violations(state) == [], steps


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Table:
    return Table(tmp_path_factory.mktemp("fuzz-table") / "table")


@bounded(6)
@given(case=language_cases())
def test_a_workspace_language_file_of_any_shape_gives_a_message_never_a_traceback(
    table: Table, case: LanguageCase
) -> None:
    assert language_case_violations(table, case) == [], str(case)


@bounded(6)
@given(case=file_system_cases())
def test_links_pipes_missing_files_and_refused_reads_and_writes_give_a_message_never_a_traceback(
    table: Table, case: FileSystemCase
) -> None:
    assert file_system_case_violations(table, case) == [], str(case)

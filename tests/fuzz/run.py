"""Running the fuzzer: each target is a strategy of cases and a check that lists broken promises."""

from __future__ import annotations

import contextlib
import signal
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st

from .cases import RulesCase, hostile_states, lab_models, rules_cases, scorable_states, state_documents
from .contract import (
    Scratch,
    lab_model_violations,
    rules_case_violations,
    score_game_violations,
    state_file_violations,
)
from .environment import (
    FileSystemCase,
    LanguageCase,
    Table,
    file_system_case_violations,
    file_system_cases,
    language_case_violations,
    language_cases,
)


@dataclass
class Target:
    """One kind of case: how to make one, and how to check it."""

    name: str
    strategy: st.SearchStrategy[Any]
    check: Callable[[Any], list[str]]


@dataclass
class Findings:
    """What a run tried and found: each broken promise once, with the first case that broke it."""

    tried: dict[str, int] = field(default_factory=dict)
    first_case: dict[str, str] = field(default_factory=dict)
    count: dict[str, int] = field(default_factory=dict)

    progress: bool = False

    def record(self, target: str, case: object, broken: list[str]) -> None:
        self.tried[target] = self.tried.get(target, 0) + 1
        if self.progress and self.tried[target] % 250 == 0:
            print(f"... {target}: {self.tried[target]} cases, {len(self.count)} kinds found", file=sys.stderr)
        for promise in broken:
            kind = f"{target}: {promise[:160]}"
            self.count[kind] = self.count.get(kind, 0) + 1
            if kind not in self.first_case:
                self.first_case[kind] = str(case)[:2000]
                if self.progress:  # shown at once: a long run may be stopped before its summary
                    print(f"!!! {kind}\n    case: {self.first_case[kind]}", file=sys.stderr)


CASE_SECONDS = 60  # generous on a loaded machine: a case normally takes well under a second or two


class CaseTimeout(Exception):
    """A case ran longer than CASE_SECONDS: a hang, as far as the fuzzer is concerned."""


@contextlib.contextmanager
def time_limit(seconds: int) -> Iterator[None]:
    """Interrupt the case after `seconds` (SIGALRM: the main thread, on Unix)."""

    def interrupt(_signal: int, _frame: object) -> None:
        raise CaseTimeout

    previous = signal.signal(signal.SIGALRM, interrupt)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


class _OutOfTime(BaseException):
    """Ends a target's run when its time is up (a BaseException, so hypothesis does not shrink it)."""


def targets(folder: Path) -> list[Target]:
    """The kinds of case; rules cases build in a scratch project under `folder`, environment cases in a scratch
    workspace beside it."""
    scratch = Scratch(folder / "project")
    table = Table(folder / "table")
    states = folder / "states"
    states.mkdir(exist_ok=True)

    def rules(case: RulesCase) -> list[str]:
        return rules_case_violations(scratch, case.files, case.edited, case.name)

    def state_file(case: tuple[tuple[Any, tuple[str, ...]], bool]) -> list[str]:
        (state, _steps), as_json = case
        return state_file_violations(state, states, as_json)

    def lab(case: tuple[str, tuple[str, ...]]) -> list[str]:
        return lab_model_violations(scratch, case[0])

    def direct(case: tuple[Any, tuple[str, ...]]) -> list[str]:
        return score_game_violations(case[0])

    def language(case: LanguageCase) -> list[str]:
        return language_case_violations(table, case)

    def file_system(case: FileSystemCase) -> list[str]:
        return file_system_case_violations(table, case)

    return [
        Target("rules", rules_cases(), rules),
        Target("state file", st.tuples(st.one_of(state_documents(), scorable_states()), st.booleans()), state_file),
        Target("lab model", lab_models(), lab),
        Target("score_game", st.one_of(hostile_states(), scorable_states()), direct),
        Target("language file", language_cases(), language),
        Target("file system", file_system_cases(), file_system),
    ]


def run(
    target: Target, examples: int, findings: Findings, seed_value: int | None = None, seconds: float | None = None
) -> None:
    """Try `examples` cases of one target (or as many as fit in `seconds`), recording every broken promise."""
    deadline = None if seconds is None else time.monotonic() + seconds

    @settings(
        max_examples=examples,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(case=target.strategy)
    def attempt(case: Any) -> None:
        if deadline is not None and time.monotonic() > deadline:
            raise _OutOfTime
        try:
            with time_limit(CASE_SECONDS):
                broken = target.check(case)
        except CaseTimeout:
            broken = [f"a case took more than {CASE_SECONDS} s"]
        except MemoryError:
            broken = ["a case ran out of memory"]
        except Exception as error:  # a fault of the fuzzer itself: recorded, and the run goes on
            broken = [f"fuzzer error {type(error).__name__}: {error}"]
        findings.record(target.name, case, broken)

    if seed_value is not None:
        attempt = seed(seed_value)(attempt)
    try:
        attempt()
    except _OutOfTime:
        return
    except Exception as error:  # a strategy that failed to make a case ends this target's run
        findings.record(target.name, "(no case)", [f"fuzzer error while making cases {type(error).__name__}: {error}"])


def fuzz(
    examples: dict[str, int],
    seed_value: int | None = None,
    progress: bool = False,
    seconds: dict[str, float] | None = None,
) -> Findings:
    """A run over every target, with `examples[name]` cases each (within `seconds[name]`, if
    given), in a temporary folder."""
    findings = Findings(progress=progress)
    with tempfile.TemporaryDirectory(prefix="gah-fuzz-") as folder:
        for target in targets(Path(folder)):
            if examples.get(target.name):
                budget = seconds.get(target.name) if seconds else None
                run(target, examples[target.name], findings, seed_value, budget)
    return findings

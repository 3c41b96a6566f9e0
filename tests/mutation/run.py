"""Mutation testing with cosmic-ray: how many small bugs does the suite catch?

    python -m tests.mutation.run                       # every group's full score (hours on 2 cores)
    python -m tests.mutation.run --one-in 8            # a stable eighth of each group's mutants
    python -m tests.mutation.run --ci                  # CI's fixed sample of each group: fails if any survives
    python -m tests.mutation.run --group kernels       # one part only (repeatable)
    python -m tests.mutation.run --ci --lanes 2        # groups side by side, each in its own copy (CI)

The code is mutated in groups (GROUPS), each with the tests that must catch its mutants: the Python runtime
and effects of the scoring modules, the batched kernels (run as plain Python under NUMBA_DISABLE_JIT), the
language loader, the lab's metrics and sharing, `gah tune` and `gah show`. The pad's entry checks are
JavaScript: tests/mutation/js.py mutates those.
cosmic-ray changes one spot of a file on disk, runs the tests, and puts the file
back. The runtime is copied into every generated module, but the tests compile
the modules in memory from the runtime files (compiler/backends/python/load.py),
so every mutant reaches them; the checked-in generated/ files are not used. Tests
marked `snapshot` (they compare output with checked-in copies, so they fail on
any change at all) are set aside, as are two slow tests that cannot see behaviour.

The operators are a focused set (see OPERATORS): each binary and comparison
operator is swapped for its nearest neighbour only (+ for -, < for <=, in for
not in, ...), not for all ten others, so the count stays near one mutant per
decision in the code. Mutants that cannot change behaviour are listed, with the
reason, in tests/mutation/equivalent.txt.

The files to mutate must have no uncommitted changes (they are restored with
git at the end, even after an interruption). With --lanes N, N groups run at
once, each in its own copy of the tracked files (a group's mutant must never
reach the tests another group runs): `gah` imports from that copy through a
link named gah on PYTHONPATH, ahead of the editable install.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.mutation.first_killer import KILLERS, known_killers  # noqa: E402
from tests.mutation.sample import mutant_keys  # noqa: E402


@dataclass(frozen=True)
class Group:
    """One part of the code cosmic-ray mutates (`targets`), the test files that must kill its mutants (fastest
    killers first: with -x a mutant stops at the first failing test), extra environment for those tests, and
    CI's sample of it: one mutant in `ci_one_in`."""

    name: str
    targets: tuple[str, ...]
    tests: tuple[str, ...]
    ci_one_in: int
    env: tuple[str, ...] = ()


GROUPS = (
    Group(
        "runtime",
        ("compiler/backends/python/runtime", "compiler/backends/python/effects.py", "compiler/backends/call_shapes.py"),
        (
            "tests/test_scoring_caught_mutants.py",
            "tests/test_decisions.py",
            "tests/test_runtime_edges.py",
            "tests/test_conditions.py",
            "tests/test_filtered_counts.py",
            "tests/test_other_players.py",
            "tests/test_declared_resources.py",
            "tests/test_oracle.py",
            "tests/test_scoring_scenarios.py",
            "tests/test_scoring_properties.py",
            "tests/test_setup.py",
            "tests/test_generated_modules.py",
            "tests/test_lab.py",
            "tests/test_score_language.py",  # the runtime's words (runtime/words.py): phrases, plurals, places
            "tests/test_voice.py",  # and its phrases made ready (filler, Voice)
            "tests/test_module_languages.py",  # and a language a module lacks (words_in)
            "tests/test_solo.py",  # player roles: each part of an Emperor scoring a role leaves out, or keeps
        ),
        ci_one_in=480,  # a subset of the one-in-120 sample (every one of which is killed); 2 mutants, for CI's time
    ),
    # The kernels run as plain Python (NUMBA_DISABLE_JIT): the same code, without a 40-second compile a mutant.
    Group(
        "kernels",
        ("compiler/backends/batched",),
        (
            "tests/test_quantity_registry.py",  # each quantity's branch, and the raise on a code without one
            "tests/test_batched_scoring.py",
            "tests/test_batched_records.py",
            "tests/test_batched_games.py",
            "tests/test_other_players.py",  # most / fewest and each tie rule, by hand
            "tests/test_declared_resources.py",  # a loss down to a lower limit above 0, by hand
        ),
        ci_one_in=400,
        env=("NUMBA_DISABLE_JIT=1",),
    ),
    Group(
        "languages",
        ("compiler/languages.py",),
        ("tests/test_language_file_errors.py", "tests/test_languages.py"),
        ci_one_in=20,
    ),
    Group(
        "lab",
        ("compiler/lab/runs/metrics.py", "compiler/lab/engine/sharing.py"),
        ("tests/test_lab_metrics.py", "tests/test_lab_sharing.py", "tests/test_lab_sharing_leaves.py"),
        ci_one_in=120,
    ),
    Group(
        "tune",
        ("compiler/commands/tune.py", "compiler/lab/runs/search.py", "compiler/lab/views/tune.py"),
        ("tests/test_tune.py",),
        ci_one_in=300,
    ),
    Group(
        "show",
        ("compiler/commands/show.py", "compiler/rules_yaml.py"),
        ("tests/test_show_origins.py", "tests/test_show.py"),
        ci_one_in=200,
    ),
)
GROUP_NAMES = tuple(group.name for group in GROUPS)

SLOW_AND_BLIND = (
    "tests/test_generated_modules.py::test_generated_modules_pass_mypy_strict",
    "tests/test_generated_modules.py::test_a_build_under_another_hash_seed_is_the_checked_in_one",
)
KEPT_SWAPS = {
    "ReplaceBinaryOperator": (
        "Add_Sub|Sub_Add|Mul_Add|Div_Mul|FloorDiv_Mul|Mod_FloorDiv|Pow_Mul"
        "|BitOr_BitAnd|BitAnd_BitOr|BitXor_BitOr|LShift_RShift|RShift_LShift"
    ),
    "ReplaceComparisonOperator": "Eq_NotEq|NotEq_Eq|Lt_LtE|LtE_Lt|Gt_GtE|GtE_Gt|Is_IsNot|IsNot_Is|In_NotIn|NotIn_In",
}
OPERATORS_EXCLUDED = [
    *(f"core/{name}_(?!({swaps})$)" for name, swaps in KEPT_SWAPS.items()),
    "core/RemoveDecorator",  # @dataclass gone: nothing runs at all
    "core/VariableInserter",
    "core/VariableReplacer",
]


def config_text(group: Group, pristine: Path, records: Path) -> str:
    def toml_list(values: list[str] | tuple[str, ...]) -> str:
        return "[" + ", ".join(json.dumps(v) for v in values) + "]"

    return "\n".join(
        [
            "[cosmic-ray]",
            f"module-path = {toml_list(group.targets)}",
            "timeout = 240.0",
            "excluded-modules = []",
            f"test-command = {json.dumps(killer_first_command(group, pristine, records))}",
            "",
            "[cosmic-ray.distributor]",
            'name = "local"',
            "",
            "[cosmic-ray.filters.operators-filter]",
            f"exclude-operators = {toml_list(OPERATORS_EXCLUDED)}",
            "",
        ]
    )


def pytest_command(group: Group) -> str:
    """pytest on the group's files, stopping at the first failure, in one process (no xdist workers)."""
    deselect = " ".join(f"--deselect {t}" for t in SLOW_AND_BLIND)
    files = " ".join(group.tests)
    pytest = f'-m pytest -x -q -p no:cacheprovider -n 0 -m "not snapshot" {deselect} {files}'
    return f"{' '.join(('env', *group.env)) + ' ' if group.env else ''}{sys.executable} {pytest}"


def killer_first_command(group: Group, pristine: Path, records: Path) -> str:
    """The group's command behind tests/mutation/first_killer.py, which tries a mutant's known killer first."""
    return shlex.join((sys.executable, "-m", "tests.mutation.first_killer", group.name, str(pristine), str(records)))


def pristine_copy(group: Group, root: Path, into: Path) -> Path:
    """A copy of the group's target files as they are before any mutant: first_killer.py names a mutant by them."""
    for target in group.targets:
        source = root / target
        for path in sorted(source.rglob("*.py")) if source.is_dir() else [source]:
            (into / path.relative_to(root)).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, into / path.relative_to(root))
    return into


def save_killers(records: Path) -> int:
    """Merge the killers recorded in this run into tests/mutation/killers.json; how many were new."""
    known = known_killers()
    lines = records.read_text(encoding="utf-8").splitlines() if records.exists() else []
    new = {name: test for name, test in (json.loads(line) for line in lines) if known.get(name) != test}
    merged = dict(sorted({**known, **new}.items()))
    KILLERS.write_text(json.dumps(merged, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return len(new)


def run(*argv: str, root: Path = ROOT) -> None:
    subprocess.run(argv, cwd=root, check=True, env=lane_environment(root))


def lane_environment(root: Path) -> dict[str, str]:
    """The environment of a group's commands: in a lane's copy, `gah` is imported from the copy."""
    if root == ROOT:
        return dict(os.environ)
    paths = [str(root / LINKS), *filter(None, os.environ.get("PYTHONPATH", "").split(os.pathsep))]
    return {**os.environ, "PYTHONPATH": os.pathsep.join(paths)}


LINKS = ".mutation-import"  # in a lane's copy: the folder holding the link gah -> compiler


def lane_copy(into: Path) -> Path:
    """A copy of the tracked files as the working tree has them, with the import link; its root."""
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    for name in filter(None, listed.decode("utf-8").split("\0")):
        source = ROOT / name
        if source.is_file():  # a tracked file deleted in the working tree is not copied
            (into / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, into / name)
    (into / LINKS).mkdir()
    (into / LINKS / "gah").symlink_to(into / "compiler", target_is_directory=True)
    return into


def tool(name: str) -> str:
    return str(Path(sys.executable).with_name(name))


def outcomes(session: Path, root: Path = ROOT) -> list[tuple[str, str]]:
    """(outcome, key) of every mutant the session ran: outcome is killed, survived or a worker failure."""
    from cosmic_ray.work_db import WorkDB, use_db  # the mutation extra; imported only when used

    with use_db(str(session), WorkDB.Mode.open) as db:
        every = list(db.work_items)
        done = {item.job_id: result for item, result in db.completed_work_items}
    keys = mutant_keys([item.mutations[0] for item in every], root)
    rows = []
    for index, item in enumerate(every):
        result = done.get(item.job_id)
        if result is None or result.worker_outcome == "skipped":
            continue
        outcome = result.test_outcome if result.worker_outcome == "normal" else result.worker_outcome
        rows.append((getattr(outcome, "value", str(outcome)), keys[index]))
    return sorted(rows, key=lambda row: row[1])


def collects(group: Group) -> str:
    """ "" when the group's test command collects its tests (so a mutant's failing run means a failing test, not
    a command pytest refuses), else what pytest said."""
    argv = [*shlex.split(pytest_command(group)), "--collect-only"]
    done = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True)
    return "" if done.returncode == 0 else (done.stdout + done.stderr).strip()[-2000:]


def run_group(
    group: Group, sample: list[str], session: Path | None, records: Path, root: Path = ROOT
) -> list[tuple[str, str]]:
    """Run one group's sample in a cosmic-ray session (a temporary one unless `session` is given) in `root` (the
    repository, or a lane's copy, which is thrown away after), recording new killers in `records`; its rows."""
    with tempfile.TemporaryDirectory() as tmp:
        session = session or Path(tmp) / "session.sqlite"
        config = Path(tmp) / "cosmic-ray.toml"
        pristine = pristine_copy(group, root, Path(tmp) / "pristine")
        config.write_text(config_text(group, pristine, records), encoding="utf-8")
        try:
            if not session.exists():
                run(tool("cosmic-ray"), "init", str(config), str(session), root=root)
                run(tool("cr-filter-operators"), str(session), str(config), root=root)
                run(sys.executable, "-m", "tests.mutation.sample", str(session), *sample, root=root)
            run(tool("cosmic-ray"), "exec", str(config), str(session), root=root)
        finally:
            if root == ROOT:
                subprocess.run(["git", "checkout", "--", *group.targets], cwd=ROOT, check=True)
        return outcomes(session, root)


def run_in_lane(group: Group, sample: list[str], records: Path) -> tuple[list[tuple[str, str]], float]:
    """Run one group's sample in a fresh copy of the repository; its rows and seconds."""
    start = time.monotonic()
    with tempfile.TemporaryDirectory(prefix=f"gah-mutation-{group.name}-") as tmp:
        rows = run_group(group, sample, None, records, lane_copy(Path(tmp)))
    return rows, time.monotonic() - start


def report(name: str, rows: list[tuple[str, str]], seconds: float) -> list[str]:
    """Print a group's figures and survivors; return the survivors' keys."""
    killed = sum(1 for outcome, _key in rows if outcome == "killed")
    survivors = [key for outcome, key in rows if outcome != "killed"]
    print(f"{name}: {len(rows)} mutants, {killed} killed, {len(survivors)} not killed ({seconds:.0f} s)")
    if rows:
        print(f"{name}: mutation score {100 * killed / len(rows):.1f}% killed")
    for key in survivors:  # the key is what tests/mutation/equivalent.txt lists
        print(f"survived: {key}")
    return survivors


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--one-in", type=int, default=1, help="run a stable sample: one mutant in N")
    parser.add_argument("--ci", action="store_true", help="CI's sample of each group (no known equivalents)")
    parser.add_argument(
        "--group", action="append", choices=GROUP_NAMES, help="mutate only this part (repeatable; default: all)"
    )
    parser.add_argument("--session", type=Path, help="keep the cosmic-ray session here (one group only)")
    parser.add_argument("--lanes", type=int, default=1, help="run this many groups at once, each in its own copy")
    parser.add_argument(
        "--record-killers", action="store_true", help="save the test that killed each mutant (killers.json)"
    )
    args = parser.parse_args(argv)
    groups = [group for group in GROUPS if group.name in (args.group or GROUP_NAMES)]
    if args.session and len(groups) != 1:
        parser.error("--session needs exactly one --group")
    if args.lanes < 1 or (args.session and args.lanes > 1):
        parser.error("--lanes takes 1 or more, and 1 with --session")
    targets = [target for group in groups for target in group.targets]
    dirty = subprocess.run(["git", "status", "--porcelain", "--", *targets], cwd=ROOT, capture_output=True, text=True)
    if dirty.stdout.strip():
        print(f"commit or stash your changes to {', '.join(targets)} first:\n{dirty.stdout}", file=sys.stderr)
        return 2
    for group in groups:
        said = collects(group)
        if said:
            print(f"{group.name}: the test command fails without any mutant:\n{said}", file=sys.stderr)
            return 2

    def sample(group: Group) -> list[str]:
        return ["--one-in", str(group.ci_one_in), "--skip-equivalent"] if args.ci else ["--one-in", str(args.one_in)]

    with tempfile.TemporaryDirectory(prefix="gah-mutation-killers-") as tmp:
        records = Path(tmp) / "records.jsonl"
        survivors = run_groups(groups, sample, args.lanes, args.session, records)
        recorded = len(records.read_text(encoding="utf-8").splitlines()) if records.exists() else 0
        if args.record_killers:
            print(f"{save_killers(records)} new killers saved in {KILLERS.relative_to(ROOT)}")
        elif recorded:
            print(f"{recorded} mutants needed the whole test files: --record-killers saves the tests that killed them")
    return 1 if args.ci and survivors else 0


def run_groups(
    groups: list[Group], sample: Callable[[Group], list[str]], lanes: int, session: Path | None, records: Path
) -> list[str]:
    """Run every group's sample, `lanes` groups at once (each in its own copy) or one after another here; the keys
    of the mutants that survived."""
    survivors: list[str] = []
    if lanes > 1:
        with ThreadPoolExecutor(max_workers=lanes) as pool:  # the slowest groups first (GROUPS' order)
            done = list(pool.map(lambda group: run_in_lane(group, sample(group), records), groups))
        for group, (rows, seconds) in zip(groups, done, strict=True):
            survivors += report(group.name, rows, seconds)
        return survivors
    for group in groups:
        start = time.monotonic()
        rows = run_group(group, sample(group), session, records)
        survivors += report(group.name, rows, time.monotonic() - start)
    return survivors


if __name__ == "__main__":
    sys.exit(main())

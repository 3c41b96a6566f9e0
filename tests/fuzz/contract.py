"""What every run of `gah` promises, checked on one case at a time.

`gah` is driven in-process (`gah.cli.main`), in a scratch project folder, so a
case costs milliseconds and an uncaught exception is seen as what it is. Each
check returns the broken promises as short texts (empty: the case kept them all).
"""

from __future__ import annotations

import contextlib
import functools
import io
import json
import re
import shutil
import traceback
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from gah import ir, outputs
from gah.backends.python.load import ScoringModule, load_scoring_module
from gah.cli import main
from gah.frontend.rulesets import Workspace
from gah.project import load_one

ROOT = Path(__file__).resolve().parents[2]
HEADER = re.compile(r"^(?P<file>[^\s:][^:]*):(?P<line>\d+):(?P<column>\d+): (?P<message>.+)$")
COUNT = re.compile(r"^\d+ problems? found$")


# How far cases got (printed by the long run, to show the fuzzer reaches the late stages).
REACHED: Counter[str] = Counter()


@dataclass(frozen=True)
class Run:
    code: int
    out: str
    err: str
    crash: str = ""  # the exception that escaped main(), with its last frame


def run_gah(*args: str) -> Run:
    """`gah ARGS` in-process; an exception escaping main() is caught and described."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(list(args))
        except BaseException as error:
            frame = traceback.extract_tb(error.__traceback__)[-1]
            where = f"{Path(frame.filename).name}:{frame.lineno} {frame.name}"
            return Run(-1, out.getvalue(), err.getvalue(), f"{type(error).__name__}: {error} ({where})"[:300])
    return Run(code, out.getvalue(), err.getvalue())


def snapshot(folder: Path) -> dict[str, tuple[int, int]]:
    """Every file under `folder`: size and modification time (to see what a command wrote)."""
    return {
        p.relative_to(folder).as_posix(): (p.stat().st_size, p.stat().st_mtime_ns)
        for p in folder.rglob("*")
        if p.is_file()
    }


def changed(before: dict[str, tuple[int, int]], after: dict[str, tuple[int, int]]) -> set[str]:
    return {k for k in before.keys() | after.keys() if before.get(k) != after.get(k)}


def usage_violations(stage: str, run: Run, allowed: tuple[int, ...], edited: str) -> list[str]:
    """The promises of every command: an allowed exit, no crash, positioned one-line problems."""
    if run.crash:
        return [f"{stage}: crash {run.crash}"]
    found = []
    if run.code not in allowed:
        found.append(f"{stage}: exit {run.code} (allowed {allowed}): {run.err.strip()[:200]}")
    if "Traceback" in run.err or "Traceback" in run.out:
        found.append(f"{stage}: traceback printed")
    if "\x1b" in run.err or "\x1b" in run.out:
        found.append(f"{stage}: escape character printed")
    plain_error = run.err.startswith(f"gah {stage.split()[0]}: ") and stage not in ("check", "score")
    if run.code == 1 and not plain_error:
        found.extend(problem_violations(stage, run.err, edited))
    return found


def problem_violations(stage: str, err: str, edited: str) -> list[str]:
    """Exit 1 with problems: each `file:line:col: message`, in the file the user edited."""
    lines = err.rstrip("\n").split("\n")
    headers = [HEADER.match(line) for line in lines]
    found = []
    if not any(headers):
        return [f"{stage}: exit 1 without a positioned problem: {err.strip()[:200]}"]
    for line, header in zip(lines, headers, strict=True):
        if header is None:
            if not line.startswith("    ") and not COUNT.match(line):
                found.append(f"{stage}: a line that is no problem, quote or count: {line[:120]!r}")
        elif header["file"] != edited:
            found.append(f"{stage}: problem placed in {header['file']}, not in {edited}: {header['message'][:160]}")
        elif int(header["line"]) < 1 or int(header["column"]) < 1:
            found.append(f"{stage}: position below 1:1")
    return found


def _cards(state: dict[str, Any], all_cards: list[int]) -> Counter[int]:
    held = [n for p in state["players"] for n in [*p.get("hand", []), *p.get("hired", [])]]
    held += state.get("staff_discard", [])
    deck = state["staff_deck"] if "staff_deck" in state else sorted(set(all_cards) - set(held))
    return Counter([*held, *deck])


def outcome_violations(before: dict[str, Any], result: Any, all_cards: list[int], last_space: int) -> list[str]:
    """A scored state: no negative points or krones, every card kept, markers on the track."""
    if not isinstance(result, dict) or not isinstance(result.get("state"), dict):
        return ["score: the result has no state"]
    after = result["state"]
    found = []
    for player in after["players"]:
        for key in ("points", "krones"):
            if player[key] < 0:
                found.append(f"score: {key} went negative ({player[key]})")
        if not 0 <= player["emperor"] <= last_space:
            found.append(f"score: Emperor marker {player['emperor']} off the track 0-{last_space}")
    if _cards(before, all_cards) != _cards(after, all_cards):
        found.append("score: Staff cards not conserved")
    for entry in result.get("final") or []:
        if isinstance(entry, dict) and isinstance(entry.get("total"), int) and entry["total"] < 0:
            found.append(f"score: negative final total {entry['total']}")
    return found


@dataclass
class Scratch:
    """A throw-away project folder: rules/ with base and the case's files, generated/, out/."""

    root: Path
    stub_pdfs: bool = True
    base_text: str = field(default="")

    def __post_init__(self) -> None:
        if self.root.exists():
            shutil.rmtree(self.root)
        (self.root / "rules" / "variants").mkdir(parents=True)
        (self.root / "schemas").mkdir()
        (self.root / "out").mkdir()
        (self.root / "states").mkdir()
        (self.root / "gah.toml").write_text("bundle = true\n", encoding="utf-8")  # its rules/ are the bundle
        self.base_text = (ROOT / "rules" / "base.yaml").read_text(encoding="utf-8")

    def reset(self, files: dict[str, str]) -> None:
        """rules/ holds exactly base.yaml (the shipped one unless given) and `files`."""
        for path in (self.root / "rules" / "variants").glob("*"):
            path.unlink()
        for folder in ("out", "states", "rules/lab"):
            for path in (self.root / folder).glob("*.*"):
                path.unlink()
        (self.root / "rules" / "base.yaml").write_text(self.base_text, encoding="utf-8")
        for name, text in files.items():
            (self.root / name).write_text(text, encoding="utf-8", errors="surrogateescape")  # \udcff: a bad byte
        shutil.copyfile(ROOT / "examples" / "round7.yaml", self.root / "states" / "round7.yaml")


def dump(document: object) -> str:
    return yaml.safe_dump(document, allow_unicode=True, sort_keys=False, width=100)


@contextlib.contextmanager
def quick_pdfs() -> Iterator[None]:
    """PDF rendering (WeasyPrint, a second or more each) replaced by a marker: the HTML is what is fuzzed."""
    original = outputs._pdf_renderer
    outputs._pdf_renderer = lambda html, _name: lambda: b"%PDF-fuzz " + outputs.sha256(html).encode() + b"\n"
    try:
        yield
    finally:
        outputs._pdf_renderer = original


def rules_case_violations(scratch: Scratch, files: dict[str, str], edited: str, name: str) -> list[str]:
    """Every stage a rules file can reach, with the contract of each."""
    scratch.reset(files)
    root = ["--root", str(scratch.root)]
    before = snapshot(scratch.root)
    check = run_gah(*root, "check", str(scratch.root / edited))
    found = usage_violations("check", check, (0, 1), edited)
    if changed(before, snapshot(scratch.root)):
        found.append(f"check wrote files: {sorted(changed(before, snapshot(scratch.root)))[:3]}")
    if check.code != 0 or found:
        return found
    REACHED["rules file passed check (then build, sheet, setup, diff, score, compare)"] += 1
    try:
        ruleset = load_one(Workspace.at(scratch.root), name)
    except Exception as error:
        return [f"check passed but the ruleset does not load: {type(error).__name__}: {error}"[:300]]

    before = snapshot(scratch.root)
    with quick_pdfs():
        build = run_gah(*root, "build")
    found += usage_violations("build", build, (0,), edited)
    written = changed(before, snapshot(scratch.root))
    stray = [p for p in written if not p.startswith(("generated/", "schemas/"))]
    if stray:
        found.append(f"build wrote outside generated/: {stray[:3]}")

    for fmt in ("md", "html"):
        before = snapshot(scratch.root)
        target = scratch.root / "out" / f"sheet.{fmt}"
        sheet = run_gah(*root, "sheet", name, "--format", fmt, "-o", str(target))
        found += usage_violations(f"sheet {fmt}", sheet, (0,), edited)
        stray = [p for p in changed(before, snapshot(scratch.root)) if p != f"out/sheet.{fmt}"]
        if stray:
            found.append(f"sheet wrote more than its output: {stray[:3]}")

    players = ",".join(["Anna", "Ben", "Cleo", "Dora"][: max(ruleset.min_players, min(3, ruleset.max_players))])
    setup = run_gah(*root, "setup", name, "--players", players, "--seed", "7", "--json")
    found += usage_violations("setup", setup, (0,), edited)
    states = [scratch.root / "states" / "round7.yaml"]
    if setup.code == 0:
        dealt = scratch.root / "states" / "dealt.json"
        dealt.write_text(setup.out, encoding="utf-8")
        states.append(dealt)
    diff = run_gah(*root, "diff", "base", name)
    found += usage_violations("diff", diff, (0,), edited)
    all_cards = [card.number for card in ruleset.staff]
    before = snapshot(scratch.root)
    for state_path in states:
        display = Workspace(scratch.root).display(state_path)
        again = scratch.root / "states" / "again.json"
        found += score_violations(root, state_path, name, display, all_cards, ruleset.track.last_space, again)
        compare = run_gah(*root, "compare", "base", name, "--states", str(state_path))
        found += usage_violations("compare --states", compare, (0, 1), display)
    stray = [p for p in changed(before, snapshot(scratch.root)) if not p.startswith("states/again")]
    if stray:
        found.append(f"score or compare wrote files: {stray[:3]}")
    return found


def score_violations(
    root: list[str],
    state_path: Path,
    rules: str,
    display: str,
    all_cards: list[int],
    last_space: int,
    again: Path,
) -> list[str]:
    """`gah score` of one state file: exit 0 with a sound outcome that scores again, or a positioned exit 1."""
    score = run_gah(*root, "score", str(state_path), "--rules", rules, "--json")
    found = usage_violations("score", score, (0, 1), display)
    if score.code != 0 or found:
        return found
    try:
        result = json.loads(score.out)
    except ValueError as error:
        return [f"score --json printed invalid JSON: {error}"]
    REACHED[f"state scored under {rules}"] += 1
    before = yaml.safe_load(state_path.read_text(encoding="utf-8"))
    found += outcome_violations(before, result, all_cards, last_space)
    again.write_text(json.dumps(result["state"]), encoding="utf-8")
    rescore = run_gah(*root, "score", str(again), "--rules", rules, "--json")
    if rescore.code != 0:
        found.append(f"score rejects its own output state: {(rescore.crash or rescore.err).strip()[:200]}")
    return found


def state_file_violations(state: object, folder: Path, as_json: bool) -> list[str]:
    """`gah score` of a mutated state file under the shipped base rules."""
    path = folder / ("state.json" if as_json else "state.yaml")
    text = json.dumps(state, ensure_ascii=False) if as_json else dump(state)
    path.write_text(text, encoding="utf-8")
    ruleset = _base_ruleset()
    root = ["--root", str(ROOT)]
    cards = [c.number for c in ruleset.staff]
    again = folder / "again.json"
    return score_violations(root, path, "base", str(path), cards, ruleset.track.last_space, again)


def score_game_violations(state: object) -> list[str]:
    """`score_game` called directly: a result that keeps the promises, or StateError; nothing else."""
    import copy

    module = _base_module()
    shown = repr(state)
    try:
        given = copy.deepcopy(state)
    except Exception:
        given = state
    try:
        result = module.score_game(given)
    except Exception as error:
        if type(error).__name__ == "StateError":
            return []
        frame = traceback.extract_tb(error.__traceback__)[-1]
        return [
            f"score_game: {type(error).__name__} instead of StateError ({frame.name}:{frame.lineno}): {error}"[:300]
        ]
    REACHED["score_game returned a result"] += 1
    found = []
    if repr(given) != shown:
        found.append("score_game changed the state it was given")
    ruleset = _base_ruleset()
    try:
        found += outcome_violations(
            given if isinstance(given, dict) else {},
            result,
            [c.number for c in ruleset.staff],
            ruleset.track.last_space,
        )
    except Exception as error:
        found.append(f"score_game accepted a state it cannot have understood: {type(error).__name__}: {error}"[:300])
    try:
        json.dumps(result, allow_nan=False)
    except ValueError as error:
        found.append(f"score_game result is not valid JSON: {error}")
    return found


@functools.cache
def _base_module() -> ScoringModule:
    return load_scoring_module(_base_ruleset())


@functools.cache
def _base_ruleset() -> ir.Ruleset:
    return load_one(Workspace(ROOT), "base")


def lab_model_violations(scratch: Scratch, text: str) -> list[str]:
    """A variant-lab game model: checked, and when it passes, a few synthetic games played with it."""
    scratch.reset({})
    model = scratch.root / "rules" / "lab" / "fuzz.yaml"
    model.parent.mkdir(exist_ok=True)
    model.write_text(text, encoding="utf-8")
    root = ["--root", str(scratch.root)]
    check = run_gah(*root, "check", str(model))
    found = usage_violations("check", check, (0, 1), "rules/lab/fuzz.yaml")
    if check.code != 0 or found:
        return found
    REACHED["lab model passed check (then synthetic games)"] += 1
    games = ("--games", "6", "--players", "2", "--workers", "1", "--json")
    compare = run_gah(*root, "compare", "base", "base", "--model", str(model), *games)
    found += usage_violations("compare --model", compare, (0,), "rules/lab/fuzz.yaml")
    if compare.code == 0:
        try:
            json.loads(compare.out)
        except ValueError as error:
            found.append(f"compare --json printed invalid JSON: {error}")
    return found

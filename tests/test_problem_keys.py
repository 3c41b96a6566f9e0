"""Every problem is said by a phrase key that both shipped languages have (issue 43).

A problem or error made by `problem_at`, `error_of`, `said` (compiler/said.py) or a rules builder's
`problem` (compiler/frontend/lower.py: the key under errors.lower.) names a phrase of en.yaml; a site that hands
a sentence instead crashed every command with `KeyError: 'lower'`. The walk below reads every such call in
compiler/ and checks what it hands over: a key both languages have, with every value its phrases name. The
behavioural tests trigger the role problems and the lab model's, and read them in English and German.
"""

from __future__ import annotations

import ast
import re
import string
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest
from gah.languages import Language, english, load_language
from gah.workspace import Workspace
from helpers_rules import ROOT, run_gah

COMPILER = ROOT / "compiler"
# The functions of compiler/said.py that take a phrase key, and the index of the key among their arguments.
KEY_ARGUMENT = {"problem_at": 1, "error_of": 1, "said": 0, "Said": 0}
BUILDER_PREFIX = "errors.lower."  # a rules builder's problem(position, key, ...) says errors.lower.KEY
# The sections said without loading a language (compiler/said.py: _PLAIN_SECTIONS).
PLAIN_SECTIONS = ("check", "cli", "errors", "build")
KEY = re.compile(r"[a-z][a-z0-9_]*(\.[a-z0-9_]+)+")


@dataclass(frozen=True)
class Site:
    """One call that hands a phrase key over: where it is, the keys it may hand, and the values it gives."""

    where: str
    keys: tuple[str, ...]  # a key, or a pattern (regex) for a key built with an f-string
    patterns: bool
    values: frozenset[str] | None  # None: values passed on with ** (not known here)


def _module_dicts(tree: ast.Module) -> dict[str, ast.Dict]:
    """The module-level dicts written out (NAME = {...}), by name."""
    found: dict[str, ast.Dict] = {}
    for node in tree.body:
        value = node.value if isinstance(node, (ast.Assign, ast.AnnAssign)) else None
        targets = (
            node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AnnAssign) else []
        )
        if isinstance(value, ast.Dict):
            found.update({t.id: value for t in targets if isinstance(t, ast.Name)})
    return found


def _keys(node: ast.expr, dicts: dict[str, ast.Dict], where: str) -> tuple[list[str], bool]:
    """The keys an argument may be (a pattern for an f-string); a failed assertion for anything else."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value], False
    if isinstance(node, ast.IfExp):
        body, body_patterns = _keys(node.body, dicts, where)
        other, other_patterns = _keys(node.orelse, dicts, where)
        assert body_patterns == other_patterns, where
        return body + other, body_patterns
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id in dicts:
        values = dicts[node.value.id].values
        assert all(isinstance(v, ast.Constant) and isinstance(v.value, str) for v in values), where
        return [v.value for v in values if isinstance(v, ast.Constant)], False
    if isinstance(node, ast.JoinedStr):
        parts = [
            re.escape(part.value) if isinstance(part, ast.Constant) else "[a-z0-9_]+"
            for part in node.values
            if isinstance(part, (ast.Constant, ast.FormattedValue))
        ]
        return ["".join(parts)], True
    raise AssertionError(f"{where}: hands over {ast.unparse(node)!r}, which is no phrase key")


def _values(call: ast.Call, key_index: int) -> frozenset[str] | None:
    if any(keyword.arg is None for keyword in call.keywords):
        return None
    named = {keyword.arg for keyword in call.keywords if keyword.arg is not None}
    return frozenset(named | ({"count"} if len(call.args) > key_index + 1 else set()))


def sites(folder: Path = COMPILER, shown_from: Path = ROOT) -> Iterator[Site]:
    """Every call in `folder` that hands a phrase key to said.py's functions or to a rules builder's problem."""
    for path in sorted(folder.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imported = set(KEY_ARGUMENT) if path.name == "said.py" else set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[-1] == "said":
                imported |= {alias.asname or alias.name for alias in node.names}
        dicts = _module_dicts(tree)
        for call in (node for node in ast.walk(tree) if isinstance(node, ast.Call)):
            where = f"{path.relative_to(shown_from)}:{call.lineno}"
            function, prefix = call.func, ""
            if isinstance(function, ast.Name) and function.id in imported and function.id in KEY_ARGUMENT:
                index = KEY_ARGUMENT[function.id]
            elif isinstance(function, ast.Attribute) and function.attr == "problem" and len(call.args) >= 2:
                index, prefix = 1, BUILDER_PREFIX
            else:
                continue
            if len(call.args) <= index:
                continue
            argument = call.args[index]
            if path.name == "said.py" and isinstance(argument, ast.Name):
                continue  # said.py hands its own parameter on
            keys, patterns = _keys(argument, dicts, where)
            keys = [(re.escape(prefix) if patterns else prefix) + key for key in keys]
            yield Site(where, tuple(keys), patterns, _values(call, index))


def placeholders(language: Language, key: str) -> set[str]:
    return {name for text in language.phrases[key].texts() for _, name, _, _ in string.Formatter().parse(text) if name}


def mistakes(found: Iterable[Site], languages: Sequence[Language]) -> list[str]:
    """What is wrong with the keys `found` hand over: a key (or, built with an f-string, every key it can be)
    must be a phrase of each language, in a section said without a language, naming only values the call gives."""
    wrong = []
    for site in found:
        for key in site.keys:
            if site.patterns:
                if " " in key or not any(re.fullmatch(key, k) for k in languages[0].phrases):
                    wrong.append(f"{site.where}: no phrase matches {key}")
                continue
            if not KEY.fullmatch(key) or key.split(".")[0] not in PLAIN_SECTIONS:
                wrong.append(f"{site.where}: {key!r} is no key of {', '.join(PLAIN_SECTIONS)}")
                continue
            for language in languages:
                if key not in language.phrases:
                    wrong.append(f"{site.where}: {key} is not in {language.id}.yaml")
                elif site.values is not None and not placeholders(language, key) <= site.values:
                    missing = sorted(placeholders(language, key) - site.values)
                    wrong.append(f"{site.where}: {language.id}.yaml's {key} needs {missing}")
    return wrong


def sentences(folder: Path = COMPILER, shown_from: Path = ROOT) -> list[str]:
    """The calls `Problem(position, MESSAGE)` in `folder` whose message is written out in English (a text or an
    f-string with words in it), not said by a phrase."""
    found = []
    for path in sorted(folder.rglob("*.py")):
        for call in (n for n in ast.walk(ast.parse(path.read_text(encoding="utf-8"))) if isinstance(n, ast.Call)):
            if not (isinstance(call.func, ast.Name) and call.func.id == "Problem" and len(call.args) >= 2):
                continue
            message = call.args[1]
            parts = message.values if isinstance(message, ast.JoinedStr) else [message]
            if any(isinstance(p, ast.Constant) and re.search("[A-Za-z]", str(p.value)) for p in parts):
                found.append(f"{path.relative_to(shown_from)}:{call.lineno}")
    return found


@pytest.fixture(scope="module")
def languages() -> tuple[Language, Language]:
    return english(), load_language(Workspace(None), "de")


def test_the_walk_finds_the_sites_it_must() -> None:
    """The walk sees the call sites of every kind (a walk that finds nothing would pass anything)."""
    found = list(sites())
    files = {site.where.split(":")[0] for site in found}
    for module in ("frontend/lower.py", "frontend/lower_effects.py", "frontend/quantities.py", "frontend/loader.py"):
        assert f"compiler/{module}" in files
    assert "compiler/lab/engine/model.py" in files and "compiler/workspace.py" in files
    keys = {key for site in found for key in site.keys}
    assert {"errors.lower.role_no_source", "errors.lower.role_seat", "errors.model.too_large"} <= keys
    assert len(keys) > 150


def test_every_key_handed_to_a_problem_is_a_phrase_of_both_languages(languages: tuple[Language, Language]) -> None:
    assert mistakes(sites(), languages) == []


def test_no_problem_is_made_of_an_english_sentence(tmp_path: Path) -> None:
    assert sentences() == []
    (tmp_path / "bad.py").write_text("Problem(at, f'{name}: every weight is 0')\nProblem(at, said)\n", encoding="utf-8")
    assert sentences(tmp_path, tmp_path) == ["bad.py:1"]


def test_a_sentence_handed_over_is_caught(tmp_path: Path, languages: tuple[Language, Language]) -> None:
    """The walk refuses what issue 43 found (a sentence where a key belongs), an unknown key, a value missing
    and a key that is no text it can read."""
    (tmp_path / "bad.py").write_text(
        "from .said import problem_at, said\n"
        "class B:\n"
        "    def roles(self, role, seat):\n"
        "        self.problem(at, f'roles.{role}.seat: {seat} is more than players.max')\n"
        "        problem_at(at, 'errors.lower.no_such_phrase')\n"
        "        self.problem(at, 'role_seat', role=role)\n",
        encoding="utf-8",
    )
    found = mistakes(sites(tmp_path, tmp_path), languages)
    assert found[0].startswith("bad.py:4: no phrase matches errors\\.lower\\.roles\\.[a-z0-9_]+\\.seat:"), found
    assert found[1:] == [
        "bad.py:5: errors.lower.no_such_phrase is not in en.yaml",
        "bad.py:5: errors.lower.no_such_phrase is not in de.yaml",
        "bad.py:6: en.yaml's errors.lower.role_seat needs ['players', 'seat']",
        "bad.py:6: de.yaml's errors.lower.role_seat needs ['players', 'seat']",
    ]
    (tmp_path / "bad.py").write_text("from .said import said\nsaid(message)\n", encoding="utf-8")
    with pytest.raises(AssertionError, match="hands over 'message', which is no phrase key"):
        list(sites(tmp_path, tmp_path))


# --- the role problems and the lab model's, through the command ----------------------------------

ROLE_VARIANT = (
    "extends: solo\nname: bad-role\nroles:\n  solo-opponent:\n    final_scoring: [staff, cellar]\n    seat: 3\n"
)


def role_workspace(folder: Path, language: str) -> Path:
    (folder / "rules").mkdir(parents=True)
    (folder / "gah.toml").write_text(f'language = "{language}"\n', encoding="utf-8")
    (folder / "rules" / "bad-role.yaml").write_text(ROLE_VARIANT, encoding="utf-8")
    return folder


@pytest.mark.parametrize(
    ("language", "source", "seat"),
    [
        (
            "en",
            "roles.solo-opponent.final_scoring: no final-scoring source 'cellar'; expected one of: staff, rooms, "
            "krones, kitchen, cafe",
            "roles.solo-opponent.seat: 3 is more than players.max (2)",
        ),
        (
            "de",
            "roles.solo-opponent.final_scoring: keine Schlusswertung 'cellar'; erwartet wird eine von: staff, rooms, "
            "krones, kitchen, cafe",
            "roles.solo-opponent.seat: 3 ist größer als players.max (2)",
        ),
    ],
)
def test_role_mistakes_are_positioned_in_each_language(tmp_path: Path, language: str, source: str, seat: str) -> None:
    folder = role_workspace(tmp_path, language)
    run = run_gah("check", cwd=folder)
    assert run.code == 1 and "Traceback" not in run.err, run.err
    assert f"rules/bad-role.yaml:5:28: {source}\n" in run.err
    assert f"rules/bad-role.yaml:6:11: {seat}\n" in run.err
    for argv in (["show", "bad-role"], ["build"], ["sheet", "bad-role", "--format", "md", "-o", "x.md"]):
        other = run_gah(*argv, cwd=folder)
        assert other.code == 1 and "Traceback" not in other.err and f"rules/bad-role.yaml:6:11: {seat}" in other.err


def test_a_lab_model_mistake_is_said_in_german(tmp_path: Path) -> None:
    (tmp_path / "rules" / "lab").mkdir(parents=True)
    (tmp_path / "gah.toml").write_text('language = "de"\n', encoding="utf-8")
    model = (ROOT / "rules" / "lab" / "default.yaml").read_text(encoding="utf-8")
    assert "  cafe: {" in model
    lines = model.splitlines()
    number = next(i for i, line in enumerate(lines) if line.startswith("  cafe: {")) + 1
    lines[number - 1] = "  cafe: {0: 1, 10: 1}"
    (tmp_path / "rules" / "lab" / "default.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    run = run_gah("check", "rules/lab/default.yaml", cwd=tmp_path)
    assert run.code == 1
    assert f"rules/lab/default.yaml:{number}:16: every_round.cafe: 10 ist zu groß (hier höchstens 9)" in run.err

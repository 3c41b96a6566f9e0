"""One language everywhere (issue 34, item 6): in a German workspace (`language = "de"` in gah.toml) every line
gah check, gah build, gah score and gah sheet print is German; ids, paths and keys stay as written.

The scanner (tests/helpers_english.py): common English words looked for in the output once what is written as an
id is taken out. tests/test_german_commands.py runs every other command through it.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from gah.languages import english, load_language
from gah.workspace import Workspace

from tests.helpers_english import english_words
from tests.helpers_rules import ROOT, run_gah


def _without_quoted_lines(err: str) -> str:
    """gah check's problems without the quoted source lines and carets under them (the user's own text)."""
    return "\n".join(line for line in err.splitlines() if not line.startswith("    "))


@pytest.fixture(scope="module")
def german(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("de") / "hotel"
    assert run_gah("init", str(folder)).code == 0
    config = folder / "gah.toml"
    config.write_text(config.read_text(encoding="utf-8") + 'language = "de"\n', "utf-8")  # gah init sets none
    return folder


BROKEN = {
    "yaml-syntax": 'extends: base\nname: yaml-syntax\ntitle: "never closed\n',
    "schema": "extends: base\nname: schema\ntitle: t\ndescription: d\nrounds: many\nemperor_trak: {}\n",
    "unknown-tile": "extends: base\nname: unknown-tile\ntitle: t\ndescription: d\ntiles:\n  a-kroner: {tier: A}\n",
    "bad-extends": "extends: bsae\nname: bad-extends\ntitle: t\ndescription: d\n",
}


@pytest.mark.parametrize("kind", sorted(BROKEN))
def test_gah_check_says_each_kind_of_mistake_in_german(german: Path, kind: str) -> None:
    path = german / "rules" / f"{kind}.yaml"
    path.write_text(BROKEN[kind], encoding="utf-8")
    try:
        run = run_gah("check", f"rules/{kind}.yaml", cwd=german)
    finally:
        path.unlink()
    assert run.code == 1
    assert run.err.endswith("gefunden\n"), run.err
    said = _without_quoted_lines(run.err) + run.out
    assert english_words(said) == [], said


def test_the_german_lines_name_what_was_wrong(german: Path) -> None:
    """The words chosen for each kind, and the ids, paths and keys kept as written."""
    said = {}
    for kind, text in BROKEN.items():
        path = german / "rules" / f"{kind}.yaml"
        path.write_text(text, encoding="utf-8")
        said[kind] = run_gah("check", f"rules/{kind}.yaml", cwd=german).err
        path.unlink()
    assert "YAML-Syntaxfehler: dieser Text in Anführungszeichen wird nie geschlossen" in said["yaml-syntax"]
    assert "rounds: erwartet: eine ganze Zahl, erhalten: Text" in said["schema"]
    assert "unbekannter Schlüssel 'emperor_trak' (meintest du 'emperor_track'?)" in said["schema"]
    assert "(ist 'a-kroner' ein Tippfehler für 'a-krones'?)" in said["unknown-tile"]
    assert (
        "extends: unbekanntes Regelwerk 'bsae' (meintest du 'base'?); bekannte Regelwerke: base, draft"
        in said["bad-extends"]
    )


def test_gah_check_build_score_and_sheet_print_no_english_sentence(german: Path) -> None:
    runs = [
        run_gah("check", cwd=german),
        run_gah("check", "no-such.yaml", cwd=german),
        run_gah("build", cwd=german),
        run_gah("build", "--check", cwd=german),
        run_gah("score", "examples/round7.yaml", cwd=german),
        run_gah("sheet", "base", "--format", "md", "-o", "aid.md", cwd=german),
    ]
    assert [run.code for run in runs] == [0, 2, 0, 0, 0, 0], [run.err for run in runs]
    sheet = (german / "aid.md").read_text(encoding="utf-8")
    for said in [run.out + run.err for run in runs] + [sheet]:
        assert english_words(said) == [], said[:2000]
    assert "Regelwerk gebaut" in runs[2].out and "sind aktuell" in runs[3].out


def test_the_scanner_finds_english(german: Path) -> None:
    """The same commands in English are caught: the scanner is not blind."""
    for args in (("check", "no-such.yaml"), ("build", "--check", "--lang", "en"), ("score", "examples/round7.yaml")):
        run = run_gah(*args, "--lang", "en", cwd=german) if args[0] == "score" else run_gah(*args, cwd=german)
        said = run.out + run.err
        if args[0] == "check":
            said = said.replace("keine solche Datei", "no such file")  # check speaks gah.toml's German
        assert english_words(said), said


def _keys_said() -> set[str]:
    """The `errors.` and `build.` phrases compiler/ says: problem_at/error_of/said/say("KEY", ...), the lowerer's
    problem(position, "KEY") (errors.lower.KEY) and the loader's fail(event, "KEY") (errors.file.KEY); a key
    chosen by a condition counts both branches, an f-string key its constant start."""
    found: set[str] = set()
    for path in (ROOT / "compiler").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            index = {"problem_at": 1, "error_of": 1, "said": 0, "say": 0, "problem": 1, "fail": 1}.get(name)
            if index is None or len(node.args) <= index:
                continue
            prefix = {"problem": "errors.lower.", "fail": "errors.file."}.get(name, "")
            found |= {prefix + key for key in _constants(node.args[index])}
    return {key for key in found if key.startswith(("errors.", "build."))}


def _constants(node: ast.expr) -> list[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return _constants(node.body) + _constants(node.orelse)
    if isinstance(node, ast.JoinedStr) and node.values and isinstance(node.values[0], ast.Constant):
        return [str(node.values[0].value) + "*"]
    return []


def test_error_phrases_asked_for_exist_and_every_one_is_asked_for() -> None:
    """Each `errors.` and `build.` phrase the code says exists in English and German, and each is said."""
    said = _keys_said()
    starts = tuple(key[:-1] for key in said if key.endswith("*"))
    keys = {k for k in english().phrases if k.startswith(("errors.", "build."))}
    assert sorted(k for k in said if not k.endswith("*") and k not in keys) == []
    # errors.schema.* are said through the schema checks' speaker (w.say), errors.yaml.* partly through tables
    tables = {*_table_keys()}
    unused = sorted(k for k in keys if k not in said and k not in tables and not k.startswith(starts))
    assert unused == []
    german_keys = {k for k in load_language(Workspace(None), "de").phrases if k.startswith(("errors.", "build."))}
    assert german_keys == keys


def _table_keys() -> list[str]:
    """Keys written in the tables of a parser's words (values of a dict literal): the YAML loader's, and gah.toml's
    reader's of Python's TOML messages."""
    loader = (ROOT / "compiler" / "frontend" / "loader.py").read_text(encoding="utf-8")
    config = (ROOT / "compiler" / "workspace.py").read_text(encoding="utf-8")
    return re.findall(r': "(errors\.yaml\.[a-z_.]+)"', loader) + re.findall(r': "(errors\.toml\.[a-z_]+)"', config)


def test_the_german_grammar_rules_of_de_yaml() -> None:
    """de.yaml's rules: no data name after "von" (it would need a case), the singular after "je", and every
    phrase whose number picks a noun's form has {one, other} forms."""
    german = load_language(Workspace(None), "de")
    plurals = {
        german.phrases[key].text(2)
        for key in german.phrases
        if key.startswith("terms.")
        and german.phrases[key].is_plural
        and german.phrases[key].text(2) != german.phrases[key].text(1)
    }
    for key, phrase in german.phrases.items():
        for text in phrase.texts():
            assert not re.search(r"\bvon \{(tile|name|zone|card)\}", text), (key, text)
            following = re.findall(r"\bje (\w+)", text)
            assert not [word for word in following if word in plurals], (key, text)
    for key in (
        "errors.lower.set_size",
        "errors.lower.too_few_sets",
        "build.built",
        "build.written",
        "cli.problems_found",
    ):
        assert german.phrases[key].is_plural, key

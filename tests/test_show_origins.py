"""`gah show`'s text origins checked against its JSON origins, line by line.

The text is read back with the loader that keeps positions (compiler/frontend/loader.py), so each value's JSON
Pointer has its line in the text; each line's comment must name the file (and line) its values came from, as
`gah show --json` gives them: no comment where every value on the line is from the chain's first file, and for
a one-line mapping or list, the one file all its values are from (never a patch that only touched it, also in a
chain of three files where that file is not the first).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from gah.frontend.loader import load_yaml
from gah.rules_yaml import origins
from helpers_rules import ROOT, SHIPPED, run_gah

TEST_RULESETS = sorted(
    str(path.relative_to(ROOT))
    for folder in ("tests/data/rulesets", "tests/data/variants")
    for path in (ROOT / folder).glob("*.yaml")
)
_COMMENT = re.compile(r"^(?P<text>.*\S)  +# (?P<file>\S.*):(?P<line>[0-9]+)$")

# Patches of base that touch one-line (flow) mappings and lists: a removal that leaves the rest of a mapping
# base's (its node is the patch's, its values are not), a list replaced, one key of a one-line mapping changed,
# a one-line mapping or list written again with base's values, a list of effects replaced.
PATCHES = {
    "nopp": 'hotel:\n  printed_points: {"3.4": null}\n',
    "lists": "score_track: {lap_marker: [75, 150, 225]}\nplayers: {max: 3}\n",
    "zones": "emperor_track:\n  zones:\n    black: {to: 0}\n    neutral: {name: Grey}\n  spaces: {13: 10}\n",
    "items": "items:\n  strudel: {name: Apfelstrudel}\n  cake: {kind: dish, name: Cake}\n",
    "rewards": "hotel:\n  group_rewards:\n    red: {by_size: {4: 12}}\n    blue: {reward: points}\n",
    "scorings": "emperor_scorings:\n  5: {move_back: 4}\n  7: {tier: C, move_back: 7}\n",
    "staff": "staff:\n  1: {cost: 5}\n  2: {name: Waitress, cost: 6, kind: once_per_round}\n  6: {cost: 1}\n",
    "effects": "tiles:\n  a-krones:\n    bonus: [{kind: gain_krones, amount: 6}, {kind: gain_points, amount: 1}]\n    penalty: {otherwise: [{kind: lose_points, amount: 5}]}\n",
}


def _show(target: str, cwd: Path | None) -> tuple[str, dict[str, str]]:
    text, as_json = run_gah("show", target, cwd=cwd), run_gah("show", target, "--json", cwd=cwd)
    assert text.code == 0 and as_json.code == 0, (text.err, as_json.err)
    return text.out, json.loads(as_json.out)["origins"]


def _lines_of_values(text: str) -> dict[int, list[str]]:
    """The JSON Pointers of the values (scalars, empty collections) written on each line of the text."""
    document = load_yaml(text, "shown")
    by_line: dict[int, list[str]] = {}
    for pointer, where in origins(document).items():
        by_line.setdefault(int(where.rsplit(":", 1)[1]), []).append(pointer)
    return by_line


def _check_origins(text: str, json_origins: dict[str, str], root_file: str) -> None:
    lines = text.splitlines()
    by_line = _lines_of_values(text)
    assert sorted(p for ps in by_line.values() for p in ps) == sorted(json_origins), "the text and JSON values differ"
    for number, line in enumerate(lines, start=1):
        if line.startswith("#"):
            continue  # the header
        comment = _COMMENT.match(line)
        pointers = by_line.get(number, [])
        wheres = [json_origins[p].rsplit(":", 1) for p in pointers]
        files = {file for file, _line in wheres}
        context = f"line {number}: {line!r}, values {pointers} from {sorted(files)}"
        if not pointers or files == {root_file}:
            assert comment is None, f"a comment where no value (or only {root_file}'s) stands: {context}"
            continue
        assert comment is not None, f"no comment for values from another file: {context}"
        assert files == {comment["file"]}, f"the comment names another file than the values': {context}"
        first = min(int(value_line) for _file, value_line in wheres)
        if len(pointers) == 1:
            assert int(comment["line"]) == first, context
        else:  # a one-line collection: its own line in that file, which comes before or on its first value
            assert 1 <= int(comment["line"]) <= first, context


@pytest.mark.parametrize("name", [*SHIPPED, *TEST_RULESETS])
def test_every_text_origin_is_the_json_origin(name: str, tmp_path: Path) -> None:
    text, json_origins = _show(name, tmp_path if name in SHIPPED else None)
    _check_origins(text, json_origins, _root_file(text))


@pytest.mark.parametrize("patch", sorted(PATCHES))
def test_a_patch_of_one_line_mappings_and_lists_is_blamed_where_its_values_are(patch: str, tmp_path: Path) -> None:
    path = tmp_path / f"{patch}.yaml"
    path.write_text(f"extends: base\nname: patch-{patch}\n{PATCHES[patch]}", encoding="utf-8")
    text, json_origins = _show(path.name, tmp_path)
    assert any(where.startswith(f"{patch}.yaml:") for where in json_origins.values())
    _check_origins(text, json_origins, _root_file(text))


def _root_file(text: str) -> str:
    """The chain's first file, as the header names it."""
    header = text.splitlines()[1]
    if header.startswith("# Every value comes from "):
        return header.removeprefix("# Every value comes from ").removesuffix(".")
    return text.splitlines()[2].removeprefix("#   ")


def test_a_one_line_mapping_a_patch_touched_is_blamed_on_the_parent_whose_values_it_holds(tmp_path: Path) -> None:
    """Three files: boss.yaml (extends base) gives a role, boss, its names and its part of the Emperor scoring;
    boss-english.yaml (extends boss) removes the German name. Merged, the roles fit one line, and every value on
    it is boss.yaml's (names.en, the first, on its line 5): the comment names boss.yaml:5, never the patch that
    only removed a key (boss-english.yaml:5), though the patch touched the mapping of the first value too."""
    folder = tmp_path / "table"
    (folder / "rules").mkdir(parents=True)
    (folder / "gah.toml").write_text("", encoding="utf-8")
    (folder / "rules" / "boss.yaml").write_text(
        "extends: base\nname: boss\nroles:\n  boss:\n    names: {en: boss, de: Chef}\n"
        "    emperor_scoring: {bonus: false}\n",
        encoding="utf-8",
    )
    (folder / "rules" / "boss-english.yaml").write_text(
        "extends: boss\nname: boss-english\nroles:\n  boss:\n    names: {de: null}\n", encoding="utf-8"
    )
    text, json_origins = _show("boss-english", folder)
    (roles,) = (line for line in text.splitlines() if line.startswith("roles:"))
    assert roles == "roles: {boss: {names: {en: boss}, emperor_scoring: {bonus: false}}}  # rules/boss.yaml:5"
    assert {p: w for p, w in json_origins.items() if p.startswith("/roles/")} == {
        "/roles/boss/names/en": "rules/boss.yaml:5",
        "/roles/boss/emperor_scoring/bonus": "rules/boss.yaml:6",
    }
    _check_origins(text, json_origins, _root_file(text))

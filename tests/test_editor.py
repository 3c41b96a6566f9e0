"""Editor support: every file validates against the schema its first line names, and the real
`yaml-language-server` underlines mistakes and nothing else.

The patches below are valid one-key variants, one per top-level section and per kind of entry;
`gah check` accepts each (so a diagnostic on one is a false alarm, not a real mistake).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from gah.errors import SourceRegistry
from gah.frontend.loader import load_file
from helpers_lsp import EditorReport, run_editor
from helpers_rules import LAB_MODELS, ROOT, RULES, SCHEMAS, run_gah, shipped_rule_files
from jsonschema import Draft7Validator

SCHEMA_LINE = "# yaml-language-server: $schema="
VARIANT_LINE = f"{SCHEMA_LINE}../../schemas/variant.schema.json"

# name -> the one top-level key of a valid patch of base, as YAML
PATCHES: dict[str, str] = {
    "title": "title: A short title",
    "description": "description: null",
    "players-max": "players: {max: 3}",
    "rounds": "rounds: 7",
    "item-name": "items: {coffee: {name: Espresso}}",
    "track-space": "emperor_track: {spaces: {13: 10}}",
    "track-step-beyond": "emperor_track: {points_per_step_beyond: 2}",
    "zone-bounds": "emperor_track: {zones: {neutral: {to: 3}, yellow: {from: 4}}}",
    "zone-outcome": "emperor_track: {zones: {black: {outcome: nothing}}}",
    "scoring-move-back": "emperor_scorings: {3: {move_back: 2}}",
    "tile-name": "tiles: {a-krones: {name: Krones for all}}",
    "tile-bonus": "tiles: {c-points: {bonus: [{kind: gain_points, amount: 6}]}}",
    "tile-penalty": "tiles: {a-krones: {penalty: {prefer: [{kind: lose_krones, amount: 2}]}}}",
    "hotel-cafe-seats": "hotel: {cafe_seats: 4}",
    "hotel-prepare-cost": "hotel: {prepare_cost: {4: 2}}",
    "hotel-printed-points": "hotel: {printed_points: {'4.5': 3}}",
    "hotel-group-reward": "hotel: {group_rewards: {red: {by_size: {4: 12}}}}",
    "hotel-uncertain-removed": "hotel: {uncertain: null}",
    "staff-cost": "staff: {5: {cost: 3}}",
    "staff-game-end-points": "staff: {27: {game_end: {points: 4}}}",
    "final-scoring-points": "final_scoring: {cafe: {points: -3}}",
    "final-scoring-by-floor": "final_scoring: {rooms: {points_by_floor: {4: 5}}}",
    "score-track": "score_track: {spaces: 100}",
    "tiebreakers": "tiebreakers: [{per: krones}]",
    "tie-ranking": "tie_ranking: shared",
    "rulings": "rulings: {notes: [A house note for the sheet.]}",
    "setup-start-krones": "setup: {start: {krones: 12}}",
    "setup-start-item": "setup: {start: {items: {wine: 2}}}",
    "setup-deal-hand": "setup: {deal: {hand_size: 5}}",
    "setup-deal-draft": "setup: {deal: {method: draft, packet_size: 6, keep_per_pick: 1, direction: left}}",
    "translations": "translations: {de: {names: {tiles: {a-krones: Kronen für alle}}}}",
    "resources": "resources: {favours: {names: {en: {one: favour, other: favours}}, at_most: 3, end: {per: 2}}}",
    "roles": "roles: {boss: {names: {en: boss}, emperor_scoring: {penalty: false}, final_scoring: [staff, rooms]}}",
}

# name -> (file under the scratch workspace, words its diagnostic must contain); texts in _broken_text
BROKEN: dict[str, tuple[str, str]] = {
    "unknown-key": ("rules/variants/unknown-key.yaml", "move_bak"),
    "wrong-type": ("rules/variants/wrong-type.yaml", "Incorrect type"),
    "bad-tile-id": (
        "rules/variants/bad-tile-id.yaml",
        "Expected an id: lower-case letters and digits, words joined by dashes",
    ),
    "bad-cell": ("rules/base-copy.yaml", 'Expected a hotel space as "floor.column"'),
    "bad-state-floor": ("examples/bad-floor.yaml", "Expected one floor: 1 to 9 characters"),
    "bad-lab-name": ("rules/lab/bad-name.yaml", "Expected a name: lower-case letters and digits"),
}


def _patch_text(name: str) -> str:
    return f"{VARIANT_LINE}\nextends: base\nname: {name}\n{PATCHES[name]}\n"


def _replaced(path: Path, old: str, new: str) -> str:
    text = path.read_text(encoding="utf-8")
    assert old in text, path
    return text.replace(old, new)


def _broken_text(name: str) -> str:
    variant = f"{VARIANT_LINE}\nextends: base\nname: {name}\n"
    texts = {
        "unknown-key": lambda: variant + "emperor_scorings: {3: {move_bak: 2}}\n",
        "wrong-type": lambda: variant + "rounds: seven\n",
        "bad-tile-id": lambda: variant + "tiles: {Royal_Tile: {name: Royal}}\n",
        "bad-cell": lambda: _replaced(RULES / "base.yaml", 'first_room: "1.1"', 'first_room: "1-1"'),
        "bad-state-floor": lambda: (
            f"{SCHEMA_LINE}../schemas/state.schema.json\nround: 1\ntiles: {{A: a-krones}}\n"
            "players:\n  - name: Anna\n    hotel: [ooX]\n"
        ),
        "bad-lab-name": lambda: _replaced(
            RULES / "lab" / "default.yaml", "\nname: default\n", "\nname: Default Model\n"
        ),
    }
    return texts[name]()


def shipped_yaml_files() -> list[Path]:
    """Every YAML file the repository ships that names a schema: rules, lab models, examples."""
    shipped = [*shipped_rule_files(), *(RULES / "lab" / f"{name}.yaml" for name in LAB_MODELS)]
    return shipped + sorted((ROOT / "examples").glob("*.yaml"))


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder laid out as a workspace (schemas/, rules/variants/, rules/lab/, examples/) holding
    the valid patches and the broken files, with a copy of the schemas their first lines name."""
    folder = tmp_path_factory.mktemp("editor")
    shutil.copytree(SCHEMAS, folder / "schemas")
    for sub in ("rules/variants", "rules/lab", "examples"):
        (folder / sub).mkdir(parents=True)
    for name in PATCHES:
        (folder / "rules" / "variants" / f"{name}.yaml").write_text(_patch_text(name), encoding="utf-8")
    for name, (where, _) in BROKEN.items():
        (folder / where).write_text(_broken_text(name), encoding="utf-8")
    return folder


def _patch_files(folder: Path) -> list[Path]:
    return [folder / "rules" / "variants" / f"{name}.yaml" for name in PATCHES]


def _schema_errors(path: Path) -> list[str]:
    """jsonschema's errors for a file, against the schema its first line names."""
    first = path.read_text(encoding="utf-8").splitlines()[0]
    assert first.startswith(SCHEMA_LINE), path
    schema_path = (path.parent / first.removeprefix(SCHEMA_LINE).strip()).resolve()
    schema: dict[str, Any] = json.loads(schema_path.read_text(encoding="utf-8"))
    document = load_file(path, path.name, SourceRegistry()).plain()
    return [f"{list(e.absolute_path)}: {e.message}" for e in Draft7Validator(schema).iter_errors(document)]


# --- jsonschema ----------------------------------------------------------------------------------


@pytest.mark.parametrize("path", shipped_yaml_files(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_shipped_file_satisfies_the_schema_its_first_line_names(path: Path) -> None:
    assert _schema_errors(path) == []


@pytest.mark.parametrize("name", PATCHES)
def test_one_key_patch_is_valid_for_gah_check_and_the_variant_schema(scratch: Path, name: str) -> None:
    path = scratch / "rules" / "variants" / f"{name}.yaml"
    run = run_gah("check", str(path))
    assert run.code == 0, run.err
    assert _schema_errors(path) == []


def test_the_patches_cover_every_top_level_section() -> None:
    ruleset = json.loads((SCHEMAS / "ruleset.schema.json").read_text(encoding="utf-8"))
    covered = {text.split(":", 1)[0] for text in PATCHES.values()}
    assert covered == set(ruleset["properties"]) - {"name"}


@pytest.mark.parametrize("name", BROKEN)
def test_broken_file_breaks_the_schema_its_first_line_names(scratch: Path, name: str) -> None:
    assert _schema_errors(scratch / BROKEN[name][0]) != []


def test_gah_check_and_the_editor_say_the_same_about_a_bad_pattern(scratch: Path) -> None:
    run = run_gah("check", str(scratch / BROKEN["bad-tile-id"][0]))
    assert run.code == 1
    assert 'key "Royal_Tile" is not valid here; expected an id: lower-case letters and digits' in run.err


# --- the real yaml-language-server ---------------------------------------------------------------


# file -> text, and the place (line, column) where the editor is asked to complete a key
COMPLETE: dict[str, tuple[str, int, int]] = {
    "complete-top.yaml": ("extends: base\nname: complete-top\n\n", 4, 1),
    "complete-tile.yaml": ("extends: base\nname: complete-tile\ntiles:\n  a-krones:\n    \n", 6, 5),
}


@pytest.fixture(scope="module")
def editor(scratch: Path) -> EditorReport:
    """One server run over the shipped files, the patches and the broken files, plus key completions."""
    places = []
    for name, (text, line, column) in COMPLETE.items():
        path = scratch / "rules" / "variants" / name
        path.write_text(f"{VARIANT_LINE}\n{text}", encoding="utf-8")
        places.append((path, line, column))
    files = [*shipped_yaml_files(), *_patch_files(scratch), *(scratch / where for where, _ in BROKEN.values())]
    return run_editor(scratch, [*files, *(path for path, _, _ in places)], places)


@pytest.mark.parametrize("path", shipped_yaml_files(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_the_editor_underlines_nothing_in_a_shipped_file(editor: EditorReport, path: Path) -> None:
    assert [str(d) for d in editor.diagnostics[path]] == []


@pytest.mark.parametrize("name", PATCHES)
def test_the_editor_underlines_nothing_in_a_valid_patch(editor: EditorReport, scratch: Path, name: str) -> None:
    assert [str(d) for d in editor.diagnostics[scratch / "rules" / "variants" / f"{name}.yaml"]] == []


@pytest.mark.parametrize("name", BROKEN)
def test_the_editor_underlines_a_mistake(editor: EditorReport, scratch: Path, name: str) -> None:
    where, words = BROKEN[name]
    found = editor.diagnostics[scratch / where]
    assert any(words in d.message for d in found), [str(d) for d in found]


@pytest.mark.parametrize("name", COMPLETE)
def test_every_key_the_editor_offers_in_a_variant_is_described(editor: EditorReport, scratch: Path, name: str) -> None:
    _, line, column = COMPLETE[name]
    items = dict(editor.completions[(scratch / "rules" / "variants" / name, line, column)])
    assert len(items) >= 4, items
    bare = {label: text for label, text in items.items() if not text.strip() or text.startswith(" (null removes it)")}
    assert bare == {}
    if name == "complete-tile.yaml":
        assert "bonus zone" in items["bonus"] and items["bonus"].endswith("(null removes it)")

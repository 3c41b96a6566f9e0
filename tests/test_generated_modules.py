"""The generated scoring modules: fresh, golden, standalone, specialised per variant, deterministic, safe."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from gah.backends.python.load import import_source
from gah.backends.python.module import generate_module
from gah.project import load_one
from goldens import assert_matches_golden, scoring_goldens
from helpers_rules import copy_project, shipped_workspace
from helpers_scoring import ROOT, SHIPPED, after, final, module, player, score, state

GENERATED = ROOT / "generated" / "scoring"


def generated_text(name: str) -> str:
    return generate_module(load_one(shipped_workspace(), name))


# --- snapshots ---------------------------------------------------------------------------------


@pytest.mark.snapshot
@pytest.mark.parametrize("name", SHIPPED)
def test_checked_in_module_is_what_the_backend_generates(name: str) -> None:
    """generated/scoring/<name>.py is exactly generate_module(<ruleset>): run `gah build` if not."""
    path = GENERATED / f"{name.replace('-', '_')}.py"
    assert path.read_text(encoding="utf-8") == generated_text(name), f"{path} is stale: run gah build"


@pytest.mark.snapshot
def test_base_module_matches_the_golden_copy() -> None:
    """tests/golden/scoring/base.py is a reviewed copy of the base module (`python -m tests.update_goldens` rewrites it)."""
    ((path, text),) = scoring_goldens().items()
    assert_matches_golden(path, text)


# --- standalone ---------------------------------------------------------------------------------

IMPORT_CHECK = """
import importlib.util, json, os, sys
before = set(sys.modules)
spec = importlib.util.spec_from_file_location("scoring_under_test", sys.argv[1])
module = importlib.util.module_from_spec(spec)
sys.modules[spec.name] = module
spec.loader.exec_module(module)
new = sorted({m.split(".")[0] for m in set(sys.modules) - before} - {"scoring_under_test"})
outside = [m for m in new if m not in sys.stdlib_module_names]
result = module.score_game(json.loads(sys.argv[2]))
sys.stdout.write(json.dumps({"outside": outside, "score_game": callable(module.score_game),
                             "totals": [e["total"] for e in result["final"]], "files": sorted(os.listdir("."))}))
"""


STANDALONE_STATE = {
    "round": 7,
    "tiles": {"A": "a-krones", "B": "b-krones", "C": "c-points"},
    "players": [{"name": "Anna", "emperor": 8, "krones": 2}, {"name": "Ben", "emperor": 0}],
}


@pytest.mark.snapshot
@pytest.mark.parametrize("name", SHIPPED)
def test_module_imports_alone_without_side_effects(name: str, tmp_path: Path) -> None:
    """Each module imports under `python -I -S` (standard library only), prints nothing, writes nothing."""
    path = GENERATED / f"{name.replace('-', '_')}.py"
    done = subprocess.run(
        [sys.executable, "-I", "-S", "-B", "-c", IMPORT_CHECK, str(path), json.dumps(STANDALONE_STATE)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    report = json.loads(done.stdout)
    assert report["outside"] == []
    assert report["score_game"] is True
    assert report["files"] == []
    # The file on disk scores like the module compiled in memory.
    assert report["totals"] == [e["total"] for e in score(STANDALONE_STATE, name)["final"]]
    if name == "base":
        # Anna: space 8 pays 5, lands 1: nothing; + 2 krones = 7. Ben: space 0, c-points penalty on 0 points: 0.
        assert report["totals"] == [7, 0]


def test_generated_modules_pass_mypy_strict() -> None:
    """DESIGN: modules are typed: `mypy --strict` accepts every generated module as it is."""
    pytest.importorskip("mypy")
    paths = [str(GENERATED / f"{name.replace('-', '_')}.py") for name in SHIPPED]
    assert len(paths) == len(SHIPPED)
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-error-summary", *paths],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_fixed_functions_land_as_runtime_entry_py_writes_them() -> None:
    """The functions of runtime/entry.py are copied into the modules (each one into some module, as it is written
    there but for its `_by_role` name), and the names it reads of a ruleset's (runtime/written.pyi) are written with
    the types declared there: a function, or a constant of the same annotation (ROLE_*: where there are roles)."""
    import ast

    from gah.backends.python.standalone import RUNTIME_DIR, fixed_functions

    written = ast.parse((RUNTIME_DIR / "written.pyi").read_text(encoding="utf-8")).body
    declared = {
        node.target.id: ast.unparse(node.annotation)
        for node in written
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)
    }
    copied: set[str] = set()
    for name in SHIPPED:
        text = (GENERATED / f"{name.replace('-', '_')}.py").read_text(encoding="utf-8")
        tree = ast.parse(text)
        functions = {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}
        constants = {
            node.target.id: ast.unparse(node.annotation)
            for node in tree.body
            if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)
        }
        constants.update(  # RULES = Rules(...)
            (target.id, node.value.func.id)
            for node in tree.body
            if isinstance(node, ast.Assign)
            and isinstance(node.value, ast.Call)
            and isinstance(node.value.func, ast.Name)
            for target in node.targets
            if isinstance(target, ast.Name)
        )
        for fixed, source in fixed_functions().items():
            as_copied = source.replace(f"def {fixed}(", f"def {fixed.removesuffix('_by_role')}(", 1)
            whole = f"\n{as_copied}\n" in text
            # A function a ruleset varies (its Staff, its roles): its head and its docstring's first line, copied.
            head = "\n".join(as_copied.splitlines()[:2])
            if whole or (fixed in VARIED and f"\n{head}\n" in text):
                copied.add(fixed)
        for declared_name, annotation in declared.items():
            if annotation.startswith("Callable") and declared_name in functions:
                continue
            if declared_name.startswith("ROLE_") and declared_name not in constants:
                continue
            assert constants.get(declared_name) == annotation, (name, declared_name)
    assert copied == set(fixed_functions())


# The functions of runtime/entry.py the generator copies with what a ruleset varies in them.
VARIED = ("emperor_bonus", "emperor_penalty", "emperor_scoring_step", "emperor_scoring_step_by_role")


# --- variants differ where their data differs ------------------------------------------------------


def test_gentle_move_backs_lands_higher() -> None:
    """gentle-move-backs: back 2 after round 3: space 5 pays 4, lands 3 (a-krones bonus +3); base lands 2: nothing."""
    data = state(3, player(emperor=5))
    base = after(score(data))
    gentle = after(score(data, "gentle-move-backs"))
    assert (base["emperor"], base["krones"], base["points"]) == (2, 0, 4)
    assert (gentle["emperor"], gentle["krones"], gentle["points"]) == (3, 3, 4)
    # Round 7: back 6 instead of 7: space 7 pays 5, lands 1 (nothing); base lands 0: c-points -8.
    data7 = state(7, player(emperor=7, points=10))
    assert after(score(data7))["points"] == 10 + 5 - 8
    assert after(score(data7, "gentle-move-backs"))["points"] == 10 + 5


def test_mild_cafe_costs_3_per_guest() -> None:
    """mild-cafe: 2 guests cost -6 at the end, not -10."""
    data = state(7, player(emperor=9, points=20, cafe=[{}, {"wine": 1}]))
    assert final(score(data))["breakdown"]["cafe"] == -10
    assert final(score(data, "mild-cafe"))["breakdown"]["cafe"] == -6
    # 20 + 6 (space 9) - 6 = 20.
    assert final(score(data, "mild-cafe"))["total"] == 20


def test_long_track_pays_and_caps_at_15_and_moves_the_zone_edge() -> None:
    """long-track: space 14 pays 10, space 15 pays 11 and is the cap; the bonus starts at 4."""
    # Space 14 pays 10, lands 7 (bonus): c-points +8 -> 18.
    assert after(score(state(7, player(emperor=14)), "long-track"))["points"] == 18
    assert after(score(state(7, player(emperor=15)), "long-track"))["points"] == 11 + 8
    # Space 10 pays 6 and lands 3: neutral on the long track (base: bonus, 6 + 8).
    assert after(score(state(7, player(emperor=10)), "long-track"))["points"] == 6
    assert after(score(state(7, player(emperor=10))))["points"] == 14
    # The base track ends at 13.
    with pytest.raises(module().StateError, match=r"emperor: 14 is out of range \(from 0 to 13\)"):
        score(state(7, player(emperor=14)))
    # Pool Attendant through a-draw-staff (round 3: 15 pays 11, lands 12): +3 -> 15 and 0 beyond;
    # from 14 (pays 10, lands 11): 14, no point beyond the cap of 15 (base would be capped at 13).
    capped = after(score(state(3, player(emperor=15), deck=[45, 1, 2], A="a-draw-staff"), "long-track"))
    assert (capped["emperor"], capped["points"]) == (15, 11)


def test_no_penalties_space_0_gives_nothing() -> None:
    """no-penalties: landing on 0 gives nothing: 10 points stay 10 (base: c-points -8 -> 2)."""
    data = state(7, player(emperor=0, points=10))
    assert after(score(data))["points"] == 2
    result = score(data, "no-penalties")
    assert after(result)["points"] == 10
    assert [e["kind"] for e in result["events"]] == ["score", "move_back", "nothing"]


def test_royal_banquet_tile_both_sides() -> None:
    """royal-banquet: b-royal-banquet bonus 2 items of choice + 2 krones; penalty 2 krones and 1 card, or 6 points."""
    # Bonus: space 8 pays 5, lands 3: items to the thinnest kinds (strudel, then cake), +2 krones.
    bonus = after(score(state(5, player(emperor=8), B="b-royal-banquet"), "royal-banquet"))
    assert (bonus["krones"], bonus["points"]) == (2, 5)
    assert bonus["kitchen"] == {"strudel": 1, "cake": 1, "wine": 0, "coffee": 0}
    # Penalty taken fully: 2 krones and card 1 from hand under the deck.
    full = score(
        state(5, player(emperor=0, points=10, krones=2, hand=[1]), deck=[30], B="b-royal-banquet"), "royal-banquet"
    )
    assert (after(full)["krones"], after(full)["hand"], after(full)["points"]) == (0, [], 10)
    assert full["state"]["staff_deck"] == [30, 1]
    # 1 krone cannot pay 2: lose 6 points instead, keep krone and card.
    short = after(
        score(state(5, player(emperor=0, points=10, krones=1, hand=[1]), B="b-royal-banquet"), "royal-banquet")
    )
    assert (short["krones"], short["hand"], short["points"]) == (1, [1], 4)
    # No card in hand: also 6 points.
    no_card = after(score(state(5, player(emperor=0, points=10, krones=5), B="b-royal-banquet"), "royal-banquet"))
    assert (no_card["krones"], no_card["points"]) == (5, 4)
    # The base game does not know the tile.
    with pytest.raises(module().StateError, match=r"unknown tile 'b-royal-banquet'"):
        score(state(5, player(emperor=8), B="b-royal-banquet"))


@pytest.mark.parametrize(
    ("variant", "parent"), [("draft", "base"), ("introductory", "base"), ("gentle-draft", "gentle-move-backs")]
)
def test_setup_only_variants_score_like_their_parent(variant: str, parent: str) -> None:
    """Variants that change only the deal score every state exactly as their parent."""
    data = state(
        7,
        player(emperor=11, points=30, krones=3, hotel=[".....", "o....", "oo...", "ooo.."], hired=[29, 41]),
        player("Ben", emperor=2, points=25, hand=[1, 2], hired=[27]),
        deck=[10, 11, 12],
        C="c-free-staff",
    )
    mine, theirs = score(data, variant), score(data, parent)
    assert mine["ruleset"] == variant
    # By hand. Anna: space 11 pays 7, back 7 (gentle: 6) to 4 (5): bonus, no hand to play: 37 points.
    # Ben: space 2 pays 2, back to 0: penalty, his game-end Booking Manager is discarded: 27, nothing more.
    # So Anna's Secretary finds no opponent card to copy at the end: staff = Operator 2 x 4 (5) = 8 (10);
    # rooms 3 x 1 + 2 x 2 + 1 x 3 = 10; krones 3: 58 (60).
    assert [e["total"] for e in mine["final"]] == ([60, 27] if parent == "gentle-move-backs" else [58, 27])
    assert after(mine, "Ben")["hired"] == [] and mine["state"]["staff_discard"] == [27]
    assert {k: v for k, v in mine.items() if k != "ruleset"} == {k: v for k, v in theirs.items() if k != "ruleset"}


# --- determinism ---------------------------------------------------------------------------------


def _build(tmp: Path, seed: str, sheets_from: Path | None) -> Path:
    root = copy_project(tmp / f"seed-{seed}")
    shutil.rmtree(root / "generated")
    if sheets_from is not None and sheets_from.is_dir():
        # Reuse rendered PDFs (the manifest keeps them only if their HTML is unchanged): speed only.
        shutil.copytree(sheets_from, root / "generated" / "sheets")
    env = dict(os.environ, PYTHONHASHSEED=seed)
    done = subprocess.run(
        [sys.executable, "-m", "gah", "--root", str(root), "build"],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp,
        check=False,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    return root / "generated"


def _tree(folder: Path) -> dict[str, bytes]:
    # Byte code a Python that imported the checked-in modules left there is no output of gah's.
    files = (p for p in sorted(folder.rglob("*")) if p.is_file() and "__pycache__" not in p.parts)
    return {str(p.relative_to(folder)): p.read_bytes() for p in files}


def test_a_build_under_another_hash_seed_is_the_checked_in_one(tmp_path: Path) -> None:
    """`gah --root TMP build` under PYTHONHASHSEED 1 gives the bytes of the checked-in generated/, which CI builds
    under PYTHONHASHSEED 0 (.ci/run) and a developer under a random seed: one build, two seeds. (If it fails
    everywhere, generated/ may just be stale: test_goldens says so, and `gah build` refreshes it.)"""
    built = _tree(_build(tmp_path, "1", ROOT / "generated" / "sheets"))
    checked_in = _tree(ROOT / "generated")
    assert sorted(built) == sorted(checked_in)
    assert len([name for name in built if name.startswith("scoring/")]) == len(SHIPPED)
    for name in built:
        assert built[name] == checked_in[name], f"{name} differs from the checked-in one (another hash seed)"


# --- safety of user strings --------------------------------------------------------------------------


def hostile_strings(marker: Path) -> dict[str, str]:
    payload = f'"""; import os; os.system("touch {marker}")'
    return {
        "title": f"Quotes ' \" ''' \"\"\" and {payload} #",
        "description": (
            'Backslash \\ and \\n and \\" then a real newline\nthen """; import os; os.system("touch /tmp/gah-pwned")\n'
            "emoji 🏨🎩, RTL שלום \u202eevil\u202c, line separator \u2028 and paragraph \u2029 end \\"
        ),
        # Names are short (schema maxLength): the payload without the long marker path.
        "tile_name": "T \"\"\"; import os \u2028 ''' \\",
        "tile_description": f"# comment?\n{payload}\n\"\"\"\n'''",
        "staff_name": 'C """; import os \u2028 \\ \U0001f3e8',
    }


def yaml_escape(char: str) -> str:
    code = ord(char)
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def test_hostile_strings_compile_import_safely_and_come_back_unchanged(tmp_path: Path) -> None:
    """DESIGN: user strings reach generated Python only as repr() literals or harmless comments."""
    marker = tmp_path / "pwned"
    strings = hostile_strings(marker)
    variant = {
        "extends": "base",
        "name": "hostile-strings",
        "title": strings["title"],
        "description": strings["description"],
        "tiles": {
            "b-hostile": {
                "tier": "B",
                "name": strings["tile_name"],
                "description": strings["tile_description"],
                "bonus": [{"kind": "gain_krones", "amount": 1}],
                "penalty": {"effects": [{"kind": "lose_points", "amount": 1}]},
            }
        },
        "staff": {26: {"name": strings["staff_name"]}},
    }
    path = tmp_path / "hostile.yaml"
    # JSON is YAML: every string a double-quoted scalar; non-ASCII as YAML escapes (\\u, \\U beyond the BMP).
    text = json.dumps(variant, ensure_ascii=False, indent=2)
    text = re.sub(r"[^\x00-\x7f]", lambda m: yaml_escape(m.group()), text)
    path.write_text(text, encoding="utf-8")
    pwned_before = Path("/tmp/gah-pwned").exists()

    ruleset = load_one(shipped_workspace(), str(path))
    text = generate_module(ruleset)
    compile(text, "<hostile>", "exec")
    hostile = import_source(text, ruleset.module_name)

    assert not marker.exists()
    assert Path("/tmp/gah-pwned").exists() == pwned_before
    assert strings["title"] == hostile.TITLE
    assert strings["description"] == hostile.DESCRIPTION
    assert hostile.RULES.staff[26][0] == strings["staff_name"]
    assert "b-hostile" in hostile.RULES.tiles
    # The hostile tile and the renamed Conference Manager work, and their strings come back in events.
    data = state(5, player(emperor=0, krones=1, points=3, hired=[26]), B="b-hostile")
    result: dict[str, Any] = hostile.score_game(data)
    assert after(result)["krones"] == 0
    assert any(strings["staff_name"] in e["text"] for e in result["events"])
    # The text has no line of user text: every line still parses as the generator wrote it.
    assert strings["description"] not in text
    assert not marker.exists()

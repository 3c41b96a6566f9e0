"""The pad's game as it went (issue 31), without the browser: its DOM-free scripts under Node.

- yaml.js reads a `gah` state file as `gah score` reads it: every text here gives the same values as
  gah's own loader (compiler/frontend/loader.py: PyYAML's YAML 1.1 resolution, empty values, big whole
  numbers, decimals), and what gah refuses (anchors, aliases, tags, a key twice) is refused too.
- history.js's points by round and whole-game CSV and JSON, on a hand-worked game.
"""

from __future__ import annotations

import copy
import json
import subprocess
import tempfile
from pathlib import Path
from typing import Any

import pytest
import yaml
from gah.backends.js.page import generate_page
from gah.errors import RulesError
from gah.frontend.loader import Node, load_yaml
from gah.project import load_one
from helpers_rules import shipped_workspace
from helpers_scoring import module
from test_js_backend import node

# Values written so that JSON can carry them: an empty value, a decimal (its repr), a whole number
# beyond 2**53 (its digits).
TAGGED = """
const tagged = (v) => {
  if (v === M.PadCheck.EMPTY) return {$empty: true};
  if (v instanceof M.PadCheck.PyFloat) return {$float: M.PadCheck.floatText(v.value)};
  if (typeof v === "bigint") return {$big: v.toString()};
  if (Array.isArray(v)) return v.map(tagged);
  if (v !== null && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, tagged(x)]));
  return v;
};
"""


def tagged(node: Node) -> Any:
    """gah's loader's value of a node, tagged as TAGGED tags the pad's."""
    value = node.value
    if node.empty:
        return {"$empty": True}
    if isinstance(value, dict):
        return {key: tagged(child) for key, child in value.items()}
    if isinstance(value, list):
        return [tagged(child) for child in value]
    if isinstance(value, float):
        return {"$float": repr(value)}
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 2**53 - 1:
        return {"$big": str(value)}
    return value


@pytest.fixture(scope="module")
def page() -> Path:
    folder = Path(tempfile.mkdtemp(prefix="gah-pad-views-"))
    path = folder / "base.html"
    path.write_bytes(generate_page(load_one(shipped_workspace(), "base")))
    return path


def run_pad(page: Path, body: str, data: Any) -> Any:
    """`body` (JavaScript, with M: the page's DOM-free scripts, and DATA: `data`) under Node: what it writes."""
    script = (
        "const fs = require('node:fs'); const vm = require('node:vm');"
        f"const page = fs.readFileSync({json.dumps(str(page))}, 'utf8');"
        'const ui = page.match(/<script id="gah-ui">([\\s\\S]*?)<\\/script>/)[1];'
        "const context = vm.createContext({});"
        "vm.runInContext(ui.slice(0, ui.indexOf('\\nconst PadStore = ')) +"
        " '\\nglobalThis.M = {PadYaml, PadCheck, PadHistory, PadReport};', context);"
        "const M = context.M; const DATA = JSON.parse(fs.readFileSync(0, 'utf8'));" + TAGGED + body
    )
    run = subprocess.run(
        [node(), "-e", script], input=json.dumps(data).encode(), capture_output=True, timeout=120, check=False
    )
    assert run.returncode == 0, run.stderr.decode()[-3000:]
    return json.loads(run.stdout)


READ = """
process.stdout.write(JSON.stringify(DATA.map((text) => {
  try { return {value: tagged(M.PadYaml.parse(text))}; }
  catch (error) { if (!(error instanceof M.PadYaml.YamlError)) throw error; return {refused: [error.line, error.key]}; }
})));
"""

STATE = module("base").setup_game(["Anna", "Ben", "Cleo"], 7)
SAME = [
    yaml.safe_dump(STATE, sort_keys=False),  # gah setup's YAML: lists without indent
    yaml.safe_dump(STATE, sort_keys=False, default_flow_style=None),  # short lists and mappings in flow
    yaml.safe_dump(STATE, sort_keys=False, allow_unicode=True, indent=4),
    # By hand: comments, a document start, indented lists, quoted names, flow with spaces.
    "---\n# after round 3\nround: 3   # the round just ended\ntiles: {A: a-krones, B: b-krones, C: c-points}\n"
    "players:\n  - name: 'O''Brien'   # a quote in a name\n    points: 12\n    hand: [ 3 , 27 ]\n"
    "    cafe:\n      - {cake: 2}\n      - {}\n    hotel:\n      - '.....'\n      - \".....\"\n"
    '  - name: "Ben \\u00e9 #2"\n    kitchen: {wine: 1, coffee: 0}\n...\n',
    # YAML 1.1 scalars as PyYAML resolves them, and a key with nothing after it.
    "a: yes\nb: No\nc: on\nd: OFF\ne: 1_000\nf: 0x1F\ng: 010\nh: 1:30\ni: 1e3\nj: 2.5\nk: .inf\nl: -.5\n"
    "m: ~\nn: null\no:\np: ''\nq: 99999999999999999999\nr: 2001-12-14\ns: +7\nt: -0\nu: 0b101\nv: 1.\n"
    "w: [~, yes, 3.0, x y]\nx: {k: }\ny: text with:colon # comment\nz: a#b\n",
    "players:\n- name: A\n  hand:\n  - 1\n  -\n  - - 2\n    - 3\n- name: B\n",
    "- 1\n- [a, [b, {c: d}]]\n- {'q': \"r\"}\n",
    "key:   \n  nested: 1\nother: 2\n",
]
REFUSED = [
    ("a: &x 1\nb: *x\n", "yaml_unsupported"),  # gah: anchors and aliases are refused
    ("a: !!str 1\n", "yaml_unsupported"),  # gah: explicit tags are refused
    ("a: 1\na: 2\n", "yaml_duplicate"),  # gah: a key given twice is refused
    ("a: {b: 1, b: 2}\n", "yaml_duplicate"),
    ("a:\n\tb: 1\n", "yaml_tab"),
    ("a: [1, 2\n", "yaml_unclosed"),
    ("a: 'open\n", "yaml_unclosed"),
    ("a: 1\n  b: 2\n", "yaml_indent"),
    ("a: b: c\n", "yaml_after"),
    ('a: "\\q"\n', "yaml_escape"),
    ("a: " + "[" * 70 + "]" * 70 + "\n", "yaml_deep"),
]
# What gah reads but the pad refuses (no state needs it): block text and plain text over lines.
PAD_ONLY_REFUSES = [("a: |\n  line\n", "yaml_unsupported"), ("a: one\n  two\n", "yaml_indent")]


def test_a_state_file_reads_as_gah_reads_it(page: Path) -> None:
    got = run_pad(page, READ, SAME)
    for text, found in zip(SAME, got, strict=True):
        assert found == {"value": tagged(load_yaml(text, "state.yaml"))}, text
    # Spot checks of PyYAML's YAML 1.1 (worked out from its resolver): 1:30 is 90 (base 60), 010 is 8
    # (octal), 1e3 is text (no point), `o:` with nothing is empty, 2001-12-14 stays text.
    scalars = got[4]["value"]
    assert (scalars["h"], scalars["g"], scalars["i"], scalars["o"], scalars["r"]) == (
        90,
        8,
        "1e3",
        {"$empty": True},
        "2001-12-14",
    )
    assert (scalars["a"], scalars["b"], scalars["c"], scalars["q"]) == (
        True,
        False,
        True,
        {"$big": "99999999999999999999"},
    )


def test_what_gah_refuses_the_pad_refuses_with_the_line(page: Path) -> None:
    got = run_pad(page, READ, [text for text, _key in REFUSED + PAD_ONLY_REFUSES])
    assert [found["refused"][1] for found in got] == [key for _text, key in REFUSED + PAD_ONLY_REFUSES]
    assert got[0]["refused"][0] == 1 and got[7]["refused"][0] == 2  # the line it is on
    for text, _key in REFUSED[:4]:
        with pytest.raises(RulesError):
            load_yaml(text, "state.yaml")
    for text, _key in PAD_ONLY_REFUSES:
        load_yaml(text, "state.yaml")  # gah reads these; the pad says which line it cannot


# --- the game as it went: a deal and a hand-worked last round ------------------------------------

ROUND_7 = {
    "round": 7,
    "tiles": {"A": "a-krones", "B": "b-krones", "C": "c-points"},
    "players": [
        {
            "name": "Anna",
            "points": 30,
            "krones": 7,
            "emperor": 9,
            "kitchen": {"strudel": 2, "wine": 1},
            "cafe": [{"cake": 2}, {}],
            "hotel": ["o....", "o....", "o....", "ov..."],
            "hired": [29],
        },
        {"name": "=Ben", "points": 20, "emperor": 9, "hotel": [".....", "o....", "ovoo.", "ooooo"], "hired": [27, 31]},
    ],
}  # tests/test_js_pad_browser.py's hand-worked round 7: Anna 50, Ben 61


def hand_worked_game() -> dict[str, Any]:
    """The pad's game record: the deal of Anna and =Ben (seed 7, round 0) and the hand-worked round 7."""
    mod = module("base")
    dealt = mod.setup_game(["Anna", "=Ben"], 7)
    history = [
        {"round": r, "before": s, "result": mod.score_game(copy.deepcopy(s))} for r, s in ((0, dealt), (7, ROUND_7))
    ]
    return {"seed": 7, "history": history}


HISTORY = """
const scorings = [{round: 3, tier: "A"}, {round: 5, tier: "B"}, {round: 7, tier: "C"}];
const table = M.PadHistory.rows(DATA, scorings);
process.stdout.write(JSON.stringify({
  names: M.PadHistory.names(table),
  anna: M.PadHistory.series(table, "Anna"),
  rows: table.map((row) => [row.round, row.tier, row.final]),
  csv: M.PadHistory.csv(DATA, scorings),
  json: JSON.parse(M.PadHistory.json(DATA, "base")),
}));
"""


def test_points_by_round_and_the_whole_game_as_csv_and_json(page: Path) -> None:
    game = hand_worked_game()
    got = run_pad(page, HISTORY, game)
    assert got["names"] == ["Anna", "=Ben"]
    # The deal: 0 points. Round 7 (tier C, both on space 9: +6 each): Anna 30 + 6 = 36, then the final
    # scoring: rooms 10 + krones 7 + kitchen 3 + café -10 + Secretary 4 = 14 more, 50 in all.
    assert got["anna"] == [0, 36, 50]
    assert got["rows"] == [[0, None, False], [7, "C", False], [7, None, True]]
    lines = got["csv"].split("\r\n")
    assert lines[0] == (
        "round,scoring,player,points,krones,emperor,objectives,final staff,final rooms,final krones,final kitchen,"
        "final cafe,total,rank,tiebreak"
    )
    # One row per player and scoring: the deal (10 krones each at the start), round 7's Emperor scoring
    # (points 30 + 6 and 20 + 6; both markers back 7 to space 2), the final scoring (Ben's 61 is first;
    # a leading = is made harmless for spreadsheets).
    assert lines[1:] == [
        "0,deal,Anna,0,10,0,0,,,,,,,,",
        "0,deal,'=Ben,0,10,0,0,,,,,,,,",
        "7,emperor C,Anna,36,7,2,0,,,,,,,,",
        "7,emperor C,'=Ben,26,0,2,0,,,,,,,,",
        "7,final,Anna,36,7,2,0,4,10,7,3,-10,50,2,10",
        "7,final,'=Ben,26,0,2,0,21,14,0,0,0,61,1,0",
        "",
    ]
    whole = got["json"]
    assert (whole["ruleset"], whole["seed"], [r["round"] for r in whole["rounds"]]) == ("base", 7, [0, 7])
    assert whole["rounds"][1]["before"] == ROUND_7  # what `gah score` reads to give that round again
    assert [s["points"] for s in whole["rounds"][1]["standings"]] == [61, 50]


SHOWN = """
const row = (round, tier, points, final) => ({round, tier, final: !!final, players: points.map((p, i) => ({name: "P" + i, points: p}))});
const table = [
  row(0, null, [0, 0]), row(1, null, [0, 0]), row(2, null, [3, 0]), row(3, "A", [5, 2]), row(4, null, [5, 2]),
  row(5, "B", [5, 4]), row(6, null, [5, 4]), row(7, "C", [9, 4]), row(7, null, [20, 11], true),
];
process.stdout.write(JSON.stringify(M.PadHistory.shown(table).map((r) => [r.round, r.final])));
"""


def test_the_points_by_round_show_the_scorings_and_the_rounds_where_points_were_entered(page: Path) -> None:
    """Issue 42: a round without an Emperor scoring is a row only where someone's points changed in it (round 2:
    3 points entered); rounds 1, 4 and 6 changed nothing and are left out; the deal and the final stay."""
    got = run_pad(page, SHOWN, None)
    assert got == [[0, False], [2, False], [3, False], [5, False], [7, False], [7, True]]

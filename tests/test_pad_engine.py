"""The score pad's own code against the Python modules, under Node (tests/js/pad.test.js).

- The deal: every discovered ruleset (tests/helpers_discovery.py), every player count, several seeds (fewer
  for the test rulesets): the state `gah setup --json` prints, or the same refusal.
- The entry checks: hostile states get gah score's schema messages (compiler/frontend/validate.py),
  or the engine's message, word for word.
- The report: `gah score`'s text (compiler/report.py) for each result.
- Whole games played through the pad's model (those of GAMES and one of every other discovered ruleset): dealt with a seed, each round's end state entered and
  scored once, every decision's options with their projected totals, one decision changed and undone,
  the last scoring undone. Each result must be the Python module's on the same state.
Expected values are made here at test time, so the pad and Python cannot drift apart silently.
"""

from __future__ import annotations

import copy
import json
import os
import random
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from gah.backends.js.page import generate_page
from gah.frontend.loader import load_file
from gah.frontend.validate import schema_problems
from gah.project import load_one
from gah.report import human_report
from helpers_rules import SHIPPED, shipped_workspace
from helpers_scoring import module, player, state
from test_js_backend import JS_TESTS, RULESETS, node

SEEDS = (0, 1, 7, 2**32 - 1, 2**40 + 3, -1)
NAMES = ("Anna", "Ben", "Cleo", "Dan", "Eve", "Finn")
# Games worth playing for their seeds; every other discovered ruleset the pads play (test_js_backend.RULESETS) plays
# one game too.
CHOSEN_GAMES = (
    ("base", 3),
    ("base", 11),
    ("royal-banquet", 5),
    ("gentle-draft", 2),
    ("introductory", 4),
    ("long-track", 9),
)
GAMES = (*CHOSEN_GAMES, *((name, 1) for name in RULESETS if name not in dict(CHOSEN_GAMES)))


def deal_vectors() -> list[dict[str, Any]]:
    vectors = []
    for rules in RULESETS:
        setup_game = module(RULESETS[rules]).setup_game
        lists: list[list[Any]] = [list(NAMES[:n]) for n in range(1, 7)]
        if rules in SHIPPED:
            lists += [["Anna", "Anna"], ["Anna", " "], ["Anna", "x" * 101], ["Anna", "B\x1bc"], ["Anna", "x" * 100]]
        for index, names in enumerate(lists):
            for seed in (SEEDS if index in (1, 2, 3) else SEEDS[:2]) if rules in SHIPPED else SEEDS[1:3]:
                try:
                    expected: dict[str, Any] = {"result": setup_game(list(names), seed)}
                except ValueError as error:
                    expected = {"error": str(error)}
                label = f"{rules} {names} seed {seed}"
                vectors.append({"rules": rules, "players": names, "seed": seed, "expected": expected, "label": label})
    return vectors


def hostile_texts() -> list[tuple[str, str]]:
    """States as JSON text, each with something gah score refuses (and one it reads)."""
    good = state(3, player("Anna", krones=5), player("Ben"))
    texts = [("good", json.dumps(good))]

    def with_anna(label: str, value: str, key: str = "krones") -> None:
        text = json.dumps(good).replace(f'"{key}": {good["players"][0][key]}', f'"{key}": {value}', 1)
        texts.append((label, text))

    for label, value in (
        ("negative", "-5"),
        ("decimal", "2.5"),
        ("exponent", "1e3"),
        ("decimal exponent", "1.0e+3"),
        ("huge", "99999999999999999999"),
        ("beyond the limit", "100001"),
        ("text", '"ten"'),
        ("empty text", '""'),
        ("null", "null"),
        ("true", "true"),
        ("list", "[1]"),
        ("negative decimal", "-2.5"),
    ):
        with_anna(f"krones {label}", value)
    with_anna("emperor 20", "20", "emperor")
    with_anna("emperor 150", "150", "emperor")
    with_anna("points -5", "-5", "points")
    bad: list[tuple[str, dict[str, Any]]] = [
        ("five players", state(3, *(player(n) for n in NAMES[:5]))),
        ("nine players", state(3, *(player(f"P{n}") for n in range(9)))),
        ("long name", state(3, player("x" * 120), player("Ben"))),
        ("empty name", state(3, player(""), player("Ben"))),
        ("blank name", state(3, player("  "), player("Ben"))),
        ("same names", state(3, player("Anna"), player("Anna"))),
        ("unknown key", state(3, player("Anna", krone=3), player("Ben"))),
        ("unknown item", state(3, player("Anna", kitchen={"wein": 1}), player("Ben"))),
        ("bad item key", state(3, player("Anna", kitchen={"Wine": 1}), player("Ben"))),
        ("bad tier", state(3, player("Anna"), tiles={"a": "a-krones"})),
        ("unknown tile", state(3, player("Anna"), tiles={"A": "a-kronen"})),
        ("missing tile", state(3, player("Anna"), tiles={"B": "b-krones"})),
        ("stray room", state(1, player("Anna", hotel=[".....", ".....", ".....", "o.o.."]))),
        ("card twice", state(3, player("Anna", hand=[3]), player("Ben", hired=[3]))),
        ("unknown card", state(3, player("Anna", hand=[77]))),
        ("too many guests", state(3, player("Anna", cafe=[{}, {}, {}, {}]))),
        ("round 9", state(9, player("Anna"))),
        ("bad choice", state(3, player("Anna", choices={"secretary": "x"}))),
        ("unknown choice", state(3, player("Anna", choices={"secretry": 3}))),
        # A choice is one value or a list of them (an anyOf of simple kinds inside an anyOf): wrong at each level.
        ("choice of a wrong kind", state(3, player("Anna", choices={"choose_one": "x"}))),
        ("choice list of a wrong kind", state(3, player("Anna", choices={"choose_one": ["x"]}))),
        ("choice out of range", state(3, player("Anna", choices={"choose_one": 9}))),
        # The list alternative fails deeper (an id's pattern) than the single one (its kind): the list's message.
        ("item choice not an id", state(3, player("Anna", choices={"choose_items": ["Wine!"]}))),
        # Every mark the pad's JSON reader could use appears in the text (as escapes written in a name): it reads
        # numbers unmarked, and a name that starts with "undefined" stays as written (in the message about two
        # players of one name).
        (
            "every mark and a name like undefined",
            state(3, player("undefined7"), player("undefined7"), player(r"x\u0000\ufdd0\ufdd1")),
        ),
    ]
    texts += [(label, json.dumps(data)) for label, data in bad]
    missing = json.loads(json.dumps(good))
    del missing["players"][0]["name"], missing["round"]
    texts.append(("missing keys", json.dumps(missing)))
    return texts


def gah_checks(text: str, folder: Path) -> dict[str, Any]:
    """What gah score says of a state file: its schema problems, else the scorer's refusal (or none)."""
    path = folder / "state.json"
    path.write_text(text, encoding="utf-8")
    node_tree = load_file(path, "state.json", shipped_workspace().sources)
    schema = [problem.message for problem in schema_problems(node_tree, "state")]
    if schema:
        return {"schema": schema, "score": None}
    try:
        module("base").score_game(json.loads(text))
    except ValueError as error:
        return {"schema": [], "score": str(error)}
    return {"schema": [], "score": None}


def check_vectors(folder: Path) -> list[dict[str, Any]]:
    return [
        {"rules": "base", "label": label, "text": text, "expected": gah_checks(text, folder)}
        for label, text in hostile_texts()
    ]


def advance(after: dict[str, Any], rules: Any, rng: random.Random, round_: int) -> dict[str, Any]:
    """The state at the end of `round_`, as a table might enter it from the state after the last scoring."""
    state_ = copy.deepcopy(after)
    state_["round"] = round_
    state_.pop("staff_deck", None)
    held = {n for p in state_["players"] for n in p["hand"] + p["hired"]} | set(state_.get("staff_discard", []))
    free = sorted(set(rules.staff) - held)
    rng.shuffle(free)
    taken = set()
    for entry in state_["players"]:
        entry["choices"] = {}
        entry["points"] += rng.randint(0, 12)
        if "role" in entry:  # solo's opponent: no krones, kitchen, café or hand; its face-up Staff are hired
            entry["emperor"] = rng.randint(0, rules.track_last)
            if free and rng.random() < 0.5:
                taken.add(free[-1])
                entry["hired"].append(free.pop())
            for _ in range(rng.randint(1, 3)):
                grow(entry, rules, rng)
            continue
        entry["krones"] = max(0, entry["krones"] + rng.randint(-3, 6))
        entry["emperor"] = rng.randint(0, rules.track_last)
        entry["objectives"] += rng.randint(0, 1) if round_ > 4 else 0
        item = rng.choice(rules.items)
        entry["kitchen"][item] = entry["kitchen"].get(item, 0) + rng.randint(0, 2)
        if entry["hand"] and rng.random() < 0.7:
            entry["hired"].append(entry["hand"].pop(rng.randrange(len(entry["hand"]))))
        if free and rng.random() < 0.5:
            taken.add(free[-1])
            entry["hand"].append(free.pop())
        if len(entry["cafe"]) < rules.cafe_seats and rng.random() < 0.3:
            entry["cafe"].append({rng.choice(rules.items): 1})
        for _ in range(rng.randint(1, 3)):
            grow(entry, rules, rng)
    # The deck as gah score takes an unknown one (every card nobody holds, lowest first), written out:
    # the pad then knows it (issue 31) and draws from it as gah score does, asking for no draw.
    state_["staff_deck"] = sorted(set(rules.staff) - held - taken)
    return state_


def grow(entry: dict[str, Any], rules: Any, rng: random.Random) -> None:
    """Prepare or occupy one room: the first room, or one next to a room already there."""
    rows = [list(row) for row in reversed(entry["hotel"])]  # floor 1 first
    placed = [(f, c) for f in range(rules.floors) for c in range(rules.columns) if rows[f][c] != "."]
    vacant = [(f, c) for f, c in placed if rows[f][c] == "v"]
    if vacant and rng.random() < 0.5:
        f, c = rng.choice(vacant)
        rows[f][c] = "o"
    else:
        first = (rules.first_room[0] - 1, rules.first_room[1] - 1)
        spots = {first} if not placed else set()
        for f, c in placed:
            spots |= {(f + df, c + dc) for df, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))}
        spots = {(f, c) for f, c in spots if 0 <= f < rules.floors and 0 <= c < rules.columns and rows[f][c] == "."}
        if spots:
            f, c = rng.choice(sorted(spots))
            rows[f][c] = rng.choice("vo")
    entry["hotel"] = ["".join(row) for row in reversed(rows)]


def game_vectors() -> list[dict[str, Any]]:
    """Whole games: the deal, then each round's end state, made from Python's own chain of scorings."""
    vectors = []
    for rules_name, seed in GAMES:
        mod = module(RULESETS[rules_name])
        rules = mod.RULES
        rng = random.Random(f"pad-game-{rules_name}-{seed}")
        names = list(NAMES[: mod.SETUP["max_players"]])
        after = mod.score_game(mod.setup_game(names, seed))["state"]
        ends = []
        for round_ in range(1, rules.rounds + 1):
            end = advance(after, rules, rng, round_)
            ends.append(end)
            after = mod.score_game(copy.deepcopy(end))["state"]
        vectors.append(
            {"rules": rules_name, "players": names, "seed": seed, "ends": ends, "label": f"{rules_name} seed {seed}"}
        )
    return vectors


def report_vectors(games: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """gah score's text for each round of the games, and for the hand-worked states."""
    vectors = []
    for game in games:
        for end in game["ends"]:
            result = module(RULESETS[game["rules"]]).score_game(copy.deepcopy(end))
            vectors.append({"rules": game["rules"], "label": f"{game['label']} round {end['round']}", "result": result})
    # Ties on points: one the tie-breaker decides (said in the standings), one it cannot (not said).
    from test_final_details import ANNA, BEN, CLEO, DAN

    tied = module(RULESETS["base"]).score_game(state(7, ANNA, BEN, CLEO, DAN))
    vectors.append({"rules": "base", "label": "ties decided and not", "result": tied})
    for vector in vectors:
        vector["text"] = human_report(vector["result"])
    return vectors


def projected(rules: str, after: dict[str, Any], index: int) -> int:
    """The player's total if the game ended now, as the Python module projects it."""
    mod = module(RULESETS[rules])
    game = mod.new_game(copy.deepcopy(after), explain=False)
    total: int = mod.projection(game, game.players[index])
    return total


def entries_of(after: dict[str, Any]) -> dict[str, Any]:
    """The pad's entries for a state after a scoring, worked out here: numbers as text, the deck (known: the
    games' states write it), no draws, no decisions."""
    return {
        "tiles": after["tiles"],
        "staff_discard": after.get("staff_discard", []),
        "staff_deck": after.get("staff_deck"),
        "players": [
            {
                "name": p["name"],
                "kitchen": {k: str(v) for k, v in p["kitchen"].items()},
                "cafe": [{k: str(v) for k, v in guest.items()} for guest in p["cafe"]],
                "hotel": p["hotel"],
                "hand": p["hand"],
                "hired": p["hired"],
                "choices": {},
                "drawn": [],
                **{key: str(p[key]) for key in ("points", "krones", "emperor", "objectives")},
                # the declared resources but the objectives, a field each (the state writes them all)
                "resources": {k: str(v) for k, v in p.get("resources", {}).items()},
                **({"role": p["role"]} if "role" in p else {}),  # issue 36: the seat's role, as the state says
            }
            for p in after["players"]
        ],
    }


def replayed(steps: list[dict[str, Any]], at: int, value: Any) -> dict[str, Any]:
    """The choices that take a player's decisions before step `at` as they were, and `value` at it."""
    lists: dict[str, list[Any]] = {}
    for step in [*steps[:at], {"key": steps[at]["key"], "value": value}]:
        lists.setdefault(step["key"], []).append(step["value"])
    return {key: values[0] if len(values) == 1 else values for key, values in lists.items()}


def canon(state_: dict[str, Any], items: tuple[str, ...]) -> dict[str, Any]:
    """A state as the pad writes it from its entries: every item kind counted, no empty discard."""
    out = json.loads(json.dumps(state_))
    if not out.get("staff_discard"):
        out.pop("staff_discard", None)
    for entry in out["players"]:
        entry["kitchen"] = {item: entry["kitchen"].get(item, 0) for item in items}
        entry["cafe"] = [{item: guest.get(item, 0) for item in items} for guest in entry["cafe"]]
    return out


def check_game(vector: dict[str, Any], played: dict[str, Any]) -> int:
    """Every round the pad played: the Python module's result on the state it scored; returns the options seen."""
    rules = vector["rules"]
    mod = module(RULESETS[rules])
    assert played["deal"] == mod.setup_game(vector["players"], vector["seed"])
    assert [r["round"] for r in played["rounds"]] == list(range(1, mod.RULES.rounds + 1))
    seen = 0
    for record, end in zip(played["rounds"], vector["ends"], strict=True):
        assert record["before"] == canon(end, mod.RULES.items)
        assert record["result"] == json.loads(json.dumps(mod.score_game(copy.deepcopy(record["before"]))))
        assert record["entriesAfter"] == entries_of(record["result"]["state"])
        last = record["round"] == mod.RULES.rounds
        assert (record["finished"], record["next"]) == (last, record["round"] + (0 if last else 1))
        for entry in record["options"]:
            taken = record["result"]["decisions"][entry["player"]]
            step = taken["steps"][entry["step"]]
            values = [option["value"] for option in entry["options"]]
            assert step["value"] in values
            for option in entry["options"]:
                assert "total" in option, option
                changed = copy.deepcopy(record["before"])
                changed["players"][entry["player"]]["choices"] = replayed(
                    taken["steps"], entry["step"], option["value"]
                )
                again = mod.score_game(changed)
                assert option["total"] == projected(rules, again["state"], entry["player"]), (entry, option)
                # The search projects a total at the end of the player's own turn; where effects reach other players
                # (for_players), a player resolving later may still change it, so only the choice is compared.
                later = mod.RULES.targets_others
                if option["value"] == step["value"] and step["how"] == "policy" and not later:
                    assert option["total"] == step["total"]
                if step.get("runner_up") and option["value"] == step["runner_up"]["value"] and not later:
                    assert option["total"] == step["runner_up"]["total"]
                seen += 1
        if "changed" in record:
            changed = record["changed"]
            steps = record["result"]["decisions"][changed["player"]]["steps"]
            choices = changed["before"]["players"][changed["player"]]["choices"]
            assert choices == replayed(steps, changed["step"], changed["value"])
            assert changed["result"] == json.loads(json.dumps(mod.score_game(copy.deepcopy(changed["before"]))))
            assert record["changedEntries"] == entries_of(changed["result"]["state"])
        if last:
            assert record["again"] == {"error": "The game is over: every round is scored"}
    undone = played["undone"]
    assert undone["round"] == mod.RULES.rounds and not undone["finished"]
    assert undone["entries"] == entries_of(canon(vector["ends"][-1], mod.RULES.items))
    assert undone["history"] == mod.RULES.rounds  # the deal and rounds 1 to 6
    return seen


def table_vectors() -> list[dict[str, Any]]:
    """Issue 31: a round-3 state under tile A "Draw Staff" (draw 3, play 1 at 3 krones off; rules/base.yaml)
    where Anna (space 9) and Cleo (space 7) end in the yellow bonus zone after moving back 3 (3 to 13: bonus)
    and Ben (space 1, back to 0: black, penalty) puts 2 Staff from hand under the deck. With its deck
    (shuffled, not lowest first) the pad must score it as gah score does; without one, the pad asks for the
    draws and scores the state with exactly the cards entered on the deck, in the order drawn; a draw entered
    in part is asked for (the cards still missing) and never scored."""
    mod = module("base")
    after = mod.score_game(mod.setup_game(["Anna", "Ben", "Cleo"], 5))["state"]
    state_ = copy.deepcopy(after)
    state_["round"] = 3
    state_.pop("staff_deck")
    state_["tiles"]["A"] = "a-draw-staff"
    for entry, space in zip(state_["players"], (9, 1, 7), strict=True):
        entry["emperor"] = space
        entry["krones"] = 12
    held = {n for p in state_["players"] for n in p["hand"] + p["hired"]}
    free = sorted(set(mod.RULES.staff) - held)
    random.Random("table deck").shuffle(free)
    known = dict(state_, staff_deck=free)
    vectors: list[dict[str, Any]] = [
        {
            "rules": "base",
            "label": "a known deck",
            "state": known,
            "before": canon(known, mod.RULES.items),
            "fromDeck": [[0, free[:3]], [2, free[3:6]]],  # Anna draws first, then Cleo: the deck's top cards
            "expected": mod.score_game(copy.deepcopy(known)),
        }
    ]
    unknown = copy.deepcopy(state_)
    draws = {"0": free[-3:], "2": free[-6:-3]}
    plays = {"0": free[-2], "2": None}
    before = copy.deepcopy(unknown)
    before["staff_deck"] = draws["0"] + draws["2"]
    before["players"][0]["choices"] = {"play_staff": plays["0"]}
    before["players"][2]["choices"] = {"play_staff": None}
    vectors.append(
        {
            "rules": "base",
            "label": "the table's draws",
            "state": unknown,
            "draws": draws,
            "plays": plays,
            # Anna's draw entered in part (1 of her 3 cards), Cleo's whole, a card to play chosen for each: Anna's
            # is "enter 2 more cards drawn" (3 - 1), and the round is not scored with a deck short of her cards.
            "partial": {
                "player": "0",
                "cards": 1,
                "problems": ["players[0].drawn: enter 2 more cards drawn"],
                "refused": "An entry needs fixing first: players[0].drawn: enter 2 more cards drawn",
            },
            "before": canon(before, mod.RULES.items),
            "expected": mod.score_game(copy.deepcopy(before)),
        }
    )
    return vectors


def run_pad_tests(folder: Path, rulesets: dict[str, str], **vectors: list[dict[str, Any]]) -> None:
    """tests/js/pad.test.js under Node on `vectors` (deals, checks, reports, games, tables: each absent one empty)
    with the pages of `rulesets` (name -> what load_one takes), in `folder`."""
    node_binary = node()
    every = {kind: vectors.get(kind, []) for kind in ("deals", "checks", "reports", "games", "tables")}
    (folder / "vectors.json").write_text(json.dumps(every), encoding="utf-8")
    pads = folder / "pads"
    pads.mkdir()
    for rules, source in rulesets.items():
        (pads / f"{rules}.html").write_bytes(generate_page(load_one(shipped_workspace(), source)))
    run = subprocess.run(
        [node_binary, "--test", str(JS_TESTS / "pad.test.js")],
        capture_output=True,
        text=True,
        env=dict(os.environ, GAH_PAD_VECTORS=str(folder)),
        timeout=600,
        check=False,
    )
    assert run.returncode == 0, run.stdout[:6000] + run.stderr[-2000:]


def test_the_pad_agrees_with_python(tmp_path: Path) -> None:
    node()
    games = game_vectors()
    with tempfile.TemporaryDirectory() as scratch:
        checks = check_vectors(Path(scratch))
    deals = deal_vectors()
    assert sum("error" in v["expected"] for v in deals) >= 50
    assert sum(bool(v["expected"]["schema"]) for v in checks) >= 15
    assert sum(bool(v["expected"]["score"]) for v in checks) >= 8
    run_pad_tests(tmp_path, RULESETS, deals=deals, checks=checks, reports=report_vectors(games), games=games)
    played = json.loads((tmp_path / "played.json").read_text(encoding="utf-8"))["games"]
    assert len(played) == len(games)
    options = sum(check_game(vector, game) for vector, game in zip(games, played, strict=True))
    assert options >= 20
    assert sum("changed" in r for game in played for r in game["rounds"]) >= 5


def test_the_tables_deck_and_draws(tmp_path: Path) -> None:
    """The table's deck and draws (issue 31; table_vectors): a known deck scored as gah score scores it, draws
    entered and scored as entered, a draw entered in part asked for and not scored (issue 43)."""
    run_pad_tests(tmp_path, {"base": "base"}, tables=table_vectors())


def test_the_csv_of_a_final_scoring() -> None:
    """The hand-worked round 7 of tests/test_js_pad_browser.py (Anna 50, Ben 61) as CSV, under Node."""
    hotel_a = ["o....", "o....", "o....", "ov..."]
    hotel_b = [".....", "o....", "ovoo.", "ooooo"]
    game = state(
        7,
        player(
            "Anna",
            points=30,
            krones=7,
            emperor=9,
            kitchen={"strudel": 2, "wine": 1},
            cafe=[{"cake": 2}, {}],
            hotel=hotel_a,
            hired=[29],
        ),
        player("=Ben", points=20, emperor=9, hotel=hotel_b, hired=[27, 31]),
    )
    result = module("base").score_game(game)
    with tempfile.TemporaryDirectory() as scratch:
        page = Path(scratch) / "base.html"
        page.write_bytes(generate_page(load_one(shipped_workspace(), "base")))
        csv = run_report(page, result)
    assert csv.split("\r\n") == [
        "player,points,krones,emperor,objectives,final staff,final rooms,final krones,final kitchen,final cafe,total,rank,tiebreak",
        "Anna,36,7,2,0,4,10,7,3,-10,50,2,10",
        "'=Ben,26,0,2,0,21,14,0,0,0,61,1,0",
        "",
    ]


def run_report(page: Path, result: dict[str, Any]) -> str:
    """PadReport.csv of a result, with the page's own script, under Node."""
    script = (
        "const fs = require('node:fs'); const vm = require('node:vm');"
        f"const page = fs.readFileSync({json.dumps(str(page))}, 'utf8');"
        'const ui = page.match(/<script id="gah-ui">([\\s\\S]*?)<\\/script>/)[1];'
        "const context = vm.createContext({});"
        "vm.runInContext(ui.slice(0, ui.indexOf('\\nconst PadStore = ')) + '\\nglobalThis.R = PadReport;', context);"
        f"process.stdout.write(context.R.csv({json.dumps(result)}));"
    )
    run = subprocess.run([node(), "-e", script], capture_output=True, timeout=60, check=True)
    return run.stdout.decode("utf-8")


def test_the_hostile_states_are_refused_by_gah_too() -> None:
    """Each hostile text is a state gah refuses (a vector tests a refusal, not a quirk of the pad); gah reads
    five players (the pad's import refuses them: the ruleset is for 2 to 4)."""
    with tempfile.TemporaryDirectory() as scratch:
        for label, text in hostile_texts():
            found = gah_checks(text, Path(scratch))
            assert bool(found["schema"] or found["score"]) == (label not in ("good", "five players")), label

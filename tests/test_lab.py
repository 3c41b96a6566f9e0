"""The variant lab (`gah compare`, `gah diff`): determinism, common random numbers, reports and errors."""

from __future__ import annotations

import copy
import hashlib
import json
import os
import struct
import subprocess
import sys
from collections import Counter
from dataclasses import replace
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
import yaml
from gah.cli import main
from gah.errors import RulesError
from gah.lab.engine import rng
from gah.lab.engine.game import TABLE_LIMIT, Part, Pick
from gah.lab.engine.model import Distribution, default_model_path, load_model
from gah.lab.runs.jobs import Lab, LabSpec
from gah.lab.runs.runner import run_lab
from gah.lab.runs.tallies import summary
from gah.lab.views.compare import build_report, report_json
from gah.lab.views.html import html_report
from gah.lab.views.records import CompareReport
from gah.project import load_one
from helpers_rules import shipped_root, shipped_workspace
from hypothesis import given, settings
from hypothesis import strategies as st
from oracle.handwritten import HandScorer
from oracle.rulesets import HAND_RULES

ROOT = Path(__file__).resolve().parents[1]
GAMES = 40  # small: each test stays well under a few seconds


def gah(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["--workspace", str(shipped_root()), *argv])
    out, err = capsys.readouterr()
    return code, out, err


def spec(*names: str, games: int = GAMES, seed: int = 7, players: int = 4) -> LabSpec:
    workspace = shipped_workspace()
    rulesets = tuple(load_one(workspace, name) for name in names)
    model = load_model(workspace, default_model_path(workspace))
    return LabSpec(rulesets=rulesets, model=model, games=games, players=players, seed=seed)


_REPORTS: dict[tuple[str, ...], CompareReport] = {}


def record(*names: str) -> CompareReport:
    """The report of GAMES games under `names` (seed 7), computed once per test session."""
    if names not in _REPORTS:
        lab_spec = spec(*names)
        _REPORTS[names] = build_report(lab_spec, run_lab(lab_spec, workers=1))
    return _REPORTS[names]


def report(*names: str) -> dict[str, Any]:
    """That report as its JSON reads."""
    return record(*names).as_json()


def entry(data: dict[str, Any], name: str) -> dict[str, Any]:
    return next(e for e in data["rulesets"] if e["name"] == name)


# --- the random numbers ------------------------------------------------------------------------


def test_streams_are_pinned_numbers() -> None:
    """The common random numbers are the same on every machine: BLAKE2b of the stream's name, pinned here."""
    stream = rng.Stream(1, 2, 3, 4, 5)
    first = stream.take(3)
    assert first == rng.Stream(1, 2, 3, 4, 5).take(3)
    again = rng.Stream(1, 2, 3, 4, 5)
    assert tuple(again.next32() for _ in range(20))[:3] == first
    assert first == (2925699955, 1705729311, 3855275853)
    block = struct.unpack("<16I", hashlib.blake2b(struct.pack("<6Q", 1, 2, 3, 4, 5, 0)).digest())
    assert first == block[:3], "block 0 of stream (1, 2, 3, 4, 5): BLAKE2b-512 of six little-endian 64-bit words"
    assert rng.Stream(1, 2, 3, 4, 6).take(3) != first


def test_distribution_picks_exactly_by_weight() -> None:
    dist = Distribution.of({0: 1, 1: 0, 2: 3})
    picked = Counter(dist.pick(r32) for r32 in range(0, 1 << 32, 1 << 20))
    assert set(picked) == {0, 2}
    assert picked[2] == 3 * picked[0]
    assert dist.mean == 1.5


@settings(max_examples=60, deadline=None)
@given(
    weights=st.dictionaries(st.integers(0, 12), st.integers(0, 3000), min_size=1, max_size=6).filter(
        lambda w: sum(w.values()) > 0
    ),
    numbers=st.lists(st.integers(0, (1 << 32) - 1), min_size=1, max_size=40),
)
def test_the_plans_picks_are_the_distributions(weights: dict[int, int], numbers: list[int]) -> None:
    """plan_turn reads a distribution through Pick: from a table when its weights add up to little, else by
    bisection; either way the value Distribution.pick gives, for every 32-bit number (edges included)."""
    dist = Distribution.of(weights)
    pick = Pick(dist.cumulative, dist.total, dist.values)
    assert bool(pick.table) == (dist.total <= TABLE_LIMIT)
    for r32 in [0, (1 << 32) - 1, *numbers]:
        assert pick.pick(r32) == dist.pick(r32)


def test_summary_is_exact_on_integers() -> None:
    counts = Counter({1: 1, 2: 1, 3: 1, 4: 1})
    result = summary(counts)
    assert result["mean"] == 2.5
    assert result["min"] == 1 and result["max"] == 4
    assert result["percentiles"]["p50"] == 2 and result["percentiles"]["p95"] == 4
    assert result["stdev"] == round((5 / 3) ** 0.5, 3)


# --- determinism and common random numbers --------------------------------------------------------


def test_same_seed_gives_identical_report(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """The same seed gives the same report in another process under another hash seed (not only twice here)."""
    argv = ["compare", "base", "gentle-move-backs", "--games", "8", "--seed", "3", "--workers", "1", "--json"]
    html_a, html_b = tmp_path / "a.html", tmp_path / "b.html"
    code, first, _ = gah(capsys, *argv, "--html", str(html_a))
    assert code == 0
    elsewhere = subprocess.run(
        [sys.executable, "-m", "gah", "--root", str(ROOT), *argv, "--html", str(html_b)],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONHASHSEED": "4242"},
        timeout=300,
        check=False,
    )
    assert elsewhere.returncode == 0, elsewhere.stderr
    assert elsewhere.stdout == first
    assert html_a.read_bytes() == html_b.read_bytes()
    code, other, _ = gah(capsys, *argv[:5], "--seed", "4", "--workers", "1", "--json")
    assert code == 0 and other != first, "another seed plays other games"


def _capture_last_round(module: Any, states: list[dict[str, Any]]) -> Any:
    """module.emperor_scoring, wrapped: keep a copy of the state before the last round's scoring."""
    quiet = module.emperor_scoring

    def scoring(game: Any) -> None:
        if game.round == module.RULES.rounds:
            states.append(copy.deepcopy(module.write_game(game)))
        quiet(game)

    return scoring


def test_lab_final_totals_are_the_oracles(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every lab game ends with the totals the hand-written scorer gives for the state before its last scoring.

    base is listed twice: the lab plays it once and reports it twice (same_as), so only the
    oracle, not the second copy, says the numbers are right."""
    names = ("base", "base", "gentle-move-backs", "mild-cafe")
    games = 12
    lab = Lab(spec(*names, games=games))
    assert lab.same_as == [0, 0, 2, 3]
    captured: dict[int, list[dict[str, Any]]] = {index: [] for index in sorted(set(lab.same_as))}
    for index, states in captured.items():  # modules are cached per process: monkeypatch puts them back
        monkeypatch.setattr(lab.modules[index], "emperor_scoring", _capture_last_round(lab.modules[index], states))
    for game in range(games):
        outcomes = lab.play_game(game)
        for index, states in captured.items():
            expected = HandScorer(HAND_RULES[names[index]]).score_round_7(states[game])
            assert outcomes[index].totals == tuple(e["total"] for e in expected["final"]), (names[index], game)
        assert outcomes[1].totals == outcomes[0].totals
    assert all(len(states) == games for states in captured.values())


def test_copy_of_a_ruleset_under_another_name_plays_the_same(tmp_path: Path) -> None:
    """A variant that changes nothing is compiled and played on its own, and still matches exactly."""
    copy = tmp_path / "base-copy.yaml"
    copy.write_text("extends: base\nname: base-copy\ntitle: A copy\n", encoding="utf-8")
    lab_spec = spec("base", str(copy), games=15)
    lab = Lab(lab_spec)
    assert lab.same_as == [0, 1], "different names: played separately"
    a, b = build_report(lab_spec, run_lab(lab_spec)).as_json()["rulesets"]
    assert b["winner_change_rate"] == 0.0
    assert b["difference_from_first"]["max"] == 0 and b["difference_from_first"]["min"] == 0
    for key in ("final_total", "winning_total", "gap_first_last", "scorings", "tiles", "final_total_histogram"):
        assert a[key] == b[key], key


def test_first_scoring_sees_the_same_game_under_every_ruleset() -> None:
    """Common random numbers: before the first Emperor scoring, base and gentle-move-backs play the same game
    (as drawn: planners may buy different steps under different rules, the others never do)."""
    lab = Lab(spec("base", "gentle-move-backs", games=10))
    fixed = Lab(replace(lab.spec, model=lab.spec.model.fixed()))
    for game in range(10):
        base, gentle = lab.play_game(game)
        first_base, first_gentle = base.scorings[0], gentle.scorings[0]
        assert first_base.tile == first_gentle.tile
        assert base.moves is not None
        for seat, plans in enumerate(base.moves.planners):
            if not plans:
                assert first_base.track_points[seat] == first_gentle.track_points[seat]
        drawn_base, drawn_gentle = (outcome.scorings[0] for outcome in fixed.play_game(game))
        assert drawn_base.track_points == drawn_gentle.track_points


def test_rulesets_share_the_stretches_they_play_alike_and_play_as_if_alone(tmp_path: Path) -> None:
    """Rulesets that deal and play alike until an Emperor scoring in which they differ play that stretch once
    (gah.lab.engine.sharing); every ruleset's outcomes are still exactly those it gets when played alone."""
    late = tmp_path / "late-change.yaml"
    late.write_text(
        "extends: base\nname: late-change\ntitle: Round 7 only\n"
        "emperor_scorings: {7: {move_back: 6}}\ntiles: {c-points: {bonus: [{kind: gain_points, amount: 10}]}}\n",
        encoding="utf-8",
    )
    names = ("base", str(late), "gentle-move-backs", "long-track", "draft", "mild-cafe")
    lab = Lab(spec(*names, games=25, players=3))
    leaf = [Part((i,), 0, ()) for i in range(len(names))]
    # base and late-change differ only in the round-7 scoring: they share rounds 1-7 and the first two
    # scorings. gentle-move-backs and mild-cafe (its final scoring is the policy's measure) differ in the first
    # scoring; long-track's turns advance on another track, and draft deals otherwise: each plays alone.
    assert lab.parts == [
        Part((0, 1, 2, 5), 3, (Part((0, 1), 7, (leaf[0], leaf[1])), leaf[2], leaf[5])),
        leaf[3],
        leaf[4],
    ]
    alone = [Lab(spec(name, games=25, players=3)) for name in names]
    for game in range(25):
        together = lab.play_game(game)
        assert together == [one.play_game(game)[0] for one in alone], game
    assert lab.play_game(3)[0] != lab.play_game(3)[1], "the round-7 change shows in some game"


def _checked_scoring(module: Any, checked: Counter[str]) -> Any:
    """module.emperor_scoring, wrapped: also score the same state through score_game and compare."""
    quiet = module.emperor_scoring

    def scoring(game: Any) -> None:
        module.emperor_scoring = quiet  # score_game calls it too
        expected = module.score_game(copy.deepcopy(module.write_game(game)))
        module.emperor_scoring = scoring
        quiet(game)
        assert not game.events
        assert module.write_game(game) == expected["state"]
        if "final" in expected:
            assert module.final_scoring(game) == expected["final"]
            assert module.standings(game, expected["final"]) == expected["standings"]
            checked["final"] += 1
        checked["scoring"] += 1

    return scoring


def test_quiet_scorings_match_score_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """The lab scores on the module's own Game with explain=False: every scoring must leave the state
    score_game gives for the same state dict, and the final scoring must be the same."""
    lab = Lab(spec("base", "royal-banquet", "long-track", "no-penalties", games=12))
    checked = Counter[str]()
    for module in lab.modules:  # modules are cached per process: monkeypatch puts them back
        monkeypatch.setattr(module, "emperor_scoring", _checked_scoring(module, checked))
    lab.run(0, 12)
    assert checked["final"] == 4 * 12 and checked["scoring"] > checked["final"]


def test_rules_changes_propagate_to_later_rounds() -> None:
    data = report("base", "gentle-move-backs")
    base, gentle = entry(data, "base"), entry(data, "gentle-move-backs")
    round_5 = next(s for s in gentle["scorings"] if s["round"] == 5)
    base_5 = next(s for s in base["scorings"] if s["round"] == 5)
    assert round_5["emperor_points"] != base_5["emperor_points"], "markers left higher after round 3 score more later"


def test_no_penalties_has_no_penalty() -> None:
    data = report("base", "no-penalties")
    lenient = entry(data, "no-penalties")
    assert all(s["outcomes"]["penalty"] == 0.0 for s in lenient["scorings"])
    assert all(t["outcomes"]["penalty"] == 0.0 for t in lenient["tiles"])
    assert any(s["outcomes"]["penalty"] > 0 for s in entry(data, "base")["scorings"])


def test_gentle_move_backs_gives_more_bonuses() -> None:
    data = report("base", "gentle-move-backs")
    base = {s["round"]: s["outcomes"] for s in entry(data, "base")["scorings"]}
    gentle = {s["round"]: s["outcomes"] for s in entry(data, "gentle-move-backs")["scorings"]}
    assert sorted(base) == [3, 5, 7]
    for round_ in base:
        assert gentle[round_]["bonus"] > base[round_]["bonus"]
        assert gentle[round_]["penalty"] <= base[round_]["penalty"]


def test_rates_and_counts_add_up() -> None:
    data = report("base", "gentle-move-backs")
    for ruleset in data["rulesets"]:
        assert ruleset["games"] == GAMES
        assert ruleset["final_total"]["n"] == 4 * GAMES
        assert sum(c for _v, c in ruleset["final_total_histogram"]) == 4 * GAMES
        for scoring in ruleset["scorings"]:
            o = scoring["outcomes"]
            assert o["n"] == 4 * GAMES
            assert abs(o["bonus"] + o["nothing"] + o["penalty"] - 1) < 1e-3
        assert sum(t["outcomes"]["n"] for t in ruleset["tiles"]) == 3 * 4 * GAMES


def test_workers_give_identical_json() -> None:
    """Chunks of 5 games; one process or two, the merged numbers are the same, byte for byte."""
    lab_spec = spec("base", "gentle-move-backs", games=20)
    alone = report_json(build_report(lab_spec, run_lab(lab_spec, workers=1, chunk=5)))
    pooled = report_json(build_report(lab_spec, run_lab(lab_spec, workers=2, chunk=5)))
    whole = report_json(build_report(lab_spec, run_lab(lab_spec, workers=1, chunk=20)))
    assert alone == pooled == whole


def test_three_rulesets_and_two_players(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = gah(
        capsys, "compare", "base", "mild-cafe", "long-track", "--games", "6", "--players", "2", "--workers", "1"
    )
    assert code == 0
    lines = out.splitlines()
    # the column names come just before the first section (after the legend and the summaries)
    header = lines[next(i for i, line in enumerate(lines) if line.startswith(("BEYOND NOISE", "FINAL TOTALS"))) - 1]
    assert "base" in header and "mild-cafe" in header and "long-track" in out
    assert "EMPEROR SCORING AFTER ROUND 5" in out and "winner differs from first" in out


# --- the HTML report ---------------------------------------------------------------------------


class _Collector(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: Counter[str] = Counter()
        self.sources: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags[tag] += 1
        self.sources.extend(v or "" for k, v in attrs if k in ("src", "href"))


def test_html_report_parses_and_has_its_plots() -> None:
    page = html_report(record("base", "gentle-move-backs"))
    parser = _Collector()
    parser.feed(page)
    parser.close()
    assert parser.tags["svg"] >= 2
    assert parser.tags["polyline"] == 2, "one histogram line per ruleset"
    assert parser.tags["rect"] >= 2 * 3 * 3, "a bar per ruleset and round, three parts each"
    assert parser.sources == [], "self-contained: no external resources"
    assert "gentle-move-backs" in page


def test_html_escapes_names(tmp_path: Path) -> None:
    data = record("base", "gentle-move-backs")
    named = replace(data.rulesets[1], name="<script>alert(1)</script>")
    page = html_report(replace(data, rulesets=(data.rulesets[0], named)))
    assert "<script>" not in page and "&lt;script&gt;" in page


# --- recorded states -----------------------------------------------------------------------------


def test_states_agree_with_the_oracle(capsys: pytest.CaptureFixture[str]) -> None:
    """`gah compare --states` on a round-7 state: each ruleset's final scoring and standings are the oracle's."""
    state = ROOT / "examples" / "round7.yaml"
    code, out, _ = gah(capsys, "compare", "base", "gentle-move-backs", "--states", str(state), "--json")
    assert code == 0
    compared = json.loads(out)
    results = compared["states"][0]["results"]
    data = yaml.safe_load(state.read_text(encoding="utf-8"))
    for name, result in zip(["base", "gentle-move-backs"], results, strict=True):
        expected = HandScorer(HAND_RULES[name]).score_round_7(data)
        assert result["ruleset"] == name
        # The oracle scores; it does not explain: the details are checked in tests/test_final_details.py.
        assert [{k: v for k, v in e.items() if k != "details"} for e in result["final"]] == expected["final"]
        assert result["standings"] == expected["standings"]
        assert [p["points"] for p in result["players"]] == [p["points"] for p in expected["state"]["players"]]
    assert any("gentle-move-backs" in sentence for sentence in compared["states"][0]["differences"])


def test_states_table_and_mid_game_state(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    mid = tmp_path / "round3.json"
    mid.write_text(
        json.dumps(
            {
                "round": 3,
                "tiles": {"A": "a-krones", "B": "b-krones", "C": "c-points"},
                "players": [
                    {"name": "Ann", "points": 10, "krones": 2, "emperor": 5, "hotel": ["....."] * 4},
                    {"name": "Bo", "points": 10, "krones": 2, "emperor": 3, "hotel": ["....."] * 4},
                ],
            }
        ),
        encoding="utf-8",
    )
    code, out, _ = gah(capsys, "compare", "base", "gentle-move-backs", "--states", str(mid))
    assert code == 0
    assert "Bo" in out and "penalty" in out and "neutral" in out
    assert "Bo: points after the scoring" in out or "Bo: Emperor outcome" in out


def test_bad_state_is_a_positioned_error(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("round: 7\ntiles: {A: a-krones}\nplayers:\n  - name: Ann\n    points: -3\n", encoding="utf-8")
    code, _out, err = gah(capsys, "compare", "base", "mild-cafe", "--states", str(bad))
    assert code == 1
    assert "bad.yaml:5:13:" in err


# --- the model file and usage errors ---------------------------------------------------------------


def test_default_model_is_valid_and_editor_ready() -> None:
    path = ROOT / "rules" / "lab" / "default.yaml"
    first = path.read_text(encoding="utf-8").splitlines()[0]
    assert first == "# yaml-language-server: $schema=../../schemas/lab-model.schema.json"
    model = load_model(shipped_workspace(), path)
    assert model.name == "default"
    assert model.round(3).emperor.mean > model.round(2).emperor.mean, "players push before a scoring"


def test_lab_schema_describes_every_property() -> None:
    schema = json.loads((ROOT / "schemas" / "lab-model.schema.json").read_text(encoding="utf-8"))
    assert schema["$schema"] == "http://json-schema.org/draft-07/schema#"
    stack: list[Any] = [schema]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            if node.get("type") == "object" and "properties" in node:
                assert node.get("additionalProperties") is False
                for name, sub in node["properties"].items():
                    assert "description" in sub, name
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)


def test_bad_model_is_a_positioned_error(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    text = (ROOT / "rules" / "lab" / "default.yaml").read_text(encoding="utf-8")
    bad = tmp_path / "model.yaml"
    bad.write_text(text.replace("  hire: {0: 4, 1: 4, 2: 1}", "  hyre: {0: 4, 1: 4, 2: 1}"), encoding="utf-8")
    code, out, err = gah(capsys, "compare", "base", "gentle-move-backs", "--games", "2", "--model", str(bad))
    assert code == 1 and out == ""
    line = text.splitlines().index("  hire: {0: 4, 1: 4, 2: 1}") + 1
    assert f"model.yaml:{line}:3: every_round: unknown key 'hyre' (did you mean 'hire'?)" in err
    assert "^" in err


def test_model_meaning_errors_are_positioned(tmp_path: Path) -> None:
    bad = tmp_path / "model.yaml"
    bad.write_text(
        "name: zero\nevery_round:\n  emperor: {0: 0}\n  points: {0: 1}\n  krones: {0: 1}\n  items: {0: 1}\n"
        "  prepare: {0: 1}\n  occupy: {0: 1}\n  hire: {0: 1}\n  draw: {0: 1}\n  objectives: {0: 1}\n"
        "  cafe: {0: 1, 10: 1}\n  guest_items: {0: 1}\n",
        encoding="utf-8",
    )
    with pytest.raises(RulesError) as caught:
        load_model(shipped_workspace(), bad)
    messages = sorted(f"{p.position.line}:{p.position.column}: {p.message}" for p in caught.value.problems)
    assert messages == [
        "12:16: every_round.cafe: 10 is too large (at most 9 here)",
        "3:12: every_round.emperor: every weight is 0; give one value a weight above 0",
    ]


@pytest.mark.parametrize(
    "argv",
    [
        ["compare", "base"],
        ["compare", "base", "base", "--players", "5"],
        ["compare", "base", "base", "--games", "0"],
        ["compare", "base", "base", "--workers", "0"],
        ["compare", "base", "base", "--model", "no/such/model.yaml"],
    ],
)
def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, _out, err = gah(capsys, *argv)
    assert code == 2 and err.startswith("gah compare: ")


def test_unknown_ruleset_exits_1(capsys: pytest.CaptureFixture[str]) -> None:
    code, _out, err = gah(capsys, "compare", "base", "no-such-variant", "--games", "2")
    assert code == 1 and "unknown ruleset 'no-such-variant'" in err


# --- gah diff ----------------------------------------------------------------------------------


def test_diff_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = gah(capsys, "diff", "base", "gentle-move-backs")
    assert code == 0
    assert out.splitlines()[0] == "gentle-move-backs differs from base in 3 ways:"
    assert "- After round 3, markers move back 2 spaces instead of 3." in out
    code, out, _ = gah(capsys, "diff", "base", "base")
    assert code == 0 and out == "base has the same rules as base.\n"
    code, out, _ = gah(capsys, "diff", "base", "no-penalties", "--json")
    data = json.loads(out)
    assert code == 0 and data["a"] == "base" and data["b"] == "no-penalties" and len(data["differences"]) == 1

"""Reports that fit a screen (issue 24, part 3): at most 100 columns, rows the same under every ruleset folded,
constant sweep metrics left out and named, `--all` showing everything."""

from __future__ import annotations

import json
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from gah.cli import main
from gah.lab.views.textfit import WIDTH, Folded, Row, blocks, column_names, fold, table
from helpers_rules import shipped_root

LONG = "round-seven-move-back-six-and-long-names"  # 40 characters: the longest name a ruleset may have
MOVE_BACK = "emperor_scorings.7.move_back"
C_POINTS = "tiles.c-points.bonus.0.amount"


def gah(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    code = main(["--workspace", str(shipped_root()), *argv, "--workers", "1", "--seed", "3"])
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


def late_change(tmp_path: Path, name: str = "late-change") -> str:
    """base with move-back 6 after round 7: it plays rounds 1 to 7 and the first two scorings as base does."""
    path = tmp_path / f"{name}.yaml"
    path.write_text(f"extends: base\nname: {name}\nemperor_scorings: {{7: {{move_back: 6}}}}\n", encoding="utf-8")
    return str(path)


def widest(text: str) -> int:
    return max(len(line) for line in text.splitlines())


# --- the pieces, by hand ---------------------------------------------------------------------------------


def test_blocks_keep_the_reference_and_come_out_even() -> None:
    """30 characters of labels, then columns of 15 and 4 x 20 (each with a gap of 2): 30 + 17 + 22 + 22 = 91
    fits, a third 22 would make 113; so two blocks, the reference (column 0) in each."""
    assert blocks(30, [15, 20, 20, 20, 20]) == [[0, 1, 2], [0, 3, 4]]
    assert blocks(30, [15, 20]) == [[0, 1]]
    # 24 characters of labels and ten columns of 10 (12 with the gap): 6 fit in 100 (96), so two blocks; 5
    # and 5 rather than 6 and 4.
    assert blocks(24, [10] * 10, keep_first=False) == [[0, 1, 2, 3, 4], [5, 6, 7, 8, 9]]
    assert blocks(24, [200], keep_first=False) == [[0]], "a column wider than the screen still has a block"


def test_rows_the_same_everywhere_fold_into_one_line_per_section() -> None:
    rows = [
        Row("ONE"),
        Row("  a", ("1", "1"), same=True, short="1"),
        Row("  b", ("2", "3 (+1)")),
        Row("TWO"),
        Row("  c", ("4%", "4%"), same=True, short="4%"),
        Row("  d", ("5", "5"), same=True, short="5"),
    ]
    assert fold(rows) == [rows[0], Folded(("a = 1",)), rows[2], rows[3], Folded(("c = 4%", "d = 5"))]
    # Labels 3 wide, then two spaces before each column, right-aligned to its widest cell (folded rows aside).
    assert table(rows, ["x", "y"]) == [
        "     x       y",
        "ONE",
        "  same in all: a = 1",
        "  b  2  3 (+1)",
        "TWO",
        "  same in all: c = 4%; d = 5",
    ]
    assert table(rows, ["x", "y"], fold_same=False)[-2:] == ["  c  4%      4%", "  d   5       5"]


def test_long_names_become_letters_with_a_legend() -> None:
    assert column_names(["base", "gentle-move-backs"]) == (["base", "gentle-move-backs"], [])
    headings, legend = column_names(["base", LONG, "mild-cafe"])
    assert headings == ["A", "B", "C"]
    assert legend == [
        "Columns: A = base (the reference)",
        f"         B = {LONG}",
        "         C = mild-cafe",
    ]


# --- gah compare -------------------------------------------------------------------------------------------


def test_compare_of_five_rulesets_with_a_long_name_fits(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Before: 126 columns for four rulesets. Now every line is at most 100: five rulesets come in blocks (four,
    with the metric ids in the labels), each starting with the reference, under letters (one name has 40
    characters) explained by a legend."""
    names = ["base", late_change(tmp_path, LONG), "gentle-move-backs", "no-penalties", "mild-cafe"]
    out = gah(capsys, "compare", *names, "--games", "12")
    assert widest(out) <= WIDTH
    lines = out.splitlines()
    assert f"         B = {LONG}" in lines
    assert "(1 of 4: A, B)" in lines and "(4 of 4: A, E)" in lines
    short = gah(capsys, "compare", "base", "gentle-move-backs", "no-penalties", "mild-cafe", "--games", "12")
    assert widest(short) <= WIDTH and "Columns:" not in short
    assert widest(gah(capsys, "compare", *names, "--games", "12", "--all")) <= WIDTH


def _section(out: str, heading: str) -> list[str]:
    lines = out.splitlines()
    start = lines.index(heading) + 1
    end = next((i for i in range(start, len(lines)) if lines[i] and not lines[i].startswith(" ")), len(lines))
    return lines[start:end]


def test_compare_folds_what_a_late_change_cannot_touch(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """base against a change to round 7's scoring: the scorings after rounds 3 and 5 are played once for both,
    so each of their rows is the same in every game: one "same in all" line each. Round 7 is not folded;
    --all prints every row."""
    argv = ("compare", "base", late_change(tmp_path), "--games", "20")
    out = gah(capsys, *argv)
    assert widest(out) <= WIDTH
    for round_ in (3, 5):
        section = _section(out, f"EMPEROR SCORING AFTER ROUND {round_}")
        assert section[0].startswith("  same in all: Emperor points (mean) = "), section
        words = " ".join(" ".join(section).split())
        assert "; bonus [bonus_r3] = " in words or "; bonus [bonus_r5] = " in words
        assert "; penalty [penalty_r3] = " in words or "; penalty [penalty_r5] = " in words
        assert not any(line.startswith(("  bonus", "  penalty", "  net points")) for line in section)
    round_7 = _section(out, "EMPEROR SCORING AFTER ROUND 7")
    assert "bonus =" not in " ".join(round_7) and "penalty =" not in " ".join(round_7), "the changed scoring"
    # the penalty's row is in its section or, beyond noise, in the first one
    assert any(line.startswith("  penalty ") for line in round_7) or "  penalty, round 7 [penalty_r7]  " in out
    tiles = _section(out, "TILES: bonus / neutral / penalty")
    folded = " ".join(" ".join(line for line in tiles if not line.startswith("  c-")).split())
    assert folded.startswith("same in all: a-"), "the tiles of rounds 3 and 5 are scored alike"
    assert "c-points =" not in folded and any(line.startswith("  c-points ") for line in tiles)
    everything = gah(capsys, *argv, "--all")
    assert "same in all" not in everything
    assert [line for line in _section(everything, "EMPEROR SCORING AFTER ROUND 3") if line.startswith("  bonus ")]


# --- gah sweep -----------------------------------------------------------------------------------------------


class _Maps(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.maps: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "section":
            self.maps.append(dict(attrs).get("id") or "")


def test_sweep_leaves_out_constant_metrics_and_fits(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A grid over round 7 (and a c-points tile): the round-3 and round-5 rates are the same at every point
    (those scorings are played once for all), so the table and the heat maps leave them out and name them;
    every metric left out is the same at every point in the JSON, every one shown differs somewhere."""
    argv = ("sweep", "base", "--vary", f"{MOVE_BACK}=5..7", "--vary", f"{C_POINTS}=6,8", "--games", "20")
    page, full = tmp_path / "sweep.html", tmp_path / "all.html"
    out = gah(capsys, *argv, "--html", str(page))
    data: dict[str, Any] = json.loads(gah(capsys, *argv, "--json"))
    constant = [
        metric
        for metric in data["metrics"]
        if len({data["start_metrics"][metric], *(p["metrics"][metric] for p in data["points"])}) == 1
    ]
    assert {"bonus_r3", "penalty_r3", "bonus_r5", "penalty_r5"} <= set(constant)
    assert len(constant) < len(data["metrics"])
    assert widest(out) <= WIDTH
    left_out = " ".join(out[out.index("The same at every point") :].split("\n\n")[0].split())
    assert all(f"{metric} " in left_out for metric in constant)
    header = " ".join(line for line in out.splitlines() if line.startswith(" " * 8))
    assert "r3" not in header.replace("comeback_", "").replace("behind_", "")
    maps = _Maps()
    maps.feed(page.read_text(encoding="utf-8"))
    assert maps.maps == [m for m in data["metrics"] if m not in constant]
    assert "The same at every point, so not drawn: bonus_r3 (" in page.read_text(encoding="utf-8")
    everything = gah(capsys, *argv, "--all", "--html", str(full))
    assert widest(everything) <= WIDTH and "The same at every point" not in everything
    maps = _Maps()
    maps.feed(full.read_text(encoding="utf-8"))
    assert maps.maps == data["metrics"]


def test_compare_of_recorded_states_fits(capsys: pytest.CaptureFixture[str]) -> None:
    """A state under five rulesets: each cell is some 27 characters wide, so the players' table comes in two
    blocks (base first in each) instead of one line of 150 characters."""
    state = str(Path(__file__).resolve().parents[1] / "examples" / "round7.yaml")
    names = ["base", "gentle-move-backs", "no-penalties", "mild-cafe", "long-track"]
    code = main(["--workspace", str(shipped_root()), "compare", *names, "--states", state])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert widest(out) <= WIDTH
    headers = [line.split() for line in out.splitlines() if line.startswith("  player")]
    assert headers == [
        ["player", "base", "gentle-move-backs", "no-penalties"],
        ["player", "base", "mild-cafe", "long-track"],
    ]

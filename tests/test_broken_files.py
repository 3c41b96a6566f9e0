"""Broken rules files: `gah check` reports each mistake clearly, at the right place.

Each case is a file `tests/data/broken/NAME.yaml` (or a folder `NAME/` whose
files are checked together) with a golden `tests/data/broken/NAME.expected`
holding the exact stderr of `gah check tests/data/broken/NAME.yaml` run from
the repository root. Regenerate the goldens with

    python -m tests.update_goldens

and review the diff: a poor message or a wrong position is fixed in the
compiler, never in the golden.

Besides the goldens, `EXPECTED` below says by hand, for every case, where the
first problem is and what its message must say, so a careless regeneration
cannot slip a wrong answer in.
"""

from __future__ import annotations

import re

import pytest
import yaml
from goldens import assert_matches_golden, broken_cases, broken_files
from helpers_rules import BROKEN, ROOT, run_gah

HEADER = re.compile(r"^(?P<file>[^\s:][^:]*):(?P<line>\d+):(?P<column>\d+): (?P<message>.+)$")

# name -> (line:column of the first problem, words its message must contain)
EXPECTED: dict[str, tuple[str, str]] = {
    # the effect vocabulary's own checks
    "two-tiebreakers": ("5:5", "only one tie-breaker decides ties"),
    "prefer-takes-twice": ("9:11", "this part and part 1 both take krones"),
    # gain 3 then pay 5 krones: every engine would ask 5 of what the player had before the option
    "option-pays-with-its-gain": ("9:48", "this part takes krones, which part 1 may give"),
    "choose-one-nested": ("9:21", "an option of choose_one cannot hold another choose_one"),
    # conditions (the `if` effect)
    "condition-unknown-key": ("7:52", "unknown key 'more_than'; expected one of: all, any, at_least"),
    "condition-no-comparison": ("7:20", "compares with nothing; add at_least, at_most or exactly"),
    "condition-exactly-and-at-least": ("8:32", "condition.space.exactly: exactly and at_least together"),
    "condition-two-forms": (
        "10:15",
        "a condition tests one of quantity, value, space, zone, most, fewest, all or any; this one has",
    ),
    "condition-unknown-zone": ("7:27", "unknown zone 'purple'; write an outcome (bonus, nothing, penalty)"),
    "condition-empty-range": ("7:60", "no value is at least 5 and at most 3"),
    "effect-parameter-mistakes": ("6:56", "unknown item 'caviar'; items are: strudel, cake, wine, coffee"),
    # filtered counts: the hotel's colours, floors and columns, the ruleset's items; the keys each count takes
    "count-bad-filters": ("6:89", "unknown colour 'purple'; the hotel's colours are: blue, red, yellow"),
    "count-unknown-filter": ("6:63", "unknown key 'floors' (did you mean 'colours'?); expected one of: colours, count"),
    # YAML itself
    "yaml-syntax-unclosed-flow": (
        "5:4",
        "did not find expected ',' or '}' (in the '{' mapping opened at line 4, column 6)",
    ),
    "yaml-line-without-colon": ("3:1", "this line is not 'key: value'"),
    "yaml-unclosed-quote": ("3:8", "this quoted text is never closed"),
    "yaml-bad-indentation": ("5:3", "bad indentation"),
    "tab-indent": ("4:1", "tab character; indent with spaces"),
    "duplicate-keys": ("5:3", "duplicate key '3' (first defined at line 4)"),
    "anchor-and-alias": ("4:6", "YAML anchors (&gentle) are not allowed"),
    "alias-only": ("3:9", "YAML aliases (*seven) are not allowed"),
    "python-tag": ("3:8", "YAML tags (!!python/object/apply:os.system) are not allowed"),
    "custom-tag": ("3:9", "YAML tags (!round) are not allowed"),
    "multiple-documents": ("3:1", "only one YAML document per file"),
    "empty": ("1:1", "the file holds no data"),
    "comments-only": ("1:1", "the file holds no data"),
    "top-level-list": ("1:1", "must be a mapping of keys (extends, name, ...), not a list"),
    "top-level-scalar": ("1:1", "not a single value"),
    "invalid-utf8": ("3:11", "invalid UTF-8 (byte 0xe9)"),
    "control-character": ("3:12", "control character U+0007 is not allowed"),
    # names and extends
    "missing-name": ("1:1", "missing required key 'name'"),
    "bad-name": ("2:7", "'My_Variant' is not a valid ruleset name"),
    "extends-not-a-name": ("1:10", "extends: expected a ruleset name (text), got a list"),
    "unknown-parent": ("1:10", "extends: unknown ruleset 'bsae' (did you mean 'base'?); known rulesets: base, draft"),
    "cycle": ("1:10", "cycle: cycle-one -> cycle-two -> cycle-one"),
    "same-name": ("2:7", "ruleset 'same-name' is already defined in tests/data/broken/same-name/first.yaml"),
    # the schema
    "unknown-key-did-you-mean": ("4:7", "unknown key 'move_bak' (did you mean 'move_back'?)"),
    "unknown-top-level-key": ("3:1", "unknown key 'emperor_scoring' (did you mean 'emperor_scorings'?)"),
    "wrong-type-text-for-number": ("3:9", 'rounds: expected a whole number, got text ("seven")'),
    "wrong-type-mapping-for-list": ("3:14", "tiebreakers: expected a list, got a mapping"),
    "number-out-of-range": ("3:9", "rounds: 0 is less than the minimum of 1"),
    "unknown-effect-kind": ("6:16", "\"gain_point\" is not allowed here (did you mean 'gain_points'?)"),
    "empty-effect-list": ("6:15", "tiles.a-krones.penalty.prefer: needs at least 1 entry; has 0"),
    "effect-unknown-parameter": ("6:40", "unknown key 'amont' (did you mean 'amount'?); expected one of: amount, kind"),
    "missing-effect-parameter": ("6:9", "tiles.a-krones.bonus[0]: missing required key 'amount'"),
    "bad-enum": ("5:22", "\"penalti\" is not allowed here (did you mean 'penalty'?)"),
    "unknown-quantity": ("5:21", "(did you mean 'occupied_red_rooms'?)"),
    "bad-discount": ("6:58", 'expected a whole number from 0 to 20 or "all", got text ("half")'),
    "discount-too-large": ("6:57", "25 is greater than the maximum of 20"),
    "bad-floors": ("6:38", 'expected "any" or a list, got text ("all")'),
    "bad-cell-form": ("4:15", '"1-1" is not valid here; expected a hotel space as "floor.column"'),
    "bad-tile-id": ("4:3", 'tiles: key "Royal_Tile" is not valid here; expected an id'),
    "penalty-effects-and-prefer": ("5:5", "use either 'effects', or 'prefer' with 'otherwise' (not both)"),
    "penalty-prefer-without-otherwise": ("5:5", "use either 'effects', or 'prefer' with 'otherwise'; found: prefer"),
    "game-end-formula-both-forms": ("5:5", "use either 'points' with 'per', or 'copy_opponent' (not both)"),
    "final-source-extra-key": ("5:5", "'points_by_floor' cannot be used together with the other keys"),
    "complete-ruleset-missing-sections": ("1:1", "missing required keys: players, items, emperor_track"),
    "patch-misspelt-tile-id": ("5:3", "(is 'a-kroner' a typo for 'a-krones'?)"),
    "many-problems-sorted": ("3:9", "rounds: expected a whole number"),
    "variant-of-variant-bad": ("6:16", 'setup.deal.direction: "up" is not allowed here; expected one of: left, right'),
    # a patch that breaks its parent: reported in the patch
    "null-removes-required-key": ("4:3", "missing required key 'points_per_step_beyond': `null` removes it here"),
    "null-removes-top-level-key": ("3:1", "missing required key 'rounds': `null` removes it here"),
    "zones-leave-gap": ("5:19", "space(s) 2 of the Emperor track are in no zone"),
    "zones-overlap": ("5:19", "zone 'neutral' (spaces 1-4) overlaps zone 'yellow' (spaces 3-13)"),
    "track-extended-without-zones": ("5:3", "space(s) 14 of the Emperor track are in no zone"),
    "track-shortened-zones-beyond": ("5:3", "zone 'yellow' ends at space 13 but the track ends at 10"),
    "move-back-longer-than-track": ("4:18", "emperor_scorings.7.move_back: 14 is longer than the track"),
    "scoring-tier-without-tiles": ("4:13", "no tile of tier D for the scoring after round 6"),
    "tiles-remove-whole-tier": ("4:1", "no tile of tier A for the scoring after round 3"),
    "tile-tier-never-scored": ("5:11", "tile 'e-points' has tier E, which no Emperor scoring uses"),
    "scoring-after-last-round": ("4:9", "Emperor scoring after round 7, but the game has 6 rounds"),
    "players-min-above-max": ("3:16", "players.min 5 is more than players.max 4"),
    "variant-removes-used-item": ("4:9", "unknown item 'strudel'; items are: cake, wine, coffee (in the inherited"),
    "variant-reshapes-hotel": ("4:1", "room 4.1 is outside the hotel (3 floors x 5 columns) (in the inherited rules"),
    # whole numbers, and text that must not reach the terminal raw
    "whole-number-written-as-decimal": ("3:20", "staff.33.cost: expected a whole number, got a decimal number (5.0)"),
    "escape-in-key": ("4:1", "control character U+001B is not allowed in a key here"),
    # meaning: effects, hotel, Staff, setup
    "unknown-item": ("6:48", "unknown item 'beer'; items are: strudel, cake, wine, coffee"),
    "draw-more-than-drawn": ("6:44", "cannot play 4 of the 3 cards drawn"),
    "prepare-room-missing-floor": ("6:42", "the hotel has no floor 5"),
    "hotel-group-mixes-colours": ("5:7", "mixes colours (1.1 is blue, 1.2 is yellow)"),
    "hotel-group-not-connected": ("12:7", "rooms 3.1, 4.1, 3.3, 4.3 are not orthogonally connected"),
    "hotel-group-cell-outside": ("14:15", "room 5.5 is outside the hotel (4 floors x 5 columns)"),
    "hotel-cell-outside": ("4:60", "hotel.printed_points: 5.5 is outside the hotel"),
    "group-reward-missing-size": ("7:7", "hotel.group_rewards.red: no reward for a group of 4"),
    "game-end-on-permanent-staff": ("5:5", "Staff 5 (Groom) has a game_end formula but its kind is 'permanent'"),
    "game-end-staff-without-formula": ("4:37", "Staff 49 (Night Porter) is a game-end card without a game_end"),
    "once-effect-on-permanent-staff": ("5:5", "Staff 6 (Stableman) has once-effects but its kind is 'permanent'"),
    "introductory-unknown-card": ("6:29", "set D: unknown Staff card 49"),
    "introductory-card-in-two-sets": ("6:29", "set C: Staff card 5 is already in set A"),
    "introductory-too-few-sets": ("5:5", "3 introductory set(s) for up to 4 players"),
    "draft-packet-too-small": ("5:18", "packet_size: 4 is smaller than the hand size 6"),
    "hand-too-big-for-deck": ("4:21", "4 players x 13 cards is more than the 48 Staff cards"),
    # roles (issue 43: these two crashed every command with KeyError: 'lower')
    "role-unknown-source": ("5:35", "no final-scoring source 'cellar'; expected one of: staff, rooms, krones"),
    "role-seat-above-max": ("5:11", "roles.solo-opponent.seat: 3 is more than players.max (2)"),
}


def test_every_case_has_a_hand_written_expectation_and_a_golden() -> None:
    cases = broken_cases()
    assert len(cases) >= 30
    assert set(cases) == set(EXPECTED)
    goldens = {p.stem for p in BROKEN.glob("*.expected")}
    assert goldens == set(cases)


@pytest.mark.snapshot
@pytest.mark.parametrize("name", broken_cases())
def test_gah_check_output_matches_golden(name: str) -> None:
    run = run_gah("check", *broken_files(name))
    if "YAML syntax error" in run.err and not yaml.__with_libyaml__:  # pragma: no cover
        pytest.skip("syntax-error wording is libyaml's; this PyYAML has no libyaml")
    assert run.code == 1
    assert "Traceback" not in run.err + run.out
    assert_matches_golden(BROKEN / f"{name}.expected", run.err)


@pytest.mark.parametrize("name", broken_cases())
def test_golden_is_clear_and_points_at_the_right_place(name: str) -> None:
    """Read the golden as a user would: positioned, sorted, quoting the right line, counted."""
    text = (BROKEN / f"{name}.expected").read_text(encoding="utf-8")
    lines = text.splitlines()
    files = set(broken_files(name))
    headers = [(i, m) for i, line in enumerate(lines) if (m := HEADER.match(line))]
    assert headers, text
    count = len(headers)
    assert lines[-1] == f"{count} problem{'s' if count != 1 else ''} found"

    # The hand-written expectation for the first problem.
    where, words = EXPECTED[name]
    first = headers[0][1]
    assert f"{first['line']}:{first['column']}" == where, text
    assert words in first["message"], text

    positions = []
    for index, match in headers:
        # Every problem is in a file of this case: a variant that breaks its
        # parent is reported in the variant, not in rules/.
        assert match["file"] in files, text
        line_no, column = int(match["line"]), int(match["column"])
        positions.append((match["file"], line_no, column))
        source = (ROOT / match["file"]).read_bytes().decode("utf-8", errors="replace").splitlines()
        if not source:
            continue  # an empty file has no line to quote
        assert 1 <= line_no <= len(source), text
        quoted, caret = lines[index + 1], lines[index + 2]
        original = source[line_no - 1]
        assert quoted.startswith("    ")
        assert len(quoted) == len(original) + 4
        assert caret == " " * (4 + column - 1) + "^", text
        if column <= len(original):
            pointed = original[column - 1]
            assert not pointed.isspace() or pointed == "\t", f"caret on a blank in:\n{text}"
    # All errors in one file are reported sorted by position.
    assert positions == sorted(positions)


def test_many_problems_in_one_file_are_all_reported_in_order() -> None:
    text = (BROKEN / "many-problems-sorted.expected").read_text(encoding="utf-8")
    places = [m.group(0).split(": ")[0] for line in text.splitlines() if (m := HEADER.match(line))]
    prefix = "tests/data/broken/many-problems-sorted.yaml:"
    assert places == [prefix + p for p in ("3:9", "5:7", "6:13", "10:37", "12:18")]


def test_a_cycle_is_reported_in_each_file_from_its_own_side() -> None:
    text = (BROKEN / "cycle.expected").read_text(encoding="utf-8")
    assert "cycle/cycle-one.yaml:1:10: extends: variants extend each other in a cycle: cycle-one -> cycle-two" in text
    assert "cycle/cycle-two.yaml:1:10: extends: variants extend each other in a cycle: cycle-two -> cycle-one" in text


def test_checking_one_broken_file_says_nothing_about_the_shipped_rules() -> None:
    run = run_gah("check", "tests/data/broken/zones-overlap.yaml")
    assert run.code == 1
    assert "rules/" not in run.err.replace("tests/data/broken", "")
    assert run.out == ""

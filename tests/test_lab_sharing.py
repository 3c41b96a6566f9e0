"""Sharing game stretches between rulesets cannot go stale: what a scoring reads is derived from every field
of the IR (compiler/lab/engine/sharing.py: READ_WHOLE, READ_SO_FAR, NOT_READ), and a ruleset that differs from base
in any one field plays exactly the games it plays alone. Every leaf value inside a field: tests/test_lab_sharing_leaves.py.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from gah import ir
from gah.errors import GahError
from gah.lab.engine import sharing
from gah.lab.engine.game import Part
from gah.lab.engine.model import default_model_path, load_model
from gah.lab.runs.jobs import Lab, LabSpec
from gah.project import load_one
from helpers_rules import shipped_workspace

# One variant of base per field of ir.Ruleset that a scoring reads: each changes that field only.
READ_VARIANTS = {
    "rounds": "rounds: 8",
    "min_players": "players: {min: 3}",
    "max_players": "players: {max: 3}",
    "items": "items: {champagne: {kind: drink, name: Champagne}}",
    "track": "emperor_track: {spaces: {13: 10}}",
    "scorings": "emperor_scorings: {5: {move_back: 4}}",
    "tiles": "tiles: {b-krones: {bonus: [{kind: gain_krones, amount: 6}]}}",
    "hotel": 'hotel: {printed_points: {"3.4": 2}}',
    "staff": "staff: {1: {cost: 5}}",
    "final_scoring": "final_scoring: {rooms: {points_by_floor: {1: 4, 2: 3, 3: 2, 4: 1}}, krones: {points: 3}}",
    "score_track_spaces": "score_track: {spaces: 100}",
    "lap_marker": "score_track: {lap_marker: [75, 150, 225]}",
    "rulings": "rulings: {notes: [Only this note.]}",
    "setup": "setup: {start: {krones: 12}}",
    "resources": "resources: {objectives: {start: 1}}",
    # A role: the lab refuses the ruleset in both engines (LabSpec), the refusal is asserted below.
    "roles": "roles: {boss: {names: {en: boss}, emperor_scoring: {penalty: false}}}",
}
# And per field no scoring reads: the variant shares every stretch with base.
NOT_READ_VARIANTS = {
    "title": "title: Another title",
    "description": "description: Another description.",
    "tiebreakers": "tiebreakers: [{per: krones}]",
}


def test_every_ir_field_is_classified_once() -> None:
    fields = [field.name for field in dataclasses.fields(ir.Ruleset)]
    lists = [*sharing.READ_WHOLE, *sharing.READ_SO_FAR, *sharing.NOT_READ]
    assert sorted(lists) == sorted(fields), "say in compiler/lab/engine/sharing.py whether scorings read each IR field"
    assert len(set(lists)) == len(lists)


def test_an_unclassified_field_stops_the_lab() -> None:
    @dataclasses.dataclass(frozen=True)
    class Extended(ir.Ruleset):
        house_bonus: int = 0

    base = load_one(shipped_workspace(), "base")
    extended = Extended(**{f.name: getattr(base, f.name) for f in dataclasses.fields(ir.Ruleset)}, house_bonus=3)
    with pytest.raises(sharing.UnclassifiedField, match="house_bonus"):
        sharing.scoring_key(extended, 3)


def test_every_read_field_has_a_variant() -> None:
    assert sorted(READ_VARIANTS) == sorted([*sharing.READ_WHOLE, *sharing.READ_SO_FAR])
    assert set(NOT_READ_VARIANTS) <= set(sharing.NOT_READ)


def _lab(tmp_path: Path, field: str, change: str, games: int) -> tuple[Lab, list[Lab]]:
    path = tmp_path / f"{field.replace('_', '-')}.yaml"
    path.write_text(f"extends: base\nname: change-{field.replace('_', '-')}\n{change}\n", encoding="utf-8")
    workspace = shipped_workspace()
    model = load_model(workspace, default_model_path(workspace))
    rulesets = (load_one(workspace, "base"), load_one(workspace, str(path)))
    assert rulesets[0] != rulesets[1]
    together = Lab(LabSpec(rulesets=rulesets, model=model, games=games, players=3, seed=11))
    alone = [Lab(LabSpec(rulesets=(r,), model=model, games=games, players=3, seed=11)) for r in rulesets]
    return together, alone


@pytest.mark.parametrize("field", sorted(READ_VARIANTS))
def test_a_ruleset_differing_in_one_field_plays_as_if_alone(field: str, tmp_path: Path) -> None:
    if field == "roles":  # the game model cannot play a role's automated opponent: neither engine plays it
        with pytest.raises(GahError, match="ruleset change-roles has player roles \\(boss\\): the lab's game model"):
            _lab(tmp_path, field, READ_VARIANTS[field], games=8)
        return
    together, alone = _lab(tmp_path, field, READ_VARIANTS[field], games=8)
    for game in range(8):
        assert together.play_game(game) == [one.play_game(game)[0] for one in alone], (field, game)


@pytest.mark.parametrize("field", sorted(NOT_READ_VARIANTS))
def test_a_ruleset_differing_only_where_no_scoring_reads_shares_every_stretch(field: str, tmp_path: Path) -> None:
    together, alone = _lab(tmp_path, field, NOT_READ_VARIANTS[field], games=4)
    # One opening, shared through the turns of round 7; the last scoring and the final scoring each plays alone.
    assert together.parts == [Part((0, 1), 7, (Part((0,), 0, ()), Part((1,), 0, ())))]
    for game in range(4):
        assert together.play_game(game) == [one.play_game(game)[0] for one in alone], (field, game)


def test_rulesets_are_told_apart_by_their_ir_and_the_words_a_module_prints() -> None:
    """same_rulesets: a ruleset listed twice, or alike but for texts no module prints, is the first listing;
    unequal rulesets with one ruleset_key stay apart where their words differ (royal-banquet's own German tile
    name), and join where they do not (base's translations say what en.yaml's words say anyway)."""
    reference = load_one(shipped_workspace(), "base")
    noted = dataclasses.replace(reference, rulings=dataclasses.replace(reference.rulings, notes=("Another note.",)))
    untranslated = dataclasses.replace(reference, translations=())
    banquet = load_one(shipped_workspace(), "royal-banquet")
    plain_banquet = dataclasses.replace(banquet, translations=())
    retitled = dataclasses.replace(reference, title="Another title")
    rulesets = [reference, banquet, reference, noted, untranslated, plain_banquet, retitled, plain_banquet]
    assert sharing.ruleset_key(plain_banquet) == sharing.ruleset_key(banquet)
    assert sharing.same_rulesets(rulesets) == [0, 1, 0, 0, 0, 5, 6, 5]

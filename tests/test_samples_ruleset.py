"""The `effect-samples` test ruleset (tests/helpers_samples.py): every sample of tests/effect_samples.py as
rules data, read back by the front end as exactly the sample, with no problem the meaning checks find."""

from __future__ import annotations

from collections import Counter

from effect_samples import every_sample
from gah import ir
from gah.project import compile_library, load_one
from helpers_rules import shipped_workspace
from helpers_samples import NAME, effect_data, holds_a_choice, layout, samples_ruleset


def test_the_data_reads_back_as_the_samples() -> None:
    """Lowering the written data gives each tile's samples back, field for field (filters' fits included)."""
    ruleset = load_one(shipped_workspace(), str(samples_ruleset()))
    assert ruleset.name == NAME
    laid = layout([tile.id for tile in ruleset.tiles])
    for tile in ruleset.tiles:
        bonus, penalty = laid[tile.id]
        assert tile.bonus == bonus, tile.id
        assert tile.penalty == ir.Penalty(effects=penalty), tile.id


def test_every_sample_is_in_a_bonus_and_every_plain_one_an_option_of_a_penalty() -> None:
    ruleset = load_one(shipped_workspace(), str(samples_ruleset()))
    bonuses = [effect for tile in ruleset.tiles for effect in tile.bonus]
    options = [
        option
        for tile in ruleset.tiles
        for choice in tile.penalty.effects
        if isinstance(choice, ir.ChooseOne) and not choice.may_decline
        for option in choice.options
    ]
    samples = [effect for _kind, effect in every_sample()]
    assert Counter(bonuses) == Counter(samples)  # each once
    for effect in samples:
        assert holds_a_choice(effect) or (effect,) in options, effect


def test_the_meaning_checks_find_nothing() -> None:
    """gah check's checks of meaning (schema, references, all-or-nothing parts...). Not the sheet's page length:
    the samples say more than one A4 front holds, and the pad, modules and engines need no sheet."""
    compiled = compile_library(shipped_workspace(), extra=[samples_ruleset()], only_extra=True)
    assert compiled.problems == []
    assert NAME in compiled.rulesets


def test_the_data_form_of_a_choice_holds_its_options_data() -> None:
    choice = ir.ChooseOne(((ir.GainKrones(2), ir.LosePoints("all")),), True)
    assert effect_data(choice) == {
        "kind": "choose_one",
        "options": [[{"kind": "gain_krones", "amount": 2}, {"kind": "lose_points", "amount": "all"}]],
        "may_decline": True,
    }

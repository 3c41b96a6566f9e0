"""The lab's start-up: what a run prepares before its games, and only what its engine needs."""

from __future__ import annotations

import dataclasses

import pytest
from gah import ir
from gah.backends.python import module
from gah.backends.python.module import generate_module
from gah.lab.engine.game import RulesInfo
from gah.lab.engine.model import default_model_path, load_model
from gah.lab.engine.sharing import UNPRINTED, ruleset_key
from gah.lab.runs import jobs
from gah.lab.runs.batches import BatchedLab
from gah.lab.runs.jobs import LabSpec, make_job, module_source
from gah.project import load_one
from helpers_rules import shipped_workspace


def spec(*rulesets: ir.Ruleset, games: int = 20) -> LabSpec:
    workspace = shipped_workspace()
    model = load_model(workspace, default_model_path(workspace))
    return LabSpec(rulesets=rulesets, model=model, games=games, players=4, seed=3)


def base() -> ir.Ruleset:
    return load_one(shipped_workspace(), "base")


def no_modules(ruleset: ir.Ruleset) -> str:
    raise AssertionError(f"the module of {ruleset.name} was generated")


def test_a_batched_job_generates_no_module(monkeypatch: pytest.MonkeyPatch) -> None:
    gentle = load_one(shipped_workspace(), "gentle-move-backs")
    monkeypatch.setattr(jobs, "module_source", no_modules)
    monkeypatch.setattr(module, "generate_module", no_modules)
    job = make_job(spec(base(), gentle, base()), "batched")
    assert (job.engine, job.sources) == ("batched", ())
    assert BatchedLab(job.spec).same_as == [0, 1, 0]  # a ruleset listed twice is still played once


def test_a_pure_job_carries_the_modules() -> None:
    job = make_job(spec(base()), "pure")
    assert job.sources == (module_source(job.spec.rulesets[0]),)


def test_rulesets_alike_but_for_their_modules_are_told_apart_as_by_their_modules() -> None:
    """Equal RulesInfo (same name, same playing data) but unequal rulesets: told apart as their modules would
    tell them apart (sharing.same_rulesets), on both engines, with no module generated."""
    reference = base()
    retitled = dataclasses.replace(reference, title="Another title")  # the module prints the title
    elsewhere = dataclasses.replace(reference, sources=("elsewhere.yaml",))  # and the sources
    untranslated = dataclasses.replace(reference, translations=())  # but not base's translations (as en.yaml's)
    assert untranslated != reference and module_source(untranslated) == module_source(reference)
    banquet = load_one(shipped_workspace(), "royal-banquet")
    untranslated_banquet = dataclasses.replace(banquet, translations=())  # its tile's German name is printed
    assert module_source(untranslated_banquet) != module_source(banquet)
    rulesets = (reference, retitled, elsewhere, untranslated, reference, banquet, untranslated_banquet)
    lab_spec = spec(*rulesets)
    assert BatchedLab(lab_spec).same_as == [0, 1, 2, 0, 0, 5, 6]
    assert jobs.Lab(lab_spec).same_as == [0, 1, 2, 0, 0, 5, 6]


def _unprinted_changed(value: object, field: str) -> object:
    """The value with every field named `field` of sharing.UNPRINTED's types set to another text or number, or
    a tuple emptied (or, empty, given one entry)."""
    if isinstance(value, tuple):
        return tuple(_unprinted_changed(part, field) for part in value)
    if not dataclasses.is_dataclass(value) or isinstance(value, type):
        return value
    changes = {}
    for f in dataclasses.fields(value):
        old = getattr(value, f.name)
        if f.name == field and field in UNPRINTED.get(type(value), ()):
            changes[f.name] = _other(old)
        else:
            changes[f.name] = _unprinted_changed(old, field)
    return dataclasses.replace(value, **changes)


def _other(value: object) -> object:
    if isinstance(value, tuple):
        return () if value else ("changed",)
    return 99 if isinstance(value, int) else "changed"


@pytest.mark.parametrize("name", ["base", "draft", "royal-banquet"])
def test_the_texts_a_ruleset_key_leaves_out_are_those_no_module_prints(name: str) -> None:
    """Each field sharing.UNPRINTED leaves out, changed, changes neither the generated module nor the key (the
    translations: the key, and the module only where its words change); a text the module prints changes both."""
    reference = load_one(shipped_workspace(), name)
    printed = generate_module(reference)
    for field in sorted({f for fields in UNPRINTED.values() for f in fields} - {"translations"}):
        changed = _unprinted_changed(reference, field)
        assert isinstance(changed, ir.Ruleset) and changed != reference, field
        assert generate_module(changed) == printed, field
        assert ruleset_key(changed) == ruleset_key(reference), field
        assert RulesInfo.of(changed) == RulesInfo.of(reference), field  # same_rulesets compares no RulesInfo
    for other in (dataclasses.replace(reference, description="Another"), _renamed_tile(reference)):
        assert generate_module(other) != printed and ruleset_key(other) != ruleset_key(reference)
    assert ruleset_key(dataclasses.replace(reference, translations=())) == ruleset_key(reference)


def _renamed_tile(ruleset: ir.Ruleset) -> ir.Ruleset:
    tiles = (dataclasses.replace(ruleset.tiles[0], name="Another"), *ruleset.tiles[1:])
    return dataclasses.replace(ruleset, tiles=tiles)

"""The lab's start-up: what a run prepares before its games, and only what its engine needs."""

from __future__ import annotations

import dataclasses

import pytest
from gah import ir
from gah.lab.engine.model import default_model_path, load_model
from gah.lab.runs import batches, jobs
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
    monkeypatch.setattr(batches, "generate_module", no_modules)
    job = make_job(spec(base(), gentle, base()), "batched")
    assert (job.engine, job.sources) == ("batched", ())
    assert BatchedLab(job.spec).same_as == [0, 1, 0]  # a ruleset listed twice is still played once


def test_a_pure_job_carries_the_modules() -> None:
    job = make_job(spec(base()), "pure")
    assert job.sources == (module_source(job.spec.rulesets[0]),)


def test_rulesets_alike_but_for_their_modules_are_told_apart_as_by_their_modules() -> None:
    """Equal RulesInfo (same name, same playing data) but unequal rulesets: their modules decide, as before."""
    reference = base()
    retitled = dataclasses.replace(reference, title="Another title")  # the module prints the title
    elsewhere = dataclasses.replace(reference, sources=("elsewhere.yaml",))  # and the sources
    untranslated = dataclasses.replace(reference, translations=())  # but not the translations
    assert untranslated != reference and module_source(untranslated) == module_source(reference)
    rulesets = (reference, retitled, elsewhere, untranslated, reference)
    lab_spec = spec(*rulesets)
    by_modules = BatchedLab(lab_spec, [module_source(r) for r in rulesets]).same_as
    assert by_modules == [0, 1, 2, 0, 0]
    assert BatchedLab(lab_spec).same_as == by_modules

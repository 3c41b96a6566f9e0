"""A piece of work's tallies counted at once equal its chunks' tallies merged in order, field by field.

run_lab (gah compare, gah sweep) asks for one Tally per ruleset per piece of work; the batched engine then
counts a whole batch at once instead of chunk by chunk. Reports print some counters in the order they met
their keys, so the key order must be the merged chunks' order too, not only the counts.
"""

from __future__ import annotations

import dataclasses
from collections import Counter

from batched_support import ordered
from gah.lab.engine.model import NO_PLANNING, default_model_path, load_model
from gah.lab.runs.jobs import LabSpec, chunks, make_job, merge_tallies, play_chunks
from gah.lab.runs.runner import run_chunks, run_lab
from gah.lab.runs.tallies import Tally
from gah.project import load_one
from helpers_rules import shipped_workspace


def spec(*names: str, games: int, players: int = 4, planning: bool = True) -> LabSpec:
    workspace = shipped_workspace()
    model = load_model(workspace, default_model_path(workspace))
    if not planning:
        model = dataclasses.replace(model, planning=NO_PLANNING)
    rulesets = tuple(load_one(workspace, name) for name in names)
    return LabSpec(rulesets=rulesets, model=model, games=games, players=players, seed=7)


def chunked_and_whole(lab_spec: LabSpec) -> tuple[list[Tally], list[Tally]]:
    """The chunks' tallies merged in order, and the same games' tallies counted as one piece."""
    job = make_job(lab_spec, "batched")
    assert job.engine == "batched"
    parts = chunks(lab_spec.games)
    per_chunk = play_chunks(job, parts)
    assert len(per_chunk) == len(parts)
    whole = play_chunks(job, parts, merged=True)
    assert len(whole) == 1
    return merge_tallies(per_chunk, len(lab_spec.rulesets)), whole[0]


def test_a_whole_piece_is_its_chunks_merged_field_by_field_and_key_by_key() -> None:
    lab_spec = spec("base", "gentle-move-backs", games=2000)
    merged, whole = chunked_and_whole(lab_spec)
    for index, (mine, reference) in enumerate(zip(whole, merged, strict=True)):
        assert reference.games == mine.games == 2000
        for field in dataclasses.fields(Tally):
            here, there = getattr(mine, field.name), getattr(reference, field.name)
            assert ordered(here) == ordered(there), (index, field.name)
    # The orders compared are not trivial: some counters meet their keys out of sorted order.
    assert list(merged[1].paired) != sorted(merged[1].paired)
    assert list(merged[0].tile_outcomes) != sorted(merged[0].tile_outcomes)
    assert merged[0].pair_same == 2000 and merged[1].pair_same == 0


def test_the_comparison_sees_a_counter_whose_keys_met_in_another_order() -> None:
    lab_spec = spec("base", "gentle-move-backs", games=500)
    merged, whole = chunked_and_whole(lab_spec)
    assert ordered(whole[1]) == ordered(merged[1])
    counts = merged[1].paired
    reordered = Counter(dict(reversed(list(counts.items()))))
    assert reordered == counts  # equal as counters ...
    merged[1].paired = reordered
    assert ordered(whole[1]) != ordered(merged[1])  # ... but not as the report would print them


def test_a_ruleset_listed_twice_fixed_moves_two_players() -> None:
    lab_spec = spec("base", "long-track", "base", games=700, players=2, planning=False)
    merged, whole = chunked_and_whole(lab_spec)
    assert [ordered(t) for t in whole] == [ordered(t) for t in merged]
    assert [t.pair_same for t in whole] == [700, 0, 700]


def test_run_lab_is_run_chunks_merged_on_one_or_two_workers() -> None:
    lab_spec = spec("base", "gentle-move-backs", games=1300)
    reference = merge_tallies(run_chunks(lab_spec, workers=1), 2)
    for workers in (1, 2):
        assert [ordered(t) for t in run_lab(lab_spec, workers=workers)] == [ordered(t) for t in reference]


def test_counts_meet_values_in_the_order_of_first_occurrence() -> None:
    import numpy as np
    from gah.lab.runs.batch_tallies import _count

    dense: Counter[int] = Counter({7: 1})
    _count(dense, np.array([2, -1, 2, 0, 7, -1, 2], np.int64))
    assert list(dense.items()) == [(7, 2), (2, 3), (-1, 2), (0, 1)]
    sparse: Counter[int] = Counter()
    _count(sparse, np.array([5, 3, 5, 100_000, 3, -9], np.int64))  # a span past 4 x 6 + 1024: sorted instead
    assert list(sparse.items()) == [(5, 2), (3, 2), (100_000, 1), (-9, 1)]
    words: Counter[str] = Counter()
    _count(words, np.array([2, 0, 2], np.int64), ("bonus", "nothing", "penalty"))
    assert list(words.items()) == [("penalty", 2), ("bonus", 1)]


def test_the_pieces_cover_the_chunks_in_order_with_a_tail_of_quarter_runs() -> None:
    from gah.lab.runs.jobs import Job, units

    lab_spec = spec("base", games=10)
    batched, pure = Job(lab_spec, (), "batched"), Job(lab_spec, (), "pure")
    parts = chunks(100_000)  # 400 chunks
    two = units(parts, batched, 2)
    assert [len(piece) for piece in two] == [16] * 23 + [4] * 8
    assert [bounds for piece in two for bounds in piece] == parts
    assert [len(piece) for piece in units(parts, batched, 1)] == [16] * 25
    assert [len(piece) for piece in units(chunks(2000), batched, 2)] == [2, 2, 1, 1, 1, 1]
    assert units(chunks(600), pure, 2) == [[(0, 250)], [(250, 500)], [(500, 600)]]

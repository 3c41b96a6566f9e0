"""The lab's games on the batched engine are the pure path's games, number for number.

Each stage against its reference: the BLAKE2b kernel against hashlib (rng.block), the plan arrays against
plan_game, the deal against the module's setup (and the lab's tiles), the turns and the whole game against the
pure Lab game by game (every total, winner, scoring figure and planner's move), the tallies and the reports.
The scorings here are the generated modules' (tests/batched_support.ModuleScorer), so these tests check the
lab's side of the batched engine; the kernels' own scorings are checked against the same games further down.
"""

from __future__ import annotations

import dataclasses
import hashlib
import multiprocessing
import os
import random
import re
import struct

import numpy as np
import pytest
from batched_support import ModuleScorer, arrays_view, module_view, ordered, store_game
from gah import ir
from gah.backends.batched.convert import dims_of
from gah.backends.batched.state import new_state
from gah.cli import main
from gah.errors import GahError
from gah.lab.engine import batched_plan, batched_scorer, game, rng
from gah.lab.engine.batched import BatchRules, batch_rules, draw_planners, new_games, outcomes
from gah.lab.engine.batched_deal import Refused, deal_games, deal_tables
from gah.lab.engine.batched_rng import block_into, compress, key_words
from gah.lab.engine.batched_turns import play_round, turn_tables
from gah.lab.engine.model import (
    NO_PLANNING,
    Distribution,
    Model,
    Planning,
    Price,
    RoundModel,
    default_model_path,
    load_model,
)
from gah.lab.runs import batches
from gah.lab.runs.batches import BatchedLab
from gah.lab.runs.jobs import Lab, LabSpec, make_job
from gah.lab.runs.tallies import Tally
from gah.project import load_one
from helpers_discovery import BATCHED_REFUSES, LAB_REFUSES, discovered, discovered_names
from helpers_rules import SHIPPED, shipped_root, shipped_workspace
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

MASK = (1 << 64) - 1


def model() -> Model:
    workspace = shipped_workspace()
    return load_model(workspace, default_model_path(workspace))


def ruleset(name: str) -> ir.Ruleset:
    """A discovered ruleset by name (tests/helpers_discovery.py)."""
    return load_one(shipped_workspace(), discovered().get(name, name))


# Every discovered ruleset; the test ones (not shipped) play fewer games: the checks stay broad, CI stays short.
RULESETS = discovered_names()


def games_for(name: str, shipped: int) -> int:
    """How many games a check plays of a ruleset: `shipped` for a shipped one, a fifth (at least 20) otherwise."""
    return shipped if name in SHIPPED else max(20, shipped // 5)


def batched_plays(spec: LabSpec) -> bool:
    """Whether the batched engine plays the spec's ruleset; where BATCHED_REFUSES says it cannot, its refusal
    (the message `gah lab` prints before it plays on the pure path) is asserted instead of skipped."""
    name = spec.rulesets[0].name
    if name not in BATCHED_REFUSES:
        assert batches.refusal(spec) == ""
        return True
    assert batches.refusal(spec).startswith(f"ruleset {name}: the batched "), batches.refusal(spec)
    assert f"cannot play it: {BATCHED_REFUSES[name]}" in batches.refusal(spec)
    return False


def lab_spec(*rulesets: ir.Ruleset, games: int, players: int = 4, seed: int = 11, planning: bool = True) -> LabSpec:
    chosen = model() if planning else dataclasses.replace(model(), planning=NO_PLANNING)
    return LabSpec(rulesets=rulesets, model=chosen, games=games, players=players, seed=seed)


def discovered_spec(name: str, games: int, players: int = 4, seed: int = 11, planning: bool = True) -> LabSpec | None:
    """The spec of a discovered ruleset alone, or None where the lab refuses it in both engines (LAB_REFUSES: the
    refusal is asserted, never skipped)."""
    if name in LAB_REFUSES:
        with pytest.raises(GahError, match=re.escape(LAB_REFUSES[name])):
            lab_spec(ruleset(name), games=games, players=players, seed=seed, planning=planning)
        return None
    return lab_spec(ruleset(name), games=games, players=players, seed=seed, planning=planning)


# --- the random numbers ------------------------------------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(
    st.tuples(*[st.integers(0, MASK)] * 5),
    st.integers(0, 1 << 20),
)
def test_the_blake2b_kernel_gives_rng_blocks(key: tuple[int, ...], index: int) -> None:
    out = np.zeros(16, np.int64)
    block_into(key_words(*key), index, out, 0)
    assert tuple(out.tolist()) == rng.block(key, index)


def test_the_blake2b_kernel_is_hashlibs_blake2b() -> None:
    """Blocks straight from hashlib (BLAKE2b-512 of six little-endian 64-bit words), written where asked."""
    out = np.zeros(48, np.int64)
    for index, key in enumerate([(7, 0, 1, 1, 3), (MASK, MASK, MASK, MASK, MASK), (0, 0, 0, 0, 0)]):
        block_into(key_words(*key), 5 - index, out, 16 * index)
        digest = hashlib.blake2b(struct.pack("<6Q", *key, 5 - index)).digest()
        assert out[16 * index : 16 * index + 16].tolist() == list(struct.unpack("<16I", digest))


def test_compress_writes_hashlibs_numbers_among_the_plans_uint32_numbers() -> None:
    """compress of 500 random 48-byte messages into a uint32 array (the plan's numbers) at an offset: hashlib's
    sixteen numbers there, and the numbers around them untouched."""
    generator = random.Random(23)
    for _ in range(500):
        words = [generator.getrandbits(64) for _ in range(6)]
        out = np.full(48, 7, np.uint32)
        compress(*[np.uint64(word) for word in words], out, 16)
        digest = hashlib.blake2b(struct.pack("<6Q", *words)).digest()
        assert out[16:32].tolist() == list(struct.unpack("<16I", digest)), words
        assert out[:16].tolist() == [7] * 16
        assert out[32:].tolist() == [7] * 16


# --- the plan ------------------------------------------------------------------------------------------------


def plan_turns(plan: batched_plan.PlanArrays, g: int, r: int, p: int) -> game.Turn:
    """A turn of the plan arrays as plan_turn's tuple."""
    head, numbers = plan.head[r, g, p].tolist(), plan.numbers[r, g, p].tolist()
    at = batched_plan.HEAD
    cuts = []
    for count in (
        head[batched_plan.ITEMS],
        head[batched_plan.PREPARE],
        head[batched_plan.OCCUPY],
        head[batched_plan.HIRE],
    ):
        cuts.append(tuple(numbers[at : at + count]))
        at += count
    cafe = tuple(
        tuple(numbers[plan.plate_at[r, g, p, k] : plan.plate_at[r, g, p, k] + plan.plate_count[r, g, p, k]])
        for k in range(head[batched_plan.GUESTS])
    )
    return (head[0], head[1], cuts[0], head[2], cuts[1], cuts[2], cuts[3], head[3], head[4], cafe)


@pytest.mark.parametrize("players", [2, 4])
def test_the_plan_arrays_are_plan_game(players: int) -> None:
    spec = lab_spec(ruleset("base"), games=400, players=players, seed=MASK - 3)
    lab = Lab(spec)
    picks = batched_plan.pick_tables(spec.model, lab.rounds)
    plan = batched_plan.plan_games(picks, spec.seed, 1000, 1400, players)
    for g in range(400):
        reference = lab.game.plan_game(lab.picks, spec.seed, 1000 + g, players)
        assert int(plan.deal_seed[g]) == game.deal_seed(reference)
        for r in range(lab.rounds):
            for p in range(players):
                assert plan_turns(plan, g, r, p) == reference.turns[r][p], (g, r, p)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_the_plan_arrays_follow_any_model(data: st.DataObject) -> None:
    """Distributions of any shape: long plates and many rooms need several blocks of a stream."""
    base = model()

    def draw(limit: int) -> Distribution:
        weights = data.draw(st.dictionaries(st.integers(0, limit), st.integers(0, 1000), min_size=1, max_size=6))
        if not any(weights.values()):
            weights[0] = 1
        return Distribution.of(weights)

    every = RoundModel(
        emperor=draw(50), points=draw(999), krones=draw(999), items=draw(50), prepare=draw(20), occupy=draw(20),
        hire=draw(10), draw=draw(10), objectives=draw(10), cafe=draw(9), guest_items=draw(10),
    )  # fmt: skip
    varied = dataclasses.replace(base, every_round=every, rounds=())
    spec = LabSpec(rulesets=(ruleset("base"),), model=varied, games=20, players=3, seed=data.draw(st.integers(0, MASK)))
    lab = Lab(spec)
    plan = batched_plan.plan_games(batched_plan.pick_tables(varied, lab.rounds), spec.seed, 0, 20, 3)
    for g in range(20):
        reference = lab.game.plan_game(lab.picks, spec.seed, g, 3)
        for r in range(lab.rounds):
            for p in range(3):
                assert plan_turns(plan, g, r, p) == reference.turns[r][p]


# --- the deal --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", RULESETS)
def test_the_deal_is_the_modules_setup(name: str) -> None:
    games = games_for(name, 150)
    for players in (2, 3, 4):
        spec = discovered_spec(name, games=games, players=players)
        if spec is None or not batched_plays(spec):
            return
        lab, rules = Lab(spec), spec.rulesets[0]
        plan = batched_plan.plan_games(batched_plan.pick_tables(spec.model, lab.rounds), spec.seed, 0, games, players)
        s = new_state(dims_of(rules, games, players))
        deal_games(deal_tables(rules, players), plan.deal_seed, np.uint64(spec.seed), 0, s)
        for g in range(games):
            reference = game.setup_state(
                lab.fasts[0], lab.modules[0], lab.game.plan_game(lab.picks, spec.seed, g, players)
            )
            assert arrays_view(rules, s, g) == module_view(reference), (name, players, g)


def test_a_deal_the_module_would_refuse_is_refused_by_name() -> None:
    base = ruleset("base")
    short = dataclasses.replace(base, name="short-deck", staff=base.staff[:5])
    with pytest.raises(Refused, match="too few Staff cards for 4 hands"):
        deal_tables(short, 4)
    with pytest.raises(Refused, match="it is for 2 to 4 players, not 5"):
        deal_tables(base, 5)


# --- the turns and whole games -----------------------------------------------------------------------------------


def play_pure_and_batched(rules: ir.Ruleset, players: int, games: int, seed: int = 11) -> None:
    """Round by round, every game's state after the turns on both engines (the batch set back to the pure game
    after each scoring, so each round's turns start alike)."""
    spec = lab_spec(rules, games=games, players=players, seed=seed)
    lab = Lab(spec)
    fast, module = lab.fasts[0], lab.modules[0]
    plan = batched_plan.plan_games(batched_plan.pick_tables(spec.model, lab.rounds), seed, 0, games, players)
    s = new_state(dims_of(rules, games, players))
    deal_games(deal_tables(rules, players), plan.deal_seed, np.uint64(seed), 0, s)
    tables = turn_tables(rules, spec.model)
    pure = []
    for g in range(games):
        reference = lab.game.plan_game(lab.picks, seed, g, players)
        module_game = game.setup_state(fast, module, reference)
        pure.append((reference, module_game, [game.LabPlayer(p, fast) for p in module_game.players]))
    for round_ in range(1, rules.rounds + 1):
        play_round(tables, s, plan, round_ - 1)
        for g, (reference, module_game, players_) in enumerate(pure):
            for player, turn in zip(players_, reference.turns[round_ - 1], strict=True):
                game.play_turn(fast, player, turn, module_game.deck, fast.info.items)
            for player in players_:
                player.store(fast)
            assert arrays_view(rules, s, g) == module_view(module_game), (rules.name, players, round_, g)
            if round_ in fast.scoring_rounds:
                module_game.round = round_
                module.emperor_scoring(module_game)
                for player in players_:
                    player.load(fast)
                store_game(rules, module_game, s, g)


@pytest.mark.parametrize("name", RULESETS)
def test_every_rounds_turns_are_play_turn(name: str) -> None:
    spec = discovered_spec(name, games=1)
    if spec is None or not batched_plays(spec):
        return
    for players in (2, 4):
        play_pure_and_batched(ruleset(name), players, games_for(name, 120))


def batched_outcomes(spec: LabSpec, start: int, stop: int) -> list[list[game.Outcome]]:
    """The spec's games on the batched engine with the modules' scorings."""
    return BatchedLab(spec, scorer=module_scorer).play(start, stop)


def module_scorer(spec: LabSpec, index: int, rules: BatchRules) -> ModuleScorer:
    lab = Lab(dataclasses.replace(spec, rulesets=(spec.rulesets[index],)))
    return ModuleScorer(rules, lab.modules[0], lab.fasts[0], spec.seed, spec.players)


def assert_same_games(spec: LabSpec, start: int, stop: int) -> None:
    lab = Lab(spec)
    mine = batched_outcomes(spec, start, stop)
    for g in range(start, stop):
        reference = lab.play_game(g)
        for index, outcome in enumerate(reference):
            assert mine[index][g - start] == outcome, (spec.rulesets[index].name, g)


@pytest.mark.parametrize("planning", [True, False], ids=["planners", "fixed"])
@pytest.mark.parametrize("name", RULESETS)
def test_whole_games_are_the_pure_games(name: str, planning: bool) -> None:
    spec = discovered_spec(name, games=games_for(name, 300), planning=planning)
    if spec is not None and batched_plays(spec):
        assert_same_games(spec, 0, spec.games)


def test_two_players_and_a_ruleset_listed_twice() -> None:
    base = ruleset("base")
    spec = lab_spec(base, ruleset("gentle-move-backs"), base, games=100, players=2)
    assert_same_games(spec, 50, 150)
    mine = batched_outcomes(spec, 0, 10)
    assert all(a is b for a, b in zip(mine[0], mine[2], strict=True))  # the tallies' pair_same counts on this


def varied(data: st.DataObject) -> ir.Ruleset:
    """base with drawn numbers: room costs, printed points, group rewards, café seats, Staff costs, the track's
    length and points, the move-backs, the starting supplies and the hand size."""
    base = ruleset("base")
    hotel = base.hotel
    ints = st.integers
    rewards = tuple(
        (colour, dataclasses.replace(reward, reward=data.draw(st.sampled_from(["krones", "points", "emperor_steps"]))))
        for colour, reward in hotel.group_rewards
    )
    hotel = dataclasses.replace(
        hotel,
        prepare_cost=tuple(data.draw(ints(0, 4)) for _ in hotel.prepare_cost),
        printed_points=tuple((cell, data.draw(ints(0, 6))) for cell, _points in hotel.printed_points),
        group_rewards=rewards,
        cafe_seats=data.draw(ints(0, 4)),
    )
    staff = tuple(dataclasses.replace(card, cost=data.draw(ints(0, 5))) for card in base.staff)
    start = dataclasses.replace(
        base.setup.start, krones=data.draw(ints(0, 20)), points=data.draw(ints(0, 20)), emperor=data.draw(ints(0, 3))
    )
    deal = dataclasses.replace(base.setup.deal, hand_size=data.draw(ints(1, 6)))
    scorings = tuple(dataclasses.replace(s, move_back=data.draw(ints(0, 8))) for s in base.scorings)
    return dataclasses.replace(
        base,
        name="drawn",
        hotel=hotel,
        staff=staff,
        setup=dataclasses.replace(base.setup, start=start, deal=deal),
        scorings=scorings,
    )


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_drawn_rulesets_play_the_pure_games(data: st.DataObject) -> None:
    rules = varied(data)
    players = data.draw(st.integers(2, 4))
    spec = lab_spec(rules, games=40, players=players, seed=data.draw(st.integers(0, MASK)))
    assert_same_games(spec, 0, 40)


# --- the tallies and the job -------------------------------------------------------------------------------------


def test_batched_tallies_are_the_pure_tallies() -> None:
    spec = lab_spec(ruleset("base"), ruleset("gentle-move-backs"), games=500)
    parts = [(0, 250), (250, 400), (400, 500)]
    mine = BatchedLab(spec, scorer=module_scorer).run(parts)
    lab = Lab(spec)
    for bounds, tallies in zip(parts, mine, strict=True):
        assert ordered(tallies) == ordered(lab.run(*bounds))


@pytest.mark.parametrize(
    ("names", "planning", "players"),
    [
        (("base", "gentle-move-backs", "base", "no-penalties", "royal-banquet"), True, 4),
        (("base", "long-track", "mild-cafe"), False, 2),
        (("introductory", "base", "draft", "gentle-draft"), True, 3),
    ],
)
def test_tallies_from_the_arrays_are_add_games_of_the_records(
    names: tuple[str, ...], planning: bool, players: int
) -> None:
    """Every count, and the order in which every counter met its keys, as Tally.add_games of the records."""
    spec = lab_spec(*[ruleset(name) for name in names], games=600, players=players, planning=planning)
    lab = BatchedLab(spec)
    parts = [(0, 250), (250, 500), (500, 600)]
    records = lab.play(0, 600)
    for (low, high), tallies in zip(parts, lab.run(parts), strict=True):
        for index, tally in enumerate(tallies):
            reference = Tally()
            reference.add_games(records[index][low:high], records[0][low:high])
            assert ordered(tally) == ordered(reference), (names[index], low)


def test_the_engine_is_chosen_by_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("GAH_LAB_PURE", raising=False)
    monkeypatch.delenv("GAH_LAB_ENGINE", raising=False)
    assert batches.chosen_engine() == "batched"
    monkeypatch.setenv("GAH_LAB_ENGINE", "pure")
    assert batches.chosen_engine() == "pure"
    monkeypatch.setenv("GAH_LAB_ENGINE", "batched")
    monkeypatch.setenv("GAH_LAB_PURE", "1")
    assert batches.chosen_engine() == "pure"
    monkeypatch.delenv("GAH_LAB_PURE")
    monkeypatch.setenv("GAH_LAB_ENGINE", "fast")
    with pytest.raises(GahError, match="GAH_LAB_ENGINE='fast' names no lab engine; expected one of: pure, batched"):
        batches.chosen_engine()


def test_a_spec_the_batched_engine_refuses_goes_on_the_pure_path(capsys: pytest.CaptureFixture[str]) -> None:
    base = ruleset("base")
    huge = dataclasses.replace(
        base, name="huge-hotel", hotel=dataclasses.replace(base.hotel, floors=8, columns=8, prepare_cost=(1,) * 8)
    )
    spec = lab_spec(base, huge, games=10)
    job = make_job(spec, "batched")
    assert job.engine == "pure"
    make_job(spec, "batched")
    err = capsys.readouterr().err
    assert err == (
        # The backend's own check comes first (what the kernels cannot hold at all, roles say), by name.
        "gah: ruleset huge-hotel: the batched backend cannot play it: a hotel of 64 cells (at most 62); "
        "playing these games on the pure path\n"
    )


def test_planners_are_drawn_as_the_pure_path_draws_them() -> None:
    spec = lab_spec(ruleset("base"), games=300, players=4)
    planners = np.zeros((300, 4), np.int64)
    draw_planners(np.uint64(spec.seed), 700, spec.model.planning.share, planners)
    planner = game.Fast(game.RulesInfo.of(spec.rulesets[0]), spec.model).planner
    assert planner is not None
    for g in range(300):
        moves = planner.moves(game.Plan(spec.seed, 700 + g, 4, ()))
        assert tuple(bool(x) for x in planners[g]) == moves.planners


def test_outcome_records_read_the_arrays() -> None:
    """One game's arrays, filled by hand, as the Outcome the tallies read."""
    rules = batch_rules(ruleset("base"), model(), 2)
    out = new_games(1, 2, len(rules.scoring_rounds))
    out.tile[0] = [0, 1, 2][: len(rules.scoring_rounds)]
    out.track[0, 0] = [3, 0]
    out.outcome[0, 0] = [0, 2]
    out.net[0, 0] = [3, -2]
    out.points[0, 0] = [13, 8]
    out.totals[0] = [50, 50]
    out.winners[0] = [0, 1]
    out.top_tied[0] = 1
    out.planners[0] = [1, 0]
    out.steps[0, 0] = [2, 0]
    out.served[0] = [1, 0]
    found = outcomes(rules, out, True, (3, True, 7))[0]
    tiles = [t.id for t in rules.ruleset.tiles]
    first = found.scorings[0]
    assert (first.round, first.tile, first.track_points, first.outcomes) == (3, tiles[0], (3, 0), ("bonus", "penalty"))
    assert (first.net, first.points) == ((3, -2), (13, 8))
    assert found.totals == (50, 50) and found.winners == frozenset({1}) and found.top_tied
    assert found.moves is not None and found.moves.planners == (True, False)
    assert found.moves.steps[0] == (3, (2, 0)) and found.moves.cafe == (1, 0)
    assert outcomes(rules, out, False, (3, True, 7))[0].moves is None


# --- the batched engine with its scoring kernels -------------------------------------------------------------------

# Games per shipped ruleset, planners on and off, in the kernels' cross-check (the pure side is the slow one);
# each test ruleset plays a twentieth of that.
CHECK_GAMES = int(os.environ.get("GAH_BATCHED_CHECK_GAMES", "10000"))


def _pure_outcomes(spec: LabSpec, bounds: tuple[int, int]) -> list[game.Outcome]:
    lab = Lab(spec)
    return [lab.play_game(g)[0] for g in range(*bounds)]


def pure_games(spec: LabSpec) -> list[game.Outcome]:
    """The first ruleset's outcome of every game on the pure path, on every core."""
    parts = [(start, min(start + 500, spec.games)) for start in range(0, spec.games, 500)]
    context = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn")
    with context.Pool(max(1, os.cpu_count() or 1)) as pool:
        found = pool.starmap(_pure_outcomes, [(spec, bounds) for bounds in parts])
    return [outcome for part in found for outcome in part]


@pytest.mark.parametrize("planning", [True, False], ids=["planners", "fixed"])
@pytest.mark.parametrize("name", RULESETS)
def test_the_kernels_play_the_pure_games(name: str, planning: bool) -> None:
    """Every player's total, the winners, every scoring's track points, outcome, net and points, and every
    planner's move, game by game."""
    games = CHECK_GAMES if name in SHIPPED else max(20, CHECK_GAMES // 20)
    spec = discovered_spec(name, games=games, planning=planning, seed=2026)
    if spec is None or not batched_plays(spec):
        return
    mine = BatchedLab(spec).play(0, spec.games)[0]
    reference = pure_games(spec)
    differ = [g for g, (a, b) in enumerate(zip(mine, reference, strict=True)) if a != b]
    assert not differ, (len(differ), differ[:5], mine[differ[0]] if differ else None)
    assert len(mine) == spec.games


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_the_kernels_play_drawn_rulesets_as_the_pure_path(data: st.DataObject) -> None:
    rules = varied(data)
    spec = lab_spec(rules, games=60, players=data.draw(st.integers(2, 4)), seed=data.draw(st.integers(0, MASK)))
    if batches.refusal(spec):  # a drawn ruleset the kernels refuse goes on the pure path (tested above)
        return
    mine = BatchedLab(spec).play(0, 60)[0]
    lab = Lab(spec)
    assert mine == [lab.play_game(g)[0] for g in range(60)]


def gah_output(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, engine: str, *argv: str) -> str:
    monkeypatch.setenv("GAH_LAB_ENGINE", engine)
    code = main(["--workspace", str(shipped_root()), *argv])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert "cannot play" not in err
    return out


@pytest.mark.parametrize(
    "argv",
    [
        ("compare", "base", "gentle-move-backs", "no-penalties", "base", "--games", "1300", "--workers", "2"),
        ("compare", "base", "gentle-move-backs", "--games", "700", "--players", "3", "--fixed", "--json"),
        ("sweep", "base", "--vary", "emperor_scorings.7.move_back=1..4", "--games", "600", "--workers", "1", "--csv"),
    ],
    ids=["compare", "compare-fixed-json", "sweep"],
)
def test_reports_are_byte_identical_on_both_engines(
    argv: tuple[str, ...], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    batched = gah_output(capsys, monkeypatch, "batched", *argv)
    pure = gah_output(capsys, monkeypatch, "pure", *argv)
    assert batched == pure
    assert len(pure) > 200


def grid(*changes: tuple[int, int]) -> tuple[ir.Ruleset, ...]:
    """base, then base with one scoring's move-back changed per (round, move-back): a sweep's points."""
    base = ruleset("base")
    points = [base]
    for round_, back in changes:
        scorings = tuple(dataclasses.replace(s, move_back=back) if s.round == round_ else s for s in base.scorings)
        points.append(dataclasses.replace(base, name=f"base-r{round_}-{back}", scorings=scorings))
    return tuple(points)


@pytest.mark.parametrize("kernels", [False, True], ids=["modules", "kernels"])
def test_stretches_played_once_give_each_rulesets_own_games(kernels: bool) -> None:
    """Rulesets that differ from the round-5 or round-7 scoring on share the batch up to there (copied where
    they part), and each gets the games it gets played alone."""
    rulesets = (*grid((7, 2), (7, 9), (5, 1), (5, 1)), ruleset("gentle-move-backs"))
    spec = lab_spec(*rulesets, games=150, players=3)
    lab = BatchedLab(spec, scorer=None if kernels else module_scorer)
    assert lab.same_as == [0, 1, 2, 3, 3, 5]
    assert [(part.tables, part.stop) for part in lab.parts] == [((0, 1, 2, 3, 5), 3)]  # one deal, then apart
    mine = lab.play(100, 250)
    pure = Lab(spec)
    for g in range(100, 250):
        assert [found[g - 100] for found in mine] == pure.play_game(g), g


@pytest.mark.parametrize(
    "planning",
    [
        Planning(share=100, mistakes=20, temperature=3, step_limit=4, step_price=Price(points=2, krones=1)),
        Planning(share=70, temperature=1, step_limit=2, step_price=Price(krones=2), cafe=True, guest_price=Price(3, 1)),
        Planning(share=40, mistakes=100, cafe=True, guest_price=Price(points=1)),
    ],
    ids=["temperature-and-mistakes", "krones-prices", "cafe-only-all-mistakes"],
)
def test_the_kernels_plan_as_planning_players_do(planning: Planning) -> None:
    """Planners under a temperature (exp weights), prices in krones and points, the café alone."""
    spec = dataclasses.replace(
        lab_spec(ruleset("base"), games=800, players=4), model=dataclasses.replace(model(), planning=planning)
    )
    mine = BatchedLab(spec).play(0, 800)[0]
    assert mine == pure_games(spec)


def test_a_model_whose_numbers_would_overflow_is_refused() -> None:
    heavy = dataclasses.replace(model(), name="heavy", staff_kinds=(("permanent", 1 << 20),))
    spec = dataclasses.replace(lab_spec(ruleset("base"), games=5), model=heavy)
    assert batches.refusal(spec) == (
        "game model heavy: the batched lab engine cannot play it: a floor or Staff kind weight reaches 2**20"
    )
    wide = dataclasses.replace(model().every_round, points=Distribution.of({1: 1 << 30, 2: 1 << 30}))
    spec = dataclasses.replace(spec, model=dataclasses.replace(model(), name="wide", every_round=wide, rounds=()))
    assert (
        batches.refusal(spec) == "game model wide: the batched lab engine cannot play it: a weight total reaches 2**31"
    )


def test_a_planner_tries_no_option_when_the_values_cannot_matter() -> None:
    """One option: 0 at once; a mistake (here every decision): the random pick, (pick * count) >> 32;
    otherwise -1 (the options are tried). 2**31 is half of 2**32: index 2 of 4, index 1 of 3."""
    careful = batched_scorer.planning_tables(Planning(share=100, step_limit=3))
    careless = batched_scorer.planning_tables(Planning(share=100, mistakes=100, step_limit=3))
    half = 2**31
    assert batched_scorer._without_trials(1, careful, 0, half) == 0
    assert batched_scorer._without_trials(1, careless, 0, half) == 0
    assert batched_scorer._without_trials(4, careful, 0, half) == -1
    assert batched_scorer._without_trials(4, careless, 0, half) == 2
    assert batched_scorer._without_trials(3, careless, 0, half) == 1

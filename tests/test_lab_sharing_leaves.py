"""Sharing proven leaf by leaf: every leaf value of base's IR (tests/ir_leaves.py walks compiler/ir.py's
dataclasses, so a new field or leaf is covered without a list to keep) is changed on its own, strongly, and

- the opening, exhaustively: wherever the changed ruleset's opening_key equals base's, its own deal (its RULES
  and SETUP) and the lab's turns of every round on its own RulesInfo (scorings left out) must equal base's, game
  by game, on the pure path and on the batched engine (a key that leaves out a leaf the deal or the turns read
  fails here, naming the leaf);
- the scorings, played: one leaf of each sort (hotel.printed_points, staff.once, tiles.bonus, ...) and number of
  scorings shared with base, played with base together and alone, on the pure path and, sampled, on the batched
  engine: each must get the outcomes it gets alone (a scoring_key too coarse fails here). GAH_SHARING_ALL=1 plays
  every leaf that shares the deal (minutes).
"""

from __future__ import annotations

import dataclasses
import os
import random
from collections.abc import Callable
from functools import cache
from typing import Any

import numpy as np
import pytest
from gah import ir
from gah.backends.codebuilder import CodeBuilder
from gah.backends.python import module as python_module
from gah.lab.engine import game as lab_game
from gah.lab.engine import sharing
from gah.lab.engine.game import Fast, LabPlayer, Outcome, RulesInfo
from gah.lab.engine.model import Model, default_model_path, load_model
from gah.lab.runs.jobs import Lab, LabSpec, module_source
from gah.project import load_one
from helpers_rules import shipped_workspace
from ir_leaves import Leaf, changes, replaced

PLAYERS, SEED = 3, 11
GAMES = 20  # games per changed leaf: enough that a strong change to a room, a card or a cost shows


@cache
def _base() -> ir.Ruleset:
    return load_one(shipped_workspace(), "base")


@cache
def _model() -> Model:
    workspace = shipped_workspace()
    return load_model(workspace, default_model_path(workspace))


@cache
def _changes() -> tuple[tuple[Leaf, ir.Ruleset], ...]:
    """Base with each leaf changed, less the changes that make no ruleset: a space of the track without a zone
    (the first zone starting after space 0, the last zone left out), which the front end refuses."""
    base = _base()
    found = []
    for leaf, new in changes(base):
        ruleset = replaced(base, leaf.path, new)
        track = ruleset.track
        if all(any(z.first <= space <= z.last for z in track.zones) for space in range(len(track.points))):
            found.append((leaf, ruleset))
    return tuple(found)


@cache
def _base_lab() -> Lab:
    return Lab(LabSpec(rulesets=(_base(),), model=_model(), games=1, players=PLAYERS, seed=SEED))


class _Dealer:
    """A ruleset's own deal without generating its whole module: its RULES and SETUP, as the Python backend writes
    them, dealt by base's module's deal (the code of the deal is the same in every module; its data is the
    ruleset's). The opening calls nothing else of a module (gah.lab.engine.game._play_rounds)."""

    def __init__(self, ruleset: ir.Ruleset, module: Any) -> None:
        code = CodeBuilder()
        python_module._rules_literal(code, ruleset)
        rules_text = code.text()
        code = CodeBuilder()
        python_module._setup_literal(code, ruleset)
        space = dict(vars(module))
        exec(rules_text[: rules_text.index("RULES.once_effects")] + code.text(), space)
        self.module, self.rules, self.setup = module, space["RULES"], space["SETUP"]

    def setup_new_game(self, players: list[str], seed: int, explain: bool = True) -> Any:
        game = self.module.deal(self.rules, self.setup, players, seed, None)
        game.explain = explain
        return game


def _dealt_and_turns(ruleset: ir.Ruleset) -> tuple[object, ...]:
    """Each game's deal, and the state after the turns of each round, the ruleset played alone and its scorings
    left out: what opening_key says a game reads until the first scoring, and the turns of every later round read
    too (more rounds of turns show more of what the turns read: a room on the top floor, a costly card)."""
    fast = Fast(RulesInfo.of(ruleset), _model())
    dealer = _Dealer(ruleset, _base_lab().modules[0])
    rounds = _base().rounds  # as many turns for every ruleset: `rounds` itself is read by the scorings only
    picks = tuple(lab_game.round_picks(_model().round(r)) for r in range(1, rounds + 1))
    states: list[object] = []
    for number in range(GAMES):
        plan = lab_game.plan_game(picks, SEED, number, PLAYERS)
        game = lab_game.setup_state(fast, dealer, plan)  # type: ignore[arg-type]
        players = [LabPlayer(p, fast) for p in game.players]
        moves = fast.planner.moves(plan) if fast.planner is not None else None
        states.append((dict(game.tiles), tuple(game.deck), moves, *map(_player, players)))
        for turns in plan.turns:
            for player, turn in zip(players, turns, strict=True):
                lab_game.play_turn(fast, player, turn, game.deck, fast.info.items)
            states.append((tuple(game.deck), *map(_player, players)))
    return tuple(states)


def _played_or_error(play: Callable[[ir.Ruleset], object], ruleset: ir.Ruleset) -> object:
    """What `play` gives, or the error it raises (a ruleset whose deal fails plays unlike base, which deals)."""
    try:
        return play(ruleset)
    except Exception as error:
        return error


def _player(player: LabPlayer) -> tuple[object, ...]:
    return (
        player.points,
        player.krones,
        player.emperor,
        player.objectives,
        sorted(player.kitchen.items()),
        tuple(player.hand),
        tuple(player.hired),
        [sorted(guest.items()) for guest in player.cafe],
        player.placed,
        player.occupied,
    )


def test_every_leaf_the_deal_or_the_turns_read_splits_the_opening() -> None:
    base = _base()
    base_key = sharing.opening_key(base, RulesInfo.of(base))
    base_played = _dealt_and_turns(base)
    checked, wrong = 0, []
    for leaf, ruleset in _changes():
        if sharing.opening_key(ruleset, RulesInfo.of(ruleset)) != base_key:
            continue  # played apart from the deal: nothing shared to prove
        checked += 1
        if _played_or_error(_dealt_and_turns, ruleset) != base_played:
            wrong.append(f"{leaf.kind} {leaf.path}: {leaf.value!r}")
    assert not wrong, f"opening_key is equal to base's, the deal or the turns are not, when one leaf changes: {wrong}"
    assert checked > 300, checked  # most leaves (names, effects, scorings, final scoring) never reach the opening


BATCHED_GAMES = 200  # the batched engine plays a batch at once: many games for the price of a few


def _batched_dealt_and_turns(ruleset: ir.Ruleset) -> list[bytes]:
    """_dealt_and_turns on the batched engine (compiler/lab/runs/batches.py shares stretches by sharing.py too):
    its own tables (batch_rules), its deal, then the turns of every round, no scoring; every array after each."""
    from gah.lab.engine import batched, batched_plan, batched_turns

    model, base = _model(), _base()
    rules = batched.batch_rules(ruleset, model, PLAYERS)
    plan = batched_plan.plan_games(batched_plan.pick_tables(model, base.rounds), SEED, 0, BATCHED_GAMES, PLAYERS)
    planners = np.zeros((BATCHED_GAMES, PLAYERS), np.int64)
    batched.draw_planners(np.uint64(SEED), 0, model.planning.share, planners)
    at = batched.deal_batch(rules, plan, SEED, 0, planners)
    states = [array.tobytes() for array in at.state]
    for round_ in range(base.rounds):
        batched_turns.play_round(rules.turns, at.state, plan, round_)
        states += [array.tobytes() for array in at.state]
    return states


def test_every_leaf_the_batched_deal_or_turns_read_splits_the_opening() -> None:
    base = _base()
    base_key = sharing.opening_key(base, RulesInfo.of(base))
    base_played = _batched_dealt_and_turns(base)
    checked, wrong = 0, []
    for leaf, ruleset in _changes():
        if sharing.opening_key(ruleset, RulesInfo.of(ruleset)) == base_key:
            checked += 1
            if _played_or_error(_batched_dealt_and_turns, ruleset) != base_played:
                wrong.append(f"{leaf.kind} {leaf.path}: {leaf.value!r}")
    assert not wrong, f"opening_key is equal to base's, the batched deal or turns are not: {wrong}"
    assert checked > 300, checked


PLAYED_GAMES = 6
CANDIDATE_GAMES = 80  # base's games to choose from: a tile's leaf is played in games that draw that tile


@cache
def _played_sample() -> tuple[tuple[Leaf, ir.Ruleset], ...]:
    """Of the leaves that share at least the deal with base, one of each sort (its place up to the first index
    its first two field names: hotel.printed_points, tiles.bonus, ...; the fields no scoring reads are one sort) and number of scorings shared (a tile of tier B shares
    one, of tier C two: where a scoring_key too coarse would show), picked by a fixed seed; GAH_SHARING_ALL=1:
    every such leaf."""
    base = _base()
    base_key = sharing.opening_key(base, RulesInfo.of(base))
    shared = [(leaf, r) for leaf, r in _changes() if sharing.opening_key(r, RulesInfo.of(r)) == base_key]
    if os.environ.get("GAH_SHARING_ALL") == "1":
        return tuple(shared)
    sorts: dict[tuple[str, int], list[tuple[Leaf, ir.Ruleset]]] = {}
    for leaf, ruleset in shared:
        named = [step for step in leaf.path if isinstance(step, str)]
        sort = "not read" if named[0] in sharing.NOT_READ else ".".join(named[:2])
        sorts.setdefault((sort, _shared_scorings(base, ruleset)), []).append((leaf, ruleset))
    pick = random.Random(32)
    return tuple(pick.choice(found) for _sort, found in sorted(sorts.items()))


def _shared_scorings(base: ir.Ruleset, ruleset: ir.Ruleset) -> int:
    """How many of base's scorings before its last round a ruleset plays alike with it (by scoring_key)."""
    rounds = sorted(s.round for s in base.scorings if s.round < base.rounds)
    return next(
        (i for i, r in enumerate(rounds) if sharing.scoring_key(ruleset, r) != sharing.scoring_key(base, r)),
        len(rounds),
    )


@cache
def _base_source() -> str:
    return module_source(_base())


@cache
def _base_alone() -> tuple[Outcome, ...]:
    lab = Lab(LabSpec(rulesets=(_base(),), model=_model(), games=CANDIDATE_GAMES, players=PLAYERS, seed=SEED))
    return tuple(lab.play_game(game)[0] for game in range(CANDIDATE_GAMES))


def _games_for(leaf: Leaf) -> list[int]:
    """The games to play a changed leaf in: for a leaf of a tile, the first that draw that tile (one tile of four
    of its tier: the first games may never draw it), else the first games."""
    if leaf.path[0] == "tiles" and len(leaf.path) > 1 and isinstance(leaf.path[1], int):
        tile = _base().tiles[leaf.path[1]].id
        drawn = [game for game, outcome in enumerate(_base_alone()) if tile in {s.tile for s in outcome.scorings}]
        assert len(drawn) >= PLAYED_GAMES, (tile, drawn)
        return drawn[:PLAYED_GAMES]
    return list(range(PLAYED_GAMES))


@pytest.mark.parametrize("index", range(len(_played_sample())))
def test_a_ruleset_one_leaf_from_base_plays_together_as_alone(index: int) -> None:
    leaf, ruleset = _played_sample()[index]
    sources = (_base_source(), module_source(ruleset))
    spec = LabSpec(rulesets=(_base(), ruleset), model=_model(), games=CANDIDATE_GAMES, players=PLAYERS, seed=SEED)
    together = Lab(spec, sources)
    alone = Lab(dataclasses.replace(spec, rulesets=(ruleset,)), sources[1:])
    for game in _games_for(leaf):
        assert together.play_game(game) == [_base_alone()[game], alone.play_game(game)[0]], (leaf.path, game)


BATCHED_SAMPLE = 8  # of the played sample, on the batched engine (each ruleset's tables and kernels)


@pytest.mark.parametrize("index", range(0, len(_played_sample()), len(_played_sample()) // BATCHED_SAMPLE))
def test_a_ruleset_one_leaf_from_base_plays_together_as_alone_batched(index: int) -> None:
    from gah.lab.runs.batches import BatchedLab

    leaf, ruleset = _played_sample()[index]
    spec = LabSpec(rulesets=(_base(), ruleset), model=_model(), games=60, players=PLAYERS, seed=SEED)
    together = BatchedLab(spec).play(0, 60)
    alone = [BatchedLab(dataclasses.replace(spec, rulesets=(r,))).play(0, 60)[0] for r in spec.rulesets]
    assert together == alone, leaf.path

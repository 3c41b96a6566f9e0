"""The batched scoring kernels against the generated modules, on many random states of every shipped ruleset
and of the test rulesets that invent tiles: after an Emperor scoring every field of every player, the deck and
the discard pile are the module's; so are projected totals, final totals and ranks. Plus hand-worked cases.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import numpy as np
import pytest
from gah import ir
from gah.backends.batched import scoring
from gah.backends.batched.convert import arrays_of, load_game, player_fields, store_game
from gah.backends.batched.state import GameArrays
from gah.backends.batched.tables import ScoringTables, compile_tables, table
from gah.backends.python.load import load_scoring_module
from gah.errors import GahError
from helpers_discovery import BATCHED_REFUSES, discovered_names, reference
from helpers_rules import ROOT

DATA = ROOT / "tests" / "data"
RULESETS = discovered_names()  # every shipped and test ruleset, and the effect samples (tests/helpers_discovery.py)
STATES = 160  # random states per ruleset


def plays(rules: str) -> bool:
    """Whether the kernels play a discovered ruleset; where BATCHED_REFUSES says not, the refusal is asserted."""
    if rules not in BATCHED_REFUSES:
        return True
    with pytest.raises(
        GahError, match=f"ruleset {rules}: the batched backend cannot play it: {BATCHED_REFUSES[rules]}"
    ):
        compiled(rules)
    return False


@cache
def compiled(rules: str) -> tuple[ir.Ruleset, Any, ScoringTables]:
    """The ruleset, its generated module and its tables."""
    from gah.project import load_one
    from helpers_rules import shipped_workspace

    ruleset = load_one(shipped_workspace(), reference(rules))
    return ruleset, load_scoring_module(ruleset), compile_tables(ruleset)


def random_state(ruleset: ir.Ruleset, rng: random.Random, index: int) -> dict[str, Any]:
    """A state just after a scoring round: each tier's tile in turn, markers anywhere on the track, hotels,
    kitchens, cafés and cards at random (the deck sometimes short), 1 to 4 players."""
    tiers = ruleset.tiers()
    tiles = {tier: [t.id for t in ruleset.tiles if t.tier == tier] for tier in tiers}
    scoring = ruleset.scorings[index % len(ruleset.scorings)]
    chosen = {tier: ids[(index // len(ruleset.scorings)) % len(ids)] for tier, ids in tiles.items() if ids}
    cards = [card.number for card in ruleset.staff]
    rng.shuffle(cards)
    players = [random_player(ruleset, rng, f"P{seat}", cards) for seat in range(rng.randint(1, 4))]
    discard = [cards.pop() for _ in range(min(len(cards), rng.randint(0, 3)))]
    deck = cards[: rng.choice([0, 1, 2, 3, len(cards)])] if rng.random() < 0.3 else cards
    return {"round": scoring.round, "tiles": chosen, "staff_deck": deck, "staff_discard": discard, "players": players}


def random_player(ruleset: ir.Ruleset, rng: random.Random, name: str, cards: list[int]) -> dict[str, Any]:
    hotel = ruleset.hotel
    items = [item.id for item in ruleset.items]
    density = rng.random()
    rows = [
        "".join(rng.choice("vo") if rng.random() < density else "." for _ in range(hotel.columns))
        for _ in range(hotel.floors)
    ]
    if rng.random() < 0.1:
        rows = ["." * hotel.columns] * hotel.floors
    hand = [cards.pop() for _ in range(min(len(cards), rng.randint(0, 4)))]
    hired = [cards.pop() for _ in range(min(len(cards), rng.randint(0, 5)))]
    return {
        "name": name,
        "points": rng.randint(0, 30),
        "krones": rng.choice([0, 1, 2, 3, 5, 8, 12, 20]),
        "emperor": rng.randint(0, ruleset.track.last_space),
        "kitchen": {item: rng.randint(0, 3) for item in items if rng.random() < 0.6},
        "cafe": [{item: rng.randint(0, 1) for item in items} for _ in range(rng.randint(0, hotel.cafe_seats))],
        "hotel": rows,
        "hand": hand,
        "hired": hired,
        "objectives": rng.randint(0, 3),
        # the declared resources but the objectives, anywhere within their limits (none: no draws, as before)
        **_random_resources(ruleset, rng),
    }


def _random_resources(ruleset: ir.Ruleset, rng: random.Random) -> dict[str, Any]:
    others = [r for r in ruleset.resources if r.id != "objectives"]
    if not others:
        return {}
    return {"resources": {r.id: rng.randint(r.at_least, r.at_most or r.at_least + 6) for r in others}}


def module_game(mod: Any, state: dict[str, Any], rng: random.Random) -> Any:
    """The module's Game of a state, each kitchen's keys shuffled (as the lab's kitchens gain them)."""
    game = mod.new_game(state, explain=False)
    for player in game.players:
        keys = [key for key in player.kitchen if player.kitchen[key] or rng.random() < 0.5]
        rng.shuffle(keys)
        player.kitchen = {key: player.kitchen[key] for key in keys}
    return game


def same_game(a: Any, b: Any) -> None:
    assert [player_fields(p) for p in a.players] == [player_fields(p) for p in b.players]
    assert (a.deck, a.discard) == (b.deck, b.discard)


def cases(rules: str) -> list[tuple[dict[str, Any], int]]:
    ruleset = compiled(rules)[0]
    rng = random.Random(f"batched {rules}")
    return [(random_state(ruleset, rng, index), index) for index in range(STATES)]


def totals_and_ranks(t: ScoringTables, s: GameArrays) -> tuple[list[int], list[int]]:
    players = s.points.shape[1]
    totals = np.zeros(players, np.int64)
    ranks = np.zeros(players, np.int64)
    scoring.final_totals(t, s, 0, totals)
    scoring.standings(t, s, 0, totals, ranks)
    return [int(x) for x in totals], [int(x) for x in ranks]


def ranks_when_tied(t: ScoringTables, s: GameArrays) -> list[int]:
    """Each seat's rank when every total is the same: the tie-breaker alone decides."""
    players = s.points.shape[1]
    ranks = np.zeros(players, np.int64)
    scoring.standings(t, s, 0, np.zeros(players, np.int64), ranks)
    return [int(x) for x in ranks]


def ranks_by_seat(mod: Any, game: Any, totals: list[int]) -> list[int]:
    """The module's final standings as each seat's rank."""
    rank_of = {row["player"]: row["rank"] for row in mod.final_standings(game, totals)}
    return [rank_of[player.name] for player in game.players]


@pytest.mark.parametrize("rules", RULESETS)
def test_emperor_scoring_matches_the_module(rules: str) -> None:
    """Every field after the whole scoring, then projected totals, final totals and ranks."""
    if not plays(rules):
        return
    ruleset, mod, t = compiled(rules)
    for state, index in cases(rules):
        rng = random.Random(index)
        game = module_game(mod, state, rng)
        s = arrays_of(ruleset, [game])
        mod.emperor_scoring(game)
        scoring.emperor_scoring(t, s, 0)
        mine = module_game(mod, state, random.Random(index))
        store_game(ruleset, s, 0, mine)
        same_game(mine, game)
        projected = [scoring.projected_total(t, s, 0, seat) for seat in range(len(game.players))]
        assert projected == [mod.projected_total(game, p) for p in game.players]
        totals = mod.final_totals(game)
        assert totals_and_ranks(t, s) == (totals, ranks_by_seat(mod, game, totals))
        assert ranks_when_tied(t, s) == ranks_by_seat(mod, game, [0] * len(game.players))


@pytest.mark.parametrize("rules", RULESETS)
def test_one_players_part_matches_the_module(rules: str) -> None:
    """emperor_scoring_of on each seat of a fresh copy (the planners' trial), and advance_emperor before it."""
    if not plays(rules):
        return
    ruleset, mod, t = compiled(rules)
    for state, index in cases(rules)[: STATES // 2]:
        seat = index % len(state["players"])
        game = module_game(mod, state, random.Random(index))
        s = arrays_of(ruleset, [game])
        steps = index % 4
        mod.advance_emperor(game, game.players[seat], steps)
        scoring.advance_emperor(t, s, 0, seat, steps)
        mod.emperor_scoring_of(game, game.players[seat])
        scoring.emperor_scoring_of(t, s, 0, seat)
        mine = module_game(mod, state, random.Random(index))
        store_game(ruleset, s, 0, mine)
        same_game(mine, game)
        assert scoring.projected_total(t, s, 0, seat) == mod.projected_total(game, game.players[seat])


@pytest.mark.parametrize("rules", RULESETS)
def test_states_meet_every_tile_and_outcome(rules: str) -> None:
    """The random states are not all alike: each ruleset's every tile meets a bonus and a penalty."""
    if not plays(rules):
        return
    ruleset, _mod, t = compiled(rules)
    met: set[tuple[str, int]] = set()
    for state, _index in cases(rules):
        tier = next(s.tier for s in ruleset.scorings if s.round == state["round"])
        back = next(s.move_back for s in ruleset.scorings if s.round == state["round"])
        for player in state["players"]:
            met.add((state["tiles"][tier], int(table(t, "outcome")[max(0, player["emperor"] - back)])))
    outcomes = {1, 2} & {int(x) for x in table(t, "outcome")}  # bonus, penalty (no-penalties has none)
    assert {(tile.id, outcome) for tile in ruleset.tiles for outcome in outcomes} <= met


def test_the_converter_round_trips_a_game() -> None:
    ruleset, mod, _t = compiled("base")
    state, index = cases("base")[5]
    game = module_game(mod, state, random.Random(index))
    s = arrays_of(ruleset, [game, game])
    other = mod.new_game(state, explain=False)
    held = [(p.kitchen, p.cafe, p.hotel, p.hand, p.hired) for p in other.players]
    store_game(ruleset, s, 1, other)
    same_game(other, game)
    # In place: the lab's players hold these very dicts and lists.
    assert all(
        all(a is b for a, b in zip(before, (p.kitchen, p.cafe, p.hotel, p.hand, p.hired), strict=True))
        for before, p in zip(held, other.players, strict=True)
    )
    assert other.round == game.round and other.tiles == game.tiles
    load_game(ruleset, other, s, 0)
    assert all(np.array_equal(a[0], a[1]) for a in s)


def test_what_the_kernels_cannot_play_is_refused_by_name() -> None:
    """A hotel above 62 cells, more than 62 item kinds: GahError naming the ruleset and the reason."""
    import dataclasses

    ruleset = compiled("base")[0]
    big = dataclasses.replace(ruleset, hotel=dataclasses.replace(ruleset.hotel, floors=13, columns=5))
    with pytest.raises(GahError, match="ruleset base: the batched backend cannot play it: a hotel of 65 cells"):
        compile_tables(big)
    items = tuple(ir.Item(f"dish{n}", "dish", f"Dish {n}") for n in range(63))
    with pytest.raises(GahError, match="ruleset base: the batched backend cannot play it: 63 item kinds"):
        compile_tables(dataclasses.replace(ruleset, items=items))


def test_a_turn_with_more_decisions_than_the_search_holds_raises() -> None:
    """A bonus of 300 items chosen one by one among two kinds asks 300 open decisions: the kernel raises
    instead of playing a turn it did not search."""
    import dataclasses

    ruleset = compiled("base")[0]
    two = ir.ItemFilter(ids=("cake", "wine"), fits=("cake", "wine"))
    tiles = tuple(
        dataclasses.replace(tile, bonus=(ir.ChooseItems(300, False, two),)) if tile.id == "c-points" else tile
        for tile in ruleset.tiles
    )
    t = compile_tables(dataclasses.replace(ruleset, tiles=tiles))
    game = compiled("base")[1].new_game(
        {
            "round": 7,
            "tiles": {"A": "a-krones", "B": "b-krones", "C": "c-points"},
            "players": [{"name": "Dora", "emperor": 13}],
        },
        explain=False,
    )
    s = arrays_of(ruleset, [game])
    with pytest.raises(ValueError, match="more decisions than the batched search holds"):
        scoring.emperor_scoring(t, s, 0)


# --- worked by hand ------------------------------------------------------------------------------


def scored(rules: str, state: dict[str, Any]) -> tuple[Any, GameArrays, ScoringTables]:
    ruleset, mod, t = compiled(rules)
    game = mod.new_game(state, explain=False)
    s = arrays_of(ruleset, [game])
    scoring.emperor_scoring(t, s, 0)
    store_game(ruleset, s, 0, game)
    return game, s, t


def test_a_free_room_goes_where_printed_points_pay_most() -> None:
    """Base, round 3 (tier A, move back 3): Anna on space 7 scores 5 points (track: 0 1 2 3 3 4 4 5 ...),
    moves back to 4 (Yellow: bonus). Tile a-free-room: a free vacant room. Her only room is 1.3 (vacant); the
    legal spaces are 1.2, 1.4 and 2.3, and none is printed with points, so the first one, 1.2, is taken (ties
    go to the first option, bottom floor first, left to right)."""
    state = {
        "round": 3,
        "tiles": {"A": "a-free-room", "B": "b-krones", "C": "c-points"},
        "staff_deck": [],
        "players": [{"name": "Anna", "points": 10, "emperor": 7, "hotel": [".....", ".....", ".....", "..v.."]}],
    }
    game, _s, _t = scored("base", state)
    anna = game.players[0]
    assert (anna.points, anna.emperor) == (15, 4)
    assert ["".join(row) for row in anna.hotel] == [".vv..", ".....", ".....", "....."]


def test_a_penalty_takes_the_fallback_when_the_first_option_cannot_be_paid() -> None:
    """Base, round 3, tile a-krones: Bert on space 2 scores 2, moves back to 0 (Black: penalty). The penalty
    prefers 3 krones; he has 2, so he loses 5 points instead: 20 + 2 - 5 = 17, krones stay 2. Projected:
    17 points + 2 krones + 0 rooms = 19."""
    state = {
        "round": 3,
        "tiles": {"A": "a-krones", "B": "b-krones", "C": "c-points"},
        "staff_deck": [],
        "players": [{"name": "Bert", "points": 20, "krones": 2, "emperor": 2}],
    }
    game, s, t = scored("base", state)
    bert = game.players[0]
    assert (bert.points, bert.krones, bert.emperor) == (17, 2, 0)
    assert scoring.projected_total(t, s, 0, 0) == 19


def test_the_policy_plays_the_drawn_card_worth_most() -> None:
    """Base, round 3, tile a-draw-staff (draw 3, play 1 at 3 krones off, the rest under the deck). Cleo on
    space 6 scores 4 (10 -> 14 points) and moves back to 3: bonus. She draws 31, 40, 36 (5 stays). Projected
    totals (points + krones + game-end Staff + kitchen items): Chambermaid 31 costs 1 and counts 0 occupied
    rooms: 14; Marketing Director 40 is free, 5 x 2 objectives: 14 + 1 + 10 = 25; Sommelier 36 is free and
    brings 4 wine: 14 + 1 + 4 = 19; none: 15. She plays 40; 31 then 36 go under the deck in the order drawn
    (nothing after looks at the cards, so every order is worth the same and the first stands)."""
    state = {
        "round": 3,
        "tiles": {"A": "a-draw-staff", "B": "b-krones", "C": "c-points"},
        "staff_deck": [31, 40, 36, 5],
        "players": [{"name": "Cleo", "points": 10, "krones": 1, "emperor": 6, "objectives": 2}],
    }
    game, s, t = scored("base", state)
    cleo = game.players[0]
    assert (cleo.points, cleo.krones, cleo.emperor, cleo.hired, cleo.hand) == (14, 1, 3, [40], [])
    assert game.deck == [5, 31, 36]
    assert scoring.projected_total(t, s, 0, 0) == 25


def test_ranks_share_places_after_the_tie_breaker() -> None:
    """Totals 30, 30, 25, 30 with tie-breakers (krones + ... as the base game says) 2, 2, 9, 1: seats 0 and 1
    share 1st place, seat 3 is 3rd, seat 2 4th."""
    ruleset, _mod, t = compiled("base")
    assert [ir.QUANTITIES[q] for q in table(t, "tiebreak")] == [q.name for q in ruleset.tiebreakers[0].quantities]
    totals = np.array([30, 30, 25, 30], np.int64)
    ranks = np.zeros(4, np.int64)
    from gah.backends.batched.final import rank

    rank(totals, np.array([2, 2, 9, 1], np.int64), ranks)
    assert list(ranks) == [1, 1, 4, 3]


# --- states from the lab's own games -------------------------------------------------------------


class Recording:
    """A lab module that keeps a copy of every game it scores (seat -1: a whole Emperor scoring) and of
    every planner's trial (one seat's part), then scores it as the module would."""

    def __init__(self, module: Any) -> None:
        self.module = module
        self.states: list[tuple[Any, int]] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self.module, name)

    def emperor_scoring(self, game: Any) -> None:
        self.states.append((game.clone(), -1))
        self.module.emperor_scoring(game)

    def emperor_scoring_of(self, game: Any, player: Any) -> None:
        self.states.append((game.clone(), game.players.index(player)))
        self.module.emperor_scoring_of(game, player)


@cache
def lab_states(names: tuple[str, ...], games: int) -> list[tuple[ir.Ruleset, Any, ScoringTables, Any, int]]:
    """Every state the lab scored in `games` 4-player games of these rulesets (planners included)."""
    from gah.lab.engine.model import default_model_path, load_model
    from gah.lab.runs.jobs import Lab, LabSpec
    from helpers_rules import shipped_workspace

    workspace = shipped_workspace()
    rulesets = tuple(compiled(name)[0] for name in names)
    model = load_model(workspace, default_model_path(workspace))
    lab = Lab(LabSpec(rulesets=rulesets, model=model, games=games, players=4, seed=23))
    recorders = [Recording(module) for module in lab.modules]
    lab.tables = list(zip(lab.fasts, recorders, strict=True))
    lab.run(0, games)
    return [
        (ruleset, recorder.module, compiled(name)[2], game, seat)
        for name, ruleset, recorder in zip(names, rulesets, recorders, strict=True)
        for game, seat in recorder.states
    ]


@pytest.mark.parametrize("names", [("base", "royal-banquet"), ("draft", "mild-cafe", "no-penalties")])
def test_the_lab_games_states_score_alike(names: tuple[str, ...]) -> None:
    """Every Emperor scoring and every planner's trial of a few lab games: the same state after it, the same
    projected totals, and after the last round the same final totals and ranks."""
    states = lab_states(names, 6)
    assert len(states) > 100 and any(seat >= 0 for *_rest, seat in states)
    for ruleset, mod, t, game, seat in states:
        reference = game.clone()
        s = arrays_of(ruleset, [game])
        if seat < 0:
            mod.emperor_scoring(reference)
            scoring.emperor_scoring(t, s, 0)
        else:
            mod.emperor_scoring_of(reference, reference.players[seat])
            scoring.emperor_scoring_of(t, s, 0, seat)
        mine = game.clone()
        store_game(ruleset, s, 0, mine)
        same_game(mine, reference)
        projected = [scoring.projected_total(t, s, 0, p) for p in range(len(game.players))]
        assert projected == [mod.projected_total(reference, p) for p in reference.players]
        if seat < 0 and reference.round == ruleset.rounds:
            totals = mod.final_totals(reference)
            assert totals_and_ranks(t, s) == (totals, ranks_by_seat(mod, reference, totals))


def test_an_opcode_the_kernels_do_not_know_raises() -> None:
    """An op row whose opcode no kernel branch handles is an error where it runs and where its feasibility is
    tested, never an effect silently skipped (a kind ENCODE knows but the kernels do not would be such a row)."""
    from gah.backends.batched import effects

    t = compiled("base")[2]
    ops = t.ops.copy()
    ops[0, 0] = 99
    unknown = ScoringTables(ops, t.data)
    rec, sr = np.zeros(64, np.int64), np.zeros(effects.SEARCH, np.int64)
    with pytest.raises(ValueError, match="an opcode the batched kernels have no branch for"):
        effects.simple_op(unknown, rec, sr, 0)
    with pytest.raises(ValueError, match="an opcode the batched feasibility test has no branch for"):
        effects.row_feasible(unknown, rec, 0)

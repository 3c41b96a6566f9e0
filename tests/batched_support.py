"""Shared by the batched lab's tests: a batch's game read back as the module's Game fields, to compare."""

from __future__ import annotations

from typing import Any

from gah import ir
from gah.backends.batched.state import GameArrays


def arrays_view(ruleset: ir.Ruleset, s: GameArrays, g: int) -> dict[str, Any]:
    """Game g of a batch in the module Game's terms (the fields the lab and the scorings read)."""
    items = [i.id for i in ruleset.items]
    hotel = ruleset.hotel
    players = []
    for p in range(s.points.shape[1]):
        order = [items[int(i)] for i in s.kitchen_order[g, p, : s.kitchen_keys[g, p]]]
        players.append(
            {
                "points": int(s.points[g, p]),
                "krones": int(s.krones[g, p]),
                "emperor": int(s.emperor[g, p]),
                "objectives": int(s.objectives[g, p]),
                "kitchen": [(k, int(s.kitchen[g, p, items.index(k)])) for k in order],
                "cafe": [
                    {items[i]: int(s.cafe[g, p, guest, i]) for i in range(len(items))}
                    for guest in range(s.guests[g, p])
                ],
                "hotel": _hotel(hotel, int(s.placed[g, p]), int(s.occupied[g, p])),
                "hand": [int(c) for c in s.hand[g, p, : s.hand_size[g, p]]],
                "hired": [int(c) for c in s.hired[g, p, : s.hired_count[g, p]]],
                "resources": {r.id: int(s.resources[g, p, k]) for k, r in enumerate(ruleset.other_resources)},
            }
        )
    tiers = ruleset.tiers()
    return {
        "round": int(s.round_[g]),
        "tiles": {tier: ruleset.tiles[int(s.tiles[g, t])].id for t, tier in enumerate(tiers)},
        "deck": [int(c) for c in s.deck[g, : s.deck_size[g]]],
        "discard": [int(c) for c in s.discard[g, : s.discard_size[g]]],
        "players": players,
    }


def module_view(game: Any) -> dict[str, Any]:
    """The same fields of a module's Game."""
    return {
        "round": game.round,
        "tiles": dict(game.tiles),
        "deck": list(game.deck),
        "discard": list(game.discard),
        "players": [
            {
                "points": p.points,
                "krones": p.krones,
                "emperor": p.emperor,
                "objectives": p.objectives,
                "kitchen": list(p.kitchen.items()),
                "cafe": [dict(guest) for guest in p.cafe],
                "hotel": [row[:] for row in p.hotel],
                "hand": list(p.hand),
                "hired": list(p.hired),
                "resources": dict(p.resources),
            }
            for p in game.players
        ],
    }


def _hotel(hotel: ir.Hotel, placed: int, occupied: int) -> list[list[str]]:
    rows = []
    for floor in range(hotel.floors):
        row = []
        for column in range(hotel.columns):
            bit = 1 << (floor * hotel.columns + column)
            row.append("o" if occupied & bit else "v" if placed & bit else ".")
        rows.append(row)
    return rows


def module_game(module: Any, ruleset: ir.Ruleset, s: GameArrays, g: int) -> Any:
    """Game g of a batch as a module's Game (quiet), to score it with the module."""
    view = arrays_view(ruleset, s, g)
    players = [
        module.Player(
            f"P{p + 1}",
            v["points"],
            v["krones"],
            v["emperor"],
            dict(v["kitchen"]),
            v["cafe"],
            v["hotel"],
            v["hand"],
            v["hired"],
            v["objectives"],
            {},
            None,
            dict(v["resources"]),
        )
        for p, v in enumerate(view["players"])
    ]
    return module.Game(
        module.RULES, view["round"], view["tiles"], view["deck"], view["discard"], players, explain=False
    )


def store_game(ruleset: ir.Ruleset, game: Any, s: GameArrays, g: int) -> None:
    """A module's Game back into game g of a batch."""
    items = [i.id for i in ruleset.items]
    columns = ruleset.hotel.columns
    s.round_[g] = game.round
    s.deck_size[g] = len(game.deck)
    s.deck[g, : len(game.deck)] = game.deck
    s.discard_size[g] = len(game.discard)
    s.discard[g, : len(game.discard)] = game.discard
    for p, player in enumerate(game.players):
        s.points[g, p], s.krones[g, p] = player.points, player.krones
        s.emperor[g, p], s.objectives[g, p] = player.emperor, player.objectives
        for k, resource in enumerate(ruleset.other_resources):
            s.resources[g, p, k] = player.resources[resource.id]
        s.kitchen[g, p] = 0
        for k, (item, count) in enumerate(player.kitchen.items()):
            s.kitchen[g, p, items.index(item)] = count
            s.kitchen_order[g, p, k] = items.index(item)
        s.kitchen_keys[g, p] = len(player.kitchen)
        s.guests[g, p] = len(player.cafe)
        for guest, plate in enumerate(player.cafe):
            s.cafe[g, p, guest] = [plate.get(i, 0) for i in items]
        placed = occupied = 0
        for f, row in enumerate(player.hotel):
            for c, room in enumerate(row):
                bit = 1 << (f * columns + c)
                placed |= bit if room != "." else 0
                occupied |= bit if room == "o" else 0
        s.placed[g, p], s.occupied[g, p] = placed, occupied
        s.hand_size[g, p] = len(player.hand)
        s.hand[g, p, : len(player.hand)] = player.hand
        s.hired_count[g, p] = len(player.hired)
        s.hired[g, p, : len(player.hired)] = player.hired


class ModuleScorer:
    """A batched_games Scorer that scores each game with the ruleset's generated module (the reference), as
    game._play_rounds does: planners' decisions, the Emperor scoring, the final scoring and the standings."""

    def __init__(self, rules: Any, module: Any, fast: Any, seed: int, players: int) -> None:
        self.rules, self.module, self.fast = rules, module, fast
        self.seed, self.players = seed, players
        self.moves: dict[int, Any] = {}

    def score(self, s: GameArrays, start: int, round_: int, out: Any) -> None:
        from gah.lab.engine import game as pure
        from gah.lab.engine.batched import record_final, record_scoring
        from gah.lab.engine.planning import Moves

        rules, module, fast = self.rules, self.module, self.fast
        ruleset = rules.ruleset
        import numpy as np

        for g in range(s.points.shape[0]):
            game = module_game(module, ruleset, s, g)
            game.round = round_
            if fast.planner is not None:
                # The planners' moves so far, from the arrays (a batch may be a copy of another's).
                moves = self.moves[g] = Moves(tuple(bool(x) for x in out.planners[g]))
                if fast.planner.planning.step_limit:
                    moves.steps = [
                        (r, tuple(int(x) for x in out.steps[g, k]))
                        for k, r in enumerate(rules.scoring_rounds)
                        if r < round_
                    ]
                plan = pure.Plan(self.seed, start + g, self.players, ())
                fast.planner.decide(module, game, plan, moves, round_)
            before = np.array([p.points for p in game.players], np.int64)
            spaces = np.array([p.emperor for p in game.players], np.int64)
            module.emperor_scoring(game)
            if round_ in rules.scoring_rounds:
                k = rules.scoring_rounds.index(round_)
                store_game(ruleset, game, s, g)
                out.tile[g, k] = s.tiles[g, rules.tier_of[k]]
                record_scoring(
                    rules.track_points, rules.outcome_of, int(rules.move_back[k]), spaces, before, s, g, k, out
                )
                if fast.planner is not None and fast.planner.planning.step_limit:
                    out.steps[g, k] = self.moves[g].steps[-1][1]
            if round_ == ruleset.rounds:
                totals = module.final_totals(game)
                standings = module.final_standings(game, totals)
                ranks = np.zeros(self.players, np.int64)
                names = [p.name for p in game.players]
                for row in standings:
                    ranks[names.index(row["player"])] = row["rank"]
                record_final(np.array(totals, np.int64), ranks, g, out)
                if fast.planner is not None and fast.planner.planning.cafe:
                    out.served[g] = self.moves[g].cafe
            store_game(ruleset, game, s, g)


def ordered(value: Any) -> Any:
    """A value with every dict as its list of items, each leaf with its type: equal only if the counts, the
    order in which each dict met its keys and the kinds of numbers are the same."""
    import dataclasses

    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return (type(value).__name__, [(f.name, ordered(getattr(value, f.name))) for f in dataclasses.fields(value)])
    if isinstance(value, dict):
        return [(type(key).__name__, key, ordered(item)) for key, item in value.items()]
    if isinstance(value, list | tuple):
        return [ordered(item) for item in value]
    return (type(value).__name__, value)

"""Planning players: lab players who respond to the rules being played.

The model's distributions say what every player does whatever the rules; a planner also takes a few
decisions as a best response to the ruleset under test, valued by that ruleset's own compiled scoring:

- before each Emperor scoring (after that round's turns), how many extra Emperor steps to buy (0 up to the
  model's limit, each at the model's price): for each count, on a copy of the game, the steps are taken, the
  price paid, and the module scores that player's part of the scoring (`emperor_scoring_of`: points under the
  marker, move-back, the bonus or penalty of the round's tile with the module's default-policy decisions);
  the count with the highest `projected_total` wins, ties to fewer steps;
- at the end of the last round, how many of the guests left in the café to serve (each at a price), valued
  the same way by the ruleset's own final scoring.

A player's part of an Emperor scoring changes only that player (and the Staff deck and discard pile through
cards drawn or put back), so one player's copy is enough. The copy sees the deck as it is before the
scoring: a planner after another player who draws Staff in the same scoring values its own draw on the deck
before that draw, and it knows which cards a draw would bring (the policy of the scoring knows them too).
Who plans, and the noise of their choices, come from random streams of their own (rng.PLANNERS,
rng.PLAN_NOISE): a model without planners draws exactly as before, and every ruleset of a comparison sees the
same planners and the same noise.
"""

from __future__ import annotations

import math
from typing import Any, Protocol

from . import rng
from .model import Planning, Price

SOFTMAX_SCALE = 1 << 30  # the best choice's weight under a temperature (weights are integers)


class PlanningModule(Protocol):
    """What planning uses of a generated scoring module."""

    def emperor_scoring_of(self, game: Any, player: Any) -> None: ...

    def projected_total(self, game: Any, player: Any) -> int: ...

    def advance_emperor(self, game: Any, player: Any, steps: int, why: str = "") -> None: ...


class PlanSource(Protocol):
    """The numbers of a game's plan that planning reads (game.Plan)."""

    @property
    def players(self) -> int: ...

    def setup_numbers(self, purpose: int, extra: int, count: int) -> tuple[int, ...]: ...


class Moves:
    """What the planners of one game did under one ruleset, for the tallies."""

    __slots__ = ("cafe", "planners", "steps")

    def __init__(self, planners: tuple[bool, ...]) -> None:
        self.planners = planners
        self.steps: list[tuple[int, tuple[int, ...]]] = []  # (scoring round, extra steps bought per seat)
        self.cafe: tuple[int, ...] = ()  # guests served at the end, per seat (empty: no café decision)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Moves):
            return NotImplemented
        return (self.planners, self.steps, self.cafe) == (other.planners, other.steps, other.cafe)

    __hash__ = None  # type: ignore[assignment]  # mutable: compared by value, never hashed

    def copy(self) -> Moves:
        """A copy that goes on on its own (the lab copies a game where rulesets stop playing alike)."""
        copy = Moves(self.planners)
        copy.steps = self.steps[:]
        copy.cafe = self.cafe
        return copy


def affordable(player: Any, price: Price, limit: int) -> int:
    """The most units (up to `limit`) the player can pay for."""
    most = limit
    if price.points:
        most = min(most, player.points // price.points)
    if price.krones:
        most = min(most, player.krones // price.krones)
    return max(0, most)


def pay(player: Any, price: Price, units: int) -> None:
    player.points -= units * price.points
    player.krones -= units * price.krones


def step_values(module: PlanningModule, game: Any, seat: int, limit: int, price: Price) -> list[int]:
    """The player's projected total after their part of this round's Emperor scoring, for 0, 1, ... extra
    steps bought (as many as they can pay for, up to `limit`), each worked out on a copy of the game."""
    values = []
    for steps in range(affordable(game.players[seat], price, limit) + 1):
        trial = game.clone(game.players[seat])
        player = trial.players[seat]
        if steps:
            module.advance_emperor(trial, player, steps)
            pay(player, price, steps)
        module.emperor_scoring_of(trial, player)
        values.append(module.projected_total(trial, player))
    return values


def guest_values(module: PlanningModule, game: Any, seat: int, price: Price) -> list[int]:
    """The player's projected total with 0, 1, ... of the guests in their café served (the last seated
    first) and paid for, as many as they can pay for."""
    values = []
    for served in range(affordable(game.players[seat], price, len(game.players[seat].cafe)) + 1):
        trial = game.clone(game.players[seat])
        player = trial.players[seat]
        serve(player, price, served)
        values.append(module.projected_total(trial, player))
    return values


def serve(player: Any, price: Price, served: int) -> None:
    if served:
        player.cafe = player.cafe[: len(player.cafe) - served]
        pay(player, price, served)


def choose(values: list[int], planning: Planning, mistake: int, pick: int) -> int:
    """The index a planner picks among `values` (0: buy nothing), given two 32-bit numbers of its noise.

    A mistake (`mistakes` percent of decisions) picks any index, each as likely; otherwise the best value
    wins, ties to the lower index (one more unit that changes nothing is not bought), or under a temperature
    each index weighs exp((value - best) / temperature)."""
    if planning.mistakes and rng.scaled(mistake, 100) < planning.mistakes:
        return rng.scaled(pick, len(values))
    best = max(values)
    if not planning.temperature:
        return values.index(best)
    return rng.weighted(
        [round(math.exp((value - best) / planning.temperature) * SOFTMAX_SCALE) for value in values], pick
    )


class Planner:
    """The planning of one ruleset's games: who plans (per game) and their decisions (per round)."""

    def __init__(self, planning: Planning, scoring_rounds: frozenset[int], last_round: int) -> None:
        self.planning = planning
        self.scoring_rounds = scoring_rounds
        self.last_round = last_round

    def moves(self, plan: PlanSource) -> Moves:
        """Who plans in this game (the same seats under every ruleset): each seat on its own number."""
        numbers = plan.setup_numbers(rng.PLANNERS, 0, plan.players)
        return Moves(tuple(rng.scaled(r32, 100) < self.planning.share for r32 in numbers))

    def decide(self, module: PlanningModule, game: Any, plan: PlanSource, moves: Moves, round_: int) -> None:
        """The planners' decisions after this round's turns, before its Emperor scoring (and final scoring),
        applied to the module's game in place and recorded in `moves`."""
        planning = self.planning
        if planning.cafe and round_ == self.last_round:
            served = [0] * plan.players
            for seat, planner in enumerate(moves.planners):
                if planner and game.players[seat].cafe:
                    noise = plan.setup_numbers(rng.PLAN_NOISE, round_ << 8 | seat, 4)
                    values = guest_values(module, game, seat, planning.guest_price)
                    served[seat] = choose(values, planning, noise[2], noise[3])
                    serve(game.players[seat], planning.guest_price, served[seat])
            moves.cafe = tuple(served)
        if planning.step_limit and round_ in self.scoring_rounds:
            bought = [0] * plan.players
            for seat, planner in enumerate(moves.planners):
                if planner:
                    noise = plan.setup_numbers(rng.PLAN_NOISE, round_ << 8 | seat, 4)
                    values = step_values(module, game, seat, planning.step_limit, planning.step_price)
                    steps = bought[seat] = choose(values, planning, noise[0], noise[1])
                    if steps:
                        module.advance_emperor(game, game.players[seat], steps)
                        pay(game.players[seat], planning.step_price, steps)
            moves.steps.append((round_, tuple(bought)))

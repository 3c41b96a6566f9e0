"""Steps of an Emperor scoring and of final scoring that every ruleset shares."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .core import Game, Player, choice_error, choose, plural, recorded
from .staff import card_name


def score_space(game: Game, player: Player, points: int) -> None:
    """Score the points under the marker; a space worth less than nothing stops at the points floor."""
    scored = max(points, min(0, game.rules.points_floor - player.points))
    player.points += scored
    if game.explain:
        note = "" if scored == points else f" (worth {points}; has only {-scored} to lose)"
        game.log(
            player,
            "score",
            f"{player.name} scores {plural(scored, 'point')} on space {player.emperor}{note}",
            points=scored,
            space=player.emperor,
        )


def move_back(game: Game, player: Player, spaces: int, zone_names: tuple[str, ...]) -> None:
    """Move the marker back, never below space 0."""
    start = player.emperor
    player.emperor = max(0, start - spaces)
    zone = zone_names[player.emperor]
    if game.explain:
        game.log(
            player,
            "move_back",
            f"{player.name} moves back {spaces} from space {start} to space {player.emperor} ({zone})",
            space=player.emperor,
            zone=zone,
        )


def waive_penalty(game: Game, player: Player, cost: int, card: str, penalty: Callable[[Game, Player], None]) -> bool:
    """A hired Staff lets the player pay krones to ignore the penalty; returns True if paid.

    Paying is only an option with enough krones: a recorded `true` without them is refused.
    """

    def apply(trial: Game, trial_player: Player, pay: bool) -> None:
        if pay:
            trial_player.krones -= cost
        else:
            penalty(trial, trial_player)

    options = [True, False] if player.krones >= cost else [False]
    pay = choose(game, player, "conference_manager", options, apply)
    if pay:
        player.krones -= cost
        if game.explain:
            game.log(
                player,
                "penalty",
                f"{player.name} pays {plural(cost, 'krone')} ({card}) to ignore the penalty",
                krones=-cost,
            )
    return pay


def copy_opponent_game_end(
    game: Game, player: Player, formulas: dict[int, Callable[[Game, Player], int]], copier: str
) -> int:
    """Score one game-end Staff an opponent has hired, on this player's own state (none: 0).

    `copier` names the card that copies (for the explanation)."""
    options = sorted({n for other in game.opponents(player) for n in other.hired if n in formulas})
    if not options:
        found, value = recorded(player, "secretary")
        if found and value is not None and not game.simulating:
            raise choice_error(
                game, player, "secretary", f"{value!r}, but no opponent has hired a game-end Staff to copy"
            )
        return 0
    scored: dict[int, int] = {}  # each option's points, worked out once

    def worth(number: int) -> int:
        if number not in scored:
            scored[number] = formulas[number](game, player)
        return scored[number]

    chosen = choose(game, player, "secretary", options, lambda g, p, n: None, worth=worth)
    points = worth(chosen)
    if game.explain:
        game.log(
            player,
            "final",
            f"{player.name}'s {copier} copies {card_name(game, chosen)}: {plural(points, 'point')}",
            card=chosen,
        )
    return points


def final_entry(
    game: Game, player: Player, sources: tuple[tuple[str, Callable[[Game, Player], int]], ...]
) -> dict[str, Any]:
    """One player's final scoring: the breakdown by source and the total (with the points floor)."""
    breakdown = {source: score(game, player) for source, score in sources}
    total = player.points + sum(breakdown.values())
    if total < game.rules.points_floor:
        breakdown["points_floor"] = game.rules.points_floor - total
        total = game.rules.points_floor
    return {"player": player.name, "points": player.points, "total": total, "breakdown": breakdown}

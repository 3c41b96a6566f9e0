"""`gah setup RULESET --players NAME,NAME[,...] [--seed S] [--json]`: deal a game from the ruleset's setup data."""

from __future__ import annotations

import argparse
import json
import secrets
import sys
from typing import Any

from compiler import ir
from compiler.backends.python.load import load_scoring_module
from compiler.backends.score_words import score_words
from compiler.cli import command, language_option
from compiler.errors import GahError
from compiler.frontend.rulesets import Workspace
from compiler.languages import choose_language
from compiler.project import load_one

SEED_LIMIT = 2**32  # a fresh seed is drawn below this, so it stays short enough to type


def _setup(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("ruleset", metavar="RULESET", help="ruleset name (e.g. base, draft) or rules file")
    parser.add_argument(
        "--players",
        required=True,
        metavar="NAME,NAME[,...]",
        help="player names in turn order, separated by commas; the first is the start player",
    )
    parser.add_argument(
        "--seed",
        type=int,
        default=None,
        help="whole number that fixes the shuffle and the Emperor tiles; same seed, same deal "
        "(default: a fresh random game, whose seed is printed)",
    )
    parser.add_argument(
        "--json", action="store_true", help="print the game state (round 0) as JSON, ready for `gah score`"
    )
    language_option(parser)


@command("setup", "deal a game: starting hands, Emperor tiles and resources from the ruleset's setup data")(_setup)
def run_setup(args: argparse.Namespace, workspace: Workspace) -> int:
    ruleset = load_one(workspace, args.ruleset)
    players = [name.strip() for name in args.players.split(",")]
    module = load_scoring_module(ruleset)
    words = score_words(ruleset, choose_language(workspace, args.lang))  # a refused deal is said in these
    seed: int = args.seed if args.seed is not None else secrets.randbelow(SEED_LIMIT)
    try:
        state: dict[str, Any] = module.setup_game(players, seed, None, words)
    except ValueError as error:  # the generated module's StateError
        raise GahError(str(error)) from None
    if args.json:
        print(json.dumps(state, indent=2, ensure_ascii=False))
    else:
        sys.stdout.write(human_setup(ruleset, state, seed))
    if args.seed is None:
        again = f"gah setup {args.ruleset} --players {args.players} --seed {seed}"
        print(f"seed {seed}: {again} deals this game again", file=sys.stderr)
    return 0


def _deal_text(deal: ir.Deal) -> str:
    if deal.method == "introductory":
        letters = ", ".join(letter for letter, _cards in deal.sets)
        text = f"introductory sets ({letters}): the start player takes set A, the next set B, and so on"
        if deal.sets_are_examples:
            text += " (EXAMPLE sets, not the rulebook's)"
        return text + "; the rest of the deck is shuffled"
    if deal.method == "draft":
        towards = "left (to the next player)" if deal.direction == "left" else "right (to the previous player)"
        return (
            f"draft: take {deal.packet_size}, keep {deal.keep_per_pick}, pass the rest {towards}, "
            f"until each holds {deal.hand_size}; default pick: highest cost, then lowest number"
        )
    return f"standard: each player draws {deal.hand_size} Staff cards"


def human_setup(ruleset: ir.Ruleset, state: dict[str, Any], seed: int) -> str:
    """The dealt game for people: tiles, starting resources, each hand with names and costs, the deck size."""
    cards = {card.number: card for card in ruleset.staff}
    tiles = {tile.id: tile for tile in ruleset.tiles}
    items = {item.id: item.name for item in ruleset.items}
    start = ruleset.setup.start
    lines = [
        f"{ruleset.name}: {ruleset.title}, {len(state['players'])} players, seed {seed}",
        f"Deal: {_deal_text(ruleset.setup.deal)}",
        "Emperor tiles: "
        + ", ".join(f"{tier} {tile_id} ({tiles[tile_id].name})" for tier, tile_id in state["tiles"].items()),
    ]
    kitchen = ", ".join(f"{count} {items.get(item, item)}" for item, count in start.items if count)
    rooms = ", ".join(f"{floor}.{column}" for floor, column in start.hotel_rooms)
    lines.append(
        f"Each player starts with {start.krones} krones, {start.points} points, Emperor space {start.emperor}"
        + (f", kitchen: {kitchen}" if kitchen else "")
        + (f", vacant rooms: {rooms}" if rooms else "")
    )
    width = max((len(cards[n].name) for p in state["players"] for n in p["hand"]), default=0)
    for index, player in enumerate(state["players"]):
        lines.append("")
        role = " (start player)" if index == 0 else ""
        lines.append(f"{player['name']}{role}: {len(player['hand'])} Staff cards")
        for number in player["hand"]:
            card = cards[number]
            lines.append(f"  {number:>3}  {card.name:<{width}}  cost {card.cost}  {card.kind.replace('_', ' ')}")
    lines.append("")
    lines.append(f"Staff deck: {len(state['staff_deck'])} cards")
    return "\n".join(lines) + "\n"

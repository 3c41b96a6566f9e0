"""`gah setup RULESET --players NAME,NAME[,...] [--seed S] [--json]`: deal a game from the ruleset's setup data."""

from __future__ import annotations

import argparse
import json
import secrets
import sys
from typing import NotRequired, TypedDict, cast

from .. import ir
from ..backends.python.load import load_scoring_module
from ..backends.score_words import score_words
from ..errors import GahError
from ..frontend.rulesets import Workspace
from ..languages import Language, choose_language, localised
from ..project import load_one
from .registry import command


class DealtPlayer(TypedDict):
    name: str
    hand: list[int]  # Staff card numbers
    role: NotRequired[str]


class DealtGame(TypedDict):
    """The state a generated module's setup_game returns (a state file's start): the keys this command reads."""

    tiles: dict[str, str]  # tier -> tile id
    players: list[DealtPlayer]
    staff_deck: list[int]


SEED_LIMIT = 2**32  # a fresh seed is drawn below this, so it stays short enough to type


@command("setup")
def run_setup(args: argparse.Namespace, workspace: Workspace) -> int:
    ruleset = load_one(workspace, args.ruleset)
    players = [name.strip() for name in args.players.split(",")]
    module = load_scoring_module(ruleset)
    language = choose_language(workspace, args.lang)
    words = score_words(ruleset, language)  # a refused deal is said in these
    seed: int = args.seed if args.seed is not None else secrets.randbelow(SEED_LIMIT)
    try:
        state = cast(DealtGame, module.setup_game(players, seed, None, words))  # JSON data: the module's edge
    except ValueError as error:  # the generated module's StateError
        raise GahError(str(error)) from None
    if args.json:
        print(json.dumps(state, indent=2, ensure_ascii=False))
    else:
        sys.stdout.write(human_setup(ruleset, state, seed, language))
    if args.seed is None:
        again = f"gah setup {args.ruleset} --players {args.players} --seed {seed}"
        print(language.say("setup.again", seed=seed, command=again), file=sys.stderr)
    return 0


def _deal_text(deal: ir.Deal, language: Language) -> str:
    if deal.method == "introductory":
        letters = language.say("setup.list_separator").join(letter for letter, _cards in deal.sets)
        examples = language.say("setup.sets_are_examples") if deal.sets_are_examples else ""
        return language.say("setup.deal_introductory", letters=letters, examples=examples)
    if deal.method == "draft":
        towards = language.say("setup.towards_left" if deal.direction == "left" else "setup.towards_right")
        return language.say(
            "setup.deal_draft",
            packet=deal.packet_size,
            keep=deal.keep_per_pick,
            towards=towards,
            hand=deal.hand_size,
        )
    return language.say("setup.deal_standard", deal.hand_size)


def _start_text(start: ir.StartingState, items: dict[str, ir.Item], language: Language) -> str:
    """Each player's starting supply in one line."""
    separator = language.say("setup.list_separator")
    kitchen = separator.join(
        language.say("setup.item_count", count, item=items[item].named(count) if item in items else item)
        for item, count in start.items
        if count
    )
    rooms = separator.join(f"{floor}.{column}" for floor, column in start.hotel_rooms)
    return language.say(
        "setup.start",
        krones=language.say("setup.krones", start.krones),
        points=language.say("setup.points", start.points),
        space=start.emperor,
        kitchen=language.say("setup.start_kitchen", items=kitchen) if kitchen else "",
        rooms=language.say("setup.start_rooms", rooms=rooms) if rooms else "",
    )


def human_setup(ruleset: ir.Ruleset, state: DealtGame, seed: int, language: Language) -> str:
    """The dealt game for people, in `language`: tiles, starting resources, each hand with names and costs, the
    deck size."""
    ruleset = localised(ruleset, language)
    cards = {card.number: card for card in ruleset.staff}
    tiles = {tile.id: tile for tile in ruleset.tiles}
    items = {item.id: item for item in ruleset.items}
    separator = language.say("setup.list_separator")
    tile_list = separator.join(
        language.say("setup.tile", tier=tier, id=tile_id, name=tiles[tile_id].name)
        for tier, tile_id in state["tiles"].items()
    )
    lines = [
        language.say(
            "setup.header",
            name=ruleset.name,
            title=ruleset.title,
            players=language.say("setup.players", len(state["players"])),
            seed=seed,
        ),
        language.say("setup.deal", text=_deal_text(ruleset.setup.deal, language)),
        language.say("setup.tiles", tiles=tile_list),
        _start_text(ruleset.setup.start, items, language),
    ]
    width = max((len(cards[n].name) for p in state["players"] for n in p["hand"]), default=0)
    for index, player in enumerate(state["players"]):
        lines.append("")
        role = language.say("setup.start_player") if index == 0 else ""
        if player.get("role"):  # what a player of a role starts without
            played = ruleset.role(player["role"])
            without = language.say("setup.list_separator").join(
                language.say(f"setup.without.{k}") for k in played.without
            )
            role += language.say("setup.role", role=played.named(language.id), without=without)
        lines.append(language.say("setup.hand", len(player["hand"]), player=player["name"], role=role))
        for number in player["hand"]:
            card = cards[number]
            cost = language.say("setup.cost", cost=card.cost)
            kind = language.say(f"setup.kind.{card.kind}")
            lines.append(f"  {number:>3}  {card.name:<{width}}  {cost}  {kind}")
    lines.append("")
    lines.append(language.say("setup.deck", len(state["staff_deck"])))
    return "\n".join(lines) + "\n"

"""Staff cards: the shared deck, playing a card (with its once-effect), returning and removing cards."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .chooser import decide
from .core import Game, Player, replaying, term


def card_name(game: Game, number: int) -> str:
    """A Staff card as explanations name it: by the language's name, with its number (worked out once)."""
    cards = game.voice.cards
    named = cards.get(number)
    if named is None:
        name = term(game, "staff", str(number), game.rules.staff[number][0])
        named = cards[number] = game.voice.said["card_name"](name=name, number=number)
    return named


def play_cost(game: Game, number: int, discount: int | None) -> int:
    """Printed cost less the discount, never below 0; discount None means free."""
    if discount is None:
        return 0
    return max(0, game.rules.staff[number][1] - discount)


def hire(game: Game, player: Player, number: int, cost: int, how: str) -> None:
    """Pay and hire a card; a once-effect card acts at once (ruling 5.5). `how`: the phrase that says where
    the card came from ("plays_from_draw", "plays_from_hand")."""
    player.krones -= cost
    player.hired.append(number)
    if game.explain:
        paid = (
            game.voice.said["for_krones"](krones=game.voice.counts["krones"][cost])
            if cost
            else game.voice.said["at_no_cost"]()
        )
        text = game.voice.said[how](player=player.name, card=card_name(game, number), paid=paid)
        game.events.append({"round": game.round, "player": player.name, "kind": "staff", "text": text, "card": number})
    effect = game.rules.once_effects.get(number)
    if effect is not None:
        effect(game, player)


def draw_staff(
    game: Game,
    player: Player,
    count: int,
    play: int,
    discount: int | None,
    to_hand: bool = False,
    ends_turn: bool = False,
) -> None:
    """Draw from the top, play up to `play` of them, the rest under the deck in the chosen order (or,
    `to_hand`, into the hand). `ends_turn`: nothing follows in the turn (the search then takes the last card
    played where the game stands, see finished())."""
    drawn = game.deck[:count]
    del game.deck[:count]
    game.card_reads += 1
    if game.explain:
        if len(drawn) < count:
            text = game.voice.said["deck_holds_only"](cards=game.voice.counts["cards"][len(drawn)])
            game.events.append({"round": game.round, "player": player.name, "kind": "staff", "text": text})
        names = (
            game.voice.said["list_separator"]().join(card_name(game, n) for n in drawn) or game.voice.said["nothing"]()
        )
        text = game.voice.said["draws"](player=player.name, cards=names)
        game.events.append({"round": game.round, "player": player.name, "kind": "staff", "text": text, "cards": drawn})
    remaining = list(drawn)
    for number in range(play):
        options: list[int | None] = (
            [] if replaying(game) else [n for n in remaining if play_cost(game, n, discount) <= player.krones]
        )
        options.append(None)
        # What ends the turn, for the search: only where there is an option to compare (not in a replay).
        rest = after_draw(remaining, discount, to_hand) if ends_turn and number == play - 1 and options[1:] else None
        back = staff_back(game, player) if rest is not None else None
        chosen = decide(
            game, player, "play_staff", options, none_why="why_no_drawn_affordable", finish=rest, restore=back
        )
        if chosen is None:
            break
        remaining.remove(chosen)
        hire(game, player, chosen, play_cost(game, chosen, discount), "plays_from_draw")
    put_drawn(game, player, remaining, to_hand)


def after_draw(remaining: list[int], discount: int | None, to_hand: bool) -> Callable[[Game, Player, Any], None]:
    """What draw_staff does once its last card to play is chosen (None: none), the cards left as they are now."""
    cards = remaining[:]

    def rest(game: Game, player: Player, chosen: int | None) -> None:
        left = cards[:]
        if chosen is not None:
            left.remove(chosen)
            hire(game, player, chosen, play_cost(game, chosen, discount), "plays_from_draw")
        put_drawn(game, player, left, to_hand)

    return rest


def staff_back(game: Game, player: Player) -> Callable[[Game, Player, Any], None]:
    """What puts back a card played where the turn ends (after_draw(), from_hand()), and the cards left: the
    player's krones, hired Staff and hand and the deck as they are now. Not for a card that acts once when
    played: its effect may change anything (finished() takes that one on a copy)."""
    krones, hired, hand, deck = player.krones, len(player.hired), player.hand[:], len(game.deck)

    def back(game: Game, player: Player, _chosen: int | None) -> None:
        player.krones = krones
        del player.hired[hired:]
        player.hand[:] = hand
        del game.deck[deck:]

    return back


def put_drawn(game: Game, player: Player, remaining: list[int], to_hand: bool) -> None:
    """The drawn cards not played: into the hand, or under the deck in the chosen order."""
    if remaining and to_hand:
        player.hand.extend(remaining)
        if game.explain:
            names = game.voice.said["list_separator"]().join(card_name(game, n) for n in remaining)
            text = game.voice.said["takes_drawn_into_hand"](player=player.name, cards=names)
            game.events.append(
                {"round": game.round, "player": player.name, "kind": "staff", "text": text, "cards": remaining}
            )
    elif remaining:
        order = cards_to_bottom(game, player, remaining, "drawn_to_bottom")
        if game.explain:
            names = game.voice.said["list_separator"]().join(card_name(game, n) for n in order)
            text = game.voice.said["puts_drawn_under_deck"](player=player.name, cards=names)
            game.events.append(
                {"round": game.round, "player": player.name, "kind": "staff", "text": text, "cards": order}
            )


def cards_to_bottom(game: Game, player: Player, cards: list[int], key: str) -> list[int]:
    """Put `cards` under the deck one by one, each a decision (the first option: the order given)."""
    left = list(cards)
    order: list[int] = []
    while left:
        card = decide(game, player, key, left[:], order_only=True)
        left.remove(card)
        order.append(card)
    game.deck.extend(order)
    return order


def staff_to_deck_bottom(game: Game, player: Player, count: int, top: bool = False, ends_turn: bool = False) -> None:
    """Put `count` Staff from hand under the deck (`top`: on top of it, the first chosen on top), as many
    as there are, one decision per card. `ends_turn`: nothing follows in the turn (the search then goes on
    from the first card where the game stands, see finished()).

    The policy's first option is the cheapest card (lowest number first): cards in hand score nothing
    at the end, so which go matters only to a later step of the turn that looks at the hand or deck.
    """
    moves = min(count, len(player.hand))
    if not moves:
        to_deck(game, player, [], top)
        return
    options = [] if replaying(game) else hand_by_cost(game, player)
    rest = deck_rest(moves, top) if ends_turn and options[1:] else None
    back = deck_back(game, player, top) if rest is not None else None
    card = decide(game, player, "hand_to_deck", options, order_only=True, finish=rest, restore=back)
    player.hand.remove(card)
    more_to_deck(game, player, [card], moves, top)


def hand_by_cost(game: Game, player: Player) -> list[int]:
    """The cards in hand, cheapest first, then the lowest number (no closure: see copy_opponent_game_end)."""
    staff = game.rules.staff
    return [n for _cost, n in sorted([(staff[n][1], n) for n in player.hand])]


def more_to_deck(game: Game, player: Player, chosen: list[int], moves: int, top: bool) -> None:
    """The rest of staff_to_deck_bottom once the cards in `chosen` left the hand: a decision for each of the
    other `moves`, then every card onto or under the deck."""
    for _ in range(moves - len(chosen)):
        options = [] if replaying(game) else hand_by_cost(game, player)
        card = decide(game, player, "hand_to_deck", options, order_only=True)
        player.hand.remove(card)
        chosen.append(card)
    to_deck(game, player, chosen, top)


def deck_rest(moves: int, top: bool) -> Callable[[Game, Player, Any], None]:
    """What staff_to_deck_bottom does once its first card is chosen."""

    def rest(game: Game, player: Player, card: int) -> None:
        player.hand.remove(card)
        more_to_deck(game, player, [card], moves, top)

    return rest


def deck_back(game: Game, player: Player, top: bool) -> Callable[[Game, Player, Any], None]:
    """What puts back deck_rest(): the hand and the deck as they are now."""
    hand, deck = player.hand[:], game.deck[:] if top else len(game.deck)

    def back(game: Game, player: Player, _card: int) -> None:
        player.hand[:] = hand
        if isinstance(deck, list):
            game.deck[:] = deck
        else:
            del game.deck[deck:]

    return back


def to_deck(game: Game, player: Player, chosen: list[int], top: bool) -> None:
    """The chosen cards from hand onto the deck (`top`, the first chosen on top) or under it."""
    if top:
        game.deck[:0] = chosen
    else:
        game.deck.extend(chosen)
    if game.explain:
        names = (
            game.voice.said["list_separator"]().join(card_name(game, n) for n in chosen) or game.voice.said["no_card"]()
        )
        text = game.voice.said["puts_on_deck" if top else "puts_under_deck"](player=player.name, cards=names)
        game.events.append({"round": game.round, "player": player.name, "kind": "staff", "text": text, "cards": chosen})


def play_staff_from_hand(
    game: Game, player: Player, count: int, discount: int | None, kind: str = "any", ends_turn: bool = False
) -> None:
    """Play up to `count` Staff from hand at the discount (only cards of `kind`, unless "any"). `ends_turn`:
    nothing follows in the turn (the search then takes the last card played where the game stands)."""
    staff = game.rules.staff
    for number in range(count):
        game.card_reads += 1
        options: list[int | None] = (
            []
            if replaying(game)
            else [
                n
                for n in player.hand
                if play_cost(game, n, discount) <= player.krones and (kind == "any" or staff[n][2] == kind)
            ]
        )
        options.append(None)
        rest = from_hand(discount) if ends_turn and number == count - 1 and options[1:] else None
        back = staff_back(game, player) if rest is not None else None
        chosen = decide(
            game, player, "play_staff", options, none_why="why_no_hand_affordable", finish=rest, restore=back
        )
        if chosen is None:
            if game.explain:
                key = "plays_no_staff" if len(options) > 1 else "no_staff_to_play"
                game.events.append(
                    {
                        "round": game.round,
                        "player": player.name,
                        "kind": "staff",
                        "text": game.voice.said[key](player=player.name),
                    }
                )
            return
        player.hand.remove(chosen)
        hire(game, player, chosen, play_cost(game, chosen, discount), "plays_from_hand")


def from_hand(discount: int | None) -> Callable[[Game, Player, Any], None]:
    """What play_staff_from_hand does once its last card is chosen (None: nothing)."""

    def rest(game: Game, player: Player, chosen: int | None) -> None:
        if chosen is not None:
            player.hand.remove(chosen)
            hire(game, player, chosen, play_cost(game, chosen, discount), "plays_from_hand")

    return rest


def hand_of_kind(game: Game, player: Player, kind: str) -> list[int]:
    return [n for n in player.hand if kind == "any" or game.rules.staff[n][2] == kind]


def hired_of_kind(game: Game, player: Player, kind: str) -> list[int]:
    return [n for n in player.hired if kind == "any" or game.rules.staff[n][2] == kind]


def remove_hired_staff(game: Game, player: Player, count: int, kind: str) -> None:
    """Remove hired Staff of a kind (to the discard pile), as many as there are."""
    for _ in range(count):
        options: list[int | None] = list(hired_of_kind(game, player, kind)) or [None]
        chosen = decide(game, player, "remove_hired_staff", options, none_why="why_no_hired_of_kind")
        if chosen is None:
            return
        player.hired.remove(chosen)
        game.discard.append(chosen)
        if game.explain:
            text = game.voice.said["discards_hired"](player=player.name, card=card_name(game, chosen))
            game.events.append(
                {"round": game.round, "player": player.name, "kind": "staff", "text": text, "card": chosen}
            )

"""Staff cards: the shared deck, playing a card (with its once-effect), returning and removing cards."""

from __future__ import annotations

from .core import (
    Game,
    Player,
    choice_error,
    choose,
    option_text,
    parse_cards,
    parse_choice,
    plural,
    recorded,
    refuse_recorded,
)


def card_name(game: Game, number: int) -> str:
    return f"{game.rules.staff[number][0]} ({number})"


def play_cost(game: Game, number: int, discount: int | None) -> int:
    """Printed cost less the discount, never below 0; discount None means free."""
    if discount is None:
        return 0
    return max(0, game.rules.staff[number][1] - discount)


def hire(game: Game, player: Player, number: int, cost: int, how: str) -> None:
    """Pay and hire a card; a once-effect card acts at once (ruling 5.5)."""
    player.krones -= cost
    player.hired.append(number)
    if game.explain:
        paid = f" for {plural(cost, 'krone')}" if cost else " at no cost"
        game.log(player, "staff", f"{player.name} plays {card_name(game, number)} {how}{paid}", card=number)
    effect = game.rules.once_effects.get(number)
    if effect is not None:
        effect(game, player)


def draw_staff(game: Game, player: Player, count: int, play: int, discount: int | None) -> None:
    """Draw from the top, play up to `play` of them, the rest under the deck in the chosen order."""
    drawn = game.deck[:count]
    del game.deck[:count]
    if game.explain:
        if len(drawn) < count:
            game.log(player, "staff", f"the Staff deck holds only {plural(len(drawn), 'card')}")
        game.log(
            player,
            "staff",
            f"{player.name} draws {', '.join(card_name(game, n) for n in drawn) or 'nothing'}",
            cards=drawn,
        )
    remaining = list(drawn)
    for _ in range(play):
        options: list[int | None] = [n for n in remaining if play_cost(game, n, discount) <= player.krones]
        if not options:
            refuse_recorded(game, player, "play_staff", "no drawn card is affordable")
            break
        options.append(None)

        def apply(trial: Game, trial_player: Player, number: int | None) -> None:
            if number is not None:
                hire(trial, trial_player, number, play_cost(trial, number, discount), "from the draw")

        chosen = choose(game, player, "play_staff", options, apply)
        if chosen is None:
            break
        remaining.remove(chosen)
        hire(game, player, chosen, play_cost(game, chosen, discount), "from the draw")
    _to_bottom(game, player, remaining, "drawn_to_bottom", "the other drawn cards")


def _to_bottom(game: Game, player: Player, cards: list[int], key: str, what: str) -> None:
    if not cards:
        return
    found, value = recorded(player, key)
    order = list(cards)
    if found and not game.simulating:
        wanted = list(parse_choice(game, player, key, parse_cards, value))
        if sorted(wanted) != sorted(cards):
            raise choice_error(
                game,
                player,
                key,
                f"{option_text(wanted)} must list exactly the cards {option_text(sorted(cards))} in the order they go under the deck",
            )
        order = wanted
    else:
        game.decided(player, key, order)
    game.deck.extend(order)
    if game.explain:
        game.log(
            player,
            "staff",
            f"{player.name} puts {what} under the deck: {', '.join(card_name(game, n) for n in order)}",
            cards=order,
        )


def staff_to_deck_bottom(game: Game, player: Player, count: int) -> None:
    """Put `count` Staff from hand under the deck (as many as there are)."""
    found, value = recorded(player, "hand_to_bottom")
    if found and not game.simulating:
        chosen = list(parse_choice(game, player, "hand_to_bottom", parse_cards, value))
        needed = min(count, len(player.hand))
        if len(chosen) != needed or len(set(chosen)) != needed or any(n not in player.hand for n in chosen):
            raise choice_error(
                game,
                player,
                "hand_to_bottom",
                f"{option_text(chosen)} must name {plural(needed, 'different card')} from the hand {option_text(player.hand)}",
            )
    else:
        # Default: the cheapest cards go, lowest number first (cards in hand score nothing at the end).
        chosen = sorted(player.hand, key=lambda n: (game.rules.staff[n][1], n))[:count]
        game.decided(player, "hand_to_bottom", chosen)
    for number in chosen:
        player.hand.remove(number)
    game.deck.extend(chosen)
    if game.explain:
        game.log(
            player,
            "staff",
            f"{player.name} puts {', '.join(card_name(game, n) for n in chosen) or 'no card'} from hand under the deck",
            cards=chosen,
        )


def play_staff_from_hand(game: Game, player: Player, count: int, discount: int | None) -> None:
    """Play up to `count` Staff from hand at the discount."""
    for _ in range(count):
        options: list[int | None] = [n for n in player.hand if play_cost(game, n, discount) <= player.krones]
        if not options:
            refuse_recorded(game, player, "play_staff", "no card in hand is affordable")
            if game.explain:
                game.log(player, "staff", f"{player.name} has no Staff in hand to play")
            return
        options.append(None)

        def apply(trial: Game, trial_player: Player, number: int | None) -> None:
            if number is not None:
                trial_player.hand.remove(number)
                hire(trial, trial_player, number, play_cost(trial, number, discount), "from hand")

        chosen = choose(game, player, "play_staff", options, apply)
        if chosen is None:
            if game.explain:
                game.log(player, "staff", f"{player.name} plays no Staff")
            return
        player.hand.remove(chosen)
        hire(game, player, chosen, play_cost(game, chosen, discount), "from hand")


def hired_of_kind(game: Game, player: Player, kind: str) -> list[int]:
    return [n for n in player.hired if kind == "any" or game.rules.staff[n][2] == kind]


def remove_hired_staff(game: Game, player: Player, count: int, kind: str) -> None:
    """Remove hired Staff of a kind (to the discard pile), as many as there are."""
    for _ in range(count):
        options = hired_of_kind(game, player, kind)
        if not options:
            refuse_recorded(game, player, "remove_hired_staff", "no hired Staff of that kind")
            return

        def apply(trial: Game, trial_player: Player, number: int) -> None:
            trial_player.hired.remove(number)

        chosen = choose(game, player, "remove_hired_staff", options, apply)
        player.hired.remove(chosen)
        game.discard.append(chosen)
        if game.explain:
            game.log(player, "staff", f"{player.name} discards hired {card_name(game, chosen)}", card=chosen)

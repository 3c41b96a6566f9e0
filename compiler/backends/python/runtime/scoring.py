"""Steps of an Emperor scoring and of final scoring that every ruleset shares."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .chooser import decide, next_recorded, note, option_text, peek_recorded, projection, recorded_choice
from .core import Decision, Game, Player, say, term
from .staff import card_name
from .words import Voice, ordinal, phrase, plain


def score_space(game: Game, player: Player, points: int) -> None:
    """Score the points under the marker; a space worth less than nothing stops at the points floor."""
    scored = max(points, min(0, game.rules.points_floor - player.points))
    player.points += scored
    if game.explain:
        voice = game.voice
        note = "" if scored == points else voice.said["worth_but_has_only"](worth=points, lost=-scored)
        text = voice.said["scores_space"](
            player=player.name, points=voice.points[scored], space=player.emperor, note=note
        )
        game.events.append(
            {
                "round": game.round,
                "player": player.name,
                "kind": "score",
                "text": text,
                "points": scored,
                "space": player.emperor,
            }
        )


def move_back(game: Game, player: Player, spaces: int, zone_names: tuple[str, ...]) -> None:
    """Move the marker back, never below space 0."""
    start = player.emperor
    player.emperor = max(0, start - spaces)
    zone = zone_names[player.emperor]
    if game.explain:
        named = term(game, "zone", zone, zone)
        said = game.voice.said["moves_back"]
        text = said(player=player.name, spaces=spaces, start=start, space=player.emperor, zone=named)
        game.events.append(
            {
                "round": game.round,
                "player": player.name,
                "kind": "move_back",
                "text": text,
                "space": player.emperor,
                "zone": zone,
            }
        )


# The phrase that says a role leaves out a part of an Emperor scoring, by the part.
ROLE_SKIPS = {
    "track_points": "role_no_track_points",
    "move_back": "role_no_move_back",
    "bonus": "role_no_bonus",
    "penalty": "role_no_penalty",
    "bonus_or_penalty": "role_no_bonus_or_penalty",
}


def role_skips(game: Game, player: Player, part: str) -> None:
    """Say that the player's role leaves out a part of the Emperor scoring (`part`: track_points, move_back,
    bonus, penalty or bonus_or_penalty)."""
    if game.explain:
        role = term(game, "role", player.role, player.role)
        text = game.voice.said[ROLE_SKIPS[part]](player=player.name, role=role)
        event = {"round": game.round, "player": player.name, "kind": "role", "text": text}
        game.events.append({**event, "role": player.role, "part": part})


def waive_penalty(game: Game, player: Player, cost: int, number: int) -> bool:
    """A hired Staff (card `number`) lets the player pay krones to ignore the penalty; returns True if paid.

    Paying is only an option with enough krones: a recorded `true` without them is refused.
    """
    options = [True, False] if player.krones >= cost else [False]
    pay = decide(game, player, "conference_manager", options)
    if pay:
        player.krones -= cost
        if game.explain:
            card = term(game, "staff", str(number), game.rules.staff[number][0])
            text = game.voice.said["pays_to_ignore"](
                player=player.name, krones=game.voice.counts["krones"][cost], card=card
            )
            game.events.append(
                {"round": game.round, "player": player.name, "kind": "penalty", "text": text, "krones": -cost}
            )
    return pay


# A game-end Staff's formula: (points, quantity): the points per unit of a quantity of the player's state.
GameEndFormula = tuple[int, Callable[[Game, Player], int]]


def game_end_points(game: Game, player: Player, formulas: dict[int, GameEndFormula], copiers: dict[int, str]) -> int:
    """The points of the player's hired game-end Staff, in the order hired: each card with a formula scores
    its points per unit of its quantity; each copier (named in `copiers`) copies an opponent's card."""
    total = 0
    for number in player.hired:
        if number in formulas:
            points, quantity = formulas[number]
            total += points * quantity(game, player)
        elif number in copiers:
            total += copy_opponent_game_end(game, player, formulas, copiers[number])
    return total


def copy_opponent_game_end(game: Game, player: Player, formulas: dict[int, GameEndFormula], copier: str) -> int:
    """Score one game-end Staff an opponent has hired, on this player's own state (none: 0).

    The choice has no consequence but its points, so the policy copies the card worth most (ties: the
    lowest number). A projection takes the recorded card where it is legal. `copier` names the card
    that copies (for the explanation)."""
    if game.trial is not None or game.projecting:
        # A projection (the search makes thousands): the recorded card if legal, else the most any card is worth.
        # Plain loops, each card once: the order does not matter for either.
        options: list[int] = []
        for other in game.players:
            if other is not player:
                for number in other.hired:
                    if number in formulas and number not in options:
                        options.append(number)
        if player.choices:
            found, value = peek_recorded(player, "secretary")
            if found and value in options:
                return formulas[value][0] * formulas[value][1](game, player)
        best = 0
        for index, number in enumerate(options):
            points, quantity = formulas[number]
            worth = points * quantity(game, player)
            if index == 0 or worth > best:
                best = worth
        return best
    return copy_decided(game, player, formulas, copier)[1]


def copy_decided(
    game: Game, player: Player, formulas: dict[int, GameEndFormula], copier: str
) -> tuple[int | None, int]:
    """The copier's decision in the real game (recorded, or the policy's): the card copied (None: there
    is none to copy) and its points on this player's state."""
    copyable: set[int] = set()
    for other in game.players:
        if other is not player:
            copyable.update(n for n in other.hired if n in formulas)
    options = sorted(copyable)
    # Each option's points, worked out once. No closure here: compiled, one would hold the game in a
    # reference cycle, left to the garbage collector on every projection.
    worth = {number: formulas[number][0] * formulas[number][1](game, player) for number in options}
    ranked = sorted(options, key=worth.__getitem__, reverse=True)  # stable: ties keep the lowest number first
    if not options:
        decide(game, player, "secretary", [None], none_why="why_nothing_to_copy")
        return None, 0
    index, found, value = next_recorded(player, "secretary")
    chosen = recorded_choice(game, player, "secretary", index, value, options, "") if found else ranked[0]
    points = worth[chosen]
    if game.explain:
        if found:
            note(game, player, "secretary", index, chosen, "recorded")
        elif len(ranked) == 1:
            note(game, player, "secretary", index, chosen, "only")
        else:
            decision = note(game, player, "secretary", index, chosen, "policy", ranked[1])
            decision.total = projection(game, player)
            decision.runner_up_total = decision.total - points + worth[ranked[1]]
        named = game.voice.copiers.get(copier)
        if named is None:
            named = game.voice.copiers[copier] = copier_name(game, copier)
        said = game.voice.points[points]
        text = say(game, "copier_copies", player=player.name, copier=named, card=card_name(game, chosen), points=said)
        game.log(player, "final", text, card=chosen)
    return chosen, points


def copier_name(game: Game, copier: str) -> str:
    """A copying card (named by the rules' name) as the language names it."""
    for number, card in game.rules.staff.items():
        if card[0] == copier:
            return term(game, "staff", str(number), copier)
    return copier


# --- final scoring explained: result["final"][i]["details"][source] is a list of lines, each a dict with
# its "points" and a "text"; the lines of a source add up to its breakdown (see final_entry).

Line = dict[str, Any]


def counted(game: Game, label: str, count: int, each: int) -> str:
    """`label: count × each = points`, the one form of every counted line."""
    text = game.voice.lines.get((label, count, each))
    return text if text is not None else new_line(game.voice, label, count, each)


def new_line(voice: Voice, label: str, count: int, each: int) -> str:
    """A counted line said for the first time: its text, kept (final scoring says the same lines again and again:
    a few labels, small counts). A voice keeps a bounded number of them."""
    lines = voice.lines
    if len(lines) >= 4096:
        lines.clear()
    text = lines[label, count, each] = voice.said["counted"](
        label=label, n=count, each=each, points=voice.points[count * each]
    )
    return text


def quantity_line(game: Game, per: str, count: int, each: int) -> Line:
    """A per-quantity source's line: `each` points per unit of the quantity `per`."""
    voice = game.voice
    label = voice.labels.get(per)
    if label is None:
        words: str = game.words["quantities"][per]
        label = voice.labels[per] = words[:1].upper() + words[1:]
    text = voice.lines.get((label, count, each))
    if text is None:
        text = new_line(voice, label, count, each)
    return {"per": per, "count": count, "each": each, "points": count * each, "text": text}


def expression_line(game: Game, key: str, points: int) -> Line:
    """An expression source's line: the expression in words (its key: ir.expression_key), then its points."""
    words: str = game.words["quantity_totals"][key]
    text = game.voice.said["counted_expression"](what=words[:1].upper() + words[1:], points=game.voice.points[points])
    return {"per": key, "count": points, "each": 1, "points": points, "text": text}


def table_line(game: Game, per: str, count: int, table: tuple[int, ...]) -> Line:
    """A source's line that scores `per` by a table of points by amount (past its end: the last entry)."""
    words: str = game.words["quantities"][per]
    points = table[min(count, len(table) - 1)]
    text = game.voice.said["counted_table"](
        label=words[:1].upper() + words[1:], n=count, points=game.voice.points[points]
    )
    return {"per": per, "count": count, "each": 0, "points": points, "text": text}


def floor_lines(game: Game, player: Player, points_by_floor: tuple[int, ...]) -> tuple[int, list[Line]]:
    """The points of occupied rooms by floor, and one line per floor whose occupied rooms score."""
    voice = game.voice
    labels, said = voice.floors, voice.lines
    total = 0
    lines: list[Line] = []
    hotel = player.hotel
    for floor, each in enumerate(points_by_floor, start=1):
        if each:
            rooms = hotel[floor - 1].count("o")
            points = rooms * each
            label = labels.get(floor)
            if label is None:
                words: str = game.words["quantities"]["occupied_rooms"]
                label = labels[floor] = voice.said["floor_label"](floor=floor, words=words)
            text = said.get((label, rooms, each))
            if text is None:
                text = new_line(voice, label, rooms, each)
            lines.append({"floor": floor, "rooms": rooms, "each": each, "points": points, "text": text})
            total += points
    return total, lines


def game_end_lines(
    game: Game,
    player: Player,
    formulas: dict[int, GameEndFormula],
    copiers: dict[int, str],
    per: dict[int, str],
) -> tuple[int, list[Line]]:
    """The points of the player's hired game-end Staff, summed as game_end_points sums them (the copier's
    decision taken here), and one line per card: its quantity (`per`, said as the game's words say it), count,
    points each, and for a copier the card it copies (`copies`, None when there is none)."""
    words: dict[str, str] = game.words["quantities"]
    total = 0
    lines: list[Line] = []
    for number in player.hired:
        copied: int | None = number
        count = 0
        formula = formulas.get(number)
        if formula is not None:
            count = formula[1](game, player)
            total += formula[0] * count
        elif number in copiers:
            copied, points = copy_decided(game, player, formulas, copiers[number])
            total += points
            if copied is not None:
                count = formulas[copied][1](game, player)
        else:
            continue
        name = game.rules.staff[number][0]
        copies = None if copied == number else copied
        if copied is None:
            text = say(game, "nothing_to_copy", card=card_name(game, number), points=say(game, "points", 0))
            line: Line = {"card": number, "name": name, "copies": copies, "per": None, "count": 0, "each": 0}
            line["points"], line["text"] = 0, text
        else:
            each, quantity = formulas[copied][0], per[copied]
            label = game.voice.staff_labels.get((number, copied, quantity))
            if label is None:
                label = staff_label(game, number, copied, words[quantity])
                game.voice.staff_labels[number, copied, quantity] = label
            text = counted(game, label, count, each)
            line = {"card": number, "name": name, "copies": copies, "per": quantity, "count": count, "each": each}
            line["points"], line["text"] = count * each, text
        lines.append(line)
    return total, lines


def staff_label(game: Game, number: int, copied: int, words: str) -> str:
    """The label of a game-end Staff's line: the card (and the card it copies) and the quantity's words."""
    label = card_name(game, number)
    if copied != number:
        label = say(game, "card_copies", card=label, copied=card_name(game, copied))
    return say(game, "staff_label", card=label, words=words)


def final_entry(
    game: Game, player: Player, sources: tuple[tuple[str, Callable[[Game, Player], tuple[int, list[Line]]]], ...]
) -> dict[str, Any]:
    """One player's final scoring: the breakdown by source, the total (with the points floor) and the
    details, each source's lines (a total raised to the points floor has a `points_floor` line too)."""
    breakdown: dict[str, int] = {}
    details: dict[str, list[Line]] = {}
    for source, explain in sources:
        breakdown[source], details[source] = explain(game, player)
    total = player.points + sum(breakdown.values())
    if total < game.rules.points_floor:
        breakdown["points_floor"] = game.rules.points_floor - total
        said = say(game, "points", breakdown["points_floor"])
        text = say(game, "total_counts_as", total=total, floor=game.rules.points_floor, points=said)
        details["points_floor"] = [{"total": total, "points": breakdown["points_floor"], "text": text}]
        total = game.rules.points_floor
    return {"player": player.name, "points": player.points, "total": total, "breakdown": breakdown, "details": details}


def final_total(game: Game, player: Player, project: Callable[[Game, Player], int]) -> int:
    """A player's final total as final_entry works it out, without the breakdown: `project` is the module's
    projected_total (points now plus every final-scoring source, the same terms), and the points floor holds."""
    total = project(game, player)
    floor = game.rules.points_floor
    return floor if total < floor else total


def explain_ties(
    words: dict[str, Any], standings: list[dict[str, Any]], quantities: tuple[str, ...], tiebreak: str
) -> list[dict[str, Any]]:
    """Every group of players with equal final points, best first: the points, the tie-breaker's
    quantities, each player's tie-breaker and rank (in standings order), and in the language of `words`
    how the tie-breaker (the sum of `quantities`, said as `tiebreak`) decided it or that they share a rank."""
    groups: list[list[dict[str, Any]]] = []
    for row in standings:
        if groups and groups[-1][0]["points"] == row["points"]:
            groups[-1].append(row)
        else:
            groups.append([row])
    return [
        {
            "points": group[0]["points"],
            "quantities": list(quantities),
            "players": [{"player": r["player"], "tiebreak": r["tiebreak"], "rank": r["rank"]} for r in group],
            "text": tie_text(words, group, tiebreak),
        }
        for group in groups
        if len(group) > 1
    ]


def tie_text(words: dict[str, Any], group: list[dict[str, Any]], tiebreak: str) -> str:
    """A tie in words: who has how many points, the tie-breaker's figures, and the places."""
    points = phrase(words, "points", group[0]["points"])
    head = phrase(words, "tie_head", players=named(words, [r["player"] for r in group]), points=points)
    if len({r["tiebreak"] for r in group}) == 1:
        same = phrase(words, "tie_same_tiebreak", tiebreak=tiebreak, value=group[0]["tiebreak"]) if tiebreak else ""
        return phrase(words, "tie_shared", head=head, same=same, place=ordinal(words, group[0]["rank"]))
    if len(group) == 2:
        first, second = group
        return phrase(
            words,
            "tie_won",
            head=head,
            tiebreak=tiebreak,
            first=first["player"],
            first_value=first["tiebreak"],
            second=second["player"],
            second_value=second["tiebreak"],
            first_place=ordinal(words, first["rank"]),
            second_place=ordinal(words, second["rank"]),
        )
    figures = phrase(words, "list_separator").join(
        phrase(words, "tie_figure", player=r["player"], value=r["tiebreak"]) for r in group
    )
    places: list[list[dict[str, Any]]] = []
    for row in group:
        if places and places[-1][0]["rank"] == row["rank"]:
            places[-1].append(row)
        else:
            places.append([row])
    said = [
        phrase(words, "tie_places", player=rows[0]["player"], place=ordinal(words, rows[0]["rank"]))
        if len(rows) == 1
        else phrase(
            words,
            "tie_share_place",
            players=named(words, [r["player"] for r in rows]),
            place=ordinal(words, rows[0]["rank"]),
        )
        for rows in places
    ]
    return phrase(words, "tie_many", head=head, tiebreak=tiebreak, figures=figures, places="; ".join(said))


def named(words: dict[str, Any], names: list[str]) -> str:
    """`A`, `A and B`, `A, B and C` (in English)."""
    if len(names) == 1:
        return names[0]
    return phrase(words, "names_and", first=phrase(words, "list_separator").join(names[:-1]), last=names[-1])


def decision_report(game: Game) -> list[dict[str, Any]]:
    """Per player, every decision of the scoring in the order asked, and the `choices` that record
    them (a key's single decision as a value, several as a list): recording them replays the game."""
    by_player: dict[str, list[Decision]] = {}
    for decision in game.decisions:
        by_player.setdefault(decision.player, []).append(decision)
    report = []
    for player in game.players:
        mine = by_player.get(player.name, [])
        by_key: dict[str, list[Any]] = {}
        steps = []
        for decision in mine:
            by_key.setdefault(decision.key, []).append(decision.value)
            step: dict[str, Any] = {
                "key": decision.key,
                "index": decision.index,
                "value": decision.value,
                "how": decision.how,
            }
            if decision.total is not None:
                step["total"] = decision.total
            if decision.runner_up_total is not None:
                step["runner_up"] = {"value": decision.runner_up, "total": decision.runner_up_total}
            steps.append(step)
        choices = {key: values[0] if len(values) == 1 else values for key, values in by_key.items()}
        report.append({"player": player.name, "choices": choices, "steps": steps})
    return report


def unused_choices(game: Game) -> list[dict[str, Any]]:
    """Recorded decisions the scoring never asked for (a warning each: a misplaced decision shows)."""
    unused = []
    for number, player in enumerate(game.players):
        if not player.choices:
            continue
        for key, value in player.choices.items():
            if key == "draft":  # the record of the deal, not of a scoring
                continue
            values = value if isinstance(value, list) else [value]
            asked = player.cursor.get(key, 0)
            for index in range(asked, len(values)):
                path = f"players[{number}].choices.{key}" + (f"[{index}]" if isinstance(value, list) else "")
                said = {"path": path, "value": option_text(values[index]), "key": key, "player": plain(player.name)}
                message = say(game, "unused_none", **said) if asked == 0 else say(game, "unused_only", asked, **said)
                unused.append({"player": player.name, "path": path, "value": values[index], "message": message})
    return unused

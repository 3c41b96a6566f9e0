"""The words a scoring module or pad needs to explain final scoring, taken from the sheets' phrases (rules/languages/en.yaml).

Both backends write them into their output as literals (a generated module stays standard-library only),
so `gah score`, the score pads and the sheets say a quantity alike.
"""

from __future__ import annotations

from .. import ir
from ..languages import Language
from ..words.effects import Speaker
from ..words.phrases import tiebreak
from ..words.text import Words, plain
from .policy_facts import compared_expressions, every_quantity


def final_quantities(ruleset: ir.Ruleset) -> list[ir.Quantity]:
    """The quantities final scoring's explanation names: game-end Staff, occupied rooms by floor, per-quantity
    sources (in that order of first use, each once)."""
    used: list[ir.Quantity] = []
    for source in ruleset.final_scoring:
        if source.source == "game_end_staff":
            used += [c.game_end.per for c in ruleset.staff if c.game_end is not None and c.game_end.per is not None]
        elif source.source == "occupied_rooms_by_floor":
            used.append(ir.shorthand("occupied_rooms"))
        elif source.per is not None:
            used.append(source.per)
    return list(dict.fromkeys(used))


def quantity_words(ruleset: ir.Ruleset, language: Language | None = None) -> dict[str, str]:
    """Each quantity final scoring names -> the sheets' phrase for the whole quantity ("occupied red rooms"), in
    `language` (default English)."""
    speaker = Speaker(Words(language), ruleset.items, ruleset.resources)
    return {quantity.key: plain(speaker.total(quantity)) for quantity in final_quantities(ruleset)}


def per_words(language: Language | None = None) -> dict[str, str]:
    """Each quantity -> the sheets' phrase for one unit of it, as said after "per" ("occupied room"), in
    `language` (default English): the explanations' "2 per occupied room"."""
    words = Words(language)
    return {quantity: words.text(f"quantity.{quantity}.per") for quantity in ir.QUANTITIES}


def tiebreak_words(ruleset: ir.Ruleset, language: Language | None = None) -> tuple[tuple[str, ...], str]:
    """The tie-breaker the standings apply (the first listed) as its quantities and the sheets' phrase for
    their sum ("dishes and drinks in the kitchen plus krones") in `language` (default English); none: ((), "")."""
    if not ruleset.tiebreakers:
        return (), ""
    first = ruleset.tiebreakers[0]
    return tuple(q.key for q in first.quantities), plain(
        tiebreak(Speaker(Words(language), ruleset.items, ruleset.resources), first)
    )


def filtered_names(ruleset: ir.Ruleset, language: Language | None = None, per: bool = False) -> dict[str, str]:
    """Each filtered count the ruleset uses -> the sheets' phrase for the whole count (`per`: for one unit, as
    said after "per"), by its key."""
    speaker = Speaker(Words(language), ruleset.items, ruleset.resources)
    say = speaker.per if per else speaker.total
    return {q.key: plain(say(q)) for q in every_quantity(ruleset) if not q.name}


def expression_names(ruleset: ir.Ruleset, language: Language | None = None) -> dict[str, str]:
    """Each expression a condition of the ruleset compares -> its words, by its key (ir.expression_key): a
    condition's explanation, "your krones minus krones of your right neighbour 3 ≥ 1"."""
    speaker = Speaker(Words(language), ruleset.items, ruleset.resources)
    return {ir.expression_key(x): plain(speaker.expression(x)) for x in compared_expressions(ruleset)}


def total_words(language: Language | None = None) -> dict[str, str]:
    """Each shorthand quantity -> the sheets' phrase for the whole of it ("occupied rooms"): a condition's
    explanation, "krones 5 ≥ 3"."""
    words = Words(language)
    return {quantity: words.text(f"quantity.{quantity}.total") for quantity in ir.QUANTITIES}

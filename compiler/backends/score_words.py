"""The words a scoring module or score pad tells a game in: a language's `score` phrases, the ruleset's terms
in that language, and final scoring's phrases for its quantities and tie-breaker.

A generated module carries these tables as data (it stays standard-library only), one per shipped language;
`gah score --lang` hands one to score_game, so a workspace's own language needs no new module.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from .. import ir
from ..languages import REFERENCE, Language, Phrase, load_language, localised, shipped_ids
from ..workspace import Workspace
from .final_words import expression_names, filtered_names, per_words, quantity_words, tiebreak_words, total_words

SECTION = "score."
REPORT = "score.report."  # gah score's own words (compiler/report.py), not a module's
STATE = "state."
_ICON = re.compile(r"\[\[[a-z_]*\]\]")  # icons are drawn on sheets only: events are plain text


def _plain(phrase: Phrase) -> str | dict[str, str]:
    """A phrase as a module's table holds it: its text, or its forms by name."""
    if not phrase.is_plural:
        return _ICON.sub("", next(phrase.texts()))
    return {form: _ICON.sub("", text) for form, text in phrase.forms}


def score_phrases(language: Language) -> dict[str, Any]:
    """The language's `score` section as nested plain data (`ordinal.ends_1` under `ordinal`), less the report's."""
    table: dict[str, Any] = {}
    for key, phrase in language.phrases.items():
        if not key.startswith(SECTION) or key.startswith(REPORT):
            continue
        *groups, last = key.removeprefix(SECTION).split(".")
        place = table
        for group in groups:
            place = place.setdefault(group, {})
        place[last] = _plain(phrase)
    return table


def state_phrases(language: Language) -> dict[str, str | dict[str, str]]:
    """The language's `state` section (the readers' refusals of a state or a deal) as plain data."""
    return {key.removeprefix(STATE): _plain(p) for key, p in language.phrases.items() if key.startswith(STATE)}


def ruleset_terms(ruleset: ir.Ruleset, language: Language) -> dict[str, dict[str, str]]:
    """The names events give the ruleset's items, colours, Staff (by number), tiles and zones (by the zone's
    name in the rules data, as the module knows it) in the language: the ruleset's own translations first
    (see gah.languages.localised), then the language's terms."""
    named = localised(ruleset, language)
    colours = sorted({colour for row in ruleset.hotel.colours for colour in row})
    # English events have always named items by their ids, lower case in running text ("1 wine"): they stay so,
    # and say the rules data's plural in lower case after another count ("2 wines").
    items = {} if language.id == REFERENCE else {item.id: item.name for item in named.items}
    plurals = {item.id: item.named(2) for item in named.items}
    if language.id == REFERENCE:
        plurals = {item.id: item.plural.lower() for item in named.items if item.plural and item.plural != item.name}
    zones = zip(ruleset.track.zones, named.track.zones, strict=True)
    return {
        "item": items,
        "item_plural": plurals,  # after a count other than 1
        "colour": {colour: language.name_of("colours", colour, colour) for colour in colours},
        "staff": {str(card.number): card.name for card in named.staff},
        "tile": {tile.id: tile.name for tile in named.tiles},
        "zone": {zone.name: there.name for zone, there in zones},
        # Player roles' names, as explanations say them after a player's name ("solo opponent").
        "role": {role.id: role.named(language.id) for role in ruleset.roles},
    }


def score_words(ruleset: ir.Ruleset, language: Language) -> dict[str, Any]:
    """What a module's score_game needs to tell a game of `ruleset` in `language`: the `score` phrases, the
    ruleset's `terms`, final scoring's `quantities` and each quantity's unit after "per" (`quantity_names`: the
    sheets' phrases), `tiebreak`, and the `state` phrases its readers refuse a state or a deal with."""
    words = score_phrases(language)
    words["state"] = state_phrases(language)
    words["terms"] = ruleset_terms(ruleset, language)
    words["quantities"] = quantity_words(ruleset, language)
    # A quantity in explanations: after "per", one unit ("2 per occupied room"); in a condition, the whole
    # ("krones 5 ≥ 3"); a filtered count by its key, a shorthand by its name, both from the sheets' phrases.
    words["quantity_names"] = {**per_words(language), **filtered_names(ruleset, language, per=True)}
    words["quantity_totals"] = {
        **total_words(language),
        **filtered_names(ruleset, language),
        **expression_names(ruleset, language),
    }
    words["tiebreak"] = tiebreak_words(localised(ruleset, language), language)[1]
    # Declared resources' names after a count ("2 dancers"): the rules data's, in this language or English.
    words["resources"] = {
        r.id: {"one": r.named(language.id, 1), "other": r.named(language.id, 2)} for r in ruleset.resources
    }
    return words


def score_words_by_language(
    ruleset: ir.Ruleset, languages: Sequence[Language] | None = None
) -> dict[str, dict[str, Any]]:
    """The words of each language (default: every shipped one), by language id, English first (the default)."""
    if languages is None:
        nowhere = Workspace(None)
        languages = [load_language(nowhere, language) for language in shipped_ids()]
    ordered = sorted(languages, key=lambda language: (language.id != REFERENCE, language.id))
    return {language.id: score_words(ruleset, language) for language in ordered}

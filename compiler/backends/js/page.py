"""The score pad: one self-contained HTML page per ruleset (inline engine, UI and style; no network).

Rules data reaches the page only as JSON inside <script> elements, escaped so that no string can
end the element (js_literal), and as HTML-escaped text (the title). The UI writes data with
textContent only. A Content-Security-Policy meta tag allows exactly the page's own inline script
and style (by hash) and nothing from anywhere else. Every word the page shows comes from the
language files: the phrase tables of each language built in travel as JSON too (gah-words).
"""

from __future__ import annotations

import base64
import hashlib
import html
from collections.abc import Sequence
from pathlib import Path

from ... import ir
from ...frontend.validate import load_schema
from ...languages import DEFAULT, Language, Phrase, load_language, localised, shipped_ids
from ...words.effects import Speaker
from ...words.phrases import tiebreaks
from ...words.text import Words, plain
from ...workspace import Workspace
from .engine import generate_engine
from .literals import js_literal

ASSETS = Path(__file__).resolve().parent / "assets"  # the UI scripts and style, copied into every page
# The engine script ends with the deal (no DOM); the UI script is these files in this order: the words,
# the checks, the report, the YAML reader, the game as it went, the roles, the table's deck, the game model (no
# DOM: tests/js/pad.test.js runs them under Node), then the page: saving, the tap guard, typed changes, the draw
# entry, the views of a game as it went (views.js) and the rest of the page.
UI_ASSETS = (
    "words.js",
    "check.js",
    "report.js",
    "yaml.js",
    "history.js",
    "roles.js",
    "deck.js",
    "game.js",
    "store.js",
    "tap.js",
    "entry.js",
    "draws.js",
    "views.js",
    "ui.js",
)
# What the page needs of the state schema to check entries as gah score does (the words are the
# messages', not the descriptions').
_SCHEMA_KEYS = ("description", "title", "$schema", "$id", "markdownDescription")


def page_data(ruleset: ir.Ruleset) -> dict[str, object]:
    """What the UI shows and asks for: names and shapes, never mechanics (those are in the engine)."""
    hotel = ruleset.hotel
    return {
        "name": ruleset.name,
        "rounds": ruleset.rounds,
        "minPlayers": ruleset.min_players,
        "maxPlayers": ruleset.max_players,
        "scorings": [{"round": s.round, "tier": s.tier} for s in ruleset.scorings],
        "tiers": list(ruleset.tiers()),
        "tiles": [{"id": t.id, "tier": t.tier, "name": t.name} for t in ruleset.tiles],
        "staff": [{"number": c.number, "name": c.name, "cost": c.cost, "kind": c.kind} for c in ruleset.staff],
        "items": [{"id": i.id, "name": i.name, "kind": i.kind} for i in ruleset.items],
        "floors": hotel.floors,
        "columns": hotel.columns,
        "colours": [list(row) for row in hotel.colours],
        "firstRoom": f"{hotel.first_room[0]}.{hotel.first_room[1]}",
        "cafeSeats": hotel.cafe_seats,
        "trackLast": ruleset.track.last_space,
        "zones": [_zone(ruleset.track.zone_of(space)) for space in range(ruleset.track.last_space + 1)],
        "setup": _setup(ruleset),
        "finalSources": {source.id: source.name for source in ruleset.final_scoring},
        # Declared resources but the objectives (a field of their own): a field each, under `resources`.
        "resources": [{"id": r.id, "start": r.start} for r in ruleset.other_resources],
        "stateSchema": _lean(load_schema("state")),
        # Player roles (roles.js): the seat the deal gives each, and what its player never has (no field for it).
        "roles": [{"id": r.id, "seat": r.seat, "without": list(r.without)} for r in ruleset.roles],
    }


def _setup(ruleset: ir.Ruleset) -> dict[str, object]:
    """The setup data as the Python module's SETUP holds it (the deal reads the same keys)."""
    start, deal = ruleset.setup.start, ruleset.setup.deal
    value: dict[str, object] = {
        "krones": start.krones,
        "items": dict(start.items),
        "emperor": start.emperor,
        "points": start.points,
        "hotel_rooms": [list(cell) for cell in start.hotel_rooms],
        "method": deal.method,
        "hand_size": deal.hand_size,
        "sets": {letter: list(cards) for letter, cards in deal.sets},
        "packet_size": deal.packet_size,
        "keep_per_pick": deal.keep_per_pick,
        "direction": deal.direction,
        "min_players": ruleset.min_players,
        "max_players": ruleset.max_players,
    }
    seated = [[role.seat, role.id, list(role.without)] for role in ruleset.roles if role.seat is not None]
    return {**value, "roles": seated} if seated else value  # a ruleset without roles deals as it always has


def _zone(zone: ir.Zone) -> dict[str, str]:
    return {"id": zone.id, "name": zone.name}


def shipped_languages() -> list[Language]:
    """The languages that ship with gah (what a page carries when no workspace names its own)."""
    bare = Workspace(None)
    return [load_language(bare, language_id) for language_id in shipped_ids()]


def _forms(phrase: Phrase) -> str | dict[str, str]:
    """A phrase as the page carries it: its text, or its texts by plural form."""
    return dict(phrase.forms) if phrase.is_plural else phrase.text(None)


def _section(language: Language, name: str) -> dict[str, str | dict[str, str]]:
    """The phrases of one section of a language, by their keys below it (dotted where nested)."""
    prefix = name + "."
    return {key.removeprefix(prefix): _forms(p) for key, p in language.phrases.items() if key.startswith(prefix)}


def _terms(named: ir.Ruleset, language: Language) -> dict[str, dict[str, str]]:
    """The names of a ruleset's entries, `named` in `language` (localised), and its room colours."""
    colours = sorted({colour for row in named.hotel.colours for colour in row})
    return {
        "items": {item.id: item.name for item in named.items},
        "tiles": {tile.id: tile.name for tile in named.tiles},
        "staff": {str(card.number): card.name for card in named.staff},
        "zones": {zone.id: zone.name for zone in named.track.zones},
        "final": {source.id: source.name for source in named.final_scoring},
        "resources": {r.id: r.named(language.id, 2)[:1].upper() + r.named(language.id, 2)[1:] for r in named.resources},
        "colours": {c: language.say(f"terms.colours.{c}") for c in colours if language.has(f"terms.colours.{c}")},
        "roles": {role.id: role.named(language.id) for role in named.roles},
    }


def words_data(ruleset: ir.Ruleset, languages: Sequence[Language], chosen: str | None) -> dict[str, object]:
    """The phrase tables the page carries (every language built into it), and the table's language
    (`chosen`; None: the browser's, else English)."""
    tables = []
    for language in sorted(languages, key=lambda found: found.id):
        pad = _section(language, "pad")
        check = _section(language, "check")
        report = _section(language, "score.report")
        named = localised(ruleset, language)
        tiebreak = plain(tiebreaks(Speaker(Words(language), named.items, named.resources), named.tiebreakers))
        terms = _terms(named, language)
        texts = {"title": named.title, "description": named.description, "tiebreak": tiebreak}
        tables.append(
            {
                "id": language.id,
                "name": language.name,
                "pad": pad,
                "check": check,
                "report": report,
                "terms": terms,
                **texts,
            }
        )
    return {"chosen": chosen, "fallback": DEFAULT, "languages": tables}


def _lean(schema: object) -> object:
    """A schema without its descriptions."""
    if isinstance(schema, dict):
        return {key: _lean(value) for key, value in schema.items() if key not in _SCHEMA_KEYS}
    if isinstance(schema, list):
        return [_lean(value) for value in schema]
    return schema


def _assets(names: tuple[str, ...]) -> str:
    return "\n".join((ASSETS / name).read_text(encoding="utf-8") for name in names)


def _csp_hash(text: str) -> str:
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return "'sha256-" + base64.b64encode(digest).decode("ascii") + "'"


def generate_page(
    ruleset: ir.Ruleset, languages: Sequence[Language] | None = None, language: str | None = None
) -> bytes:
    """The full text of <output>/pads/<name>.html, with `languages` built in (the shipped ones when None).

    The page opens in the language a player chose on it before, else in `language` (the table's:
    gah.toml's), else in the browser's if it has it, else in English.
    """
    built_in = shipped_languages() if languages is None else list(languages)
    opening = next(found for found in built_in if found.id == (language or DEFAULT))
    engine = "\n" + generate_engine(ruleset, built_in)
    ui = "\n" + _assets(UI_ASSETS)
    style = "\n" + (ASSETS / "pad.css").read_text(encoding="utf-8")
    csp = "; ".join(
        [
            "default-src 'none'",
            f"script-src {_csp_hash(engine)} {_csp_hash(ui)}",
            f"style-src {_csp_hash(style)}",
            "img-src data:",
            "base-uri 'none'",
            "form-action 'none'",
        ]
    )
    title = html.escape(opening.say("pad.page_title", title=localised(ruleset, opening).title))
    # A comment may not hold "--": file names are escaped and any double dash broken up.
    sources = html.escape(", ".join(ruleset.sources)).replace("--", "- -")
    text = (
        "<!DOCTYPE html>\n"
        f"<!-- DO NOT EDIT. Generated by gah (the Grand Austria Hotel rules compiler) from {sources}. "
        "Regenerate with: gah build -->\n"
        f'<html lang="{html.escape(opening.id)}">\n<head>\n<meta charset="utf-8">\n'
        f'<meta http-equiv="Content-Security-Policy" content="{csp}">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        '<meta name="generator" content="gah build (generated from the rules data; do not edit)">\n'
        f"<title>{title}</title>\n"
        f"<style>{style}</style>\n"
        "</head>\n<body>\n"
        f'<noscript><p class="noscript">{html.escape(opening.say("pad.needs_javascript"))}</p></noscript>\n'
        '<main id="app"></main>\n'
        f'<script type="application/json" id="gah-data">{js_literal(page_data(ruleset))}</script>\n'
        f'<script type="application/json" id="gah-words">{js_literal(words_data(ruleset, built_in, language))}</script>\n'
        f'<script id="gah-engine">{engine}</script>\n'
        f'<script id="gah-ui">{ui}</script>\n'
        "</body>\n</html>\n"
    )
    return text.encode("utf-8")

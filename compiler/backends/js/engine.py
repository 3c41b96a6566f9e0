"""The score pad's engine: the JavaScript runtime plus the code generated from one ruleset's IR.

The result is one script that defines `GAH` (scoreGame, readGame, writeGame, the rules) and
touches nothing else: the page's UI calls it, and the cross-check runs it under Node.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

from ... import ir
from ...languages import Language
from ..emperor_facts import emperor_facts
from ..final_words import tiebreak_words
from ..policy_facts import (
    bonus_room_wins,
    every_quantity,
    items_alike,
    serving_pays,
    targets_others,
)
from ..score_words import score_words_by_language
from .effects import (
    JsCodegenError,
    all_feasible_js,
    effect_lines_js,
    filtered_js,
    quantity_js,
)
from .expressions import js_expr
from .literals import js_literal

RUNTIME_DIR = Path(__file__).resolve().parent / "runtime"
# Order matters only for reading: every file defines functions and constants used at call time.
RUNTIME_FILES = ("core.js", "chooser.js", "hotel.js", "staff.js", "quantities.js", "scoring.js", "state.js", "setup.js")


ENTRY_FILE = "entry.js"  # not one of RUNTIME_FILES: copied a function at a time (fixed_js)


@lru_cache(maxsize=1)
def fixed_functions_js() -> dict[str, list[str]]:
    """Each top-level function of runtime/entry.js by name: its lines, from `function` to its closing `}`."""
    lines = (RUNTIME_DIR / ENTRY_FILE).read_text(encoding="utf-8").splitlines()
    found: dict[str, list[str]] = {}
    for start, line in enumerate(lines):
        if match := re.match(r"function (\w+)\(", line):
            found[match.group(1)] = lines[start : lines.index("}", start) + 1]
    return found


def fixed_js(name: str, body: bool = False, replace: Sequence[tuple[str, str]] = ()) -> list[str]:
    """The lines of runtime/entry.js's function `name` (`body`: its body alone, a level less indented), each text
    `old` of `replace` (which must be there) replaced by its `new`: what a ruleset varies in it."""
    lines = fixed_functions_js()[name]
    if body:
        lines = [line.removeprefix("  ") for line in lines[1:-1]]
    text = "\n".join(lines)
    for old, new in replace:
        if old not in text:
            raise JsCodegenError(f"runtime/entry.js: {name} holds no {old!r}")
        text = text.replace(old, new)
    return text.splitlines()


def runtime_source() -> str:
    """The runtime files, concatenated (their own "use strict" lines dropped: the wrapper has one)."""
    parts = []
    for name in RUNTIME_FILES:
        text = (RUNTIME_DIR / name).read_text(encoding="utf-8")
        body = "\n".join(line for line in text.splitlines() if line != '"use strict";')
        parts.append(
            f"// --- runtime: compiler/backends/js/runtime/{name} (copied; edit it there) ---\n{body.strip()}\n"
        )
    return "\n".join(parts)


class _Js:
    """Lines of JavaScript at the current indentation (two spaces)."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.level = 0

    def line(self, text: str = "") -> None:
        self.lines.append(("  " * self.level + text) if text else "")

    def open(self, text: str) -> None:
        self.line(text)
        self.level += 1

    def close(self, text: str = "}") -> None:
        self.level -= 1
        self.line(text)

    def lines_from(self, lines: list[str]) -> None:
        for text in lines:
            self.line(text)

    def effects(self, effects: tuple[ir.Effect, ...], last_room_wins: bool = False) -> None:
        for number, effect in enumerate(effects, start=1):
            for text in effect_lines_js(effect, last_room_wins and number == len(effects)):
                self.line(text)


def _tiles(js: _Js, ruleset: ir.Ruleset) -> None:
    js.line("const TILES = {};")
    room_wins = bonus_room_wins(ruleset)
    for tile in ruleset.tiles:
        js.open(f"TILES[{js_literal(tile.id)}] = [")
        js.open("function (game, player) {")
        js.effects(tile.bonus, room_wins)
        js.close("},")
        js.open("function (game, player) {")
        penalty = tile.penalty
        if not penalty.is_choice:
            js.effects(penalty.effects)
        else:
            js.open(f"if ({all_feasible_js(penalty.prefer)}) {{")
            js.effects(penalty.prefer)
            js.close("} else {")
            js.level += 1
            js.line(
                'if (game.explain) log(game, player, "penalty", say(game, "cannot_take_first_fully", { player: player.name }));'
            )
            js.effects(penalty.otherwise)
            js.close()
        js.close("},")
        js.close("];")


def _staff(js: _Js, ruleset: ir.Ruleset) -> None:
    js.line("const ONCE = {};")
    js.line("const EMPEROR_BONUS = {};")
    for card in ruleset.staff:
        if card.once:
            js.open(f"ONCE[{card.number}] = function (game, player) {{")
            js.effects(card.once)
            js.close("};")
        if card.emperor_bonus:
            js.open(f"EMPEROR_BONUS[{card.number}] = function (game, player) {{")
            js.effects(card.emperor_bonus)
            js.close("};")
    js.line("const GAME_END_FORMULAS = {};")
    for card in ruleset.staff:
        if card.game_end is not None and not card.game_end.copy_opponent:
            if card.game_end.per is None:
                raise JsCodegenError(f"Staff {card.number}: a game-end formula without a quantity")
            term = f"{card.game_end.points} * {quantity_js(card.game_end.per)}"
            js.line(f"GAME_END_FORMULAS[{card.number}] = (game, player) => {term};")
    js.line("const GAME_END = Object.assign({}, GAME_END_FORMULAS);")
    copiers = {str(c.number): c.name for c in ruleset.staff if c.game_end is not None and c.game_end.copy_opponent}
    js.line(f"const GAME_END_COPIERS = {js_literal(copiers)};")
    for number in copiers:
        js.line(
            f"GAME_END[{number}] = (game, player) => copyOpponentGameEnd(game, player, GAME_END_FORMULAS, GAME_END_COPIERS[{number}]);"
        )
    # card -> [points each, quantity]: the explanation's figures (gameEndLines).
    per = {
        str(c.number): [c.game_end.points, c.game_end.per.key]
        for c in ruleset.staff
        if c.game_end is not None and c.game_end.per is not None and not c.game_end.copy_opponent
    }
    js.line(f"const GAME_END_PER = {js_literal(per)};")


def _final(js: _Js, ruleset: ir.Ruleset) -> None:
    js.line("const FINAL_SOURCES = [];")
    # The same sources with their explanation, [id, (game, player) => [points, lines]] (finalEntry).
    js.line("const FINAL_DETAILS = [];")
    for number, source in enumerate(ruleset.final_scoring):
        head = f"FINAL_SOURCES.push([{js_literal(source.id)}, "
        points = f"FINAL_SOURCES[{number}][1](game, player)"
        if source.source == "game_end_staff":
            # Hired order, as the Python module sums (the Secretary's decision comes in that order).
            body = (
                "(game, player) => player.hired.reduce((t, n) => t + (GAME_END[n] ? GAME_END[n](game, player) : 0), 0)"
            )
            explain = "gameEndLines(game, player, GAME_END_FORMULAS, GAME_END_COPIERS, GAME_END_PER)"
        elif source.source == "occupied_rooms_by_floor":
            terms = [
                f'{points} * player.hotel[{floor - 1}].filter((r) => r === "o").length'
                for floor, points in enumerate(source.points_by_floor, start=1)
                if points
            ]
            body = f"(game, player) => {' + '.join(terms) or '0'}"
            floors = js_literal(list(source.points_by_floor))
            explain = f"[{points}, floorLines(game, player, {floors})]"
        elif source.source == "per_quantity" and source.table:
            if source.per is None:
                raise JsCodegenError(f"final source {source.id}: per_quantity without a quantity")
            table, count, last = js_literal(list(source.table)), quantity_js(source.per), len(source.table) - 1
            body = f"(game, player) => {table}[Math.min({count}, {last})]"
            explain = f"[{points}, [tableLine(game, {js_literal(source.per.key)}, {count}, {table})]]"
        elif source.source == "per_quantity":
            if source.per is None:
                raise JsCodegenError(f"final source {source.id}: per_quantity without a quantity")
            body = f"(game, player) => {source.points} * {quantity_js(source.per)}"
            per = js_literal(source.per.key)
            line = f"quantityLine(game, {per}, {quantity_js(source.per)}, {source.points})"
            explain = f"[{points}, [{line}]]"
        elif source.source == "expression":  # told by the words of its key, as the Python module's
            if source.value is None:
                raise JsCodegenError(f"final source {source.id}: an expression source without its value")
            body = f"(game, player) => {js_expr(source.value)}"
            key = js_literal(ir.expression_key(source.value))
            explain = f"[{points}, [expressionLine(game, {key}, {points})]]"
        else:
            raise JsCodegenError(f"no JavaScript generator for final-scoring source {source.source}")
        js.line(f"{head}{body}]);")
        js.line(f"FINAL_DETAILS.push([{js_literal(source.id)}, (game, player) => {explain}]);")
    # The sources that count for each role (finalScoring), by role id.
    js.line("const ROLE_FINAL = {};")
    for role in ruleset.roles:
        kept = js_literal(list(role.final))
        js.line(f"ROLE_FINAL[{js_literal(role.id)}] = FINAL_DETAILS.filter(([id]) => {kept}.includes(id));")


def _emperor(js: _Js, ruleset: ir.Ruleset) -> None:
    facts = emperor_facts(ruleset)
    js.line(f"const TRACK_POINTS = {js_literal(list(ruleset.track.points))};")
    js.line(f"const OUTCOME = {js_literal(facts.outcomes)};")
    js.line(f"const ZONE_NAME = {js_literal(facts.zones)};")
    # Explanations name a tile as the sheets do: by its name, with its tier (names repeat across tiers).
    js.line(f"const TILE_NAME = {js_literal(facts.tile_names)};")
    js.lines_from(fixed_js("tileName"))
    # Only Staff hired before this bonus add to it, not one hired through it.
    bonus = "  TILES[tileId][0](game, player);"
    explain = "  if (game.explain) log("
    boosted = [bonus]
    for card in facts.boosters:
        named = f'term(game, "staff", {js_literal(str(card.number))}, {js_literal(card.name)})'
        text = f'say(game, "gets_more_with", {{ player: player.name, card: {named} }})'
        boosted += [
            f"  if (hiredBefore.includes({card.number})) {{",
            f'    if (game.explain) log(game, player, "staff", {text});',
            f"    EMPEROR_BONUS[{card.number}](game, player);",
            "  }",
        ]
    hired = "  const hiredBefore = player.hired.slice();\n" if facts.boosters else ""
    js.lines_from(fixed_js("emperorBonus", replace=[(explain, hired + explain), (bonus, "\n".join(boosted))]))
    # A hired Staff may let its player pay to ignore the penalty.
    waive = "".join(
        f"  if (player.hired.includes({card.number}) && waivePenalty(game, player, {card.penalty_waiver_cost}, "
        f"{card.number})) return;\n"
        for card in facts.waivers
    )
    js.lines_from(fixed_js("emperorPenalty", replace=[(explain, waive + explain)]))
    # Which tile sides can ask a decision: those turns are searched whole (takeTurn), the others run plainly.
    js.line(f"const DECIDES = {js_literal(facts.decides)};")
    if facts.role_parts:
        js.line(f"const ROLE_PARTS = {js_literal(facts.role_parts)};")
    js.line("const EMPEROR_SCORINGS = {};")
    # One player's part of the scoring, in its loop over the players; a role's step goes on to the next one.
    step = "emperorScoringStepByRole" if facts.role_parts else "emperorScoringStep"
    waived = "".join(f" || player.hired.includes({card.number})" for card in facts.waivers)
    varies = [("if (DECIDES[tileId][1])", f"if (DECIDES[tileId][1]{waived})")]
    varies += [("return;", "continue;")] if facts.role_parts else []
    for scoring in ruleset.scorings:
        js.open(f"EMPEROR_SCORINGS[{scoring.round}] = function (game) {{")
        js.line(f"const tileId = game.tiles[{js_literal(scoring.tier)}];")
        if facts.reads_before:  # other players are read as every player stood before the scoring
            js.line("game.before = game.players.map(clonePlayer);")
        js.open("for (const player of game.players) {")
        back = ("(game, player, back, ZONE_NAME)", f"(game, player, {scoring.move_back}, ZONE_NAME)")
        js.lines_from(fixed_js(step, True, [*varies, back]))
        js.close()
        if facts.reads_before:
            js.line("game.before = null;")
        js.close("};")


def _rules(js: _Js, ruleset: ir.Ruleset) -> None:
    hotel = ruleset.hotel
    fields: dict[str, object] = {
        "name": ruleset.name,
        "rounds": ruleset.rounds,
        "trackLast": ruleset.track.last_space,
        "beyondPoints": ruleset.track.points_per_step_beyond,
        "pointsFloor": ruleset.rulings.points_floor,
        "kronesFloor": ruleset.rulings.krones_floor,
        "items": [item.id for item in ruleset.items],
        "floors": hotel.floors,
        "columns": hotel.columns,
        "colours": [list(row) for row in hotel.colours],
        "groups": [[g.colour, [f"{f}.{c}" for f, c in g.cells]] for g in hotel.groups],
        "prepareCost": list(hotel.prepare_cost),
        "firstRoom": f"{hotel.first_room[0]}.{hotel.first_room[1]}",
        "printedPoints": {f"{f}.{c}": points for (f, c), points in hotel.printed_points},
        "groupRewards": {
            colour: [r.reward, {str(size): n for size, n in r.by_size}] for colour, r in hotel.group_rewards
        },
        "cafeSeats": hotel.cafe_seats,
        "staff": {str(c.number): [c.name, c.cost, c.kind] for c in ruleset.staff},
        "scoringTiers": {str(s.round): s.tier for s in ruleset.scorings},
        "tiles": {t.id: t.tier for t in ruleset.tiles},
        "servingPays": serving_pays(ruleset),
        "itemsAlike": items_alike(ruleset),
        "resources": {r.id: [r.at_least, r.at_most, r.start] for r in ruleset.resources},
    }
    if ruleset.roles:  # a ruleset without roles writes its rules as it always has
        fields["roles"] = {role.id: list(role.without) for role in ruleset.roles}
    if targets_others(ruleset):  # as do rulesets whose effects change only their own player
        fields["targetsOthers"] = True
    js.line(f"const RULES = makeRules({js_literal(fields)});")
    js.line("RULES.words = WORDS.en;")
    js.line("RULES.onceEffects = ONCE;")
    js.line("RULES.project = projectedTotal;")


def _entry_points(js: _Js, ruleset: ir.Ruleset, languages: Sequence[Language] | None) -> None:
    terms = [quantity_js(q) for t in ruleset.tiebreakers[:1] for q in t.quantities]
    js.line(f"const tiebreak = (game, player) => {' + '.join(terms) or '0'};")
    if ruleset.roles:  # a player of a role counts the sources of that role
        roles = js_literal({role.id: list(role.final) for role in ruleset.roles})
        js.line(f"const ROLE_COUNTS = {roles};")
        js.line("const counts = (player, id) => !player.role || ROLE_COUNTS[player.role].includes(id);")
        js.line(
            "const projectedTotal = (game, player) => FINAL_SOURCES.reduce((t, [id, s]) => (counts(player, id) ? t + s(game, player) : t), player.points);"
        )
        js.line(
            "const finalScoring = (game) => game.players.map((player) => finalEntry(game, player, player.role ? ROLE_FINAL[player.role] : FINAL_DETAILS));"
        )
    else:
        js.line(
            "const projectedTotal = (game, player) => FINAL_SOURCES.reduce((t, [, s]) => t + s(game, player), player.points);"
        )
        js.line("const finalScoring = (game) => game.players.map((player) => finalEntry(game, player, FINAL_DETAILS));")
    quantities = tiebreak_words(ruleset)[0]
    js.line(f"const TIEBREAK_QUANTITIES = {js_literal(list(quantities))};")
    # The words events and explanations are told in, by language (scoreGame's `language`).
    js.line(f"const WORDS = {js_literal(score_words_by_language(ruleset, languages))};")
    js.lines_from(fixed_js("standings"))
    js.lines_from(fixed_js("scoreGame"))


def _filtered_counts(js: _Js, ruleset: ir.Ruleset) -> None:
    """The ruleset's filtered counts join the vocabulary of QUANTITIES, by key (none for a shorthand)."""
    for quantity in every_quantity(ruleset):
        if quantity.of != "self":
            own, whose = js_literal(quantity.own.key), quantity.of
            js.line(
                f"QUANTITIES[{js_literal(quantity.key)}] = (game, player) => OF.{whose}(game, player, QUANTITIES[{own}]);"
            )
        elif not quantity.name:
            js.line(f"QUANTITIES[{js_literal(quantity.key)}] = (game, player) => {filtered_js(quantity)};")


def generate_engine(ruleset: ir.Ruleset, languages: Sequence[Language] | None = None) -> str:
    """The engine script of one ruleset: `const GAH = (function () { ... })();`. Its WORDS hold the events' words
    in each of `languages` (default: the shipped ones; English must be among them, the default)."""
    js = _Js()
    js.open("const GAH = (function () {")
    js.line('"use strict";')
    js.lines.extend(runtime_source().splitlines())
    js.line("// --- specialised from the rules data (the IR) ---")
    _filtered_counts(js, ruleset)
    _tiles(js, ruleset)
    _staff(js, ruleset)
    _final(js, ruleset)
    _emperor(js, ruleset)
    _entry_points(js, ruleset, languages)
    _rules(js, ruleset)
    js.line("return { RULES, WORDS, scoreGame, readGame, writeGame, StateError, QUANTITIES, DEAL };")
    js.close("})();")
    return "\n".join(js.lines) + "\n"

"""A sheet no layout can print, reported at the rules that make it long.

The Emperor tiles continue from the front to the back and on pages of their own, so a pool of any size
prints. What does not continue: the front's track, scorings and house rules (one side, the first a player
reads), the back's final scoring, Staff, setup, hotel and rulings (the other side of that sheet), and a tile
(it never splits between columns or pages). `gah build` refuses a sheet when one of these does not fit, from
the estimate of fit.py and back.py; the same estimate (a few ms a ruleset) runs in `gah check`, so check and
build agree. When it fails, the parts of the side that rules data controls (zones, track spaces, scorings,
tiles, Staff cards, the house-rules lines about each kind of change) are measured and compared with the
parent's sheet: the part that grew most is what the file added. The problem is placed at its rules key and
says how many entries fit, found by building the sheet again with fewer of them. A tile too tall is placed at
the tile.
"""

from __future__ import annotations

import dataclasses
import math
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .. import ir
from ..errors import Position, Problem, RulesError
from ..frontend.blame import RulesetBuilder
from ..frontend.rulesets import VARIANT_KEYS, RulesFile
from ..irdiff import compare
from ..languages import REFERENCE, Language, english, localised
from ..words.text import Rich, SheetError, Words
from .back import rules_parts
from .context import Sheet, build_sheet
from .fit import (
    MM,
    Fit,
    FrontTooLong,
    TileTooLong,
    front_parts,
    house_line_height,
    lines,
    scoring_paragraph,
    section_heading,
    table_row_height,
    text_width_of,
    track_picture_height,
)

if TYPE_CHECKING:
    from ..project import Compiled

Revert = Callable[[ir.Ruleset, ir.Ruleset], ir.Ruleset]  # (child, parent) -> child with one part as the parent's
Shrink = Callable[[ir.Ruleset, ir.Ruleset | None, int], ir.Ruleset]  # child with only n entries of one part


@dataclass(frozen=True)
class Topic:
    """One kind of rules data that takes room on the front."""

    noun: str  # what `count` counts, in a message ("zones"); "" when not counted
    path: tuple[str, ...]  # its key in a rules file
    revert: Revert
    body: Callable[[Sheet, Fit], float]  # pt it takes on the front outside the house-rules box
    count: Callable[[ir.Ruleset, ir.Ruleset | None], int] = lambda _child, _parent: 0
    shrink: Shrink | None = None
    fewest: int = 0  # the fewest entries a ruleset can have
    back: str = ""  # its part of the back's rules (back.RULES, by name), if any


@dataclass(frozen=True)
class Share:
    """What one topic takes on a sheet's front at the last step."""

    topic: Topic
    body: float  # pt outside the house-rules box (on the back: its part of the back's rules)
    house: list[Rich]  # its sentences in the house-rules box
    house_height: float  # pt
    grown: float  # pt more than on the parent's sheet
    count: int

    @property
    def height(self) -> float:
        return self.body + self.house_height


# --- what each topic takes outside the house-rules box ---------------------------------------


def _zone_clauses(sheet: Sheet, fit: Fit) -> float:
    width = text_width_of(sheet)
    with_zones = lines(scoring_paragraph(sheet), width, fit.font)
    without = lines(scoring_paragraph(sheet, zones=False), width, fit.font)
    return (with_zones - without) * fit.font * fit.line


def _track(sheet: Sheet, fit: Fit) -> float:
    return track_picture_height(sheet)


def _scoring_rows(sheet: Sheet, fit: Fit) -> float:
    return len(sheet.scorings) * table_row_height(fit)


def _tiles(sheet: Sheet, fit: Fit) -> float:
    return front_parts(sheet, fit)["tiles"] - section_heading(fit)


def _description(sheet: Sheet, fit: Fit) -> float:
    if not sheet.description:
        return 0.0
    return lines(sheet.description, text_width_of(sheet), fit.font) * fit.font * fit.line + 0.6 * MM


def _nothing(sheet: Sheet, fit: Fit) -> float:
    return 0.0


# --- a ruleset with one topic set back to the parent's, or cut to n entries --------------------


def _field(*names: str) -> Revert:
    def revert(child: ir.Ruleset, parent: ir.Ruleset) -> ir.Ruleset:
        values: dict[str, object] = {name: getattr(parent, name) for name in names}
        return dataclasses.replace(child, **values)  # type: ignore[arg-type]

    return revert


def _parent_zones(child: ir.Ruleset, parent: ir.Ruleset) -> ir.Ruleset:
    return dataclasses.replace(child, track=dataclasses.replace(child.track, zones=parent.track.zones))


def _parent_spaces(child: ir.Ruleset, parent: ir.Ruleset) -> ir.Ruleset:
    return dataclasses.replace(child, track=dataclasses.replace(parent.track, zones=child.track.zones))


def _first_zones(child: ir.Ruleset, parent: ir.Ruleset | None, n: int) -> ir.Ruleset:
    """The first n zones, the last of them running to the end of the track."""
    kept = sorted(child.track.zones, key=lambda zone: zone.first)[:n]
    kept[-1] = dataclasses.replace(kept[-1], last=child.track.last_space)
    return dataclasses.replace(child, track=dataclasses.replace(child.track, zones=tuple(kept)))


def _first_spaces(child: ir.Ruleset, parent: ir.Ruleset | None, n: int) -> ir.Ruleset:
    """The first n spaces; zones past them dropped, the last one cut at the new end."""
    zones = tuple(dataclasses.replace(z, last=min(z.last, n - 1)) for z in child.track.zones if z.first < n)
    track = dataclasses.replace(child.track, points=child.track.points[:n], zones=zones)
    return dataclasses.replace(child, track=track)


def _first_scorings(child: ir.Ruleset, parent: ir.Ruleset | None, n: int) -> ir.Ruleset:
    return dataclasses.replace(child, scorings=child.scorings[:n])


def tiles_by_priority(child: ir.Ruleset, parent: ir.Ruleset | None) -> list[ir.Tile]:
    """The tiles a shorter pool keeps first: the parent's as the child has them, then the ones the child adds or
    changes, in pool order. A hint that drops the last of these drops what the file added, last first, and
    adds no House-rules line about a parent's tile dropped (which would move the hint again)."""
    kept = set(parent.tiles) if parent is not None else set()
    return [t for t in child.tiles if t in kept] + [t for t in child.tiles if t not in kept]


def _first_tiles(child: ir.Ruleset, parent: ir.Ruleset | None, n: int) -> ir.Ruleset:
    """The child with only the first n tiles by priority, in its own order."""
    keep = {tile.id for tile in tiles_by_priority(child, parent)[:n]}
    return dataclasses.replace(child, tiles=tuple(t for t in child.tiles if t.id in keep))


def _differing_staff(child: ir.Ruleset, parent: ir.Ruleset | None) -> list[ir.StaffCard]:
    before = {card.number: card for card in parent.staff} if parent else {}
    return [card for card in child.staff if before.get(card.number) != card]


def _first_staff_changes(child: ir.Ruleset, parent: ir.Ruleset | None, n: int) -> ir.Ruleset:
    """Only the first n cards that differ from the parent's; the others as the parent has them (or gone)."""
    before = {card.number: card for card in parent.staff} if parent else {}
    kept = {card.number for card in _differing_staff(child, parent)[:n]}
    staff = [
        card if card.number in kept or before.get(card.number) == card else before.get(card.number)
        for card in child.staff
    ]
    return dataclasses.replace(child, staff=tuple(card for card in staff if card is not None))


TOPICS: tuple[Topic, ...] = (
    Topic(
        "zones",
        ("emperor_track", "zones"),
        _parent_zones,
        _zone_clauses,
        lambda r, _p: len(r.track.zones),
        _first_zones,
        1,
    ),
    Topic(
        "spaces",
        ("emperor_track", "spaces"),
        _parent_spaces,
        _track,
        lambda r, _p: len(r.track.points),
        _first_spaces,
        2,
    ),
    Topic(
        "Emperor scorings",
        ("emperor_scorings",),
        _field("scorings"),
        _scoring_rows,
        lambda r, _p: len(r.scorings),
        _first_scorings,
    ),
    Topic("tiles", ("tiles",), _field("tiles"), _tiles, lambda r, _p: len(r.tiles), _first_tiles, 1),
    Topic(
        "Staff cards",
        ("staff",),
        _field("staff"),
        _nothing,
        lambda r, p: len(_differing_staff(r, p)),
        _first_staff_changes,
        back="staff",
    ),
    Topic("", ("description",), _field("description"), _description),
    Topic("", ("hotel",), _field("hotel"), _nothing, back="hotel"),
    Topic("", ("final_scoring",), _field("final_scoring"), _nothing, back="final"),
    Topic("", ("setup",), _field("setup"), _nothing, back="setup"),
    Topic("", ("rulings",), _field("rulings"), _nothing, back="rulings"),
    Topic("", ("items",), _field("items"), _nothing),
    Topic("", ("players",), _field("min_players", "max_players"), _nothing),
    Topic("", ("rounds",), _field("rounds"), _nothing),
    Topic("", ("score_track",), _field("score_track_spaces", "lap_marker"), _nothing),
    Topic("", ("tiebreakers",), _field("tiebreakers"), _nothing),
)
LEFTOVER = Topic("", (), _field(), _nothing, back="footnotes")  # house-rules lines no topic claims


# --- the check ------------------------------------------------------------------------------


def fit_problems(
    compiled: Compiled, names: Iterable[str], paper: str, languages: Sequence[Language] = ()
) -> dict[str, Problem]:
    """For each of `names` whose sheet's front cannot fit on one page of `paper` in one of `languages` (default:
    English): the problem, by ruleset name (the first language's that fails)."""
    found: dict[str, tuple[float, Problem]] = {}
    names = list(names)
    for language in languages or (english(),):
        for name, (needed, problem) in _fit_problems(compiled, names, paper, Words(language)).items():
            if name not in found or needed > found[name][0]:  # the language whose front is longest says it
                found[name] = (needed, problem)
    return {name: problem for name, (_needed, problem) in found.items()}


def _fit_problems(
    compiled: Compiled, names: Iterable[str], paper: str, words: Words
) -> dict[str, tuple[float, Problem]]:
    builder = RulesetBuilder(compiled.library)
    problems = {}
    for name in names:
        ruleset = compiled.rulesets.get(name)
        if ruleset is None:
            continue
        parent = _built(compiled, builder, ruleset.extends) if ruleset.extends else None
        if ruleset.extends and parent is None:
            continue  # the parent's own problems are reported where it is checked
        reference = parent
        if parent is None and name != "base":  # a ruleset of its own: what it takes beyond the base game
            reference = _built(compiled, builder, "base")
        problem = _front_problem(ruleset, parent, compiled.library.files[name], paper, reference, words)
        if problem is not None:
            problems[name] = problem
    return problems


def _built(compiled: Compiled, builder: RulesetBuilder, name: str) -> ir.Ruleset | None:
    if name in compiled.rulesets:
        return compiled.rulesets[name]
    if name not in compiled.library.files:
        return None
    try:
        return builder.build(name)
    except RulesError:
        return None


def front_problem(
    ruleset: ir.Ruleset,
    parent: ir.Ruleset | None,
    leaf: RulesFile,
    paper: str,
    reference: ir.Ruleset | None = None,
    words: Words | None = None,
) -> Problem | None:
    """None when the front of the sheet fits on one page of `paper`; else the problem, placed in `leaf` at
    the part that grew most from the sheet of `reference` (by default the parent)."""
    found = _front_problem(ruleset, parent, leaf, paper, reference, words)
    return found[1] if found is not None else None


def _front_problem(
    ruleset: ir.Ruleset,
    parent: ir.Ruleset | None,
    leaf: RulesFile,
    paper: str,
    reference: ir.Ruleset | None,
    words: Words | None,
) -> tuple[float, Problem] | None:
    """front_problem, with the height in pt the front needs."""
    if words is not None:  # the sheet names entries in its language: compare like with like
        parent = localised(parent, words.language) if parent is not None else None
        reference = localised(reference, words.language) if reference is not None else None
    try:
        build_sheet(ruleset, parent, paper, words)
    except TileTooLong as error:
        position, dotted = place(leaf, ("tiles", error.tile))
        return error.needed, Problem(position, f"{dotted}: {tile_message(error)}")
    except FrontTooLong as error:
        before = _body_sheet(reference or parent, paper, words)
        share = dominant(shares(error.sheet, error.fit, parent, before, error.side))
        position, dotted = place(leaf, share.topic.path)
        prefix = f"{dotted}: " if dotted else ""
        return error.needed, Problem(position, prefix + message(error, share, parent, paper, words))
    return None


def fits(ruleset: ir.Ruleset, parent: ir.Ruleset | None, paper: str, words: Words | None = None) -> bool:
    """Whether the front of the sheet fits on one page of `paper`."""
    try:
        build_sheet(ruleset, parent, paper, words)
    except FrontTooLong:
        return False
    return True


def _body_sheet(ruleset: ir.Ruleset | None, paper: str, words: Words | None = None) -> Sheet | None:
    """The sheet of `ruleset` without a house-rules box (its own front may not fit either)."""
    if ruleset is None:
        return None
    try:
        return build_sheet(ruleset, None, paper, words)
    except FrontTooLong as error:
        return error.sheet


def shares(
    sheet: Sheet, fit: Fit, parent: ir.Ruleset | None, parent_sheet: Sheet | None, side: str = "front"
) -> list[Share]:
    """What each topic takes on `side` at step `fit`; on the front, each house-rules line goes to the topic whose
    change makes it (found by setting that topic back to the parent's and comparing again)."""
    if side == "back":
        return [_back_share(topic, sheet, parent, parent_sheet) for topic in (*TOPICS, LEFTOVER)]
    pool = Counter(sheet.house or [])
    full = Counter(pool)
    result = []
    for topic in TOPICS:
        mine = Counter[Rich]()
        if parent is not None and pool:
            try:
                difference = compare(parent, topic.revert(sheet.ruleset, parent), sheet.words)
                reverted = Counter(difference.short if sheet.house == sheet.house_short else difference.brief)
            except SheetError:  # the mix cannot be worded (a tile of the child names an item the parent lacks)
                reverted = full
            mine = (full - reverted) & pool
            pool -= mine
        result.append(_share(topic, sheet, fit, list(mine.elements()), parent, parent_sheet))
    result.append(_share(LEFTOVER, sheet, fit, list(pool.elements()), parent, parent_sheet))
    return result


def _share(
    topic: Topic, sheet: Sheet, fit: Fit, house: list[Rich], parent: ir.Ruleset | None, before: Sheet | None
) -> Share:
    body = topic.body(sheet, fit)
    house_height = sum(house_line_height(sheet, sentence, fit) for sentence in house)
    grown = body + house_height - (topic.body(before, fit) if before is not None else 0.0)
    return Share(topic, body, house, house_height, grown, topic.count(sheet.ruleset, parent))


def _back_share(topic: Topic, sheet: Sheet, parent: ir.Ruleset | None, before: Sheet | None) -> Share:
    """What one topic takes of the back's rules (no tile: they continue on the pages after it)."""
    body = rules_parts(sheet).get(topic.back, 0.0)
    grown = body - (rules_parts(before).get(topic.back, 0.0) if before is not None else 0.0)
    return Share(topic, body, [], 0.0, grown, topic.count(sheet.ruleset, parent))


def dominant(found: list[Share]) -> Share:
    """The share that grew most from the parent's sheet (the first of equals, in the order of TOPICS)."""
    return max(found, key=lambda share: (share.grown, share.height))


def most_that_fit(
    topic: Topic, ruleset: ir.Ruleset, parent: ir.Ruleset | None, paper: str, guess: int, words: Words | None = None
) -> int | None:
    """The most entries of `topic` (its first ones) with which the front fits, starting the search at `guess`;
    None when even the fewest do not fit."""
    if topic.shrink is None:
        return None
    count = topic.count(ruleset, parent)
    shrink = topic.shrink

    def ok(n: int) -> bool:
        try:
            return fits(shrink(ruleset, parent, n), parent, paper, words)
        except SheetError:
            return False

    n = min(max(guess, topic.fewest), count - 1)
    while n >= topic.fewest and not ok(n):
        n -= 1
    if n < topic.fewest:
        return None
    while n + 1 < count and ok(n + 1):
        n += 1
    return n


def place(leaf: RulesFile, path: tuple[str, ...]) -> tuple[Position, str]:
    """The deepest key of `path` that `leaf` sets, and its dotted path; else the file's first change."""
    node, found, dotted = leaf.node, None, []
    for step in path:
        if not isinstance(node.value, dict) or step not in node.value:
            break
        found = node.key_positions.get(step, node.value[step].position)
        dotted.append(step)
        node = node.value[step]
    if found is not None:
        return found, ".".join(dotted)
    changes = [key for key in leaf.mapping if key not in VARIANT_KEYS]
    if changes:
        return leaf.node.key_positions.get(changes[0], leaf.mapping[changes[0]].position), changes[0]
    return leaf.node.position, ""


# --- the message ----------------------------------------------------------------------------


def message(
    error: FrontTooLong, share: Share, parent: ir.Ruleset | None, paper: str, words: Words | None = None
) -> str:
    """What the side that is too long needs, what takes the room, and what to shorten."""
    sheet = error.sheet
    pages = math.ceil(error.needed / error.room * 10) / 10
    language = sheet.words.language
    where = "" if language.id == REFERENCE else f" in {language.name} ({language.id})"
    head = (
        f"the {error.side} of the {sheet.ruleset.name} sheet{where} needs about {pages:.1f} {sheet.page_size} pages "
        f"({error.needed / MM:.0f} mm; one page holds {error.room / MM:.0f} mm) even with its text at "
        f"{error.fit.font:g} pt"
    )
    if error.fit.overleaf:
        head += f" and every Emperor tile on the pages after it ({_why(error.side)})"
    elif error.fit.tile_columns:
        head += " and the tiles in two columns"
    return f"{head}; {_what(share, parent)}; {_advice(share, error, parent, paper, words)}"


def _why(side: str) -> str:
    """Why a side that does not fit is refused: what it holds that does not continue onto another page."""
    if side == "front":
        return "the track, the scorings and the house rules are one side: they do not continue on another page"
    return "the final scoring, Staff, setup, hotel and rulings are one side: they do not continue on another page"


def tile_message(error: TileTooLong) -> str:
    """A tile taller than a column of a page of its own: the one limit of a pool."""
    sheet = error.sheet
    language = sheet.words.language
    where = "" if language.id == REFERENCE else f" in {language.name} ({language.id})"
    return (
        f"tile {error.tile} on the {sheet.ruleset.name} sheet{where} needs about {error.needed / MM:.0f} mm even at "
        f"{error.fit.font:g} pt, and a column of one {sheet.page_size} page holds {error.room / MM:.0f} mm; a tile "
        "never splits between columns or pages: shorten its name, description, bonus or penalty"
    )


def _what(share: Share, parent: ir.Ruleset | None) -> str:
    size = f"about {share.height / MM:.0f} mm"
    house = f"{len(share.house)} line{'s' if len(share.house) != 1 else ''} in the house-rules box"
    noun, count = share.topic.noun, share.count
    where = {"zones": "a clause each in the scoring steps", "spaces": "the track picture"}.get(noun)
    if noun == "Staff cards" and count:
        said = f" ({house})" if share.house else ""
        return f"the {count} Staff cards that differ from {_title(parent)} take {size}{said}"
    if noun and count:
        parts = [part for part in (where, house if share.house else None) if part]
        return f"its {count} {noun} take {size}" + (f" ({', '.join(parts)})" if parts else "")
    if share.topic.path == ("description",) and not share.house:
        return f"its description takes {size}"
    if share.topic.back and not share.house:  # a part of the back's rules
        return f"{BACK_PARTS[share.topic.back]} {size} of the back"
    about = f" about {share.topic.path[0]}" if share.topic.path else ""
    return f"the {house}{about} take{'s' if len(share.house) == 1 else ''} {size}"


# The back's parts (back.RULES) as a message names them, with their verb.
BACK_PARTS = {
    "final": "its final scoring takes",
    "staff": "its Staff cards take",
    "setup": "its setup takes",
    "hotel": "its hotel takes",
    "rulings": "its rulings take",
    "footnotes": "the notes on uncertain facts take",
}


def _advice(
    share: Share, error: FrontTooLong, parent: ir.Ruleset | None, paper: str, words: Words | None = None
) -> str:
    """How far the share must shrink: how many entries fit when it counts them, else millimetres."""
    noun, count = share.topic.noun, share.count
    excess = error.needed - error.room
    if noun and count:
        guess = count - math.ceil(excess / (share.height / count)) if share.height > 0 else count - 1
        most = most_that_fit(share.topic, error.sheet.ruleset, parent, paper, guess, words)
        if most is not None and noun == "Staff cards":
            return f"at most {most} can differ from {_title(parent)}"
        if most is not None and noun == "tiles":
            dropped = [tile.id for tile in tiles_by_priority(error.sheet.ruleset, parent)[most:]]
            return f"at most {most} tiles fit (it fits without {', '.join(dropped)}), or shorten their texts"
        if most is not None:
            return f"at most {most} {noun} fit"
        return f"even with the fewest {noun} the {error.side} does not fit: shorten the rest too"
    if share.height < excess:
        return f"even without them the {error.side} is {(excess - share.height) / MM:.0f} mm too long: shorten the rest too"
    return f"shorten them by about {excess / MM:.0f} mm"


def _title(parent: ir.Ruleset | None) -> str:
    return parent.title if parent else "its parent"

"""The view model of a sheet: everything the templates show, already in words (rich text), with change flags.

Templates only lay this out; they hold no words of their own (every label comes from the language's phrases).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

from .. import ir
from ..backends.policy_facts import reads_others, resources_in_play, targets_others
from ..irdiff import Changes, compare
from ..languages import localised
from ..words import phrases
from ..words.effects import Speaker
from ..words.text import Rich, Words, capitalised, number, plain, rich
from . import derive
from .fit import REGULAR, Fit
from .layout import choose_layout
from .track import TrackLabels

COMMAND = "gah build"


@dataclass(frozen=True)
class Line:
    """One line or table cell of text; `changed` marks it as differing from the parent ruleset."""

    text: Rich
    changed: bool = False
    mark: str = ""


@dataclass(frozen=True)
class ScoringRow:
    round: int
    tier: str
    move_back: Rich
    bonus: Line
    safe: Line
    changed: bool


@dataclass(frozen=True)
class TileRow:
    id: str
    name: str
    mark: str
    description: str
    bonus: Line
    penalty: Line
    changed: bool


@dataclass(frozen=True)
class TierGroup:
    heading: Rich
    tiles: list[TileRow]


@dataclass(frozen=True)
class FinalRow:
    name: str
    id: str
    points: Line


@dataclass(frozen=True)
class StaffRow:
    number: int
    name: str
    scores: Rich
    changed: bool


@dataclass(frozen=True)
class SetRow:
    letter: str
    cards: str


@dataclass(frozen=True)
class HotelCell:
    letter: str
    colour: str
    points: int


@dataclass(frozen=True)
class Footnote:
    mark: str
    label: Rich
    text: str


@dataclass
class Footnotes:
    words: Words
    notes: list[Footnote] = field(default_factory=list)

    def add(self, label: Rich, text: str) -> str:
        """A new footnote; returns its mark (empty when there is nothing uncertain to say)."""
        if not text:
            return ""
        mark = self.words.text("footnote.mark", n=len(self.notes) + 1)
        self.notes.append(Footnote(mark, label, text))
        return mark


@dataclass(frozen=True)
class Sheet:
    words: Words
    ruleset: ir.Ruleset
    header: str
    footer: Rich
    title: Rich
    description: str
    page_size: str
    parent_title: str
    house: list[Rich] | None
    house_short: list[Rich] | None  # the House-rules box naming the new tiles in one line (tiles overleaf)
    changes: Changes
    track: ir.Track
    track_labels: TrackLabels
    zones: list[Line]
    beyond: Line
    scoring_when: Rich
    steps: list[Rich]
    scorings: list[ScoringRow]
    need_note: Rich
    tiers: list[TierGroup]
    reading_note: Rich | None  # when the tiles' conditions and worked-out amounts are read (reading_note)
    final_when: Rich
    final_rows: list[FinalRow]
    final_total: Rich
    staff: list[StaffRow]
    emperor_staff: list[Line]
    tiebreak: Line
    players: Line
    start: Line
    start_rooms: Line
    deal: Line
    sets: list[SetRow]
    sets_changed: bool
    sets_note: Rich | None
    hotel_mark: str
    hotel_rows: list[list[HotelCell]]
    hotel_lines: list[Rich]
    hotel_changed: bool
    printed_mark: str
    rulings: list[Line]
    footnotes: list[Footnote]
    term_marks: dict[str, str] = field(default_factory=dict)  # section -> footnote marks of uncertain terms
    fit: Fit = REGULAR
    tile_columns: list[list[TierGroup]] = field(default_factory=list)  # with fit.tile_columns only
    overleaf: list[TierGroup] = field(default_factory=list)  # the tiles continued on the back (fit.overleaf)
    small_back: bool = False  # the back in 8 pt with no tiles on it (layout.py)
    more_pages: list[list[TierGroup]] = field(default_factory=list)  # the tiles of pages 3, 4, ... (fit.overleaf)


def _need_text(s: Speaker, need: derive.Need, which: str, track: ir.Track) -> Rich:
    w = s.w
    if which == "bonus":
        if not derive.has_outcome(track, "bonus"):
            return w.rich("need.no_bonus")
        spaces, threshold = need.bonus_spaces, need.bonus_from
        empty = "need.unreachable"
    else:
        if not derive.has_outcome(track, "penalty"):
            return w.rich("need.no_penalty")
        spaces, threshold = need.safe_spaces, need.safe_from
        empty = "need.unavoidable"
    if not spaces:
        return w.rich(empty)
    if threshold is not None:
        if threshold == 0:
            return w.rich("need.any")
        if threshold == track.last_space:
            return w.rich("need.exactly", n=threshold)
        return w.rich("need.from", n=threshold)
    runs = [w.rich("need.range", first=a, last=b) if a != b else rich(a) for a, b in derive.ranges(spaces)]
    return w.rich("need.spaces", ranges=w.join(runs, ".or"))


# Where the footnote of an uncertain term of the language goes: the section that uses it (else the title).
TERM_SECTIONS: tuple[tuple[str, str], ...] = (
    ("terms.tiles", "tiles"),
    ("terms.items", "tiles"),
    ("terms.dish", "tiles"),
    ("terms.drink", "tiles"),
    ("sheet.item", "tiles"),
    ("sheet.tiles", "tiles"),
    ("terms.staff", "staff"),
    ("sheet.staff", "staff"),
    ("terms.zones", "track"),
    ("terms.emperor_marker", "track"),
    ("sheet.track", "track"),
    ("sheet.scoring", "track"),
    ("terms.final", "final"),
    ("sheet.final", "final"),
)


def _term_notes(w: Words, notes: Footnotes) -> dict[str, str]:
    """One footnote for every term the language marks uncertain; its mark by each section that shows one."""
    uncertain = w.language.uncertain
    listed = plain(w.join([rich(text) for text in uncertain.values()])) + "." if uncertain else ""
    mark = notes.add(w.rich("uncertain.language", name=w.language.name), listed)
    sections = [next((name for prefix, name in TERM_SECTIONS if key.startswith(prefix)), "title") for key in uncertain]
    return dict.fromkeys(sections, mark) if mark else {}


@dataclass(frozen=True)
class _Basis:
    """What every part of the sheet reads: the words, the (localised) ruleset and its parent, what changed.

    `notes` collects the footnotes; the parts add theirs in the order the sheet numbers them.
    """

    w: Words
    s: Speaker
    ruleset: ir.Ruleset
    parent: ir.Ruleset | None
    scorings: list[ir.EmperorScoring]  # by round
    changes: Changes
    house: list[Rich] | None
    house_short: list[Rich] | None
    notes: Footnotes


@dataclass(frozen=True)
class _TrackPart:
    labels: TrackLabels
    zones: list[Line]
    beyond: Line


@dataclass(frozen=True)
class _ScoringPart:
    when: Rich
    rows: list[ScoringRow]
    need_note: Rich


@dataclass(frozen=True)
class _FinalPart:
    when: Rich
    rows: list[FinalRow]
    total: Rich


@dataclass(frozen=True)
class _StaffPart:
    rows: list[StaffRow]
    emperor: list[Line]


@dataclass(frozen=True)
class _SetupPart:
    players: Line
    start: Line
    start_rooms: Line
    deal: Line
    sets: list[SetRow]
    sets_note: Rich | None


@dataclass(frozen=True)
class _HotelPart:
    mark: str
    rows: list[list[HotelCell]]
    lines: list[Rich]
    printed_mark: str


@dataclass(frozen=True)
class _Parts:
    """The parts of the sheet's front and back, each built by its own function below."""

    track: _TrackPart
    scoring: _ScoringPart
    tiers: list[TierGroup]
    final: _FinalPart
    staff: _StaffPart
    setup: _SetupPart
    hotel: _HotelPart
    rulings: list[Line]
    term_marks: dict[str, str]


def _basis(ruleset: ir.Ruleset, parent: ir.Ruleset | None, w: Words) -> _Basis:
    """The ruleset and its parent in the language of `w`, and what differs between them."""
    ruleset = localised(ruleset, w.language)
    parent = localised(parent, w.language) if parent is not None else None
    if parent is not None:
        difference = compare(parent, ruleset, w)
        changes, house, house_short = difference.changes, difference.brief, difference.short
    else:
        changes, house, house_short = Changes(), None, None
    return _Basis(
        w=w,
        s=Speaker(w, ruleset.items, ruleset.resources),
        ruleset=ruleset,
        parent=parent,
        scorings=sorted(ruleset.scorings, key=lambda x: x.round),
        changes=changes,
        house=house,
        house_short=house_short,
        notes=Footnotes(w),
    )


def _track_part(b: _Basis) -> _TrackPart:
    """The track's labels, its zones (last first) and what lies beyond its last space."""
    w, s, track = b.w, b.s, b.ruleset.track
    labels = TrackLabels(
        title=w.text("track.heading"),
        space=w.text("track.space"),
        points=w.text("track.points"),
        zone=w.text("track.zone"),
        cap=w.text("track.cap"),
        marker=w.text("sheet.changed_marker"),
        outcome={o: w.text(f"outcome.{o}.short") for o in ("bonus", "nothing", "penalty")},
    )
    zones = [
        Line(
            w.rich(
                "scoring.zone_clause",
                spaces=phrases.spaces(s, z.first, z.last),
                name=z.name,
                outcome=phrases.outcome(s, z.outcome),
            ),
            z.id in b.changes.zones,
        )
        for z in sorted(track.zones, key=lambda z: -z.first)
    ]
    beyond = Line(
        w.rich("track.beyond", last=track.last_space, points=w.count(track.points_per_step_beyond, "point")),
        b.changes.cap or b.changes.beyond,
    )
    return _TrackPart(labels, zones, beyond)


def _scoring_rows(b: _Basis) -> list[ScoringRow]:
    """Each Emperor scoring and what a player needs before it; a need is changed when the parent words it otherwise."""
    w, s, track, parent = b.w, b.s, b.ruleset.track, b.parent
    parent_needs = {n.round: n for n in derive.needs(parent.track, parent.scorings)} if parent else {}
    rows = []
    for need in derive.needs(track, b.scorings):
        before = parent_needs.get(need.round)
        bonus = _need_text(s, need, "bonus", track)
        safe = _need_text(s, need, "safe", track)
        bonus_changed = safe_changed = False
        if parent is not None:
            old = Speaker(w, parent.items, parent.resources)
            bonus_changed = before is None or _need_text(old, before, "bonus", parent.track) != bonus
            safe_changed = before is None or _need_text(old, before, "safe", parent.track) != safe
        rows.append(
            ScoringRow(
                need.round,
                need.tier,
                w.count(need.move_back, "space") if need.move_back else w.rich("scoring.back.none"),
                Line(bonus, bonus_changed),
                Line(safe, safe_changed),
                need.round in b.changes.scorings,
            )
        )
    return rows


def _scoring_part(b: _Basis) -> _ScoringPart:
    """When the Emperor scores, the table of his scorings, and the note naming the zones it speaks of."""
    w, track = b.w, b.ruleset.track
    rounds = w.join([rich(x.round) for x in b.scorings]) if b.scorings else rich("—")
    bonus_zone = next((z.name for z in track.zones if z.outcome == "bonus"), "")
    penalty_zone = next((z.name for z in track.zones if z.outcome == "penalty"), "")
    need_note = w.rich(
        "need.note",
        bonus=bonus_zone or w.text("outcome.bonus.short"),
        penalty=penalty_zone or w.text("outcome.penalty.short"),
    )
    return _ScoringPart(w.rich("scoring.when", rounds=rounds), _scoring_rows(b), need_note)


def _tiers(b: _Basis) -> list[TierGroup]:
    """The Emperor tiles by tier, each tier headed by the rounds that score it; footnotes for uncertain tiles."""
    w, s, ruleset = b.w, b.s, b.ruleset
    rounds_of_tier: dict[str, list[int]] = {}
    for scoring in b.scorings:
        rounds_of_tier.setdefault(scoring.tier, []).append(scoring.round)
    tiers = []
    for tier in sorted({t.tier for t in ruleset.tiles}):
        if tier in rounds_of_tier:
            heading = w.rich("tiles.tier", tier=tier, rounds=w.join([rich(r) for r in rounds_of_tier[tier]]))
        else:
            heading = w.rich("tiles.tier.unscored", tier=tier)
        tile_rows = []
        for tile in ruleset.tiles:
            if tile.tier != tier:
                continue
            mark = b.notes.add(w.rich("uncertain.tile", name=f"{tile.name} ({tile.tier})"), tile.uncertain)
            changed = tile.id in b.changes.tiles
            tile_rows.append(
                TileRow(
                    tile.id,
                    tile.name,
                    mark,
                    tile.description,
                    Line(capitalised(s.effects(tile.bonus)), changed),
                    Line(capitalised(s.penalty(tile.penalty)), changed),
                    changed,
                )
            )
        tiers.append(TierGroup(heading, tile_rows))
    return tiers


def reads_state_late(effects: tuple[ir.Effect, ...]) -> bool:
    """Do these effects read the player's state as they apply: a condition, an amount worked out from an
    expression, or an amount per unit after another effect (nested options and branches included)?"""
    for index, effect in enumerate(effects):
        if isinstance(effect, (ir.Conditional, ir.Change)):
            return True
        if isinstance(effect, ir.PointsPerQuantity) and index > 0:
            return True
        if isinstance(effect, ir.ChooseOne) and any(reads_state_late(option) for option in effect.options):
            return True
    return False


def reading_note(b: _Basis) -> Rich | None:
    """The note under the Emperor tiles on when a condition or an amount is read (effects apply in the order
    printed), and for other players where the rulings say it; None when no tile reads the state so."""
    lists = [(t.bonus, t.penalty.effects, t.penalty.prefer, t.penalty.otherwise) for t in b.ruleset.tiles]
    if not any(reads_state_late(effects) for each in lists for effects in each):
        return None
    if reads_others(b.ruleset):
        return b.w.rich("tiles.reading.others", rulings=b.w.rich("rulings.heading"))
    return b.w.rich("tiles.reading")


def _final_part(b: _Basis) -> _FinalPart:
    """When the final scoring comes, its sources and the score track's total."""
    w, s, ruleset = b.w, b.s, b.ruleset
    last_round = b.scorings[-1].round if b.scorings else ruleset.rounds
    if b.scorings and last_round == ruleset.rounds:
        final_when = w.rich("final.when", round=last_round)
    else:
        final_when = w.rich("final.when.no_scoring", round=ruleset.rounds)
    final_rows = [
        FinalRow(
            source.name, source.id, Line(capitalised(phrases.final_points(s, source)), source.id in b.changes.final)
        )
        for source in ruleset.final_scoring
    ]
    if len(ruleset.lap_marker) >= 1:
        final_total = w.rich(
            "final.total", spaces=ruleset.score_track_spaces, laps="/".join(str(x) for x in ruleset.lap_marker)
        )
    else:
        final_total = w.rich("final.total.no_laps")
    return _FinalPart(final_when, final_rows, final_total)


def _staff_part(b: _Basis) -> _StaffPart:
    """The staff that score at the game's end, and those that act at an Emperor scoring."""
    w, s, changed = b.w, b.s, b.changes.staff
    staff_rows = [
        StaffRow(card.number, card.name, phrases.game_end(s, card), card.number in changed)
        for card in b.ruleset.staff
        if card.game_end is not None
    ]
    emperor_staff = []
    for card in b.ruleset.staff:
        if card.emperor_bonus:
            emperor_staff.append(
                Line(
                    w.rich(
                        "staff.emperor_bonus", name=card.name, number=card.number, effects=s.effects(card.emperor_bonus)
                    ),
                    card.number in changed,
                )
            )
        if card.penalty_waiver_cost is not None:
            emperor_staff.append(
                Line(
                    w.rich(
                        "staff.waiver",
                        name=card.name,
                        number=card.number,
                        krones=w.count(card.penalty_waiver_cost, "krone"),
                    ),
                    card.number in changed,
                )
            )
    if not emperor_staff:
        emperor_staff.append(Line(w.rich("staff.emperor.none")))
    return _StaffPart(staff_rows, emperor_staff)


def _setup_part(b: _Basis) -> _SetupPart:
    """Players and rounds, the starting state and rooms, the deal and (introductory) its sets."""
    w, s, ruleset, changes = b.w, b.s, b.ruleset, b.changes
    setup = ruleset.setup
    start_mark = b.notes.add(w.rich("uncertain.start"), setup.start.uncertain)
    players = Line(
        w.rich("setup.players", min=ruleset.min_players, max=ruleset.max_players, rounds=ruleset.rounds),
        changes.players or changes.rounds,
    )
    start = Line(phrases.start(s, setup.start), changes.start)
    if setup.start.hotel_rooms:
        rooms_text = w.rich("setup.start.rooms", rooms=phrases.cells(setup.start.hotel_rooms))
    else:
        rooms_text = w.rich("setup.start.no_rooms")
    start_rooms = Line(rooms_text, changes.start, start_mark)
    deal = Line(phrases.deal(s, setup.deal), changes.deal)
    sets = []
    sets_note = None
    if setup.deal.method == "introductory":
        names = {card.number: card.name for card in ruleset.staff}
        for letter, cards in setup.deal.sets:
            listed = ", ".join(w.text("setup.sets.card", name=names.get(n, "?"), number=n) for n in cards)
            sets.append(SetRow(letter, listed))
        if setup.deal.sets_are_examples:
            sets_note = w.rich("setup.sets.examples")
    return _SetupPart(players, start, start_rooms, deal, sets, sets_note)


def _hotel_lines(b: _Basis) -> list[Rich]:
    """The hotel's sentences: the rewards for a completed colour group, and the cost of preparing rooms."""
    w, s, hotel = b.w, b.s, b.ruleset.hotel
    hotel_lines = []
    rewards = []
    common = tuple(size for size, _ in hotel.group_rewards[0][1].by_size) if hotel.group_rewards else ()
    for colour, reward in hotel.group_rewards:
        values, sizes = phrases.group_reward(s, reward)
        same = tuple(size for size, _ in reward.by_size) == common
        rewards.append(
            w.rich(
                "hotel.reward" if same else "hotel.reward.sizes",
                colour=w.rich(f"hotel.colour.{colour}"),
                values=rich(values, " ", w.rich(f"hotel.reward.{reward.reward}")),
                sizes=sizes,
            )
        )
    if rewards:
        hotel_lines.append(w.rich("hotel.rewards", sizes="/".join(map(str, common)), rewards=w.sequence(rewards)))
    hotel_lines.append(
        w.rich(
            "hotel.prepare",
            costs=rich("/".join(str(c) for c in hotel.prepare_cost)),
            floors=rich("/".join(str(f) for f in range(1, hotel.floors + 1))),
            first=phrases.cells((hotel.first_room,)),
        )
    )
    return hotel_lines


def _hotel_part(b: _Basis) -> _HotelPart:
    """The hotel's grid (top floor first) with its printed points, and its sentences."""
    w, hotel = b.w, b.ruleset.hotel
    hotel_mark = b.notes.add(w.rich("uncertain.hotel"), hotel.uncertain)
    printed = dict(hotel.printed_points)
    hotel_rows = [
        [
            HotelCell(
                w.text(f"hotel.colour_letter.{hotel.colours[floor - 1][column - 1]}"),
                hotel.colours[floor - 1][column - 1],
                printed.get((floor, column), 0),
            )
            for column in range(1, hotel.columns + 1)
        ]
        for floor in range(hotel.floors, 0, -1)
    ]
    printed_mark = b.notes.add(w.rich("uncertain.printed_points"), hotel.printed_points_uncertain) if printed else ""
    return _HotelPart(hotel_mark, hotel_rows, _hotel_lines(b), printed_mark)


def _rulings(b: _Basis) -> list[Line]:
    """The rulings: notes, the floors of points and krones, reading other players, the roles and the resources."""
    w, s, ruleset, parent = b.w, b.s, b.ruleset, b.parent
    parent_notes = parent.rulings.notes if parent else ruleset.rulings.notes
    rulings = [Line(rich(note), note not in parent_notes) for note in ruleset.rulings.notes]
    floors_changed = parent is not None and (
        (parent.rulings.points_floor, parent.rulings.krones_floor)
        != (ruleset.rulings.points_floor, ruleset.rulings.krones_floor)
    )
    points_floor, krones_floor = ruleset.rulings.points_floor, ruleset.rulings.krones_floor
    floors_key = "rulings.floors.same" if points_floor == krones_floor else "rulings.floors"
    rulings.append(Line(w.rich(floors_key, points=number(points_floor), krones=number(krones_floor)), floors_changed))
    if reads_others(ruleset):  # when another player is read, and who the neighbours and the leader are
        reading = ruleset.rulings.read_other_players
        same = parent is not None and reads_others(parent) and parent.rulings.read_other_players == reading
        rulings.append(Line(w.rich(f"rulings.others.{reading}"), not same))
        if targets_others(ruleset):  # effects on other players: in which order, and what later players read
            same = parent is not None and targets_others(parent) and parent.rulings.read_other_players == reading
            rulings.append(Line(w.rich(f"rulings.targets.{reading}"), not same))
    old_roles = {role.id for role in parent.roles} if parent else {role.id for role in ruleset.roles}
    for role in ruleset.roles:  # what a role changes, and its uncertain facts as a footnote on that line
        mark = b.notes.add(w.rich("uncertain.role", name=role.named(w.language.id)), role.uncertain)
        rule = phrases.role_rule(s, role, ruleset.final_scoring)
        rulings.append(Line(rule, role.id not in old_roles, mark))
    old_resources = parent.resources if parent else ruleset.resources
    for resource in resources_in_play(ruleset):
        rulings.append(Line(phrases.resource_rule(s, resource), resource not in old_resources))
    return rulings


def _parts(b: _Basis) -> _Parts:
    """Every part, built in the order the footnotes are numbered: tiles, start, hotel, roles, then the terms."""
    track = _track_part(b)
    scoring = _scoring_part(b)
    tiers = _tiers(b)
    final = _final_part(b)
    staff = _staff_part(b)
    setup = _setup_part(b)
    hotel = _hotel_part(b)
    rulings = _rulings(b)
    return _Parts(track, scoring, tiers, final, staff, setup, hotel, rulings, _term_notes(b.w, b.notes))


def _assemble(b: _Basis, parts: _Parts, paper: str) -> Sheet:
    """The sheet from its parts, before it is laid out."""
    w, s, ruleset, parent, changes = b.w, b.s, b.ruleset, b.parent, b.changes
    sources = ", ".join(ruleset.sources)
    return Sheet(
        words=w,
        term_marks=parts.term_marks,
        ruleset=ruleset,
        header=w.text("sheet.header", sources=sources, command=COMMAND),
        footer=w.rich("sheet.generated.short", sources=sources, command=COMMAND),
        title=w.rich("sheet.title", title=ruleset.title),
        description=ruleset.description,
        page_size={"a4": "A4", "letter": "letter"}[paper],
        parent_title=parent.title if parent else "",
        house=b.house,
        house_short=b.house_short,
        changes=changes,
        track=ruleset.track,
        track_labels=parts.track.labels,
        zones=parts.track.zones,
        beyond=parts.track.beyond,
        scoring_when=parts.scoring.when,
        steps=[w.rich("scoring.step.score"), w.rich("scoring.step.move")],
        scorings=parts.scoring.rows,
        need_note=parts.scoring.need_note,
        tiers=parts.tiers,
        reading_note=reading_note(b),
        final_when=parts.final.when,
        final_rows=parts.final.rows,
        final_total=parts.final.total,
        staff=parts.staff.rows,
        emperor_staff=parts.staff.emperor,
        tiebreak=Line(phrases.tiebreaks(s, ruleset.tiebreakers), changes.tiebreak),
        players=parts.setup.players,
        start=parts.setup.start,
        start_rooms=parts.setup.start_rooms,
        deal=parts.setup.deal,
        sets=parts.setup.sets,
        sets_changed=changes.sets,
        sets_note=parts.setup.sets_note,
        hotel_mark=parts.hotel.mark,
        hotel_rows=parts.hotel.rows,
        hotel_lines=parts.hotel.lines,
        hotel_changed=changes.hotel,
        printed_mark=parts.hotel.printed_mark,
        rulings=parts.rulings,
        footnotes=b.notes.notes,
    )


def build_sheet(
    ruleset: ir.Ruleset, parent: ir.Ruleset | None, paper: str, words: Words | None = None, paged: bool = True
) -> Sheet:
    """The sheet laid out for `paper`; FrontTooLong when no layout can print it (unless not `paged`)."""
    b = _basis(ruleset, parent, words or Words())
    sheet = _assemble(b, _parts(b), paper)
    layout = choose_layout(sheet, paged)
    return dataclasses.replace(
        sheet,
        house=layout.house,
        fit=layout.fit,
        tile_columns=layout.columns,
        overleaf=layout.overleaf,
        small_back=layout.small_back,
        more_pages=layout.pages,
    )

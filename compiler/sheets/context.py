"""The view model of a sheet: everything the templates show, already in words (rich text), with change flags.

Templates only lay this out; they hold no words of their own (every label comes from the language's phrases).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

from .. import ir
from ..backends.policy_facts import reads_others, resources_in_play
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


def build_sheet(
    ruleset: ir.Ruleset, parent: ir.Ruleset | None, paper: str, words: Words | None = None, paged: bool = True
) -> Sheet:
    """The sheet laid out for `paper`; FrontTooLong when it cannot print on one sheet (unless not `paged`)."""
    w = words or Words()
    ruleset = localised(ruleset, w.language)
    parent = localised(parent, w.language) if parent is not None else None
    s = Speaker(w, ruleset.items, ruleset.resources)
    notes = Footnotes(w)
    if parent is not None:
        difference = compare(parent, ruleset, w)
        changes, house, house_short = difference.changes, difference.brief, difference.short
    else:
        changes, house, house_short = Changes(), None, None
    sources = ", ".join(ruleset.sources)
    header = w.text("sheet.header", sources=sources, command=COMMAND)

    # Track and zones.
    track = ruleset.track
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
            z.id in changes.zones,
        )
        for z in sorted(track.zones, key=lambda z: -z.first)
    ]
    beyond = Line(
        w.rich("track.beyond", last=track.last_space, points=w.count(track.points_per_step_beyond, "point")),
        changes.cap or changes.beyond,
    )

    # Emperor scorings and what a player needs before each.
    scorings = sorted(ruleset.scorings, key=lambda x: x.round)
    parent_needs = {n.round: n for n in derive.needs(parent.track, parent.scorings)} if parent else {}
    rows = []
    for need in derive.needs(track, scorings):
        before = parent_needs.get(need.round)
        bonus = _need_text(s, need, "bonus", track)
        safe = _need_text(s, need, "safe", track)
        bonus_changed = safe_changed = False
        if parent is not None:
            assert parent is not None
            bonus_changed = (
                before is None
                or _need_text(Speaker(w, parent.items, parent.resources), before, "bonus", parent.track) != bonus
            )
            safe_changed = (
                before is None
                or _need_text(Speaker(w, parent.items, parent.resources), before, "safe", parent.track) != safe
            )
        rows.append(
            ScoringRow(
                need.round,
                need.tier,
                w.count(need.move_back, "space") if need.move_back else w.rich("scoring.back.none"),
                Line(bonus, bonus_changed),
                Line(safe, safe_changed),
                need.round in changes.scorings,
            )
        )
    rounds = w.join([rich(x.round) for x in scorings]) if scorings else rich("—")
    bonus_zone = next((z.name for z in track.zones if z.outcome == "bonus"), "")
    penalty_zone = next((z.name for z in track.zones if z.outcome == "penalty"), "")
    need_note = w.rich(
        "need.note",
        bonus=bonus_zone or w.text("outcome.bonus.short"),
        penalty=penalty_zone or w.text("outcome.penalty.short"),
    )

    # Tiles by tier.
    rounds_of_tier: dict[str, list[int]] = {}
    for scoring in scorings:
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
            mark = notes.add(w.rich("uncertain.tile", name=f"{tile.name} ({tile.tier})"), tile.uncertain)
            changed = tile.id in changes.tiles
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

    # Final scoring.
    last_round = scorings[-1].round if scorings else ruleset.rounds
    if scorings and last_round == ruleset.rounds:
        final_when = w.rich("final.when", round=last_round)
    else:
        final_when = w.rich("final.when.no_scoring", round=ruleset.rounds)
    final_rows = [
        FinalRow(source.name, source.id, Line(capitalised(phrases.final_points(s, source)), source.id in changes.final))
        for source in ruleset.final_scoring
    ]
    if len(ruleset.lap_marker) >= 1:
        final_total = w.rich(
            "final.total", spaces=ruleset.score_track_spaces, laps="/".join(str(x) for x in ruleset.lap_marker)
        )
    else:
        final_total = w.rich("final.total.no_laps")

    # Staff.
    staff_rows = [
        StaffRow(
            card.number,
            card.name,
            phrases.game_end(s, card),
            card.number in changes.staff,
        )
        for card in ruleset.staff
        if card.game_end is not None
    ]
    emperor_staff = []
    for card in ruleset.staff:
        if card.emperor_bonus:
            emperor_staff.append(
                Line(
                    w.rich(
                        "staff.emperor_bonus", name=card.name, number=card.number, effects=s.effects(card.emperor_bonus)
                    ),
                    card.number in changes.staff,
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
                    card.number in changes.staff,
                )
            )
    if not emperor_staff:
        emperor_staff.append(Line(w.rich("staff.emperor.none")))

    # Setup.
    setup = ruleset.setup
    start_mark = notes.add(w.rich("uncertain.start"), setup.start.uncertain)
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

    # Hotel.
    hotel = ruleset.hotel
    hotel_mark = notes.add(w.rich("uncertain.hotel"), hotel.uncertain)
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
    printed_mark = notes.add(w.rich("uncertain.printed_points"), hotel.printed_points_uncertain) if printed else ""
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

    # Rulings.
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
    old_roles = {role.id for role in parent.roles} if parent else {role.id for role in ruleset.roles}
    for role in ruleset.roles:  # what a role changes, and its uncertain facts as a footnote on that line
        mark = notes.add(w.rich("uncertain.role", name=role.named(w.language.id)), role.uncertain)
        rule = phrases.role_rule(s, role, ruleset.final_scoring)
        rulings.append(Line(rule, role.id not in old_roles, mark))
    old_resources = parent.resources if parent else ruleset.resources
    for resource in resources_in_play(ruleset):
        rulings.append(Line(phrases.resource_rule(s, resource), resource not in old_resources))

    term_marks = _term_notes(w, notes)
    sheet = Sheet(
        words=w,
        term_marks=term_marks,
        ruleset=ruleset,
        header=header,
        footer=w.rich("sheet.generated.short", sources=sources, command=COMMAND),
        title=w.rich("sheet.title", title=ruleset.title),
        description=ruleset.description,
        page_size={"a4": "A4", "letter": "letter"}[paper],
        parent_title=parent.title if parent else "",
        house=house,
        house_short=house_short,
        changes=changes,
        track=track,
        track_labels=labels,
        zones=zones,
        beyond=beyond,
        scoring_when=w.rich("scoring.when", rounds=rounds),
        steps=[w.rich("scoring.step.score"), w.rich("scoring.step.move")],
        scorings=rows,
        need_note=need_note,
        tiers=tiers,
        final_when=final_when,
        final_rows=final_rows,
        final_total=final_total,
        staff=staff_rows,
        emperor_staff=emperor_staff,
        tiebreak=Line(phrases.tiebreaks(s, ruleset.tiebreakers), changes.tiebreak),
        players=players,
        start=start,
        start_rooms=start_rooms,
        deal=deal,
        sets=sets,
        sets_changed=changes.sets,
        sets_note=sets_note,
        hotel_mark=hotel_mark,
        hotel_rows=hotel_rows,
        hotel_lines=hotel_lines,
        hotel_changed=changes.hotel,
        printed_mark=printed_mark,
        rulings=rulings,
        footnotes=notes.notes,
    )
    layout = choose_layout(sheet, paged)
    return dataclasses.replace(
        sheet, house=layout.house, fit=layout.fit, tile_columns=layout.columns, overleaf=layout.overleaf
    )

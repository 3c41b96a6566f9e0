"""What differs between two rulesets, found by comparing their IRs field by field.

`describe_differences(parent, child)` gives plain English sentences in a fixed order (the order of the
sheet: players and rounds, items, track, zones, scorings, tiles, hotel, Staff, final scoring, score
track, tie-breakers, rulings, setup). `compare` also gives `Changes`, the structured form the sheets
use to highlight changed cells. The words come from the language's `diff` and `sheet` phrases (rules/languages/).

Each entry is named as in the rules data, by the key a variant patches: a tile, zone, item or final-scoring
source by its id (`tile c-points (Points)`: with `ids`, as `gah diff` says it; a sheet's House-rules box
leaves ids out, the sheet prints them beside each entry), a Staff card by its number, an Emperor scoring
by its round, a track space by its number.

Every field of `ir.Ruleset` is compared, except those that name the ruleset (name, title, description,
extends, sources). A field that differs in a way no specific sentence covers still gets a sentence
saying so: a difference is never silently dropped.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields

from . import ir
from .languages import Language, localised
from .words import phrases
from .words.effects import Speaker
from .words.text import Rich, Words, ident, number, plain, rich

IDENTITY_FIELDS = ("name", "title", "description", "extends", "sources", "translations")


@dataclass
class Changes:
    """Which parts of the child differ from the parent (ids in the child's terms)."""

    spaces: set[int] = field(default_factory=set)
    removed_spaces: set[int] = field(default_factory=set)
    cap: bool = False
    beyond: bool = False
    zones: set[str] = field(default_factory=set)
    scorings: set[int] = field(default_factory=set)
    tiles: set[str] = field(default_factory=set)
    new_tiles: set[str] = field(default_factory=set)
    final: set[str] = field(default_factory=set)
    staff: set[int] = field(default_factory=set)
    deal: bool = False
    sets: bool = False
    start: bool = False
    tiebreak: bool = False
    rulings: bool = False
    hotel: bool = False
    players: bool = False
    rounds: bool = False
    items: bool = False
    score_track: bool = False


@dataclass
class Difference:
    """Sentences (complete), the same for a sheet's House-rules box (long lists shortened: the body shows them),
    and the structured changes."""

    sentences: list[Rich]
    changes: Changes
    brief: list[Rich] = field(default_factory=list)
    # The brief with the new tiles named in one sentence, for a sheet whose pool must continue overleaf.
    short: list[Rich] = field(default_factory=list)


class _Comparer:
    def __init__(self, parent: ir.Ruleset, child: ir.Ruleset, words: Words, ids: bool) -> None:
        self.parent = parent
        self.child = child
        self.w = words
        self.ids = ids
        self.old = Speaker(words, parent.items, parent.resources)
        self.new = Speaker(words, child.items, child.resources)
        self.changes = Changes()
        self.briefs: dict[Rich, Rich] = {}
        self.added_tiles: dict[Rich, Rich] = {}  # the sentence of each new tile -> the tile's label

    def say(self, key: str, **values: Rich | str | int) -> Rich:
        return self.w.rich(key, None, **values)

    def named(self, entry_id: str, name: str) -> Rich:
        """An entry by its name, led by its id when the ids are shown: `c-points (Points)`."""
        return self.say("diff.named", id=ident(entry_id), name=name) if self.ids else rich(name)

    def tile(self, tile: ir.Tile) -> Rich:
        """A tile by its id and name, or (ids left out) by its name and tier: `Points (C)`."""
        return (
            self.named(tile.id, tile.name) if self.ids else self.say("diff.tile.label", name=tile.name, tier=tile.tier)
        )

    # --- sections (one per Ruleset field) ---------------------------------------------

    def players(self) -> list[Rich]:
        p, c = self.parent, self.child
        if (p.min_players, p.max_players) == (c.min_players, c.max_players):
            return []
        self.changes.players = True
        old = self.say("diff.players.range", min=p.min_players, max=p.max_players)
        new = self.say("diff.players.range", min=c.min_players, max=c.max_players)
        return [self.say("diff.players", new=new, old=old)]

    def rounds(self) -> list[Rich]:
        if self.parent.rounds == self.child.rounds:
            return []
        self.changes.rounds = True
        return [self.say("diff.rounds", new=self.child.rounds, old=self.parent.rounds)]

    def items(self) -> list[Rich]:
        old = {i.id: i for i in self.parent.items}
        new = {i.id: i for i in self.child.items}
        out = []
        for item_id in sorted(old.keys() | new.keys()):
            a, b = old.get(item_id), new.get(item_id)
            if a == b:
                continue
            self.changes.items = True
            if a is None and b is not None:
                out.append(
                    self.say("diff.item.added", kind=self.say(f"item.kind.{b.kind}"), name=self.named(b.id, b.name))
                )
            elif b is None and a is not None:
                out.append(
                    self.say("diff.item.removed", kind=self.say(f"item.kind.{a.kind}"), name=self.named(a.id, a.name))
                )
            elif a is not None and b is not None and (a.name, a.kind) == (b.name, b.kind):
                out.append(self.say("diff.item.plural", id=item_id, new=b.named(2), old=a.named(2)))
            elif a is not None and b is not None:
                out.append(
                    self.say(
                        "diff.item.changed",
                        id=item_id,
                        new=self.say("diff.item.desc", name=b.name, kind=self.say(f"item.kind.{b.kind}")),
                        old=self.say("diff.item.desc", name=a.name, kind=self.say(f"item.kind.{a.kind}")),
                    )
                )
        return out

    def track(self) -> list[Rich]:
        a, b = self.parent.track, self.child.track
        out: list[Rich] = []
        for space in range(min(len(a.points), len(b.points))):
            if a.points[space] != b.points[space]:
                self.changes.spaces.add(space)
                out.append(
                    self.say(
                        "diff.space.changed",
                        space=space,
                        new=phrases.points(self.new, b.points[space]),
                        old=number(a.points[space]),
                    )
                )
        removed = list(range(len(b.points), len(a.points)))
        self.changes.removed_spaces.update(removed)
        if len(removed) == 1:
            out.append(self.say("diff.space.removed", space=removed[0]))
        elif removed:
            out.append(self.say("diff.spaces.removed", first=removed[0], last=removed[-1]))
        added = list(range(len(a.points), len(b.points)))
        self.changes.spaces.update(added)
        if len(added) == 1:
            out.append(
                self.say("diff.space.added", space=added[0], points=phrases.points(self.new, b.points[added[0]]))
            )
        elif added:
            points = self.w.join([rich(number(b.points[space])) for space in added])
            out.append(self.say("diff.spaces.added", first=added[0], last=added[-1], points=points))
        if a.last_space != b.last_space:
            self.changes.cap = True
            out.append(self.say("diff.cap", new=b.last_space, old=a.last_space))
        if a.points_per_step_beyond != b.points_per_step_beyond:
            self.changes.beyond = True
            out.append(
                self.say(
                    "diff.beyond",
                    new=phrases.points(self.new, b.points_per_step_beyond),
                    old=phrases.points(self.old, a.points_per_step_beyond),
                )
            )
        out.extend(self._zones(a, b))
        return out

    def _zones(self, a: ir.Track, b: ir.Track) -> list[Rich]:
        old = {z.id: z for z in a.zones}
        new = {z.id: z for z in b.zones}
        out = []
        for zone_id in [z.id for z in b.zones] + sorted(old.keys() - new.keys()):
            x, y = old.get(zone_id), new.get(zone_id)
            if x == y:
                continue
            if x is None and y is not None:
                self.changes.zones.add(zone_id)
                out.append(
                    self.say(
                        "diff.zone.added",
                        name=self.named(y.id, y.name),
                        spaces=phrases.spaces(self.new, y.first, y.last),
                        outcome=phrases.outcome(self.new, y.outcome),
                    )
                )
                continue
            if y is None and x is not None:
                out.append(
                    self.say(
                        "diff.zone.removed",
                        name=self.named(x.id, x.name),
                        spaces=phrases.spaces(self.old, x.first, x.last),
                    )
                )
                continue
            assert x is not None and y is not None
            self.changes.zones.add(zone_id)
            if x.name != y.name:
                out.append(self.say("diff.zone.name", old=self.named(x.id, x.name), new=y.name))
            if (x.first, x.last) != (y.first, y.last):
                out.append(
                    self.say(
                        "diff.zone.range",
                        name=self.named(y.id, y.name),
                        new=phrases.spaces(self.new, y.first, y.last),
                        old=phrases.spaces(self.old, x.first, x.last),
                    )
                )
            if x.outcome != y.outcome:
                out.append(
                    self.say(
                        "diff.zone.outcome",
                        name=self.named(y.id, y.name),
                        spaces=phrases.spaces(self.new, y.first, y.last),
                        new=phrases.outcome(self.new, y.outcome),
                        old=phrases.outcome(self.old, x.outcome),
                    )
                )
        return out

    def scorings(self) -> list[Rich]:
        old = {s.round: s for s in self.parent.scorings}
        new = {s.round: s for s in self.child.scorings}
        out = []
        for number_ in sorted(old.keys() | new.keys()):
            x, y = old.get(number_), new.get(number_)
            if x == y:
                continue
            if y is not None:
                self.changes.scorings.add(number_)
            if x is None and y is not None:
                if y.move_back:
                    back = self.say("diff.move_back", spaces=self.new.w.count(y.move_back, "space"))
                else:
                    back = self.say("diff.move_back.none")
                out.append(self.say("diff.scoring.added", round=number_, tier=y.tier, back=back))
            elif y is None:
                out.append(self.say("diff.scoring.removed", round=number_))
            elif x is not None:
                if x.move_back != y.move_back:
                    key = "diff.scoring.back"
                    if not y.move_back:
                        key += ".to_none"
                    elif not x.move_back:
                        key += ".from_none"
                    new_spaces = self.new.w.count(y.move_back, "space")
                    old_spaces = self.old.w.count(x.move_back, "space")
                    out.append(self.say(key, round=number_, new=new_spaces, old=x.move_back, old_spaces=old_spaces))
                if x.tier != y.tier:
                    out.append(self.say("diff.scoring.tier", round=number_, new=y.tier, old=x.tier))
        return out

    def tiles(self) -> list[Rich]:
        old = {t.id: t for t in self.parent.tiles}
        new = {t.id: t for t in self.child.tiles}
        out = []
        for tile_id in [t.id for t in self.child.tiles] + [t.id for t in self.parent.tiles if t.id not in new]:
            x, y = old.get(tile_id), new.get(tile_id)
            if x == y:
                continue
            if x is None and y is not None:
                self.changes.tiles.add(tile_id)
                self.changes.new_tiles.add(tile_id)
                sentence = self.say(
                    "diff.tile.added",
                    tier=y.tier,
                    name=self.named(y.id, y.name),
                    bonus=self.new.effects(y.bonus),
                    penalty=self.new.penalty(y.penalty),
                )
                self.added_tiles[sentence] = self.say("diff.tile.label", name=y.name, tier=y.tier)
                out.append(sentence)
                continue
            if y is None and x is not None:
                out.append(self.say("diff.tile.removed", tier=x.tier, name=self.named(x.id, x.name)))
                continue
            assert x is not None and y is not None
            self.changes.tiles.add(tile_id)
            label = self.tile(y)
            if x.name != y.name:
                out.append(self.say("diff.tile.name", old=self.tile(x), new=y.name))
            if x.tier != y.tier:
                out.append(self.say("diff.tile.tier", name=self.named(y.id, y.name), new=y.tier, old=x.tier))
            if x.bonus != y.bonus:
                out.append(
                    self.say(
                        "diff.tile.bonus", name=label, new=self.new.effects(y.bonus), old=self.old.effects(x.bonus)
                    )
                )
            if x.penalty != y.penalty:
                out.append(
                    self.say(
                        "diff.tile.penalty",
                        name=label,
                        new=self.new.penalty(y.penalty),
                        old=self.old.penalty(x.penalty),
                    )
                )
            if x.description != y.description:
                out.append(self.say("diff.tile.description", name=label, new=y.description))
            if x.uncertain != y.uncertain:
                out.append(self.say("diff.tile.uncertain", name=label))
        return out

    def hotel(self) -> list[Rich]:
        a, b = self.parent.hotel, self.child.hotel
        if a == b:
            return []
        self.changes.hotel = True
        out = self._hotel_layout(a, b) + self._hotel_rooms(a, b) + self._hotel_points(a, b)
        if a.cafe_seats != b.cafe_seats:
            out.append(self.say("diff.hotel.cafe", new=b.cafe_seats, old=a.cafe_seats))
        if (a.uncertain, a.printed_points_uncertain) != (b.uncertain, b.printed_points_uncertain):
            out.append(self.say("diff.hotel.uncertain"))
        return out

    def _hotel_layout(self, a: ir.Hotel, b: ir.Hotel) -> list[Rich]:
        """The hotel's size, or (the same size) each room of another colour; its groups added."""
        out = []
        if (a.floors, a.columns) != (b.floors, b.columns):
            out.append(
                self.say(
                    "diff.hotel.size",
                    new=self.say("diff.hotel.dims", floors=b.floors, columns=b.columns),
                    old=self.say("diff.hotel.dims", floors=a.floors, columns=a.columns),
                )
            )
        else:
            for floor in range(b.floors, 0, -1):
                for column in range(1, b.columns + 1):
                    x, y = a.colours[floor - 1][column - 1], b.colours[floor - 1][column - 1]
                    if x != y:
                        out.append(
                            self.say(
                                "diff.hotel.colour",
                                cell=f"{floor}.{column}",
                                new=self.say(f"hotel.colour.{y}"),
                                old=self.say(f"hotel.colour.{x}"),
                            )
                        )
        old_groups = {(g.colour, tuple(sorted(g.cells))) for g in a.groups}
        new_groups = {(g.colour, tuple(sorted(g.cells))) for g in b.groups}
        if old_groups != new_groups:
            listed = [
                self.say("diff.hotel.group", colour=self.say(f"hotel.colour.{colour}"), cells=phrases.cells(cells))
                for colour, cells in sorted(new_groups - old_groups)
            ]
            out.append(self.say("diff.hotel.groups", groups=self.w.join(listed) or self.say("diff.none")))
        return out

    def _hotel_rooms(self, a: ir.Hotel, b: ir.Hotel) -> list[Rich]:
        """The cost of preparing a room on each floor, the first room, where rooms may be placed."""
        out = []
        for floor in range(1, max(len(a.prepare_cost), len(b.prepare_cost)) + 1):
            x_cost = a.prepare_cost[floor - 1] if floor <= len(a.prepare_cost) else None
            y_cost = b.prepare_cost[floor - 1] if floor <= len(b.prepare_cost) else None
            if x_cost != y_cost and x_cost is not None and y_cost is not None:
                out.append(
                    self.say(
                        "diff.hotel.cost",
                        floor=floor,
                        new=self.w.count(y_cost, "krone"),
                        old=self.w.count(x_cost, "krone"),
                    )
                )
        if a.first_room != b.first_room:
            out.append(
                self.say("diff.hotel.first", new=phrases.cells((b.first_room,)), old=phrases.cells((a.first_room,)))
            )
        if a.placement != b.placement:
            out.append(self.say("diff.hotel.placement", new=b.placement, old=a.placement))
        return out

    def _hotel_points(self, a: ir.Hotel, b: ir.Hotel) -> list[Rich]:
        """The points printed in rooms, and the reward of each colour's groups."""
        out = []
        old_printed, new_printed = dict(a.printed_points), dict(b.printed_points)
        for cell in sorted(old_printed.keys() | new_printed.keys()):
            x_points, y_points = old_printed.get(cell, 0), new_printed.get(cell, 0)
            if x_points != y_points:
                out.append(
                    self.say(
                        "diff.hotel.printed",
                        cell=f"{cell[0]}.{cell[1]}",
                        new=phrases.points(self.new, y_points),
                        old=phrases.points(self.old, x_points),
                    )
                )
        old_rewards, new_rewards = dict(a.group_rewards), dict(b.group_rewards)
        for colour in sorted(old_rewards.keys() | new_rewards.keys()):
            x_reward, y_reward = old_rewards.get(colour), new_rewards.get(colour)
            if x_reward != y_reward:
                out.append(
                    self.say(
                        "diff.hotel.reward",
                        colour=self.say(f"hotel.colour.{colour}"),
                        new=self._reward(y_reward),
                        old=self._reward(x_reward),
                    )
                )
        return out

    def _reward(self, reward: ir.GroupReward | None) -> Rich:
        if reward is None:
            return self.say("diff.hotel.reward.none")
        values, sizes = phrases.group_reward(self.new, reward)
        return self.say(
            "diff.hotel.reward.value", values=values, kind=self.say(f"hotel.reward.{reward.reward}"), sizes=sizes
        )

    def staff(self) -> list[Rich]:
        old = {c.number: c for c in self.parent.staff}
        new = {c.number: c for c in self.child.staff}
        out = []
        for card_number in sorted(old.keys() | new.keys()):
            x, y = old.get(card_number), new.get(card_number)
            if x == y:
                continue
            if y is not None:
                self.changes.staff.add(card_number)
            if x is None and y is not None:
                out.append(
                    self.say(
                        "diff.staff.added",
                        number=card_number,
                        name=y.name,
                        cost=self.w.count(y.cost, "krone"),
                        kind=self.say(f"diff.staff_kind.{y.kind}"),
                    )
                )
                continue
            if y is None and x is not None:
                out.append(self.say("diff.staff.removed", number=card_number, name=x.name))
                continue
            assert x is not None and y is not None
            if x.name != y.name:
                out.append(self.say("diff.staff.name", number=card_number, new=y.name, old=x.name))
            # Each field that differs: its wording key and how to say a card's value of it.
            compared: list[tuple[bool, str, Callable[[ir.StaffCard, bool], Rich]]] = [
                (x.cost != y.cost, "diff.staff.cost", lambda c, _new: self.w.count(c.cost, "krone")),
                (x.kind != y.kind, "diff.staff.kind", lambda c, _new: self.say(f"diff.staff_kind.{c.kind}")),
                (
                    x.game_end != y.game_end,
                    "diff.staff.game_end",
                    lambda c, new: phrases.game_end(self.new if new else self.old, c),
                ),
                (
                    x.once != y.once,
                    "diff.staff.once",
                    lambda c, new: (self.new if new else self.old).effects(c.once, "diff.nothing"),
                ),
                (
                    x.emperor_bonus != y.emperor_bonus,
                    "diff.staff.emperor_bonus",
                    lambda c, new: (self.new if new else self.old).effects(c.emperor_bonus, "diff.nothing"),
                ),
                (
                    x.penalty_waiver_cost != y.penalty_waiver_cost,
                    "diff.staff.waiver",
                    lambda c, _new: self._waiver(c.penalty_waiver_cost),
                ),
            ]
            for differs, key, value in compared:
                if differs:
                    out.append(self.say(key, number=card_number, name=y.name, new=value(y, True), old=value(x, False)))
        return out

    def _waiver(self, cost: int | None) -> Rich:
        return self.say("diff.staff.waiver.none") if cost is None else self.w.count(cost, "krone")

    def final_scoring(self) -> list[Rich]:
        old = {f.id: f for f in self.parent.final_scoring}
        new = {f.id: f for f in self.child.final_scoring}
        out = []
        for source_id in [f.id for f in self.child.final_scoring] + [
            f.id for f in self.parent.final_scoring if f.id not in new
        ]:
            x, y = old.get(source_id), new.get(source_id)
            if x == y:
                continue
            if x is None and y is not None:
                self.changes.final.add(source_id)
                out.append(
                    self.say(
                        "diff.final.added", name=self.named(y.id, y.name), points=phrases.final_points(self.new, y)
                    )
                )
            elif y is None and x is not None:
                out.append(self.say("diff.final.removed", name=self.named(x.id, x.name)))
            elif x is not None and y is not None:
                self.changes.final.add(source_id)
                if x.name != y.name:
                    out.append(self.say("diff.final.name", old=self.named(x.id, x.name), new=y.name))
                old_points, new_points = phrases.final_points(self.old, x), phrases.final_points(self.new, y)
                if x.source == y.source == "per_quantity" and x.per == y.per and y.per is not None:
                    if x.points != y.points:
                        out.append(
                            self.say(
                                "diff.final.points",
                                name=self.named(y.id, y.name),
                                new=phrases.points(self.new, y.points),
                                unit=self.new.per(y.per),
                                old=number(x.points),
                            )
                        )
                elif plain(old_points) != plain(new_points):
                    out.append(
                        self.say("diff.final.changed", name=self.named(y.id, y.name), new=new_points, old=old_points)
                    )
        shared_old = [f.id for f in self.parent.final_scoring if f.id in new]
        shared_new = [f.id for f in self.child.final_scoring if f.id in old]
        if shared_old != shared_new:
            order = [self.named(f.id, f.name) for f in self.child.final_scoring]
            out.append(self.say("diff.final.order", order=self.w.sequence(order)))
        return out

    def score_track(self) -> list[Rich]:
        out = []
        p, c = self.parent, self.child
        if p.score_track_spaces != c.score_track_spaces:
            self.changes.score_track = True
            out.append(self.say("diff.score_track", new=c.score_track_spaces, old=p.score_track_spaces))
        if p.lap_marker != c.lap_marker:
            self.changes.score_track = True
            out.append(
                self.say(
                    "diff.laps",
                    new="/".join(map(str, c.lap_marker)) or plain(self.say("diff.none")),
                    old="/".join(map(str, p.lap_marker)) or plain(self.say("diff.none")),
                )
            )
        return out

    def tiebreakers(self) -> list[Rich]:
        if self.parent.tiebreakers == self.child.tiebreakers:
            return []
        self.changes.tiebreak = True
        return [
            self.say(
                "diff.tiebreak",
                new=phrases.tiebreaks(self.new, self.child.tiebreakers),
                old=phrases.tiebreaks(self.old, self.parent.tiebreakers),
            )
        ]

    def rulings(self) -> list[Rich]:
        a, b = self.parent.rulings, self.child.rulings
        if a == b:
            return []
        self.changes.rulings = True
        out = []
        if a.points_floor != b.points_floor:
            out.append(self.say("diff.points_floor", new=number(b.points_floor), old=number(a.points_floor)))
        if a.krones_floor != b.krones_floor:
            out.append(self.say("diff.krones_floor", new=number(b.krones_floor), old=number(a.krones_floor)))
        if a.read_other_players != b.read_other_players:
            new, old = (self.say(f"diff.read_others.{r.read_other_players}") for r in (b, a))
            out.append(self.say("diff.read_other_players", new=new, old=old))
        out.extend(self.say("diff.note.added", note=note) for note in b.notes if note not in a.notes)
        out.extend(self.say("diff.note.removed", note=note) for note in a.notes if note not in b.notes)
        return out

    def setup(self) -> list[Rich]:
        a, b = self.parent.setup, self.child.setup
        out = self._deal(a.deal, b.deal) + self._start(a.start, b.start)
        if a.start != b.start:
            self.changes.start = True
        return out

    def _deal(self, x: ir.Deal, y: ir.Deal) -> list[Rich]:
        """How the staff are dealt, and the introductory deal's sets (whether they are only examples)."""
        out = []
        if plain(phrases.deal_short(self.old, x)) != plain(phrases.deal_short(self.new, y)):
            self.changes.deal = True
            out.append(self.say("diff.deal", new=phrases.deal_short(self.new, y), old=phrases.deal_short(self.old, x)))
        if y.method == "introductory" and x.sets != y.sets:
            self.changes.sets = True
            listed = [
                rich(
                    self.say("setup.set", letter=letter),
                    ": ",
                    ", ".join(self._card_name(n) for n in cards),
                )
                for letter, cards in y.sets
            ]
            letters = self.w.join([rich(letter) for letter, _ in y.sets])
            if x.method == "introductory":
                full = self.say("diff.deal.sets", sets=self.w.sequence(listed))
                self.briefs[full] = self.say("diff.deal.sets.brief", letters=letters)
            else:
                full = self.say("diff.deal.sets.new", sets=self.w.sequence(listed))
                self.briefs[full] = self.say("diff.deal.sets.new.brief", letters=letters)
            out.append(full)
            if x.method != "introductory" and y.sets_are_examples:
                out.append(self.say("setup.sets.examples"))
        if x.method == y.method == "introductory" and x.sets_are_examples != y.sets_are_examples:
            self.changes.sets = True
            yes_no = {True: self.say("diff.yes"), False: self.say("diff.no")}
            out.append(self.say("diff.deal.examples", new=yes_no[y.sets_are_examples], old=yes_no[x.sets_are_examples]))
        return out

    def _start(self, s: ir.StartingState, t: ir.StartingState) -> list[Rich]:
        """What each player starts with: krones, items, the Emperor's space, points, rooms."""
        out = []
        if s.krones != t.krones:
            out.append(
                self.say("diff.start.krones", new=self.w.count(t.krones, "krone"), old=self.w.count(s.krones, "krone"))
            )
        if s.items != t.items:
            out.append(
                self.say(
                    "diff.start.items", new=phrases.kitchen(self.new, t.items), old=phrases.kitchen(self.old, s.items)
                )
            )
        if s.emperor != t.emperor:
            out.append(self.say("diff.start.emperor", new=t.emperor, old=s.emperor))
        if s.points != t.points:
            out.append(
                self.say(
                    "diff.start.points", new=phrases.points(self.new, t.points), old=phrases.points(self.old, s.points)
                )
            )
        if s.hotel_rooms != t.hotel_rooms:
            none = plain(self.say("diff.none"))
            out.append(
                self.say(
                    "diff.start.rooms",
                    new=phrases.cells(t.hotel_rooms) if t.hotel_rooms else none,
                    old=phrases.cells(s.hotel_rooms) if s.hotel_rooms else none,
                )
            )
        if s.uncertain != t.uncertain:
            out.append(self.say("diff.start.uncertain"))
        return out

    def _card_name(self, card_number: int) -> str:
        for card in self.child.staff:
            if card.number == card_number:
                return f"{card.name} ({card_number})"
        return str(card_number)

    def resources(self) -> list[Rich]:
        """Declared resources added, removed or changed (limits, start; their end scoring is a final source)."""
        old = {r.id: r for r in self.parent.resources}
        new = {r.id: r for r in self.child.resources}
        out: list[Rich] = []
        for resource in self.child.resources:
            before = old.get(resource.id)
            if before is None:
                out.append(self.say("diff.resource.added", rule=phrases.resource_rule(self.new, resource)))
            elif before != resource:
                out.append(self.say("diff.resource.changed", rule=phrases.resource_rule(self.new, resource)))
        for resource in self.parent.resources:
            if resource.id not in new:
                out.append(self.say("diff.resource.removed", name=self.old.resource_name(resource.id, 2)))
        return out

    def roles(self) -> list[Rich]:
        """Player roles added, removed or changed (in full; the sheet's box names them and points to the rulings)."""
        old = {r.id: r for r in self.parent.roles}
        new = {r.id: r for r in self.child.roles}
        out: list[Rich] = []
        language = self.w.language.id
        for role in self.child.roles:
            if old.get(role.id) == role:
                continue
            key = "diff.role.added" if role.id not in old else "diff.role.changed"
            full = self.say(key, rule=phrases.role_rule(self.new, role, self.child.final_scoring))
            self.briefs[full] = self.say(f"{key}.brief", name=role.named(language))
            out.append(full)
        for role in self.parent.roles:
            if role.id not in new:
                out.append(self.say("diff.role.removed", name=role.named(language)))
        return out

    # --- the whole comparison -----------------------------------------------------------

    def run(self) -> Difference:
        sections: list[tuple[tuple[str, ...], Callable[[], list[Rich]]]] = [
            (("min_players", "max_players"), self.players),
            (("rounds",), self.rounds),
            (("items",), self.items),
            (("track",), self.track),
            (("scorings",), self.scorings),
            (("tiles",), self.tiles),
            (("hotel",), self.hotel),
            (("staff",), self.staff),
            (("final_scoring",), self.final_scoring),
            (("resources",), self.resources),
            (("roles",), self.roles),
            (("score_track_spaces", "lap_marker"), self.score_track),
            (("tiebreakers",), self.tiebreakers),
            (("rulings",), self.rulings),
            (("setup",), self.setup),
        ]
        covered = {name for names, _ in sections for name in names} | set(IDENTITY_FIELDS)
        sentences: list[Rich] = []
        for names, section in sections:
            found = section()
            differs = any(getattr(self.parent, n) != getattr(self.child, n) for n in names)
            if differs and not found:
                found = [self.say("diff.other", field=n) for n in names]
            sentences.extend(found)
        for f in fields(ir.Ruleset):
            if f.name not in covered and getattr(self.parent, f.name) != getattr(self.child, f.name):
                sentences.append(self.say("diff.other", field=f.name))
        brief = [self.briefs.get(s, s) for s in sentences]
        return Difference(sentences, self.changes, brief, self._short(brief))

    def _short(self, brief: list[Rich]) -> list[Rich]:
        """`brief` with its sentences about new tiles made one, where the first of them was."""
        added = [self.added_tiles[s] for s in brief if s in self.added_tiles]
        if not added:
            return brief
        first = next(i for i, s in enumerate(brief) if s in self.added_tiles)
        rest = [s for s in brief if s not in self.added_tiles]
        return [*rest[:first], self.say("diff.tiles.added.short", tiles=self.w.join(added)), *rest[first:]]


def compare(parent: ir.Ruleset, child: ir.Ruleset, words: Words | None = None, *, ids: bool = False) -> Difference:
    """Every difference of `child` from `parent`: sentences (rich text) and the structured Changes.

    With `ids`, the sentences name tiles, zones, items and final-scoring sources by their ids too.
    """
    return _Comparer(parent, child, words or Words(), ids).run()


def describe_differences(
    parent: ir.Ruleset, child: ir.Ruleset, *, ids: bool = True, language: Language | None = None
) -> list[str]:
    """Every difference of `child` from `parent`, as plain sentences in a fixed order (`gah diff`), in `language`
    (default: English), entries named in it."""
    if language is not None:
        parent, child = localised(parent, language), localised(child, language)
    return [plain(sentence) for sentence in compare(parent, child, Words(language), ids=ids).sentences]

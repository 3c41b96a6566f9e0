"""Build the IR from a merged, schema-valid document, checking what a schema cannot see."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import cast

from .. import ir
from ..errors import Position, Problem, RulesError
from ..said import Joined, Value, problem_at, said
from .expressions import lower_expression
from .lower_effects import build_effects, check_all_or_nothing
from .quantities import lower_quantity, own_quantity, resource_quantity
from .raw import RawMapping
from .rulesets import Resolved
from .validate import key_position, locate, node_at


def parse_cell(text: str) -> ir.Cell:
    floor, column = text.split(".")
    return int(floor), int(column)


def cell_text(cell: ir.Cell) -> str:
    return f"{cell[0]}.{cell[1]}"


@dataclass(frozen=True)
class _HotelGrid:
    """The hotel's size and the colour of each room (floor 1 first), as its layout gives them."""

    floors: int
    columns: int
    colours: tuple[tuple[str, ...], ...]

    def inside(self, cell: ir.Cell) -> bool:
        return 1 <= cell[0] <= self.floors and 1 <= cell[1] <= self.columns

    def colour(self, cell: ir.Cell) -> str:
        return self.colours[cell[0] - 1][cell[1] - 1]


class _Builder:
    def __init__(self, resolved: Resolved) -> None:
        self.resolved = resolved
        self.doc = cast(RawMapping, resolved.document.plain())
        self.problems: list[Problem] = []

    # positions -------------------------------------------------------------------
    def at(self, *path: str | int) -> Position:
        return locate(self.resolved.document, list(path))

    def key_at(self, *path: str | int) -> Position:
        return key_position(self.resolved.document, list(path))

    def problem(self, position: Position, key: str, count: int | None = None, /, **values: Value) -> None:
        """A problem said by the phrase errors.lower.KEY."""
        self.problems.append(problem_at(position, f"errors.lower.{key}", count, **values))

    def blame(self, *candidates: Position) -> Position:
        """Of the places that together make a problem, the one in the newest file of the chain.

        A variant that breaks its parent is reported in the variant, where the
        change was made, not at the parent's untouched line. Ties go to the first.
        """
        order = {name: index for index, name in enumerate(self.resolved.sources)}
        return max(candidates, key=lambda p: (order.get(p.file, -1), -candidates.index(p)))

    # effects ---------------------------------------------------------------------
    def effects(self, items: list[RawMapping], path: Sequence[str | int]) -> tuple[ir.Effect, ...]:
        return build_effects(items, path, self)

    # sections --------------------------------------------------------------------
    def track(self) -> ir.Track:
        data = self.doc["emperor_track"]
        spaces = {int(k): v for k, v in data["spaces"].items()}
        last = max(spaces)
        spaces_node = node_at(self.resolved.document, ["emperor_track", "spaces"])
        gaps = [space for space in range(last + 1) if space not in spaces]
        if gaps:
            removed = [spaces_node.removed_keys[str(s)] for s in gaps if str(s) in spaces_node.removed_keys]
            self.problem(
                removed[0] if removed else self.at("emperor_track", "spaces"),
                "spaces_missing",
                len(gaps),
                spaces=", ".join(map(str, gaps)),
                last=last,
            )
        points = tuple(spaces.get(s, 0) for s in range(last + 1))
        zones = self.zones(data["zones"], last)
        self.check_zones_cover(zones, last)
        return ir.Track(points, data["points_per_step_beyond"], tuple(zones))

    def zones(self, data: RawMapping, last: int) -> list[ir.Zone]:
        """The track's zones by their first space; a zone backwards is left out, one beyond the last space kept."""
        spaces_key = self.key_at("emperor_track", "spaces")
        zones: list[ir.Zone] = []
        for zone_id, zone in data.items():
            where = self.key_at("emperor_track", "zones", zone_id)
            if zone["from"] > zone["to"]:
                self.problem(where, "zone_backwards", zone=zone_id, first=zone["from"], last=zone["to"])
                continue
            if zone["to"] > last:
                self.problem(
                    self.blame(self.at("emperor_track", "zones", zone_id, "to"), spaces_key),
                    "zone_beyond",
                    zone=zone_id,
                    end=zone["to"],
                    last=last,
                )
            zones.append(ir.Zone(zone_id, zone["name"], zone["from"], zone["to"], zone["outcome"]))
        zones.sort(key=lambda z: (z.first, z.last))
        return zones

    def check_zones_cover(self, zones: list[ir.Zone], last: int) -> None:
        """The zones (by first space) overlap nowhere and leave no space of the track out."""
        for index, after in enumerate(zones[1:], start=1):
            before = max(zones[:index], key=lambda z: z.last)  # the zone reaching furthest so far
            if after.first <= before.last:
                self.problem(
                    self.blame(
                        self.at("emperor_track", "zones", before.id, "to"),
                        self.at("emperor_track", "zones", after.id, "from"),
                    ),
                    "zones_overlap",
                    zone=before.id,
                    first=before.first,
                    last=before.last,
                    other=after.id,
                    other_first=after.first,
                    other_last=after.last,
                )
        covered = {space for zone in zones for space in range(zone.first, zone.last + 1)}
        missing = [s for s in range(last + 1) if s not in covered]
        if missing:
            # The zones on either side of the first gap are where a patch most likely moved an end.
            sides = [self.at("emperor_track", "zones", z.id, "to") for z in zones if z.last == missing[0] - 1]
            gap_end = next((s for s in range(missing[0], last + 1) if s in covered), None)
            sides += [self.at("emperor_track", "zones", z.id, "from") for z in zones if z.first == gap_end]
            self.problem(
                self.blame(*sides, self.key_at("emperor_track", "zones"), self.key_at("emperor_track", "spaces")),
                "spaces_in_no_zone",
                len(missing),
                spaces=", ".join(map(str, missing)),
                last=last,
            )

    def scorings(self, track: ir.Track, tiles: dict[str, RawMapping]) -> tuple[ir.EmperorScoring, ...]:
        result = []
        tiers_with_tiles = {t["tier"] for t in tiles.values()}
        for round_text, scoring in self.doc["emperor_scorings"].items():
            number = int(round_text)
            where = self.key_at("emperor_scorings", round_text)
            if number > self.doc["rounds"]:
                self.problem(
                    self.blame(where, self.at("rounds")),
                    "scoring_after_last_round",
                    self.doc["rounds"],
                    round=number,
                )
            if scoring["move_back"] > track.last_space:
                self.problem(
                    self.blame(
                        self.at("emperor_scorings", round_text, "move_back"), self.key_at("emperor_track", "spaces")
                    ),
                    "move_back_too_long",
                    round=round_text,
                    spaces=scoring["move_back"],
                    last=track.last_space,
                )
            if scoring["tier"] not in tiers_with_tiles:
                self.problem(
                    self.blame(self.at("emperor_scorings", round_text, "tier"), self.key_at("tiles")),
                    "no_tile_of_tier",
                    tier=scoring["tier"],
                    round=number,
                    tiers=", ".join(sorted(tiers_with_tiles)) or said("errors.lower.none"),
                )
            result.append(ir.EmperorScoring(number, scoring["tier"], scoring["move_back"]))
        scored_tiers = {s.tier for s in result}
        for tile_id, tile in tiles.items():
            if tile["tier"] not in scored_tiers:
                self.problem(
                    self.blame(self.at("tiles", tile_id, "tier"), self.key_at("emperor_scorings")),
                    "tier_not_scored",
                    tile=tile_id,
                    tier=tile["tier"],
                    tiers=", ".join(sorted(scored_tiers)) or said("errors.lower.none"),
                )
        tiers = [s.tier for s in sorted(result, key=lambda s: s.round)]
        for tier in set(tiers):
            if tiers.count(tier) > 1:
                self.problem(
                    self.key_at("emperor_scorings"),
                    "tier_twice",
                    tier=tier,
                )
        return tuple(sorted(result, key=lambda s: s.round))

    def tiles(self) -> tuple[ir.Tile, ...]:
        result = []
        for tile_id, tile in self.doc["tiles"].items():
            penalty_data = tile["penalty"]
            path = ["tiles", tile_id, "penalty"]
            if "effects" in penalty_data:
                penalty = ir.Penalty(effects=self.effects(penalty_data["effects"], [*path, "effects"]))
            else:
                penalty = ir.Penalty(
                    prefer=self.effects(penalty_data["prefer"], [*path, "prefer"]),
                    otherwise=self.effects(penalty_data["otherwise"], [*path, "otherwise"]),
                )
                check_all_or_nothing(penalty.prefer, [*path, "prefer"], self)
            result.append(
                ir.Tile(
                    tile_id,
                    tile["tier"],
                    tile["name"],
                    tile.get("description", ""),
                    tile.get("uncertain", ""),
                    self.effects(tile["bonus"], ["tiles", tile_id, "bonus"]),
                    penalty,
                )
            )
        return tuple(sorted(result, key=lambda t: (t.tier, list(self.doc["tiles"]).index(t.id))))

    def tiebreakers(self) -> tuple[ir.Tiebreaker, ...]:
        entries = self.doc["tiebreakers"]
        if len(entries) > 1:
            # The scorers rank by the first tie-breaker only; a second would be printed but never applied.
            self.problem(
                self.at("tiebreakers", 1),
                "tiebreakers",
                len(entries),
            )
        return tuple(
            ir.Tiebreaker(
                tuple(
                    own_quantity(
                        lower_quantity(t[key], ["tiebreakers", index, key], self),
                        ["tiebreakers", index, key],
                        self,
                        said("errors.lower.a_tiebreaker"),
                    )
                    for key in ("per", "plus")
                    if t.get(key) is not None
                )
            )
            for index, t in enumerate(entries[:1])
        )

    def hotel(self) -> ir.Hotel:
        data = self.doc["hotel"]
        grid = self.hotel_grid(data)
        groups, seen = self.hotel_groups(data["groups"], grid)
        for floor in range(1, grid.floors + 1):
            for column in range(1, grid.columns + 1):
                if (floor, column) not in seen:
                    self.problem(self.key_at("hotel", "groups"), "room_in_no_group", room=f"{floor}.{column}")
        costs = data["prepare_cost"]
        for floor in range(1, grid.floors + 1):
            if str(floor) not in costs:
                self.problem(self.key_at("hotel", "prepare_cost"), "no_cost", floor=floor)
        first = parse_cell(data["first_room"])
        if not grid.inside(first):
            self.problem(self.at("hotel", "first_room"), "first_room_outside", room=data["first_room"])
        printed = []
        for cell_name, points in data["printed_points"].items():
            cell = parse_cell(cell_name)
            if not grid.inside(cell):
                self.problem(
                    self.key_at("hotel", "printed_points", cell_name),
                    "printed_outside",
                    room=cell_name,
                )
            printed.append((cell, points))
        return ir.Hotel(
            floors=grid.floors,
            columns=grid.columns,
            colours=grid.colours,
            groups=tuple(groups),
            prepare_cost=tuple(costs.get(str(f), 0) for f in range(1, grid.floors + 1)),
            first_room=first,
            placement=data["placement"],
            printed_points=tuple(sorted(printed)),
            group_rewards=self.group_rewards(data["group_rewards"], groups),
            cafe_seats=data["cafe_seats"],
            uncertain=data.get("uncertain", ""),
            printed_points_uncertain=data.get("printed_points_uncertain", ""),
        )

    def hotel_grid(self, data: RawMapping) -> _HotelGrid:
        """The hotel's floors, columns and room colours from its layout (a short floor padded, a letter unknown red)."""
        layout: list[str] = data["layout"]
        floors = len(layout)
        columns = len(layout[0])
        for index, row in enumerate(layout):
            if len(row) != columns:
                self.problem(
                    self.at("hotel", "layout", index),
                    "floor_width",
                    columns,
                    size=len(row),
                )
            for letter in row:
                if letter not in data["colours"]:
                    self.problem(
                        self.at("hotel", "layout", index),
                        "unknown_letter",
                        letter=letter,
                        letters=", ".join(data["colours"]),
                    )
                    break
        colours = tuple(
            tuple(data["colours"].get(letter, "red") for letter in layout[floors - floor].ljust(columns, layout[0][0]))
            for floor in range(1, floors + 1)
        )
        return _HotelGrid(floors, columns, colours)

    def hotel_groups(self, data: list[list[str]], grid: _HotelGrid) -> tuple[list[ir.Group], dict[ir.Cell, int]]:
        """The room groups, and the group of each room in one (rooms of a group reaching outside count too)."""
        seen: dict[ir.Cell, int] = {}
        groups = []
        for index, cells_text in enumerate(data):
            cells = tuple(parse_cell(c) for c in cells_text)
            bad = [c for c in cells if not grid.inside(c)]
            if bad:
                self.problem(
                    self.at("hotel", "groups", index, cells.index(bad[0])),
                    "group_room_outside",
                    index=index,
                    room=cell_text(bad[0]),
                    floors=grid.floors,
                    columns=grid.columns,
                )
                for cell in cells:
                    seen.setdefault(cell, index)  # its other rooms are in a group, if a broken one
                continue
            for cell in cells:
                if cell in seen:
                    self.problem(
                        self.at("hotel", "groups", index),
                        "room_in_two_groups",
                        index=index,
                        room=cell_text(cell),
                        group=seen[cell],
                    )
                seen[cell] = index
            self.check_group(index, cells, grid)
            groups.append(ir.Group(grid.colour(cells[0]), cells))
        return groups, seen

    def check_group(self, index: int, cells: tuple[ir.Cell, ...], grid: _HotelGrid) -> None:
        """A group's rooms are of one colour and connected."""
        if len({grid.colour(cell) for cell in cells}) > 1:
            which = Joined(
                tuple(said("errors.lower.room_colour", room=cell_text(c), colour=grid.colour(c)) for c in cells)
            )
            self.problem(
                self.blame(self.at("hotel", "groups", index), self.key_at("hotel", "layout")),
                "group_colours",
                index=index,
                rooms=which,
            )
        elif not _connected(cells):
            self.problem(
                self.at("hotel", "groups", index),
                "group_not_connected",
                index=index,
                rooms=", ".join(map(cell_text, cells)),
            )

    def group_rewards(self, data: RawMapping, groups: list[ir.Group]) -> tuple[tuple[str, ir.GroupReward], ...]:
        """The reward of each colour that has groups, one for every size of group of that colour."""
        rewards = []
        for colour in ("red", "blue", "yellow"):
            reward = data.get(colour)
            colour_groups = [g for g in groups if g.colour == colour]
            if reward is None:
                if colour_groups:
                    self.problem(self.key_at("hotel", "group_rewards"), "no_reward", colour=colour)
                continue
            sizes = {int(k): v for k, v in reward["by_size"].items()}
            for group in colour_groups:
                if len(group.cells) not in sizes:
                    self.problem(
                        self.key_at("hotel", "group_rewards", colour, "by_size"),
                        "no_reward_for_size",
                        colour=colour,
                        size=len(group.cells),
                    )
                    break
            rewards.append((colour, ir.GroupReward(reward["reward"], tuple(sorted(sizes.items())))))
        return tuple(rewards)

    def staff(self) -> tuple[ir.StaffCard, ...]:
        cards = []
        for number_text, card in self.doc["staff"].items():
            path = ["staff", number_text]
            kind = card["kind"]
            game_end = None
            if "game_end" in card:
                if kind != "game_end":
                    self.problem(
                        self.key_at(*path, "game_end"),
                        "game_end_kind",
                        number=number_text,
                        name=card["name"],
                        kind=kind,
                    )
                formula = card["game_end"]
                per = formula.get("per")
                game_end = ir.GameEnd(
                    formula.get("points", 0),
                    None if per is None else lower_quantity(per, [*path, "game_end", "per"], self),
                    bool(formula.get("copy_opponent", False)),
                )
            elif kind == "game_end":
                self.problem(
                    self.key_at(*path, "kind"),
                    "game_end_missing",
                    number=number_text,
                    name=card["name"],
                )
            once = self.effects(card.get("once", []), [*path, "once"])
            if once and kind != "once":
                self.problem(
                    self.key_at(*path, "once"),
                    "once_kind",
                    number=number_text,
                    name=card["name"],
                    kind=kind,
                )
            cards.append(
                ir.StaffCard(
                    number=int(number_text),
                    name=card["name"],
                    cost=card["cost"],
                    kind=kind,
                    game_end=game_end,
                    once=once,
                    emperor_bonus=self.effects(card.get("emperor_bonus", []), [*path, "emperor_bonus"]),
                    penalty_waiver_cost=card.get("penalty_waiver_cost"),
                )
            )
        return tuple(sorted(cards, key=lambda c: c.number))

    def final_scoring(self, floors: int) -> tuple[ir.FinalSource, ...]:
        result = []
        for source_id, source in self.doc["final_scoring"].items():
            by_floor = source.get("points_by_floor", {})
            if source["source"] == "occupied_rooms_by_floor":
                for floor in range(1, floors + 1):
                    if str(floor) not in by_floor:
                        self.problem(
                            self.key_at("final_scoring", source_id, "points_by_floor"),
                            "no_points_for_floor",
                            source=source_id,
                            floor=floor,
                        )
            result.append(
                ir.FinalSource(
                    source_id,
                    source["name"],
                    source["source"],
                    None
                    if source.get("per") is None
                    else lower_quantity(source["per"], ["final_scoring", source_id, "per"], self),
                    source.get("points", 0),
                    tuple(by_floor.get(str(f), 0) for f in range(1, floors + 1)),
                    value=None
                    if source.get("value") is None
                    else lower_expression(source["value"], ["final_scoring", source_id, "value"], self),
                )
            )
        return tuple(result)

    def resources(self) -> tuple[ir.Resource, ...]:
        """The declared resources, each checked: its limits hold its starting amount."""
        found = []
        for resource_id, data in (self.doc.get("resources") or {}).items():
            low, high = data.get("at_least", 0), data.get("at_most")
            start = data.get("start", low)
            if start < low or (high is not None and start > high):
                self.problem(
                    self.at("resources", resource_id, "start"),
                    "start_outside" if high is None else "start_outside_limits",
                    resource=resource_id,
                    start=start,
                    low=low,
                    high=high or 0,
                )
            if high is not None and high <= low:
                self.problem(
                    self.at("resources", resource_id, "at_most"),
                    "limits",
                    resource=resource_id,
                    high=high,
                    low=low,
                )
            end = data.get("end", {})
            names = tuple((lang, n["one"], n["other"], n.get("per", n["one"])) for lang, n in data["names"].items())
            found.append(
                ir.Resource(resource_id, names, low, high, start, end.get("per", 0), tuple(end.get("table", ())))
            )
        return tuple(found)

    def roles(self, final: tuple[ir.FinalSource, ...]) -> tuple[ir.Role, ...]:
        """The player roles, each checked: its final-scoring sources exist, its seat is within the players."""
        found = []
        ids = [source.id for source in final]
        for role_id, data in (self.doc.get("roles") or {}).items():
            counted = data.get("final_scoring", ids)
            for index, source in enumerate(counted):
                if source not in ids:
                    self.problem(
                        self.at("roles", role_id, "final_scoring", index),
                        "role_no_source",
                        role=role_id,
                        source=source,
                        sources=", ".join(ids) or said("errors.lower.none"),
                    )
            seat = data.get("seat")
            if seat is not None and seat > self.doc["players"]["max"]:
                self.problem(
                    self.blame(self.at("roles", role_id, "seat"), self.at("players", "max")),
                    "role_seat",
                    role=role_id,
                    seat=seat,
                    players=self.doc["players"]["max"],
                )
            emperor = data.get("emperor_scoring", {})
            found.append(
                ir.Role(
                    role_id,
                    tuple(data["names"].items()),
                    tuple(part for part in ir.EMPEROR_PARTS if emperor.get(part, True)),
                    tuple(source for source in ids if source in counted),
                    tuple(kind for kind in ir.ROLE_WITHOUT if kind in data.get("without", ())),
                    seat,
                    data.get("uncertain", ""),
                )
            )
        return tuple(found)

    def resource_scoring(self, resources: tuple[ir.Resource, ...], floors: int) -> tuple[ir.FinalSource, ...]:
        """A final-scoring source for each resource that scores at the end (id: the resource's)."""
        sources = []
        for resource in resources:
            if not (resource.end_per or resource.end_table):
                continue
            if resource.id in self.doc["final_scoring"]:
                self.problem(
                    self.key_at("resources", resource.id),
                    "resource_id_taken",
                    resource=resource.id,
                )
            name = resource.named("en", 2)
            per = resource_quantity(resource.id)
            table = resource.end_table
            sources.append(
                ir.FinalSource(
                    resource.id,
                    name[:1].upper() + name[1:],
                    "per_quantity",
                    per,
                    resource.end_per,
                    (0,) * floors,
                    table,
                )
            )
        return tuple(sources)

    def setup(self, hotel: ir.Hotel, track: ir.Track, staff: tuple[ir.StaffCard, ...]) -> ir.Setup:
        data = self.doc["setup"]
        start = data["start"]
        rooms = self.check_start(start, hotel, track)
        deal = data["deal"]
        max_players = self.doc["players"]["max"]
        sets: dict[str, list[int]] = deal.get("sets", {})
        if deal["method"] == "introductory":
            self.check_sets(sets, deal["hand_size"], staff)
        elif deal["hand_size"] * max_players > len(staff):
            self.problem(
                self.blame(self.at("setup", "deal", "hand_size"), self.at("players", "max"), self.key_at("staff")),
                "hands_too_big",
                players=max_players,
                hand=deal["hand_size"],
                cards=len(staff),
            )
        if deal["method"] == "draft":
            self.check_draft(deal, len(staff))
        return ir.Setup(
            ir.StartingState(
                start["krones"],
                tuple((k, v) for k, v in start["items"].items()),
                start["emperor"],
                start["points"],
                rooms,
                start.get("uncertain", ""),
            ),
            ir.Deal(
                deal["method"],
                deal["hand_size"],
                tuple((k, tuple(v)) for k, v in sorted(sets.items())),
                bool(deal.get("sets_are_examples", False)),
                deal.get("packet_size", deal["hand_size"]),
                deal.get("keep_per_pick", 1),
                deal.get("direction", "left"),
            ),
        )

    def check_start(self, start: RawMapping, hotel: ir.Hotel, track: ir.Track) -> tuple[ir.Cell, ...]:
        """The starting state's items are known, its Emperor on the track; its rooms (returned) in the hotel."""
        for item in start["items"]:
            if item not in self.doc["items"]:
                self.problem(
                    self.key_at("setup", "start", "items", item),
                    "unknown_item",
                    item=item,
                    items=", ".join(self.doc["items"]),
                )
        if start["emperor"] > track.last_space:
            self.problem(
                self.blame(self.at("setup", "start", "emperor"), self.key_at("emperor_track", "spaces")),
                "start_beyond",
                space=start["emperor"],
                last=track.last_space,
            )
        rooms = tuple(parse_cell(c) for c in start["hotel_rooms"])
        for index, cell in enumerate(rooms):
            if not (1 <= cell[0] <= hotel.floors and 1 <= cell[1] <= hotel.columns):
                self.problem(
                    self.at("setup", "start", "hotel_rooms", index),
                    "start_room_outside",
                    room=cell_text(cell),
                )
        return rooms

    def check_sets(self, sets: dict[str, list[int]], hand_size: int, staff: tuple[ir.StaffCard, ...]) -> None:
        """The introductory deal's sets: known cards, each in one set, a hand each, lettered A, B, …, enough."""
        numbers = {c.number for c in staff}
        max_players = self.doc["players"]["max"]
        owner: dict[int, str] = {}
        for letter, cards in sets.items():
            for index, number in enumerate(cards):
                where = self.at("setup", "deal", "sets", letter, index)
                if number not in numbers:
                    self.problem(where, "set_unknown_card", letter=letter, number=number)
                elif number in owner:
                    self.problem(where, "set_card_twice", letter=letter, number=number, other=owner[number])
                owner[number] = letter
            if len(cards) != hand_size:
                self.problem(
                    self.key_at("setup", "deal", "sets", letter),
                    "set_size",
                    len(cards),
                    letter=letter,
                    hand=hand_size,
                )
        letters = sorted(sets)
        expected = [chr(ord("A") + i) for i in range(len(letters))]
        if letters != expected:
            self.problem(
                self.key_at("setup", "deal", "sets"),
                "set_letters",
                letters=", ".join(letters),
            )
        if len(sets) < max_players:
            self.problem(
                self.blame(self.key_at("setup", "deal", "sets"), self.at("players", "max")),
                "too_few_sets",
                len(sets),
                players=max_players,
            )

    def check_draft(self, deal: RawMapping, cards: int) -> None:
        """A draft's packets hold a hand, a hand is whole picks, and there are cards for every packet."""
        max_players = self.doc["players"]["max"]
        if deal["packet_size"] < deal["hand_size"]:
            self.problem(
                self.blame(self.at("setup", "deal", "packet_size"), self.at("setup", "deal", "hand_size")),
                "packet_too_small",
                packet=deal["packet_size"],
                hand=deal["hand_size"],
            )
        if deal["hand_size"] % deal["keep_per_pick"]:
            self.problem(
                self.at("setup", "deal", "keep_per_pick"),
                "keep_per_pick",
                keep=deal["keep_per_pick"],
                hand=deal["hand_size"],
            )
        if deal["packet_size"] * max_players > cards:
            self.problem(
                self.blame(self.at("setup", "deal", "packet_size"), self.at("players", "max"), self.key_at("staff")),
                "packets_too_big",
                players=max_players,
                packet=deal["packet_size"],
                cards=cards,
            )

    def build(self) -> ir.Ruleset:
        doc = self.doc
        if doc["players"]["min"] > doc["players"]["max"]:
            self.problem(
                self.at("players", "min"),
                "players_range",
                low=doc["players"]["min"],
                high=doc["players"]["max"],
            )
        track = self.track()
        tiles = self.tiles()
        scorings = self.scorings(track, doc["tiles"])
        hotel = self.hotel()
        staff = self.staff()
        resources = self.resources()
        final = self.final_scoring(hotel.floors) + self.resource_scoring(resources, hotel.floors)
        setup = self.setup(hotel, track, staff)
        roles = self.roles(final)
        tiebreakers = self.tiebreakers()
        if self.problems:
            raise RulesError(self.problems)
        rulings = doc["rulings"]
        return ir.Ruleset(
            name=doc["name"],
            title=doc["title"],
            description=doc.get("description", ""),
            extends=self.resolved.parent,
            sources=tuple(self.resolved.sources),
            min_players=doc["players"]["min"],
            max_players=doc["players"]["max"],
            rounds=doc["rounds"],
            items=tuple(ir.Item(k, v["kind"], v["name"], v.get("plural", v["name"])) for k, v in doc["items"].items()),
            track=track,
            scorings=scorings,
            tiles=tiles,
            hotel=hotel,
            staff=staff,
            final_scoring=final,
            score_track_spaces=doc["score_track"]["spaces"],
            lap_marker=tuple(doc["score_track"]["lap_marker"]),
            tiebreakers=tiebreakers,
            rulings=ir.Rulings(
                rulings["points_floor"],
                rulings["krones_floor"],
                tuple(rulings["notes"]),
                rulings.get("read_other_players", "when_resolving"),
            ),
            setup=setup,
            translations=_translations(doc.get("translations", {})),
            resources=resources,
            roles=roles,
        )


def _pairs(mapping: RawMapping, prefix: str = "") -> tuple[tuple[str, str], ...]:
    return tuple((f"{prefix}{key}", str(value)) for key, value in mapping.items())


def _translations(data: RawMapping) -> tuple[tuple[str, ir.Translation], ...]:
    """The rules data's `translations`, by language id (a variant that sets its own title or description
    has not inherited its parent's translations of them: frontend/rulesets.py)."""
    out = []
    for language_id, texts in sorted(data.items()):
        names = texts.get("names", {})
        uncertain = dict(texts.get("uncertain", {}))
        tiles_uncertain = uncertain.pop("tiles", {})
        roles_uncertain = uncertain.pop("roles", {})
        translation = ir.Translation(
            title=texts.get("title", ""),
            description=texts.get("description", ""),
            names=tuple(pair for kind in sorted(names) for pair in _pairs(names[kind], f"{kind}.")),
            tile_descriptions=_pairs(texts.get("tile_descriptions", {})),
            notes=_pairs(texts.get("notes", {})),
            uncertain=_pairs(uncertain) + _pairs(tiles_uncertain, "tiles.") + _pairs(roles_uncertain, "roles."),
        )
        out.append((language_id, translation))
    return tuple(out)


def _connected(cells: tuple[ir.Cell, ...]) -> bool:
    remaining = set(cells)
    frontier = [cells[0]]
    remaining.discard(cells[0])
    while frontier:
        floor, column = frontier.pop()
        for neighbour in ((floor + 1, column), (floor - 1, column), (floor, column + 1), (floor, column - 1)):
            if neighbour in remaining:
                remaining.discard(neighbour)
                frontier.append(neighbour)
    return not remaining


def build_ruleset(resolved: Resolved) -> ir.Ruleset:
    """The IR of a resolved ruleset; raises RulesError with every semantic problem found."""
    return _Builder(resolved).build()

"""Phrases about whole parts of a ruleset (zones, final scoring, Staff, setup), shared by sheets and irdiff."""

from __future__ import annotations

from .. import ir
from .effects import Speaker
from .text import Rich, number, rich


def spaces(s: Speaker, first: int, last: int) -> Rich:
    if first == last:
        return s.w.rich("track.spaces.one", first=first)
    return s.w.rich("track.spaces.range", first=first, last=last)


def outcome(s: Speaker, value: ir.Outcome, short: bool = False) -> Rich:
    return s.w.rich(f"outcome.{value}.short" if short else f"outcome.{value}")


def zone(s: Speaker, z: ir.Zone) -> Rich:
    return s.w.rich("track.zone_row", name=z.name, spaces=spaces(s, z.first, z.last), outcome=outcome(s, z.outcome))


def points(s: Speaker, value: int) -> Rich:
    return s.w.count(value, "point")


def final_points(s: Speaker, source: ir.FinalSource) -> Rich:
    """What one final-scoring source gives, in words."""
    if source.source == "game_end_staff":
        return s.w.rich("final.game_end_staff")
    if source.source == "occupied_rooms_by_floor":
        floors = [
            s.w.rich("final.by_floor.one", points=number(p), floor=floor)
            for floor, p in enumerate(source.points_by_floor, start=1)
        ]
        return s.w.rich("final.by_floor", floors=s.w.join(floors))
    if source.source == "expression":
        assert source.value is not None
        said = s.w.rich("final.expression", value=s.expression(source.value))
        return (
            rich(said, s.w.template("final.expression.below")) if s.expressions.can_be_negative(source.value) else said
        )
    assert source.per is not None
    if source.table:
        table = "/".join(str(p) for p in source.table)
        last = len(source.table) - 1
        return s.w.rich("final.table", table=rich(table), more=last)
    return s.w.rich("final.per_quantity", points=points(s, source.points), unit=s.per(source.per))


def resource_rule(s: Speaker, resource: ir.Resource) -> Rich:
    """A declared resource's limits and starting amount, in words."""
    name = s.resource_name(resource.id, 2)
    name = name[:1].upper() + name[1:]
    start = s.resource_amount(resource.id, resource.start)
    if resource.at_most is None:
        return s.w.rich("resource.rule", name=name, start=start, low=resource.at_least)
    return s.w.rich("resource.rule.limited", name=name, start=start, low=resource.at_least, high=resource.at_most)


def game_end(s: Speaker, card: ir.StaffCard) -> Rich:
    """The final-scoring formula of a game-end Staff card, in words."""
    formula = card.game_end
    if formula is None:
        return s.w.rich("diff.nothing")
    if formula.copy_opponent:
        return s.w.rich("staff.copy")
    assert formula.per is not None
    text = s.w.rich("staff.formula", points=points(s, formula.points), unit=s.per(formula.per))
    per = formula.per
    if per.count == "staff" and "hired" in per.places and per.staff_kinds in ((), ("game_end",)):
        text = rich(text, s.w.rich("staff.counts_itself"))
    return text


def deal(s: Speaker, d: ir.Deal) -> Rich:
    """How the Staff hands are made, as a setup instruction."""
    cards = s.w.count(d.hand_size, "staff")
    if d.method == "draft":
        return s.w.rich(
            "setup.deal.draft",
            packet=s.w.count(d.packet_size, "card"),
            keep=d.keep_per_pick,
            direction=s.w.rich(f"setup.direction.{d.direction}"),
            cards=cards,
        )
    if d.method == "introductory":
        return s.w.rich("setup.deal.introductory")
    return s.w.rich("setup.deal.standard", cards=cards)


def deal_short(s: Speaker, d: ir.Deal) -> Rich:
    """A deal in a few words, for differences."""
    cards = s.w.count(d.hand_size, "staff")
    if d.method == "draft":
        return s.w.rich(
            "diff.deal.draft",
            packet=d.packet_size,
            keep=d.keep_per_pick,
            direction=s.w.rich(f"setup.direction.{d.direction}"),
            cards=d.hand_size,
        )
    if d.method == "introductory":
        return s.w.rich("diff.deal.introductory", cards=cards)
    return s.w.rich("diff.deal.standard", cards=cards)


def kitchen(s: Speaker, items: tuple[tuple[str, int], ...]) -> Rich:
    parts = []
    for item_id, count in items:
        item = s.items.get(item_id)
        if item is None or count == 0:
            continue
        parts.append(s.w.rich(f"item.count.{item.kind}", n=count, name=item.named(count)))
    return s.w.join(parts) if parts else s.w.rich("diff.none")


def start(s: Speaker, st: ir.StartingState) -> Rich:
    return s.w.rich(
        "setup.start",
        krones=s.w.count(st.krones, "krone"),
        items=kitchen(s, st.items),
        emperor=st.emperor,
        points=points(s, st.points),
    )


def cells(cell_list: tuple[ir.Cell, ...]) -> Rich:
    return rich(", ".join(f"{f}.{c}" for f, c in cell_list))


def tiebreak(s: Speaker, tb: ir.Tiebreaker) -> Rich:
    """The sum a tie-breaker compares."""
    totals = [s.total(q) for q in tb.quantities]
    if len(totals) == 2:
        return s.w.rich("quantity.sum", first=totals[0], second=totals[1])
    return s.w.join(totals)


def tiebreaks(s: Speaker, tbs: tuple[ir.Tiebreaker, ...]) -> Rich:
    if not tbs:
        return s.w.rich("tiebreak.none")
    rules = [s.w.rich("tiebreak.rule", sum=tiebreak(s, tb)) for tb in tbs]
    return s.w.rich("tiebreak.sentence", rules=s.w.sequence([*rules, s.w.rich("tiebreak.shared")]))


def group_reward(s: Speaker, reward: ir.GroupReward) -> tuple[Rich, Rich]:
    """('1/3/6/10', '1/2/3/4') for a group reward: values and sizes."""
    values = rich("/".join(number(v) for _, v in reward.by_size))
    sizes = rich("/".join(str(size) for size, _ in reward.by_size))
    return values, sizes


def role_rule(s: Speaker, role: ir.Role, sources: tuple[ir.FinalSource, ...]) -> Rich:
    """What a player role changes, in words: its part of an Emperor scoring, the final sources that count for it
    and what it never has."""
    w = s.w
    parts = w.join([w.rich(f"role.{'yes' if part in role.parts else 'no'}.{part}") for part in ir.EMPEROR_PARTS])
    counted = w.join([rich(source.name) for source in sources if source.id in role.final])
    without = w.join([w.rich(f"role.without.{key}") for key in role.without], ".or") if role.without else ()
    rule = "role.rule" if role.without else "role.rule.has_all"
    name = role.named(w.language.id)
    return w.rich(rule, role=name[:1].upper() + name[1:], parts=parts, sources=counted, without=without)

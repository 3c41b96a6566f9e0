"""Which stretches of a game several rulesets play alike, worked out once from their data.

Under common random numbers every ruleset plays the same planned game, so
rulesets that deal alike and read the same facts in their turns play the same
game until an Emperor scoring in which they differ. A sweep of values of the
round-7 scoring, say, plays rounds 1 to 7 and the scorings after rounds 3 and 5
once for all its grid points. The lab plays each shared stretch once, then
copies the game for each group that goes on differently (gah.lab.engine.game.Part).

Two rulesets play a scoring alike when everything that scoring can read is
equal: the track, the hotel, the Staff, the items, the rulings, the final
scoring (the default policy's projection reads it), the scorings so far and the
tiles of their tiers, and the facts the policy takes for granted. Only names,
later scorings, the tiles of later tiers and the tie-breakers may differ. The
last round's scoring and the final scoring are played by each ruleset alone.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Hashable, Sequence

from ... import ir
from ...backends.policy_facts import bonus_room_wins, items_alike, serving_pays
from ...backends.score_words import score_words_by_language
from .game import Part, RulesInfo


def opening_key(ruleset: ir.Ruleset, info: RulesInfo) -> Hashable:
    """What a game depends on up to its first Emperor scoring: rulesets with equal keys deal the same hands
    (the setup, the Staff cards and their costs, the tiles and the tiers scored) and play the same turns
    (every fact of RulesInfo that the turns read; the turns of every later round read the same facts)."""
    turns = RulesInfo(
        "", 0, (), (), info.tiers, info.tiles_by_tier, info.track_last, info.beyond_points, (), (), (),
        info.floors, info.columns, info.prepare_cost, info.first_room, info.printed_points, info.group_cells,
        info.group_reward, info.cafe_seats, info.items, info.staff_cost, info.staff_kind, info.resources,
    )  # fmt: skip
    deal = (
        ruleset.setup,
        tuple((t.id, t.tier) for t in ruleset.tiles),
        info.scoring_tiers,
        ruleset.resources,
        ruleset.roles,  # the seats dealt a role (no hand, no krones)
    )
    return (turns, deal)


# Every field of ir.Ruleset is in exactly one of these lists (tests/test_lab_sharing.py checks it), so a field
# added to the IR later is never silently taken for "plays alike": scoring_key refuses to run without it.
# Read whole by an Emperor scoring or by the policy's projection of the final scoring:
READ_WHOLE = (
    "rounds",
    "min_players",
    "max_players",
    "items",
    "track",
    "hotel",
    "staff",
    "final_scoring",
    "score_track_spaces",
    "lap_marker",
    "rulings",
    "setup",
    "resources",  # their limits and starting amounts
    "roles",  # which parts of a scoring and which final sources a role's player has
)
# Read up to the scoring after the round asked about (scorings so far, and the tiles of their tiers):
READ_SO_FAR = ("scorings", "tiles")
# Never read before the last round's final standings, which each ruleset works out alone:
NOT_READ = ("name", "title", "description", "extends", "sources", "tiebreakers", "translations")


class UnclassifiedField(Exception):
    """A field of ir.Ruleset that sharing.py does not say whether a scoring reads (a bug of the compiler)."""


def scoring_key(ruleset: ir.Ruleset, round_: int) -> Hashable:
    """Everything the Emperor scoring after `round_` and the policy's decisions in it can read (with the
    scorings before it): rulesets with equal keys (and one opening) play the game alike until after it.
    Made from every field of the IR (see READ_WHOLE, READ_SO_FAR, NOT_READ) and the policy's facts."""
    scorings = tuple(s for s in ruleset.scorings if s.round <= round_)
    tiers = {s.tier for s in scorings}
    parts: list[object] = []
    for field in dataclasses.fields(ruleset):
        value = getattr(ruleset, field.name)
        if field.name == "scorings":
            parts.append(scorings)
        elif field.name == "tiles":
            parts.append(tuple(t for t in value if t.tier in tiers))
        elif field.name in READ_WHOLE:
            parts.append(value)
        elif field.name not in NOT_READ:
            raise UnclassifiedField(
                f"ir.Ruleset.{field.name}: say in compiler/lab/engine/sharing.py whether scorings read it"
            )
    # The facts the generated code's policy takes for granted, worked out from the whole ruleset (later tiers too).
    parts += [bonus_room_wins(ruleset), serving_pays(ruleset), items_alike(ruleset)]
    return tuple(parts)


# The texts of the IR that no generated module prints (tests/test_lab_startup.py checks each, and that the texts
# a module does print tell rulesets apart). The translations are left out too: what a module prints of them is in
# its words (score_words), which same_rulesets compares where all else is equal.
UNPRINTED: dict[type, tuple[str, ...]] = {
    ir.Ruleset: ("translations", "extends", "score_track_spaces", "lap_marker"),
    ir.Tile: ("description", "uncertain"),
    ir.Hotel: ("uncertain", "printed_points_uncertain"),
    ir.StartingState: ("uncertain",),
    ir.Rulings: ("notes",),
    ir.Role: ("uncertain",),
}


def _printed(value: object) -> object:
    """The value with every UNPRINTED field set to None (a key, not a ruleset: nothing reads those fields)."""
    if isinstance(value, tuple):
        return tuple(_printed(part) for part in value)
    if not dataclasses.is_dataclass(value) or isinstance(value, type):
        return value
    blank = UNPRINTED.get(type(value), ())
    changes = {f.name: None if f.name in blank else _printed(getattr(value, f.name))
               for f in dataclasses.fields(value)}  # fmt: skip
    return dataclasses.replace(value, **changes)


def ruleset_key(ruleset: ir.Ruleset) -> Hashable:
    """The IR without the texts no generated module prints, nor its translations (see same_rulesets)."""
    return _printed(ruleset)


def same_rulesets(rulesets: Sequence[ir.Ruleset]) -> list[int]:
    """For each ruleset, the first listed that is the same to the lab (its own index if none before it is): the
    same ruleset_key (and so the same RulesInfo, made of fields the key holds) and the same words in every
    language (score_words, what a module prints of the translations). Rulesets alike in both generate the same
    module, and those that are not do not, so the lab tells rulesets apart as comparing their modules did,
    without generating them (a ruleset listed twice is played once; the reports count it as the reference's own
    games)."""
    groups: dict[Hashable, list[int]] = {}
    words: dict[int, object] = {}

    def words_of(index: int) -> object:
        if index not in words:
            words[index] = score_words_by_language(rulesets[index])
        return words[index]

    same: list[int] = []
    for index, ruleset in enumerate(rulesets):
        group = groups.setdefault(ruleset_key(ruleset), [])
        alike = (j for j in group if rulesets[j] == ruleset or words_of(j) == words_of(index))
        same.append(next(alike, index))
        if same[-1] == index:
            group.append(index)
    return same


def plan_parts(rulesets: Sequence[ir.Ruleset], infos: Sequence[RulesInfo], indices: Sequence[int]) -> list[Part]:
    """The stretches the rulesets at `indices` share: one tree of Parts per opening."""
    openings: dict[Hashable, list[int]] = {}
    for index in indices:
        openings.setdefault(opening_key(rulesets[index], infos[index]), []).append(index)
    return [_split(rulesets, tuple(group), 0) for group in openings.values()]


def _split(rulesets: Sequence[ir.Ruleset], tables: tuple[int, ...], after: int) -> Part:
    """The Part of `tables` from the scoring of round `after` (0: from the deal) on. Groups keep the order of
    `tables`, so the first group starts with the ruleset that played the stretch (game.Part relies on it)."""
    if len(tables) == 1:
        return Part(tables, 0, ())
    forks = sorted({s.round for i in tables for s in rulesets[i].scorings} | {rulesets[i].rounds for i in tables})
    for round_ in (r for r in forks if r > after):
        last = any(round_ >= rulesets[i].rounds for i in tables)
        groups: dict[Hashable, list[int]] = {}
        for index in tables:
            key = index if last else scoring_key(rulesets[index], round_)
            groups.setdefault(key, []).append(index)
        if len(groups) > 1:
            return Part(tables, round_, tuple(_split(rulesets, tuple(g), round_) for g in groups.values()))
    raise AssertionError("the last round always splits the rulesets")  # pragma: no cover


def shared_until(parts: Sequence[Part], index: int, reference: int = 0) -> int:
    """The round up to whose turns ruleset `index` plays the game alike with `reference` (their stretch is played
    once): the `stop` of the last Part that holds both; 0 when they part at the deal."""
    for part in parts:
        if index in part.tables and reference in part.tables:
            if index == reference:
                return max((s for s in (part.stop,) if s), default=0)
            inner = shared_until(part.parts, index, reference)
            return max(inner, part.stop)
    return 0

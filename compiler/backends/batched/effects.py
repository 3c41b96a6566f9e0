"""The effect program run on a record, with every decision asked through `decide` (see policy.py for the
search that answers them). Each op does what its runtime function does (compiler/backends/python/runtime/),
with the default policy's options in the same order: the `tried` lists, items_alike and serving_pays.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ... import ir
from ...dispatch import ByKind, MissingKind
from . import ops as op
from . import record as r
from .cards import (
    add_item,
    append,
    count_of_kind,
    hire,
    of_kind,
    play_cost,
    remove_at,
    remove_card,
)
from .expressions import value_of
from .hotel import (
    advance,
    affordable_spaces,
    column_below,
    column_starts,
    count_removable,
    first_by_printed,
    highest_floor,
    legal_mask,
    nth_bit,
    occupy_room,
    place_room,
    state_mask,
)
from .jit import bare_kernel
from .layout import Layout
from .quantities import bits, most_holds, quantity, vacant
from .state import Ints
from .tables import (
    A_LISTS,
    A_PAIRS,
    A_PROGS,
    A_STAFF_COST,
    A_STAFF_ONCE,
    ALL,
    CHANGES,
    K_COLUMNS,
    K_FLOORS,
    K_ITEMS_ALIKE,
    K_KRONES_FLOOR,
    K_POINTS_FLOOR,
    K_SERVING_PAYS,
    ScoringTables,
    at,
)

CAP = 256  # the most open decisions one turn may ask
CHANGE_KRONES, CHANGE_POINTS, CHANGE_RESOURCE = CHANGES["krones"], CHANGES["points"], CHANGES["resource"]


# A search's record of the open decisions of a turn (those with two options or more), in the order asked, in
# one array (layout.py), then a stack of the ops' temporary lists (push, pop): views of the search, allocated
# once a turn. See policy.py.
_SEARCH = Layout("search")
SCRIPT = _SEARCH.field("script", "[decision]: the option taken in the current run", CAP)
OPTIONS = _SEARCH.field("options", "[decision]: how many options there were", CAP)
ORDER_ONLY = _SEARCH.field("order_only", "[decision]: 1 if it only orders cards", CAP)
READS_AT = _SEARCH.field("reads_at", "[decision]: the card reads before it", CAP)
READS_BELOW = _SEARCH.field("reads_below", "[decision]: the most card reads in a run after it, same before", CAP)
KNOWN = _SEARCH.field("known", "how many decisions are known")
ASKED = _SEARCH.field("asked", "how many this run asked")
TOP = _SEARCH.field("top", "the stack's top")
STACK = _SEARCH.field("stack", "the stack", 2048)
SEARCH = _SEARCH.size  # its length


@bare_kernel
def push(sr: Ints, n: int) -> int:
    """Room for `n` values on the search's stack, from the index returned (pop it before the op that pushed
    it returns; an index, not a view: a bare kernel returns no view)."""
    base = sr[TOP]
    if base + n > SEARCH:
        raise ValueError("a turn holds more than the batched search's stack")
    sr[TOP] = base + n
    return int(base)


@bare_kernel
def pop(sr: Ints, n: int) -> None:
    """Free the last `n` values pushed."""
    sr[TOP] -= n


@bare_kernel
def decide(sr: Ints, rec: Ints, n: int, order_only: int) -> int:
    """One decision among `n` options (the policy's tried ones, in order): the script's, or the first."""
    if n <= 1:
        return 0
    k = sr[ASKED]
    sr[ASKED] = k + 1
    if k < sr[KNOWN]:
        return int(sr[SCRIPT + k])
    if k >= CAP:
        raise ValueError("a turn asks more decisions than the batched search holds")
    sr[SCRIPT + k] = 0
    sr[OPTIONS + k] = n
    sr[ORDER_ONLY + k] = order_only
    sr[READS_AT + k] = rec[r.READS]
    sr[READS_BELOW + k] = rec[r.READS]
    sr[KNOWN] = k + 1
    return 0


@bare_kernel
def lose_points(t: ScoringTables, rec: Ints, amount: int) -> None:
    """Lose up to `amount` points, never below the points floor."""
    rec[r.POINTS] -= min(amount, max(0, rec[r.POINTS] - t.data[K_POINTS_FLOOR]))


@bare_kernel
def lose_krones(t: ScoringTables, rec: Ints, amount: int) -> None:
    """Lose up to `amount` krones, never below the krones floor."""
    rec[r.KRONES] -= min(amount, max(0, rec[r.KRONES] - t.data[K_KRONES_FLOOR]))


@bare_kernel
def nth_item(mask: int, items: int, skip: int, n: int) -> int:
    """The n-th item (from 0) of `mask` other than `skip`, in the rules' order."""
    for item in range(items):
        if mask >> item & 1 and item != skip:
            if n == 0:
                return item
            n -= 1
    return -1


@bare_kernel
def choose_items(t: ScoringTables, rec: Ints, sr: Ints, count: int, serve: int, mask: int) -> None:
    """Gain `count` items of `mask`, each the kind held fewest first (the only one tried where items are
    alike), each maybe served to the first guest (tried only where serving pays)."""
    items = rec[r.ITEMS]
    base = push(sr, items)
    held = sr[base : base + items]
    for item in range(items):
        held[item] = rec[rec[r.KITCHEN] + item]
    serving = serve != 0 and rec[r.GUESTS] > 0
    for _ in range(count):
        fewest = -1
        for item in range(items):
            if mask >> item & 1 and (fewest < 0 or held[item] < held[fewest]):
                fewest = item
        chosen = fewest
        if t.data[K_ITEMS_ALIKE] == 0:
            k = decide(sr, rec, bits(mask), 0)
            if k > 0:
                chosen = nth_item(mask, items, fewest, k - 1)
        held[chosen] += 1
        if serving and decide(sr, rec, 2 if t.data[K_SERVING_PAYS] != 0 else 1, 0) == 1:
            rec[rec[r.CAFE] + chosen] += 1
        else:
            add_item(rec, chosen, 1)
    pop(sr, items)


@bare_kernel
def return_all(rec: Ints, kitchen: int, cafe: int, mask: int) -> None:
    """Return every item of `mask` from the kitchen and/or the café (the keys stay)."""
    items = rec[r.ITEMS]
    for item in range(items):
        if mask >> item & 1:
            if kitchen != 0:
                rec[rec[r.KITCHEN] + item] = 0
            if cafe != 0:
                for guest in range(rec[r.GUESTS]):
                    rec[rec[r.CAFE] + guest * items + item] = 0


@bare_kernel
def return_some(t: ScoringTables, rec: Ints, sr: Ints, kitchen: int, cafe: int, count: int, mask: int) -> None:
    """Return up to `count` items one by one: the kitchen's most held kind first (ties: the kitchen's order),
    then the others in that order, then the guests' items; where items are alike, one of each place."""
    items = rec[r.ITEMS]
    size = rec[r.GUESTS] * items + 1
    base = push(sr, size)
    slots = sr[base : base + size]  # the café's returnable slots, guest by guest
    for _ in range(count):
        nk = 0
        most = -1
        if kitchen != 0:
            for key in range(rec[r.KEYS]):
                item = rec[rec[r.ORDER] + key]
                held = rec[rec[r.KITCHEN] + item]
                if mask >> item & 1 and held > 0:
                    if most < 0 or held > rec[rec[r.KITCHEN] + most]:
                        most = item
                    nk += 1
        ng = 0
        if cafe != 0:
            for slot in range(rec[r.GUESTS] * items):
                if mask >> (slot % items) & 1 and rec[rec[r.CAFE] + slot] > 0:
                    slots[ng] = slot
                    ng += 1
        if nk + ng == 0:
            break
        n = min(nk, 1) + min(ng, 1) if t.data[K_ITEMS_ALIKE] != 0 else nk + ng
        k = decide(sr, rec, n, 0)
        if t.data[K_ITEMS_ALIKE] != 0 and nk > 0:
            nk = 1  # the kitchen's most held kind stands for every kitchen item
        if k == 0 and nk > 0:
            rec[rec[r.KITCHEN] + most] -= 1
        elif k < nk:
            rec[rec[r.KITCHEN] + kitchen_other(rec, mask, most, k - 1)] -= 1
        else:
            rec[rec[r.CAFE] + slots[k - nk]] -= 1
    pop(sr, size)


@bare_kernel
def kitchen_other(rec: Ints, mask: int, most: int, n: int) -> int:
    """The n-th (from 0) returnable kitchen item other than `most`, in the kitchen's order."""
    for key in range(rec[r.KEYS]):
        item = rec[rec[r.ORDER] + key]
        if mask >> item & 1 and rec[rec[r.KITCHEN] + item] > 0 and item != most:
            if n == 0:
                return int(item)
            n -= 1
    return -1


@bare_kernel
def count_returnable(rec: Ints, kitchen: int, cafe: int, mask: int) -> int:
    """How many items of `mask` a return from these places could take."""
    items = rec[r.ITEMS]
    total = 0
    for item in range(items):
        if mask >> item & 1:
            if kitchen != 0:
                total += rec[rec[r.KITCHEN] + item]
            if cafe != 0:
                for guest in range(rec[r.GUESTS]):
                    total += rec[rec[r.CAFE] + guest * items + item]
    return total


@bare_kernel
def prepare_room(t: ScoringTables, rec: Ints, sr: Ints, row: int) -> None:
    """An optional room on a legal, affordable space (tried: see runtime/hotel.py prepare_room)."""
    floors, free, occupy = t.ops[row, op.PREPARE_FLOORS], t.ops[row, op.PREPARE_FREE], t.ops[row, op.PREPARE_OCCUPY]
    wins, alike = t.ops[row, op.PREPARE_WINS], t.ops[row, op.PREPARE_ALIKE]
    spaces = affordable_spaces(t, rec, floors, free)
    m = bits(spaces)
    tried, none = spaces, 1
    if alike != 0 and m > 1:
        tried, none = first_by_printed(t, spaces), 1 - wins
    elif wins != 0 and m > 0:
        none = 0
    k = decide(sr, rec, bits(tried) + none, 0)
    if k < bits(tried):
        place_room(t, rec, nth_bit(tried, k), free, occupy)


@bare_kernel
def occupy_vacant(t: ScoringTables, rec: Ints, sr: Ints, count: int) -> None:
    """Up to `count` vacant rooms become occupied, one decision each (or none)."""
    for _ in range(count):
        rooms = vacant(rec)
        k = decide(sr, rec, bits(rooms) + 1, 0)
        if k == bits(rooms):
            return
        occupy_room(t, rec, nth_bit(rooms, k))


@bare_kernel
def remove_rooms(t: ScoringTables, rec: Ints, sr: Ints, occupied: int, count: int, pick: int) -> None:
    """Remove rooms from as high a floor as possible, one decision per room (see runtime/hotel.py)."""
    below = t.data[K_FLOORS]
    last = -1
    for _ in range(count):
        mask = state_mask(rec, occupied)
        if pick == 2:
            candidates = column_below(t, mask, last) if last >= 0 else column_starts(t, mask, count)
        else:
            candidates = highest_floor(t, mask, below if pick == 1 else t.data[K_FLOORS])
        if candidates == 0:
            return
        cell = nth_bit(candidates, decide(sr, rec, bits(candidates), 0))
        rec[r.PLACED] &= ~(1 << cell)
        rec[r.OCCUPIED] &= ~(1 << cell)
        below = cell // t.data[K_COLUMNS]
        last = cell


@bare_kernel
def by_cost(t: ScoringTables, rec: Ints, sr: Ints) -> int:
    """The hand, cheapest first, then the lowest number, on the stack from the index returned (pop it)."""
    n = rec[r.HAND_N]
    base = push(sr, n)
    cards = sr[base : base + n]
    for k in range(n):
        cards[k] = rec[rec[r.HAND] + k]
    for i in range(1, n):
        card = cards[i]
        j = i - 1
        while j >= 0 and (
            at(t, A_STAFF_COST, cards[j]) > at(t, A_STAFF_COST, card)
            or (at(t, A_STAFF_COST, cards[j]) == at(t, A_STAFF_COST, card) and cards[j] > card)
        ):
            cards[j + 1] = cards[j]
            j -= 1
        cards[j + 1] = card
    return base


@bare_kernel
def staff_to_deck(t: ScoringTables, rec: Ints, sr: Ints, count: int, top: int) -> None:
    """Put Staff from hand under the deck (or on top, the first chosen on top), cheapest first."""
    m = min(count, rec[r.HAND_N])
    base = push(sr, m)
    chosen = sr[base : base + m]
    for j in range(m):
        n = rec[r.HAND_N]
        first = by_cost(t, rec, sr)
        chosen[j] = sr[first + decide(sr, rec, n, 1)]
        pop(sr, n)
        remove_card(rec, r.HAND, r.HAND_N, chosen[j])
    deck = rec[r.DECK]
    if top != 0:
        for k in range(rec[r.DECK_N] - 1, -1, -1):
            rec[deck + k + m] = rec[deck + k]
        for j in range(m):
            rec[deck + j] = chosen[j]
        rec[r.DECK_N] += m
    else:
        for j in range(m):
            append(rec, r.DECK, r.DECK_N, chosen[j])
    pop(sr, m)


@bare_kernel
def remove_hired(t: ScoringTables, rec: Ints, sr: Ints, count: int, kind: int) -> None:
    """Discard up to `count` hired Staff of `kind`, one decision each (in hired order)."""
    for _ in range(count):
        n = count_of_kind(t, rec, r.HIRED, r.HIRED_N, kind)
        if n == 0:
            return
        k = decide(sr, rec, n, 0)
        for index in range(rec[r.HIRED_N]):
            if of_kind(t, rec[rec[r.HIRED] + index], kind):
                if k == 0:
                    append(rec, r.DISCARD, r.DISCARD_N, remove_at(rec, r.HIRED, r.HIRED_N, index))
                    break
                k -= 1


@bare_kernel
def draw(rec: Ints, sr: Ints, count: int) -> int:
    """Take up to `count` cards from the top of the deck: [how many left to place, the cards...], on the
    stack from the index returned (pop count + 1)."""
    n = min(count, rec[r.DECK_N])
    base = push(sr, count + 1)
    drawn = sr[base : base + count + 1]
    drawn[0] = n
    deck = rec[r.DECK]
    for k in range(n):
        drawn[k + 1] = rec[deck + k]
    for k in range(rec[r.DECK_N] - n):
        rec[deck + k] = rec[deck + k + n]
    rec[r.DECK_N] -= n
    rec[r.READS] += 1
    return base


@bare_kernel
def pick_drawn(t: ScoringTables, rec: Ints, sr: Ints, drawn: Ints, discount: int) -> int:
    """Play one of the drawn cards that is affordable (in the order drawn), or none (-1)."""
    n = 0
    for k in range(1, drawn[0] + 1):
        if play_cost(t, drawn[k], discount) <= rec[r.KRONES]:
            n += 1
    choice = decide(sr, rec, n + 1, 0)
    if choice == n:
        return -1
    for k in range(1, drawn[0] + 1):
        if play_cost(t, drawn[k], discount) <= rec[r.KRONES]:
            if choice == 0:
                card = drawn[k]
                for j in range(k, drawn[0]):
                    drawn[j] = drawn[j + 1]
                drawn[0] -= 1
                return int(card)
            choice -= 1
    return -1


@bare_kernel
def rest_of_draw(rec: Ints, sr: Ints, drawn: Ints, to_hand: int) -> None:
    """The drawn cards not played: into the hand, or under the deck in the chosen order (order only)."""
    if to_hand != 0:
        for k in range(1, drawn[0] + 1):
            append(rec, r.HAND, r.HAND_N, drawn[k])
        return
    while drawn[0] > 0:
        k = 1 + decide(sr, rec, drawn[0], 1)
        append(rec, r.DECK, r.DECK_N, drawn[k])
        for j in range(k, drawn[0]):
            drawn[j] = drawn[j + 1]
        drawn[0] -= 1


@bare_kernel
def pick_from_hand(t: ScoringTables, rec: Ints, sr: Ints, discount: int, kind: int) -> int:
    """Play a card from hand of `kind` that is affordable (in hand order), or none (-1)."""
    rec[r.READS] += 1
    hand = rec[r.HAND]
    n = 0
    for k in range(rec[r.HAND_N]):
        card = rec[hand + k]
        if play_cost(t, card, discount) <= rec[r.KRONES] and of_kind(t, card, kind):
            n += 1
    choice = decide(sr, rec, n + 1, 0)
    if choice == n:
        return -1
    for k in range(rec[r.HAND_N]):
        card = rec[hand + k]
        if play_cost(t, card, discount) <= rec[r.KRONES] and of_kind(t, card, kind):
            if choice == 0:
                return remove_at(rec, r.HAND, r.HAND_N, k)
            choice -= 1
    return -1


@bare_kernel
def simple_op(t: ScoringTables, rec: Ints, sr: Ints, row: int) -> None:
    """Every op but those that hire Staff or choose an option."""
    o = t.ops
    code = o[row, op.CODE]
    if code == op.OP_GAIN_KRONES:
        rec[r.KRONES] += o[row, op.GAIN_KRONES_AMOUNT]
    elif code == op.OP_LOSE_KRONES:
        amount = o[row, op.LOSE_KRONES_AMOUNT]
        lose_krones(t, rec, rec[r.KRONES] if amount == ALL else amount)
    elif code == op.OP_GAIN_POINTS:
        rec[r.POINTS] += o[row, op.GAIN_POINTS_AMOUNT]
    elif code == op.OP_LOSE_POINTS:
        amount = o[row, op.LOSE_POINTS_AMOUNT]
        lose_points(t, rec, rec[r.POINTS] if amount == ALL else amount)
    elif code == op.OP_GAIN_ITEMS:
        for pair in range(o[row, op.GAIN_ITEMS_FIRST], o[row, op.GAIN_ITEMS_END]):
            add_item(rec, at(t, A_PAIRS, 2 * pair), at(t, A_PAIRS, 2 * pair + 1))
    elif code == op.OP_CHOOSE_ITEMS:
        choose_items(
            t, rec, sr, o[row, op.CHOOSE_ITEMS_COUNT], o[row, op.CHOOSE_ITEMS_SERVE], o[row, op.CHOOSE_ITEMS_MASK]
        )
    elif code == op.OP_RETURN_ITEMS:
        kitchen, cafe, mask = o[row, op.RETURN_KITCHEN], o[row, op.RETURN_CAFE], o[row, op.RETURN_MASK]
        count = o[row, op.RETURN_COUNT]
        if count == ALL:
            return_all(rec, kitchen, cafe, mask)
        else:
            return_some(t, rec, sr, kitchen, cafe, count, mask)
    elif code == op.OP_STAFF_TO_DECK:
        staff_to_deck(t, rec, sr, o[row, op.TO_DECK_COUNT], o[row, op.TO_DECK_TOP])
    elif code == op.OP_PREPARE_ROOM:
        prepare_room(t, rec, sr, row)
    elif code == op.OP_OCCUPY_VACANT:
        occupy_vacant(t, rec, sr, o[row, op.OCCUPY_COUNT])
    elif code == op.OP_REMOVE_ROOMS:
        remove_rooms(t, rec, sr, o[row, op.REMOVE_OCCUPIED], o[row, op.REMOVE_COUNT], o[row, op.REMOVE_PICK])
    elif code == op.OP_POINTS_PER:
        points = o[row, op.POINTS_PER_POINTS]
        if points >= 0:
            rec[r.POINTS] += points * quantity(t, rec, o[row, op.POINTS_PER_QUANTITY])
        else:
            lose_points(t, rec, -points * quantity(t, rec, o[row, op.POINTS_PER_QUANTITY]))
    elif code == op.OP_REMOVE_HIRED:
        remove_hired(t, rec, sr, o[row, op.REMOVE_HIRED_COUNT], o[row, op.REMOVE_HIRED_KIND])
    elif code == op.OP_ADVANCE:
        advance(t, rec, o[row, op.ADVANCE_STEPS])
    elif code == op.OP_GAIN_RESOURCE:
        slot = r.resource_slot(rec, o[row, op.GAIN_RESOURCE_WHICH])
        amount, high = o[row, op.GAIN_RESOURCE_AMOUNT], o[row, op.GAIN_RESOURCE_HIGH]
        rec[slot] = rec[slot] + amount if high < 0 else max(rec[slot], min(rec[slot] + amount, high))
    elif code == op.OP_LOSE_RESOURCE:
        slot = r.resource_slot(rec, o[row, op.LOSE_RESOURCE_WHICH])
        amount = o[row, op.LOSE_RESOURCE_AMOUNT]
        room = max(0, rec[slot] - o[row, op.LOSE_RESOURCE_LOW])
        rec[slot] -= room if amount == ALL else min(amount, room)
    elif code == op.OP_CHANGE:
        change(t, rec, row, max(0, value_of(t, rec, o[row, op.CHANGE_EXPR])))
    else:
        raise ValueError("an opcode the batched kernels have no branch for (compiler/backends/batched/effects.py)")


@bare_kernel
def change(t: ScoringTables, rec: Ints, row: int, amount: int) -> None:
    """An OP_CHANGE of `amount` (worked out, at least 0): as gain_krones ... lose_resource of that amount."""
    o = t.ops
    what, gain = o[row, op.CHANGE_WHAT], o[row, op.CHANGE_GAIN] != 0
    if what == CHANGE_KRONES:
        if gain:
            rec[r.KRONES] += amount
        else:
            lose_krones(t, rec, amount)
    elif what == CHANGE_POINTS:
        if gain:
            rec[r.POINTS] += amount
        else:
            lose_points(t, rec, amount)
    elif what == CHANGE_RESOURCE:
        slot, limit = r.resource_slot(rec, o[row, op.CHANGE_WHICH]), o[row, op.CHANGE_LIMIT]
        if gain:
            rec[slot] = rec[slot] + amount if limit < 0 else max(rec[slot], min(rec[slot] + amount, limit))
        else:
            rec[slot] -= min(amount, max(0, rec[slot] - limit))
    else:
        raise ValueError("a change the batched kernels have no branch for (compiler/backends/batched/effects.py)")


@bare_kernel
def change_feasible(t: ScoringTables, rec: Ints, row: int) -> bool:
    """Can an OP_CHANGE be taken fully now? A gain always; a loss if the amount worked out is there."""
    o = t.ops
    if o[row, op.CHANGE_GAIN] != 0:
        return True
    amount = max(0, value_of(t, rec, o[row, op.CHANGE_EXPR]))
    what = o[row, op.CHANGE_WHAT]
    if what == CHANGE_KRONES:
        return bool(rec[r.KRONES] >= amount)
    if what == CHANGE_POINTS:
        return bool(rec[r.POINTS] >= amount)
    held = rec[r.resource_slot(rec, o[row, op.CHANGE_WHICH])]
    return bool(held - o[row, op.CHANGE_LIMIT] >= amount)


@bare_kernel
def run_program(t: ScoringTables, rec: Ints, sr: Ints, prog: int) -> None:
    """Run a program's effects in order; a Staff hired runs its once-effect at once (ruling 5.5)."""
    o = t.ops
    for row in range(at(t, A_PROGS, 2 * prog), at(t, A_PROGS, 2 * prog + 1)):
        code = o[row, op.CODE]
        if code == op.OP_DRAW_STAFF:
            count, discount = o[row, op.DRAW_COUNT], o[row, op.DRAW_DISCOUNT]
            first = draw(rec, sr, count)
            drawn = sr[first : first + count + 1]
            for _ in range(o[row, op.DRAW_PLAY]):
                card = pick_drawn(t, rec, sr, drawn, discount)
                if card < 0:
                    break
                hire(t, rec, card, play_cost(t, card, discount))
                if at(t, A_STAFF_ONCE, card) >= 0:
                    run_program(t, rec, sr, at(t, A_STAFF_ONCE, card))
            rest_of_draw(rec, sr, drawn, o[row, op.DRAW_TO_HAND])
            pop(sr, count + 1)
        elif code == op.OP_PLAY_FROM_HAND:
            discount, kind = o[row, op.PLAY_DISCOUNT], o[row, op.PLAY_KIND]
            for _ in range(o[row, op.PLAY_COUNT]):
                card = pick_from_hand(t, rec, sr, discount, kind)
                if card < 0:
                    break
                hire(t, rec, card, play_cost(t, card, discount))
                if at(t, A_STAFF_ONCE, card) >= 0:
                    run_program(t, rec, sr, at(t, A_STAFF_ONCE, card))
        elif code == op.OP_CHOOSE_ONE:
            option = choose_option(t, rec, sr, row)
            if option >= 0:
                run_program(t, rec, sr, at(t, A_LISTS, o[row, op.CHOOSE_ONE_FIRST] + option))
        elif code == op.OP_IF:
            branch = o[row, op.IF_THEN] if condition_holds(t, rec, o[row, op.IF_CONDITION]) else o[row, op.IF_OTHERWISE]
            if branch >= 0:
                run_program(t, rec, sr, branch)
        else:
            simple_op(t, rec, sr, row)


@bare_kernel
def choose_option(t: ScoringTables, rec: Ints, sr: Ints, row: int) -> int:
    """One option (from 0) of a choice among those that can be taken fully, or none (-1)."""
    count, decline = t.ops[row, op.CHOOSE_ONE_COUNT], t.ops[row, op.CHOOSE_ONE_DECLINE]
    first = t.ops[row, op.CHOOSE_ONE_FIRST]
    n = 0
    for option in range(count):
        if feasible_basic(t, rec, at(t, A_LISTS, first + option)):
            n += 1
    k = decide(sr, rec, n + 1 if decline != 0 or n == 0 else n, 0)
    for option in range(count):
        if feasible_basic(t, rec, at(t, A_LISTS, first + option)):
            if k == 0:
                return option
            k -= 1
    return -1


@bare_kernel
def row_feasible(t: ScoringTables, rec: Ints, row: int) -> bool:
    """Can this effect (no choice) be taken fully now? (runtime's FEASIBLE tests)"""
    o = t.ops
    code = o[row, op.CODE]
    if code == op.OP_LOSE_KRONES:
        amount = o[row, op.LOSE_KRONES_AMOUNT]
        return bool(amount == ALL or rec[r.KRONES] >= amount)
    if code == op.OP_LOSE_POINTS:
        amount = o[row, op.LOSE_POINTS_AMOUNT]
        return bool(amount == ALL or rec[r.POINTS] >= amount)
    if code == op.OP_RETURN_ITEMS:
        count = o[row, op.RETURN_COUNT]
        kitchen, cafe, mask = o[row, op.RETURN_KITCHEN], o[row, op.RETURN_CAFE], o[row, op.RETURN_MASK]
        return bool(count == ALL or count_returnable(rec, kitchen, cafe, mask) >= count)
    if code == op.OP_DRAW_STAFF:
        return bool(rec[r.DECK_N] >= o[row, op.DRAW_COUNT])
    if code == op.OP_STAFF_TO_DECK:
        return bool(rec[r.HAND_N] >= o[row, op.TO_DECK_COUNT])
    if code == op.OP_PLAY_FROM_HAND:
        return bool(count_of_kind(t, rec, r.HAND, r.HAND_N, o[row, op.PLAY_KIND]) >= o[row, op.PLAY_COUNT])
    if code == op.OP_PREPARE_ROOM:
        return legal_mask(t, rec, o[row, op.PREPARE_FLOORS]) != 0
    if code == op.OP_OCCUPY_VACANT:
        return bool(bits(vacant(rec)) >= o[row, op.OCCUPY_COUNT])
    if code == op.OP_REMOVE_ROOMS:
        occupied, count, pick = o[row, op.REMOVE_OCCUPIED], o[row, op.REMOVE_COUNT], o[row, op.REMOVE_PICK]
        return bool(count_removable(t, rec, occupied, count, pick) >= count)
    if code == op.OP_POINTS_PER:
        points = o[row, op.POINTS_PER_POINTS]
        return bool(points >= 0 or rec[r.POINTS] >= -points * quantity(t, rec, o[row, op.POINTS_PER_QUANTITY]))
    if code == op.OP_REMOVE_HIRED:
        return bool(
            count_of_kind(t, rec, r.HIRED, r.HIRED_N, o[row, op.REMOVE_HIRED_KIND]) >= o[row, op.REMOVE_HIRED_COUNT]
        )
    if code == op.OP_LOSE_RESOURCE:
        amount = o[row, op.LOSE_RESOURCE_AMOUNT]
        held = rec[r.resource_slot(rec, o[row, op.LOSE_RESOURCE_WHICH])]
        return bool(amount == ALL or held - o[row, op.LOSE_RESOURCE_LOW] >= amount)
    if (
        code == op.OP_GAIN_RESOURCE
        or code == op.OP_GAIN_KRONES
        or code == op.OP_GAIN_POINTS
        or code == op.OP_GAIN_ITEMS
        or code == op.OP_CHOOSE_ITEMS
        or code == op.OP_ADVANCE
    ):
        return True
    if code == op.OP_CHANGE:  # last: a ruleset without expressions never compares it
        return change_feasible(t, rec, row)
    raise ValueError("an opcode the batched feasibility test has no branch for (compiler/backends/batched/effects.py)")


@bare_kernel
def condition_holds(t: ScoringTables, rec: Ints, row: int) -> bool:
    """Does the condition of row `row` (a COND_* row: see ops.py) hold on the record now?"""
    o = t.ops
    code = o[row, op.CODE]
    if code == op.COND_ALL or code == op.COND_ANY:
        first = o[row, op.LISTED_FIRST]
        for k in range(o[row, op.LISTED_N]):
            if condition_holds(t, rec, at(t, A_LISTS, first + k)) != (code == op.COND_ALL):
                return bool(code == op.COND_ANY)
        return bool(code == op.COND_ALL)
    if code == op.COND_ZONE:
        first = o[row, op.LISTED_FIRST]
        for k in range(o[row, op.LISTED_N]):  # noqa: SIM110 (numba compiles no generator expressions)
            if at(t, A_LISTS, first + k) == rec[r.EMPEROR]:
                return True
        return False
    if code == op.COND_MOST:
        quantity_, slot = o[row, op.MOST_QUANTITY], o[row, op.MOST_SLOT]
        return most_holds(t, rec, quantity_, slot, o[row, op.MOST_FEWEST], o[row, op.MOST_NONE_TIED])
    if code == op.COND_SPACE:
        value = rec[r.EMPEROR]
    elif code == op.COND_QUANTITY:
        value = quantity(t, rec, o[row, op.BOUNDED_QUANTITY])
    elif code == op.COND_VALUE:
        value = value_of(t, rec, o[row, op.BOUNDED_QUANTITY])
    else:
        raise ValueError(
            "a condition code the batched kernels have no branch for (compiler/backends/batched/effects.py)"
        )
    low_ok = o[row, op.BOUNDED_HAS_LOW] == 0 or value >= o[row, op.BOUNDED_LOW]
    return bool(low_ok and (o[row, op.BOUNDED_HAS_HIGH] == 0 or value <= o[row, op.BOUNDED_HIGH]))


@bare_kernel
def feasible_basic(t: ScoringTables, rec: Ints, prog: int) -> bool:
    """Can every effect of a program without choices be taken fully (each against the state now; a
    conditional: the branch its condition picks now)?"""
    o = t.ops
    for row in range(at(t, A_PROGS, 2 * prog), at(t, A_PROGS, 2 * prog + 1)):
        if o[row, op.CODE] == op.OP_IF:
            branch = o[row, op.IF_THEN] if condition_holds(t, rec, o[row, op.IF_CONDITION]) else o[row, op.IF_OTHERWISE]
            if branch >= 0 and not feasible_basic(t, rec, branch):
                return False
        elif not row_feasible(t, rec, row):
            return False
    return True


@bare_kernel
def feasible(t: ScoringTables, rec: Ints, prog: int) -> bool:
    """As feasible_basic, where a choice can be taken if it may be declined or some option can."""
    o = t.ops
    for row in range(at(t, A_PROGS, 2 * prog), at(t, A_PROGS, 2 * prog + 1)):
        code = o[row, op.CODE]
        if code == op.OP_CHOOSE_ONE:
            if o[row, op.CHOOSE_ONE_DECLINE] != 0:
                continue
            some = False
            for option in range(o[row, op.CHOOSE_ONE_COUNT]):
                some = some or feasible_basic(t, rec, at(t, A_LISTS, o[row, op.CHOOSE_ONE_FIRST] + option))
            if not some:
                return False
        elif code == op.OP_IF:
            branch = o[row, op.IF_THEN] if condition_holds(t, rec, o[row, op.IF_CONDITION]) else o[row, op.IF_OTHERWISE]
            if branch >= 0 and not feasible(t, rec, branch):
                return False
        elif not row_feasible(t, rec, row):
            return False
    return True


# The kernel that runs each effect kind's opcode and the one that tests whether it can be taken fully: the
# stages of the kernels as declared tables. Inside numba a kernel cannot call through a Python dict, so each
# stays an if/elif chain on the opcode that raises on an opcode it has no branch for; tests/test_dispatch.py
# checks every kind is here and that each kernel named compares the opcode ENCODE gives that kind.
Kernel = Callable[..., Any]
RUN: ByKind[Kernel] = ByKind("the batched kernels (compiler/backends/batched/effects.py: RUN)")
FEASIBLE: ByKind[Kernel] = ByKind("the batched kernels (compiler/backends/batched/effects.py: FEASIBLE)")
RUN.on(ir.DrawStaff, ir.PlayStaffFromHand, ir.ChooseOne, ir.Conditional)(run_program)
RUN.on(
    ir.GainKrones,
    ir.LoseKrones,
    ir.GainPoints,
    ir.LosePoints,
    ir.GainItems,
    ir.ChooseItems,
    ir.ReturnItems,
    ir.StaffToDeckBottom,
    ir.PrepareRoom,
    ir.OccupyVacantRooms,
    ir.RemoveRooms,
    ir.PointsPerQuantity,
    ir.RemoveHiredStaff,
    ir.AdvanceEmperor,
    ir.GainResource,
    ir.LoseResource,
    ir.Change,
)(simple_op)


def refused_kind(*_arguments: Any) -> None:
    """The kernel of a kind the encoder refuses (tables.FOR_PLAYERS_REFUSED): never reached."""
    raise MissingKind("the batched kernels have no kernel for for_players (the encoder refuses it)")


RUN.on(ir.ForPlayers)(refused_kind)
FEASIBLE.on(ir.ForPlayers)(refused_kind)
FEASIBLE.on(ir.ChooseOne)(feasible)  # a choice is never a part of an all-or-nothing option (the encoder refuses it)
FEASIBLE.on(ir.Conditional)(feasible_basic)  # the branch its condition picks now
FEASIBLE.on(
    ir.GainKrones,
    ir.LoseKrones,
    ir.GainPoints,
    ir.LosePoints,
    ir.GainItems,
    ir.ChooseItems,
    ir.ReturnItems,
    ir.DrawStaff,
    ir.StaffToDeckBottom,
    ir.PrepareRoom,
    ir.OccupyVacantRooms,
    ir.RemoveRooms,
    ir.PointsPerQuantity,
    ir.PlayStaffFromHand,
    ir.RemoveHiredStaff,
    ir.AdvanceEmperor,
    ir.GainResource,
    ir.LoseResource,
    ir.Change,
)(row_feasible)

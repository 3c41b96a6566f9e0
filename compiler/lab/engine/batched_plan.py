"""The plan of many games at once (gah.lab.engine.game.plan_game's numbers, as arrays over games).

For each (game, round, seat) the turn stream's numbers are read a block at a time, as plan_turn reads them:
the first ten numbers pick the turn's values (HEAD), the numbers after them are the items, rooms tried, rooms
occupied and cards hired, then each guest's plate (a count, then that many numbers). The turn kernels read the
numbers where plan_turn slices them, so a Turn is never built.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from ...backends.batched.jit import inlined, kernel
from . import rng
from .batched_rng import U64, Numbers, Words, compress
from .model import Distribution, Model, RoundModel

Ints = npt.NDArray[np.int64]

# The ten values at the head of a turn's stream, in the order of its numbers (and of game.round_picks).
POINTS, KRONES, EMPEROR, DRAW, OBJECTIVES, ITEMS, PREPARE, OCCUPY, HIRE, GUESTS = range(10)
HEAD = 10
PLATE = 10  # the pick of a guest's plate size
PICKS = 11
TOTAL_LIMIT = 1 << 31  # a 32-bit number times a total must stay within 63 bits
TABLE_LIMIT = 1 << 12  # a distribution whose weights add up to at most this is read from a table (as game.Pick)
WEIGHT_LIMIT = 1 << 20  # the turns add up floor and Staff kind weights over a hotel or a hand, times a 32-bit number
Flat = tuple[Ints, Numbers, Ints, Ints]  # PlanArrays' head, numbers, plate_at and plate_count, raveled
Sizes = tuple[int, int, int, int]


class PickTables(NamedTuple):
    """game.round_picks of every round as arrays: [round - 1, pick, k] values and running totals; `data` holds
    each distribution as [total, size, has a table, running totals..., values..., the value of each scaled number
    when the total is at most TABLE_LIMIT] from offsets[(round - 1) * PICKS + pick]."""

    values: Ints
    cumulative: Ints
    totals: Ints  # [round - 1, pick]
    sizes: Ints  # [round - 1, pick]: how many values
    data: Ints
    offsets: Ints


class PlanArrays(NamedTuple):
    """The plans of games start, start + 1, ... (axis 1; round first, so that the turns of a round over the
    batch read one stretch of memory). Only what a turn reads is written: the numbers of the blocks its stream
    needs, and the plates of its guests; the rest of `numbers`, plate_at and plate_count is undefined."""

    head: Ints  # [round - 1, game, seat, HEAD]
    numbers: Numbers  # [round - 1, game, seat, k]: the turn stream's numbers, as far as the turn reads
    plate_at: Ints  # [round - 1, game, seat, guest]: where the guest's numbers start in `numbers`
    plate_count: Ints  # [round - 1, game, seat, guest]
    deal_seed: Words  # [game]: game.deal_seed


def _distributions(model: RoundModel) -> tuple[Distribution, ...]:
    """A round's distributions in game.round_picks' order."""
    return (
        model.points,
        model.krones,
        model.emperor,
        model.draw,
        model.objectives,
        model.items,
        model.prepare,
        model.occupy,
        model.hire,
        model.cafe,
        model.guest_items,
    )


def batch_refusal(model: Model) -> str:
    """Why this model's plans cannot be drawn here ('' if they can)."""
    rounds = [model.every_round] + [r for _n, r in model.rounds]
    if any(d.total >= TOTAL_LIMIT for r in rounds for d in _distributions(r)):
        return f"game model {model.name}: the batched lab engine cannot play it: a weight total reaches 2**31"
    if any(weight >= WEIGHT_LIMIT for _key, weight in model.room_floors + model.staff_kinds):
        return f"game model {model.name}: the batched lab engine cannot play it: a floor or Staff kind weight reaches 2**20"
    return ""


def pick_tables(model: Model, rounds: int) -> PickTables:
    """The distributions of rounds 1..rounds, as the kernels read them."""
    by_round = [_distributions(model.round(r)) for r in range(1, rounds + 1)]
    width = max(len(d.values) for ds in by_round for d in ds)
    values = np.zeros((rounds, PICKS, width), np.int64)
    cumulative = np.zeros((rounds, PICKS, width), np.int64)
    totals = np.zeros((rounds, PICKS), np.int64)
    sizes = np.zeros((rounds, PICKS), np.int64)
    for r, distributions in enumerate(by_round):
        for p, d in enumerate(distributions):
            values[r, p, : len(d.values)] = d.values
            cumulative[r, p, : len(d.values)] = d.cumulative
            totals[r, p] = d.total
            sizes[r, p] = len(d.values)
    data: list[int] = []
    offsets = []
    for distributions in by_round:
        for d in distributions:
            offsets.append(len(data))
            small = d.total <= TABLE_LIMIT  # every scaled number's value, as game.Pick's table
            data += [d.total, len(d.values), int(small), *d.cumulative, *d.values]
            if small:
                data += np.repeat(d.values, np.diff((0, *d.cumulative))).tolist()
    return PickTables(values, cumulative, totals, sizes, np.array(data, np.int64), np.array(offsets, np.int64))


def stream_width(picks: PickTables) -> int:
    """Numbers a turn stream can need, whole blocks (the largest of every count, over the rounds)."""
    most = 0
    for r in range(picks.values.shape[0]):
        top = [int(picks.values[r, p, : picks.sizes[r, p]].max()) for p in range(PICKS)]
        need = HEAD + top[ITEMS] + top[PREPARE] + top[OCCUPY] + top[HIRE] + top[GUESTS] * (1 + top[PLATE])
        most = max(most, need)
    return -(-most // rng.BLOCK) * rng.BLOCK


@inlined
def pick(data: Ints, at: int, r32: int) -> int:
    """Distribution.pick of the distribution at data[at:]: the value at bisect_right(cumulative, r32 * total >> 32)."""
    total, size = data[at], data[at + 1]
    scaled = (np.int64(r32) * total) >> 32
    if data[at + 2]:
        return int(data[at + 3 + 2 * size + scaled])
    low, high = 0, size
    while low < high:
        middle = (low + high) // 2
        if scaled < data[at + 3 + middle]:
            high = middle
        else:
            low = middle + 1
    return int(data[at + 3 + size + low])


@kernel
def _plan_round(picks: tuple[Ints, Ints], key: tuple[np.uint64, int, int], plan: Flat, sizes: Sizes) -> None:
    """plan_turn of every seat of every game in one round, as `picks` (data, the round's offsets) read it, into
    the flat plan arrays: head, numbers, and each guest's plate (where its numbers start among the turn's
    numbers, how many). key: the seed, the first game, the round; sizes: games, seats, numbers and guests a
    turn. One loop with compress called in it: numba would count references to an inlined helper's arrays
    around each call of compress in the helper."""
    data, offsets = picks
    head, numbers, plate_at, plate_count = plan
    seed, start, round_ = key
    games, players, width, guests = sizes
    turn_stream, r = U64(rng.TURN), U64(round_)
    for g in range(games):
        game = U64(start + g)
        for p in range(players):
            turn = ((round_ - 1) * games + g) * players + p
            h, n, q, seat = turn * HEAD, turn * width, turn * guests, U64(p + 1)
            compress(seed, game, r, seat, turn_stream, U64(0), numbers, n)
            for i in range(HEAD):
                head[h + i] = pick(data, offsets[i], numbers[n + i])
            cut = HEAD + head[h + ITEMS] + head[h + PREPARE] + head[h + OCCUPY] + head[h + HIRE]
            blocks = 1
            while blocks * 16 < cut:
                compress(seed, game, r, seat, turn_stream, U64(blocks), numbers, n + 16 * blocks)
                blocks += 1
            for guest in range(head[h + GUESTS]):
                while blocks * 16 <= cut:
                    compress(seed, game, r, seat, turn_stream, U64(blocks), numbers, n + 16 * blocks)
                    blocks += 1
                count = pick(data, offsets[PLATE], numbers[n + cut])
                cut += 1
                while blocks * 16 < cut + count:
                    compress(seed, game, r, seat, turn_stream, U64(blocks), numbers, n + 16 * blocks)
                    blocks += 1
                plate_at[q + guest] = cut
                plate_count[q + guest] = count
                cut += count


@kernel
def _plan_games(picks: PickTables, seed: np.uint64, start: int, plan: PlanArrays) -> None:
    # Flat views, indexed by turn (a view per turn would count a reference to its array each time).
    flat = (plan.head.ravel(), plan.numbers.ravel(), plan.plate_at.ravel(), plan.plate_count.ravel())
    rounds, games, players = plan.head.shape[0], plan.head.shape[1], plan.head.shape[2]
    sizes = (games, players, plan.numbers.shape[3], plan.plate_at.shape[3])
    for r in range(rounds):
        round_picks = (picks.data, picks.offsets[r * PICKS : (r + 1) * PICKS])
        _plan_round(round_picks, (seed, start, r + 1), flat, sizes)
    deal = np.zeros(16, np.int64)  # the deal stream's block
    for g in range(games):
        compress(seed, U64(start + g), U64(0), U64(rng.SETUP_PLAYER), U64(rng.DEAL), U64(0), deal, 0)
        plan.deal_seed[g] = (U64(deal[0]) << U64(32)) | U64(deal[1])


def plan_games(picks: PickTables, seed: int, start: int, stop: int, players: int) -> PlanArrays:
    """The plans of games start..stop - 1 of `players` players (picks: pick_tables of the rounds played)."""
    games, rounds = stop - start, picks.values.shape[0]
    guests = max(1, int(picks.values[:, GUESTS].max()))
    shape = (rounds, games, players)
    # Not zeroed: every value a turn reads is written (see PlanArrays), and zeroing was a tenth of the plan's time.
    plan = PlanArrays(
        head=np.empty((*shape, HEAD), np.int64),
        numbers=np.empty((*shape, stream_width(picks)), np.uint32),
        plate_at=np.empty((*shape, guests), np.int64),
        plate_count=np.empty((*shape, guests), np.int64),
        deal_seed=np.empty(games, np.uint64),
    )
    _plan_games(picks, np.uint64(seed & rng.MASK), start, plan)
    return plan

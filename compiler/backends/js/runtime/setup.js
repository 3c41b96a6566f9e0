"use strict";
// Dealing a game as `gah setup` deals it: a port of compiler/backends/python/runtime/setup.py (the same
// SplitMix64 draws, the same Fisher-Yates shuffle, the same messages), so that a seed gives the pad the very
// deal `gah setup RULESET --players ... --seed S --json` prints. Names are refused as state.js refuses them
// (NAME_REFUSED) and values quoted as core.js quotes them (shown).

const DEAL_MASK = (1n << 64n) - 1n;
const DEAL_TWO64 = 1n << 64n;
const DEAL_METHODS = ["standard", "introductory", "draft"];

// SplitMix64 (Steele, Lea and Flood 2014): one 64-bit word of state, each draw mixed from it.
class SplitMix64 {
  constructor(seed) {
    this.state = BigInt.asUintN(64, BigInt(seed));
  }

  next64() {
    this.state = (this.state + 0x9e3779b97f4a7c15n) & DEAL_MASK;
    let z = this.state;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & DEAL_MASK;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & DEAL_MASK;
    return z ^ (z >> 31n);
  }

  // A whole number from 0 to bound - 1, uniform: draws that would bias `x % bound` are drawn again.
  below(bound) {
    const big = BigInt(bound);
    const limit = DEAL_TWO64 - (DEAL_TWO64 % big);
    for (;;) {
      const value = this.next64();
      if (value < limit) return Number(value % big);
    }
  }

  // Fisher-Yates from the last position down to the second, as setup.py's shuffle.
  shuffle(cards) {
    for (let i = cards.length - 1; i > 0; i--) {
      const j = this.below(i + 1);
      [cards[i], cards[j]] = [cards[j], cards[i]];
    }
  }
}

// A StateError `run` throws, said in `words` (a table of WORDS, with its `state` phrases).
function toldIn(words, run) {
  try {
    return run();
  } catch (error) {
    if (error instanceof StateError) throw error.told(words);
    throw error;
  }
}

// The players' names checked as gah setup checks them; a refusal said in `words`.
function checkPlayers(setup, players, words) {
  toldIn(words, () => checkNames(setup, players));
}

function checkNames(setup, players) {
  const low = setup.min_players;
  const high = setup.max_players;
  if (players.length < low || players.length > high) {
    throw refused("ruleset_players", { low, high, got: players.length });
  }
  const seen = new Set();
  players.forEach((name, index) => {
    if (typeof name !== "string" || !name.trim()) {
      throw refused("name_empty", { where: `players[${index}]`, got: shown(name) });
    }
    if (Array.from(name).length > 100) throw refused("name_long", { where: `players[${index}]`, most: 100 });
    if (NAME_REFUSED.test(name)) {
      throw refused("name_control", { where: `players[${index}]`, name: shown(name) });
    }
    if (!NAME_VISIBLE.test(name)) throw refused("name_invisible", { where: `players[${index}]`, name: shown(name) });
    if (seen.has(name)) throw refused("name_twice", { where: `players[${index}]`, name: shown(name) });
    seen.add(name);
  });
}

// One tile per scored tier, in the order of the scoring rounds, uniform among the tier's tiles.
function dealTiles(rules, rng) {
  const tiles = {};
  const rounds = Object.keys(rules.scoringTiers)
    .map(Number)
    .sort((a, b) => a - b);
  for (const round of rounds) {
    const tier = rules.scoringTiers[round];
    if (Object.prototype.hasOwnProperty.call(tiles, tier)) continue;
    const candidates = Object.keys(rules.tiles).filter((id) => rules.tiles[id] === tier);
    if (!candidates.length) throw refused("tile_to_deal_missing", { tier, round });
    tiles[tier] = candidates[rng.below(candidates.length)];
  }
  return tiles;
}

function dealSets(rules, setup, count) {
  const hands = [];
  const used = new Set();
  for (let index = 0; index < count; index++) {
    const letter = String.fromCharCode(65 + index);
    if (!Object.prototype.hasOwnProperty.call(setup.sets, letter)) {
      throw refused("set_missing", { letter, player: index + 1 });
    }
    const hand = setup.sets[letter].slice();
    for (const card of hand) {
      if (!rules.staff[card] || used.has(card)) throw refused("set_card", { letter, number: card });
      used.add(card);
    }
    hands.push(hand);
  }
  return hands;
}

// The draft with every pick the default policy's: the highest cost, then the lowest number.
function dealDraft(rules, setup, count, deck, rng) {
  const hand = setup.hand_size;
  const packet = setup.packet_size;
  const keep = setup.keep_per_pick;
  if (packet < hand || hand % keep) {
    throw refused("draft_sizes", { packet, keep, hand });
  }
  if (packet * count > deck.length) throw refused("too_few_for_packets", { count, size: packet, cards: deck.length });
  let packets = [];
  for (let i = 0; i < count; i++) packets.push(deck.slice(i * packet, (i + 1) * packet));
  let rest = deck.slice(count * packet);
  const hands = packets.map(() => []);
  const picks = hand / keep;
  const shift = setup.direction === "left" ? 1 : -1;
  const cost = (card) => rules.staff[card][1];
  for (let pick = 0; pick < picks; pick++) {
    packets.forEach((cards, i) => {
      for (let k = 0; k < keep; k++) {
        const best = cards.reduce((a, b) => (cost(b) > cost(a) || (cost(b) === cost(a) && b < a) ? b : a));
        cards.splice(cards.indexOf(best), 1);
        hands[i].push(best);
      }
    });
    if (pick < picks - 1) packets = packets.map((_, i) => packets[(((i - shift) % count) + count) % count]);
  }
  const leftover = packets.flat();
  if (leftover.length) {
    rest = rest.concat(leftover);
    rng.shuffle(rest);
  }
  return [hands, rest];
}

// One player's start; a player of a role ([its id, what it never has]) starts without those.
function dealPlayer(rules, setup, name, hand, record, [role, without]) {
  const hotel = [];
  for (let f = 0; f < rules.floors; f++) hotel.push(Array(rules.columns).fill("."));
  for (const room of setup.hotel_rooms) {
    const [floor, column] = room;
    if (!(floor >= 1 && floor <= rules.floors && column >= 1 && column <= rules.columns)) {
      throw refused("room_outside", { room: `${floor}.${column}` });
    }
    hotel[floor - 1][column - 1] = "v";
  }
  const kitchen = {};
  for (const item of Object.keys(setup.items)) {
    if (!rules.items.includes(item)) throw refused("unknown_start_item", { item: shown(item), items: rules.items.join(", ") });
  }
  for (const item of rules.items) kitchen[item] = without.includes("kitchen") ? 0 : setup.items[item] || 0;
  return {
    name,
    ...(role ? { role } : {}),
    points: setup.points,
    krones: without.includes("krones") ? 0 : setup.krones,
    emperor: setup.emperor,
    kitchen,
    cafe: [],
    hotel: hotel.reverse().map((row) => row.join("")), // top floor first, as a state writes it
    hand: hand.slice(),
    hired: [],
    objectives: rules.resources.objectives ? rules.resources.objectives[2] : 0,
    choices: record,
    ...startingResources(rules),
  };
}

// A round-0 state, as `gah setup RULESET --players ... --seed SEED --json` prints it (draft picks:
// the default policy's); a refusal (StateError) said in `words` (a table of WORDS; default: the rules' own).
function deal(rules, setup, players, seed, words) {
  return toldIn(words === undefined ? rules.words : words, () => dealChecked(rules, setup, players, seed));
}

function dealChecked(rules, setup, players, seed) {
  checkNames(setup, players);
  if (!Number.isSafeInteger(seed)) throw refused("not_whole", { where: "seed", got: shown(seed) });
  if (!DEAL_METHODS.includes(setup.method)) {
    throw refused("unknown_method", { method: shown(setup.method), methods: DEAL_METHODS.join(", ") });
  }
  const rng = new SplitMix64(seed);
  const tiles = dealTiles(rules, rng);
  let deck = Object.keys(rules.staff)
    .map(Number)
    .sort((a, b) => a - b);
  // A seat's role (setup.roles: [seat from 1, role, what it never has]); players whose role has no hand are dealt
  // none, the others are dealt as the method says, in turn order (as the Python module's deal_checked).
  const roles = new Map((setup.roles || []).map(([seat, role, without]) => [seat - 1, [role, without]]));
  const seats = players.map((_, i) => i).filter((i) => !(roles.get(i) || ["", []])[1].includes("hand"));
  const count = seats.length;
  let hands;
  let records = seats.map(() => ({}));
  if (setup.method === "standard") {
    if (setup.hand_size * count > deck.length) throw refused("too_few_cards", { count, size: setup.hand_size, cards: deck.length });
    rng.shuffle(deck);
    hands = seats.map((_, i) => deck.slice(i * setup.hand_size, (i + 1) * setup.hand_size));
    deck = deck.slice(count * setup.hand_size);
  } else if (setup.method === "introductory") {
    hands = dealSets(rules, setup, count);
    const dealt = new Set(hands.flat());
    deck = deck.filter((card) => !dealt.has(card));
    rng.shuffle(deck);
  } else {
    rng.shuffle(deck);
    [hands, deck] = dealDraft(rules, setup, count, deck, rng);
    records = hands.map((hand) => ({ draft: hand.slice() }));
  }
  return {
    round: 0,
    tiles,
    staff_deck: deck,
    staff_discard: [],
    players: players.map((name, i) => {
      const at = seats.indexOf(i);
      return dealPlayer(rules, setup, name, at < 0 ? [] : hands[at], at < 0 ? {} : records[at], roles.get(i) || ["", []]);
    }),
  };
}

// What the pad's deal needs, under one name (GAH.DEAL).
const DEAL = { deal, players: checkPlayers, shown, SplitMix64 };

// The declared resources but the objectives at their starting amounts, as `resources` ({} where there are none).
function startingResources(rules) {
  const declared = Object.entries(rules.resources).filter(([resource]) => resource !== "objectives");
  return declared.length ? { resources: Object.fromEntries(declared.map(([resource, limits]) => [resource, limits[2]])) } : {};
}

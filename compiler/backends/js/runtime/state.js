// Reading a game state (the JSON `gah score` reads) into a game, checking it, and writing it back
// (a port of compiler/backends/python/runtime/state.py; the same messages).
"use strict";

const ROOM_LETTERS = new Set([".", "v", "o"]);
const PLAYER_KEYS = ["name", "role", "points", "krones", "emperor", "kitchen", "cafe", "hotel", "hand", "hired", "objectives", "resources", "choices"];
const STATE_KEYS = ["round", "tiles", "staff_deck", "staff_discard", "players"];
// What a player's name may not hold, as names are printed in every explanation: C0 and C1 controls
// (escape sequences, line breaks), the line and paragraph separators, and the bidirectional
// controls that reorder the text around them.
const NAME_REFUSED = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
// A name of only these is no name: what Python's str.isspace() counts as space (trim() differs on
// U+001C-U+001F, U+0085 and U+FEFF).
const ONLY_SPACE = /^[\t\n\v\f\r\u001c-\u001f \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]*$/;
// A name shows something: a letter, mark, digit, punctuation or symbol that is not blank (Python's
// visible(): the Hangul fillers, the blank Braille pattern and invisible marks show nothing).
const NAME_VISIBLE = /(?![\u034f\u115f\u1160\u17b4\u17b5\u2800\u3164\uffa0])[\p{L}\p{M}\p{N}\p{P}\p{S}]/u;
// Each `choices` key: what one decision's value is, and whether it may be null ("none").
const CHOICE_VALUES = {
  choose_items: ["item", false],
  return_items: ["returned", false],
  choose_one: ["option", true],
  serve: ["guest", true],
  play_staff: ["card", true],
  drawn_to_bottom: ["card", false],
  hand_to_deck: ["card", false],
  prepare_room: ["room", true],
  occupy_room: ["room", true],
  remove_rooms: ["room", false],
  remove_hired_staff: ["card", true],
  conference_manager: ["yes/no", false],
  secretary: ["card", true],
  draft: ["card", false],
};
// Older names of keys, still read as the key they became (hand_to_bottom also recorded cards put on top).
const OLD_CHOICE_KEYS = { hand_to_bottom: "hand_to_deck" };
const CHOICE_KEYS = Object.keys(CHOICE_VALUES);
// Each kind of value: its phrase in the `state` section.
const VALUE_WORDS = {
  item: "value_item",
  returned: "value_returned",
  option: "value_option",
  guest: "value_guest",
  card: "value_card",
  room: "value_room",
  "yes/no": "value_yes_no",
};

function isMapping(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function has(mapping, key) {
  return Object.prototype.hasOwnProperty.call(mapping, key);
}

function wholeNumber(value, where, low, high) {
  if (typeof value !== "number" || !Number.isInteger(value)) {
    throw refused("not_whole", { where, got: shown(value) });
  }
  if (value < low || (high !== undefined && value > high)) {
    if (high === undefined) throw refused("out_of_range_from", { where, value, low });
    throw refused("out_of_range", { where, value, low, high });
  }
  return value;
}

function mapping(value, where) {
  if (!isMapping(value)) throw refused("not_mapping", { where, got: shown(value) });
  return value;
}

function list(value, where) {
  if (!Array.isArray(value)) throw refused("not_list", { where, got: shown(value) });
  return value;
}

function unknownKeys(value, known) {
  return Object.keys(value)
    .filter((k) => !known.includes(k))
    .sort();
}

function readItems(rules, value, where) {
  const items = {};
  for (const item of rules.items) items[item] = 0;
  for (const [item, count] of Object.entries(mapping(value, where))) {
    if (!rules.items.includes(item)) throw refused("unknown_item", { where, item: shown(item), items: rules.items.join(", ") });
    items[item] = wholeNumber(count, `${where}.${item}`, 0);
  }
  return items;
}

// Recorded decisions: each key one decision's value, or a list of them in the order asked.
function readChoices(value, where) {
  const choices = Object.assign({}, mapping(value, where));
  const unknown = unknownKeys(choices, CHOICE_KEYS.concat(Object.keys(OLD_CHOICE_KEYS)));
  if (unknown.length) {
    throw refused("unknown_choice", { where, choice: shown(unknown[0]), choices: CHOICE_KEYS.slice().sort().join(", ") });
  }
  for (const [old, key] of Object.entries(OLD_CHOICE_KEYS)) {
    if (has(choices, old) && has(choices, key)) throw refused("old_and_new_choice", { where, old, new: key });
    if (has(choices, old)) {
      choices[key] = choices[old];
      delete choices[old];
    }
  }
  for (const [key, recorded] of Object.entries(choices)) {
    if (Array.isArray(recorded)) recorded.forEach((one, index) => checkChoice(key, one, `${where}.${key}[${index}]`));
    else if (key === "draft") throw refused("draft_not_list", { where: `${where}.draft`, got: shown(recorded) });
    else checkChoice(key, recorded, `${where}.${key}`);
  }
  return choices;
}

// One recorded decision's value: of the key's type (its legality is checked when it is asked).
function checkChoice(key, value, where) {
  const [kind, nullable] = CHOICE_VALUES[key];
  if (value === null && nullable) return;
  let ok;
  if (kind === "item") ok = typeof value === "string";
  else if (kind === "returned") ok = typeof value === "string" && /^[^@]+(@[0-9]+)?$/.test(value);
  else if (kind === "room") ok = typeof value === "string" && /^[0-9]+\.[0-9]+$/.test(value);
  else if (kind === "yes/no") ok = typeof value === "boolean";
  else ok = Number.isInteger(value) && value >= (kind === "guest" ? 0 : 1); // guests from 0; cards, options from 1
  if (!ok) throw refused(nullable ? "expected_or_null" : "expected", { where, expected: new Said(VALUE_WORDS[kind]), got: shown(value) });
}

function readCards(rules, value, where) {
  return list(value, where).map((number, index) => {
    wholeNumber(number, `${where}[${index}]`, 1);
    if (!has(rules.staff, number)) throw refused("unknown_card", { where: `${where}[${index}]`, number });
    return number;
  });
}

function readHotel(rules, value, where, beforeScoring) {
  const topFirst = list(value, where);
  if (topFirst.length !== rules.floors) {
    throw refused("floor_count", { where, floors: rules.floors, got: topFirst.length });
  }
  const hotel = topFirst.map((row, index) => {
    const floor = rules.floors - index;
    if (typeof row !== "string" || row.length !== rules.columns || Array.from(row).some((ch) => !ROOM_LETTERS.has(ch))) {
      throw refused("floor_row", { where: `${where}[${index}]`, floor, columns: rules.columns, got: shown(row) });
    }
    return Array.from(row);
  });
  hotel.reverse(); // floor 1 first
  const placed = new Set();
  hotel.forEach((row, f) => row.forEach((room, c) => room !== EMPTY && placed.add(cellKey(f + 1, c + 1))));
  if (placed.size && beforeScoring) {
    // Before any room is removed, every room grew from the first room by orthogonal steps.
    const first = rules.firstRoom;
    if (!placed.has(first)) throw refused("first_room", { where, room: first });
    const reached = reachable(first, placed);
    const stray = Array.from(placed)
      .filter((key) => !reached.has(key))
      .sort((a, b) => cellParts(a)[0] - cellParts(b)[0] || cellParts(a)[1] - cellParts(b)[1]);
    if (stray.length) throw refused("not_connected", { where, room: stray[0] });
  }
  return hotel;
}

function reachable(start, placed) {
  const seen = new Set([start]);
  const frontier = [start];
  while (frontier.length) {
    const [floor, column] = cellParts(frontier.pop());
    for (const key of [cellKey(floor + 1, column), cellKey(floor - 1, column), cellKey(floor, column + 1), cellKey(floor, column - 1)]) {
      if (placed.has(key) && !seen.has(key)) {
        seen.add(key);
        frontier.push(key);
      }
    }
  }
  return seen;
}

// Check a game state against the rules and turn it into a game; a StateError is said in `words` (a table of
// WORDS; default: the rules' own, English).
function readGame(rules, state, words) {
  try {
    return readChecked(rules, state);
  } catch (error) {
    if (error instanceof StateError) throw error.told(words === undefined ? rules.words : words);
    throw error;
  }
}

// readGame's reading: a StateError thrown here is not yet told in a language.
function readChecked(rules, state) {
  mapping(state, "state");
  const unknown = unknownKeys(state, STATE_KEYS);
  if (unknown.length) throw refused("unknown_key", { where: "state", key: shown(unknown[0]), keys: STATE_KEYS.slice().sort().join(", ") });
  for (const key of ["round", "tiles", "players"]) {
    if (!has(state, key)) throw refused("missing_key", { where: "state", key });
  }
  const round = wholeNumber(state.round, "round", 0, rules.rounds);
  const tiles = {};
  for (const [tier, tileId] of Object.entries(mapping(state.tiles, "tiles"))) {
    if (typeof tileId !== "string") throw refused("not_text", { where: `tiles.${plain(tier)}`, got: shown(tileId) });
    if (!has(rules.tiles, tileId)) {
      throw refused("unknown_tile", { where: `tiles.${plain(tier)}`, tile: shown(tileId), tiles: Object.keys(rules.tiles).join(", ") });
    }
    if (rules.tiles[tileId] !== tier) throw refused("wrong_tier", { where: `tiles.${plain(tier)}`, tile: tileId, tier: rules.tiles[tileId], wanted: plain(tier) });
    tiles[tier] = tileId;
  }
  const tierNow = rules.scoringTiers[round];
  if (tierNow !== undefined && !has(tiles, tierNow)) {
    throw refused("tile_missing", { where: "tiles", round, tier: tierNow });
  }
  const scoringRounds = Object.keys(rules.scoringTiers).map(Number);
  const firstScoring = scoringRounds.length ? Math.min(...scoringRounds) : rules.rounds + 1;
  const playersData = list(state.players, "players");
  if (playersData.length < 1 || playersData.length > 8) throw refused("player_count", { where: "players", low: 1, high: 8, got: playersData.length });
  const names = new Set();
  const players = playersData.map((data, index) => {
    const where = `players[${index}]`;
    mapping(data, where);
    const unknownPlayer = unknownKeys(data, PLAYER_KEYS);
    if (unknownPlayer.length) {
      throw refused("unknown_key", { where, key: shown(unknownPlayer[0]), keys: PLAYER_KEYS.slice().sort().join(", ") });
    }
    if (typeof data.name !== "string" || ONLY_SPACE.test(data.name)) throw refused("name_missing", { where: `${where}.name` });
    if (NAME_REFUSED.test(data.name)) {
      throw refused("name_control", { where: `${where}.name`, name: shown(data.name) });
    }
    if (!NAME_VISIBLE.test(data.name)) throw refused("name_invisible", { where: `${where}.name`, name: shown(data.name) });
    if (names.has(data.name)) throw refused("name_twice", { where: `${where}.name`, name: shown(data.name) });
    names.add(data.name);
    const cafe = list(has(data, "cafe") ? data.cafe : [], `${where}.cafe`).map((guest, i) => readItems(rules, guest, `${where}.cafe[${i}]`));
    if (cafe.length > rules.cafeSeats) throw refused("cafe_full", { where: `${where}.cafe`, seats: rules.cafeSeats }, cafe.length);
    const hotelData = has(data, "hotel") ? data.hotel : Array(rules.floors).fill(".".repeat(rules.columns));
    const get = (key, fallback) => (has(data, key) ? data[key] : fallback);
    const player = {
      name: data.name,
      points: wholeNumber(get("points", 0), `${where}.points`, 0),
      krones: wholeNumber(get("krones", 0), `${where}.krones`, 0),
      emperor: wholeNumber(get("emperor", 0), `${where}.emperor`, 0, rules.trackLast),
      kitchen: readItems(rules, get("kitchen", {}), `${where}.kitchen`),
      cafe,
      hotel: readHotel(rules, hotelData, `${where}.hotel`, round < firstScoring),
      hand: readCards(rules, get("hand", []), `${where}.hand`),
      hired: readCards(rules, get("hired", []), `${where}.hired`),
      objectives: wholeNumber(get("objectives", 0), `${where}.objectives`, 0),
      choices: readChoices(get("choices", {}), `${where}.choices`),
      cursor: {},
      resources: readResources(rules, get("resources", {}), `${where}.resources`),
      role: readRole(rules, data, where),
    };
    roleHasNone(rules, player, where);
    return player;
  });
  const discard = readCards(rules, has(state, "staff_discard") ? state.staff_discard : [], "staff_discard");
  const held = [];
  for (const p of players) held.push(...p.hand, ...p.hired);
  held.push(...discard);
  let deck;
  if (has(state, "staff_deck")) {
    deck = readCards(rules, state.staff_deck, "staff_deck");
  } else {
    // An unknown deck is every card nobody holds, lowest number on top.
    const holding = new Set(held);
    deck = sortedNumbers(Object.keys(rules.staff).map(Number)).filter((n) => !holding.has(n));
  }
  if (new Set(held.concat(deck)).size < held.length + deck.length) raiseTwice(players, discard, deck);
  return makeGame(rules, round, tiles, deck, discard, players);
}

// The player's role: "" without one, else an id of the rules' roles.
function readRole(rules, data, where) {
  if (!has(data, "role")) return "";
  if (typeof data.role !== "string") throw refused("not_text", { where: `${where}.role`, got: shown(data.role) });
  if (!has(rules.roles, data.role)) {
    throw refused("unknown_role", { where: `${where}.role`, role: shown(data.role), roles: Object.keys(rules.roles).join(", ") || "-" });
  }
  return data.role;
}

// A player of a role holds nothing of what that role never has.
function roleHasNone(rules, player, where) {
  if (!player.role) return;
  const held = { krones: player.krones, kitchen: sumValues(player.kitchen), cafe: player.cafe.length, hand: player.hand.length };
  for (const key of rules.roles[player.role]) {
    if (held[key]) throw refused("role_without", { where: `${where}.${key}`, player: plain(player.name), role: player.role });
  }
}

// Name the second place a card is found, and the first (each card is in one place only).
function raiseTwice(players, discard, deck) {
  const places = [];
  players.forEach((p, i) => {
    places.push([`players[${i}].hand`, p.hand], [`players[${i}].hired`, p.hired]);
  });
  places.push(["staff_discard", discard], ["staff_deck", deck]);
  const first = new Map();
  for (const [where, cards] of places) {
    cards.forEach((number, index) => {
      if (first.has(number)) {
        throw refused("card_twice", { where: `${where}[${index}]`, number, first: first.get(number) });
      }
      first.set(number, `${where}[${index}]`);
    });
  }
}

// The game as a state of the same shape as the input.
function writeGame(game) {
  return {
    round: game.round,
    tiles: Object.assign({}, game.tiles),
    staff_deck: game.deck.slice(),
    staff_discard: game.discard.slice(),
    players: game.players.map((p) => ({
      name: p.name,
      ...(p.role ? { role: p.role } : {}),
      points: p.points,
      krones: p.krones,
      emperor: p.emperor,
      kitchen: Object.assign({}, p.kitchen),
      cafe: p.cafe.map((guest) => Object.assign({}, guest)),
      hotel: p.hotel
        .slice()
        .reverse()
        .map((row) => row.join("")),
      hand: p.hand.slice(),
      hired: p.hired.slice(),
      objectives: p.objectives,
      choices: Object.assign({}, p.choices),
      // a ruleset without declared resources writes the state as it always has
      ...(Object.keys(p.resources).length ? { resources: Object.assign({}, p.resources) } : {}),
    })),
  };
}

// A player's declared resources (objectives excepted: their own key), each within its limits; a missing one
// is its starting amount.
function readResources(rules, value, where) {
  const data = mapping(value, where);
  const declared = Object.entries(rules.resources).filter(([resource]) => resource !== "objectives");
  const known = declared.map(([resource]) => resource);
  for (const key of Object.keys(data)) {
    if (!known.includes(key)) throw refused("unknown_key", { where, key: shown(key), keys: known.join(", ") || "-" });
  }
  const found = {};
  for (const [resource, [low, high, start]] of declared) {
    const amount = Object.prototype.hasOwnProperty.call(data, resource) ? data[resource] : start;
    found[resource] = high === null ? wholeNumber(amount, `${where}.${resource}`, low) : wholeNumber(amount, `${where}.${resource}`, low, high);
  }
  return found;
}

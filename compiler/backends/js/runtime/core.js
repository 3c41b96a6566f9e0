// Game state, primitives and the text helpers: mechanics that do not change with the rules data.
// A port of compiler/backends/python/runtime/core.py (same numbers, same texts). Copied verbatim
// into every score pad; plain functions, no modules, no DOM.
"use strict";

// A cell is "floor.column" (both from 1, floor 1 at the bottom): the form `choices` record.
function cellKey(floor, column) {
  return floor + "." + column;
}

function cellParts(key) {
  const dot = key.indexOf(".");
  return [Number(key.slice(0, dot)), Number(key.slice(dot + 1))];
}

// A game state (or a recorded choice) that this ruleset cannot score. The readers throw one as a phrase of a
// language's `state` section (`key`, with `values`), which told() says in a language; until then its message
// is the key. One made of a text (a recorded choice's, said by the game) has no key. As Python's StateError.
class StateError extends Error {
  constructor(message, key = "", values = {}) {
    super(message);
    this.name = "StateError";
    this.key = key;
    this.values = values;
  }

  // This error said in the language of `words` (a table of WORDS, with its `state` phrases).
  told(words) {
    if (!this.key) return this;
    return new StateError(statePhrase(words.state, this.key, this.values), this.key, this.values);
  }
}

// A StateError of the `state` phrase `key` (a Said value is a phrase of its own); `count` picks a form.
function refused(key, values = {}, count = null) {
  return new StateError(key, key, count === null ? values : Object.assign({ count }, values));
}

// A phrase of the `state` section inside another's values ("expected {expected}").
class Said {
  constructor(key, values = {}) {
    this.key = key;
    this.values = values;
  }
}

// The `state` phrase `key` with `values` filled in, a Said value said first.
function statePhrase(table, key, values) {
  const filled = {};
  for (const [name, value] of Object.entries(values)) filled[name] = value instanceof Said ? statePhrase(table, value.key, value.values) : value;
  return phrase(table, key, filled, Number.isInteger(filled.count) ? filled.count : null);
}

// The rules constants the shared mechanics need (filled in by the generated code).
function makeRules(fields) {
  // servingPays and itemsAlike: true unless the generator proved otherwise; no declared resources (as Python's Rules defaults).
  const rules = Object.assign({ onceEffects: {}, project: null, servingPays: true, itemsAlike: true, resources: {}, roles: {}, targetsOthers: false }, fields);
  rules.colourCells = {};
  rules.colours.forEach((row, floor) =>
    row.forEach((colour, column) => {
      (rules.colourCells[colour] = rules.colourCells[colour] || []).push([floor, column]);
    }),
  );
  rules.groupCells = rules.groups.map(([, cells]) => cells.map((key) => cellParts(key).map((x) => x - 1)));
  rules.groupOf = (key) => rules.groups.findIndex(([, cells]) => cells.includes(key));
  return rules;
}

function clonePlayer(p) {
  return {
    name: p.name,
    points: p.points,
    krones: p.krones,
    emperor: p.emperor,
    kitchen: Object.assign({}, p.kitchen),
    cafe: p.cafe.map((guest) => Object.assign({}, guest)),
    hotel: p.hotel.map((row) => row.slice()),
    hand: p.hand.slice(),
    hired: p.hired.slice(),
    objectives: p.objectives,
    choices: p.choices, // read only
    cursor: Object.assign({}, p.cursor),
    resources: Object.assign({}, p.resources),
    role: p.role,
  };
}

function makeGame(rules, round, tiles, deck, discard, players) {
  // decisions: every decision taken, in order (explaining games only). trial: on a copy where the
  // policy tries a sequence of decisions, that sequence. turn: in the real game, the turn being
  // resolved. cardReads: how often a step looked at which cards a hand or the deck holds.
  // projecting: true while a projection of the real game is worked out (it decides nothing).
  // words: the phrases and terms events are told in (the rules' own unless scoreGame is given another).
  return { rules, round, tiles, deck, discard, players, events: [], decisions: [], explain: true, trial: null, turn: null, cardReads: 0, projecting: false, words: rules.words, before: null };
}

// A copy to try an option on; with `only`, the other players are shared, not copied (but where effects change
// other players, rules.targetsOthers: every player is copied).
function cloneGame(game, only) {
  const all = only === undefined || game.rules.targetsOthers;
  const players = game.players.map((p) => (all || p === only ? clonePlayer(p) : p));
  const copy = makeGame(game.rules, game.round, game.tiles, game.deck.slice(), game.discard.slice(), players);
  copy.explain = false;
  copy.before = game.before; // read only
  return copy;
}

function log(game, player, kind, text, details) {
  if (!game.explain) return;
  const event = { round: game.round, player: player ? player.name : null, kind, text };
  Object.assign(event, details || {});
  game.events.push(event);
}

function opponents(game, player) {
  return game.players.filter((p) => p !== player);
}


// The phrase `key` of a language's phrases (`words`, the generated WORDS table) with `values` filled in;
// `count` (also {count}) picks the plural form of a phrase that has forms. As Python's phrase().
function phrase(words, key, values = {}, count = null) {
  let pattern = words[key];
  if (pattern === undefined) throw new Error(`no phrase '${key}'`);
  if (typeof pattern === "object") {
    const size = count === null ? -1 : Math.abs(count);
    const form = size === 0 ? "zero" : size === 1 ? "one" : size === 2 ? "two" : "other";
    pattern = pattern[form] || pattern.other;
  }
  const filled = count === null ? values : Object.assign({ count }, values);
  return pattern.replace(/\{\{|\}\}|\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (match, name) =>
    name === undefined ? match[0] : String(filled[name]),
  );
}

// The phrase `key` in the game's language.
function say(game, key, values = {}, count = null) {
  return phrase(game.words, key, values, count);
}

// A game term as the language names it (an item, a colour, a Staff card, a tile, a zone); `fallback` where it does not.
function term(game, kind, name, fallback) {
  const terms = game.words.terms || {};
  const named = (terms[kind] || {})[name];
  return named === undefined ? fallback : named;
}

// An item as named after `count`: its plural for a count other than 1.
function itemNamed(game, item, count) {
  const named = term(game, "item", item, item);
  return Math.abs(count) === 1 ? named : term(game, "item_plural", item, named);
}

// 1st, 2nd, 3rd, 4th, 11th, 21st (in English): the language's ordinal forms, by the last two digits, else the last.
function ordinal(words, n) {
  const forms = words.ordinal;
  return (forms[`ends_${n % 100}`] || forms[`ends_${n % 10}`] || forms.any_other).replace("{n}", String(n));
}

// Why points per a quantity change hands: " (2 per occupied room)" (explaining games only).
function perQuantity(game, each, quantity) {
  return game.explain ? say(game, "per_quantity", { each, quantity: game.words.quantity_names[quantity] }) : "";
}

// --- primitives -----------------------------------------------------------------------

function gainPoints(game, player, amount, why = "") {
  player.points += amount;
  if (game.explain) log(game, player, "points", say(game, "gains", { player: player.name, what: say(game, "points", {}, amount), why }), { points: amount });
}

function losePoints(game, player, amount, why = "") {
  const lost = Math.min(amount, Math.max(0, player.points - game.rules.pointsFloor));
  player.points -= lost;
  if (!game.explain) return;
  const note = lost === amount ? "" : say(game, "has_only_to_lose", { lost });
  log(game, player, "points", say(game, "loses", { player: player.name, what: say(game, "points", {}, lost), why: why + note }), { points: -lost });
}

function gainKrones(game, player, amount) {
  player.krones += amount;
  if (game.explain) log(game, player, "krones", say(game, "gains", { player: player.name, what: say(game, "krones", {}, amount), why: "" }), { krones: amount });
}

function loseKrones(game, player, amount) {
  const lost = Math.min(amount, Math.max(0, player.krones - game.rules.kronesFloor));
  player.krones -= lost;
  if (!game.explain) return;
  const note = lost === amount ? "" : say(game, "has_only", { lost });
  log(game, player, "krones", say(game, "loses", { player: player.name, what: say(game, "krones", {}, lost), why: note }), { krones: -lost });
}

// Declared resources: "objectives" is kept in player.objectives (the state's historical key), any
// other in player.resources; game.rules.resources[id] = [lower limit, upper limit or null, start].
function resourceAmount(player, resource) {
  return resource === "objectives" ? player.objectives : player.resources[resource];
}

function setResource(player, resource, amount) {
  if (resource === "objectives") player.objectives = amount;
  else player.resources[resource] = amount;
}

function resourceWords(game, resource, count) {
  const names = game.words.resources[resource];
  return `${count} ${Math.abs(count) === 1 ? names.one : names.other}`;
}

// Gain up to the upper limit; the rest is lost.
function gainResource(game, player, resource, amount) {
  const high = game.rules.resources[resource][1];
  const had = resourceAmount(player, resource);
  const now = high === null ? had + amount : Math.max(had, Math.min(had + amount, high));
  setResource(player, resource, now);
  if (!game.explain) return;
  const note = now - had === amount ? "" : say(game, "resource_capped", { limit: high });
  const text = say(game, "gains", { player: player.name, what: resourceWords(game, resource, now - had), why: note });
  log(game, player, "resource", text, { resource, amount: now - had });
}

// Lose `amount` (null: all), never below the lower limit.
function loseResource(game, player, resource, amount) {
  const low = game.rules.resources[resource][0];
  const had = resourceAmount(player, resource);
  const lost = amount === null ? Math.max(0, had - low) : Math.min(amount, Math.max(0, had - low));
  setResource(player, resource, had - lost);
  if (!game.explain) return;
  const note = amount === null || lost === amount ? "" : say(game, "has_only", { lost });
  const text = say(game, "loses", { player: player.name, what: resourceWords(game, resource, lost), why: note });
  log(game, player, "resource", text, { resource, amount: -lost });
}

// Move forward, never past the last space; each step beyond it is worth points at once.
function advanceEmperor(game, player, steps, why = "") {
  const room = game.rules.trackLast - player.emperor;
  const moved = Math.min(steps, Math.max(0, room));
  const beyond = steps - moved;
  player.emperor += moved;
  if (!game.explain) {
    player.points += beyond * game.rules.beyondPoints;
    return;
  }
  let text = say(game, "advances", { player: player.name, steps: say(game, "steps", {}, moved), space: player.emperor, why });
  if (beyond) {
    const bonus = beyond * game.rules.beyondPoints;
    player.points += bonus;
    text += say(game, "beyond_cap", { steps: say(game, "steps", {}, beyond), points: say(game, "points", {}, bonus) });
  }
  log(game, player, "emperor", text, { steps: moved, beyond });
}

// items: [[item, count], ...]
function gainItems(game, player, items) {
  for (const [item, count] of items) player.kitchen[item] = (player.kitchen[item] || 0) + count;
  if (!game.explain) return;
  const listed = items.map(([item, count]) => say(game, "item_count", { item: itemNamed(game, item, count) }, count)).join(say(game, "list_separator"));
  const given = {};
  for (const [item, count] of items) given[item] = count;
  log(game, player, "items", say(game, "gains", { player: player.name, what: listed, why: "" }), { items: given });
}

function sumValues(mapping) {
  return Object.values(mapping).reduce((a, b) => a + b, 0);
}

// Return items from the kitchen and/or the café guests: `count` of them, each the player's choice (as
// many as there are), or every one (count null); `which`: only these item ids (null: any).
function returnItems(game, player, kitchen, cafe, count = null, which = null) {
  if (count !== null) {
    returnSomeItems(game, player, kitchen, cafe, count, which);
    return;
  }
  const fits = (item) => which === null || which.includes(item);
  let returned = 0;
  if (kitchen) {
    for (const item of Object.keys(player.kitchen)) {
      if (!fits(item)) continue;
      returned += player.kitchen[item];
      player.kitchen[item] = 0;
    }
  }
  if (cafe) {
    for (const guest of player.cafe) {
      for (const item of Object.keys(guest)) {
        if (!fits(item)) continue;
        returned += guest[item];
        guest[item] = 0; // the guest keeps the shape of the kitchen: every kind, now 0
      }
    }
  }
  if (!game.explain) return;
  const places = say(game, kitchen && cafe ? "from_kitchen_and_cafe" : kitchen ? "from_kitchen" : "from_cafe");
  log(game, player, "items", say(game, "returns_items", { player: player.name, items: say(game, "items", {}, returned), places }), { returned });
}

// Every item the player could return, as `choices` records it: an item id for the kitchen, then
// "item@guest" for an item on a café guest (guests from 0), in the rules' item order.
function returnable(player, kitchen, cafe, which) {
  const fits = (item) => which === null || which.includes(item);
  const options = kitchen ? Object.keys(player.kitchen).filter((item) => player.kitchen[item] && fits(item)) : [];
  if (cafe) {
    player.cafe.forEach((guest, index) => {
      for (const item of Object.keys(guest)) if (guest[item] && fits(item)) options.push(`${item}@${index}`);
    });
  }
  return options;
}

// How many items a return could take.
function countReturnable(player, kitchen, cafe, which) {
  const fitting = (place) => Object.keys(place).reduce((n, item) => n + (which === null || which.includes(item) ? place[item] : 0), 0);
  let total = kitchen ? fitting(player.kitchen) : 0;
  if (cafe) for (const guest of player.cafe) total += fitting(guest);
  return total;
}

// Return up to `count` items, one decision each. Where every item is alike (rules.itemsAlike), the
// policy tries the kind the kitchen holds most (ties: the rules' order) and the first café item.
function returnSomeItems(game, player, kitchen, cafe, count, which) {
  for (let n = 0; n < count; n++) {
    const options = returnable(player, kitchen, cafe, which);
    if (!options.length) {
      if (game.explain) log(game, player, "items", say(game, "no_more_items_to_return", { player: player.name }));
      return;
    }
    let inKitchen = options.filter((o) => !o.includes("@"));
    const onGuests = options.filter((o) => o.includes("@"));
    let most = null;
    for (const item of inKitchen) if (most === null || player.kitchen[item] > player.kitchen[most]) most = item;
    if (most !== null) inKitchen = [most, ...inKitchen.filter((o) => o !== most)];
    // Where items differ, every option is tried, in the same order of preference, so that ties go the same way.
    const tried = game.rules.itemsAlike ? [...inKitchen.slice(0, 1), ...onGuests.slice(0, 1)] : [...inKitchen, ...onGuests];
    const chosen = decide(game, player, "return_items", options, tried, false, "", true);
    const at = chosen.indexOf("@");
    const item = at < 0 ? chosen : chosen.slice(0, at);
    const guest = at < 0 ? "" : chosen.slice(at + 1);
    const place = guest ? player.cafe[Number(guest)] : player.kitchen;
    place[item] -= 1;
    if (game.explain) {
      const named = term(game, "item", item, item);
      const text = guest
        ? say(game, "returns_one_from_guest", { player: player.name, item: named, guest })
        : say(game, "returns_one_from_kitchen", { player: player.name, item: named });
      log(game, player, "items", text, { item });
    }
  }
}

// One option of a choice (numbered from 1, as sheets list them) among those that can be taken fully;
// null: declined, or none can be taken fully.
// A condition's test, its values read where the condition is: ["quantity", name, value, atLeast, atMost],
// ["space", value, atLeast, atMost], ["zone", zone, zone name ("" for an outcome), space, [its spaces]],
// ["most", name, the other players' most (fewest) or null, fewest, value, atLeast, atMost],
// ["all", [tests]], ["any", [tests]] (a bound null: none). As runtime/core.py's holds().
function holds(test) {
  const kind = test[0];
  if (kind === "all") return test[1].every(holds);
  if (kind === "any") return test[1].some(holds);
  if (kind === "zone") return test[4].includes(test[3]);
  const [value, low, high] = test.slice(-3);
  return (low === null || value >= low) && (high === null || value <= high);
}

// Does a condition hold? Told with why (explaining games), and which effects follow.
function condition(game, player, test, otherwise) {
  const held = holds(test);
  if (game.explain) {
    const values = { player: player.name, why: whyCondition(game, test, false) };
    let text;
    if (held) text = say(game, "condition_then", values);
    else if (otherwise) text = say(game, "condition_otherwise", values);
    else text = say(game, "condition_nothing", values);
    log(game, player, "condition", text);
  }
  return held;
}

// A test said with its values: "space 7 ≥ 6", "krones 2 < 3 and space 7 ≥ 6".
function whyCondition(game, test, nested) {
  const kind = test[0];
  if (kind === "all" || kind === "any") {
    let text = "";
    for (const part of test[1]) {
      const why = whyCondition(game, part, true);
      if (!text) text = why;
      else if (kind === "all") text = say(game, "condition_and", { first: text, second: why });
      else text = say(game, "condition_or", { first: text, second: why });
    }
    return nested ? say(game, "condition_nested", { condition: text }) : text;
  }
  if (kind === "zone") {
    let zone;
    if (test[2]) zone = say(game, "condition_zone_named", { name: term(game, "zone", test[2], test[2]) });
    else if (test[1] === "bonus") zone = say(game, "condition_zone_bonus");
    else if (test[1] === "nothing") zone = say(game, "condition_zone_nothing");
    else zone = say(game, "condition_zone_penalty");
    const values = { space: test[3], zone };
    return holds(test) ? say(game, "condition_in_zone", values) : say(game, "condition_not_in_zone", values);
  }
  if (kind === "most") {
    // ["most", quantity, the others' best or null, fewest, value, atLeast, atMost]
    const what = game.words.quantity_totals[test[1]];
    if (test[2] === null) return say(game, "condition_alone", { what, value: test[4] });
    return say(game, test[3] ? "condition_fewest" : "condition_most", { what, value: test[4], best: test[2] });
  }
  const what = kind === "quantity" ? game.words.quantity_totals[test[1]] : say(game, "condition_space");
  const [value, low, high] = test.slice(-3);
  if (low !== null && low === high) {
    const values = { what, value, bound: low };
    return value === low ? say(game, "condition_exactly_yes", values) : say(game, "condition_exactly_no", values);
  }
  const parts = [];
  if (low !== null) {
    const values = { what, value, bound: low };
    parts.push(value >= low ? say(game, "condition_at_least_yes", values) : say(game, "condition_at_least_no", values));
  }
  if (high !== null) {
    const values = { what, value, bound: high };
    parts.push(value <= high ? say(game, "condition_at_most_yes", values) : say(game, "condition_at_most_no", values));
  }
  return parts.length > 1 ? say(game, "condition_and", { first: parts[0], second: parts[1] }) : parts[0];
}

function chooseOption(game, player, feasible, mayDecline) {
  const options = [];
  feasible.forEach((ok, index) => ok && options.push(index + 1));
  if (mayDecline || !options.length) options.push(null);
  const chosen = decide(game, player, "choose_one", options, null, false, "why_no_option_fully");
  if (game.explain && chosen === null) log(game, player, "choice", say(game, "takes_no_option", { player: player.name }));
  return chosen;
}

// --- how Python would show a value (error messages name the recorded value as gah score does) ----

// What Python's str.isprintable() counts as not printable: every "Other" (controls, formats such as
// the bidirectional overrides, surrogates, private use, unassigned) and "Separator" but the space.
const UNPRINTABLE = /(?! )[\p{C}\p{Z}]/u;

// A value from a state as a message quotes it: Python's repr, every character that is not printable
// written as an escape (\x1b, \u202e), so no key, value or name in a message can drive a terminal,
// break the line or reorder the text around it. Every message shows user data so.
function shown(value) {
  if (value === null || value === undefined) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  if (typeof value === "string") return quoted(value);
  if (Array.isArray(value)) return "[" + value.map(shown).join(", ") + "]";
  if (typeof value === "object") return "{" + Object.entries(value).map(([k, v]) => shown(k) + ": " + shown(v)).join(", ") + "}";
  return String(value);
}

// User text bare, as it reads, where every character is printable; else quoted as shown() quotes it.
function plain(text) {
  return UNPRINTABLE.test(text) ? quoted(text) : text;
}

function quoted(text) {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (const char of text) {
    if (char === quote || char === "\\") out += "\\" + char;
    else if (char === "\t") out += "\\t";
    else if (char === "\n") out += "\\n";
    else if (char === "\r") out += "\\r";
    else if (UNPRINTABLE.test(char)) out += escaped(char.codePointAt(0));
    else out += char;
  }
  return out + quote;
}

function escaped(code) {
  const hex = code.toString(16);
  if (code < 0x100) return "\\x" + hex.padStart(2, "0");
  if (code < 0x10000) return "\\u" + hex.padStart(4, "0");
  return "\\U" + hex.padStart(8, "0");
}

function optionText(option) {
  if (option === null || option === undefined) return "none";
  if (Array.isArray(option)) return "[" + option.map(optionText).join(", ") + "]";
  if (option === true) return "True";
  if (option === false) return "False";
  if (typeof option === "object") return shown(option);
  if (typeof option === "string") return plain(option);
  return String(option);
}

// The chooser: recorded decisions and the default policy (a port of the chooser in
// compiler/backends/python/runtime/core.py). Every decision of the mechanics goes through
// `choose`, `recorded` or `refuseRecorded`, so a change of policy stays in this file.
"use strict";

// Python's `==` on the values a state records: True equals 1, False equals 0.
function pyEq(a, b) {
  const numeric = (x) => typeof x === "number" || typeof x === "boolean";
  if (numeric(a) && numeric(b)) return Number(a) === Number(b);
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => pyEq(x, b[i]));
  return a === b;
}

// An option as a state's `choices` would record it (cells already are "floor.column").
function choiceValue(option) {
  return Array.isArray(option) ? option.map(choiceValue) : option;
}

// Note a decision of the default policy (in the real game only).
function decided(game, player, key, value) {
  if (game.explain) game.decisions.push([player.name, key, choiceValue(value)]);
}

// A recorded decision for `key`, consumed once (later decisions of that kind use the default).
function recorded(player, key) {
  if (Object.prototype.hasOwnProperty.call(player.choices, key) && !player.usedChoices.has(key)) {
    player.usedChoices.add(key);
    return [true, player.choices[key]];
  }
  return [false, null];
}

// An illegal recorded choice, named by its path in the state.
function choiceError(game, player, key, detail) {
  const index = game.players.indexOf(player);
  return new StateError(`players[${index}].choices.${key}: ${detail} (player ${player.name})`);
}

function parseChoice(game, player, key, parse, value) {
  try {
    return parse(value);
  } catch (error) {
    if (error instanceof StateError) throw choiceError(game, player, key, error.message);
    throw error;
  }
}

// One decision: the recorded choice if there is one (it must be legal), else the default policy:
// try every legal option on a copy of the game and keep the one that gives this player the
// highest projected total; ties go to the first option listed. `worth` values an option directly.
function choose(game, player, key, options, apply, parse, worth) {
  const [found, value] = recorded(player, key);
  if (found && !game.simulating) {
    const chosen = parse ? parseChoice(game, player, key, parse, value) : value;
    if (!options.some((o) => pyEq(o, chosen))) {
      const legal = options.map(optionText).join(", ") || "none";
      throw choiceError(game, player, key, `${optionText(value)} is not a legal choice here; legal: ${legal}`);
    }
    if (game.explain) log(game, player, "choice", `${player.name} chooses ${optionText(chosen)} (${key}, recorded)`, { key });
    return chosen;
  }
  if (options.length === 1 || !game.rules.project) {
    decided(game, player, key, options[0]);
    return options[0];
  }
  const best = worth ? bestByWorth(options, worth) : bestByTrial(game, player, options, apply);
  decided(game, player, key, best);
  return best;
}

function bestByWorth(options, worth) {
  let chosen = options[0];
  let top = worth(options[0]);
  for (const option of options.slice(1)) {
    const now = worth(option);
    if (now > top) [chosen, top] = [option, now]; // strictly: ties go to the first option
  }
  return chosen;
}

function bestByTrial(game, player, options, apply) {
  const index = game.players.indexOf(player);
  let best = options[0];
  let bestValue = null;
  for (const option of options) {
    const trial = cloneGame(game, player);
    const trialPlayer = trial.players[index];
    trialPlayer.choices = {};
    apply(trial, trialPlayer, option);
    const now = game.rules.project(trial, trialPlayer);
    if (bestValue === null || now > bestValue) [best, bestValue] = [option, now];
  }
  return best;
}

// The cell among `candidates` whose removal leaves the highest projected total (first on ties).
function leastValuable(game, player, candidates) {
  const project = game.rules.project;
  if (!project || candidates.length === 1) return candidates[0];
  const index = game.players.indexOf(player);
  let best = candidates[0];
  let bestValue = null;
  for (const key of candidates) {
    const trial = cloneGame(game, player);
    const [floor, column] = cellParts(key);
    trial.players[index].hotel[floor - 1][column - 1] = ".";
    const now = project(trial, trial.players[index]);
    if (bestValue === null || now > bestValue) [best, bestValue] = [key, now];
  }
  return best;
}

// A decision with no legal option but "none": a recorded non-null choice for it is illegal.
function refuseRecorded(game, player, key, why) {
  const [found, value] = recorded(player, key);
  if (found && value !== null && !game.simulating) {
    throw choiceError(game, player, key, `${optionText(value)} is not a legal choice here: ${why}`);
  }
}

function parseCell(value) {
  if (value === null) return null;
  if (typeof value === "string") {
    const parts = value.split(".");
    if (parts.length === 2 && parts.every((x) => /^[0-9]+$/.test(x))) return cellKey(Number(parts[0]), Number(parts[1]));
  }
  throw new StateError(`${pyRepr(value)} is not a room; write rooms as 'floor.column', e.g. '2.3'`);
}

function parseCells(value) {
  if (!Array.isArray(value)) throw new StateError(`${pyRepr(value)} is not a list of rooms`);
  return value.map(parseCell).filter((c) => c !== null);
}

function parseCards(value) {
  if (!Array.isArray(value) || !value.every((v) => Number.isInteger(v))) {
    throw new StateError(`${pyRepr(value)} is not a list of Staff card numbers`);
  }
  return value.slice();
}

// Gain `count` items of the player's choice into the kitchen. Default: each item goes to the
// kind the kitchen holds fewest of (ties: the rules' item order).
function chooseItems(game, player, count) {
  const items = game.rules.items;
  const [found, value] = recorded(player, "choose_items");
  let chosen;
  if (found && !game.simulating) {
    if (!Array.isArray(value) || value.length !== count || value.some((v) => !items.includes(v))) {
      throw choiceError(game, player, "choose_items", `${optionText(value)} must list ${plural(count, "item")} from: ${items.join(", ")}`);
    }
    chosen = value.slice();
  } else {
    chosen = [];
    const held = Object.assign({}, player.kitchen);
    for (let n = 0; n < count; n++) {
      let item = items[0];
      for (const other of items) if ((held[other] || 0) < (held[item] || 0)) item = other;
      held[item] = (held[item] || 0) + 1;
      chosen.push(item);
    }
    decided(game, player, "choose_items", chosen);
  }
  const totals = new Map();
  for (const item of chosen) totals.set(item, (totals.get(item) || 0) + 1);
  gainItems(game, player, Array.from(totals.entries()));
}

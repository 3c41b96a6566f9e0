// Decisions: recorded ones and the default policy (a port of the decisions part of
// compiler/backends/python/runtime/core.py). Every decision goes through `decide`. A recorded one
// (the player's `choices`: one value per key, or a list in the order asked) must be legal; the others
// are the default policy's, which decides a whole turn (one player's bonus or penalty) at once: at
// its first open decision it searches every sequence of the turn's open decisions (`explore`),
// replaying the turn on copies of the game from its start, and plays the best sequence.
"use strict";

// Python's `==` on the values a state records: True equals 1, False equals 0.
function pyEq(a, b) {
  const numeric = (x) => typeof x === "number" || typeof x === "boolean";
  if (numeric(a) && numeric(b)) return Number(a) === Number(b);
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => pyEq(x, b[i]));
  return a === b;
}

function inOptions(options, value) {
  return options.some((option) => pyEq(option, value));
}

// A trial reached an open decision its script does not cover: the search tries each option.
class Branch {
  constructor(options, orderOnly, reads, prefix, consumed) {
    this.options = options;
    this.orderOnly = orderOnly;
    this.reads = reads;
    this.prefix = prefix; // every decision of the turn before this one, in order
    this.consumed = consumed; // how many of them were recorded
  }
}

// On a trial's path a recorded decision is illegal: the path cannot be the one played.
class Infeasible {}

function makeTrial(script, consumed, strict) {
  return { script, consumed, strict, at: 0, made: [], provisional: -1, alike: [] };
}

// Whether the next decision replays a trial's script (its options need not be worked out).
function replaying(game) {
  return game.trial !== null && game.trial.at < game.trial.script.length;
}

// (recorded decisions used, projected total): more recorded first, then the higher total.
function better(a, b) {
  return a[0] > b[0] || (a[0] === b[0] && a[1] > b[1]);
}

// The best continuation of a turn once the policy took `script`: every sequence of the open
// decisions after it, each tried by replaying the turn from its start on a copy of the game.
function explore(turn, project, script, consumed, strict = false) {
  const game = cloneGame(turn.start, turn.start.players[turn.index]);
  const player = game.players[turn.index];
  const trial = (game.trial = makeTrial(script, consumed, strict));
  try {
    turn.steps(game, player, turn.tileId);
  } catch (error) {
    if (error instanceof Branch) {
      // An open decision after an order-only one taken for now: try that one's options after all.
      if (trial.provisional >= 0) return explore(turn, project, script, consumed, true);
      return bestOption(turn, project, error);
    }
    if (error instanceof Infeasible) {
      if (trial.provisional >= 0 && trial.provisional < game.cardReads) return explore(turn, project, script, consumed, true);
      return { score: [trial.consumed, -Infinity], path: [], reads: game.cardReads };
    }
    throw error;
  }
  // A later step looked at the cards an order-only decision moved: try its every option after all.
  if (trial.provisional >= 0 && trial.provisional < game.cardReads) return explore(turn, project, script, consumed, true);
  const total = project(game, player);
  // Nothing after the order-only decisions taken for now looked at the cards: each option is worth the same.
  return { score: [trial.consumed, total], path: trial.alike.map(([first, second]) => [first, second, total]), reads: game.cardReads };
}

// The best of a decision's options, each with its best continuation.
function bestOption(turn, project, branch) {
  let best = null;
  let chosen = null;
  let runner = null;
  let reads = branch.reads;
  for (let number = 0; number < branch.options.length; number++) {
    const option = branch.options[number];
    const child = explore(turn, project, [...branch.prefix, option], branch.consumed);
    if (child.reads > reads) reads = child.reads;
    if (best === null || better(child.score, best.score)) {
      if (best !== null) runner = [chosen, best.score]; // the old best beats every runner-up so far
      best = child;
      chosen = option;
    } else if (runner === null || better(child.score, runner[1])) {
      runner = [option, child.score];
    }
    if (branch.orderOnly && number === 0 && child.reads === branch.reads) {
      // Nothing after this decision looks at which cards are where: every order is worth the same.
      runner = [branch.options[1], child.score];
      break;
    }
  }
  const top = runner === null ? [chosen, null, null] : [chosen, runner[0], runner[1][1]];
  return { score: best.score, path: [top, ...best.path], reads };
}

// A player's bonus or penalty of `tileId`, every open decision of it taken together.
function takeTurn(game, player, steps, tileId) {
  const turn = {
    index: game.players.indexOf(player),
    steps,
    tileId,
    start: cloneGame(game, player),
    made: [],
    consumed: 0,
    opened: 0,
    plan: [],
    total: null,
    reads: game.cardReads,
  };
  game.turn = turn;
  const first = game.decisions.length;
  try {
    steps(game, player, tileId);
  } finally {
    game.turn = null;
  }
  const policy = game.decisions.slice(first).filter((d) => d.how === "policy");
  if (policy.length) {
    // The plan's total when the turn was searched; else only options known to be worth the same were
    // open (symmetry), and the total is the projection now.
    const total = turn.total !== null ? Math.trunc(turn.total) : projection(game, player);
    for (const decision of policy) {
      decision.total = total;
      if (decision.alike) decision.runnerUpTotal = total;
    }
  }
}

// The player's projected total in the real game (the projection decides nothing).
function projection(game, player) {
  game.projecting = true;
  try {
    return game.rules.project(game, player);
  } finally {
    game.projecting = false;
  }
}

function hasChoices(player) {
  return Object.keys(player.choices).length > 0;
}

// Whether decision `index` of `key` is recorded, and its value (a key holds one value, the first
// decision of its kind, or a list, each in the order asked).
function recordedAt(player, key, index) {
  if (!Object.prototype.hasOwnProperty.call(player.choices, key)) return [false, null];
  const value = player.choices[key];
  if (Array.isArray(value)) return index < value.length ? [true, value[index]] : [false, null];
  return index === 0 ? [true, value] : [false, null];
}

// Ask the next decision of `key`: its index, whether it is recorded, and the recorded value.
function nextRecorded(player, key) {
  const index = player.cursor[key] || 0;
  player.cursor[key] = index + 1;
  return [index, ...recordedAt(player, key, index)];
}

// The recorded value of the next decision of `key`, without asking it.
function peekRecorded(player, key) {
  return recordedAt(player, key, player.cursor[key] || 0);
}

// Where a recorded decision is in the state: players[i].choices.KEY, or KEY[n] in a list.
function choicePath(game, player, key, index) {
  const where = `players[${game.players.indexOf(player)}].choices.${key}`;
  return Array.isArray(player.choices[key]) ? `${where}[${index}]` : where;
}

function choiceError(game, player, key, index, detail) {
  return new StateError(say(game, "choice_error", { path: choicePath(game, player, key, index), detail, player: plain(player.name) }));
}

const CELL_KEYS = ["prepare_room", "occupy_room", "remove_rooms"];

// A room written "floor.column" (checked when the state was read), or null.
function parseCell(value) {
  if (value === null) return null;
  const [floor, column] = String(value).split(".");
  return cellKey(Number(floor), Number(column));
}

// A recorded decision's option: it must be legal (else an error, or in a trial an infeasible path).
function recordedChoice(game, player, key, index, value, options, noneWhy) {
  const chosen = CELL_KEYS.includes(key) ? parseCell(value) : value;
  if (inOptions(options, chosen)) return chosen;
  if (game.trial !== null || game.projecting) throw new Infeasible();
  let detail;
  if (noneWhy && options.length === 1 && options[0] === null) {
    detail = say(game, "not_legal_because", { value: optionText(value), why: say(game, noneWhy) });
  } else {
    detail = say(game, "not_legal", { value: optionText(value), options: options.map((o) => (o === null ? say(game, "no_option") : optionText(o))).join(say(game, "list_separator")) });
  }
  throw choiceError(game, player, key, index, detail);
}

// Keep a decision for the result (explaining games only).
function note(game, player, key, index, value, how, runner = null) {
  const decision = { player: player.name, key, index, value, how, runnerUp: runner, runnerUpTotal: null, total: null, alike: false };
  game.decisions.push(decision);
  return decision;
}

// One decision: the recorded choice if there is one (it must be legal), else the default policy.
// `options`: every legal option in the documented order (ties go to the first); `noneWhy`: why
// "none" is the only one. `tried`: the options the policy needs to try (the others are provably
// worth no more); `dominated`: those others may be worth less (no runner-up is shown).
// `orderOnly`: the decision only moves cards; when nothing later in the turn looks at which cards
// are where, the first option stands for all.
function decide(game, player, key, options, tried = null, orderOnly = false, noneWhy = "", dominated = false) {
  const trial = game.trial;
  const recording = hasChoices(player);
  let index = 0;
  if (recording || game.explain) {
    index = player.cursor[key] || 0;
    player.cursor[key] = index + 1;
  }
  if (trial !== null && trial.at < trial.script.length) {
    const scripted = trial.script[trial.at]; // replaying the path to an open decision, as first taken
    trial.at += 1;
    return scripted;
  }
  const turn = game.turn;
  const [found, value] = recording ? recordedAt(player, key, index) : [false, null];
  if (found) {
    if (orderOnly) game.cardReads += 1; // its legality depends on which cards are where
    if (trial !== null) trial.consumed += 1; // before the check: a path that reaches an illegal record uses it
    const chosen = recordedChoice(game, player, key, index, value, options, noneWhy);
    if (trial !== null) {
      trial.made.push(chosen);
      return chosen;
    }
    if (turn !== null) {
      turn.made.push(chosen);
      turn.consumed += 1;
    }
    if (game.explain) {
      const said = chosen === null ? say(game, "no_option") : optionText(chosen);
      log(game, player, "choice", say(game, "chooses_recorded", { player: player.name, option: said, key }), { key });
      note(game, player, key, index, chosen, "recorded");
    }
    return chosen;
  }
  const branches = tried === null ? options : tried;
  if (branches.length === 1) {
    const chosen = branches[0];
    if (trial !== null) {
      trial.made.push(chosen);
      return chosen;
    }
    if (turn !== null) turn.made.push(chosen);
    if (game.explain) {
      if (options.length === 1) note(game, player, key, index, chosen, "only");
      else if (dominated) note(game, player, key, index, chosen, "policy");
      else note(game, player, key, index, chosen, "policy", options.find((o) => !pyEq(o, chosen))).alike = true;
    }
    return chosen;
  }
  if (trial !== null) {
    if (orderOnly && !trial.strict) {
      // For now the first option: if nothing later looks at the cards, every option is worth the same.
      if (trial.provisional < 0) trial.provisional = game.cardReads;
      trial.alike.push([branches[0], branches[1]]);
      trial.made.push(branches[0]);
      return branches[0];
    }
    throw new Branch(branches, orderOnly, game.cardReads, [...trial.script, ...trial.made], trial.consumed);
  }
  if (turn === null || !game.rules.project) throw new Error(`decision ${key} outside a turn`); // a generator bug
  if (turn.opened >= turn.plan.length) {
    // The real game stands where a trial would raise this Branch: search its options from here.
    const here = new Branch(branches, orderOnly, game.cardReads - turn.reads, turn.made.slice(), turn.consumed);
    const plan = bestOption(turn, game.rules.project, here);
    turn.plan.splice(turn.opened, turn.plan.length - turn.opened, ...plan.path);
    turn.total = plan.score[1];
  }
  const [chosen, runner, runnerTotal] = turn.plan[turn.opened];
  turn.opened += 1;
  turn.made.push(chosen);
  if (game.explain) {
    const decision = note(game, player, key, index, chosen, "policy", runner);
    decision.runnerUpTotal = runnerTotal === null || runnerTotal === -Infinity ? null : Math.trunc(runnerTotal);
  }
  return chosen;
}

// Gain `count` items of the player's choice (any mix, repeats allowed), each a decision; with
// `serve`, each may go straight onto a guest in the café instead of into the kitchen. The policy
// tries only the kind the kitchen holds fewest of (ties: the rules' item order) and, for serving,
// the kitchen or the first guest; the kitchen alone where nothing counts items on guests. Where some
// effect singles out items (not rules.itemsAlike), it tries every kind. `which`: only these item ids.
function chooseItems(game, player, count, serve, which = null) {
  const items = which === null ? game.rules.items.slice() : game.rules.items.filter((item) => which.includes(item));
  const held = Object.assign({}, player.kitchen);
  const kitchen = new Map();
  const served = [];
  const guests = serve && player.cafe.length ? [null, ...player.cafe.map((_, i) => i)] : [];
  const tried = game.rules.servingPays ? guests.slice(0, 2) : guests.slice(0, 1);
  for (let n = 0; n < count; n++) {
    let fewest = items[0];
    for (const other of items) if ((held[other] || 0) < (held[fewest] || 0)) fewest = other;
    // Where items differ, every kind is tried, the fewest first, so that ties go as where they are alike.
    const preferred = game.rules.itemsAlike ? [fewest] : [fewest, ...items.filter((kind) => kind !== fewest)];
    const item = decide(game, player, "choose_items", items, preferred);
    held[item] = (held[item] || 0) + 1;
    const guest = guests.length ? decide(game, player, "serve", guests, tried, false, "", true) : null;
    if (guest === null) {
      kitchen.set(item, (kitchen.get(item) || 0) + 1);
    } else {
      const cafe = player.cafe[guest];
      cafe[item] = (cafe[item] || 0) + 1;
      served.push([item, guest]);
    }
  }
  if (kitchen.size) gainItems(game, player, Array.from(kitchen.entries()));
  if (served.length && game.explain) {
    for (const [item, guest] of served) {
      log(game, player, "items", say(game, "serves", { player: player.name, item: term(game, "item", item, item), guest }), { item, guest });
    }
  }
}

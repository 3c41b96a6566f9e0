// A whole game on the pad, without the DOM: the entries (what is typed, as typed), the rounds
// scored so far (each round's state before and after, and its result), the decisions, and undo.
// Every change goes through one of these functions; the page draws the pad and saves it after each.
// tests/js/pad.test.js plays games through them under Node and compares with the Python modules.
"use strict";

const PadGame = (function () {
  const VERSION = 1;
  const UNDO_LIMIT = 100; // every entry is a step
  // A scorer's message starts with the path it is about, perhaps with a note: "players[0].hotel[3] (floor 1): ".
  const PATH = /^((?:[A-Za-z_]+)(?:\[\d+\]|\.[A-Za-z0-9_-]+)*)(?: \([^()]*\))?: /;
  // What one decision of each `choices` key is (runtime/state.js checks the same kinds).
  const CHOICE_KIND = {
    choose_items: "item",
    return_items: "item",
    choose_one: "number",
    serve: "number",
    play_staff: "number",
    drawn_to_bottom: "number",
    hand_to_deck: "number",
    prepare_room: "room",
    occupy_room: "room",
    remove_rooms: "room",
    remove_hired_staff: "number",
    conference_manager: "yes/no",
    secretary: "number",
  };
  // A value of each kind that no decision offers: recorded, the engine refuses it and names the legal ones.
  const PROBE = { item: "?", number: 999, room: "9.9" };
  const NUMBER_FIELDS = ["points", "krones", "emperor", "objectives"];

  class PadError extends Error {}

  // Where the words of a message start, after its path: "players[0].krones: " (0: no path).
  function pathEnd(message) {
    const match = PATH.exec(message);
    return match ? match[0].length : 0;
  }

  const clone = (value) => JSON.parse(JSON.stringify(value));

  // A copy of a state as typed: its lists and mappings copied, the values as they are (a BigInt or a
  // decimal number, which JSON cannot copy, included).
  function copy(value) {
    if (Array.isArray(value)) return value.map(copy);
    if (value !== null && typeof value === "object" && !Object.isFrozen(value) && Object.getPrototypeOf(value) === Object.prototype) {
      const out = {};
      for (const [key, item] of Object.entries(value)) out[key] = copy(item);
      return out;
    }
    return value;
  }

  // `WORDS.say(key, values)` and `WORDS.check(key, values)`: the pad's and the checks' phrases in the
  // chosen language (words.js), whose id is `WORDS.id` (the engine tells events in it).
  function make(DATA, GAH, DEAL, CHECK, WORDS) {
    const say = WORDS.say;
    const ROLES = PadRoles.make(DATA);
    const DECK = PadDeck.make(DATA, GAH, (state) => !CHECK.schemaProblems(DATA.stateSchema, state, WORDS.check).length);
    const scoringTier = {};
    for (const s of DATA.scorings) scoringTier[s.round] = s.tier;
    const firstTile = (tier) => DATA.tiles.find((t) => t.tier === tier).id;

    // --- entries: a state as typed -------------------------------------------------------------

    function textItems(items) {
      const out = {};
      for (const item of DATA.items) out[item.id] = String(items && items[item.id] !== undefined ? items[item.id] : 0);
      return out;
    }

    // The entries for a state: every number as the text of its field.
    function entriesFrom(state) {
      return {
        tiles: Object.assign({}, state.tiles),
        staff_discard: (state.staff_discard || []).slice(),
        staff_deck: Array.isArray(state.staff_deck) ? state.staff_deck.slice() : null, // null: the table's, not known

        players: state.players.map((p) => {
          const player = {
            name: p.name,
            kitchen: textItems(p.kitchen),
            cafe: (p.cafe || []).map(textItems),
            hotel: (p.hotel || Array(DATA.floors).fill(".".repeat(DATA.columns))).slice(),
            hand: (p.hand || []).slice(),
            hired: (p.hired || []).slice(),
            choices: Object.assign({}, p.choices || {}),
            drawn: [], // the Staff the table says this player drew in the coming scoring, in order
          };
          if (p.role) player.role = p.role; // roles.js: the role a state gives the player
          for (const key of NUMBER_FIELDS) player[key] = String(p[key] !== undefined ? p[key] : 0);
          player.resources = textResources(p.resources);
          return player;
        }),
      };
    }

    // The declared resources' fields (the objectives have their own), each at its start where the state is silent.
    function textResources(resources) {
      const out = {};
      for (const r of DATA.resources) out[r.id] = String(resources && resources[r.id] !== undefined ? resources[r.id] : r.start);
      return out;
    }

    function blankPlayer(name) {
      const start = DATA.setup;
      return entriesFrom({
        tiles: {},
        players: [{ name, points: start.points, krones: start.krones, emperor: start.emperor, kitchen: start.items, hotel: startHotel(), objectives: 0 }],
      }).players[0];
    }

    function startHotel() {
      const rows = [];
      for (let floor = DATA.floors; floor >= 1; floor--) {
        let row = "";
        for (let column = 1; column <= DATA.columns; column++) {
          row += DATA.setup.hotel_rooms.some(([f, c]) => f === floor && c === column) ? "v" : ".";
        }
        rows.push(row);
      }
      return rows;
    }

    // The state the entries stand for at `round`, each field as gah would read what it holds.
    function stateOf(entries, round) {
      const value = CHECK.fieldValue;
      const items = (texts) => {
        const out = {};
        for (const [item, text] of Object.entries(texts)) out[item] = value(text);
        return out;
      };
      const state = { round, tiles: Object.assign({}, entries.tiles) };
      if (entries.staff_discard.length) state.staff_discard = entries.staff_discard.slice();
      state.players = entries.players.map((p) => {
        const player = p.role ? { name: p.name, role: p.role } : { name: p.name };
        for (const key of NUMBER_FIELDS) player[key] = value(p[key]);
        Object.assign(player, { kitchen: items(p.kitchen), cafe: p.cafe.map(items), hotel: p.hotel.slice(), hand: p.hand.slice(), hired: p.hired.slice() });
        player.choices = clone(p.choices);
        if (DATA.resources.length) player.resources = items(p.resources);
        return player;
      });
      const deck = DECK.deckOf(state, entries);
      if (deck) state.staff_deck = deck;
      return state;
    }

    // --- checking: the schema, then the engine's reading, every problem with its path ---------

    function pathOf(message) {
      const match = PATH.exec(message);
      return match ? match[1] : "";
    }

    // Take out what a problem is about, so that reading the state again finds the next problem.
    function setAside(state, path) {
      const player = /^players\[(\d+)\]\.([a-z_]+)/.exec(path);
      if (player) {
        const entry = state.players[Number(player[1])];
        if (player[2] === "name") entry.name = "\u2063" + player[1];
        else delete entry[player[2]];
        return true;
      }
      if (path.startsWith("tiles")) {
        const tiles = {};
        for (const tier of DATA.tiers) tiles[tier] = firstTile(tier);
        if (JSON.stringify(state.tiles) === JSON.stringify(tiles)) return false;
        state.tiles = tiles;
        return true;
      }
      return false;
    }

    // Every problem of a state, as gah score finds them: [{path, message}] (empty: it can be scored).
    // gah score stops at the schema's problems; with `all`, what the engine would say of the rest of
    // the state follows (each entry is checked, whatever is wrong elsewhere).
    function problemsOf(state, all) {
      const found = CHECK.schemaProblems(DATA.stateSchema, state, WORDS.check);
      if (found.length && !all) return found;
      const work = copy(state);
      for (const problem of found) if (!setAside(work, problem.path)) return found;
      for (let tries = 0; tries < 64; tries++) {
        try {
          GAH.readGame(GAH.RULES, clone(work), engineWords());
          return found;
        } catch (error) {
          if (!(error instanceof GAH.StateError)) throw error;
          const path = pathOf(error.message);
          found.push({ path, message: error.message });
          if (!setAside(work, path)) return found;
        }
      }
      return found;
    }

    function problems(pad) {
      const game = pad.game;
      if (!game || game.finished) return [];
      const state = stateOf(game.entries, game.round);
      const found = problemsOf(state, true);
      return found.length ? found : DECK.problems(state, game.entries, say);
    }

    // --- the pad, undo and the rounds ----------------------------------------------------------

    function create() {
      return { version: VERSION, ruleset: DATA.name, seq: 0, setup: { names: blankNames(), seed: "" }, game: null, undo: [] };
    }

    function blankNames() {
      return Array(Math.max(2, DATA.minPlayers)).fill("");
    }

    // A saved pad, if it is one of this ruleset's (else a fresh pad).
    function revive(saved) {
      if (!saved || saved.version !== VERSION || saved.ruleset !== DATA.name || !saved.setup) return create();
      return saved;
    }

    // Keep what `label` is about to change: the game but its history past `keep` is copied (rounds
    // already scored never change in place; a change replaces them).
    // A label is kept as its phrase's key and values, so that Undo says it in the language chosen
    // when it is shown ({decision} is a `choices` key, named when shown).
    const label = (key, values) => ({ key, values: values || {} });

    function labelText(kept) {
      if (typeof kept === "string") return kept; // a pad saved before labels were kept as keys
      const values = Object.assign({}, kept.values);
      if (values.decision !== undefined) values.decision = say("decision_" + values.decision);
      return say(kept.key, values);
    }

    // The pad as it is: the game but its history past `keep` copied, and the setup.
    function snapshot(pad, keep) {
      const game = pad.game;
      const kept = game ? Object.assign({}, game, { entries: clone(game.entries), history: undefined }) : null;
      return { game: kept, setup: clone(pad.setup), keep, tail: game ? game.history.slice(keep) : [] };
    }

    // Every change is a step (`path`: a typed entry; keystrokes in one field, one visit, are one step).
    // A new change clears what could be redone.
    function remember(pad, label, keep, path) {
      pad.redo = [];
      const top = pad.undo[pad.undo.length - 1];
      if (path !== undefined && top && top.path === path) {
        top.label = label; // the step says what the field holds now
        return;
      }
      pad.undo.push(Object.assign(snapshot(pad, keep), { label, path }));
      if (pad.undo.length > UNDO_LIMIT) pad.undo.shift();
    }

    function restore(pad, record) {
      const history = pad.game ? pad.game.history : [];
      pad.setup = record.setup;
      pad.game = record.game ? Object.assign({}, record.game, { history: history.slice(0, record.keep).concat(record.tail) }) : null;
    }

    // Undo and redo move one step between the two stacks: nothing undone is lost until a new change.
    function undo(pad) {
      const record = pad.undo.pop();
      if (!record) throw new PadError(say("nothing_to_undo"));
      (pad.redo = pad.redo || []).push(Object.assign(snapshot(pad, record.keep), { label: record.label }));
      restore(pad, record);
      return labelText(record.label);
    }

    function redo(pad) {
      const record = (pad.redo || []).pop();
      if (!record) throw new PadError(say("nothing_to_redo"));
      pad.undo.push(Object.assign(snapshot(pad, record.keep), { label: record.label }));
      restore(pad, record);
      return labelText(record.label);
    }

    // A change of the entries about to be made (`what`: a label), kept as an undo step first.
    function entering(pad, what, path) {
      const game = pad.game;
      remember(pad, what, game ? game.history.length : 0, path);
    }

    function hasScoring(round) {
      return scoringTier[round] !== undefined;
    }

    // What the score action does next, in words.
    function actionLabel(game) {
      if (!game || game.finished) return "";
      return labelText(actionOf(game));
    }

    function actionOf(game) {
      const round = game.round;
      if (round === 0) return label("label_start");
      if (round === DATA.rounds) return label(hasScoring(round) ? "label_score_final" : "label_final", { round });
      return label(hasScoring(round) ? "label_score" : "label_end", { round });
    }

    // Score the round the entries are for (its Emperor scoring, if any, and after the last round the
    // final scoring), once: the round moves on, so it cannot be scored again.
    function commit(pad) {
      const game = pad.game;
      if (!game) throw new PadError(say("no_game_open"));
      if (game.finished) throw new PadError(say("game_over"));
      const found = problems(pad);
      if (found.length) throw new PadError(say("fixing_first", { count: found.length, message: found[0].message }));
      const done = actionOf(game);
      const before = stateOf(game.entries, game.round);
      const result = score(before);
      remember(pad, done, game.history.length);
      game.history.push({ round: game.round, before, result });
      game.entries = entriesAfter(result.state, Array.isArray(game.entries.staff_deck));
      game.untouched = JSON.stringify(game.entries);
      if (game.round >= DATA.rounds) game.finished = true;
      else game.round += 1;
      return labelText(done);
    }

    // The engine's words in the language chosen (its refusals of a state or a deal): English where the
    // engine has none of that language (as scoreGame tells events).
    function engineWords() {
      return GAH.WORDS[WORDS.id] || GAH.WORDS.en;
    }

    function score(state) {
      try {
        return clone(GAH.scoreGame(clone(state), WORDS.id));
      } catch (error) {
        if (error instanceof GAH.StateError) throw new PadError(error.message);
        throw error;
      }
    }

    // Every round scored so far told again in the language now chosen: each is scored again from the
    // state it was scored from (the same result; only its words change).
    function retell(pad) {
      for (const entry of pad.game ? pad.game.history : []) {
        try {
          entry.result = score(entry.before);
        } catch (error) {
          if (!(error instanceof PadError)) throw error; // a round the engine no longer scores keeps its words
        }
      }
    }

    // The entries for the next round: the state after a scoring without the decisions (they belong to
    // the scoring that used them), and without the Staff deck's order unless the game's deck is known
    // (`known`: a state imported with its deck): the pad does not follow the deck at the table.
    function entriesAfter(state, known) {
      const entries = entriesFrom(state);
      if (!known) entries.staff_deck = null;
      for (const player of entries.players) player.choices = {};
      return entries;
    }

    // True when the next action scores and nothing was entered since the last action: a tap that
    // may be a slip, to be confirmed.
    function unchanged(game) {
      if (!game || game.finished || game.untouched === undefined) return false;
      const scores = hasScoring(game.round) || game.round === DATA.rounds;
      return scores && JSON.stringify(game.entries) === game.untouched;
    }

    // --- starting a game -------------------------------------------------------------------------

    function names(pad) {
      return pad.setup.names.map((name) => name.trim());
    }

    function checkNames(list) {
      try {
        DEAL.players(DATA.setup, list, engineWords());
      } catch (error) {
        if (error instanceof GAH.StateError) throw new PadError(error.message);
        throw error;
      }
    }

    // Deal as `gah setup RULESET --players ... --seed SEED` deals.
    function deal(pad, seed) {
      const list = names(pad);
      checkNames(list);
      let state;
      try {
        state = DEAL.deal(GAH.RULES, DATA.setup, list, seed, engineWords());
      } catch (error) {
        if (error instanceof GAH.StateError) throw new PadError(error.message);
        throw error;
      }
      return start(pad, state, label("label_deal", { seed }), { seed, origin: "deal" });
    }

    // A game whose round-0 state is entered by hand: the players with the starting resources.
    function byHand(pad) {
      const list = names(pad);
      checkNames(list);
      const done = label("label_by_hand");
      remember(pad, done, 0);
      const entries = { tiles: {}, staff_discard: [], players: list.map((name, i) => ROLES.seated(blankPlayer(name), i)) };
      pad.game = { round: 0, finished: false, seed: null, origin: "hand", entries, history: [] };
      return labelText(done);
    }

    // A state read from JSON (gah setup --json, or a state the pad or anyone exported): refused whole
    // unless gah score would read it and the ruleset has room for its players.
    function importText(pad, text) {
      const state = readState(text);
      const found = problemsOf(state);
      if (found.length) throw new PadError(found.map((p) => p.message).join("\n"));
      const count = state.players.length;
      if (count < DATA.minPlayers || count > DATA.maxPlayers) {
        throw new PadError(say("players_range", { min: DATA.minPlayers, max: DATA.maxPlayers, count }));
      }
      return start(pad, state, label("label_import", { round: state.round }), { seed: null, origin: "import" });
    }

    // A state file's text as gah score reads it: JSON (what looks like it), else YAML (yaml.js).
    function readState(text) {
      let failed = null;
      if (/^\s*[[{]/.test(text)) {
        try {
          return CHECK.parseJson(text);
        } catch (error) {
          failed = say("not_json", { message: error.message });
        }
      }
      try {
        return PadYaml.parse(text);
      } catch (error) {
        if (!(error instanceof PadYaml.YamlError)) throw error;
        throw new PadError(failed || say("not_yaml", { line: error.line, problem: say(error.key, error.values) }));
      }
    }

    // A round-0 state is the deal: it is taken at once and round 1 begins. A later state is the end
    // of its round, to be scored.
    function start(pad, state, done, how) {
      const game = Object.assign({ round: state.round, finished: false, entries: entriesFrom(state), history: [] }, how);
      if (state.round === 0) {
        // The deal as dealt (its deck too); the entries, like every round's, leave the deck to the table.
        game.history.push({ round: 0, before: clone(state), result: score(state) });
        game.entries = entriesAfter(game.history[0].result.state, how.origin === "import");
        game.round = 1;
      }
      remember(pad, done, 0);
      pad.game = game;
      return labelText(done);
    }

    function newGame(pad) {
      const done = label("label_new_game");
      remember(pad, done, 0);
      pad.game = null;
      pad.setup = { names: pad.setup.names.map(() => ""), seed: "" };
      return labelText(done);
    }

    // The same players in the same seats, to deal again (the names as the game ended; undo brings it back).
    function rematch(pad) {
      const names = pad.game ? pad.game.entries.players.map((player) => player.name) : pad.setup.names;
      const done = label("label_rematch");
      remember(pad, done, 0);
      pad.game = null;
      pad.setup = { names, seed: "" };
      return labelText(done);
    }

    // --- players, cards, guests ------------------------------------------------------------------

    function removePlayer(pad, index) {
      const game = pad.game;
      if (game.entries.players.length <= 1) throw new PadError(say("needs_a_player"));
      const name = game.entries.players[index].name;
      remember(pad, name ? label("label_remove_player", { name }) : label("label_remove_player_n", { number: index + 1 }), game.history.length);
      game.entries.players.splice(index, 1);
    }

    function addPlayer(pad) {
      const players = pad.game.entries.players;
      if (players.length >= DATA.maxPlayers) throw new PadError(say("at_most_players", { max: DATA.maxPlayers }));
      entering(pad, label("label_add_player"));
      players.push(blankPlayer(""));
    }

    function removeCard(pad, index, list, at) {
      const player = pad.game.entries.players[index];
      const card = player[list][at];
      remember(pad, label(list === "hand" ? "label_remove_from_hand" : "label_remove_from_hired", { card, player: player.name }), pad.game.history.length);
      player[list].splice(at, 1);
    }

    function removeGuest(pad, index, at) {
      const player = pad.game.entries.players[index];
      remember(pad, label("label_remove_guest", { player: player.name, number: at + 1 }), pad.game.history.length);
      player.cafe.splice(at, 1);
    }

    // --- the table's Staff draws (deck.js) ------------------------------------------------------

    // Who draws Staff in the coming scoring: [{index, count, cards, policy}] (cards: a known deck's;
    // none when the deck is the table's), or [] when nobody does or the entries cannot be scored yet.
    function drawers(pad) {
      const game = pad.game;
      if (!game || game.finished) return [];
      const known = Array.isArray(game.entries.staff_deck) ? game.entries.staff_deck : null;
      const found = DECK.drawersOf(stateOf(game.entries, game.round), known) || [];
      return found.map((d) => Object.assign({}, d, { cards: known ? d.cards : [] }));
    }

    function drawable(pad) {
      const game = pad.game;
      return DECK.drawable(stateOf(game.entries, game.round), game.entries);
    }

    function drawnList(pad, index) {
      const player = pad.game.entries.players[index];
      if (!player.drawn) player.drawn = [];
      return player;
    }

    // A card the table says the player drew (next in order); the card to play is asked again.
    function addDrawn(pad, index, card) {
      const player = drawnList(pad, index);
      entering(pad, label("label_drawn", { player: player.name, card }));
      player.drawn.push(card);
      delete player.choices.play_staff;
    }

    function removeDrawn(pad, index, at) {
      const player = drawnList(pad, index);
      entering(pad, label("label_drawn_removed", { player: player.name, card: player.drawn[at] }));
      player.drawn.splice(at, 1);
      delete player.choices.play_staff;
    }

    // The card the player plays of the drawn ones (null: none), recorded as `choices` records it.
    function choosePlay(pad, index, value) {
      const player = drawnList(pad, index);
      entering(pad, label("label_play_choice", { player: player.name }));
      player.choices.play_staff = value;
    }

    // Each card the player may play of the drawn ones, and none, with the projected total if chosen
    // (the round scored with it recorded): [{value, total}] or [{value, error}] (gah score's words).
    function drawOptions(pad, index) {
      const game = pad.game;
      const drawn = drawnList(pad, index).drawn;
      return drawn.concat([null]).map((value) => {
        const entries = clone(game.entries);
        entries.players[index].choices.play_staff = value;
        try {
          const result = score(stateOf(entries, game.round));
          return { value, total: projection(result.state, index) };
        } catch (error) {
          if (error instanceof PadError) return { value, error: error.message };
          throw error;
        }
      });
    }

    // --- decisions of the last scoring -----------------------------------------------------------

    function lastScored(pad) {
      const game = pad.game;
      const last = game && game.history.length ? game.history[game.history.length - 1] : null;
      return last && last.result.decisions.some((taken) => taken.steps.length) ? last : null;
    }

    // The player's `choices` that replay the scoring up to decision `stepIndex` as it was taken, and
    // record `value` there (undefined: leave it to the default policy); every later decision is the
    // policy's. A key with one recorded decision holds its value, with several a list.
    function replayChoices(taken, stepIndex, value) {
      const lists = {};
      for (const s of taken.steps.slice(0, stepIndex)) (lists[s.key] = lists[s.key] || []).push(s.value);
      if (value !== undefined) {
        const key = taken.steps[stepIndex].key;
        (lists[key] = lists[key] || []).push(value);
      }
      const choices = {};
      for (const [key, values] of Object.entries(lists)) choices[key] = values.length === 1 ? values[0] : values;
      return choices;
    }

    function rescored(last, index, stepIndex, value) {
      const before = clone(last.before);
      before.players[index].choices = replayChoices(last.result.decisions[index], stepIndex, value);
      return { before, result: score(before) };
    }

    // Change a decision of the last scoring (value undefined: back to the default policy) and score
    // that round again: its result and the entries after it are replaced (undo brings them back).
    function changeDecision(pad, index, stepIndex, value) {
      const last = lastScored(pad);
      if (!last || pad.game.history[pad.game.history.length - 1] !== last) throw new PadError(say("only_last_decisions"));
      const step = last.result.decisions[index].steps[stepIndex];
      const again = rescored(last, index, stepIndex, value);
      const game = pad.game;
      const done = label("label_change_decision", { player: last.result.decisions[index].player, decision: step.key });
      remember(pad, done, game.history.length - 1);
      game.history[game.history.length - 1] = { round: last.round, before: again.before, result: again.result };
      game.entries = entriesAfter(again.result.state, Array.isArray(game.entries.staff_deck));
      game.untouched = JSON.stringify(game.entries);
      return labelText(done);
    }

    // The player's total if the game ended after the scoring (the default policy's measure).
    function projection(state, index) {
      const read = GAH.readGame(GAH.RULES, clone(state));
      read.explain = false;
      read.projecting = true;
      return GAH.RULES.project(read, read.players[index]);
    }

    function parseOption(kind, text) {
      if (text === "none") return null;
      if (kind === "yes/no") return text === "True";
      return kind === "number" ? Number(text) : text;
    }

    // The legal options of a decision, as the engine names them when a recorded one is not legal:
    // every decision before it recorded as taken, this one recorded as a value no decision offers.
    function legalOptions(last, index, stepIndex) {
      const taken = last.result.decisions[index];
      const step = taken.steps[stepIndex];
      const kind = CHOICE_KIND[step.key];
      const before = clone(last.before);
      before.players[index].choices = replayChoices(taken, stepIndex, kind === "yes/no" ? true : PROBE[kind]);
      try {
        GAH.scoreGame(before);
        return kind === "yes/no" ? [true, false] : [step.value]; // the probe was legal (yes) or never asked
      } catch (error) {
        if (!(error instanceof GAH.StateError)) throw error;
        const message = error.message;
        const legal = / is not a legal choice here; legal: (.*)$/s.exec(message.slice(0, message.lastIndexOf(" (player ")));
        if (legal) return legal[1].split(", ").map((text) => parseOption(kind, text));
        return / is not a legal choice here: /.test(message) ? [null] : [step.value];
      }
    }

    // Each legal option of a decision of the last scoring with the player's projected total if it is
    // chosen (the round scored again with it recorded): [{value, total}] or [{value, error}].
    function options(pad, index, stepIndex) {
      const last = lastScored(pad);
      if (!last) return [];
      return legalOptions(last, index, stepIndex).map((value) => {
        try {
          const again = rescored(last, index, stepIndex, value);
          return { value, total: projection(again.result.state, index) };
        } catch (error) {
          if (error instanceof PadError) return { value, error: error.message };
          throw error;
        }
      });
    }

    return {
      PadError,
      pathEnd,
      create,
      revive,
      stateOf,
      entriesFrom,
      problems,
      problemsOf,
      pathOf,
      actionLabel,
      labelText,
      retell,
      hasScoring,
      commit,
      undo,
      redo,
      entering,
      label,
      unchanged,
      deal,
      byHand,
      importText,
      newGame,
      rematch,
      addPlayer,
      removePlayer,
      removeCard,
      removeGuest,
      lastScored,
      drawers,
      drawable,
      addDrawn,
      removeDrawn,
      choosePlay,
      drawOptions,
      changeDecision,
      options,
      projection,
      blankNames,
    };
  }

  return { make, PadError, pathEnd };
})();

// The score pad's own code under Node, against the Python modules: the deal (gah setup), the entry
// checks (gah score's schema messages, then the engine's), the report (gah score's text), and whole
// games played through the pad's model (rounds, undo, decisions and their options).
// The vectors are written by tests/test_pad_engine.py, which runs this file with GAH_PAD_VECTORS set
// and checks what it writes back.
"use strict";

const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");
const vm = require("node:vm");

const folder = process.env.GAH_PAD_VECTORS;
const skip = folder ? false : "GAH_PAD_VECTORS not set (tests/test_pad_engine.py sets it)";

// A page's engine and its DOM-free UI parts (the checks, the report, the game model) in one context.
function padFromPage(file) {
  const page = fs.readFileSync(file, "utf8");
  const script = (id) => {
    const found = page.match(new RegExp(`<script[^>]*id="${id}">([\\s\\S]*?)</script>`));
    if (!found) throw new Error(`${file}: no ${id} script`);
    return found[1];
  };
  const ui = script("gah-ui");
  const cut = ui.indexOf("\nconst PadStore = ");
  if (cut < 0) throw new Error(`${file}: the UI script has no PadStore (store.js) after the model`);
  const context = vm.createContext({});
  vm.runInContext(`${script("gah-engine")}\n${ui.slice(0, cut)}\nglobalThis.M = { GAH, PadWords, PadCheck, PadReport, PadGame };`, context, { filename: file });
  const data = JSON.parse(script("gah-data"));
  const M = context.M;
  // The model's words in English, the language the Python side's messages are compared in.
  const english = JSON.parse(script("gah-words")).languages.find((table) => table.id === "en");
  const words = M.PadWords.make(english);
  return Object.assign({ DATA: data, words, G: M.PadGame.make(data, M.GAH, M.GAH.DEAL, M.PadCheck, words) }, M);
}

const plain = (value) => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

function outcome(run) {
  try {
    return { result: plain(run()) };
  } catch (error) {
    if (!["StateError", "PadError"].includes(error.constructor.name)) throw error;
    return { error: error.message };
  }
}

test("the pad against the Python modules", { skip }, async (t) => {
  const vectors = JSON.parse(fs.readFileSync(path.join(folder, "vectors.json"), "utf8"));
  const pads = {};
  const padOf = (rules) => (pads[rules] = pads[rules] || padFromPage(path.join(folder, "pads", rules + ".html")));
  const written = { games: [] };

  await t.test(`deals: ${vectors.deals.length}`, () => {
    for (const vector of vectors.deals) {
      const pad = padOf(vector.rules);
      const got = outcome(() => pad.GAH.DEAL.deal(pad.GAH.RULES, pad.DATA.setup, vector.players, vector.seed));
      assert.deepEqual(got, vector.expected, vector.label);
    }
  });

  await t.test(`entry checks: ${vectors.checks.length}`, () => {
    for (const vector of vectors.checks) {
      const pad = padOf(vector.rules);
      const state = pad.PadCheck.parseJson(vector.text);
      const got = plain(pad.G.problemsOf(state).map((p) => p.message));
      const expected = vector.expected.schema.length ? vector.expected.schema : vector.expected.score ? [vector.expected.score] : [];
      assert.deepEqual(got.slice(0, Math.max(1, expected.length)), expected.length ? expected : [], vector.label);
    }
  });

  // Issue 31: "+14" and "-3" typed into a number field are changes of what it holds (check.js).
  await t.test("typed changes", () => {
    const C = padOf("base").PadCheck;
    const change = (text) => {
      const found = C.changeOf(text);
      return found === null ? null : [found.sign, String(found.amount)];
    };
    assert.deepEqual(change("+14"), ["+", "14"]);
    assert.deepEqual(change(" -3 "), ["-", "3"]);
    assert.deepEqual(change("+ 14"), ["+", "14"]);
    assert.deepEqual(change("-  7"), ["-", "7"]);
    assert.deepEqual(change("+12345678901234567890"), ["+", "12345678901234567890"]);
    for (const text of ["14", "", "+", "-", "+1.5", "x+1", "+1x", "+-1", "++1", "+ 1 2", "+\t1", "1+1", "+0x1"]) {
      assert.equal(change(text), null, JSON.stringify(text));
    }
    const apply = (base, text) => C.applyChange(base, C.changeOf(text));
    assert.equal(apply("28", "+14"), "42"); // 28 + 14 = 42
    assert.equal(apply("28", "-30"), "-2"); // 28 - 30 = -2 (the field's check then refuses it)
    assert.equal(apply(" 5 ", "-5"), "0"); // the field's text is read as gah reads it: spaces dropped
    assert.equal(apply("-4", "+1"), "-3");
    assert.equal(apply("99999999999999999999", "+1"), "100000000000000000000"); // beyond 2**53: exact
    for (const base of ["abc", "", "2.5", "1e3", "+"]) assert.equal(apply(base, "+1"), null, JSON.stringify(base));
  });

  // Issue 31: the table's deck. A state with its deck scores as gah score scores it; without one, the
  // draws are asked for and the state scored holds exactly the cards entered.
  await t.test(`the table's deck: ${vectors.tables.length}`, () => {
    for (const vector of vectors.tables) {
      const pad = padOf(vector.rules);
      const { G } = pad;
      const board = G.create();
      G.importText(board, JSON.stringify(vector.state));
      if (vector.draws) {
        const asked = plain(G.problems(board).map((p) => p.path));
        assert.deepEqual(asked, Object.keys(vector.draws).map((index) => `players[${index}].drawn`), vector.label);
        assert.deepEqual(plain(G.drawers(board).map((d) => [d.index, d.count, d.cards])), Object.keys(vector.draws).map((i) => [Number(i), 3, []]), vector.label);
        if (vector.partial) enterInPart(G, board, vector);
        for (const [index, cards] of Object.entries(vector.draws)) for (const card of cards) G.addDrawn(board, Number(index), card);
        assert.deepEqual(plain(G.problems(board).map((p) => p.path)), asked, `${vector.label}: the card to play is asked`);
        for (const [index, value] of Object.entries(vector.plays)) {
          const options = plain(G.drawOptions(board, Number(index)));
          assert.deepEqual(options.map((o) => o.value), vector.draws[index].concat([null]), vector.label);
          G.choosePlay(board, Number(index), value);
        }
      } else {
        const drawers = plain(G.drawers(board));
        assert.deepEqual(drawers.map((d) => [d.index, d.cards]), vector.fromDeck, vector.label);
      }
      assert.deepEqual(plain(G.problems(board)), [], vector.label);
      G.commit(board);
      const entry = board.game.history[board.game.history.length - 1];
      assert.deepEqual(plain(entry.before), vector.before, vector.label);
      assert.deepEqual(plain(entry.result), vector.expected, vector.label);
      assert.deepEqual(plain(board.game.entries.staff_deck), vector.draws ? null : vector.expected.state.staff_deck, vector.label);
      G.undo(board);
      assert.deepEqual(plain(board.game.history), [], `${vector.label}: undo`);
    }
  });

  await t.test(`reports: ${vectors.reports.length}`, () => {
    for (const vector of vectors.reports) {
      const pad = padOf(vector.rules);
      assert.equal(pad.PadReport.humanReport(vector.result, pad.words.report), vector.text, vector.label);
    }
  });

  await t.test(`games: ${vectors.games.length}`, () => {
    for (const vector of vectors.games) written.games.push(playGame(padOf(vector.rules), vector));
  });
  fs.writeFileSync(path.join(folder, "played.json"), JSON.stringify(written));
});

// A draw entered in part (issue 43): one player's first `cards` of the draw, every other draw whole, and a card to
// play chosen for each. What is missing is asked for, the round cannot be scored, and taking the cards out again
// leaves the entries as they were.
function enterInPart(G, board, vector) {
  const { player, cards, problems, refused } = vector.partial;
  for (const [index, drawn] of Object.entries(vector.draws)) {
    for (const card of index === player ? drawn.slice(0, cards) : drawn) G.addDrawn(board, Number(index), card);
    G.choosePlay(board, Number(index), drawn[0]);
  }
  assert.deepEqual(plain(G.problems(board).map((p) => p.message)), problems, `${vector.label}: a draw entered in part`);
  assert.throws(() => G.commit(board), (error) => error.message === refused, `${vector.label}: scored in part`);
  assert.deepEqual(plain(board.game.history), [], `${vector.label}: nothing scored`);
  for (const index of Object.keys(vector.draws)) {
    while (board.game.entries.players[index].drawn.length) G.removeDrawn(board, Number(index), 0);
  }
}

// A whole game through the pad's model: the deal, each round's end state entered, scored once, the
// decisions' options worked out and one changed then undone; what happened is written for Python.
function playGame(pad, vector) {
  const { G } = pad;
  const board = G.create();
  board.setup.names = vector.players.slice();
  G.deal(board, vector.seed);
  const played = { label: vector.label, rules: vector.rules, deal: plain(board.game.history[0].before), rounds: [] };
  for (const end of vector.ends) {
    const round = board.game.round;
    const entriesBefore = plain(board.game.entries);
    board.game.entries = G.entriesFrom(end);
    assert.deepEqual(plain(G.problems(board)), [], `${vector.label}: round ${round} entries`);
    const label = G.commit(board);
    const entry = board.game.history[board.game.history.length - 1];
    const record = { round, label, entriesBefore, before: plain(entry.before), result: plain(entry.result), entriesAfter: plain(board.game.entries) };
    record.finished = board.game.finished;
    record.next = board.game.round;
    record.options = [];
    const last = G.lastScored(board);
    if (last === entry) {
      last.result.decisions.forEach((taken, index) =>
        taken.steps.forEach((step, at) => {
          if (step.how !== "only") record.options.push({ player: index, step: at, options: plain(G.options(board, index, at)) });
        }),
      );
      const turned = record.options.find((o) => o.options.some((option) => option.total !== undefined && JSON.stringify(option.value) !== JSON.stringify(last.result.decisions[o.player].steps[o.step].value)));
      if (turned) {
        const taken = last.result.decisions[turned.player];
        const other = turned.options.find((option) => option.total !== undefined && JSON.stringify(option.value) !== JSON.stringify(taken.steps[turned.step].value));
        const kept = plain(board.game);
        G.changeDecision(board, turned.player, turned.step, other.value);
        const changed = board.game.history[board.game.history.length - 1];
        record.changed = { player: turned.player, step: turned.step, value: other.value, before: plain(changed.before), result: plain(changed.result) };
        record.changedEntries = plain(board.game.entries);
        G.undo(board);
        assert.deepEqual(plain(board.game), kept, `${vector.label}: undo of the changed decision`);
      }
    }
    // Scoring twice is impossible: the round has moved on, or the game is over and nothing scores.
    if (board.game.finished) record.again = outcome(() => G.commit(board));
    played.rounds.push(record);
  }
  // Undo takes back the last scoring: round 7 is open again, with the entries it was scored with.
  const label = G.undo(board);
  played.undone = { label, round: board.game.round, finished: board.game.finished, entries: plain(board.game.entries), history: board.game.history.length };
  return played;
}

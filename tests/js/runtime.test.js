// The JavaScript runtime's own unit tests (node --test): small hand-made rules, numbers worked by hand.
"use strict";

const nodeTest = require("node:test");
const assert = require("node:assert/strict");
const { runtime, plain } = require("./engine.js");

const R = runtime();
// English, as tests/test_js_backend.py hands it over (the words of the shipped English language file).
const WORDS = process.env.GAH_WORDS ? JSON.parse(require("node:fs").readFileSync(process.env.GAH_WORDS, "utf8")) : null;
// Without them (a bare `node --test tests/js/`) every test is skipped, saying who runs them.
const test = WORDS
  ? nodeTest
  : (name, body) => nodeTest(name, { skip: "GAH_WORDS not set (tests/test_js_backend.py sets it)" }, body);

// A 2-floor, 3-column hotel: floor 1 = R R B, floor 2 = Y Y B; groups: reds (1.1, 1.2), blue column
// (1.3, 2.3), yellows (2.1, 2.2). Rooms cost 0 on floor 1 and 2 on floor 2; 1.2 has 3 printed points.
function rules(extra) {
  return R.makeRules(
    Object.assign(
      {
        name: "tiny",
        rounds: 7,
        trackLast: 5,
        beyondPoints: 3,
        pointsFloor: 0,
        kronesFloor: 0,
        items: ["cake", "wine"],
        floors: 2,
        columns: 3,
        colours: [
          ["red", "red", "blue"],
          ["yellow", "yellow", "blue"],
        ],
        groups: [
          ["red", ["1.1", "1.2"]],
          ["blue", ["1.3", "2.3"]],
          ["yellow", ["2.1", "2.2"]],
        ],
        prepareCost: [0, 2],
        firstRoom: "1.1",
        printedPoints: { "1.2": 3 },
        groupRewards: { red: ["points", { 2: 4 }], blue: ["krones", { 2: 5 }], yellow: ["emperor_steps", { 2: 2 }] },
        cafeSeats: 2,
        staff: { 1: ["Cook", 1, "game_end"], 2: ["Maid", 3, "game_end"], 3: ["Porter", 0, "once"], 4: ["Secretary", 2, "game_end"] },
        scoringTiers: { 3: "A" },
        tiles: { t: "A" },
        words: WORDS,
      },
      extra || {},
    ),
  );
}

function player(fields) {
  return Object.assign(
    { name: "Anna", points: 0, krones: 0, emperor: 0, kitchen: { cake: 0, wine: 0 }, cafe: [], hand: [], hired: [], objectives: 0, choices: {}, cursor: {} },
    { hotel: [
      [".", ".", "."],
      [".", ".", "."],
    ] },
    fields,
  );
}

function game(players, extra) {
  return R.makeGame(rules(extra), 3, { A: "t" }, [1, 2, 3], [], players);
}

test("phrases: a count picks the form (1 point, 2 points, 0 points); places end as English says", () => {
  assert.equal(R.phrase(WORDS, "points", {}, 1), "1 point");
  assert.equal(R.phrase(WORDS, "points", {}, 2), "2 points");
  assert.equal(R.phrase(WORDS, "points", {}, 0), "0 points");
  assert.equal(R.phrase({ points: { zero: "none", one: "{count} point", other: "{count} points" } }, "points", {}, 0), "none");
  assert.equal(R.phrase({ braces: "{{a}} {b}" }, "braces", { b: 2 }), "{a} 2");
  const places = [1, 2, 3, 4, 11, 12, 13, 21, 22, 111].map((n) => R.ordinal(WORDS, n));
  assert.deepEqual(places, ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "111th"]);
});

test("losing more points than you have stops at the floor and says so", () => {
  const anna = player({ points: 3 });
  const g = game([anna]);
  R.losePoints(g, anna, 5);
  assert.equal(anna.points, 0);
  assert.equal(g.events[0].text, "Anna loses 3 points (has only 3 to lose)");
  assert.equal(g.events[0].points, -3);
});

test("advancing past the last space: each step beyond is worth beyondPoints at once", () => {
  const anna = player({ emperor: 4 });
  const g = game([anna]);
  R.advanceEmperor(g, anna, 3); // space 4 -> 5 (1 step), 2 steps beyond the cap at 3 points each
  assert.equal(anna.emperor, 5);
  assert.equal(anna.points, 6);
});

test("the first room goes on the first-room space; later rooms next to a placed room", () => {
  const anna = player();
  const g = game([anna]);
  assert.deepEqual(plain(R.legalSpaces(g.rules, anna, null)), ["1.1"]);
  anna.hotel[0][0] = "o";
  assert.deepEqual(plain(R.legalSpaces(g.rules, anna, null)), ["1.2", "2.1"]);
  assert.deepEqual(plain(R.legalSpaces(g.rules, anna, [2])), ["2.1"]);
});

test("placing on a printed space scores it; completing the red group pays 4 points", () => {
  const anna = player();
  anna.hotel[0][0] = "o";
  const g = game([anna]);
  R.placeRoom(g, anna, "1.2", true, true); // 3 printed + 4 for the red group of 2
  assert.equal(anna.points, 7);
  assert.equal(anna.hotel[0][1], "o");
});

test("completing the blue group pays 5 krones; the yellow group 2 Emperor steps", () => {
  const anna = player();
  anna.hotel = [
    ["o", "o", "o"],
    ["o", "v", "v"],
  ];
  const g = game([anna]);
  R.occupyRoom(g, anna, "2.3");
  assert.equal(anna.krones, 5);
  R.occupyRoom(g, anna, "2.2");
  assert.equal(anna.emperor, 2);
});

test("the default policy prepares the room worth most (printed points), and names the runner-up", () => {
  const anna = player({ krones: 2 });
  anna.hotel[0][0] = "v";
  const g = game([anna]);
  g.rules.project = (trial, p) => p.points; // a measure: points now
  R.takeTurn(g, anna, (gm, p) => R.prepareRoom(gm, p, null, false, false), "t");
  // Options 1.2 (3 printed points: total 3), 2.1 (costs 2 krones: total 0), none (0): 1.2; runner-up
  // 2.1, the first of the two worth 0.
  assert.equal(anna.hotel[0][1], "v");
  assert.equal(anna.points, 3);
  const [decision] = plain(g.decisions);
  assert.deepEqual(
    [decision.key, decision.value, decision.how, decision.total, decision.runnerUp, decision.runnerUpTotal],
    ["prepare_room", "1.2", "policy", 3, "2.1", 0],
  );
});

test("a whole turn is searched: two rooms that complete a group beat the best first room", () => {
  // Two free rooms, each occupied at once; the measure: points + 10 per Emperor step. Greedy would
  // take 1.2 first (3 printed + 4 for red = 7), and nothing after it completes a group: 7.
  // 2.1 then 2.2 completes yellow: 2 Emperor steps = 20. The whole-turn search finds 20.
  const anna = player();
  anna.hotel[0][0] = "o";
  const g = game([anna]);
  g.rules.project = (trial, p) => p.points + 10 * p.emperor;
  const twoRooms = (gm, p) => {
    R.prepareRoom(gm, p, null, true, true);
    R.prepareRoom(gm, p, null, true, true);
  };
  R.takeTurn(g, anna, twoRooms, "t");
  assert.deepEqual(plain(g.decisions).map((d) => d.value), ["2.1", "2.2"]);
  assert.deepEqual([anna.points, anna.emperor], [0, 2]);
  assert.deepEqual(plain(g.decisions).map((d) => d.total), [20, 20]);
});

test("a recorded room that is not legal is refused, naming the choice and the legal ones", () => {
  const anna = player({ choices: { prepare_room: "2.2" } });
  anna.hotel[0][0] = "v";
  const g = game([anna]);
  assert.throws(
    () => R.prepareRoom(g, anna, null, true, false),
    (error) => error.message === "players[0].choices.prepare_room: 2.2 is not a legal choice here; legal: 1.2, 2.1, none (player Anna)",
  );
});

test("the second of a list of recorded rooms is named by its place in the list", () => {
  const anna = player({ choices: { prepare_room: ["1.2", "3.3"] } });
  anna.hotel[0][0] = "v";
  const g = game([anna]);
  R.prepareRoom(g, anna, null, true, false);
  assert.throws(
    () => R.prepareRoom(g, anna, null, true, false),
    (error) => error.message === "players[0].choices.prepare_room[1]: 3.3 is not a legal choice here; legal: 1.3, 2.1, 2.2, none (player Anna)",
  );
});

test("removal: highest floor first, then strictly below", () => {
  const anna = player();
  anna.hotel = [
    ["o", "o", "o"],
    ["o", "o", "."],
  ];
  const g = game([anna]);
  g.rules.project = () => 0; // every removal alike: the first candidate of each floor
  R.takeTurn(g, anna, (gm, p) => R.removeRooms(gm, p, "o", 3, true), "t"); // floor 2, floor 1, then none below
  assert.equal(R.countRooms(anna, "o"), 3);
  assert.equal(anna.hotel[1].filter((r) => r === "o").length, 1);
  assert.equal(anna.hotel[0].filter((r) => r === "o").length, 2);
});

test("the cheapest Staff go under the deck by default, lowest number first on equal cost", () => {
  const anna = player({ hand: [2, 1, 3] });
  const g = game([anna]);
  g.deck = [4];
  g.rules.project = () => 0;
  R.takeTurn(g, anna, (gm, p) => R.staffToDeckBottom(gm, p, 2), "t"); // costs: 3 -> 0, 1 -> 1, 2 -> 3
  assert.deepEqual(plain(g.deck), [4, 3, 1]);
  assert.deepEqual(plain(anna.hand), [2]);
});

test("the Secretary copies the opponent's game-end Staff worth most to this player", () => {
  const anna = player({ hired: [4], hand: [] });
  const ben = player({ name: "Ben", hired: [1, 2] });
  const g = game([anna, ben]);
  anna.objectives = 2;
  const formulas = { 1: (gm, p) => 1 * p.objectives, 2: (gm, p) => 3 * p.hired.length };
  g.rules.project = () => 0;
  assert.equal(R.copyOpponentGameEnd(g, anna, formulas, "Secretary"), 3); // 3 * 1 hired beats 1 * 2 objectives
  const [decision] = plain(g.decisions);
  assert.deepEqual([decision.value, decision.runnerUp, decision.total - decision.runnerUpTotal], [2, 1, 1]);
});

test("standings: equal points and tie-breaker share a rank (1, 1, 3)", () => {
  const ranked = plain(R.rank([["A", 10, 1], ["B", 12, 0], ["C", 10, 1], ["D", 10, 0]]));
  assert.deepEqual(
    ranked.map((r) => [r.player, r.rank]),
    [["B", 1], ["A", 2], ["C", 2], ["D", 4]],
  );
});

test("reading a state: a room cut off from the first room is refused before the first scoring's round", () => {
  const r = rules();
  const before = { round: 2, tiles: {}, players: [{ name: "Anna", hotel: ["..o", "o.."] }] };
  assert.throws(() => R.readGame(r, before), /players\[0\]\.hotel: room 2\.3 is not connected to the other rooms/);
  // A state of the first scoring's round may be scored already (rooms removed): gah score's own output.
  const scored = { round: 3, tiles: { A: "t" }, players: [{ name: "Anna", hotel: ["..o", "o.."] }] };
  assert.equal(R.readGame(r, scored).players[0].name, "Anna");
});

test("reading a state: a card held twice is refused; an absent deck is every unheld card", () => {
  const r = rules();
  const twice = { round: 1, tiles: {}, players: [{ name: "Anna", hand: [1] }, { name: "Ben", hired: [1] }] };
  assert.throws(() => R.readGame(r, twice), /Staff card 1 appears twice/);
  const g = R.readGame(r, { round: 1, tiles: {}, players: [{ name: "Anna", hand: [3] }] });
  assert.deepEqual(plain(g.deck), [1, 2, 4]);
  assert.deepEqual(plain(R.writeGame(g).players[0].hotel), ["...", "..."]);
});

test("shown() quotes as Python's repr does: backslashes, quotes and every non-printable character escaped", () => {
  assert.equal(R.shown("cake"), "'cake'");
  assert.equal(R.shown("it's"), `"it's"`);
  assert.equal(R.shown(`it's "x"`), `'it\\'s "x"'`);
  assert.equal(R.shown("a\\b\t\n\r"), "'a\\\\b\\t\\n\\r'");
  assert.equal(R.shown("\x1b[31m\x00\x7f\x9b\u00a0"), "'\\x1b[31m\\x00\\x7f\\x9b\\xa0'");
  assert.equal(R.shown("\u2028\u2029\u202e\u2066\u200b\ud800"), "'\\u2028\\u2029\\u202e\\u2066\\u200b\\ud800'");
  assert.equal(R.shown("\u{e0001}\u{1f3e8} é"), "'\\U000e0001\u{1f3e8} é'");
  assert.equal(R.shown({ "\x1b": [null, true, 2] }), "{'\\x1b': [None, True, 2]}");
  assert.equal(R.plain("Anna Bø"), "Anna Bø");
  assert.equal(R.plain("An\u200bna"), "'An\\u200bna'");
  assert.equal(R.optionText("\x1b[2J"), "'\\x1b[2J'");
});

test("shown() of any one character holds no control, format, separator (but the space) or lone surrogate", () => {
  const unprintable = /(?! )[\p{C}\p{Z}]/u;
  for (let code = 0; code <= 0x10ffff; code++) {
    const text = R.shown(String.fromCodePoint(code));
    if (unprintable.test(text)) assert.fail(`U+${code.toString(16)} is shown as ${JSON.stringify(text)}`);
  }
});

test("a name refuses controls, line separators and bidi controls, and is no name if only space", () => {
  const r = rules();
  for (const name of ["An\x1bna", "An\x85na", "An\u2028na", "\u202eAnna", "Anna\u2069"]) {
    const state = { round: 1, tiles: {}, players: [{ name }] };
    assert.throws(() => R.readGame(r, state), { message: `players[0].name: ${R.shown(name)} holds a control character; names are plain text` });
  }
  for (const name of ["\x1c", " \u3000"]) {
    assert.throws(() => R.readGame(r, { round: 1, tiles: {}, players: [{ name }] }), { message: "players[0].name: every player needs a name" });
  }
  assert.equal(R.readGame(r, { round: 1, tiles: {}, players: [{ name: "\ufeffAnna" }] }).players[0].name, "\ufeffAnna");
});

// --- the compositional vocabulary (issue 21) ---------------------------------------------

test("a counted return with every item alike tries the kind the kitchen holds most and the first café item", () => {
  const anna = player({ kitchen: { cake: 1, wine: 2 }, cafe: [{ cake: 1, wine: 0 }, { cake: 0, wine: 1 }] });
  const g = game([anna]);
  // The measure pays for returning wine@1, which the policy does not try: the items are alike to it.
  g.rules.project = (gm, p) => -p.cafe[1].wine;
  R.takeTurn(g, anna, (gm, p) => R.returnItems(gm, p, true, true, 1, null), "t");
  // Options cake, wine, cake@0, wine@1; tried: wine (2 held beats 1) and cake@0, both worth -1.
  assert.deepEqual(plain(anna.kitchen), { cake: 1, wine: 1 });
  const [decision] = plain(g.decisions);
  assert.deepEqual([decision.key, decision.value, decision.runnerUp], ["return_items", "wine", "cake@0"]);
  assert.equal(g.events[0].text, "Anna returns 1 wine from the kitchen");
  // Equal holdings: the first in the rules' item order.
  const ben = player({ name: "Ben", kitchen: { cake: 2, wine: 2 } });
  const g2 = game([ben]);
  g2.rules.project = () => 0;
  R.takeTurn(g2, ben, (gm, p) => R.returnItems(gm, p, true, false, 1, null), "t");
  assert.deepEqual(plain(ben.kitchen), { cake: 1, wine: 2 });
});

test("a counted return of filtered items tries every one where items are not alike, and stops when none is left", () => {
  const anna = player({ kitchen: { cake: 1, wine: 2 }, cafe: [{ cake: 0, wine: 1 }] });
  const g = game([anna], { itemsAlike: false });
  g.rules.project = (gm, p) => p.cafe[0].wine; // keeping the guest's wine is worth most
  assert.equal(R.countReturnable(anna, true, true, ["wine"]), 3);
  assert.equal(R.countReturnable(anna, false, true, ["cake"]), 0);
  R.takeTurn(g, anna, (gm, p) => R.returnItems(gm, p, true, true, 4, ["wine"]), "t");
  // wine, wine from the kitchen (the first of the best), then wine@0 is all there is, then nothing.
  assert.deepEqual(plain(g.decisions).map((d) => d.value), ["wine", "wine", "wine@0"]);
  assert.deepEqual([anna.kitchen.cake, anna.kitchen.wine, anna.cafe[0].wine], [1, 0, 0]);
  assert.equal(g.events[g.events.length - 1].text, "Anna has no more items to return");
});

test("returning all items of a filter leaves the others", () => {
  const anna = player({ kitchen: { cake: 2, wine: 3 }, cafe: [{ cake: 1, wine: 1 }] });
  const g = game([anna]);
  R.returnItems(g, anna, true, true, null, ["cake"]);
  assert.deepEqual(plain([anna.kitchen, anna.cafe]), [{ cake: 0, wine: 3 }, [{ cake: 0, wine: 1 }]]);
  assert.equal(g.events[0].text, "Anna returns 3 items from the kitchen and café");
});

test("a choice offers the options that can be taken fully, and none only where declining is allowed", () => {
  const anna = player({ choices: { choose_one: 1 } });
  const g = game([anna]);
  assert.throws(
    () => R.chooseOption(g, anna, [false, true], true),
    (error) => error.message === "players[0].choices.choose_one: 1 is not a legal choice here; legal: 2, none (player Anna)",
  );
  const cleo = player({ name: "Cleo", choices: { choose_one: null } });
  assert.throws(
    () => R.chooseOption(game([cleo]), cleo, [true, false], false),
    (error) => error.message === "players[0].choices.choose_one: none is not a legal choice here; legal: 1 (player Cleo)",
  );
  const ben = player({ name: "Ben" });
  const g2 = game([ben]);
  assert.equal(R.chooseOption(g2, ben, [false, false], false), null); // nothing can be taken: none, the only option
  assert.equal(g2.events[0].text, "Ben takes none of the options");
  assert.equal(plain(g2.decisions)[0].how, "only");
});

test("removal down a column: the highest room, then the next one down in its column", () => {
  const anna = player();
  anna.hotel = [
    ["o", ".", "o"],
    ["o", "o", "."],
  ];
  // Highest floor 2: 2.1 (1.1 below it) and 2.2 (nothing below): at most 2 in a column.
  assert.equal(R.countRemovable(anna, "o", 3, false, true), 2);
  assert.equal(R.countRemovable(anna, "o", 3, true), 2); // two floors
  assert.equal(R.countRemovable(anna, "o", 3, false), 3);
  assert.deepEqual(plain(R.columnBelow(anna, "o", "2.3")), ["1.3"]);
  assert.deepEqual(plain(R.columnBelow(anna, "o", "2.2")), []);
  const g = game([anna]);
  g.rules.project = () => 0;
  R.takeTurn(g, anna, (gm, p) => R.removeRooms(gm, p, "o", 3, false, true), "t");
  assert.deepEqual(plain(g.decisions).map((d) => d.value), ["2.1", "1.1"]);
  assert.deepEqual(plain(anna.hotel), [
    [".", ".", "o"],
    [".", "o", "."],
  ]);
});

test("drawn cards not played go into the hand; Staff from hand go on top of the deck, the first chosen on top", () => {
  const anna = player({ hand: [4] });
  const g = game([anna]);
  g.deck = [1, 2, 3];
  R.drawStaff(g, anna, 2, 0, null, true);
  assert.deepEqual(plain([anna.hand, g.deck]), [[4, 1, 2], [3]]);
  assert.equal(g.events[1].text, "Anna takes the other drawn cards into hand: Cook (1), Maid (2)");
  g.rules.project = () => 0;
  R.takeTurn(g, anna, (gm, p) => R.staffToDeckBottom(gm, p, 2, true), "t"); // cheapest first: Cook (1), Secretary (2)
  assert.deepEqual(plain([anna.hand, g.deck]), [[2], [1, 4, 3]]);
  assert.equal(g.events[g.events.length - 1].text, "Anna puts Cook (1), Secretary (4) from hand on top of the deck");
});

test("playing Staff of one kind from hand offers only that kind", () => {
  const anna = player({ hand: [1, 3], krones: 5, choices: { play_staff: 1 } });
  const g = game([anna]);
  assert.deepEqual(plain(R.handOfKind(g, anna, "once")), [3]);
  assert.throws(
    () => R.playStaffFromHand(g, anna, 1, null, "once"),
    (error) => error.message === "players[0].choices.play_staff: 1 is not a legal choice here; legal: 3, none (player Anna)",
  );
});

test("reading a state: recorded returns and options are checked with Python's messages", () => {
  const r = rules();
  const read = (choices) => () => R.readGame(r, { round: 1, tiles: {}, players: [{ name: "Anna", choices }] });
  const returned = 'expected an item id (from the kitchen) or "item@guest" (from a café guest, guests from 0), got ';
  assert.throws(read({ return_items: "cake@x" }), { message: `players[0].choices.return_items: ${returned}'cake@x'` });
  assert.throws(read({ return_items: ["cake@0", "@1"] }), { message: `players[0].choices.return_items[1]: ${returned}'@1'` });
  assert.throws(read({ choose_one: 0 }), { message: "players[0].choices.choose_one: expected an option's number (from 1) or null, got 0" });
  assert.equal(R.readGame(r, { round: 1, tiles: {}, players: [{ name: "Anna", choices: { choose_one: null, return_items: "wine@12" } }] }).players.length, 1);
});

// The cross-check: every vector's state scored by a score pad's engine gives exactly what the
// Python module gave (the result with every decision taken, or the error message).
// The vectors are written by tests/test_js_backend.py, which runs this file with GAH_VECTORS set.
"use strict";

const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");
const { engineFromPage, plain } = require("./engine.js");

const folder = process.env.GAH_VECTORS;

function scoreWith(engine, state, language) {
  try {
    return { result: plain(engine.scoreGame(plain(state), language)) };
  } catch (error) {
    if (error.name !== "StateError") throw error;
    return { error: error.message };
  }
}

test("cross-check against the Python modules", { skip: folder ? false : "GAH_VECTORS not set (tests/test_js_backend.py sets it)" }, async (t) => {
  const vectors = JSON.parse(fs.readFileSync(path.join(folder, "vectors.json"), "utf8"));
  const engines = {};
  const byRules = {};
  for (const vector of vectors) (byRules[vector.rules] = byRules[vector.rules] || []).push(vector);
  for (const [rules, list] of Object.entries(byRules)) {
    engines[rules] = engineFromPage(path.join(folder, "pads", rules + ".html"));
    await t.test(`${rules}: ${list.length} vectors`, () => {
      for (const vector of list) {
        const got = scoreWith(engines[rules], vector.state, vector.language || "en");
        const expected = vector.expected;
        if ("error" in expected) {
          assert.deepEqual(got, expected, vector.label);
        } else {
          assert.deepEqual(got.error, undefined, `${vector.label}: ${got.error}`);
          assert.deepEqual(got.result, expected.result, vector.label);
        }
      }
    });
  }
  fs.writeFileSync(path.join(folder, "checked.txt"), String(vectors.length));
});

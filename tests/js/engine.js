// Load a score pad's engine under Node: the <script id="gah-engine"> of a generated page, or the
// bare runtime files (for the runtime's own unit tests), each in a fresh vm context.
"use strict";

const fs = require("node:fs");
const path = require("node:path");
const vm = require("node:vm");

const RUNTIME_DIR = path.join(__dirname, "..", "..", "compiler", "backends", "js", "runtime");
const RUNTIME_FILES = ["core.js", "chooser.js", "hotel.js", "staff.js", "quantities.js", "scoring.js", "state.js"];

// Values cross the vm boundary as JSON, so that assert.deepStrictEqual compares plain data.
function plain(value) {
  return value === undefined ? undefined : JSON.parse(JSON.stringify(value));
}

function engineFromPage(file) {
  const page = fs.readFileSync(file, "utf8");
  const match = page.match(/<script id="gah-engine">([\s\S]*?)<\/script>/);
  if (!match) throw new Error(`${file}: no engine script`);
  const context = vm.createContext({});
  vm.runInContext(match[1] + "\nglobalThis.GAH = GAH;", context, { filename: file });
  return context.GAH;
}

// The runtime's functions, by name, in one context (as a page holds them).
function runtime() {
  const names = [];
  let source = "";
  for (const name of RUNTIME_FILES) {
    const text = fs.readFileSync(path.join(RUNTIME_DIR, name), "utf8");
    source += text + "\n";
    for (const m of text.matchAll(/^(?:function|class|const)\s+([A-Za-z_][A-Za-z0-9_]*)/gm)) names.push(m[1]);
  }
  const context = vm.createContext({});
  vm.runInContext(source + `\nglobalThis.R = { ${names.join(", ")} };`, context);
  return context.R;
}

module.exports = { engineFromPage, runtime, plain };

// Lists the mutants Stryker's instrumenter makes of one JavaScript file, as JSON on stdout:
// [{mutator, start: [line, column], end: [line, column], replacement}], lines and columns from 0.
// Usage: node tests/mutation/js_mutants.mjs NODE_MODULES FILE   (tests/mutation/js.py runs it)
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [modules, file] = process.argv.slice(2);
const entry = path.join(modules, "@stryker-mutator", "instrumenter", "dist", "src", "index.js");
const { Instrumenter } = await import(pathToFileURL(entry).href);
const quiet = { isTraceEnabled: () => false, isDebugEnabled: () => false, isInfoEnabled: () => false,
  isWarnEnabled: () => false, isErrorEnabled: () => false, isFatalEnabled: () => false,
  trace() {}, debug() {}, info() {}, warn() {}, error() {}, fatal() {} };
const instrumenter = new Instrumenter(quiet);
const source = { name: path.resolve(file), content: fs.readFileSync(file, "utf8"), mutate: true };
const { mutants } = await instrumenter.instrument([source], { plugins: null, ignorers: [], excludedMutations: [] });
const rows = mutants.map((m) => ({
  mutator: m.mutatorName,
  start: [m.location.start.line, m.location.start.column],
  end: [m.location.end.line, m.location.end.column],
  replacement: m.replacement,
}));
process.stdout.write(JSON.stringify(rows));

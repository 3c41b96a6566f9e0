// Reading a `gah` state file (YAML) as `gah score` reads it, strictly: the YAML that gah writes and
// that people write by hand for a state (block mappings and lists, the lists of yaml.safe_dump
// without indent, one-line flow lists and mappings, plain and quoted scalars, comments). Plain
// scalars are resolved as PyYAML resolves them (YAML 1.1: yes/no/on/off are booleans, 1_000 and 0x1f
// whole numbers, 1e3 text), numbers as PadCheck reads them (BigInt beyond 2**53, PyFloat with a
// point), `key:` with nothing after it as PadCheck.EMPTY. What gah's own loader refuses is refused
// here too (anchors, aliases, tags, a key given twice); multi-line text and block scalars, which no
// state needs, are refused with the line. Not a YAML library (js-yaml): it reads YAML 1.2 (yes is
// text, 1e3 a number), accepts anchors and tags that gah refuses, and would add 40 kB and a licence to
// every page; a state needs this much and no more. No DOM here.
"use strict";

const PadYaml = (function () {
  const MAX_BYTES = 1000000; // compiler/frontend/loader.py's MAX_FILE_BYTES
  const MAX_DEPTH = 64; // and its MAX_DEPTH

  // A problem at a line: `key` is a phrase of the pad's words (yaml_*), `values` its slots.
  class YamlError extends Error {
    constructor(line, key, values) {
      super(key);
      this.line = line;
      this.key = key;
      this.values = values || {};
    }
  }

  const NULL = /^(?:~|null|Null|NULL)$/;
  const BOOL = /^(?:yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF)$/;
  const TRUE = /^(?:yes|Yes|YES|true|True|TRUE|on|On|ON)$/;
  const INT = /^(?:[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+)$/;
  const FLOAT = /^(?:[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?|\.[0-9_]+(?:[eE][-+][0-9]+)?|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/;

  // PyYAML's construct_yaml_int: underscores dropped, a sign, then 0b, 0x, 0 (octal) or base 60.
  function wholeNumber(text) {
    let digits = text.replace(/_/g, "");
    let sign = 1n;
    if (digits[0] === "-" || digits[0] === "+") {
      if (digits[0] === "-") sign = -1n;
      digits = digits.slice(1);
    }
    let value;
    if (digits === "0") value = 0n;
    else if (digits.startsWith("0b")) value = BigInt(digits);
    else if (digits.startsWith("0x")) value = BigInt(digits);
    else if (digits[0] === "0") value = BigInt("0o" + digits.slice(1));
    else if (digits.includes(":")) value = digits.split(":").reduce((sum, part) => sum * 60n + BigInt(part), 0n);
    else value = BigInt(digits);
    value *= sign;
    const safe = value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER);
    return safe ? Number(value) : value;
  }

  // PyYAML's construct_yaml_float.
  function decimal(text) {
    let digits = text.replace(/_/g, "").toLowerCase();
    let sign = 1;
    if (digits[0] === "-" || digits[0] === "+") {
      if (digits[0] === "-") sign = -1;
      digits = digits.slice(1);
    }
    if (digits === ".inf") return new PadCheck.PyFloat(sign * Infinity);
    if (digits === ".nan") return new PadCheck.PyFloat(NaN);
    if (digits.includes(":")) {
      const parts = digits.split(":").map(Number);
      return new PadCheck.PyFloat(sign * parts.reduce((sum, part) => sum * 60 + part, 0));
    }
    return new PadCheck.PyFloat(sign * Number(digits));
  }

  // A plain scalar's value, as yaml.safe_load resolves it (timestamps and the like stay text, as in gah).
  function resolve(text) {
    if (text === "") return PadCheck.EMPTY;
    if (NULL.test(text)) return null;
    if (BOOL.test(text)) return TRUE.test(text);
    if (INT.test(text)) return wholeNumber(text);
    if (FLOAT.test(text)) return decimal(text);
    return text;
  }

  const ESCAPES = { 0: "\0", a: "\x07", b: "\b", t: "\t", "\t": "\t", n: "\n", v: "\v", f: "\f", r: "\r", e: "\x1b", " ": " ", '"': '"', "/": "/", "\\": "\\", N: "\x85", _: "\xa0", L: "\u2028", P: "\u2029" };
  const HEX = { x: 2, u: 4, U: 8 };

  // A quoted scalar starting at text[start]: {value, end} (end: just after the closing quote).
  function quoted(text, start, line) {
    const quote = text[start];
    let value = "";
    let at = start + 1;
    while (at < text.length) {
      const ch = text[at];
      if (quote === "'" && ch === "'") {
        if (text[at + 1] === "'") {
          value += "'";
          at += 2;
          continue;
        }
        return { value, end: at + 1 };
      }
      if (quote === '"' && ch === '"') return { value, end: at + 1 };
      if (quote === '"' && ch === "\\") {
        const code = text[at + 1];
        if (HEX[code]) {
          const hex = text.slice(at + 2, at + 2 + HEX[code]);
          if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== HEX[code]) throw new YamlError(line, "yaml_escape", { text: "\\" + code + hex });
          value += String.fromCodePoint(parseInt(hex, 16));
          at += 2 + HEX[code];
          continue;
        }
        if (ESCAPES[code] === undefined) throw new YamlError(line, "yaml_escape", { text: "\\" + (code || "") });
        value += ESCAPES[code];
        at += 2;
        continue;
      }
      value += ch;
      at += 1;
    }
    throw new YamlError(line, "yaml_unclosed");
  }

  // A plain scalar that cannot start so (anchors, aliases, tags, block scalars, directives, ...).
  function refuseMark(text, line) {
    if (/^[&*!|>%@`?]/.test(text)) throw new YamlError(line, "yaml_unsupported", { mark: text[0] });
  }

  // A one-line flow value ([...], {...}) or a scalar, the whole of `text`.
  function inline(text, line) {
    let at = 0;
    const space = () => {
      while (text[at] === " ") at += 1;
    };
    const value = (depth) => {
      if (depth > MAX_DEPTH) throw new YamlError(line, "yaml_deep", { most: MAX_DEPTH });
      space();
      const ch = text[at];
      if (ch === "[" || ch === "{") return collection(ch, depth);
      if (ch === '"' || ch === "'") {
        const found = quoted(text, at, line);
        at = found.end;
        return found.value;
      }
      const rest = text.slice(at);
      refuseMark(rest, line);
      const plain = /^(?:[^,[\]{}:]|:(?=[^\s,[\]{}]))*/.exec(rest)[0].trimEnd();
      at += plain.length;
      return resolve(plain);
    };
    const collection = (open, depth) => {
      const close = open === "[" ? "]" : "}";
      const out = open === "[" ? [] : {};
      at += 1;
      space();
      while (text[at] !== close) {
        if (at >= text.length) throw new YamlError(line, "yaml_unclosed");
        if (open === "[") out.push(value(depth + 1));
        else entry(out, depth);
        space();
        if (text[at] === ",") at += 1;
        else if (text[at] !== close) throw new YamlError(line, at >= text.length ? "yaml_unclosed" : "yaml_after", { text: text.slice(at) });
        space();
      }
      at += 1;
      return out;
    };
    const entry = (out, depth) => {
      const key = value(depth + 1);
      space();
      if (text[at] !== ":" || typeof key !== "string") throw new YamlError(line, "yaml_expected");
      at += 1;
      space();
      const found = text[at] === "," || text[at] === "}" ? PadCheck.EMPTY : value(depth + 1);
      keep(out, key, found, line);
    };
    const found = value(0);
    space();
    if (at < text.length) throw new YamlError(line, "yaml_after", { text: text.slice(at) });
    return found;
  }

  function keep(out, key, value, line) {
    if (Object.prototype.hasOwnProperty.call(out, key)) throw new YamlError(line, "yaml_duplicate", { name: key });
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  }

  // "key: rest" -> [key, rest], or null when the text is not a key and its value.
  function splitKey(text, line) {
    if (text[0] === '"' || text[0] === "'") {
      const found = quoted(text, 0, line);
      const after = /^ *:(?: +|$)/.exec(text.slice(found.end));
      return after ? [found.value, text.slice(found.end + after[0].length)] : null;
    }
    if (/^[[{&*!|>%@`?]/.test(text)) return null;
    const match = /^(.*?) *:(?: +|$)/.exec(text);
    return match ? [match[1], text.slice(match[0].length)] : null;
  }

  // The line without its comment: a # at the start or after a space, outside a quoted scalar.
  function uncommented(raw, line) {
    let quote = null;
    let last = "";
    for (let at = 0; at < raw.length; at++) {
      const ch = raw[at];
      if (quote) {
        if (ch === "\\" && quote === '"') at += 1;
        else if (ch === quote) quote = null;
        continue;
      }
      if ((ch === '"' || ch === "'") && (last === "" || ":-[{,".includes(last))) quote = ch;
      else if (ch === "#" && (at === 0 || raw[at - 1] === " " || raw[at - 1] === "\t")) return raw.slice(0, at).trimEnd();
      if (ch !== " ") last = ch;
    }
    if (quote) throw new YamlError(line, "yaml_unclosed");
    return raw.trimEnd();
  }

  function linesOf(text) {
    const lines = [];
    const raw = text.replace(/^\ufeff/, "").split(/\r\n|\r|\n/);
    raw.forEach((source, index) => {
      const number = index + 1;
      const body = uncommented(source, number);
      if (!body.trim()) return;
      if ((body === "---" && !lines.length) || body === "...") return;
      const indent = /^ */.exec(body)[0].length;
      if (body[indent] === "\t") throw new YamlError(number, "yaml_tab");
      lines.push({ indent, text: body.slice(indent), number });
    });
    return lines;
  }

  const isItem = (text) => text === "-" || text.startsWith("- ");

  // How many brackets a flow value leaves open (those inside quoted scalars do not count).
  function openBrackets(text) {
    let depth = 0;
    let quote = null;
    let last = "";
    for (let at = 0; at < text.length; at++) {
      const ch = text[at];
      if (quote) {
        if (ch === "\\" && quote === '"') at += 1;
        else if (ch === quote) quote = null;
        continue;
      }
      if ((ch === '"' || ch === "'") && (last === "" || "[{,:".includes(last))) quote = ch;
      else if (ch === "[" || ch === "{") depth += 1;
      else if (ch === "]" || ch === "}") depth -= 1;
      if (ch !== " ") last = ch;
    }
    return depth;
  }

  // The values of the block lines (a mapping or a list at each indent), as a recursive descent.
  function blocks(lines) {
    let at = 0;
    const block = (indent, depth) => {
      if (depth > MAX_DEPTH) throw new YamlError(lines[at].number, "yaml_deep", { most: MAX_DEPTH });
      const line = lines[at];
      if (isItem(line.text)) return sequence(indent, depth);
      if (splitKey(line.text, line.number)) return mapping(indent, depth);
      at += 1;
      return inline(flow(line.text), line.number);
    };
    // After "key:" or "-" with nothing more on the line: what is indented below it, else nothing written.
    const below = (indent, depth, listHere) => {
      const next = lines[at];
      if (next && next.indent > indent) return block(next.indent, depth + 1);
      if (listHere && next && next.indent === indent && isItem(next.text)) return sequence(indent, depth + 1);
      return PadCheck.EMPTY;
    };
    const sequence = (indent, depth) => {
      const out = [];
      while (at < lines.length && lines[at].indent === indent && isItem(lines[at].text)) {
        const line = lines[at];
        const rest = line.text.slice(1).trimStart();
        const column = indent + line.text.length - rest.length;
        if (!rest) {
          at += 1;
          out.push(below(indent, depth, false));
        } else if (isItem(rest) || (!/^[[{"']/.test(rest) && splitKey(rest, line.number))) {
          lines[at] = { indent: column, text: rest, number: line.number }; // the item's block starts on this line
          out.push(block(column, depth + 1));
        } else {
          at += 1;
          out.push(inline(flow(rest), line.number));
        }
      }
      return out;
    };
    const mapping = (indent, depth) => {
      const out = {};
      while (at < lines.length && lines[at].indent === indent && !isItem(lines[at].text)) {
        const line = lines[at];
        const split = splitKey(line.text, line.number);
        if (!split) throw new YamlError(line.number, "yaml_expected");
        const [key, rest] = split;
        at += 1;
        keep(out, key, rest === "" ? below(indent, depth, true) : inline(flow(rest), line.number), line.number);
      }
      return out;
    };
    // A flow value over several lines (yaml.safe_dump wraps long lists): its lines joined.
    const flow = (text) => {
      let joined = text;
      while (/^[[{]/.test(text) && openBrackets(joined) > 0 && at < lines.length) {
        joined += " " + lines[at].text;
        at += 1;
      }
      return joined;
    };
    const value = block(lines[0].indent, 0);
    if (at < lines.length) throw new YamlError(lines[at].number, "yaml_indent");
    return value;
  }

  // The value of a state file's text (YamlError: where and why it cannot be read).
  function parse(text) {
    if (text.length > MAX_BYTES) throw new YamlError(1, "yaml_too_big", { most: MAX_BYTES });
    const lines = linesOf(text);
    if (!lines.length) return null;
    return blocks(lines);
  }

  return { parse, resolve, YamlError };
})();

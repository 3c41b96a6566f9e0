// Checking entries as `gah score` checks a state file before it scores it: the state schema
// (schemas/state.schema.json, which the page carries), with the messages of
// compiler/frontend/validate.py, word for word. The engine's readGame then checks the rest, with
// the Python runtime's messages. No DOM here: tests/js/pad.test.js runs this file under Node.
"use strict";

const PadCheck = (function () {
  // A number written with a decimal point: a float to Python, whatever JavaScript makes of it.
  class PyFloat {
    constructor(value) {
      this.value = value;
    }
  }
  // A field left empty: YAML's `key:` with nothing after it (null, but no null was written).
  const EMPTY = Object.freeze({ empty: true });

  // What PyYAML reads a number field as (YAML 1.1): digits are a whole number, digits with a point a
  // decimal number, anything else text. Spaces around are dropped; nothing else is changed.
  const WHOLE = /^[-+]?[0-9]+$/;
  const DECIMAL = /^[-+]?(?:[0-9][0-9_]*\.[0-9_]*|\.[0-9_]+)(?:[eE][-+][0-9]+)?$/;

  function fieldValue(text) {
    const trimmed = String(text).trim();
    if (trimmed === "") return EMPTY;
    if (WHOLE.test(trimmed)) {
      const big = BigInt(trimmed);
      return big >= BigInt(Number.MIN_SAFE_INTEGER) && big <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(big) : big;
    }
    if (DECIMAL.test(trimmed)) return new PyFloat(Number(trimmed.replace(/_/g, "")));
    return trimmed;
  }

  // A whole number a field holds (within JavaScript's safe range), or null.
  function wholeOf(text) {
    const value = fieldValue(text);
    return typeof value === "number" ? value : null;
  }

  // Python's repr of a float.
  function floatText(x) {
    if (Number.isNaN(x)) return "nan";
    if (!Number.isFinite(x)) return x > 0 ? "inf" : "-inf";
    const size = Math.abs(x);
    if (size !== 0 && (size >= 1e16 || size < 1e-4)) {
      const [mantissa, exponent] = x.toExponential().split("e");
      const sign = exponent[0] === "-" ? "-" : "+";
      return mantissa + "e" + sign + exponent.replace(/^[-+]/, "").padStart(2, "0");
    }
    const text = String(x);
    return Number.isInteger(x) ? text + ".0" : text;
  }

  // json.dumps(value, ensure_ascii=False) of a scalar, as validate.py quotes values.
  function dumps(value) {
    if (value === null || value === EMPTY) return "null";
    if (value instanceof PyFloat) return floatText(value.value);
    if (typeof value === "bigint") return value.toString();
    return JSON.stringify(value);
  }

  function isMapping(value) {
    return value !== null && typeof value === "object" && !Array.isArray(value) && !(value instanceof PyFloat) && value !== EMPTY;
  }

  function typeName(value) {
    if (value === null || value === EMPTY) return "null";
    if (typeof value === "boolean") return "true/false";
    if (typeof value === "bigint" || (typeof value === "number" && Number.isInteger(value))) return "a whole number";
    if (value instanceof PyFloat || typeof value === "number") return "a decimal number";
    if (typeof value === "string") return "text";
    return isMapping(value) ? "a mapping" : "a list";
  }

  const TYPE_WORDS = {
    integer: "a whole number",
    string: "text",
    object: "a mapping (key: value)",
    array: "a list",
    boolean: "true or false",
    number: "a number",
    null: "null",
  };

  function isType(value, type) {
    switch (type) {
      case "integer":
        return typeof value === "bigint" || (typeof value === "number" && Number.isInteger(value));
      case "number":
        return typeof value === "bigint" || typeof value === "number" || value instanceof PyFloat;
      case "string":
        return typeof value === "string";
      case "boolean":
        return typeof value === "boolean";
      case "null":
        return value === null || value === EMPTY;
      case "array":
        return Array.isArray(value);
      default:
        return isMapping(value);
    }
  }

  const numberOf = (value) => (value instanceof PyFloat ? value.value : value);
  const length = (text) => Array.from(text).length;

  // --- the validator: jsonschema's Draft 7 for the keywords the state schema uses ----------------

  function resolve(root, schema) {
    while (schema && typeof schema.$ref === "string") schema = root.definitions[schema.$ref.replace("#/definitions/", "")];
    return schema;
  }

  // Every error of `value` against `schema`: {path, validator, schema, instance, context, names}.
  function errorsOf(root, schema, value, path) {
    schema = resolve(root, schema);
    const found = [];
    const error = (validator, extra) => found.push(Object.assign({ path, validator, schema, instance: value, context: [], names: false }, extra));
    if (schema.type !== undefined && !isType(value, schema.type)) error("type");
    const number = typeof value !== "boolean" && isType(value, "number") ? numberOf(value) : null;
    if (number !== null && schema.minimum !== undefined && number < schema.minimum) error("minimum");
    if (number !== null && schema.maximum !== undefined && number > schema.maximum) error("maximum");
    if (typeof value === "string") {
      if (schema.minLength !== undefined && length(value) < schema.minLength) error("minLength");
      if (schema.maxLength !== undefined && length(value) > schema.maxLength) error("maxLength");
      if (schema.pattern !== undefined && !new RegExp(schema.pattern, "u").test(value)) error("pattern");
    }
    if (Array.isArray(value)) {
      if (schema.minItems !== undefined && value.length < schema.minItems) error("minItems");
      if (schema.maxItems !== undefined && value.length > schema.maxItems) error("maxItems");
      if (schema.items) value.forEach((item, i) => found.push(...errorsOf(root, schema.items, item, path.concat([i]))));
    }
    if (isMapping(value)) found.push(...mappingErrors(root, schema, value, path, error));
    if (schema.anyOf) {
      const context = [];
      let matched = false;
      schema.anyOf.forEach((alternative, index) => {
        const errors = errorsOf(root, alternative, value, path);
        if (!errors.length) matched = true;
        for (const sub of errors) context.push(Object.assign(sub, { alternative: index }));
      });
      if (!matched) error("anyOf", { context });
    }
    return found;
  }

  function mappingErrors(root, schema, value, path, error) {
    const found = [];
    const properties = schema.properties || {};
    const missing = (schema.required || []).filter((key) => !Object.prototype.hasOwnProperty.call(value, key));
    if (missing.length) error("required", { missing });
    if (schema.propertyNames) {
      for (const key of Object.keys(value)) {
        for (const sub of errorsOf(root, schema.propertyNames, key, path)) found.push(Object.assign(sub, { names: true }));
      }
    }
    const extra = Object.keys(value).filter((key) => !Object.prototype.hasOwnProperty.call(properties, key));
    for (const key of Object.keys(value)) {
      if (Object.prototype.hasOwnProperty.call(properties, key)) found.push(...errorsOf(root, properties[key], value[key], path.concat([key])));
    }
    if (schema.additionalProperties === false && extra.length) error("additionalProperties", { extra });
    else if (isMapping(schema.additionalProperties)) {
      for (const key of extra) found.push(...errorsOf(root, schema.additionalProperties, value[key], path.concat([key])));
    }
    return found;
  }

  // --- messages, as validate.py words them ------------------------------------------------------

  function formatPath(path) {
    let text = "";
    for (const step of path) text += typeof step === "number" ? `[${step}]` : text ? `.${step}` : step;
    return text;
  }

  function patternHint(schema, pattern) {
    const message = String(schema.patternErrorMessage || "").replace(/\.+$/, "");
    if (message) return message[0].toLowerCase() + message.slice(1);
    return `expected text of the form ${pattern}`;
  }

  function kindWords(schema) {
    if (!isMapping(schema) || typeof schema.type !== "string" || !TYPE_WORDS[schema.type]) return null;
    let words = TYPE_WORDS[schema.type];
    if (schema.minimum !== undefined && schema.maximum !== undefined) words += ` from ${schema.minimum} to ${schema.maximum}`;
    return words;
  }

  function reprNumber(value) {
    if (value instanceof PyFloat) return floatText(value.value);
    return String(value);
  }

  function valueMessage(error) {
    const value = error.instance;
    const shown = Array.isArray(value) || isMapping(value) ? typeName(value) : dumps(value);
    const schema = error.schema;
    switch (error.validator) {
      case "type": {
        const words = [].concat(schema.type).map((t) => TYPE_WORDS[t] || t).join(" or ");
        if (Array.isArray(value) || isMapping(value)) return `expected ${words}, got ${typeName(value)}`;
        return `expected ${words}, got ${typeName(value)} (${shown})`;
      }
      case "pattern":
        return `${shown} is not valid here; ${patternHint(schema, schema.pattern)}`;
      case "anyOf": {
        const kinds = schema.anyOf.map(kindWords);
        if (kinds.every((k) => k)) return `expected ${kinds.join(" or ")}, got ${typeName(value)} (${shown})`;
        return valueMessage(bestMatch(error.context));
      }
      case "minimum":
        return `${reprNumber(value)} is less than the minimum of ${schema.minimum}`;
      case "maximum":
        return `${reprNumber(value)} is greater than the maximum of ${schema.maximum}`;
      case "minItems":
      case "maxItems": {
        const limit = schema[error.validator];
        const bound = error.validator === "minItems" ? "at least" : "at most";
        return `needs ${bound} ${limit} ${limit === 1 ? "entry" : "entries"}; has ${value.length}`;
      }
      case "minLength":
        return schema.minLength === 1 ? "must not be empty" : `needs at least ${schema.minLength} characters; has ${length(value)}`;
      case "maxLength":
        return `is too long: ${length(value)} characters (at most ${schema.maxLength})`;
      default:
        return `${shown} is not valid here`;
    }
  }

  // jsonschema's relevance: shallower errors first, then earlier paths, then not anyOf, then those of the value's type.
  function relevance(error) {
    return [-error.path.length, error.path, error.validator !== "anyOf", error.schema.type !== undefined && isType(error.instance, error.schema.type)];
  }

  function compareKeys(a, b) {
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      const x = a[i];
      const y = b[i];
      if (Array.isArray(x)) {
        const inner = compareKeys(x, y);
        if (inner) return inner;
      } else if (x !== y) {
        return x < y ? -1 : 1;
      }
    }
    return a.length - b.length;
  }

  function bestMatch(errors) {
    let best = errors.reduce((a, b) => (compareKeys(relevance(b), relevance(a)) > 0 ? b : a));
    while (best.context.length) {
      const sorted = best.context.slice().sort((a, b) => compareKeys(relevance(a), relevance(b)));
      if (sorted.length >= 2 && compareKeys(relevance(sorted[0]), relevance(sorted[1])) === 0) return best;
      best = sorted[0];
    }
    return best;
  }

  // validate.py's _pick_alternative: the one alternative that failed on something deeper than the
  // kind of value, if there is exactly one; else the anyOf itself.
  function pickAlternative(error) {
    const groups = new Map();
    for (const sub of error.context) {
      if (!groups.has(sub.alternative)) groups.set(sub.alternative, []);
      groups.get(sub.alternative).push(sub);
    }
    const shallow = (s) => ["type", "const", "enum"].includes(s.validator) && s.path.length === error.path.length;
    const deep = Array.from(groups.values()).filter((subs) => !subs.every(shallow));
    if (!deep.length) return error;
    return bestMatch(deep.length === 1 ? deep[0] : error.context);
  }

  function describe(error) {
    const where = formatPath(error.path);
    const prefix = where ? `${where}: ` : "";
    if (error.names) return [`${prefix}key ${valueMessage(error)}`];
    if (error.validator === "additionalProperties") {
      const allowed = Object.keys(error.schema.properties || {});
      const expected = allowed.slice().sort().join(", ");
      return error.extra.map((key) => `${prefix}unknown key '${key}'${didYouMean(key, allowed)}; expected one of: ${expected}`);
    }
    if (error.validator === "required") {
      const text = error.missing.length === 1 ? `key '${error.missing[0]}'` : `keys: ${error.missing.join(", ")}`;
      return [`${prefix}missing required ${text}`];
    }
    if (error.instance === EMPTY) {
      const message = valueMessage(error);
      const expected = message.replace(/, got null \(null\)$/, "");
      return [`${prefix}${expected !== message && expected.startsWith("expected") ? "has no value; " + expected : "has no value; give it one"}`];
    }
    return [`${prefix}${valueMessage(error)}`];
  }

  // Every schema problem of a state as [path, message], in validate.py's order (by path, then
  // keyword), one per place and keyword.
  function schemaProblems(schema, state) {
    const errors = errorsOf(schema, schema, state, []).map((error, order) => {
      const chosen = error.validator === "anyOf" ? pickAlternative(error) : error;
      return { chosen, key: [error.path.map(String), error.validator], order };
    });
    errors.sort((a, b) => compareKeys(a.key, b.key) || a.order - b.order);
    const seen = new Set();
    const problems = [];
    for (const { chosen } of errors) {
      const key = JSON.stringify([chosen.path, chosen.validator]);
      if (seen.has(key)) continue;
      seen.add(key);
      for (const message of describe(chosen)) problems.push({ path: formatPath(chosen.path), message });
    }
    return problems;
  }

  // --- difflib.get_close_matches(word, options, n=1, cutoff=0.6), for "did you mean" ------------

  function matchingCharacters(a, b) {
    const positions = new Map();
    Array.from(b).forEach((ch, j) => {
      if (!positions.has(ch)) positions.set(ch, []);
      positions.get(ch).push(j);
    });
    const A = Array.from(a);
    let total = 0;
    const queue = [[0, A.length, 0, Array.from(b).length]];
    while (queue.length) {
      const [alo, ahi, blo, bhi] = queue.pop();
      let [besti, bestj, size] = [alo, blo, 0];
      let lengths = new Map();
      for (let i = alo; i < ahi; i++) {
        const next = new Map();
        for (const j of positions.get(A[i]) || []) {
          if (j < blo) continue;
          if (j >= bhi) break;
          const k = (lengths.get(j - 1) || 0) + 1;
          next.set(j, k);
          if (k > size) [besti, bestj, size] = [i - k + 1, j - k + 1, k];
        }
        lengths = next;
      }
      if (!size) continue;
      total += size;
      if (alo < besti && blo < bestj) queue.push([alo, besti, blo, bestj]);
      if (besti + size < ahi && bestj + size < bhi) queue.push([besti + size, ahi, bestj + size, bhi]);
    }
    return total;
  }

  function didYouMean(word, options) {
    let best = null;
    for (const option of options) {
      const ratio = (2 * matchingCharacters(option, word)) / (length(option) + length(word));
      if (ratio >= 0.6 && (best === null || ratio > best[0] || (ratio === best[0] && option > best[1]))) best = [ratio, option];
    }
    return best ? ` (did you mean '${best[1]}'?)` : "";
  }

  // --- reading a JSON file as gah reads it ------------------------------------------------------

  // A JSON number as gah reads it (PyYAML, YAML 1.1): digits are a whole number (beyond 2**53 its
  // digits are kept), digits with a point a decimal number, anything else (1e3) text.
  function numberAsRead(source) {
    if (/^-?[0-9]+$/.test(source)) {
      const value = Number(source);
      return Number.isSafeInteger(value) ? value : BigInt(source);
    }
    return DECIMAL.test(source) ? new PyFloat(Number(source)) : source;
  }

  // JSON text to values as gah reads a state file: each number that JSON.parse would read otherwise
  // is first written as a marked string (outside strings only), then read back by numberAsRead.
  function parseJson(text) {
    const mark = ["\u0000", "\ufdd0", "\ufdd1"].find((ch) => !text.includes(ch) && !text.toLowerCase().includes("\\u" + ch.charCodeAt(0).toString(16).padStart(4, "0")));
    const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?/y;
    let out = "";
    let at = 0;
    while (at < text.length) {
      const ch = text[at];
      if (ch === '"') {
        let end = at + 1;
        while (end < text.length && text[end] !== '"') end += text[end] === "\\" ? 2 : 1;
        out += text.slice(at, end + 1);
        at = end + 1;
        continue;
      }
      NUMBER.lastIndex = at;
      const found = (ch === "-" || (ch >= "0" && ch <= "9")) && NUMBER.exec(text);
      if (found) {
        const value = numberAsRead(found[0]);
        out += typeof value === "number" || mark === undefined ? found[0] : JSON.stringify(mark + found[0]);
        at += found[0].length;
        continue;
      }
      out += ch;
      at += 1;
    }
    return JSON.parse(out, (key, value) => (typeof value === "string" && mark !== undefined && value.startsWith(mark) ? numberAsRead(value.slice(1)) : value));
  }

  return { EMPTY, PyFloat, fieldValue, wholeOf, floatText, schemaProblems, formatPath, didYouMean, parseJson };
})();

// Checking entries as `gah score` checks a state file before it scores it: the state schema
// (schemas/state.schema.json, which the page carries), with the messages of
// compiler/frontend/validate.py, word for word: both say the phrases of the language's `check`
// section. The engine's readGame then checks the rest, with the Python runtime's messages. No DOM
// here: tests/js/pad.test.js runs this file under Node.
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

  // The kind of value a field holds, in words (`say`: the language's `check` phrases, words.js).
  function typeName(value, say) {
    if (value === null || value === EMPTY) return say("value.null");
    if (typeof value === "boolean") return say("value.boolean");
    if (typeof value === "bigint" || (typeof value === "number" && Number.isInteger(value))) return say("value.integer");
    if (value instanceof PyFloat || typeof value === "number") return say("value.decimal");
    if (typeof value === "string") return say("value.text");
    return say(isMapping(value) ? "value.mapping" : "value.list");
  }

  const TYPES = ["integer", "string", "object", "array", "boolean", "number", "null"];
  const typeWords = (type, say) => (TYPES.includes(type) ? say("type." + type) : type);

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

  function patternHint(schema, pattern, say) {
    const message = String(schema.patternErrorMessage || "").replace(/\.+$/, "");
    if (message) return message[0].toLowerCase() + message.slice(1);
    return say("pattern_form", { pattern });
  }

  function kindWords(schema, say) {
    if (!isMapping(schema) || typeof schema.type !== "string" || !TYPES.includes(schema.type)) return null;
    const words = typeWords(schema.type, say);
    if (schema.minimum === undefined || schema.maximum === undefined) return words;
    return say("range", { kind: words, minimum: schema.minimum, maximum: schema.maximum });
  }

  // "expected ..." for an error about the kind of value (validate.py's _expected), else null.
  function expectedWords(error, say) {
    if (error.validator === "type") return say("expected", { expected: [].concat(error.schema.type).map((t) => typeWords(t, say)).join(say("or")) });
    if (error.validator !== "anyOf") return null;
    const kinds = error.schema.anyOf.map((alternative) => kindWords(alternative, say));
    if (kinds.every((k) => k)) return say("expected", { expected: kinds.join(say("or")) });
    const sub = bestMatch(error.context);
    return sub.instance === null || sub.instance === EMPTY ? expectedWords(sub, say) : null;
  }

  function reprNumber(value) {
    if (value instanceof PyFloat) return floatText(value.value);
    return String(value);
  }

  function valueMessage(error, say) {
    const value = error.instance;
    const shown = Array.isArray(value) || isMapping(value) ? typeName(value, say) : dumps(value);
    const schema = error.schema;
    switch (error.validator) {
      case "anyOf":
      case "type": {
        if (error.validator === "anyOf" && !schema.anyOf.every((alternative) => kindWords(alternative, say))) {
          return valueMessage(bestMatch(error.context), say); // alternatives not all of a simple kind: the best of their errors
        }
        const expected = expectedWords(error, say);
        if (Array.isArray(value) || isMapping(value)) return say("got", { expected, got: typeName(value, say) });
        return say("got_value", { expected, got: typeName(value, say), value: shown });
      }
      case "pattern":
        return say("not_of_form", { value: shown, hint: patternHint(schema, schema.pattern, say) });
      case "minimum":
        return say("below_minimum", { value: reprNumber(value), limit: schema.minimum });
      case "maximum":
        return say("above_maximum", { value: reprNumber(value), limit: schema.maximum });
      case "minItems":
      case "maxItems":
        return say(error.validator === "minItems" ? "min_items" : "max_items", { count: schema[error.validator], size: value.length });
      case "minLength":
        return schema.minLength === 1 ? say("not_empty") : say("min_length", { count: schema.minLength, size: length(value) });
      case "maxLength":
        return say("max_length", { count: schema.maxLength, size: length(value) });
      default:
        return say("not_valid", { value: shown });
    }
  }

  // jsonschema's relevance (by_relevance): the greatest is the most relevant, the least the best of a context.
  // Deeper paths, earlier paths, not anyOf, then (last) not of the value's type: among an error's context,
  // the least is one whose schema's type the value has (9 against {integer, maximum 4} rather than {null}).
  function relevance(error) {
    const matchesType = error.schema.type !== undefined && isType(error.instance, error.schema.type);
    return [-error.path.length, error.path, error.validator !== "anyOf", !matchesType];
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

  function describe(error, say) {
    const where = formatPath(error.path);
    const prefix = where ? `${where}: ` : "";
    if (error.names) return [prefix + say("key", { message: valueMessage(error, say) })];
    if (error.validator === "additionalProperties") {
      const allowed = Object.keys(error.schema.properties || {});
      const expected = allowed.slice().sort().join(", ");
      return error.extra.map((name) => prefix + say("unknown_key", { name, hint: didYouMean(name, allowed, say), expected }));
    }
    if (error.validator === "required") {
      const missing = error.missing;
      if (missing.length === 1) return [prefix + say("missing_key", { name: missing[0], hint: "" })];
      return [prefix + say("missing_keys", { keys: missing.join(", "), hint: "" })];
    }
    if (error.instance === EMPTY) {
      const expected = expectedWords(error, say);
      return [prefix + (expected === null ? say("no_value_any") : say("no_value", { expected }))];
    }
    return [prefix + valueMessage(error, say)];
  }

  // Every schema problem of a state as [path, message], in validate.py's order (by path, then
  // keyword), one per place and keyword; `say` words them (the language's `check` phrases).
  function schemaProblems(schema, state, say) {
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
      for (const message of describe(chosen, say)) problems.push({ path: formatPath(chosen.path), message });
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

  function didYouMean(word, options, say) {
    let best = null;
    for (const option of options) {
      const ratio = (2 * matchingCharacters(option, word)) / (length(option) + length(word));
      if (ratio >= 0.6 && (best === null || ratio > best[0] || (ratio === best[0] && option > best[1]))) best = [ratio, option];
    }
    return best ? say("did_you_mean", { word: best[1] }) : "";
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

  // A change typed into a number field (issue 31): "+14" or "-3", a space allowed after the sign, as
  // {sign, amount} (amount a BigInt); null for anything else (that is a value, read as gah reads it).
  const CHANGE = /^([-+]) *([0-9]+)$/;
  function changeOf(text) {
    const match = CHANGE.exec(String(text).trim());
    return match ? { sign: match[1], amount: BigInt(match[2]) } : null;
  }

  // The field's text after `change` to the value its text `base` holds: null where that is no whole
  // number (a change needs one to change).
  function applyChange(base, change) {
    const value = fieldValue(base);
    if (typeof value !== "number" && typeof value !== "bigint") return null;
    const start = BigInt(value);
    return String(change.sign === "+" ? start + change.amount : start - change.amount);
  }

  // The range a schema gives the whole number at a state path ("players[0].krones"): {minimum, maximum},
  // or null where the schema names no integer with both (issue 42: what to type, said in the pad).
  function rangeAt(schema, path) {
    const deref = (node) => {
      for (let hops = 0; node && node.$ref && hops < 8; hops++) node = node.$ref.split("/").slice(1).reduce((into, key) => (into ? into[key] : undefined), schema);
      return node;
    };
    let node = schema;
    for (const part of String(path).match(/[^.[\]]+/g) || []) {
      node = deref(node);
      if (!node) return null;
      if (/^[0-9]+$/.test(part)) node = node.items;
      else node = (node.properties && node.properties[part]) || (typeof node.additionalProperties === "object" ? node.additionalProperties : undefined);
    }
    node = deref(node);
    const whole = node && node.type === "integer" && node.minimum !== undefined && node.maximum !== undefined;
    return whole ? { minimum: node.minimum, maximum: node.maximum } : null;
  }

  return { EMPTY, PyFloat, fieldValue, wholeOf, floatText, schemaProblems, formatPath, didYouMean, parseJson, changeOf, applyChange, rangeAt };
})();

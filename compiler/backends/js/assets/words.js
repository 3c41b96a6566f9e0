// The pad's words: every sentence and label it shows comes from the language files' `pad` section
// and terms (rules/languages/*.yaml), which the page carries as data (<script id="gah-words">).
// A phrase is text with {name} slots, or one text per plural form (one, other, ...), picked by the
// language's plural rules for `count`. No DOM here: tests/js/pad.test.js runs this file under Node.
"use strict";

const PadWords = (function () {
  // The words of one language: `table` is {id, name, pad: {key: phrase}, check: {...}, report: {...},
  // terms: {kind: {id: text}}, title, description, tiebreak}: the phrases of its file's `pad`, `check`
  // and `score.report` sections (keys dotted below the section), and this ruleset's texts.
  function make(table) {
    // The form for a count as compiler/languages.py picks it: zero for 0 and two for 2 where the
    // language has them, one for 1 (or -1), else other.
    function form(phrase, count) {
      if (typeof phrase === "string") return phrase;
      if (count !== undefined && count !== null) {
        const size = Math.abs(Number(count));
        for (const [name, wanted] of [["zero", 0], ["one", 1], ["two", 2]]) {
          if (size === wanted && phrase[name] !== undefined) return phrase[name];
        }
      }
      return phrase.other;
    }

    // Python's str.format for the phrases' slots: {name} filled in, {{ and }} a brace, [[icon]] left out.
    function fill(pattern, values) {
      return pattern.replace(/\[\[[a-z_]*\]\]/g, "").replace(/\{\{|\}\}|\{([a-z_]+)\}/g, (slot, name) => {
        if (name === undefined) return slot[0];
        return values[name] === undefined ? slot : String(values[name]);
      });
    }

    // The phrase `key` of `section` with its slots filled from `values` (`values.count` picks the
    // plural form). The build checks that every language has every key; a key it lacks shows as itself.
    function phrase(section, key, values) {
      const found = Object.prototype.hasOwnProperty.call(section, key) ? section[key] : null;
      if (found === null) return "[" + key + "]";
      const given = values || {};
      return fill(form(found, given.count), given);
    }

    const say = (key, values) => phrase(table.pad, key, values);
    // The checks' words (the `check` section, which gah check and gah score say too).
    const check = (key, values) => phrase(table.check || {}, key, values);
    // gah score's report (its `score.report` phrases): the pad's copy of it, and the sentences the pad shares with it.
    const report = (key, values) => phrase(table.report || {}, key, values);

    // Whether the language has a phrase for `key` (for keys made from data, such as a colour).
    const has = (key) => Object.prototype.hasOwnProperty.call(table.pad, key);

    // A rules term (an item, a Staff card, a tile, ...) in this language, or `fallback` where the
    // language names none (a workspace's own tile).
    function term(kind, id, fallback) {
      const kindTerms = table.terms && table.terms[kind];
      const found = kindTerms && Object.prototype.hasOwnProperty.call(kindTerms, String(id)) ? kindTerms[String(id)] : undefined;
      return found === undefined ? fallback : found;
    }

    return { id: table.id, name: table.name, title: table.title, description: table.description, tiebreak: table.tiebreak, say, check, report, has, term };
  }

  // The language to open in: the one chosen before, else the first of `preferred` (the table's, or
  // the browser's) that the pad has, as written or by its main subtag (de-AT opens German), else `fallback`.
  function pick(ids, saved, preferred, fallback) {
    if (saved && ids.includes(saved)) return saved;
    for (const tag of preferred || []) {
      const wanted = String(tag).toLowerCase();
      if (ids.includes(wanted)) return wanted;
      if (ids.includes(wanted.split("-")[0])) return wanted.split("-")[0];
    }
    return fallback;
  }

  return { make, pick };
})();

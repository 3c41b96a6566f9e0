// The pad's words: every sentence and label it shows comes from the language files' `pad` section
// and terms (rules/languages/*.yaml), which the page carries as data (<script id="gah-words">).
// A phrase is text with {name} slots, or one text per plural form (one, other, ...), picked by the
// language's plural rules for `count`. No DOM here: tests/js/pad.test.js runs this file under Node.
"use strict";

const PadWords = (function () {
  // The words of one language: `table` is {id, name, pad: {key: phrase}, terms: {kind: {id: text}}}.
  function make(table) {
    const rules = typeof Intl !== "undefined" && Intl.PluralRules ? new Intl.PluralRules(table.id) : null;

    function form(phrase, count) {
      if (typeof phrase === "string") return phrase;
      const category = rules && count !== undefined ? rules.select(Number(count)) : "other";
      return phrase[category] !== undefined ? phrase[category] : phrase.other;
    }

    // The phrase `key` with its slots filled from `values` (`values.count` picks the plural form).
    // The build checks that every language has every key; a key it lacks shows as itself.
    function say(key, values) {
      const phrase = Object.prototype.hasOwnProperty.call(table.pad, key) ? table.pad[key] : null;
      if (phrase === null) return "[" + key + "]";
      const given = values || {};
      return form(phrase, given.count).replace(/\{([a-z_]+)\}/g, (slot, name) => (given[name] === undefined ? slot : String(given[name])));
    }

    // Whether the language has a phrase for `key` (for keys made from data, such as a colour).
    const has = (key) => Object.prototype.hasOwnProperty.call(table.pad, key);

    // A rules term (an item, a Staff card, a tile, ...) in this language, or `fallback` where the
    // language names none (a workspace's own tile).
    function term(kind, id, fallback) {
      const kindTerms = table.terms && table.terms[kind];
      const found = kindTerms && Object.prototype.hasOwnProperty.call(kindTerms, String(id)) ? kindTerms[String(id)] : undefined;
      return found === undefined ? fallback : found;
    }

    return { id: table.id, name: table.name, say, has, term };
  }

  // The language to open in: the one chosen before, else the first of the browser's that the pad
  // has (by its main subtag: de-AT opens German), else the build's default.
  function pick(ids, saved, preferred, fallback) {
    if (saved && ids.includes(saved)) return saved;
    for (const tag of preferred || []) {
      const main = String(tag).toLowerCase().split("-")[0];
      if (ids.includes(main)) return main;
    }
    return fallback;
  }

  return { make, pick };
})();

// Typing into the pad's number fields (issue 31). A visit to a field (from tapping it to leaving it)
// is one undo step. "+14" or "-3" is a change of the value the field held when the change began: the
// entry is the sum, shown under the field as "28 + 14 = 42" as it is typed and written into the field
// on leaving it (or Enter). A sum the field cannot hold is what the field holds, so gah score's words
// refuse it there and the scoring waits; a change of a field that holds no whole number changes
// nothing and says so.
"use strict";

const PadEntry = (function () {
  let visits = 0;

  // `owner[key]`: the field's entry (text). hooks: `step(visit, from, to)` keeps an undo step before
  // the entry changes; `typed()` says it changed; `say` the pad's phrases.
  function attach(input, owner, key, hooks) {
    const sum = document.createElement("p");
    sum.className = "sum small";
    sum.hidden = true;
    let visit = 0;
    let stepped = 0; // the visit whose undo step is kept, and the entry it began with
    let from = null;
    let base = null; // the entry a change is made to (null: no change is being typed)
    const show = (text) => {
      sum.hidden = !text;
      sum.textContent = text;
    };
    input.addEventListener("focus", () => (visit = ++visits));
    input.addEventListener("input", () => {
      // A sign alone is a change begun: the entry stays as it is until its number follows.
      if (/^[-+] *$/.test(input.value.trim())) {
        if (base === null) base = owner[key];
        return show("");
      }
      const change = PadCheck.changeOf(input.value);
      if (!change) base = null;
      else if (base === null) base = owner[key];
      const result = change ? PadCheck.applyChange(base, change) : input.value;
      const text = result === null ? base : result;
      if (stepped !== visit) [stepped, from] = [visit, owner[key]];
      if (text !== owner[key]) hooks.step(visit, from, text);
      owner[key] = text;
      if (!change) show("");
      else if (result === null) show(hooks.say("change_needs_number", { value: JSON.stringify(String(base)) }));
      else show(hooks.say("change_sum", { base: String(base).trim(), sign: change.sign === "+" ? "+" : "−", amount: String(change.amount), result }));
      hooks.typed();
    });
    const settle = () => {
      if (base === null) return;
      base = null;
      input.value = owner[key];
    };
    input.addEventListener("change", settle);
    input.addEventListener("keydown", (event) => event.key === "Enter" && settle());
    return sum;
  }

  return { attach };
})();

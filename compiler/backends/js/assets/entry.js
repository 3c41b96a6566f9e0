// Typing into the pad's number fields (issues 31 and 42). A visit to a field (from tapping it to leaving
// it) is one undo step. "+14" or "-3" is a change of the value the field held when the change began: the
// entry is the sum, shown under the field as "28 + 14 = 42" as it is typed and written into the field
// on leaving it (or Enter). Under the Changes switch (hooks.changes() true, for amounts: points, krones)
// digits alone are a gain: "3" is "+3". A ± key turns the change shown into a loss and back; under the
// switch it shows before anything is typed too and begins a loss, so a phone keypad with no minus key
// (iOS) enters "-3" as ± then 3. A sum the field cannot hold is what the field holds, so gah
// score's words refuse it there and the scoring waits; a change of a field that holds no whole number
// changes nothing and says so.
"use strict";

const PadEntry = (function () {
  let visits = 0;

  // `owner[key]`: the field's entry (text). hooks: `step(visit, from, to)` keeps an undo step before
  // the entry changes; `typed()` says it changed; `say` the pad's phrases; `key` names the ± key (its
  // data-key is key + "-flip"); `changes` (an amount's field only): a function, true when digits alone
  // are a change.
  // Returns the sum's line (with its ± key) to place under the field.
  function attach(input, owner, key, hooks) {
    const sum = document.createElement("p");
    sum.className = "sum small";
    const flip = document.createElement("button");
    flip.type = "button";
    flip.className = "flip small";
    flip.textContent = "±";
    flip.setAttribute("aria-label", hooks.say("flip_sign"));
    flip.setAttribute("data-key", hooks.key + "-flip");
    const line = document.createElement("div");
    line.className = "sum-line";
    line.append(sum, flip);
    let visit = 0;
    let stepped = 0; // the visit whose undo step is kept, and the entry it began with
    let from = null;
    let base = null; // the entry a change is made to (null: no change is being typed)
    let last = null; // the change shown in the sum: {visit, base, change}, for the ± key
    let loss = false; // digits alone are a loss in this visit (± tapped before they were typed)
    const show = (text) => {
      sum.hidden = !text;
      sum.textContent = text;
      flip.hidden = !last && !(hooks.changes && hooks.changes()); // while a change shows, or digits are one
      line.hidden = !text && flip.hidden;
    };
    show("");
    const enter = (text, change) => {
      const result = change ? PadCheck.applyChange(base, change) : text;
      const value = result === null ? base : result;
      if (stepped !== visit) [stepped, from] = [visit, owner[key]];
      if (value !== owner[key]) hooks.step(visit, from, value);
      owner[key] = value;
      last = change && result !== null ? { visit, base, change } : null;
      if (!change) show("");
      else if (result === null) show(hooks.say("change_needs_number", { value: JSON.stringify(String(base)) }));
      else show(hooks.say("change_sum", { base: String(base).trim(), sign: change.sign === "+" ? "+" : "−", amount: String(change.amount), result }));
      hooks.typed();
    };
    input.addEventListener("focus", () => {
      visit = ++visits;
      loss = false;
    });
    input.addEventListener("input", () => {
      let text = input.value.trim();
      // A sign alone is a change begun: the entry stays as it is until its number follows.
      if (/^[-+] *$/.test(text)) {
        if (base === null) base = owner[key];
        return show("");
      }
      if (/^[0-9]+$/.test(text) && (loss || (hooks.changes && hooks.changes()))) text = (loss ? "-" : "+") + text;
      const change = PadCheck.changeOf(text);
      if (!change) base = null;
      else if (base === null) base = owner[key];
      enter(input.value, change);
    });
    // ± : the change shown turned the other way (one undo step with its typing), else a loss begun.
    flip.addEventListener("click", () => {
      if (last) {
        [visit, base] = [last.visit, last.base];
        enter(null, { sign: last.change.sign === "+" ? "-" : "+", amount: last.change.amount });
        base = null;
        input.value = owner[key];
        return;
      }
      input.focus();
      loss = true;
      base = owner[key];
      input.value = "";
      show(hooks.say("change_loss", { base: String(base).trim() }));
    });
    const settle = () => {
      if (base === null) return;
      base = null;
      input.value = owner[key];
      if (!last || last.visit !== visit) show(""); // a loss begun and left without its number
    };
    input.addEventListener("blur", settle);
    input.addEventListener("keydown", (event) => event.key === "Enter" && settle());
    return line;
  }

  return { attach };
})();

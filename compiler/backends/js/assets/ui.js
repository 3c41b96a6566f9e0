// The score pad's page: a whole game from the deal to the final scoring, drawn from PadGame (the
// model, game.js) and saved on every change (store.js). Rules data and player input reach the page
// through text nodes and attribute setters only, never as markup; no inline handlers.
"use strict";

(function () {
  const DATA = JSON.parse(document.getElementById("gah-data").textContent);
  const WORDS = JSON.parse(document.getElementById("gah-words").textContent);
  const THEME_KEY = "gah-pad-theme";
  const LANGUAGE_KEY = "gah-pad-language"; // one choice for every pad, as the colours
  const TYPING_KEY = "gah-pad-typing"; // digits typed for an amount: the total, or a change ("3" is +3)
  const BRUSH_KEY = "gah-pad-brush"; // what a tap on an empty room marks it: occupied or vacant
  let typing = saved(TYPING_KEY) === "changes" ? "changes" : "totals";
  let brush = saved(BRUSH_KEY) === "v" ? "v" : "o";
  const languages = new Map(WORDS.languages.map((table) => [table.id, PadWords.make(table)]));
  const preferred = WORDS.chosen ? [WORDS.chosen] : navigator.languages; // the table's language, else the browser's
  let words = languages.get(PadWords.pick(Array.from(languages.keys()), saved(LANGUAGE_KEY), preferred, WORDS.fallback));
  const say = (key, values) => words.say(key, values);
  const ROLES = PadRoles.make(DATA); // roles.js: a role's player has no field for what it never has
  const G = PadGame.make(DATA, GAH, GAH.DEAL, PadCheck, {
    say,
    check: (key, values) => words.check(key, values),
    get id() {
      return words.id;
    },
  });
  const store = PadStore.open("gah-pad-" + DATA.name);
  const ROOM_STATE = { ".": "empty", v: "vacant", o: "occupied" };
  const staffByNumber = new Map(DATA.staff.map((card) => [card.number, card]));
  const itemById = new Map(DATA.items.map((item) => [item.id, item]));
  const tileById = new Map(DATA.tiles.map((tile) => [tile.id, tile]));
  const app = document.getElementById("app");

  // The names of the rules' things in the chosen language (the rules' own where it names none).
  const tileName = (id) => words.term("tiles", id, tileById.get(id).name);
  const itemName = (id) => (itemById.has(id) ? words.term("items", id, itemById.get(id).name) : id);
  const roomMark = (room) => (room === "." ? "" : say("room_mark_" + ROOM_STATE[room]));
  const list = (texts) => texts.join(say("list_sep"));

  let pad = readSaved(store.loadNow());
  // What the draw entry (draws.js) borrows of the page.
  const kit = {
    G,
    get pad() {
      return pad;
    },
    el: (...args) => el(...args),
    button: (...args) => button(...args),
    act: (action, said) => act(action, said),
    say: (key, values) => say(key, values),
    cardName: (number) => cardName(number),
    cardNames: (number) => Array.from(languages.values()).map((table) => table.term("staff", number, staffByNumber.get(number).name).toLowerCase()),
    register: (...args) => register(...args),
    errorLine: () => errorLine(),
    uid: (stem) => uid(stem),
  };
  let fields = new Map(); // state path -> { input, error, label }: where a problem is shown
  let message = ""; // the last thing done, said in the status line (and read out)
  let nextId = 0;
  let refusal = ""; // the last refusal as the model said it (its path places it beside a name)
  const views = PadViews.make({ el, button, section, say, data: DATA, G, words: () => words, pad: () => pad, act, download, cardName, playerName, askFirst: (...args) => askFirst(...args) });

  function readSaved(text) {
    let read;
    try {
      read = G.revive(text ? JSON.parse(text) : null);
    } catch (error) {
      read = G.create();
    }
    return inWords(read);
  }

  // One language per page (issue 42): a game told in another language (chosen on another pad, or in
  // another tab) is told again in this page's, its events and final-scoring lines included.
  function inWords(read) {
    if (read.game && read.told !== words.id) G.retell(read);
    read.told = words.id;
    return read;
  }

  // Another tab of this pad saved a later revision: it is the game now (nothing of this tab's is lost:
  // this tab saved all it had before the other's save).
  function heard(text, said) {
    if (store.seqOf(text) <= (pad.seq || 0)) return;
    pad = readSaved(text);
    message = said;
    asked = false;
    renderAll();
  }

  // --- a tiny DOM builder: strings become text nodes, never markup ------------------------------

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (key === "class") node.className = value;
      else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else if (value !== null && value !== undefined && value !== false) node.setAttribute(key, value === true ? "" : String(value));
    }
    for (const child of children.flat()) {
      if (child === null || child === undefined || child === false) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  const uid = (stem) => stem + "-" + ++nextId;

  function button(text, onclick, attrs) {
    return el("button", Object.assign({ type: "button", onclick }, attrs || {}), text);
  }

  function section(title, attrs, ...children) {
    const id = uid("h");
    return el("section", Object.assign({ class: "card", "aria-labelledby": id }, attrs || {}), el("h2", { id }, title), ...children);
  }

  // --- saving, and the two kinds of change ------------------------------------------------------

  // Saved at once; false when another tab saved the game since this tab read it: the change is
  // refused, said, and the stored game shown.
  function save() {
    const saved = store.save(pad);
    if (saved === "unkept") message = say("not_kept");
    if (saved !== "stale") return true;
    pad = readSaved(store.loadNow());
    message = say("changed_elsewhere");
    return false;
  }

  // A typed change: saved at once; the checks and the score action follow, the page is not redrawn.
  function typed() {
    message = "";
    if (save()) refresh();
    else renderAll();
  }

  // A change of shape (a tap, a card, a round): saved, then the page is drawn again, focus kept.
  function changed(said) {
    if (said !== undefined) message = said;
    save();
    renderAll();
  }

  // Run an action of the model; a refusal is said, and nothing changes.
  function act(action, said) {
    try {
      const label = action();
      changed(typeof said === "function" ? said(label) : said);
      return true;
    } catch (error) {
      if (!(error instanceof PadGame.PadError)) throw error;
      refusal = error.message;
      message = views.readable(error.message, (path) => (fields.has(path) ? fields.get(path).label : null));
      refresh();
      return false;
    }
  }

  // --- fields: what is typed, checked as gah score checks it ------------------------------------

  function register(path, input, error, label) {
    fields.set(path, { input, error, label });
    if (input) input.setAttribute("data-path", path);
  }

  // The field a problem's path is about: the longest registered path it starts with.
  function fieldFor(path) {
    let best = null;
    for (const key of fields.keys()) {
      const fits = path === key || path.startsWith(key + ".") || path.startsWith(key + "[");
      if (fits && (best === null || key.length > best.length)) best = key;
    }
    return best === null ? null : fields.get(best);
  }

  function selectOnFocus(input) {
    let fresh = false;
    input.addEventListener("focus", () => {
      fresh = true;
      input.select();
    });
    // Some browsers (Safari) place the caret when the button comes up: keep the whole number selected.
    input.addEventListener("mouseup", (event) => {
      if (fresh) event.preventDefault();
      fresh = false;
    });
  }

  function errorLine() {
    return el("p", { class: "field-error", id: uid("err"), hidden: true });
  }

  // A whole number typed as text (nothing changes what is typed), with large minus and plus buttons.
  // An amount (points, krones, a resource) takes changes under the Changes switch: "3" is "+3".
  function numberField(label, path, owner, key, who, note, amount) {
    const id = uid("f");
    const changes = amount ? () => typing === "changes" : null;
    const error = errorLine();
    const input = el("input", { id, type: "text", inputmode: "numeric", autocomplete: "off", spellcheck: "false", class: "number", "aria-describedby": error.id });
    input.value = owner[key];
    selectOnFocus(input);
    const keep = (visit, from, to) => G.entering(pad, G.label("label_entry", { who, label, from, to }), path + "#" + visit);
    const sum = PadEntry.attach(input, owner, key, {
      say,
      key: path,
      changes,
      step: keep,
      typed: () => {
        if (note) note(owner[key]);
        typed();
      },
    });
    const step = (by) => () => {
      const now = PadCheck.wholeOf(owner[key]);
      if (now === null || now + by < 0) return input.focus();
      keep("step", owner[key], String(now + by));
      owner[key] = String(now + by);
      input.value = owner[key];
      if (note) note(input.value);
      typed();
    };
    register(path, input, error, say("field_label", { who, label }));
    return el(
      "div",
      { class: "field" },
      el("label", { class: "label", for: id }, changes && changes() ? say("label_changes", { label }) : label),
      el(
        "div",
        { class: "stepper" },
        button("−", step(-1), { class: "step", "aria-label": say("minus_one", { label }), "data-key": path + "-", "data-repeat": true }),
        input,
        button("+", step(1), { class: "step", "aria-label": say("plus_one", { label }), "data-key": path + "+", "data-repeat": true }),
      ),
      sum,
      error,
    );
  }

  // --- the game's sections ----------------------------------------------------------------------

  // How the page takes the round's entries (kept for every pad, as the colours): digits typed for an
  // amount as its total or as a change, and what a tap marks an empty room.
  function entrySwitches() {
    const pick = (label, key, options, current, choose) => {
      const id = uid("sw");
      const buttons = options.map(([value, text]) => button(text, () => choose(value), { class: "small", "aria-pressed": String(value === current), "data-key": `${key}-${value}` }));
      return el("div", { class: "field switch", role: "group", "aria-labelledby": id }, el("p", { class: "label", id }, label), el("div", { class: "row" }, buttons));
    };
    const typingSwitch = pick(say("typing_label"), "typing", [["totals", say("typing_totals")], ["changes", say("typing_changes")]], typing, (value) => {
      typing = value;
      keep(TYPING_KEY, value);
      message = say("typing_said_" + value);
      renderAll();
    });
    const brushSwitch = pick(say("brush_label"), "brush", ["o", "v"].map((room) => [room, say("brush_" + ROOM_STATE[room], { mark: roomMark(room) })]), brush, (value) => {
      brush = value;
      keep(BRUSH_KEY, value);
      message = say("brush_said", { state: say("room_" + ROOM_STATE[value]) });
      renderAll();
    });
    return el("section", { class: "card span switches", "aria-label": say("switches_heading") }, el("div", { class: "numbers" }, typingSwitch, brushSwitch));
  }

  function tierRounds(tier) {
    return DATA.scorings.filter((s) => s.tier === tier).map((s) => s.round);
  }

  function tilesSection(game) {
    const error = errorLine();
    register("tiles", null, error, say("tiles_label"));
    const rows = DATA.tiers.map((tier) => {
      const id = uid("t");
      const select = el("select", { id, "data-tier": tier, "aria-describedby": error.id });
      const chosen = game.entries.tiles[tier];
      if (!chosen) select.append(el("option", { value: "" }, say("choose_tile")));
      for (const tile of DATA.tiles.filter((t) => t.tier === tier)) {
        const option = el("option", { value: tile.id }, tileName(tile.id));
        if (chosen === tile.id) option.selected = true;
        select.append(option);
      }
      const idNote = el("span", { class: "small muted" }, chosen ? say("tile_id", { id: chosen }) : "");
      select.addEventListener("change", () => {
        G.entering(pad, G.label("label_tile", { tier }));
        if (select.value) game.entries.tiles[tier] = select.value;
        else delete game.entries.tiles[tier];
        changed();
      });
      register("tiles." + tier, select, error, say("tier_label", { tier }));
      const rounds = tierRounds(tier);
      const label = say("tier_rounds", { tier, rounds: list(rounds), count: rounds.length });
      return el("div", { class: "field" }, el("label", { class: "label", for: id }, label), select, idNote);
    });
    const fields = [el("div", { class: "numbers" }, rows), error];
    if (game.round === 0) return section(say("tiles_heading"), { class: "card span" }, fields);
    const chosen = list(DATA.tiers.map((tier) => say("tile_chosen", { tier, tile: game.entries.tiles[tier] ? tileName(game.entries.tiles[tier]) : say("tile_none") })));
    const details = el("details", { "data-key": "tiles" }, el("summary", {}, say("tiles_summary", { chosen })), fields);
    return el("section", { class: "card span", "aria-label": say("tiles_heading") }, details);
  }

  function hotelGrid(player, index) {
    const path = `players[${index}].hotel`;
    const error = errorLine();
    const grid = el("div", { class: "hotel", role: "group", "aria-label": say("hotel_group"), "aria-describedby": error.id });
    grid.style.gridTemplateColumns = "repeat(" + DATA.columns + ", 1fr)";
    for (let row = 0; row < DATA.floors; row++) {
      const floor = DATA.floors - row;
      for (let column = 1; column <= DATA.columns; column++) {
        const room = player.hotel[row][column - 1];
        const colour = DATA.colours[floor - 1][column - 1];
        const cell = floor + "." + column;
        const known = ["red", "blue", "yellow"].includes(colour) ? colour : "other";
        const tap = () => {
          G.entering(pad, G.label("label_room", { player: playerName(player, index), cell }));
          const rooms = Array.from(player.hotel[row]);
          rooms[column - 1] = rooms[column - 1] === brush ? "." : brush; // one tap marks it, the next empties it
          player.hotel[row] = rooms.join("");
          changed();
        };
        // The accessible name is the visible text ("V 2.1") and then the colour and state, unseen.
        const more = say("room_more", { colour: words.term("colours", colour, colour), state: say("room_" + ROOM_STATE[room]) });
        grid.append(
          button([el("span", { class: "mark" }, roomMark(room)), room === "." ? "" : " ", el("span", { class: "cellname" }, cell), el("span", { class: "visually-hidden" }, more)], tap, {
            class: `room ${known} state-${ROOM_STATE[room]}`,
            "data-cell": cell,
            "data-key": path + cell,
            "data-repeat": true,
          }),
        );
      }
    }
    register(path, null, error, say("hotel_label"));
    const help = say("hotel_help", { state: say("room_" + ROOM_STATE[brush]), mark: roomMark(brush) });
    return el("div", { class: "field wide" }, el("p", { class: "label" }, help), grid, error);
  }

  // The Emperor track as the table sees it: a tap on a space puts the marker there (one undo step).
  // `track.show(text)` marks the space a typed entry names.
  function emperorTrack(player, index, who) {
    const at = PadCheck.wholeOf(player.emperor);
    const spaces = DATA.zones.map((zone, space) =>
      button(String(space), () => {
        if (PadCheck.wholeOf(player.emperor) === space) return;
        G.entering(pad, G.label("label_entry", { who, label: say("emperor_space"), from: player.emperor, to: String(space) }));
        player.emperor = String(space);
        changed();
      }, {
        class: "space zone-" + zone.id,
        "aria-pressed": String(at === space),
        "aria-label": say("space_zone", { space, zone: words.term("zones", zone.id, zone.name) }),
        "data-key": `players[${index}].emperor-at-${space}`,
        "data-repeat": true,
      }),
    );
    const id = uid("track");
    const track = el("div", { class: "field wide", role: "group", "aria-labelledby": id }, el("p", { class: "label", id }, say("track_help")), el("div", { class: "track" }, spaces));
    track.show = (text) => spaces.forEach((space, number) => space.setAttribute("aria-pressed", String(PadCheck.wholeOf(text) === number)));
    return track;
  }

  function itemFields(owner, path, who) {
    return el(
      "div",
      { class: "items" },
      DATA.items.map((item) => numberField(itemName(item.id), `${path}.${item.id}`, owner, item.id, who)),
    );
  }

  function cafeBlock(player, index, who) {
    const path = `players[${index}].cafe`;
    const error = errorLine();
    register(path, null, error, who + say("cafe_label"));
    const guests = player.cafe.map((guest, at) =>
      el(
        "div",
        { class: "guest", role: "group", "aria-label": say("guest_group", { number: at + 1 }) },
        el("p", { class: "label" }, say("guest_items", { number: at + 1 })),
        itemFields(guest, `${path}[${at}]`, say("guest_who", { who, number: at + 1 })),
        button(say("remove_guest", { number: at + 1 }), () => act(() => G.removeGuest(pad, index, at), say("removed_guest", { who, number: at + 1 })), {
          class: "small quiet",
          "data-key": `${path}-remove-${at}`,
        }),
      ),
    );
    const add =
      player.cafe.length < DATA.cafeSeats
        ? button(
            say("add_guest"),
            () => {
              G.entering(pad, G.label("label_add_guest", { player: playerName(player, index) }));
              const guest = {};
              for (const item of DATA.items) guest[item.id] = "0";
              player.cafe.push(guest);
              changed();
            },
            { class: "small", "data-key": path + "-add" },
          )
        : null;
    return el("div", { class: "field wide" }, el("p", { class: "label" }, say("cafe_heading", { guests: player.cafe.length, count: DATA.cafeSeats })), guests, add, error);
  }

  function cardName(number) {
    const card = staffByNumber.get(number);
    return card ? words.term("staff", number, card.name) : say("staff_n", { number });
  }

  function chipList(player, index, list, who) {
    const path = `players[${index}].${list}`;
    if (!player[list].length) return el("p", { class: "muted" }, say("none"));
    return el(
      "ul",
      { class: "chips" },
      player[list].map((number, at) =>
        el(
          "li",
          { class: "chip" },
          el("span", { class: "chip-name" }, cardName(number), el("span", { class: "small muted" }, " #" + number)),
          askFirst("✕", say("remove_card_sure", { card: cardName(number) }), () => act(() => G.removeCard(pad, index, list, at), say("removed", { what: cardName(number) })), `${path}-remove-${number}`, {
            "aria-label": say(list === "hand" ? "remove_from_hand" : "remove_from_hired", { card: cardName(number) }),
          }),
        ),
      ),
    );
  }

  // A button that asks before it acts: "Yes" appears beside where it was, "Keep" in its place.
  // `yesAttrs`: the answer's text (`text`, else "Yes, remove") and attributes.
  function askFirst(text, question, yes, key, attrs, yesAttrs) {
    const box = el("span", { class: "row ask" });
    const ask = () => {
      const keepIt = button(say("keep"), () => box.replaceChildren(first), { class: "small", "data-key": key + "-keep" });
      const answer = Object.assign({ class: "small danger", "data-key": key + "-yes" }, yesAttrs || {});
      const yesText = answer.text || say("yes_remove");
      delete answer.text;
      box.replaceChildren(el("span", { class: "small" }, question), keepIt, button(yesText, yes, answer));
      keepIt.focus();
    };
    const first = button(text, ask, Object.assign({ class: "small quiet", "data-key": key }, attrs || {}));
    box.append(first);
    return box;
  }

  function moveToHired(player, at, who) {
    G.entering(pad, G.label("label_hire", { who, card: player.hand[at] }));
    const [number] = player.hand.splice(at, 1);
    player.hired.push(number);
  }

  function staffSearch(player, index) {
    const id = uid("s");
    const search = el("input", { id, type: "search", autocomplete: "off", "data-key": `players[${index}].staff-search` });
    const matches = el("ul", { class: "matches", "aria-live": "polite" });
    const show = () => {
      matches.replaceChildren();
      const query = search.value.trim().toLowerCase();
      if (!query) return;
      const number = views.cardNumber(query);
      const heldLine = number !== null && staffByNumber.has(number) ? views.holder(number) : null;
      if (heldLine) return matches.append(el("li", { class: "muted" }, heldLine));
      const held = new Set(pad.game.entries.players.flatMap((p) => p.hand.concat(p.hired)).concat(pad.game.entries.staff_discard));
      // A card is found by its number or by its name in any language the pad has (a mixed table).
      const names = (card) => Array.from(languages.values()).map((table) => table.term("staff", card.number, card.name).toLowerCase());
      const found = DATA.staff.filter((card) => (card.number === number || names(card).some((name) => name.includes(query))) && !held.has(card.number));
      const heldNamed = DATA.staff.filter((card) => held.has(card.number) && names(card).some((name) => name.includes(query)));
      for (const card of found.slice(0, 8)) {
        const add = (list) => () => {
          G.entering(pad, G.label(list === "hand" ? "label_to_hand" : "label_hire", { who: say("player_who", { name: playerName(player, index) }), card: card.number }));
          player[list].push(card.number);
          changed();
        };
        matches.append(
          el(
            "li",
            { class: "match" },
            el("span", {}, cardName(card.number), el("span", { class: "small muted" }, say("staff_match", { number: card.number, cost: card.cost, kind: staffKind(card.kind) }))),
            ROLES.has(player, "hand") && button(say("to_hand"), add("hand"), { class: "small", "aria-label": say("card_to_hand_aria", { card: cardName(card.number) }) }),
            button(say("hired_button"), add("hired"), { class: "small", "aria-label": say("card_hired_aria", { card: cardName(card.number) }) }),
          ),
        );
      }
      for (const card of heldNamed.slice(0, 4)) matches.append(el("li", { class: "muted" }, views.holder(card.number)));
      if (!found.length && !heldNamed.length) matches.append(el("li", { class: "muted" }, say("no_match")));
    };
    search.addEventListener("input", show);
    return el("div", { class: "field" }, el("label", { class: "label", for: id }, say("add_staff")), search, matches);
  }

  // The hand with the round's entries (issue 42): a tap on a card hires it; the rest of the Staff folds.
  function handBlock(player, index, who) {
    if (!ROLES.has(player, "hand") || !player.hand.length) return null;
    const path = `players[${index}].hand`;
    const hire = (at, number) => () => act(() => moveToHired(player, at, who), say("hired_said", { who, card: cardName(number) }));
    const cards = player.hand.map((number, at) =>
      button([cardName(number), el("span", { class: "small muted" }, " #" + number)], hire(at, number), {
        class: "small hire",
        "aria-label": say("card_hired_aria", { card: `${cardName(number)} #${number}` }), // the visible text, then what a tap does
        "data-key": `${path}-hire-${number}`,
      }),
    );
    return el("div", { class: "field wide" }, el("p", { class: "label" }, say("hand_hire_help")), el("div", { class: "row" }, cards));
  }

  function staffBlock(player, index, who) {
    const error = errorLine();
    register(`players[${index}].hand`, null, error, who + say("hand_label"));
    register(`players[${index}].hired`, null, error, who + say("hired_label"));
    return el(
      "div",
      { class: "field wide" },
      ROLES.has(player, "hand") && [el("p", { class: "label" }, say("staff_in_hand")), chipList(player, index, "hand", who)],
      el("p", { class: "label" }, say("staff_hired")),
      chipList(player, index, "hired", who),
      error,
      staffSearch(player, index),
    );
  }

  function playerName(player, index) {
    const named = /[\p{L}\p{M}\p{N}\p{P}\p{S}]/u.test(player.name) ? player.name : say("player_n", { number: index + 1 }); // a name that shows nothing is none
    return ROLES.named(words, named, player.role);
  }

  function playerCard(player, index) {
    const headingId = uid("p");
    const heading = el("h2", { id: headingId, class: "player-name" }, playerName(player, index));
    const who = say("player_who", { name: playerName(player, index) });
    const nameId = uid("n");
    const nameError = errorLine();
    const name = el("input", { id: nameId, type: "text", autocomplete: "off", class: "name", "aria-describedby": nameError.id });
    name.value = player.name;
    let visit = 0;
    name.addEventListener("focus", () => (visit = performance.now()));
    name.addEventListener("input", () => {
      G.entering(pad, G.label("label_name", { number: index + 1, name: name.value }), `players[${index}].name#${visit}`);
      player.name = name.value;
      (heading.querySelector(".fold-name") || heading).textContent = playerName(player, index);
      typed();
    });
    register(`players[${index}].name`, name, nameError, say("name_label", { number: index + 1 }));
    register(`players[${index}]`, null, nameError, who);
    const path = `players[${index}]`;
    const zone = el("span", { class: "small muted", "aria-live": "polite" });
    const showZone = (text) => {
      const space = PadCheck.wholeOf(text);
      zone.textContent = space !== null && space >= 0 && space < DATA.zones.length ? say("space_zone", { space, zone: words.term("zones", DATA.zones[space].id, DATA.zones[space].name) }) : "";
    };
    showZone(player.emperor);
    const remove =
      pad.game.entries.players.length > DATA.minPlayers
        ? askFirst(say("remove_player", { name: playerName(player, index) }), say("remove_player_sure", { name: playerName(player, index) }), () => act(() => G.removePlayer(pad, index), say("removed", { what: playerName(player, index) })), path + "-remove")
        : null;
    const track = emperorTrack(player, index, who);
    const emperor = numberField(say("emperor_space"), `${path}.emperor`, player, "emperor", who, (text) => {
      showZone(text);
      track.show(text);
    });
    emperor.append(zone);
    return el(
      "section",
      { class: "card player", "data-player": index, "aria-labelledby": headingId },
      heading,
      el("div", { class: "field wide" }, el("label", { class: "label", for: nameId }, say("name")), name, nameError),
      el(
        "div",
        { class: "numbers" },
        numberField(say("points"), `${path}.points`, player, "points", who, null, true),
        ROLES.has(player, "krones") && numberField(say("krones"), `${path}.krones`, player, "krones", who, null, true),
        emperor,
        numberField(say("objectives"), `${path}.objectives`, player, "objectives", who),
        ...DATA.resources.map((r) => numberField(words.term("resources", r.id, r.id), `${path}.resources.${r.id}`, player.resources, r.id, who, null, true)),
      ),
      track,
      hotelGrid(player, index),
      handBlock(player, index, who),
      ROLES.has(player, "kitchen") && el("div", { class: "field wide" }, el("p", { class: "label" }, say("kitchen")), itemFields(player.kitchen, `${path}.kitchen`, say("kitchen_who", { who }))),
      ROLES.has(player, "cafe") && cafeBlock(player, index, who),
      staffBlock(player, index, who),
      remove,
    );
  }

  // --- the result of the last scoring -------------------------------------------------------

  function roundTitle(entry) {
    if (entry.round === 0) return say("the_deal");
    const tier = DATA.scorings.find((s) => s.round === entry.round);
    const tile = tier && entry.before.tiles[tier.tier] ? tileName(entry.before.tiles[tier.tier]) : "";
    const title = tier ? say("round_scored", { round: entry.round, tier: tier.tier, tile }) : say("round_ended", { round: entry.round });
    if (!entry.result.final) return title;
    return say(tier ? "and_final" : "then_final", { title });
  }

  function eventLists(result) {
    const parts = [];
    const events = result.events.filter((e) => e.kind !== "final");
    if (!events.length) parts.push(el("p", { class: "muted" }, words.report("no_scoring")));
    let current;
    let list = null;
    for (const event of events) {
      if (event.player !== current || !list) {
        current = event.player;
        list = el("ul", { class: "events" });
        parts.push(el("h3", {}, current === null ? words.report("game") : current), list);
      }
      list.append(el("li", { class: "event kind-" + event.kind }, event.text));
    }
    return parts;
  }

  // The last scoring: open just after it (its events, the final scoring, its decisions), folded away
  // once a later round has ended.
  function resultSection(entry, latest, editable) {
    const result = entry.result;
    const headingId = "result-heading";
    const body = [];
    if (result.final) body.push(finalView(result), el("h3", {}, say("round_n", { round: entry.round })));
    body.push(...eventLists(result));
    for (const unused of result.unused_choices) body.push(el("p", { class: "error" }, say("warning", { message: unused.message })));
    body.push(decisionsView(result, editable));
    const heading = el("h2", { id: headingId, tabindex: "-1" }, roundTitle(entry));
    if (latest) return el("section", { class: "card span result", id: "result", "aria-labelledby": headingId }, heading, body);
    const details = el("details", { "data-key": "result-" + entry.round }, el("summary", {}, say("last_scoring", { title: roundTitle(entry) })), body);
    return el("section", { class: "card span result", id: "result", "aria-label": say("last_scoring_label") }, details);
  }

  // --- decisions: picked from the legal options, each with its projected total ------------------

  function valueText(key, value) {
    if (value === null) return say("value_none");
    if (value === true) return say("value_yes");
    if (value === false) return say("value_no");
    if (typeof value === "number" && ["play_staff", "drawn_to_bottom", "hand_to_deck", "remove_hired_staff", "secretary"].includes(key)) {
      return say("value_card", { card: cardName(value), number: value });
    }
    if (key === "choose_one") return say("value_option", { number: value });
    if (key === "serve") return say("value_guest", { number: value });
    if (typeof value === "string" && /^[0-9]+\.[0-9]+$/.test(value)) return say("value_room", { room: value });
    if (typeof value === "string") {
      const [item, guest] = value.split("@");
      return guest === undefined ? itemName(item) : say("value_item_from_guest", { item: itemName(item), number: guest });
    }
    return String(value);
  }

  function howText(step) {
    if (step.how === "recorded") return words.report("recorded");
    if (step.how === "only") return words.report("only");
    const text = words.report("policy", { total: step.total });
    if (!step.runner_up) return text;
    return text + words.report("runner_up", { value: valueText(step.key, step.runner_up.value), total: step.runner_up.total });
  }

  function decisionsView(result, editable) {
    const rows = [];
    result.decisions.forEach((taken, index) => {
      taken.steps.forEach((step, at) => {
        const line = el(
          "span",
          { class: "key" },
          say("decision_line", { player: taken.player, decision: decisionName(step.key), number: step.index + 1 }),
          el("strong", {}, valueText(step.key, step.value)),
          say("decision_how", { how: howText(step) }),
        );
        rows.push(el("li", { class: "decision" }, line, editable && step.how !== "only" ? picker(index, at, step, taken.player) : null));
      });
    });
    if (!rows.length) return el("p", { class: "muted" }, say("no_decisions"));
    const note = say(editable ? "decisions_note_editable" : "decisions_note_fixed");
    return el("div", {}, el("h3", {}, say("decisions")), el("p", { class: "small muted" }, note), el("ul", { class: "decisions" }, rows));
  }

  // The list of legal options, worked out when it is opened (each is a scoring of the round).
  function picker(index, at, step, player) {
    const key = `decision-${index}-${at}`;
    const box = el("fieldset", { class: "options" });
    const summary = el("summary", {}, say("change"));
    const details = el("details", { "data-key": key }, summary, box);
    // Filled when first opened (a click, or Enter or Space on the summary, or the page redrawn open).
    const fill = () => {
      if (box.childElementCount) return;
      const name = uid("o");
      box.append(el("legend", {}, say("decision_legend", { player, decision: decisionName(step.key), number: step.index + 1 })));
      for (const option of G.options(pad, index, at)) {
        const id = uid("r");
        const radio = el("input", { type: "radio", name, id, "data-value": JSON.stringify(option.value), disabled: option.error !== undefined });
        radio.checked = JSON.stringify(option.value) === JSON.stringify(step.value) && step.how === "recorded";
        radio.addEventListener("change", () => choose(index, at, option.value));
        const total = option.error !== undefined ? say("option_impossible", { error: option.error }) : say("option_total", { total: option.total });
        box.append(el("div", { class: "option" }, radio, el("label", { for: id }, el("strong", {}, valueText(step.key, option.value)), say("option_line", { total }))));
      }
      const id = uid("r");
      const policy = el("input", { type: "radio", name, id, "data-value": "default" });
      policy.checked = step.how !== "recorded";
      policy.addEventListener("change", () => choose(index, at, undefined));
      box.append(el("div", { class: "option" }, policy, el("label", { for: id }, say("leave_to_policy"))));
    };
    summary.addEventListener("click", fill);
    details.addEventListener("toggle", () => details.open && fill());
    return details;
  }

  function choose(index, at, value) {
    if (act(() => G.changeDecision(pad, index, at, value), (label) => label)) {
      message = say("scored_again");
      refresh();
      focusResult();
    }
  }

  // --- final scoring: per source, expandable where the result explains a source line by line ----

  function sourceName(source) {
    if (source === "points_floor") return say("points_floor");
    return words.term("final", source, DATA.finalSources[source] || source);
  }

  function detailLines(entry, source) {
    const lines = entry.details && entry.details[source];
    if (!lines || !lines.length) return null;
    return el("ul", { class: "lines" }, lines.map((line) => el("li", {}, typeof line === "string" ? line : line.text || JSON.stringify(line))));
  }

  function finalView(result) {
    const final = result.final;
    const sources = PadReport.sourcesOf(final);
    const cells = (value) => final.map((entry) => el("td", { "data-player": entry.player }, value(entry)));
    const rows = [el("tr", { class: "points" }, el("th", { scope: "row" }, say("points_before")), cells((e) => e.points))];
    for (const source of sources) {
      const explained = final.some((entry) => detailLines(entry, source));
      const label = sourceName(source);
      if (!explained) {
        rows.push(el("tr", { class: "source", "data-source": source }, el("th", { scope: "row" }, label), cells((e) => (source in e.breakdown ? e.breakdown[source] : "-"))));
        continue;
      }
      const id = uid("d");
      const more = el("tr", { id, class: "explained", hidden: true }, el("td", { colspan: final.length + 1 }, final.map((entry) => el("div", {}, el("strong", {}, entry.player + ": " + (entry.breakdown[source] || 0)), detailLines(entry, source)))));
      const toggle = button(label, () => {
        more.hidden = !more.hidden;
        toggle.setAttribute("aria-expanded", String(!more.hidden));
      }, { class: "expand", "aria-expanded": "false", "aria-controls": id });
      rows.push(el("tr", { class: "source", "data-source": source }, el("th", { scope: "row" }, toggle), cells((e) => (source in e.breakdown ? e.breakdown[source] : "-"))), more);
    }
    rows.push(el("tr", { class: "total" }, el("th", { scope: "row" }, say("total")), cells((e) => e.total)));
    const head = el("tr", {}, el("th", { scope: "col" }, say("source")), final.map((entry) => el("th", { scope: "col", class: "who" }, entry.player)));
    const notes = result.events.filter((e) => e.kind === "final").map((e) => el("li", {}, e.text));
    const standings = result.standings.map((line) =>
      el("li", { class: "standing", "data-rank": line.rank }, PadReport.standing(line, result.standings, words.report)),
    );
    return el(
      "div",
      { class: "final-view" },
      el("h3", {}, words.report("standings")),
      el("ul", { class: "standings" }, standings),
      el("p", { class: "small" }, el("strong", {}, say("tiebreaker")), words.tiebreak),
      (result.ties || []).length ? el("ul", { class: "ties" }, result.ties.map((tie) => el("li", {}, tie.text))) : null,
      el("h3", { id: "final-heading" }, words.report("final")),
      // A table wider than the phone scrolls: the region takes the keyboard focus, so it scrolls without a mouse.
      el("div", { class: "scroll", tabindex: "0", role: "region", "aria-label": say("row_final") }, el("table", { class: "final" }, el("thead", {}, head), el("tbody", {}, rows))),
      notes.length ? el("ul", { class: "events" }, notes) : null,
    );
  }

  // --- the rounds so far: each state before and after, opened on demand ------------------------

  function stateSummary(state) {
    return el(
      "ul",
      { class: "summary" },
      state.players.map((p) => {
        const rooms = p.hotel.join("");
        const count = (ch) => Array.from(rooms).filter((r) => r === ch).length;
        const kitchen = Object.values(p.kitchen || {}).reduce((a, b) => a + b, 0);
        const cards = (numbers) => (numbers && numbers.length ? list(numbers.map((n) => say("summary_card", { card: cardName(n), number: n }))) : say("none"));
        const held = (key, count) => (ROLES.has(p, key) ? count : "-"); // what the player's role never has
        // One phrase per count, so each takes its plural form ("1 item", "1 Gast").
        const counts = [
          say("summary_points", { count: p.points }),
          say("summary_krones", { count: held("krones", p.krones) }),
          say("summary_space", { space: p.emperor }),
          say("summary_objectives", { count: p.objectives || 0 }),
        ];
        const holds = [say("summary_rooms", { occupied: count("o"), vacant: count("v") }), say("summary_kitchen", { count: held("kitchen", kitchen) }), say("summary_guests", { count: held("cafe", (p.cafe || []).length) })];
        const hand = ROLES.has(p, "hand") ? cards(p.hand) : "-";
        return el("li", {}, el("strong", {}, p.name), say("summary_player", { counts: list(counts), holds: holds.join(say("summary_sep")), hand, hired: cards(p.hired) }));
      }),
    );
  }

  function lazyDetails(title, key, make) {
    const summary = el("summary", {}, title);
    const details = el("details", { "data-key": key }, summary);
    const fill = () => details.childElementCount === 1 && details.append(...[].concat(make()));
    summary.addEventListener("click", fill);
    details.addEventListener("toggle", () => details.open && fill());
    return details;
  }

  function historySection(game) {
    if (!game.history.length) return null;
    const items = game.history.map((entry, at) =>
      el(
        "li",
        { class: "round" },
        el("span", { class: "label" }, roundTitle(entry)),
        lazyDetails(say("state_before"), `history-${at}-before`, () => stateSummary(entry.before)),
        lazyDetails(say("state_after"), `history-${at}-after`, () => stateSummary(entry.result.state)),
        entry.round > 0 ? lazyDetails(say("what_scoring_did"), `history-${at}-result`, () => [...eventLists(entry.result), entry.result.final ? finalView(entry.result) : null].filter(Boolean)) : null,
      ),
    );
    const dealt = game.seed !== null && game.seed !== undefined ? el("p", { class: "small muted" }, say("dealt_with", { seed: game.seed, command: `gah setup ${DATA.name} --players ${game.history[0].before.players.map((p) => p.name).join(",")} --seed ${game.seed}` })) : null;
    return section(say("rounds_so_far"), { class: "card span" }, dealt, el("ol", { class: "history" }, items));
  }

  // --- export and import ----------------------------------------------------------------------

  function lastEntry(game) {
    return game && game.history.length ? game.history[game.history.length - 1] : null;
  }

  function download(name, type, text) {
    const link = el("a", { download: name });
    link.href = URL.createObjectURL(new Blob([text], { type }));
    document.body.append(link);
    link.click();
    link.remove();
  }

  function exportSection(game) {
    const area = el("textarea", { rows: 5, spellcheck: "false", id: "json-area" });
    const said = el("p", { class: "small", role: "status" });
    const entry = lastEntry(game);
    const stem = entry ? `${DATA.name}-round-${entry.round}` : "";
    const copy = () => {
      const text = PadReport.humanReport(entry.result, words.report);
      const fallback = () => {
        area.value = text;
        area.select();
        said.textContent = say("copy_refused");
      };
      if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(text).then(() => (said.textContent = say("copied")), fallback);
      else fallback();
    };
    const doImport = (text) => {
      if (act(() => G.importText(pad, text), (label) => say("imported", { label }))) focusStatus();
      else {
        // A file's problems keep their path in the file, as gah score prints them: that is where to look.
        message = said.textContent = say("cannot_import", { message: refusal });
        refresh();
      }
    };
    const file = el("input", { type: "file", accept: ".json,.yaml,.yml,application/json,application/yaml,text/yaml", id: "import-file" });
    file.addEventListener("change", () => {
      const chosen = file.files && file.files[0];
      if (chosen) chosen.text().then(doImport);
    });
    const buttons = entry
      ? [
          button(say("copy_results"), copy, { "data-key": "copy" }),
          button(say("download", { file: stem + ".json" }), () => download(stem + ".json", "application/json", JSON.stringify(entry.before, null, 2) + "\n"), { "data-key": "json" }),
          button(say("download", { file: stem + ".csv" }), () => download(stem + ".csv", "text/csv", PadReport.csv(entry.result)), { "data-key": "csv" }),
          button(say("show_json"), () => (area.value = JSON.stringify(entry.before, null, 2)), { "data-key": "show" }),
        ]
      : [];
    return section(
      say("export_heading"),
      { class: "card span" },
      entry ? el("p", { class: "small muted" }, say("export_note", { round: entry.round, command: `gah score ${stem}.json` })) : null,
      el("div", { class: "row" }, buttons),
      views.gameFiles(game, said),
      el("label", { class: "label", for: area.id }, say("json_label")),
      area,
      el("div", { class: "row" }, button(say("import_json"), () => doImport(area.value), { "data-key": "import" })),
      el("label", { class: "label", for: file.id }, say("import_file")),
      file,
      said,
    );
  }

  // --- a new game -------------------------------------------------------------------------------

  // The names typed for a new game, each with its own error line (pushed to `errors`).
  function nameRows(errors) {
    return pad.setup.names.map((name, index) => {
      const id = uid("name");
      const own = errorLine();
      errors.push(own);
      const input = el("input", { id, type: "text", autocomplete: "off", "data-key": "setup-name-" + index, "aria-describedby": own.id });
      input.value = name;
      input.addEventListener("input", () => {
        pad.setup.names[index] = input.value;
        typed();
      });
      const remove =
        pad.setup.names.length > DATA.minPlayers
          ? button("✕", () => { pad.setup.names.splice(index, 1); changed(); }, { class: "small quiet", "aria-label": say("remove_player_n", { number: index + 1 }) })
          : null;
      const seat = ROLES.ofSeat(index);
      const label = ROLES.named(words, say(index === 0 ? "start_player" : "player_n", { number: index + 1 }), seat && seat.id);
      return el("div", { class: "field" }, el("label", { class: "label", for: id }, label), el("div", { class: "row nowrap" }, input, remove), own);
    });
  }

  function setupSection() {
    const error = el("p", { class: "field-error", id: "setup-error", role: "alert" });
    const nameErrors = [];
    const rows = nameRows(nameErrors);
    // A refused deal: a name's problem under that name, anything else under the seed.
    const refused = (text) => {
      for (const line of nameErrors) line.hidden = true;
      error.textContent = "";
      const named = /^players\[(\d+)\]: /.exec(text);
      const line = named ? nameErrors[Number(named[1])] : null;
      if (!line) return (error.textContent = text);
      line.textContent = text.slice(named[0].length);
      line.hidden = false;
      document.querySelector(`[data-key="setup-name-${named[1]}"]`).focus();
    };
    const seedId = uid("seed");
    const seed = el("input", { id: seedId, type: "text", inputmode: "numeric", autocomplete: "off", "data-key": "setup-seed", "aria-describedby": error.id });
    seed.value = pad.setup.seed;
    seed.addEventListener("input", () => {
      pad.setup.seed = seed.value;
      typed();
    });
    const add = pad.setup.names.length < DATA.maxPlayers ? button(say("add_player"), () => { pad.setup.names.push(""); changed(); }, { "data-key": "setup-add" }) : null;
    const deal = () => {
      const typedSeed = pad.setup.seed.trim();
      const chosen = typedSeed ? PadCheck.wholeOf(typedSeed) : crypto.getRandomValues(new Uint32Array(1))[0];
      if (chosen === null) return refused(say("seed_not_whole", { typed: JSON.stringify(typedSeed) }));
      if (act(() => G.deal(pad, chosen), say("dealt_said", { seed: chosen }))) focusStatus();
      else refused(refusal);
    };
    const hand = () => {
      if (act(() => G.byHand(pad), say("by_hand_said"))) focusStatus();
      else refused(refusal);
    };
    return section(
      say("setup_heading"),
      { class: "card span" },
      el("p", {}, DATA.minPlayers === DATA.maxPlayers ? say("setup_intro_exact", { count: DATA.minPlayers, deal: dealText() }) : say("setup_intro", { min: DATA.minPlayers, max: DATA.maxPlayers, deal: dealText() })),
      rows,
      add,
      el("div", { class: "field" }, el("label", { class: "label", for: seedId }, say("seed_label")), seed),
      error,
      el("div", { class: "row" }, button(say("deal_button"), deal, { class: "primary", "data-key": "deal", "data-phase": true }), button(say("by_hand_button"), hand, { "data-key": "by-hand", "data-phase": true })),
    );
  }

  // --- status, the score action, and the checks -------------------------------------------------

  function nextStep(game) {
    if (!game) return say("next_none");
    if (game.finished) return say("next_finished");
    const round = game.round;
    if (round === 0) return say("next_round_0");
    const scoring = DATA.scorings.find((s) => s.round === round);
    const action = G.actionLabel(game);
    if (scoring) {
      const tile = game.entries.tiles[scoring.tier] ? tileName(game.entries.tiles[scoring.tier]) : say("no_tile_chosen");
      return say("next_scoring", { round, tier: scoring.tier, tile, action });
    }
    return say("next_play", { round, action });
  }

  function roundLine(game) {
    if (!game) return say("line_new_game");
    if (game.finished) return say("line_game_over");
    return game.round === 0 ? say("line_before_1") : say("line_round", { round: game.round, rounds: DATA.rounds });
  }

  function statusSection() {
    return el(
      "section",
      { class: "status span", id: "status", "aria-live": "polite", tabindex: "-1" },
      el("p", { class: "round", id: "round-line" }, ""),
      el("p", { class: "next", id: "next-step" }, ""),
      el("p", { class: "said", id: "said" }, ""),
    );
  }

  function actionBar() {
    const primary = el("button", { type: "button", class: "primary", id: "action", "data-key": "action", "aria-describedby": "action-why", "data-phase": true });
    primary.addEventListener("click", runAction);
    const undo = el("button", { type: "button", id: "undo", "data-key": "undo" });
    undo.addEventListener("click", () => act(() => G.undo(pad), (label) => say("undone", { label })));
    const redo = el("button", { type: "button", id: "redo", "data-key": "redo", hidden: true });
    redo.addEventListener("click", () => act(() => G.redo(pad), (label) => say("redone", { label })));
    // A scoring with nothing entered since the last step is asked again, above the button (a slip of
    // the thumb on the button's place does not answer it).
    const yes = button("", () => {
      asked = false;
      commitNow();
    }, { id: "confirm-yes", class: "primary", "data-key": "confirm-yes", "data-phase": true });
    const no = button(say("confirm_no"), () => {
      asked = false;
      refresh();
    }, { "data-key": "confirm-no" });
    const confirm = el("div", { id: "confirm", class: "confirm", role: "alertdialog", "aria-labelledby": "confirm-text", hidden: true }, el("p", { id: "confirm-text" }, ""), el("div", { class: "row nowrap" }, yes, no));
    return el(
      "div",
      { class: "actionbar", role: "region", "aria-label": say("score_action") },
      el("div", { class: "bar" }, confirm, el("p", { id: "action-why", class: "why", "aria-live": "polite" }, ""), el("div", { class: "row nowrap" }, undo, redo, primary)),
    );
  }

  let asked = false; // the confirmation of a scoring with nothing entered is open

  function runAction() {
    const game = pad.game;
    if (!game) return document.querySelector('[data-key="deal"]').click();
    if (game.finished) return; // a new game is asked for beside the standings (views.js), never here
    if (!G.unchanged(game)) return commitNow();
    asked = true;
    document.getElementById("confirm-text").textContent = say("confirm_unchanged", { action: G.actionLabel(game) });
    document.getElementById("confirm-yes").textContent = say("confirm_yes", { action: G.actionLabel(game) });
    refresh();
    document.getElementById("confirm-yes").focus();
  }

  function commitNow() {
    if (act(() => G.commit(pad), (label) => say("done", { label, summary: scoredSummary() }))) focusResult();
  }

  function scoredSummary() {
    const entry = lastEntry(pad.game);
    if (!entry || !entry.result) return "";
    const standings = entry.result.standings;
    if (standings) return say("standings_said", { list: list(standings.map((s) => say("standing_short", { rank: s.rank, player: s.player, points: s.points }))) });
    return say("points_said", { list: list(entry.result.state.players.map((p) => say("player_points", { player: p.name, count: p.points }))) });
  }

  // A problem where the player sees it: the field it is about, its label, and gah score's words
  // without the path (the field stands for it).
  function placed(problem) {
    const field = fieldFor(problem.path);
    const words = field ? problem.message.slice(PadGame.pathEnd(problem.message)) : problem.message;
    return { field, text: (field ? field.label : "") + words, words };
  }

  // The checks after every change: each problem next to its field, the score action, the status.
  function refresh() {
    const game = pad.game;
    PadDraws.update(kit);
    if (asked && !G.unchanged(game)) asked = false; // something was entered: the question is moot
    const found = G.problems(pad).map((problem) => Object.assign(placed(problem), problem));
    views.markProblems(found);
    for (const field of fields.values()) {
      field.error.hidden = true;
      field.error.textContent = "";
      if (field.input) field.input.removeAttribute("aria-invalid");
    }
    for (const problem of found) {
      const field = problem.field;
      if (!field) continue;
      field.error.hidden = false;
      field.error.append(el("span", { class: "problem" }, problem.words));
      const input = field.input;
      const todo = input && problem.path === input.dataset.path && !field.error.querySelector(".todo") ? typeInstead(input) : "";
      if (todo) field.error.append(" ", el("span", { class: "todo" }, todo));
      if (input && problem.path.startsWith(input.dataset.path)) input.setAttribute("aria-invalid", "true");
    }
    const action = document.getElementById("action");
    action.textContent = game ? G.actionLabel(game) : say("deal_button");
    action.disabled = found.length > 0;
    action.hidden = !!(game && game.finished); // "New game" is not where the last scoring's button was
    const why = document.getElementById("action-why");
    if (!found.length) why.textContent = game && !game.finished ? say("ready", { line: roundLine(game) }) : roundLine(game);
    else why.replaceChildren(el("strong", {}, say("fix_first", { count: found.length })), found[0].text);
    const list = document.getElementById("to-fix");
    list.hidden = !found.length;
    list.lastChild.replaceChildren(...found.map(fixItem));
    const last = pad.undo[pad.undo.length - 1];
    const undo = document.getElementById("undo");
    undo.hidden = !last;
    undo.textContent = last ? say("undo_label", { label: G.labelText(last.label) }) : say("undo");
    const next = (pad.redo || [])[(pad.redo || []).length - 1];
    const redo = document.getElementById("redo");
    redo.hidden = !next;
    redo.textContent = next ? say("redo_label", { label: G.labelText(next.label) }) : say("redo");
    document.getElementById("confirm").hidden = !asked;
    document.getElementById("round-line").textContent = roundLine(game);
    document.getElementById("next-step").textContent = nextStep(game);
    document.getElementById("said").textContent = message;
    keepAwake();
  }

  // What to type instead of a number field's text that is no whole number (issue 42): gah score's words
  // say what is wrong ('got text ("1e3")'), this says what to do, with the range where it is known.
  function typeInstead(input) {
    const text = input.value.trim();
    if (input.getAttribute("inputmode") !== "numeric" || PadCheck.changeOf(text) || PadCheck.wholeOf(text) !== null) return "";
    const path = input.dataset.path;
    if (/\.resources\./.test(path)) return say("type_whole"); // the rules data's range: the check says it
    const range = /^players\[[0-9]+\]\.emperor$/.test(path) ? { minimum: 0, maximum: DATA.trackLast } : PadCheck.rangeAt(DATA.stateSchema, path);
    return range ? say("type_whole_range", range) : say("type_whole");
  }

  // A problem in the list of what to fix: tapping it goes to its field.
  function fixItem(problem) {
    const target = problem.field && problem.field.input;
    if (!target) return el("li", {}, problem.text);
    const go = () => {
      views.reveal(target);
      const folded = target.closest("details");
      if (folded) folded.open = true;
      target.focus();
    };
    return el("li", {}, button(problem.text, go, { class: "link" }));
  }

  function toFixSection() {
    return el("section", { class: "to-fix span", id: "to-fix", hidden: true, "aria-label": say("entries_to_fix") }, el("p", { class: "label" }, say("to_fix")), el("ul", {}));
  }

  // --- the page ------------------------------------------------------------------------------

  function focusResult() {
    const heading = document.getElementById("result-heading") || document.getElementById("status");
    if (heading) heading.focus();
  }

  function focusStatus() {
    document.getElementById("status").focus();
  }

  function renderAll() {
    const active = document.activeElement && document.activeElement.getAttribute("data-key");
    const open = Array.from(document.querySelectorAll("details[open]")).map((d) => d.getAttribute("data-key"));
    fields = new Map();
    const game = pad.game;
    const parts = [header(), statusSection(), toFixSection()];
    if (!game) {
      parts.push(setupSection(), exportSection(null));
    } else {
      const last = lastEntry(game);
      const shown = [...game.history].reverse().find((entry) => entry.round > 0 && (entry.result.events.length || entry.result.final));
      if (shown) parts.push(resultSection(shown, shown === last, shown === last && G.lastScored(pad) === last));
      if (!game.finished) {
        const cards = game.entries.players.map((player, index) => playerCard(player, index));
        parts.push(tilesSection(game), ...views.foldPlayers(cards, game.entries.players), entrySwitches());
        if (game.entries.players.length < DATA.maxPlayers && game.round === 0) {
          parts.push(el("div", { class: "row span" }, button(say("add_player"), () => { G.addPlayer(pad); changed(); }, { "data-key": "add-player" })));
        }
      }
      parts.push(views.roundsSection(game), historySection(game), exportSection(game));
    }
    app.replaceChildren(...parts.filter(Boolean));
    if (!document.getElementById("action")) document.body.append(actionBar());
    for (const key of open) {
      const details = key && document.querySelector(`details[data-key="${CSS.escape(key)}"]`);
      if (details) details.open = true;
    }
    refresh();
    const again = active && document.querySelector(`[data-key="${CSS.escape(active)}"]`);
    if (again) again.focus();
  }

  function header() {
    const id = uid("theme");
    const themes = ["auto", "light", "dark"].map((value) => el("option", { value }, say("theme_" + value)));
    const theme = el("select", { id, "data-key": "theme" }, themes);
    theme.value = savedTheme();
    theme.addEventListener("change", () => {
      keep(THEME_KEY, theme.value);
      applyTheme(theme.value);
    });
    return el(
      "header",
      { class: "span" },
      el("a", { class: "skip", href: "#action" }, say("skip_to_action")),
      el("h1", {}, say("page_title", { title: words.title })),
      el("p", { class: "muted" }, say("ruleset_line", { name: DATA.name, description: words.description })),
      el("div", { class: "row" }, el("span", { class: "pair" }, el("label", { for: id }, say("colours")), theme), languageChooser()),
    );
  }

  // The languages built into the pad, each named in itself (and marked as such for screen readers).
  function languageChooser() {
    if (languages.size < 2) return null;
    const id = uid("language");
    const options = Array.from(languages.values()).map((table) => el("option", { value: table.id, lang: table.id }, table.name));
    const chooser = el("select", { id, "data-key": "language" }, options);
    chooser.value = words.id;
    chooser.addEventListener("change", () => {
      keep(LANGUAGE_KEY, chooser.value);
      useLanguage(chooser.value);
      pad = inWords(pad);
      save();
      renderAll();
    });
    return el("span", { class: "pair" }, el("label", { for: id }, say("language")), chooser);
  }

  function useLanguage(id) {
    words = languages.get(id);
    document.documentElement.lang = id;
    document.title = say("page_title", { title: words.title });
  }

  // A choice kept in localStorage for every pad (the switch works for this visit where it cannot be kept).
  function keep(key, value) {
    try {
      window.localStorage.setItem(key, value);
    } catch (error) {
      // nothing kept
    }
  }

  function saved(key) {
    try {
      return window.localStorage.getItem(key);
    } catch (error) {
      return null;
    }
  }

  function savedTheme() {
    return saved(THEME_KEY) || "auto";
  }

  // Names made from data: a Staff card's kind, a decision's `choices` key, how the pad deals.
  function staffKind(kind) {
    return words.has("kind_" + kind) ? say("kind_" + kind) : kind.replace(/_/g, " ");
  }

  function decisionName(key) {
    return words.has("decision_" + key) ? say("decision_" + key) : key.replace(/_/g, " ");
  }

  function dealText() {
    const deal = DATA.setup;
    if (deal.method === "introductory") return say("deal_introductory");
    if (deal.method !== "draft") return say("deal_standard", { count: deal.hand_size });
    const towards = say(deal.direction === "left" ? "towards_left" : "towards_right");
    return say("deal_draft", { packet: deal.packet_size, keep: deal.keep_per_pick, towards, hand: deal.hand_size });
  }

  // The colours: the switch's, or the system's (followed as it changes).
  const systemDark = window.matchMedia ? window.matchMedia("(prefers-color-scheme: dark)") : null;
  function applyTheme(value) {
    const dark = value === "dark" || (value !== "light" && systemDark !== null && systemDark.matches);
    document.documentElement.setAttribute("data-theme", dark ? "dark" : "light");
  }
  if (systemDark) systemDark.addEventListener("change", () => applyTheme(savedTheme()));

  // The screen stays on while a game is open, where the browser allows it (else nothing is said).
  let lock = null;
  let asking = false;
  function keepAwake() {
    const open = pad.game && !pad.game.finished;
    if (!open && lock) {
      lock.release().catch(() => {});
      lock = null;
    }
    if (!open || lock || asking || !navigator.wakeLock || document.visibilityState !== "visible") return;
    asking = true;
    navigator.wakeLock
      .request("screen")
      .then((sentinel) => {
        lock = sentinel;
        sentinel.addEventListener("release", () => (lock = null));
      })
      .catch(() => {})
      .finally(() => (asking = false));
  }

  document.addEventListener("visibilitychange", keepAwake);
  // Tabs of one pad in step (issue 42): another tab's save, language or colours, heard at once; a
  // tab that comes back to the front reads the stored game in case it missed one.
  store.watch((text) => heard(text, say("updated_elsewhere")));
  window.addEventListener("storage", (event) => {
    if (event.key === LANGUAGE_KEY && languages.has(event.newValue) && event.newValue !== words.id) {
      useLanguage(event.newValue);
      pad = inWords(pad);
      renderAll();
    } else if (event.key === THEME_KEY) {
      applyTheme(savedTheme());
      renderAll();
    }
  });
  document.addEventListener("visibilitychange", () => document.visibilityState === "visible" && heard(store.loadNow() || "", say("updated_elsewhere")));
  PadTap.install();
  applyTheme(savedTheme());
  useLanguage(words.id);
  renderAll();
  store.loadLater(
    store.loadNow(),
    (text) => {
      pad = readSaved(text);
      renderAll();
    },
    () => document.documentElement.setAttribute("data-pad-ready", "true"),
  );
})();

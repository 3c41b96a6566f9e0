// The score pad's page: a whole game from the deal to the final scoring, drawn from PadGame (the
// model, game.js) and saved on every change (store.js). Rules data and player input reach the page
// through text nodes and attribute setters only, never as markup; no inline handlers.
"use strict";

(function () {
  const DATA = JSON.parse(document.getElementById("gah-data").textContent);
  const G = PadGame.make(DATA, GAH, GAH.DEAL, PadCheck);
  const store = PadStore.open("gah-pad-" + DATA.name);
  const THEME_KEY = "gah-pad-theme";
  const ROOM_CYCLE = { ".": "v", v: "o", o: "." };
  const ROOM_WORD = { ".": "empty", v: "vacant", o: "occupied" };
  const ROOM_MARK = { ".": "", v: "V", o: "O" };
  const staffByNumber = new Map(DATA.staff.map((card) => [card.number, card]));
  const itemName = new Map(DATA.items.map((item) => [item.id, item.name]));
  const tileById = new Map(DATA.tiles.map((tile) => [tile.id, tile]));
  const app = document.getElementById("app");

  let pad = readSaved(store.loadNow());
  let fields = new Map(); // state path -> { input, error, label }: where a problem is shown
  let message = ""; // the last thing done, said in the status line (and read out)
  let nextId = 0;

  function readSaved(text) {
    try {
      return G.revive(text ? JSON.parse(text) : null);
    } catch (error) {
      return G.create();
    }
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

  function save() {
    if (!store.save(pad)) message = "This browser does not keep the entries: export the game to keep it.";
  }

  // A typed change: saved at once; the checks and the score action follow, the page is not redrawn.
  function typed() {
    message = "";
    save();
    refresh();
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
      message = error.message;
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
  function numberField(label, path, owner, key, who, note) {
    const id = uid("f");
    const error = errorLine();
    const input = el("input", { id, type: "text", inputmode: "numeric", autocomplete: "off", spellcheck: "false", class: "number", "aria-describedby": error.id });
    input.value = owner[key];
    selectOnFocus(input);
    input.addEventListener("input", () => {
      owner[key] = input.value;
      if (note) note(input.value);
      typed();
    });
    const step = (by) => () => {
      const now = PadCheck.wholeOf(owner[key]);
      if (now === null || now + by < 0) return input.focus();
      owner[key] = String(now + by);
      input.value = owner[key];
      if (note) note(input.value);
      typed();
    };
    register(path, input, error, who + label + ": ");
    return el(
      "div",
      { class: "field" },
      el("label", { class: "label", for: id }, label),
      el(
        "div",
        { class: "stepper" },
        button("−", step(-1), { class: "step", "aria-label": label + " minus one", "data-key": path + "-" }),
        input,
        button("+", step(1), { class: "step", "aria-label": label + " plus one", "data-key": path + "+" }),
      ),
      error,
    );
  }

  // --- the game's sections ----------------------------------------------------------------------

  function tierRounds(tier) {
    return DATA.scorings.filter((s) => s.tier === tier).map((s) => s.round);
  }

  function tilesSection(game) {
    const error = errorLine();
    register("tiles", null, error, "Emperor tiles: ");
    const rows = DATA.tiers.map((tier) => {
      const id = uid("t");
      const select = el("select", { id, "data-tier": tier, "aria-describedby": error.id });
      const chosen = game.entries.tiles[tier];
      if (!chosen) select.append(el("option", { value: "" }, "Choose the tile"));
      for (const tile of DATA.tiles.filter((t) => t.tier === tier)) {
        const option = el("option", { value: tile.id }, tile.name);
        if (chosen === tile.id) option.selected = true;
        select.append(option);
      }
      const idNote = el("span", { class: "small muted" }, chosen ? "id " + chosen : "");
      select.addEventListener("change", () => {
        if (select.value) game.entries.tiles[tier] = select.value;
        else delete game.entries.tiles[tier];
        changed();
      });
      register("tiles." + tier, select, error, "Tier " + tier + " tile: ");
      const rounds = tierRounds(tier).join(", ");
      return el("div", { class: "field" }, el("label", { class: "label", for: id }, "Tier " + tier + ": scored after round " + rounds), select, idNote);
    });
    const fields = [el("div", { class: "numbers" }, rows), error];
    if (game.round === 0) return section("Emperor tiles", { class: "card span" }, fields);
    const chosen = DATA.tiers.map((tier) => `${tier}: ${game.entries.tiles[tier] ? tileById.get(game.entries.tiles[tier]).name : "none"}`).join(", ");
    const details = el("details", { "data-key": "tiles" }, el("summary", {}, "Emperor tiles: " + chosen), fields);
    return el("section", { class: "card span", "aria-label": "Emperor tiles" }, details);
  }

  function hotelGrid(player, index) {
    const path = `players[${index}].hotel`;
    const error = errorLine();
    const grid = el("div", { class: "hotel", role: "group", "aria-label": "Hotel, top floor first", "aria-describedby": error.id });
    grid.style.gridTemplateColumns = "repeat(" + DATA.columns + ", 1fr)";
    for (let row = 0; row < DATA.floors; row++) {
      const floor = DATA.floors - row;
      for (let column = 1; column <= DATA.columns; column++) {
        const room = player.hotel[row][column - 1];
        const colour = DATA.colours[floor - 1][column - 1];
        const cell = floor + "." + column;
        const known = ["red", "blue", "yellow"].includes(colour) ? colour : "other";
        const tap = () => {
          const rooms = Array.from(player.hotel[row]);
          rooms[column - 1] = ROOM_CYCLE[rooms[column - 1]];
          player.hotel[row] = rooms.join("");
          changed();
        };
        grid.append(
          button([el("span", { class: "mark", "aria-hidden": "true" }, ROOM_MARK[room]), el("span", { class: "cellname", "aria-hidden": "true" }, cell)], tap, {
            class: `room ${known} state-${ROOM_WORD[room]}`,
            "aria-label": `Room ${cell}, ${colour}: ${ROOM_WORD[room]}`,
            "data-cell": cell,
            "data-key": path + cell,
          }),
        );
      }
    }
    register(path, null, error, "Hotel: ");
    return el("div", { class: "field wide" }, el("p", { class: "label" }, "Hotel: tap a room for empty → vacant (V) → occupied (O)"), grid, error);
  }

  function itemFields(owner, path, who) {
    return el(
      "div",
      { class: "items" },
      DATA.items.map((item) => numberField(item.name, `${path}.${item.id}`, owner, item.id, who)),
    );
  }

  function cafeBlock(player, index, who) {
    const path = `players[${index}].cafe`;
    const error = errorLine();
    register(path, null, error, who + "Café: ");
    const guests = player.cafe.map((guest, at) =>
      el(
        "div",
        { class: "guest", role: "group", "aria-label": "Café guest " + (at + 1) },
        el("p", { class: "label" }, "Guest " + (at + 1) + ": items served"),
        itemFields(guest, `${path}[${at}]`, who + "guest " + (at + 1) + " "),
        button("Remove guest " + (at + 1), () => act(() => G.removeGuest(pad, index, at), `Removed ${who}café guest ${at + 1}.`), {
          class: "small quiet",
          "data-key": `${path}-remove-${at}`,
        }),
      ),
    );
    const add =
      player.cafe.length < DATA.cafeSeats
        ? button(
            "Add a café guest",
            () => {
              const guest = {};
              for (const item of DATA.items) guest[item.id] = "0";
              player.cafe.push(guest);
              changed();
            },
            { class: "small", "data-key": path + "-add" },
          )
        : null;
    return el("div", { class: "field wide" }, el("p", { class: "label" }, `Café (${player.cafe.length} of ${DATA.cafeSeats} seats)`), guests, add, error);
  }

  function cardName(number) {
    const card = staffByNumber.get(number);
    return card ? card.name : "Staff " + number;
  }

  function chipList(player, index, list, who) {
    const path = `players[${index}].${list}`;
    if (!player[list].length) return el("p", { class: "muted" }, "none");
    return el(
      "ul",
      { class: "chips" },
      player[list].map((number, at) =>
        el(
          "li",
          { class: "chip" },
          el("span", { class: "chip-name" }, cardName(number), el("span", { class: "small muted" }, " #" + number)),
          list === "hand"
            ? button("Hired", () => act(() => moveToHired(player, at), `${who}hired ${cardName(number)}.`), {
                class: "small",
                "aria-label": `${cardName(number)}: hired`,
                "data-key": `${path}-hire-${number}`,
              })
            : null,
          button("✕", () => act(() => G.removeCard(pad, index, list, at), `Removed ${cardName(number)}.`), {
            class: "small quiet",
            "aria-label": `Remove ${cardName(number)} from ${list === "hand" ? "the hand" : "hired Staff"}`,
            "data-key": `${path}-remove-${number}`,
          }),
        ),
      ),
    );
  }

  function moveToHired(player, at) {
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
      const held = new Set(pad.game.entries.players.flatMap((p) => p.hand.concat(p.hired)).concat(pad.game.entries.staff_discard));
      const found = DATA.staff.filter((card) => (String(card.number) === query || card.name.toLowerCase().includes(query)) && !held.has(card.number));
      for (const card of found.slice(0, 8)) {
        const add = (list) => () => {
          player[list].push(card.number);
          changed();
        };
        matches.append(
          el(
            "li",
            { class: "match" },
            el("span", {}, card.name, el("span", { class: "small muted" }, ` #${card.number} · cost ${card.cost} · ${card.kind.replace(/_/g, " ")}`)),
            button("to hand", add("hand"), { class: "small", "aria-label": `${card.name}: to hand` }),
            button("hired", add("hired"), { class: "small", "aria-label": `${card.name}: hired` }),
          ),
        );
      }
      if (!found.length) matches.append(el("li", { class: "muted" }, "No Staff card nobody holds matches"));
    };
    search.addEventListener("input", show);
    return el("div", { class: "field" }, el("label", { class: "label", for: id }, "Add Staff: type a name or number"), search, matches);
  }

  function staffBlock(player, index, who) {
    const error = errorLine();
    register(`players[${index}].hand`, null, error, who + "Staff in hand: ");
    register(`players[${index}].hired`, null, error, who + "hired Staff: ");
    return el(
      "div",
      { class: "field wide" },
      el("p", { class: "label" }, "Staff in hand"),
      chipList(player, index, "hand", who),
      el("p", { class: "label" }, "Staff hired"),
      chipList(player, index, "hired", who),
      error,
      staffSearch(player, index),
    );
  }

  function playerName(player, index) {
    return player.name.trim() ? player.name : "Player " + (index + 1);
  }

  function playerCard(player, index) {
    const headingId = uid("p");
    const heading = el("h2", { id: headingId, class: "player-name" }, playerName(player, index));
    const who = playerName(player, index) + " · ";
    const nameId = uid("n");
    const nameError = errorLine();
    const name = el("input", { id: nameId, type: "text", autocomplete: "off", class: "name", "aria-describedby": nameError.id });
    name.value = player.name;
    name.addEventListener("input", () => {
      player.name = name.value;
      heading.textContent = playerName(player, index);
      typed();
    });
    register(`players[${index}].name`, name, nameError, "Player " + (index + 1) + " · Name: ");
    register(`players[${index}]`, null, nameError, who);
    const path = `players[${index}]`;
    const zone = el("span", { class: "small muted", "aria-live": "polite" });
    const showZone = (text) => {
      const space = PadCheck.wholeOf(text);
      zone.textContent = space !== null && space >= 0 && space < DATA.zones.length ? "Space " + space + ": " + DATA.zones[space] : "";
    };
    showZone(player.emperor);
    const remove =
      pad.game.entries.players.length > DATA.minPlayers
        ? button(`Remove ${playerName(player, index)} from the game`, () => act(() => G.removePlayer(pad, index), `Removed ${playerName(player, index)}.`), {
            class: "small quiet",
            "data-key": path + "-remove",
          })
        : null;
    const emperor = numberField("Emperor space", `${path}.emperor`, player, "emperor", who, showZone);
    emperor.append(zone);
    return el(
      "section",
      { class: "card player", "data-player": index, "aria-labelledby": headingId },
      heading,
      el("div", { class: "field wide" }, el("label", { class: "label", for: nameId }, "Name"), name, nameError),
      el(
        "div",
        { class: "numbers" },
        numberField("Points", `${path}.points`, player, "points", who),
        numberField("Krones", `${path}.krones`, player, "krones", who),
        emperor,
        numberField("Objectives", `${path}.objectives`, player, "objectives", who),
      ),
      hotelGrid(player, index),
      el("div", { class: "field wide" }, el("p", { class: "label" }, "Kitchen"), itemFields(player.kitchen, `${path}.kitchen`, who + "kitchen ")),
      cafeBlock(player, index, who),
      staffBlock(player, index, who),
      remove,
    );
  }

  // --- the result of the last scoring -------------------------------------------------------

  function roundTitle(entry) {
    if (entry.round === 0) return "The deal";
    const tier = DATA.scorings.find((s) => s.round === entry.round);
    const tile = tier && entry.before.tiles[tier.tier] ? tileById.get(entry.before.tiles[tier.tier]).name : "";
    let title = tier ? `Round ${entry.round}: Emperor scoring (tier ${tier.tier}: ${tile})` : `Round ${entry.round} ended`;
    if (entry.result.final) title += tier ? " and final scoring" : ": final scoring";
    return title;
  }

  function eventLists(result) {
    const parts = [];
    const events = result.events.filter((e) => e.kind !== "final");
    if (!events.length) parts.push(el("p", { class: "muted" }, "No Emperor scoring after this round."));
    let current;
    let list = null;
    for (const event of events) {
      if (event.player !== current || !list) {
        current = event.player;
        list = el("ul", { class: "events" });
        parts.push(el("h3", {}, current === null ? "Game" : current), list);
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
    if (result.final) body.push(finalView(result), el("h3", {}, `Round ${entry.round}`));
    body.push(...eventLists(result));
    for (const unused of result.unused_choices) body.push(el("p", { class: "error" }, "Warning: " + unused.message));
    body.push(decisionsView(result, editable));
    const heading = el("h2", { id: headingId, tabindex: "-1" }, roundTitle(entry));
    if (latest) return el("section", { class: "card span result", id: "result", "aria-labelledby": headingId }, heading, body);
    const details = el("details", { "data-key": "result-" + entry.round }, el("summary", {}, "Last scoring: " + roundTitle(entry)), body);
    return el("section", { class: "card span result", id: "result", "aria-label": "Last scoring" }, details);
  }

  // --- decisions: picked from the legal options, each with its projected total ------------------

  function valueText(key, value) {
    if (value === null) return "none";
    if (value === true) return "yes";
    if (value === false) return "no";
    if (typeof value === "number" && ["play_staff", "drawn_to_bottom", "hand_to_bottom", "remove_hired_staff", "secretary"].includes(key)) {
      return `${cardName(value)} (#${value})`;
    }
    if (key === "choose_one") return "option " + value;
    if (key === "serve") return "café guest " + value;
    if (typeof value === "string" && /^[0-9]+\.[0-9]+$/.test(value)) return "room " + value;
    if (typeof value === "string") {
      const [item, guest] = value.split("@");
      return (itemName.get(item) || item) + (guest === undefined ? "" : " from café guest " + guest);
    }
    return String(value);
  }

  function howText(step) {
    if (step.how === "recorded") return "recorded";
    if (step.how === "only") return "the only legal choice";
    let text = `default policy, projected total ${step.total}`;
    if (step.runner_up) text += `; runner-up ${valueText(step.key, step.runner_up.value)}: ${step.runner_up.total}`;
    return text;
  }

  function decisionsView(result, editable) {
    const rows = [];
    result.decisions.forEach((taken, index) => {
      taken.steps.forEach((step, at) => {
        const line = el(
          "span",
          { class: "key" },
          `${taken.player} · ${step.key.replace(/_/g, " ")} #${step.index + 1}: `,
          el("strong", {}, valueText(step.key, step.value)),
          ` (${howText(step)})`,
        );
        rows.push(el("li", { class: "decision" }, line, editable && step.how !== "only" ? picker(index, at, step, taken.player) : null));
      });
    });
    if (!rows.length) return el("p", { class: "muted" }, "No decisions were needed.");
    const note = editable ? "Change one to score the round again with it; the entries after the round change with it." : "Only the last scoring's decisions can change.";
    return el("div", {}, el("h3", {}, "Decisions"), el("p", { class: "small muted" }, note), el("ul", { class: "decisions" }, rows));
  }

  // The list of legal options, worked out when it is opened (each is a scoring of the round).
  function picker(index, at, step, player) {
    const key = `decision-${index}-${at}`;
    const box = el("fieldset", { class: "options" });
    const summary = el("summary", {}, "Change");
    const details = el("details", { "data-key": key }, summary, box);
    // Filled when first opened (a click, or Enter or Space on the summary, or the page redrawn open).
    const fill = () => {
      if (box.childElementCount) return;
      const name = uid("o");
      box.append(el("legend", {}, `${player}: ${step.key.replace(/_/g, " ")} #${step.index + 1}`));
      for (const option of G.options(pad, index, at)) {
        const id = uid("r");
        const radio = el("input", { type: "radio", name, id, "data-value": JSON.stringify(option.value), disabled: option.error !== undefined });
        radio.checked = JSON.stringify(option.value) === JSON.stringify(step.value) && step.how === "recorded";
        radio.addEventListener("change", () => choose(index, at, option.value));
        const total = option.error !== undefined ? "not possible: " + option.error : `projected total ${option.total}`;
        box.append(el("div", { class: "option" }, radio, el("label", { for: id }, el("strong", {}, valueText(step.key, option.value)), " — " + total)));
      }
      const id = uid("r");
      const policy = el("input", { type: "radio", name, id, "data-value": "default" });
      policy.checked = step.how !== "recorded";
      policy.addEventListener("change", () => choose(index, at, undefined));
      box.append(el("div", { class: "option" }, policy, el("label", { for: id }, "Leave it to the default policy")));
    };
    summary.addEventListener("click", fill);
    details.addEventListener("toggle", () => details.open && fill());
    return details;
  }

  function choose(index, at, value) {
    if (act(() => G.changeDecision(pad, index, at, value), (label) => label)) {
      message = "Scored again with the changed decision (Undo takes it back).";
      refresh();
      focusResult();
    }
  }

  // --- final scoring: per source, expandable where the result explains a source line by line ----

  function sourceName(source) {
    if (source === "points_floor") return "Points floor";
    return DATA.finalSources[source] || source.replace(/_/g, " ");
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
    const rows = [el("tr", { class: "points" }, el("th", { scope: "row" }, "Points before"), cells((e) => e.points))];
    for (const source of sources) {
      const explained = final.some((entry) => detailLines(entry, source));
      const label = sourceName(source);
      if (!explained) {
        rows.push(el("tr", { class: "source", "data-source": source }, el("th", { scope: "row" }, label), cells((e) => e.breakdown[source] || 0)));
        continue;
      }
      const id = uid("d");
      const more = el("tr", { id, class: "explained", hidden: true }, el("td", { colspan: final.length + 1 }, final.map((entry) => el("div", {}, el("strong", {}, entry.player + ": " + (entry.breakdown[source] || 0)), detailLines(entry, source)))));
      const toggle = button(label, () => {
        more.hidden = !more.hidden;
        toggle.setAttribute("aria-expanded", String(!more.hidden));
      }, { class: "expand", "aria-expanded": "false", "aria-controls": id });
      rows.push(el("tr", { class: "source", "data-source": source }, el("th", { scope: "row" }, toggle), cells((e) => e.breakdown[source] || 0)), more);
    }
    rows.push(el("tr", { class: "total" }, el("th", { scope: "row" }, "Total"), cells((e) => e.total)));
    const head = el("tr", {}, el("th", { scope: "col" }, "Source"), final.map((entry) => el("th", { scope: "col", class: "who" }, entry.player)));
    const notes = result.events.filter((e) => e.kind === "final").map((e) => el("li", {}, e.text));
    const standings = result.standings.map((line) =>
      el("li", { class: "standing", "data-rank": line.rank }, `${line.rank}. ${line.player}: ${line.points} points (tie-breaker ${line.tiebreak})`),
    );
    return el(
      "div",
      { class: "final-view" },
      el("h3", {}, "Standings"),
      el("ul", { class: "standings" }, standings),
      el("p", { class: "small" }, el("strong", {}, "Tie-breaker: "), DATA.tiebreak),
      (result.ties || []).length ? el("ul", { class: "ties" }, result.ties.map((tie) => el("li", {}, tie.text))) : null,
      el("h3", { id: "final-heading" }, "Final scoring"),
      el("div", { class: "scroll" }, el("table", { class: "final" }, el("thead", {}, head), el("tbody", {}, rows))),
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
        const cards = (list) => (list && list.length ? list.map((n) => `${cardName(n)} #${n}`).join(", ") : "none");
        return el(
          "li",
          {},
          el("strong", {}, p.name),
          `: ${p.points} points, ${p.krones} krones, Emperor space ${p.emperor}, ${p.objectives || 0} objectives; ` +
            `rooms ${count("o")} occupied, ${count("v")} vacant; kitchen ${kitchen} items; café ${(p.cafe || []).length} guests; ` +
            `hand: ${cards(p.hand)}; hired: ${cards(p.hired)}`,
        );
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
        lazyDetails("State before", `history-${at}-before`, () => stateSummary(entry.before)),
        lazyDetails("State after", `history-${at}-after`, () => stateSummary(entry.result.state)),
        entry.round > 0 ? lazyDetails("What the scoring did", `history-${at}-result`, () => [...eventLists(entry.result), entry.result.final ? finalView(entry.result) : null].filter(Boolean)) : null,
      ),
    );
    const dealt = game.seed !== null && game.seed !== undefined ? el("p", { class: "small muted" }, `Dealt with seed ${game.seed}: gah setup ${DATA.name} --players ${game.history[0].before.players.map((p) => p.name).join(",")} --seed ${game.seed} deals the same game.`) : null;
    return section("Rounds so far", { class: "card span" }, dealt, el("ol", { class: "history" }, items));
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
      const text = PadReport.humanReport(entry.result);
      const fallback = () => {
        area.value = text;
        area.select();
        said.textContent = "Copying is not allowed here: the results are in the box, selected.";
      };
      if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(text).then(() => (said.textContent = "The results are copied as text."), fallback);
      else fallback();
    };
    const doImport = (text) => {
      if (act(() => G.importText(pad, text), (label) => label + ": done (Undo takes it back).")) focusStatus();
      else said.textContent = "Cannot import: " + message;
    };
    const file = el("input", { type: "file", accept: ".json,application/json", id: "import-file" });
    file.addEventListener("change", () => {
      const chosen = file.files && file.files[0];
      if (chosen) chosen.text().then(doImport);
    });
    const buttons = entry
      ? [
          button("Copy the results as text", copy, { "data-key": "copy" }),
          button(`Download ${stem}.json`, () => download(stem + ".json", "application/json", JSON.stringify(entry.before, null, 2) + "\n"), { "data-key": "json" }),
          button(`Download ${stem}.csv`, () => download(stem + ".csv", "text/csv", PadReport.csv(entry.result)), { "data-key": "csv" }),
          button("Show the JSON", () => (area.value = JSON.stringify(entry.before, null, 2)), { "data-key": "show" }),
        ]
      : [];
    return section(
      "Export and import",
      { class: "card span" },
      entry ? el("p", { class: "small muted" }, `The JSON is the state scored last (round ${entry.round}): gah score ${stem}.json gives the result shown.`) : null,
      el("div", { class: "row" }, buttons),
      el("label", { class: "label", for: area.id }, "JSON (paste a state from gah setup --json or an export to import it)"),
      area,
      el("div", { class: "row" }, button("Import the JSON above", () => doImport(area.value), { "data-key": "import" })),
      el("label", { class: "label", for: file.id }, "Or import a state file"),
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
          ? button("✕", () => { pad.setup.names.splice(index, 1); changed(); }, { class: "small quiet", "aria-label": "Remove player " + (index + 1) })
          : null;
      const label = "Player " + (index + 1) + (index === 0 ? " (start player)" : "");
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
    const add = pad.setup.names.length < DATA.maxPlayers ? button("Add a player", () => { pad.setup.names.push(""); changed(); }, { "data-key": "setup-add" }) : null;
    const deal = () => {
      const typedSeed = pad.setup.seed.trim();
      const chosen = typedSeed ? PadCheck.wholeOf(typedSeed) : crypto.getRandomValues(new Uint32Array(1))[0];
      if (chosen === null) return refused("seed: expected a whole number, got " + JSON.stringify(typedSeed));
      if (act(() => G.deal(pad, chosen), `Dealt with seed ${chosen}.`)) focusStatus();
      else refused(message);
    };
    const hand = () => {
      if (act(() => G.byHand(pad), "Enter the dealt game: the tiles and each hand.")) focusStatus();
      else refused(message);
    };
    return section(
      "Players and the deal",
      { class: "card span" },
      el("p", {}, `Players in turn order, ${DATA.minPlayers} to ${DATA.maxPlayers}. ${DATA.dealText}`),
      rows,
      add,
      el("div", { class: "field" }, el("label", { class: "label", for: seedId }, "Seed (optional; the same seed deals the same game as gah setup)"), seed),
      error,
      el("div", { class: "row" }, button("Deal the game", deal, { class: "primary", "data-key": "deal" }), button("Enter the deal by hand", hand, { "data-key": "by-hand" })),
    );
  }

  // --- status, the score action, and the checks -------------------------------------------------

  function nextStep(game) {
    if (!game) return "Type the players' names and deal, or import a state.";
    if (game.finished) return "The game is over: the final scoring and the standings are below.";
    const round = game.round;
    if (round === 0) return "Before round 1: choose the Emperor tiles and enter each player's starting hand, then start round 1.";
    const scoring = DATA.scorings.find((s) => s.round === round);
    const action = G.actionLabel(game);
    if (scoring) {
      const tile = game.entries.tiles[scoring.tier] ? tileById.get(game.entries.tiles[scoring.tier]).name : "no tile chosen";
      return `Round ${round} ends with the Emperor scoring (tier ${scoring.tier}: ${tile}). At its end, enter where each player stands, then tap ${action}.`;
    }
    return `Play round ${round}. At its end, enter what changed, then tap ${action}.`;
  }

  function roundLine(game) {
    if (!game) return "A new game";
    if (game.finished) return "Game over";
    return game.round === 0 ? "Before round 1" : `Round ${game.round} of ${DATA.rounds}`;
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
    const primary = el("button", { type: "button", class: "primary", id: "action", "data-key": "action", "aria-describedby": "action-why" });
    primary.addEventListener("click", runAction);
    const undo = el("button", { type: "button", id: "undo", "data-key": "undo" });
    undo.addEventListener("click", () => act(() => G.undo(pad), (label) => `Undone: ${label}.`));
    return el(
      "div",
      { class: "actionbar", role: "region", "aria-label": "Score action" },
      el("div", { class: "bar" }, el("p", { id: "action-why", class: "why", "aria-live": "polite" }, ""), el("div", { class: "row nowrap" }, undo, primary)),
    );
  }

  function runAction() {
    const game = pad.game;
    if (!game) return document.querySelector('[data-key="deal"]').click();
    if (game.finished) return act(() => G.newGame(pad), "A new game (Undo brings the last one back).");
    if (act(() => G.commit(pad), (label) => `Done: ${label}. ${scoredSummary()}`)) focusResult();
  }

  function scoredSummary() {
    const entry = lastEntry(pad.game);
    if (!entry || !entry.result) return "";
    if (entry.result.standings) return "Standings: " + entry.result.standings.map((s) => `${s.rank}. ${s.player} ${s.points}`).join(", ") + ".";
    return entry.result.state.players.map((p) => `${p.name} ${p.points} points`).join(", ") + ".";
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
    const found = G.problems(pad).map((problem) => Object.assign(placed(problem), problem));
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
      if (input && problem.path.startsWith(input.dataset.path)) input.setAttribute("aria-invalid", "true");
    }
    const action = document.getElementById("action");
    action.textContent = game ? (game.finished ? "New game" : G.actionLabel(game)) : "Deal the game";
    action.disabled = found.length > 0;
    const why = document.getElementById("action-why");
    if (!found.length) why.textContent = game && !game.finished ? roundLine(game) + ": ready." : roundLine(game);
    else why.replaceChildren(el("strong", {}, found.length === 1 ? "Fix first: " : `Fix ${found.length} entries first: `), found[0].text);
    const list = document.getElementById("to-fix");
    list.hidden = !found.length;
    list.lastChild.replaceChildren(...found.map(fixItem));
    const last = pad.undo[pad.undo.length - 1];
    const undo = document.getElementById("undo");
    undo.hidden = !last;
    undo.textContent = last ? "Undo: " + last.label : "Undo";
    document.getElementById("round-line").textContent = roundLine(game);
    document.getElementById("next-step").textContent = nextStep(game);
    document.getElementById("said").textContent = message;
    keepAwake();
  }

  // A problem in the list of what to fix: tapping it goes to its field.
  function fixItem(problem) {
    const target = problem.field && problem.field.input;
    if (!target) return el("li", {}, problem.text);
    const go = () => {
      const folded = target.closest("details");
      if (folded) folded.open = true;
      target.focus();
    };
    return el("li", {}, button(problem.text, go, { class: "link" }));
  }

  function toFixSection() {
    return el("section", { class: "to-fix span", id: "to-fix", hidden: true, "aria-label": "Entries to fix" }, el("p", { class: "label" }, "To fix before scoring"), el("ul", {}));
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
        parts.push(tilesSection(game), ...game.entries.players.map((player, index) => playerCard(player, index)));
        if (game.entries.players.length < DATA.maxPlayers && game.round === 0) {
          parts.push(el("div", { class: "row span" }, button("Add a player", () => { G.addPlayer(pad); changed(); }, { "data-key": "add-player" })));
        }
      }
      parts.push(historySection(game), exportSection(game));
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
    const theme = el("select", { id, "data-key": "theme" }, [["auto", "as the system"], ["light", "light"], ["dark", "dark"]].map(([value, text]) => el("option", { value }, text)));
    theme.value = savedTheme();
    theme.addEventListener("change", () => {
      try {
        window.localStorage.setItem(THEME_KEY, theme.value);
      } catch (error) {
        // the switch works for this visit
      }
      applyTheme(theme.value);
    });
    return el(
      "header",
      { class: "span" },
      el("a", { class: "skip", href: "#action" }, "Skip to the score action"),
      el("h1", {}, DATA.title + ": score pad"),
      el("p", { class: "muted" }, "Ruleset " + DATA.name + ". " + DATA.description),
      el("div", { class: "row" }, el("label", { for: id }, "Colours"), theme),
    );
  }

  function savedTheme() {
    try {
      return window.localStorage.getItem(THEME_KEY) || "auto";
    } catch (error) {
      return "auto";
    }
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
  applyTheme(savedTheme());
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

// The score pad's UI: entries for a game state, the Emperor scorings and the final scoring.
// Rules data and player input reach the page through text nodes and attribute setters only,
// never as markup. The mechanics are GAH (the engine script before this one).
"use strict";

(function () {
  const DATA = JSON.parse(document.getElementById("gah-data").textContent);
  const STORE = "gah-pad-" + DATA.name;
  const ROOM_CYCLE = { ".": "v", v: "o", o: "." };
  const ROOM_WORD = { ".": "empty", v: "vacant", o: "occupied" };
  const ROOM_MARK = { ".": "", v: "V", o: "O" };
  const app = document.getElementById("app");

  // --- a tiny DOM builder: strings become text nodes, never markup ----------------------------

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

  // --- the entries: a state as `gah score` reads it -----------------------------------------

  function blankPlayer(name) {
    const kitchen = {};
    for (const item of DATA.items) kitchen[item.id] = 0;
    return {
      name,
      points: DATA.start.points,
      krones: DATA.start.krones,
      emperor: 0,
      kitchen,
      cafe: [],
      hotel: Array(DATA.floors).fill(".".repeat(DATA.columns)),
      hand: [],
      hired: [],
      objectives: 0,
      choices: {},
    };
  }

  function blankState() {
    const tiles = {};
    for (const tier of DATA.tiers) tiles[tier] = DATA.tiles.find((t) => t.tier === tier).id;
    const players = [];
    for (let n = 1; n <= Math.max(2, DATA.minPlayers); n++) players.push(blankPlayer("Player " + n));
    return { round: 0, tiles, players };
  }

  let entries = load() || blankState();
  let outcome = null; // the last scoring: { before, result } or { before, error }

  function load() {
    try {
      const text = window.localStorage.getItem(STORE);
      return text ? JSON.parse(text) : null;
    } catch (error) {
      return null;
    }
  }

  function save() {
    try {
      window.localStorage.setItem(STORE, JSON.stringify(entries));
    } catch (error) {
      // Storage may be off (private mode, some file:// pages): the pad works without it.
    }
  }

  function changed() {
    save();
  }

  const staffByNumber = new Map(DATA.staff.map((card) => [card.number, card]));
  const itemName = new Map(DATA.items.map((item) => [item.id, item.name]));

  // --- controls --------------------------------------------------------------------------------

  // A number with large minus and plus buttons; `label` is shown, `name` (default: the label) is read out.
  function stepper(label, get, set, low, high, name) {
    name = name || label;
    const input = el("input", { type: "number", inputmode: "numeric", min: low, max: high, value: get(), "aria-label": name });
    const put = (value) => {
      const n = Math.max(low, high === undefined ? value : Math.min(high, value));
      set(n);
      input.value = n;
      changed();
    };
    input.addEventListener("input", () => {
      const n = parseInt(input.value, 10);
      if (!Number.isNaN(n)) {
        set(Math.max(low, high === undefined ? n : Math.min(high, n)));
        changed();
      }
    });
    return el(
      "label",
      { class: "field" },
      el("span", { class: "label" }, label),
      el(
        "span",
        { class: "stepper" },
        el("button", { type: "button", class: "step", "aria-label": name + " minus one", onclick: () => put(get() - 1) }, "−"),
        input,
        el("button", { type: "button", class: "step", "aria-label": name + " plus one", onclick: () => put(get() + 1) }, "+"),
      ),
    );
  }

  // A card across the whole width (players sit two abreast on a wide screen).
  function section(title, ...children) {
    return el("section", { class: "card span" }, el("h2", {}, title), ...children);
  }

  // --- tiles ------------------------------------------------------------------------------------

  function tilesSection() {
    const rows = DATA.tiers.map((tier) => {
      const select = el("select", { "aria-label": "Tile of tier " + tier, "data-tier": tier });
      for (const tile of DATA.tiles.filter((t) => t.tier === tier)) {
        const option = el("option", { value: tile.id }, tile.name + " (" + tile.id + ")");
        if (entries.tiles[tier] === tile.id) option.selected = true;
        select.append(option);
      }
      select.addEventListener("change", () => {
        entries.tiles[tier] = select.value;
        changed();
      });
      const rounds = DATA.scorings.filter((s) => s.tier === tier).map((s) => s.round);
      return el("label", { class: "field wide" }, el("span", { class: "label" }, "Tier " + tier + " (round " + rounds.join(", ") + ")"), select);
    });
    return section("Emperor tiles in play", rows);
  }

  // --- a player ---------------------------------------------------------------------------------

  function hotelGrid(player, rerender) {
    const grid = el("div", { class: "hotel", role: "grid", "aria-label": player.name + "'s hotel, top floor first" });
    grid.style.gridTemplateColumns = "repeat(" + DATA.columns + ", 1fr)";
    for (let index = 0; index < DATA.floors; index++) {
      const floor = DATA.floors - index;
      for (let column = 1; column <= DATA.columns; column++) {
        const room = player.hotel[index][column - 1];
        const colour = DATA.colours[floor - 1][column - 1];
        const cell = floor + "." + column;
        const button = el(
          "button",
          {
            type: "button",
            class: "room " + (colour === "red" || colour === "blue" || colour === "yellow" ? colour : "other") + " state-" + ROOM_WORD[room],
            "aria-label": "room " + cell + " (" + colour + "): " + ROOM_WORD[room],
            "data-cell": cell,
            onclick: () => {
              const row = Array.from(player.hotel[index]);
              row[column - 1] = ROOM_CYCLE[row[column - 1]];
              player.hotel[index] = row.join("");
              changed();
              rerender();
            },
          },
          el("span", { class: "mark" }, ROOM_MARK[room]),
          el("span", { class: "cellname" }, cell),
        );
        grid.append(button);
      }
    }
    return el("div", { class: "field wide" }, el("span", { class: "label" }, "Hotel: tap a room for empty → vacant → occupied"), grid);
  }

  function itemSteppers(owner, where) {
    return el(
      "div",
      { class: "items" },
      DATA.items.map((item) =>
        stepper(
          item.name,
          () => owner[item.id] || 0,
          (n) => {
            owner[item.id] = n;
          },
          0,
          undefined,
          where + " " + item.name,
        ),
      ),
    );
  }

  function cafeBlock(player, rerender) {
    const guests = player.cafe.map((guest, index) =>
      el(
        "div",
        { class: "guest" },
        el("span", { class: "label" }, "Guest " + (index + 1)),
        itemSteppers(guest, "Guest " + (index + 1)),
        el(
          "button",
          {
            type: "button",
            class: "small",
            onclick: () => {
              player.cafe.splice(index, 1);
              changed();
              rerender();
            },
          },
          "Remove guest " + (index + 1),
        ),
      ),
    );
    const add =
      player.cafe.length < DATA.cafeSeats
        ? el(
            "button",
            {
              type: "button",
              class: "small",
              onclick: () => {
                const guest = {};
                for (const item of DATA.items) guest[item.id] = 0;
                player.cafe.push(guest);
                changed();
                rerender();
              },
            },
            "Add a café guest",
          )
        : null;
    return el("div", { class: "field wide" }, el("span", { class: "label" }, "Café (" + DATA.cafeSeats + " seats)"), guests, add);
  }

  function cardLabel(number) {
    const card = staffByNumber.get(number);
    return card ? number + " " + card.name : String(number);
  }

  function staffBlock(player, rerender) {
    const chips = (list, where) =>
      el(
        "div",
        { class: "chips" },
        list.length ? null : el("span", { class: "muted" }, "none"),
        list.map((number, index) =>
          el(
            "button",
            {
              type: "button",
              class: "chip",
              "aria-label": "remove " + cardLabel(number) + " from " + where,
              onclick: () => {
                list.splice(index, 1);
                changed();
                rerender();
              },
            },
            cardLabel(number) + " ✕",
          ),
        ),
      );
    const search = el("input", { type: "search", placeholder: "Staff number or name", "aria-label": player.name + ": find Staff", autocomplete: "off" });
    const matches = el("div", { class: "matches" });
    const show = () => {
      matches.replaceChildren();
      const query = search.value.trim().toLowerCase();
      if (!query) return;
      const held = new Set(entries.players.flatMap((p) => p.hand.concat(p.hired)));
      const found = DATA.staff.filter((card) => (String(card.number) === query || card.name.toLowerCase().includes(query)) && !held.has(card.number));
      for (const card of found.slice(0, 8)) {
        const add = (list) => () => {
          list.push(card.number);
          changed();
          rerender();
        };
        matches.append(
          el(
            "div",
            { class: "match" },
            el("span", {}, card.number + " " + card.name + " · cost " + card.cost + " · " + card.kind.replace(/_/g, " ")),
            el("button", { type: "button", class: "small", onclick: add(player.hand) }, "to hand"),
            el("button", { type: "button", class: "small", onclick: add(player.hired) }, "hired"),
          ),
        );
      }
      if (!found.length) matches.append(el("span", { class: "muted" }, "no free Staff card matches"));
    };
    search.addEventListener("input", show);
    return el(
      "div",
      { class: "field wide" },
      el("span", { class: "label" }, "Staff in hand"),
      chips(player.hand, "hand"),
      el("span", { class: "label" }, "Staff hired"),
      chips(player.hired, "hired"),
      search,
      matches,
    );
  }

  function playerCard(index) {
    const holder = el("section", { class: "card player", "data-player": index });
    const render = () => {
      const player = entries.players[index];
      const name = el("input", { type: "text", value: player.name, "aria-label": "Name of player " + (index + 1), class: "name" });
      name.addEventListener("input", () => {
        player.name = name.value;
        changed();
      });
      const remove =
        entries.players.length > 1
          ? el(
              "button",
              {
                type: "button",
                class: "small",
                onclick: () => {
                  entries.players.splice(index, 1);
                  changed();
                  renderAll();
                },
              },
              "Remove player",
            )
          : null;
      const parts = [
        el("h2", {}, "Player " + (index + 1)),
        el("label", { class: "field wide" }, el("span", { class: "label" }, "Name"), name),
        el(
          "div",
          { class: "numbers" },
          stepper("Points", () => player.points, (n) => (player.points = n), 0),
          stepper("Krones", () => player.krones, (n) => (player.krones = n), 0),
          stepper("Emperor space", () => player.emperor, (n) => (player.emperor = n), 0, DATA.trackLast),
          stepper("Objectives", () => player.objectives, (n) => (player.objectives = n), 0),
        ),
        hotelGrid(player, render),
        el("div", { class: "field wide" }, el("span", { class: "label" }, "Kitchen"), itemSteppers(player.kitchen, "Kitchen")),
        cafeBlock(player, render),
        staffBlock(player, render),
        remove,
      ];
      holder.replaceChildren(...parts.filter((part) => part !== null));
    };
    render();
    return holder;
  }

  // --- scoring ------------------------------------------------------------------------------

  function stateFor(round) {
    const state = JSON.parse(JSON.stringify(entries));
    state.round = round;
    for (const player of state.players) if (!player.choices || typeof player.choices !== "object") player.choices = {};
    return state;
  }

  function runScoring(before) {
    try {
      outcome = { before, result: GAH.scoreGame(JSON.parse(JSON.stringify(before))) };
    } catch (error) {
      if (!(error instanceof GAH.StateError)) throw error;
      outcome = { before, error: error.message };
    }
  }

  function scoreRound(round) {
    runScoring(stateFor(round));
    renderAll();
    document.getElementById("outcome").scrollIntoView();
  }

  function accept() {
    // The entries become the state after the scoring; recorded decisions belong to the scoring that used them.
    entries = JSON.parse(JSON.stringify(outcome.result.state));
    delete entries.staff_deck;
    delete entries.staff_discard;
    for (const player of entries.players) player.choices = {};
    outcome = null;
    changed();
    renderAll();
  }

  function rescore() {
    runScoring(outcome.before);
    renderAll();
  }

  // The `choices` value that records `value` as decision `index` of `key`: the decisions of that key
  // before it as they were taken, this one changed, the later ones left to the default policy.
  function recordAt(taken, key, index, value) {
    const earlier = taken.steps.filter((step) => step.key === key && step.index < index).map((step) => step.value);
    return index === 0 ? value : [...earlier, value];
  }

  function stepText(step) {
    let how = step.how === "only" ? "the only option" : step.how;
    if (step.runner_up) how += "; next best " + JSON.stringify(step.runner_up.value) + ": " + step.runner_up.total + " points";
    else if (step.total !== undefined) how += "; projected " + step.total + " points";
    return step.key + " #" + (step.index + 1) + " (" + how + ")";
  }

  function decisionEditor(taken, step) {
    const player = outcome.before.players.find((p) => p.name === taken.player);
    const input = el("input", { type: "text", value: JSON.stringify(step.value), "aria-label": taken.player + " " + step.key + " " + (step.index + 1) });
    const record = () => {
      let parsed;
      try {
        parsed = JSON.parse(input.value);
      } catch (error) {
        parsed = input.value; // a bare word or room such as 2.3
      }
      player.choices[step.key] = recordAt(taken, step.key, step.index, parsed);
      rescore();
    };
    const undo =
      step.how === "recorded"
        ? el(
            "button",
            {
              type: "button",
              class: "small",
              onclick: () => {
                delete player.choices[step.key];
                rescore();
              },
            },
            "use default",
          )
        : null;
    return el(
      "li",
      {},
      el("span", { class: "key" }, taken.player + " · " + stepText(step)),
      input,
      el("button", { type: "button", class: "small", onclick: record }, "record"),
      undo,
    );
  }

  // Recorded decisions of the state scored (shown when the scoring refused one).
  function recordedList() {
    const rows = [];
    for (const player of outcome.before.players) {
      for (const key of Object.keys(player.choices)) {
        rows.push(
          el(
            "li",
            {},
            el("span", { class: "key" }, player.name + " · " + key + ": " + JSON.stringify(player.choices[key])),
            el(
              "button",
              {
                type: "button",
                class: "small",
                onclick: () => {
                  delete player.choices[key];
                  rescore();
                },
              },
              "use default",
            ),
          ),
        );
      }
    }
    return rows.length ? el("ul", { class: "decisions" }, rows) : null;
  }

  function outcomeSection() {
    const box = el("section", { class: "card span outcome", id: "outcome" });
    if (!outcome) return box;
    if (outcome.error) {
      box.append(el("h2", {}, "Cannot score round " + outcome.before.round), el("p", { class: "error", role: "alert" }, outcome.error));
      const recorded = recordedList();
      if (recorded) box.append(el("h3", {}, "Recorded decisions"), recorded);
      return box;
    }
    const result = outcome.result;
    box.append(el("h2", {}, "After round " + result.round));
    const events = result.events.filter((e) => e.kind !== "final");
    if (!events.length) box.append(el("p", {}, "No Emperor scoring after this round."));
    let current;
    let list = null;
    for (const event of events) {
      if (event.player !== current || !list) {
        current = event.player;
        box.append(el("h3", {}, current === null ? "Game" : current));
        list = el("ul", { class: "events" });
        box.append(list);
      }
      list.append(el("li", { class: "event kind-" + event.kind }, event.text));
    }
    if (result.final) box.append(finalTable(result));
    for (const unused of result.unused_choices) box.append(el("p", { class: "error", role: "alert" }, "Warning: " + unused.message));
    const steps = result.decisions.flatMap((taken) => taken.steps.map((step) => decisionEditor(taken, step)));
    box.append(
      steps.length
        ? el("div", {}, el("h3", {}, "Decisions (change one and see the effect)"), el("ul", { class: "decisions" }, steps))
        : el("p", { class: "muted" }, "No decisions were needed."),
    );
    box.append(el("button", { type: "button", class: "primary", onclick: accept }, "Keep: the entries become the state after round " + result.round));
    return box;
  }

  // Sources down, players across: a phone shows up to four players without scrolling.
  function finalTable(result) {
    const sources = [];
    for (const entry of result.final) for (const source of Object.keys(entry.breakdown)) if (!sources.includes(source)) sources.push(source);
    const row = (label, cls, value) =>
      el("tr", { class: cls }, el("th", {}, label), result.final.map((entry) => el("td", { "data-player": entry.player }, value(entry))));
    const head = el("tr", {}, el("th", {}, ""), result.final.map((entry) => el("th", {}, entry.player)));
    const rows = [
      row("points", "points", (entry) => entry.points),
      ...sources.map((s) => row(s.replace(/_/g, " "), "source", (entry) => entry.breakdown[s] || 0)),
      row("total", "total", (entry) => entry.total),
    ];
    const notes = result.events.filter((e) => e.kind === "final").map((e) => el("li", {}, e.text));
    const standings = result.standings.map((line) =>
      el("li", { class: "standing", "data-rank": line.rank }, line.rank + ". " + line.player + ": " + line.points + " points (tie-breaker " + line.tiebreak + ")"),
    );
    return el(
      "div",
      {},
      el("h3", {}, "Final scoring"),
      el("div", { class: "scroll" }, el("table", { class: "final" }, el("thead", {}, head), el("tbody", {}, rows))),
      notes.length ? el("ul", { class: "events" }, notes) : null,
      el("h3", {}, "Standings"),
      el("ul", { class: "standings" }, standings),
    );
  }

  // --- export and import ------------------------------------------------------------------

  function exportSection() {
    const area = el("textarea", { rows: 6, "aria-label": "Game state as JSON", spellcheck: "false" });
    const message = el("p", { class: "muted", role: "status" });
    const showExport = () => {
      const state = outcome && outcome.result ? outcome.result.state : entries;
      area.value = JSON.stringify(state, null, 2);
      message.textContent = "The state as JSON: save it and run gah score on a computer.";
    };
    const doImport = (text) => {
      try {
        const state = JSON.parse(text);
        GAH.readGame(GAH.RULES, JSON.parse(JSON.stringify(state)));
        for (const player of state.players) if (!player.choices) player.choices = {};
        entries = state;
        outcome = null;
        changed();
        renderAll();
      } catch (error) {
        message.textContent = "Cannot import: " + error.message;
      }
    };
    const file = el("input", { type: "file", accept: ".json,application/json", "aria-label": "Import a state file" });
    file.addEventListener("change", () => {
      const chosen = file.files && file.files[0];
      if (chosen) chosen.text().then(doImport);
    });
    const download = () => {
      showExport();
      const link = el("a", { download: DATA.name + "-round-" + entries.round + ".json" });
      link.href = URL.createObjectURL(new Blob([area.value + "\n"], { type: "application/json" }));
      document.body.append(link);
      link.click();
      link.remove();
    };
    return section(
      "Export and import",
      el(
        "div",
        { class: "row" },
        el("button", { type: "button", onclick: showExport }, "Show JSON"),
        el("button", { type: "button", onclick: download }, "Download JSON"),
        el("button", { type: "button", onclick: () => doImport(area.value) }, "Import the JSON above"),
      ),
      area,
      file,
      message,
    );
  }

  // --- the page ---------------------------------------------------------------------------

  function renderAll() {
    const buttons = DATA.scorings.map((s) =>
      el("button", { type: "button", class: "primary score", "data-round": s.round, onclick: () => scoreRound(s.round) }, "Score round " + s.round),
    );
    const addPlayer =
      entries.players.length < DATA.maxPlayers
        ? el(
            "button",
            {
              type: "button",
              onclick: () => {
                entries.players.push(blankPlayer("Player " + (entries.players.length + 1)));
                changed();
                renderAll();
              },
            },
            "Add a player",
          )
        : null;
    const reset = el(
      "button",
      {
        type: "button",
        class: "small",
        onclick: () => {
          if (window.confirm("Clear every entry?")) {
            entries = blankState();
            outcome = null;
            changed();
            renderAll();
          }
        },
      },
      "New game",
    );
    app.replaceChildren(
      el("header", {}, el("h1", {}, DATA.title), el("p", { class: "muted" }, "Score pad for the ruleset " + DATA.name + ". " + DATA.description)),
      tilesSection(),
      ...entries.players.map((_, index) => playerCard(index)),
      el("div", { class: "row" }, addPlayer, reset),
      section("Score", el("div", { class: "row" }, buttons)),
      outcomeSection(),
      exportSection(),
    );
  }

  renderAll();
})();

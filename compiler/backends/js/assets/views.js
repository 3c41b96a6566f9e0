// The pad's views of a game as it went (issue 31), drawn for ui.js: the points after every scoring as a
// table and a small chart (inline SVG, no library), the whole game as files (CSV, JSON, the Web Share
// API where the browser has it), a rematch, the players folded one at a time, who holds a Staff card,
// and messages without raw paths. ui.js hands over its DOM builder and words (`env`); all data reaches
// the page as text nodes and attributes, as everywhere on the page.
"use strict";

const PadViews = (function () {
  const SVG = "http://www.w3.org/2000/svg";
  const CHART = { width: 320, height: 170, left: 34, right: 8, top: 10, bottom: 24 };

  // env: {el, button, section, say, words(), pad(), data, act, changed, download, cardName, playerName, askFirst}
  function make(env) {
    const { el, button, say } = env;
    const ROLES = PadRoles.make(env.data); // what a player's role never has shows as "-"
    let openPlayer = 0; // the player whose entries are shown (one at a time)
    let openRound = null; // the round they are for: a new round opens the first player again

    function svg(tag, attrs, ...children) {
      const node = document.createElementNS(SVG, tag);
      for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, String(value));
      for (const child of children) node.append(child instanceof Node ? child : document.createTextNode(String(child)));
      return node;
    }

    // --- the points by round: a table, and the same as a chart ---------------------------------

    function rowTitle(row) {
      if (row.final) return say("row_final");
      if (row.round === 0) return say("row_deal");
      return row.tier !== null ? say("row_emperor", { round: row.round, tier: row.tier }) : say("round_n", { round: row.round });
    }

    function signed(change) {
      return change > 0 ? "+" + change : change < 0 ? "−" + -change : "±0";
    }

    function pointsTable(table, names) {
      const head = el("tr", {}, el("th", { scope: "col" }, say("column_scoring")), names.map((name) => el("th", { scope: "col", class: "who" }, name)));
      const body = table.map((row, at) =>
        el(
          "tr",
          { class: row.final ? "final-row" : null, "data-round": row.round, "data-final": row.final ? "true" : null },
          el("th", { scope: "row" }, rowTitle(row)),
          names.map((name) => {
            const now = PadHistory.series(table, name)[at];
            const before = at > 0 ? PadHistory.series(table, name)[at - 1] : null;
            if (now === null) return el("td", { "data-player": name }, "–");
            const change = before === null ? null : now - before;
            return el("td", { "data-player": name, "data-points": now }, String(now), change === null ? null : el("span", { class: "change" }, " " + signed(change)));
          }),
        ),
      );
      const captionId = "rounds-caption";
      return el("div", { class: "scroll", tabindex: "0", role: "region", "aria-label": say("rounds_heading") }, el("table", { class: "rounds", "aria-describedby": captionId }, el("thead", {}, head), el("tbody", {}, body)), el("p", { id: captionId, class: "small muted" }, say("rounds_caption")));
    }

    // A line per player (its own colour and dash, with a mark at every scoring), the rounds along.
    function chart(table, names) {
      const { width, height, left, right, top, bottom } = CHART;
      const most = Math.max(10, ...names.flatMap((name) => PadHistory.series(table, name).filter((v) => v !== null)));
      const x = (at) => left + (table.length < 2 ? 0 : (at * (width - left - right)) / (table.length - 1));
      const y = (value) => top + (height - top - bottom) * (1 - value / most);
      const grid = [0, Math.round(most / 2), most].map((value) =>
        svg("g", {}, svg("line", { x1: left, x2: width - right, y1: y(value), y2: y(value), class: "grid" }), svg("text", { x: left - 4, y: y(value) + 4, class: "axis", "text-anchor": "end" }, value)),
      );
      const ticks = table.map((row, at) => svg("text", { x: x(at), y: height - 6, class: "axis", "text-anchor": "middle" }, row.final ? "Σ" : row.round));
      const lines = names.map((name, index) => {
        const points = PadHistory.series(table, name);
        const path = points.map((v, at) => (v === null ? null : `${x(at).toFixed(1)},${y(v).toFixed(1)}`)).filter(Boolean);
        const marks = points.map((v, at) => (v === null ? null : svg("circle", { cx: x(at).toFixed(1), cy: y(v).toFixed(1), r: 3 }))).filter(Boolean);
        return svg("g", { class: "series s" + (index % 6) }, svg("polyline", { points: path.join(" "), fill: "none" }), ...marks);
      });
      const labelId = "chart-label";
      const picture = svg("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-labelledby": labelId, class: "chart" }, svg("title", { id: labelId }, say("chart_label")), ...grid, ...ticks, ...lines);
      const legend = el(
        "ul",
        { class: "legend", "aria-hidden": "true" },
        names.map((name, index) => el("li", {}, el("span", { class: "swatch s" + (index % 6) }), name)),
      );
      return el("figure", { class: "chart-figure" }, picture, legend);
    }

    // The points by round, the scoring rounds only unless the table entered points in another (issue 42);
    // once the game is over, a new game and a rematch, each asked first (away from the score action).
    function roundsSection(game) {
      const table = PadHistory.shown(PadHistory.rows(game, env.data.scorings));
      if (table.length < 1) return null;
      const names = PadHistory.names(table);
      const parts = [pointsTable(table, names), chart(table, names)];
      if (game.finished) parts.push(el("div", { class: "row game-over" }, ...nextGame()));
      return env.section(say("rounds_heading"), { class: "card span", id: "rounds" }, parts);
    }

    function nextGame() {
      const fresh = () => env.act(() => env.G.newGame(env.pad()), say("new_game_said"));
      const again = () => env.act(() => env.G.rematch(env.pad()), say("rematch_said"));
      return [
        env.askFirst(say("new_game"), say("new_game_sure"), fresh, "new-game", { class: "" }, { text: say("new_game_yes"), "data-phase": true }),
        env.askFirst(say("rematch"), say("rematch_sure"), again, "rematch", { class: "" }, { text: say("rematch_yes"), "data-phase": true }),
      ];
    }

    // --- the whole game as files, and shared ------------------------------------------------

    function gameFiles(game, said) {
      if (!game || !game.history.length) return null;
      const stem = `${env.data.name}-game`;
      const csv = () => PadHistory.csv(game, env.data.scorings);
      const json = () => PadHistory.json(game, env.data.name);
      const buttons = [
        button(say("download", { file: stem + ".csv" }), () => env.download(stem + ".csv", "text/csv", csv()), { "data-key": "game-csv" }),
        button(say("download", { file: stem + ".json" }), () => env.download(stem + ".json", "application/json", json()), { "data-key": "game-json" }),
      ];
      if (navigator.share) buttons.push(button(say("share"), () => share(game, stem, csv(), json(), said), { "data-key": "share" }));
      return el("div", {}, el("p", { class: "small muted" }, say("game_files_note")), el("div", { class: "row" }, buttons));
    }

    // The report of the last scoring as text, with the whole game's files where the browser shares files.
    function share(game, stem, csv, json, said) {
      const last = game.history[game.history.length - 1];
      const text = PadReport.humanReport(last.result, env.words().report);
      const files = typeof File === "function" ? [new File([csv], stem + ".csv", { type: "text/csv" }), new File([json], stem + ".json", { type: "application/json" })] : [];
      const data = { title: say("page_title", { title: env.words().title }), text };
      if (files.length && navigator.canShare && navigator.canShare({ files })) data.files = files;
      navigator.share(data).then(
        () => (said.textContent = say("shared")),
        (error) => (said.textContent = error && error.name === "AbortError" ? "" : say("share_failed", { message: String(error && error.message) })),
      );
    }

    // --- the players, one at a time ----------------------------------------------------------

    // Each player's card folds to its name (a button) and a line (points, krones, space, entries to fix);
    // opening one folds the others, so a round's entries are one player's card long. `cards` are ui.js's.
    function foldPlayers(cards, players) {
      const round = env.pad().game.round;
      if (openPlayer >= cards.length || round !== openRound) openPlayer = 0;
      openRound = round;
      return cards.map((card, index) => {
        const heading = card.querySelector("h2");
        const body = el("div", { class: "player-body", id: "player-body-" + index, hidden: index !== openPlayer });
        body.append(...Array.from(card.childNodes).filter((node) => node !== heading));
        const toggle = el("button", { type: "button", class: "fold", "aria-expanded": String(index === openPlayer), "aria-controls": body.id, "data-key": `players[${index}]-open` });
        toggle.append(el("span", { class: "fold-name" }));
        toggle.addEventListener("click", () => {
          openPlayer = index === openPlayer ? -1 : index;
          for (const other of document.querySelectorAll("section.player")) {
            const mine = Number(other.dataset.player) === openPlayer;
            other.querySelector(".player-body").hidden = !mine;
            other.querySelector("button.fold").setAttribute("aria-expanded", String(mine));
          }
          if (openPlayer === index) card.scrollIntoView({ block: "start" });
        });
        tuck(body, players[index], index, round);
        heading.replaceChildren(toggle);
        heading.after(el("p", { class: "fold-line small" }, el("span", { class: "fold-figures" }), el("span", { class: "fold-problems" })));
        card.append(body);
        card.classList.add("folding");
        foldLine(card, players[index], index);
        return card;
      });
    }

    // What a round rarely changes folds away inside the open card: the name (with the removal of the
    // player, away from the Staff buttons) and the Staff cards (summed up in their summary line).
    function tuck(card, player, index, round) {
      const name = card.querySelector("input.name");
      const remove = card.querySelector(`[data-key="players[${index}]-remove"]`);
      if (name) {
        const field = name.closest(".field");
        const details = el("details", { "data-key": `players[${index}]-more-${round}` }, el("summary", {}, say("name_summary", { name: env.playerName(player, index) })));
        field.replaceWith(details);
        details.append(field, remove || "");
      }
      const search = card.querySelector(`[data-key="players[${index}].staff-search"]`);
      if (search) {
        const block = search.closest(".field.wide");
        const summary = say("staff_summary", { hand: player.hand.length, hired: player.hired.length });
        const details = el("details", { "data-key": `players[${index}]-staff-${round}`, class: "staff-fold" }, el("summary", {}, summary));
        block.replaceWith(details);
        details.append(block);
      }
    }

    // The folded line of a player: what they hold now (as typed), and how many entries need fixing.
    function foldLine(card, player, index, problems) {
      const button = card.querySelector("button.fold");
      if (!button) return;
      button.querySelector(".fold-name").textContent = env.playerName(player, index);
      const figures = [
        say("fold_points", { count: player.points }),
        say("fold_krones", { count: ROLES.has(player, "krones") ? player.krones : "-" }),
        say("fold_space", { space: player.emperor }),
      ];
      card.querySelector(".fold-figures").textContent = figures.join(say("fold_sep"));
      card.querySelector(".fold-problems").textContent = problems ? say("fold_problems", { count: problems }) : "";
    }

    // Open the player a field belongs to (a problem tapped in the list to fix).
    function reveal(target) {
      const card = target && target.closest("section.player");
      if (!card) return;
      const toggle = card.querySelector("button.fold");
      if (toggle && toggle.getAttribute("aria-expanded") !== "true") toggle.click();
    }

    // After every check: each folded line with its player's problems (paths players[i]...).
    function markProblems(found) {
      const players = env.pad().game ? env.pad().game.entries.players : [];
      for (const card of document.querySelectorAll("section.player.folding")) {
        const index = Number(card.dataset.player);
        const count = found.filter((problem) => problem.path === `players[${index}]` || problem.path.startsWith(`players[${index}].`) || problem.path.startsWith(`players[${index}][`)).length;
        if (players[index]) foldLine(card, players[index], index, count);
      }
    }

    // --- Staff: found by "#12", and who holds a card ---------------------------------------------

    // The search text as a card number ("12", "#12", "Nr. 12") or null.
    function cardNumber(query) {
      const found = /^(?:#|nr\.?|no\.?)?\s*([0-9]+)$/i.exec(query.trim());
      return found ? Number(found[1]) : null;
    }

    // Where a card is now: "in Ben's hand", "hired by Ben", "on the discard pile", or null (nobody holds it).
    function holder(number) {
      const entries = env.pad().game.entries;
      for (const [index, player] of entries.players.entries()) {
        const name = env.playerName(player, index);
        if (player.hand.includes(number)) return say("staff_held_hand", { card: env.cardName(number), number, player: name });
        if (player.hired.includes(number)) return say("staff_held_hired", { card: env.cardName(number), number, player: name });
      }
      if ((entries.staff_discard || []).includes(number)) return say("staff_held_discard", { card: env.cardName(number), number });
      return null;
    }

    // --- messages without raw paths --------------------------------------------------------------

    // A message that starts with a state path ("players[1]: ..."): the path said as the field's label,
    // else as the player's name (the names typed for a new game too).
    function readable(text, labelOf) {
      const end = PadGame.pathEnd(text);
      if (!end) return text;
      const path = /^[^ :(]+/.exec(text)[0];
      const label = labelOf(path);
      if (label) return label + text.slice(end);
      const seat = /^players\[(\d+)\]/.exec(path);
      if (!seat) return text;
      const index = Number(seat[1]);
      const game = env.pad().game;
      const typed = game ? (game.entries.players[index] || { name: "" }).name : env.pad().setup.names[index] || "";
      return say("player_who", { name: env.playerName({ name: typed }, index) }) + text.slice(end);
    }

    return { roundsSection, gameFiles, foldPlayers, reveal, markProblems, cardNumber, holder, readable };
  }

  return { make };
})();

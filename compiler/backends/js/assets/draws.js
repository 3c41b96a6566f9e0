// The table's draws on the page (issue 31): where the coming scoring draws Staff, each drawing player's
// cards are entered in the order drawn (picked from the cards nobody holds: by number or name), then
// the card played of them is chosen, each option with the player's projected total. The section says
// what the pad knows of the deck. The model is game.js's (drawers, addDrawn, choosePlay, drawOptions).
"use strict";

const PadDraws = (function () {
  let shown = null; // what the section shows (redrawn when a typed entry changes who draws)

  // Called by the page's checks after every change (`kit`: what the page lends, ui.js: G, pad, el, button,
  // act, say, cardName, cardNames, register, errorLine, uid). The section stands after the tiles' section
  // (placed here, so the page's own layout is left alone); it is drawn again when the page was, or when
  // who draws has changed since (a typed Emperor space).
  function update(kit) {
    let box = document.getElementById("draws");
    if (!box) {
      const tiles = document.querySelector('details[data-key="tiles"]');
      if (!tiles) return;
      box = kit.el("div", { id: "draws", class: "span" });
      tiles.closest("section").after(box);
      shown = null;
    }
    if (signature(kit) !== shown) fill(kit, box);
  }

  function signature(kit) {
    const game = kit.pad.game;
    return JSON.stringify([game && game.round, kit.G.drawers(kit.pad)]);
  }

  function fill(kit, box) {
    shown = signature(kit);
    const { el, say, pad } = kit;
    const drawers = kit.G.drawers(pad);
    box.replaceChildren();
    if (!drawers.length) return;
    const known = Array.isArray(pad.game.entries.staff_deck);
    const id = kit.uid("h");
    box.append(
      el(
        "section",
        { class: "card draws", "aria-labelledby": id },
        el("h2", { id }, say("draws_heading")),
        el("p", { class: "small muted" }, say(known ? "deck_known" : "deck_unknown")),
        drawers.map((drawer) => drawerBlock(kit, drawer, known)),
      ),
    );
  }

  function drawerBlock(kit, drawer, known) {
    const { el, say, pad } = kit;
    const player = pad.game.entries.players[drawer.index];
    const drawn = player.drawn || [];
    const error = kit.errorLine();
    kit.register(`players[${drawer.index}].drawn`, null, error, say("draw_label", { player: player.name }));
    const parts = [el("h3", {}, say("draw_player", { player: player.name, count: drawer.count }))];
    if (known && !drawn.length) {
      const cards = drawer.cards.map((n) => say("summary_card", { card: kit.cardName(n), number: n }));
      parts.push(el("p", {}, say("draw_from_deck", { cards: cards.join(say("list_sep")) })));
      if (drawer.policy !== null) parts.push(el("p", { class: "small muted" }, say("draw_policy", { card: kit.cardName(drawer.policy) })));
    }
    if (drawn.length) parts.push(drawnList(kit, drawer.index, drawn));
    if (drawn.length < drawer.count) parts.push(picker(kit, drawer.index, drawn.length));
    // The card to play is asked once the draw is whole (from a known deck, once the table named any).
    if (drawn.length && (known || drawn.length >= drawer.count)) parts.push(playChoice(kit, drawer.index, player));
    parts.push(error);
    return el("div", { class: "field wide draw", "data-player": drawer.index }, parts);
  }

  function drawnList(kit, index, drawn) {
    const { el, say, pad } = kit;
    return el(
      "ol",
      { class: "chips drawn" },
      drawn.map((number, at) =>
        el(
          "li",
          { class: "chip" },
          el("span", { class: "chip-name" }, kit.cardName(number), el("span", { class: "small muted" }, " #" + number)),
          kit.button("✕", () => kit.act(() => kit.G.removeDrawn(pad, index, at), say("draw_removed_said", { card: kit.cardName(number) })), {
            class: "small quiet",
            "aria-label": say("draw_remove_aria", { card: kit.cardName(number) }),
            "data-key": `draw-${index}-remove-${at}`,
          }),
        ),
      ),
    );
  }

  // The next card drawn: typed as its number or a piece of its name, then tapped (or Enter on a number).
  function picker(kit, index, at) {
    const { el, say, pad } = kit;
    const id = kit.uid("draw");
    const search = el("input", { id, type: "search", autocomplete: "off", inputmode: "search", "data-key": `draw-${index}-search` });
    const matches = el("ul", { class: "matches", "aria-live": "polite" });
    const add = (number) => kit.act(() => kit.G.addDrawn(pad, index, number), say("draw_added_said", { card: kit.cardName(number), number: at + 1 }));
    const found = () => {
      const query = search.value.trim().replace(/^#/, "").toLowerCase();
      if (!query) return [];
      const free = kit.G.drawable(pad);
      return free.filter((n) => String(n) === query || kit.cardNames(n).some((name) => name.includes(query))).sort((a, b) => a - b);
    };
    search.addEventListener("input", () => {
      matches.replaceChildren();
      const cards = found();
      for (const number of cards.slice(0, 6)) {
        matches.append(
          el(
            "li",
            { class: "match" },
            el("span", {}, kit.cardName(number), el("span", { class: "small muted" }, " #" + number)),
            kit.button(say("draw_add"), () => add(number), { class: "small", "aria-label": say("draw_add_aria", { card: kit.cardName(number) }), "data-key": `draw-${index}-add-${number}` }),
          ),
        );
      }
      if (search.value.trim() && !cards.length) matches.append(el("li", { class: "muted" }, say("draw_no_match")));
    });
    search.addEventListener("keydown", (event) => {
      if (event.key !== "Enter") return;
      const cards = found();
      if (cards.length === 1) add(cards[0]);
    });
    return el("div", { class: "field" }, el("label", { class: "label", for: id }, say("draw_next", { number: at + 1 })), search, matches);
  }

  // The card played of the drawn ones (or none), each with the projected total if chosen.
  function playChoice(kit, index, player) {
    const { el, say, pad } = kit;
    const chosen = Object.prototype.hasOwnProperty.call(player.choices, "play_staff") ? player.choices.play_staff : undefined;
    const options = kit.G.drawOptions(pad, index).map((option) => {
      const what = option.value === null ? say("draw_play_none") : say("draw_play_card", { card: kit.cardName(option.value), number: option.value });
      const total = option.error !== undefined ? say("option_impossible", { error: option.error }) : say("option_total", { total: option.total });
      return kit.button([el("strong", {}, what), say("option_line", { total })], () => kit.act(() => kit.G.choosePlay(pad, index, option.value), say("draw_chosen_said", { player: player.name, choice: what })), {
        class: "option-button",
        "aria-pressed": String(chosen === option.value),
        disabled: option.error !== undefined,
        "data-key": `draw-${index}-play-${option.value}`,
      });
    });
    return el("div", { class: "field wide", role: "group", "aria-label": say("draw_play_legend", { player: player.name }) }, el("p", { class: "label" }, say("draw_play_legend", { player: player.name })), options);
  }

  return { update };
})();

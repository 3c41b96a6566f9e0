// The table's Staff deck (issue 31): which players draw Staff in a scoring, and the deck the scored
// state holds. The pad does not know the order of the table's deck: the table enters the cards each
// player drew, in the order drawn, and the state scored holds exactly those on its deck (in the order
// the players draw), so the engine deals no card the table did not name. A state imported with
// its `staff_deck` keeps that deck (less the cards the table has since taken into hands or hired
// Staff); a player whose draw is not entered draws from it as `gah score` would.
// No DOM here: tests/js/pad.test.js runs it under Node.
"use strict";

const PadDeck = (function () {
  // `check(state)`: true when the state passes the state schema (the trial scoring needs a readable state).
  function make(DATA, GAH, check) {
    const numbers = DATA.staff.map((card) => card.number).sort((a, b) => a - b);
    const scoringRounds = new Set(DATA.scorings.map((s) => s.round));
    let cached = { key: null, found: null };

    function heldOf(state) {
      const held = new Set(state.staff_discard || []);
      for (const p of state.players) for (const n of (p.hand || []).concat(p.hired || [])) held.add(n);
      return held;
    }

    // The cards nobody holds: a known deck's, in its order, else every card by number (the engine's
    // own guess at an unknown deck, used only to find out who draws, never scored).
    function free(state, known) {
      const held = heldOf(state);
      return (known || numbers).filter((n) => !held.has(n));
    }

    const plain = (value) => JSON.parse(JSON.stringify(value, (key, v) => (typeof v === "bigint" ? String(v) : v)));

    // Who draws Staff in the scoring of `state`, in the order they draw: [{index, count, cards, policy}]
    // (cards: what the deck `free(state, known)` gives them; policy: the card the default policy plays
    // of those). A trial scoring finds it: a draw takes the next cards off the top, so an event that
    // lists exactly the next cards of the deck is a draw. null: the state cannot be scored yet.
    function drawersOf(state, known) {
      if (!scoringRounds.has(state.round) || !check(state)) return null;
      const deck = free(state, known);
      const trial = plain(state);
      trial.staff_deck = deck.slice();
      for (const p of trial.players) {
        // The decisions about the drawn cards are the table's to make once the draw is known.
        if (p.choices) delete p.choices.play_staff;
        if (p.choices) delete p.choices.drawn_to_bottom;
      }
      // Who draws depends on the Emperor track, the tiles and the hired Staff, and what the policy plays
      // on the krones, not on the rest: one trial serves every keystroke there (a scoring searches
      // every decision).
      const key = JSON.stringify([trial.round, trial.tiles, deck, trial.players.map((p) => [p.name, p.emperor, p.hired, p.hand, p.krones])]);
      if (cached.key === key) return cached.found;
      let result;
      try {
        result = GAH.scoreGame(trial);
      } catch (error) {
        if (error instanceof GAH.StateError) return null;
        throw error;
      }
      const found = [];
      let top = 0;
      for (const event of result.events) {
        const cards = event.cards;
        if (event.player === null || !Array.isArray(cards) || !cards.length) continue;
        if (cards.some((n, at) => deck[top + at] !== n)) continue;
        const index = state.players.findIndex((p) => p.name === event.player);
        const step = result.decisions[index].steps.find((s) => s.key === "play_staff");
        found.push({ index, count: cards.length, cards: cards.slice(), policy: step ? step.value : null });
        top += cards.length;
      }
      cached = { key, found };
      return found;
    }

    // The deck the state to score holds (null: none, the state is scored without one): each drawing
    // player's entered cards in the order they draw, or with a known deck the next cards of it.
    function deckOf(state, entries) {
      const known = Array.isArray(entries.staff_deck) ? entries.staff_deck : null;
      const entered = entries.players.map((p) => p.drawn || []);
      if (!known && !entered.some((cards) => cards.length)) return null;
      const found = drawersOf(state, known);
      if (!found) return known ? free(state, known) : null;
      const taken = new Set(entered.flat());
      const rest = free(state, known).filter((n) => !taken.has(n));
      const deck = [];
      for (const drawer of found) {
        const mine = entered[drawer.index];
        if (mine.length) deck.push(...mine);
        else if (known) deck.push(...rest.splice(0, drawer.count));
      }
      if (known) return deck.concat(rest);
      return deck.length ? deck : null;
    }

    // What is missing before the scoring: an unknown deck's draws, and the card played of drawn
    // cards the table entered (the pad plays none of them on its own). [{path, message}].
    function problems(state, entries, say) {
      const known = Array.isArray(entries.staff_deck);
      const found = drawersOf(state, known ? entries.staff_deck : null) || [];
      const out = [];
      for (const drawer of found) {
        const player = entries.players[drawer.index];
        const mine = player.drawn || [];
        const path = `players[${drawer.index}].drawn`;
        if (!known && mine.length < drawer.count) {
          out.push({ path, message: `${path}: ` + say("draw_missing", { count: drawer.count - mine.length }) });
        } else if (mine.length && !Object.prototype.hasOwnProperty.call(player.choices, "play_staff")) {
          out.push({ path, message: `${path}: ` + say("draw_play_missing") });
        }
      }
      return out;
    }

    // The cards a player may have drawn: nobody holds them and no one's draw names them yet.
    function drawable(state, entries) {
      const taken = new Set(entries.players.flatMap((p) => p.drawn || []));
      const known = Array.isArray(entries.staff_deck) ? entries.staff_deck : null;
      return free(state, known).filter((n) => !taken.has(n));
    }

    return { drawersOf, deckOf, problems, drawable };
  }

  return { make };
})();

// Staff cards: the shared deck, playing a card (with its once-effect), returning and removing
// cards (a port of compiler/backends/python/runtime/staff.py). rules.staff[number] is
// [name, cost, kind].
"use strict";

function cardName(game, number) {
  const name = game.rules.staff[number][0];
  return say(game, "card_name", { name: term(game, "staff", String(number), name), number });
}

// Printed cost less the discount, never below 0; discount null means free.
function playCost(game, number, discount) {
  if (discount === null) return 0;
  return Math.max(0, game.rules.staff[number][1] - discount);
}

// Pay and hire a card; a once-effect card acts at once. `how`: the phrase that says where the card came from.
function hire(game, player, number, cost, how) {
  player.krones -= cost;
  player.hired.push(number);
  if (game.explain) {
    const paid = cost ? say(game, "for_krones", { krones: say(game, "krones", {}, cost) }) : say(game, "at_no_cost");
    log(game, player, "staff", say(game, how, { player: player.name, card: cardName(game, number), paid }), { card: number });
  }
  const effect = game.rules.onceEffects[number];
  if (effect) effect(game, player);
}

function removeOne(list, value) {
  list.splice(list.indexOf(value), 1);
}

// Draw from the top, play up to `play` of them, the rest under the deck in the chosen order (or,
// `toHand`, into the hand).
function drawStaff(game, player, count, play, discount, toHand = false) {
  const drawn = game.deck.splice(0, count);
  game.cardReads += 1;
  if (game.explain) {
    if (drawn.length < count) log(game, player, "staff", say(game, "deck_holds_only", { cards: say(game, "cards", {}, drawn.length) }));
    const names = drawn.map((n) => cardName(game, n)).join(say(game, "list_separator")) || say(game, "nothing");
    log(game, player, "staff", say(game, "draws", { player: player.name, cards: names }), { cards: drawn.slice() });
  }
  const remaining = drawn.slice();
  for (let n = 0; n < play; n++) {
    const options = replaying(game) ? [] : remaining.filter((number) => playCost(game, number, discount) <= player.krones);
    options.push(null);
    const chosen = decide(game, player, "play_staff", options, null, false, "why_no_drawn_affordable");
    if (chosen === null) break;
    removeOne(remaining, chosen);
    hire(game, player, chosen, playCost(game, chosen, discount), "plays_from_draw");
  }
  if (remaining.length && toHand) {
    player.hand.push(...remaining);
    if (game.explain) {
      const names = remaining.map((n) => cardName(game, n)).join(say(game, "list_separator"));
      log(game, player, "staff", say(game, "takes_drawn_into_hand", { player: player.name, cards: names }), { cards: remaining.slice() });
    }
  } else if (remaining.length) {
    const order = cardsToBottom(game, player, remaining, "drawn_to_bottom");
    if (game.explain) {
      const names = order.map((n) => cardName(game, n)).join(say(game, "list_separator"));
      log(game, player, "staff", say(game, "puts_drawn_under_deck", { player: player.name, cards: names }), { cards: order });
    }
  }
}

// Put `cards` under the deck one by one, each a decision (the first option: the order given).
function cardsToBottom(game, player, cards, key) {
  const left = cards.slice();
  const order = [];
  while (left.length) {
    const card = decide(game, player, key, left.slice(), null, true);
    removeOne(left, card);
    order.push(card);
  }
  game.deck.push(...order);
  return order;
}

// Put `count` Staff from hand under the deck (`top`: on top of it, the first chosen on top), as many
// as there are, one decision per card. The policy's first option is the cheapest card (lowest number
// first): cards in hand score nothing.
function staffToDeckBottom(game, player, count, top = false) {
  const staff = game.rules.staff;
  const chosen = [];
  const times = Math.min(count, player.hand.length);
  for (let n = 0; n < times; n++) {
    const options = replaying(game) ? [] : player.hand.slice().sort((a, b) => staff[a][1] - staff[b][1] || a - b);
    const card = decide(game, player, "hand_to_deck", options, null, true);
    removeOne(player.hand, card);
    chosen.push(card);
  }
  if (top) game.deck.unshift(...chosen);
  else game.deck.push(...chosen);
  if (game.explain) {
    const names = chosen.map((n) => cardName(game, n)).join(say(game, "list_separator")) || say(game, "no_card");
    log(game, player, "staff", say(game, top ? "puts_on_deck" : "puts_under_deck", { player: player.name, cards: names }), { cards: chosen.slice() });
  }
}

// Play up to `count` Staff from hand at the discount (only cards of `kind`, unless "any").
function playStaffFromHand(game, player, count, discount, kind = "any") {
  const staff = game.rules.staff;
  for (let n = 0; n < count; n++) {
    game.cardReads += 1;
    const options = replaying(game)
      ? []
      : player.hand.filter((number) => playCost(game, number, discount) <= player.krones && (kind === "any" || staff[number][2] === kind));
    options.push(null);
    const chosen = decide(game, player, "play_staff", options, null, false, "why_no_hand_affordable");
    if (chosen === null) {
      if (game.explain) {
        log(game, player, "staff", say(game, options.length > 1 ? "plays_no_staff" : "no_staff_to_play", { player: player.name }));
      }
      return;
    }
    removeOne(player.hand, chosen);
    hire(game, player, chosen, playCost(game, chosen, discount), "plays_from_hand");
  }
}

function sortedNumbers(list) {
  return list.slice().sort((a, b) => a - b);
}

function handOfKind(game, player, kind) {
  return player.hand.filter((n) => kind === "any" || game.rules.staff[n][2] === kind);
}

function hiredOfKind(game, player, kind) {
  return player.hired.filter((n) => kind === "any" || game.rules.staff[n][2] === kind);
}

// Remove hired Staff of a kind (to the discard pile), as many as there are.
function removeHiredStaff(game, player, count, kind) {
  for (let n = 0; n < count; n++) {
    const hired = hiredOfKind(game, player, kind);
    const options = hired.length ? hired : [null];
    const chosen = decide(game, player, "remove_hired_staff", options, null, false, "why_no_hired_of_kind");
    if (chosen === null) return;
    removeOne(player.hired, chosen);
    game.discard.push(chosen);
    if (game.explain) log(game, player, "staff", say(game, "discards_hired", { player: player.name, card: cardName(game, chosen) }), { card: chosen });
  }
}

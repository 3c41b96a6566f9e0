// Staff cards: the shared deck, playing a card (with its once-effect), returning and removing
// cards (a port of compiler/backends/python/runtime/staff.py). rules.staff[number] is
// [name, cost, kind].
"use strict";

function cardName(game, number) {
  return `${game.rules.staff[number][0]} (${number})`;
}

// Printed cost less the discount, never below 0; discount null means free.
function playCost(game, number, discount) {
  if (discount === null) return 0;
  return Math.max(0, game.rules.staff[number][1] - discount);
}

// Pay and hire a card; a once-effect card acts at once.
function hire(game, player, number, cost, how) {
  player.krones -= cost;
  player.hired.push(number);
  if (game.explain) {
    const paid = cost ? ` for ${plural(cost, "krone")}` : " at no cost";
    log(game, player, "staff", `${player.name} plays ${cardName(game, number)} ${how}${paid}`, { card: number });
  }
  const effect = game.rules.onceEffects[number];
  if (effect) effect(game, player);
}

function removeOne(list, value) {
  list.splice(list.indexOf(value), 1);
}

// Draw from the top, play up to `play` of them, the rest under the deck in the chosen order.
function drawStaff(game, player, count, play, discount) {
  const drawn = game.deck.splice(0, count);
  if (game.explain) {
    if (drawn.length < count) log(game, player, "staff", `the Staff deck holds only ${plural(drawn.length, "card")}`);
    const names = drawn.map((n) => cardName(game, n)).join(", ") || "nothing";
    log(game, player, "staff", `${player.name} draws ${names}`, { cards: drawn.slice() });
  }
  const remaining = drawn.slice();
  for (let n = 0; n < play; n++) {
    const options = remaining.filter((number) => playCost(game, number, discount) <= player.krones);
    if (!options.length) {
      refuseRecorded(game, player, "play_staff", "no drawn card is affordable");
      break;
    }
    options.push(null);
    const apply = (trial, trialPlayer, number) => {
      if (number !== null) hire(trial, trialPlayer, number, playCost(trial, number, discount), "from the draw");
    };
    const chosen = choose(game, player, "play_staff", options, apply);
    if (chosen === null) break;
    removeOne(remaining, chosen);
    hire(game, player, chosen, playCost(game, chosen, discount), "from the draw");
  }
  toBottom(game, player, remaining, "drawn_to_bottom", "the other drawn cards");
}

function sortedNumbers(list) {
  return list.slice().sort((a, b) => a - b);
}

function toBottom(game, player, cards, key, what) {
  if (!cards.length) return;
  const [found, value] = recorded(player, key);
  let order = cards.slice();
  if (found && !game.simulating) {
    const wanted = parseChoice(game, player, key, parseCards, value);
    if (!pyEq(sortedNumbers(wanted), sortedNumbers(cards))) {
      throw choiceError(
        game,
        player,
        key,
        `${optionText(wanted)} must list exactly the cards ${optionText(sortedNumbers(cards))} in the order they go under the deck`,
      );
    }
    order = wanted;
  } else {
    decided(game, player, key, order);
  }
  game.deck.push(...order);
  if (game.explain) {
    const names = order.map((n) => cardName(game, n)).join(", ");
    log(game, player, "staff", `${player.name} puts ${what} under the deck: ${names}`, { cards: order.slice() });
  }
}

// Put `count` Staff from hand under the deck (as many as there are).
function staffToDeckBottom(game, player, count) {
  const [found, value] = recorded(player, "hand_to_bottom");
  let chosen;
  if (found && !game.simulating) {
    chosen = parseChoice(game, player, "hand_to_bottom", parseCards, value);
    const needed = Math.min(count, player.hand.length);
    if (chosen.length !== needed || new Set(chosen).size !== needed || chosen.some((n) => !player.hand.includes(n))) {
      throw choiceError(
        game,
        player,
        "hand_to_bottom",
        `${optionText(chosen)} must name ${plural(needed, "different card")} from the hand ${optionText(player.hand)}`,
      );
    }
  } else {
    // Default: the cheapest cards go, lowest number first (cards in hand score nothing at the end).
    const staff = game.rules.staff;
    chosen = player.hand
      .slice()
      .sort((a, b) => staff[a][1] - staff[b][1] || a - b)
      .slice(0, count);
    decided(game, player, "hand_to_bottom", chosen);
  }
  for (const number of chosen) removeOne(player.hand, number);
  game.deck.push(...chosen);
  if (game.explain) {
    const names = chosen.map((n) => cardName(game, n)).join(", ") || "no card";
    log(game, player, "staff", `${player.name} puts ${names} from hand under the deck`, { cards: chosen.slice() });
  }
}

// Play up to `count` Staff from hand at the discount.
function playStaffFromHand(game, player, count, discount) {
  for (let n = 0; n < count; n++) {
    const options = player.hand.filter((number) => playCost(game, number, discount) <= player.krones);
    if (!options.length) {
      refuseRecorded(game, player, "play_staff", "no card in hand is affordable");
      if (game.explain) log(game, player, "staff", `${player.name} has no Staff in hand to play`);
      return;
    }
    options.push(null);
    const apply = (trial, trialPlayer, number) => {
      if (number !== null) {
        removeOne(trialPlayer.hand, number);
        hire(trial, trialPlayer, number, playCost(trial, number, discount), "from hand");
      }
    };
    const chosen = choose(game, player, "play_staff", options, apply);
    if (chosen === null) {
      if (game.explain) log(game, player, "staff", `${player.name} plays no Staff`);
      return;
    }
    removeOne(player.hand, chosen);
    hire(game, player, chosen, playCost(game, chosen, discount), "from hand");
  }
}

function hiredOfKind(game, player, kind) {
  return player.hired.filter((n) => kind === "any" || game.rules.staff[n][2] === kind);
}

// Remove hired Staff of a kind (to the discard pile), as many as there are.
function removeHiredStaff(game, player, count, kind) {
  for (let n = 0; n < count; n++) {
    const options = hiredOfKind(game, player, kind);
    if (!options.length) {
      refuseRecorded(game, player, "remove_hired_staff", "no hired Staff of that kind");
      return;
    }
    const apply = (trial, trialPlayer, number) => removeOne(trialPlayer.hired, number);
    const chosen = choose(game, player, "remove_hired_staff", options, apply);
    removeOne(player.hired, chosen);
    game.discard.push(chosen);
    if (game.explain) log(game, player, "staff", `${player.name} discards hired ${cardName(game, chosen)}`, { card: chosen });
  }
}

// The shared quantity vocabulary (a port of compiler/backends/python/runtime/quantities.py):
// QUANTITIES[name](game, player) -> a whole number.
"use strict";

const QUANTITIES = {
  occupied_rooms: (game, player) => countRooms(player, OCCUPIED),
  occupied_red_rooms: (game, player) => occupiedOfColour(game.rules, player, "red"),
  occupied_blue_rooms: (game, player) => occupiedOfColour(game.rules, player, "blue"),
  occupied_yellow_rooms: (game, player) => occupiedOfColour(game.rules, player, "yellow"),
  vacant_rooms: (game, player) => countRooms(player, VACANT),
  room_tiles: (game, player) => countRooms(player, VACANT) + countRooms(player, OCCUPIED),
  full_floors: (game, player) => fullFloors(player),
  full_columns: (game, player) => fullColumns(game.rules, player),
  full_groups: (game, player) => fullGroups(game.rules, player),
  colour_sets: (game, player) => colourSets(game.rules, player),
  hired_staff: (game, player) => player.hired.length,
  hired_game_end_staff: (game, player) => player.hired.filter((n) => game.rules.staff[n][2] === "game_end").length,
  staff_in_hand: (game, player) => player.hand.length,
  krones: (game, player) => player.krones,
  kitchen_items: (game, player) => sumValues(player.kitchen),
  cafe_guests: (game, player) => player.cafe.length,
  cafe_items: (game, player) => player.cafe.reduce((n, guest) => n + sumValues(guest), 0),
  objectives: (game, player) => player.objectives,
  emperor_position: (game, player) => player.emperor,
};

// --- other players (a quantity with `of`), as runtime/quantities.py ------------------------------

// The other players in turn order from the left neighbour (the next player) to the right (the previous), as
// they stand, or as they stood before the Emperor scoring where the ruleset reads them so (game.before).
function others(game, player) {
  const players = game.before !== null ? game.before : game.players;
  const seated = game.players.indexOf(player); // a player as it stood before the scoring: its place there
  const index = seated >= 0 || game.before === null ? seated : game.before.indexOf(player);
  const n = players.length;
  const found = [];
  for (let k = 1; k < n; k++) found.push(players[(index + k) % n]);
  return found;
}

// --- effects with targets (for_players), as runtime/quantities.py -----------------------------------

// The players a for_players effect applies to, as they stand (changes go to the live players), in turn order
// from the player (where included), then its left neighbour on; leaders: tied for the most points, the points
// read as other players are read (others()).
function targets(game, player, players) {
  const live = game.players;
  const index = live.indexOf(player);
  const n = live.length;
  const order = [];
  for (let k = 1; k < n; k++) order.push(live[(index + k) % n]);
  if (players === "others") return order;
  if (players === "left") return order.slice(0, 1);
  if (players === "right") return order.slice(-1);
  if (players === "neighbours") return order.length > 1 ? [order[0], order[order.length - 1]] : order;
  if (players === "all") return [player, ...order];
  if (players === "leaders") {
    const read = [player, ...others(game, player)];
    const most = Math.max(...read.map((p) => p.points));
    return [player, ...order].filter((_each, i) => read[i].points === most);
  }
  throw new Error(`a set of players the runtime does not know: ${players}`);
}

// `apply` to each of the players of a set for whom `test` (a condition's, read as that player, who is read as
// other players are: asRead()) holds; null: each. `apply` changes the player as it stands, and reads it so.
function forPlayers(game, player, players, test, apply) {
  for (const target of targets(game, player, players)) {
    if (test === null || condition(game, target, test(game, asRead(game, player, target)), false)) apply(game, target);
  }
}

// Another player as `player` reads it: as it stands, or as it stood before the Emperor scoring (game.before).
function asRead(game, player, other) {
  if (other === player || game.before === null) return other;
  return game.before[game.players.indexOf(other)];
}

const OF = {
  left: (game, player, count) => {
    const rest = others(game, player);
    return rest.length ? count(game, rest[0]) : 0;
  },
  right: (game, player, count) => {
    const rest = others(game, player);
    return rest.length ? count(game, rest[rest.length - 1]) : 0;
  },
  each_other: (game, player, count) => others(game, player).reduce((n, other) => n + count(game, other), 0),
  // The count of the player with the most points, the player included; of tied leaders, the most.
  leader: (game, player, count) => {
    const everyone = [player, ...others(game, player)];
    const most = Math.max(...everyone.map((p) => p.points));
    return Math.max(...everyone.filter((p) => p.points === most).map((p) => count(game, p)));
  },
  players_with_more: (game, player, count) => {
    const mine = count(game, player);
    return others(game, player).filter((other) => count(game, other) > mine).length;
  },
  players_with_fewer: (game, player, count) => {
    const mine = count(game, player);
    return others(game, player).filter((other) => count(game, other) < mine).length;
  },
};

// --- expressions (compiler/backends/js/expressions.py spells them as calls of these), as runtime/quantities.py ---

// The players of a set: all (the player first), others, or neighbours (left and right, each once).
function playersOf(game, player, players) {
  const rest = others(game, player);
  if (players === "all") return [player, ...rest];
  if (players === "others") return rest;
  if (players === "neighbours") return rest.length > 1 ? [rest[0], rest[rest.length - 1]] : rest;
  throw new Error(`a set of players the runtime does not know: ${players}`);
}

// most_over, least_over or total_over of `value` over a set of players (no player: 0).
function aggregateOver(game, player, operator, players, value) {
  const values = playersOf(game, player, players).map((each) => value(game, each));
  if (operator === "total_over") return values.reduce((n, v) => n + v, 0);
  if (operator !== "most_over" && operator !== "least_over") {
    throw new Error(`an aggregate the runtime does not know: ${operator}`);
  }
  if (!values.length) return 0;
  return operator === "most_over" ? Math.max(...values) : Math.min(...values);
}

// The player's place on `value` among all players, 1 for the most; tied players share the better place (ties
// "shared") or each take the worse ("behind").
function rankAmong(game, player, ties, value) {
  const mine = value(game, player);
  const values = others(game, player).map((other) => value(game, other));
  if (ties === "shared") return 1 + values.filter((v) => v > mine).length;
  if (ties === "behind") return 1 + values.filter((v) => v >= mine).length;
  throw new Error(`a tie rule of rank the runtime does not know: ${ties}`);
}

// The quotient rounded down, towards -infinity (a divisor of 0 gives 0); whole numbers, worked exactly.
function divideDown(dividend, divisor) {
  if (divisor === 0) return 0;
  const rest = dividend % divisor; // of the dividend's sign
  const quotient = (dividend - rest) / divisor; // rounded towards 0
  return (rest !== 0 && rest < 0 !== divisor < 0 ? quotient - 1 : quotient) + 0; // + 0: never -0
}

// The quotient rounded up, towards +infinity (a divisor of 0 gives 0).
function divideUp(dividend, divisor) {
  return divisor === 0 ? 0 : -divideDown(-dividend, divisor) + 0;
}

// `value` kept within `low` and `high` (null: no such limit).
function clamp(value, low, high) {
  if (low !== null && value < low) return low;
  return high !== null && value > high ? high : value;
}

// A most / fewest condition's leaf after its kind and quantity, as runtime/quantities.py's most_test.
function mostTest(game, player, count, fewest, strict) {
  const mine = count(game, player);
  const values = others(game, player).map((other) => count(game, other));
  if (!values.length) return [null, fewest, mine, null, null];
  if (fewest) {
    const best = Math.min(...values);
    return [best, fewest, mine, null, strict ? best - 1 : best];
  }
  const best = Math.max(...values);
  return [best, fewest, mine, strict ? best + 1 : best, null];
}

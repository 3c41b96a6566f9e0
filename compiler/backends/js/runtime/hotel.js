// The hotel: placement and adjacency, preparing, occupying and removing rooms, group completion
// (a port of compiler/backends/python/runtime/hotel.py). hotel[floor - 1][column - 1] is
// "o" occupied, "v" vacant or "." empty.
"use strict";

const EMPTY = ".";
const VACANT = "v";
const OCCUPIED = "o";

function roomAt(player, key) {
  const [floor, column] = cellParts(key);
  return player.hotel[floor - 1][column - 1];
}

function setRoom(player, key, room) {
  const [floor, column] = cellParts(key);
  player.hotel[floor - 1][column - 1] = room;
}

// Rooms in `state` (vacant or occupied), bottom floor first, left to right.
function roomsIn(player, state) {
  const found = [];
  player.hotel.forEach((row, f) => row.forEach((room, c) => room === state && found.push(cellKey(f + 1, c + 1))));
  return found;
}

function countRooms(player, state) {
  return player.hotel.reduce((n, row) => n + row.filter((room) => room === state).length, 0);
}

// Empty spaces where a room may go: the first room's space, or next to any placed room.
function legalSpaces(rules, player, floors) {
  const hotel = player.hotel;
  let candidates;
  if (hotel.every((row) => row.every((room) => room === EMPTY))) {
    candidates = [rules.firstRoom];
  } else {
    const top = rules.floors - 1;
    const last = rules.columns - 1;
    candidates = [];
    hotel.forEach((row, f) =>
      row.forEach((room, c) => {
        if (
          room === EMPTY &&
          ((f > 0 && hotel[f - 1][c] !== EMPTY) ||
            (f < top && hotel[f + 1][c] !== EMPTY) ||
            (c > 0 && row[c - 1] !== EMPTY) ||
            (c < last && row[c + 1] !== EMPTY))
        ) {
          candidates.push(cellKey(f + 1, c + 1));
        }
      }),
    );
  }
  return candidates.filter((key) => roomAt(player, key) === EMPTY && (floors === null || floors.includes(cellParts(key)[0])));
}

// Put a room tile on `key` (paying unless free), score printed points, occupy if asked.
function placeRoom(game, player, key, free, occupy) {
  const rules = game.rules;
  const cost = free ? 0 : rules.prepareCost[cellParts(key)[0] - 1];
  player.krones -= cost;
  setRoom(player, key, VACANT);
  if (game.explain) {
    const paid = cost ? say(game, "for_krones", { krones: say(game, "krones", {}, cost) }) : say(game, "at_no_cost");
    log(game, player, "room", say(game, "prepares_room", { player: player.name, cell: key, paid }), { cell: key });
  }
  const printed = rules.printedPoints[key] || 0;
  if (printed) gainPoints(game, player, printed, game.explain ? say(game, "why_printed", { cell: key }) : "");
  if (occupy) occupyRoom(game, player, key);
}

// Turn a vacant room occupied; completing its group pays the group reward at once.
function occupyRoom(game, player, key) {
  const rules = game.rules;
  setRoom(player, key, OCCUPIED);
  if (game.explain) log(game, player, "room", say(game, "occupies_room", { player: player.name, cell: key }), { cell: key });
  const [colour, cells] = rules.groups[rules.groupOf(key)];
  if (cells.every((c) => roomAt(player, c) === OCCUPIED)) {
    const [reward, bySize] = rules.groupRewards[colour];
    const amount = bySize[cells.length] || 0;
    const named = game.explain ? term(game, "colour", colour, colour) : "";
    const why = game.explain ? say(game, "why_group", { colour: named, size: cells.length }) : "";
    if (reward === "krones") {
      gainKrones(game, player, amount);
      if (game.explain) log(game, player, "group", say(game, "completes_group", { player: player.name, colour: named, size: cells.length }));
    } else if (reward === "points") {
      gainPoints(game, player, amount, why);
    } else {
      advanceEmperor(game, player, amount, why);
    }
  }
}

// An optional room: the player picks a legal, affordable space or none. `roomWins`: no room is never
// worth more than a room here (the generator proved it from the rules data), so the policy does not try it.
function prepareRoom(game, player, floors, free, occupy, roomWins = false) {
  const rules = game.rules;
  const options = replaying(game)
    ? []
    : legalSpaces(rules, player, floors).filter((key) => free || rules.prepareCost[cellParts(key)[0] - 1] <= player.krones);
  options.push(null);
  const tried = roomWins && options.length > 1 ? options.slice(0, -1) : null;
  const chosen = decide(game, player, "prepare_room", options, tried, false, "why_no_legal_space", true);
  if (chosen === null) {
    if (game.explain) {
      log(game, player, "room", say(game, options.length > 1 ? "prepares_no_room" : "no_space_for_room", { player: player.name }));
    }
    return;
  }
  placeRoom(game, player, chosen, free, occupy);
}

// Up to `count` vacant rooms become occupied, one decision per room. The policy tries every order,
// though only the rooms matter to the outcome: so each room's runner-up total is exact.
function occupyVacantRooms(game, player, count) {
  for (let n = 0; n < count; n++) {
    const vacant = replaying(game) ? [] : roomsIn(player, VACANT);
    vacant.push(null);
    const chosen = decide(game, player, "occupy_room", vacant, null, false, "why_no_vacant_room");
    if (chosen === null) {
      if (game.explain && vacant.length === 1) log(game, player, "room", say(game, "no_vacant_room", { player: player.name }));
      return;
    }
    occupyRoom(game, player, chosen);
  }
}

// Rooms in `state` on the highest floor that has one (strictly below `below` if given).
function removalCandidates(player, state, below) {
  const hotel = player.hotel;
  for (let floor = below === null ? hotel.length : below - 1; floor > 0; floor--) {
    const row = hotel[floor - 1];
    if (row.includes(state)) return row.flatMap((room, c) => (room === state ? [cellKey(floor, c + 1)] : []));
  }
  return [];
}

// The room in `state` next down in the column of `key` (the highest below it), or none.
function columnBelow(player, state, key) {
  const [floor, column] = cellParts(key);
  for (let f = floor - 1; f > 0; f--) {
    if (player.hotel[f - 1][column - 1] === state) return [cellKey(f, column)];
  }
  return [];
}

// How many rooms a removal could take (rooms on distinct floors when strictly below; with `inColumn`,
// the best of the highest rooms and those below it in its column).
// The highest rooms in `state` from which a removal down their column takes the most rooms (at most `count`),
// and that number: the player must start where the whole removal can be taken.
function columnStarts(player, state, count) {
  const found = roomsIn(player, state).map(cellParts);
  const reach = removalCandidates(player, state, null).map((key) => {
    const [floor, column] = cellParts(key);
    return [key, Math.min(count, 1 + found.filter(([f, c]) => c === column && f < floor).length)];
  });
  const best = reach.reduce((most, [, taken]) => Math.max(most, taken), 0);
  return [reach.filter(([, taken]) => taken === best).map(([key]) => key), best];
}

function countRemovable(player, state, count, strictlyBelow, inColumn = false) {
  if (inColumn) return columnStarts(player, state, count)[1];
  const found = roomsIn(player, state).map(cellParts);
  if (strictlyBelow) return Math.min(count, new Set(found.map(([f]) => f)).size);
  return Math.min(count, found.length);
}

// Remove rooms from as high a floor as possible, one decision per room; equal rooms are the player's choice.
// `strictlyBelow`: each next room from a floor below the last; `inColumn`: the next one down in its column.
function removeRooms(game, player, state, count, strictlyBelow, inColumn = false) {
  let below = null;
  let last = null;
  const [removes, noneLeft] =
    state === OCCUPIED ? ["removes_occupied_room", "no_more_occupied_rooms"] : ["removes_vacant_room", "no_more_vacant_rooms"];
  for (let n = 0; n < count; n++) {
    let candidates;
    if (inColumn) candidates = last !== null ? columnBelow(player, state, last) : columnStarts(player, state, count)[0];
    else candidates = removalCandidates(player, state, strictlyBelow ? below : null);
    if (!candidates.length) {
      if (game.explain) log(game, player, "room", say(game, noneLeft, { player: player.name }));
      return;
    }
    const chosen = decide(game, player, "remove_rooms", candidates);
    setRoom(player, chosen, EMPTY);
    below = cellParts(chosen)[0];
    last = chosen;
    if (game.explain) log(game, player, "room", say(game, removes, { player: player.name, cell: chosen }), { cell: chosen });
  }
}

// --- quantities of the hotel ---------------------------------------------------------

function occupiedOfColour(rules, player, colour) {
  return (rules.colourCells[colour] || []).filter(([f, c]) => player.hotel[f][c] === OCCUPIED).length;
}

function fullFloors(player) {
  return player.hotel.filter((row) => !row.includes(EMPTY) && !row.includes(VACANT)).length;
}

function fullColumns(rules, player) {
  let full = 0;
  for (let c = 0; c < rules.columns; c++) {
    if (player.hotel.every((row) => row[c] === OCCUPIED)) full += 1;
  }
  return full;
}

function fullGroups(rules, player) {
  return rules.groupCells.filter((cells) => cells.every(([f, c]) => player.hotel[f][c] === OCCUPIED)).length;
}

function colourSets(rules, player) {
  return Math.min(...["red", "blue", "yellow"].map((colour) => occupiedOfColour(rules, player, colour)));
}

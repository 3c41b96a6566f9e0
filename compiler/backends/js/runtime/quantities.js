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

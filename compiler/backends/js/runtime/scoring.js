// Steps of an Emperor scoring and of final scoring that every ruleset shares (a port of
// compiler/backends/python/runtime/scoring.py).
"use strict";

function scoreSpace(game, player, points) {
  player.points += points;
  if (game.explain) {
    log(game, player, "score", `${player.name} scores ${plural(points, "point")} on space ${player.emperor}`, {
      points,
      space: player.emperor,
    });
  }
}

// Move the marker back, never below space 0.
function moveBack(game, player, spaces, zoneNames) {
  const start = player.emperor;
  player.emperor = Math.max(0, start - spaces);
  const zone = zoneNames[player.emperor];
  if (game.explain) {
    log(game, player, "move_back", `${player.name} moves back ${spaces} from space ${start} to space ${player.emperor} (${zone})`, {
      space: player.emperor,
      zone,
    });
  }
}

// A hired Staff lets the player pay krones to ignore the penalty; returns true if paid.
function waivePenalty(game, player, cost, card, penalty) {
  const apply = (trial, trialPlayer, pay) => {
    if (pay) trialPlayer.krones -= cost;
    else penalty(trial, trialPlayer);
  };
  const options = player.krones >= cost ? [true, false] : [false];
  const pay = choose(game, player, "conference_manager", options, apply);
  if (pay) {
    player.krones -= cost;
    if (game.explain) {
      log(game, player, "penalty", `${player.name} pays ${plural(cost, "krone")} (${card}) to ignore the penalty`, { krones: -cost });
    }
  }
  return pay;
}

// Score one game-end Staff an opponent has hired, on this player's own state (none: 0).
function copyOpponentGameEnd(game, player, formulas, copier) {
  const numbers = new Set();
  for (const other of opponents(game, player)) for (const n of other.hired) if (formulas[n]) numbers.add(n);
  const options = sortedNumbers(Array.from(numbers));
  if (!options.length) {
    const [found, value] = recorded(player, "secretary");
    if (found && value !== null && !game.simulating) {
      throw choiceError(game, player, "secretary", `${pyRepr(value)}, but no opponent has hired a game-end Staff to copy`);
    }
    return 0;
  }
  const scored = new Map();
  const worth = (number) => {
    if (!scored.has(number)) scored.set(number, formulas[number](game, player));
    return scored.get(number);
  };
  const chosen = choose(game, player, "secretary", options, () => {}, null, worth);
  const points = worth(chosen);
  if (game.explain) {
    log(game, player, "final", `${player.name}'s ${copier} copies ${cardName(game, chosen)}: ${plural(points, "point")}`, { card: chosen });
  }
  return points;
}

// One player's final scoring: the breakdown by source and the total (with the points floor).
function finalEntry(game, player, sources) {
  const breakdown = {};
  for (const [source, score] of sources) breakdown[source] = score(game, player);
  let total = player.points + sumValues(breakdown);
  if (total < game.rules.pointsFloor) {
    breakdown.points_floor = game.rules.pointsFloor - total;
    total = game.rules.pointsFloor;
  }
  return { player: player.name, points: player.points, total, breakdown };
}

// Standings from [player, points, tiebreak]: best first, still-tied players share a rank (1, 1, 3).
function rank(entries) {
  const ordered = entries.map((entry, index) => [index, entry]);
  ordered.sort((a, b) => b[1][1] - a[1][1] || b[1][2] - a[1][2] || a[0] - b[0]);
  const standings = [];
  ordered.forEach(([, [player, points, tiebreak]], position) => {
    const last = standings[standings.length - 1];
    const place = last && last.points === points && last.tiebreak === tiebreak ? last.rank : position + 1;
    standings.push({ player, rank: place, points, tiebreak });
  });
  return standings;
}

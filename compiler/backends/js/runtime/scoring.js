// Steps of an Emperor scoring and of final scoring that every ruleset shares (a port of
// compiler/backends/python/runtime/scoring.py).
"use strict";

// Score the points under the marker; a space worth less than nothing stops at the points floor.
function scoreSpace(game, player, points) {
  const scored = Math.max(points, Math.min(0, game.rules.pointsFloor - player.points));
  player.points += scored;
  if (game.explain) {
    const note = scored === points ? "" : ` (worth ${points}; has only ${-scored} to lose)`;
    log(game, player, "score", `${player.name} scores ${plural(scored, "point")} on space ${player.emperor}${note}`, {
      points: scored,
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
function waivePenalty(game, player, cost, card) {
  const options = player.krones >= cost ? [true, false] : [false];
  const pay = decide(game, player, "conference_manager", options);
  if (pay) {
    player.krones -= cost;
    if (game.explain) {
      log(game, player, "penalty", `${player.name} pays ${plural(cost, "krone")} (${card}) to ignore the penalty`, { krones: -cost });
    }
  }
  return pay;
}

// Score one game-end Staff an opponent has hired, on this player's own state (none: 0). The choice
// has no consequence but its points, so the policy copies the card worth most (ties: the lowest
// number). A projection takes the recorded card where it is legal.
function copyOpponentGameEnd(game, player, formulas, copier) {
  const numbers = new Set();
  for (const other of opponents(game, player)) for (const n of other.hired) if (formulas[n]) numbers.add(n);
  const options = sortedNumbers(Array.from(numbers));
  const scored = new Map();
  const worth = (number) => {
    if (!scored.has(number)) scored.set(number, formulas[number](game, player));
    return scored.get(number);
  };
  const ranked = options.slice().sort((a, b) => worth(b) - worth(a)); // stable: ties keep the lowest number first
  if (game.trial !== null || game.projecting) {
    const [found, value] = peekRecorded(player, "secretary");
    if (found && inOptions(options, value)) return worth(value);
    return ranked.length ? worth(ranked[0]) : 0;
  }
  if (!options.length) {
    decide(game, player, "secretary", [null], null, false, "no opponent has hired a game-end Staff to copy");
    return 0;
  }
  const [index, found, value] = nextRecorded(player, "secretary");
  const chosen = found ? recordedChoice(game, player, "secretary", index, value, options, "") : ranked[0];
  const points = worth(chosen);
  if (game.explain) {
    if (found) {
      note(game, player, "secretary", index, chosen, "recorded");
    } else if (ranked.length === 1) {
      note(game, player, "secretary", index, chosen, "only");
    } else {
      const decision = note(game, player, "secretary", index, chosen, "policy", ranked[1]);
      decision.total = projection(game, player);
      decision.runnerUpTotal = decision.total - points + worth(ranked[1]);
    }
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

// Per player, every decision of the scoring in the order asked, and the `choices` that record them
// (a key's single decision as a value, several as a list): recording them replays the game.
function decisionReport(game) {
  return game.players.map((player) => {
    const mine = game.decisions.filter((d) => d.player === player.name);
    const byKey = new Map();
    for (const d of mine) {
      if (!byKey.has(d.key)) byKey.set(d.key, []);
      byKey.get(d.key).push(d.value);
    }
    const steps = mine.map((d) => {
      const step = { key: d.key, index: d.index, value: d.value, how: d.how };
      if (d.total !== null) step.total = d.total;
      if (d.runnerUpTotal !== null) step.runner_up = { value: d.runnerUp, total: d.runnerUpTotal };
      return step;
    });
    const choices = {};
    for (const [key, values] of byKey) choices[key] = values.length === 1 ? values[0] : values;
    return { player: player.name, choices, steps };
  });
}

// Recorded decisions the scoring never asked for (a warning each: a misplaced decision shows).
function unusedChoices(game) {
  const unused = [];
  game.players.forEach((player, number) => {
    for (const [key, value] of Object.entries(player.choices)) {
      if (key === "draft") continue; // the record of the deal, not of a scoring
      const values = Array.isArray(value) ? value : [value];
      const asked = player.cursor[key] || 0;
      for (let index = asked; index < values.length; index++) {
        const path = `players[${number}].choices.${key}` + (Array.isArray(value) ? `[${index}]` : "");
        const message =
          `${path}: ${optionText(values[index])} was recorded, but the scoring asked ` +
          `${asked === 0 ? "no" : "only " + asked} ${key} decision${asked === 1 ? "" : "s"}` +
          ` (player ${plain(player.name)}); it was not used`;
        unused.push({ player: player.name, path, value: values[index], message });
      }
    }
  });
  return unused;
}

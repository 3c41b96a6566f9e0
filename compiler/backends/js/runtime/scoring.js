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
  if (game.trial !== null || game.projecting) {
    const options = copyOptions(game, player, formulas);
    const [found, value] = peekRecorded(player, "secretary");
    if (found && inOptions(options, value)) return formulas[value](game, player);
    return options.reduce((best, number) => Math.max(best, formulas[number](game, player)), options.length ? -Infinity : 0);
  }
  return copyDecided(game, player, formulas, copier)[1];
}

// The game-end cards the player's opponents have hired, lowest number first.
function copyOptions(game, player, formulas) {
  const numbers = new Set();
  for (const other of opponents(game, player)) for (const n of other.hired) if (formulas[n]) numbers.add(n);
  return sortedNumbers(Array.from(numbers));
}

// The copier's decision in the real game (recorded, or the policy's): [the card copied (null: there is
// none to copy), its points on this player's state].
function copyDecided(game, player, formulas, copier) {
  const options = copyOptions(game, player, formulas);
  const worth = new Map(options.map((number) => [number, formulas[number](game, player)]));
  const ranked = options.slice().sort((a, b) => worth.get(b) - worth.get(a)); // stable: ties keep the lowest number first
  if (!options.length) {
    decide(game, player, "secretary", [null], null, false, "no opponent has hired a game-end Staff to copy");
    return [null, 0];
  }
  const [index, found, value] = nextRecorded(player, "secretary");
  const chosen = found ? recordedChoice(game, player, "secretary", index, value, options, "") : ranked[0];
  const points = worth.get(chosen);
  if (game.explain) {
    if (found) {
      note(game, player, "secretary", index, chosen, "recorded");
    } else if (ranked.length === 1) {
      note(game, player, "secretary", index, chosen, "only");
    } else {
      const decision = note(game, player, "secretary", index, chosen, "policy", ranked[1]);
      decision.total = projection(game, player);
      decision.runnerUpTotal = decision.total - points + worth.get(ranked[1]);
    }
    log(game, player, "final", `${player.name}'s ${copier} copies ${cardName(game, chosen)}: ${plural(points, "point")}`, { card: chosen });
  }
  return [chosen, points];
}

// --- final scoring explained: result.final[i].details[source] is a list of lines, each an object with
// its "points" and a "text"; the lines of a source add up to its breakdown (see finalEntry).

// `label: count × each = points`, the one form of every counted line.
function counted(label, count, each) {
  return `${label}: ${count} × ${each} = ${plural(count * each, "point")}`;
}

// A per-quantity source's line: `each` points per unit of the quantity `per` (its phrase `words`).
function quantityLine(per, count, each, words) {
  const text = counted(words.slice(0, 1).toUpperCase() + words.slice(1), count, each);
  return { per, count, each, points: count * each, text };
}

// One line per floor whose occupied rooms score (`words`: the phrase for occupied rooms).
function floorLines(player, pointsByFloor, words) {
  const lines = [];
  pointsByFloor.forEach((each, index) => {
    if (!each) return;
    const floor = index + 1;
    const rooms = player.hotel[index].filter((r) => r === "o").length;
    lines.push({ floor, rooms, each, points: rooms * each, text: counted(`Floor ${floor}, ${words}`, rooms, each) });
  });
  return lines;
}

// [the points of the player's hired game-end Staff (the copier's decision taken here), one line per card]:
// its quantity (`per`: card -> [points each, quantity]; phrases in `words`), count, points each, and for a
// copier (`copiers`: card -> name) the card it copies (`copies`, null when there is none).
function gameEndLines(game, player, formulas, copiers, per, words) {
  let total = 0;
  const lines = [];
  for (const number of player.hired) {
    let copied = number;
    if (formulas[number]) {
      total += formulas[number](game, player);
    } else if (copiers[number] !== undefined) {
      let points;
      [copied, points] = copyDecided(game, player, formulas, copiers[number]);
      total += points;
    } else {
      continue;
    }
    const line = { card: number, name: game.rules.staff[number][0], copies: copied === number ? null : copied };
    if (copied === null) {
      const text = `${cardName(game, number)}: no opponent has hired a game-end Staff to copy: 0 points`;
      Object.assign(line, { per: null, count: 0, each: 0, points: 0, text });
    } else {
      const [each, quantity] = per[copied];
      const count = QUANTITIES[quantity](game, player);
      let label = cardName(game, number);
      if (copied !== number) label += ` copies ${cardName(game, copied)}`;
      Object.assign(line, { per: quantity, count, each, points: count * each, text: counted(`${label}, ${words[quantity]}`, count, each) });
    }
    lines.push(line);
  }
  return [total, lines];
}

// One player's final scoring: the breakdown by source, the total (with the points floor) and the details,
// each source's lines (a total raised to the points floor has a `points_floor` line too). `sources`:
// [id, (game, player) => [points, lines]].
function finalEntry(game, player, sources) {
  const breakdown = {};
  const details = {};
  for (const [source, explain] of sources) [breakdown[source], details[source]] = explain(game, player);
  let total = player.points + sumValues(breakdown);
  const floor = game.rules.pointsFloor;
  if (total < floor) {
    breakdown.points_floor = floor - total;
    const text = `A total of ${total} counts as ${floor}: ${plural(breakdown.points_floor, "point")}`;
    details.points_floor = [{ total, points: breakdown.points_floor, text }];
    total = floor;
  }
  return { player: player.name, points: player.points, total, breakdown, details };
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

// Every group of players with equal final points, best first: the points, the tie-breaker's quantities,
// each player's tie-breaker and rank (in standings order), and in words how the tie-breaker (the sum of
// `quantities`, said as `words`) decided it or that they share a rank.
function explainTies(standings, quantities, words) {
  const groups = [];
  for (const row of standings) {
    const last = groups[groups.length - 1];
    if (last && last[0].points === row.points) last.push(row);
    else groups.push([row]);
  }
  return groups
    .filter((group) => group.length > 1)
    .map((group) => ({
      points: group[0].points,
      quantities: quantities.slice(),
      players: group.map((r) => ({ player: r.player, tiebreak: r.tiebreak, rank: r.rank })),
      text: tieText(group, words),
    }));
}

// A tie in words: who has how many points, the tie-breaker's figures, and the places.
function tieText(group, words) {
  const head = `${named(group.map((r) => r.player))} have ${plural(group[0].points, "point")} each`;
  if (new Set(group.map((r) => r.tiebreak)).size === 1) {
    const same = words ? ` and the same tie-breaker (${words}: ${group[0].tiebreak})` : "";
    return `${head}${same}: they share ${ordinal(group[0].rank)} place`;
  }
  if (group.length === 2) {
    const [first, second] = group;
    return (
      `${head}; ${first.player} wins the tie-breaker (${words}) with ${first.tiebreak} against ` +
      `${second.tiebreak}: ${first.player} places ${ordinal(first.rank)}, ${second.player} ${ordinal(second.rank)}`
    );
  }
  const figures = group.map((r) => `${r.player} ${r.tiebreak}`).join(", ");
  const places = [];
  for (const row of group) {
    const last = places[places.length - 1];
    if (last && last[0].rank === row.rank) last.push(row);
    else places.push([row]);
  }
  const said = places.map((rows) =>
    rows.length === 1
      ? `${rows[0].player} places ${ordinal(rows[0].rank)}`
      : `${named(rows.map((r) => r.player))} share ${ordinal(rows[0].rank)} place`,
  );
  return `${head}; tie-breaker (${words}): ${figures}: ${said.join("; ")}`;
}

// `A`, `A and B`, `A, B and C`.
function named(names) {
  return names.length === 1 ? names[0] : names.slice(0, -1).join(", ") + " and " + names[names.length - 1];
}

// 1st, 2nd, 3rd, 4th, ..., 11th, 12th, 13th, 21st.
function ordinal(n) {
  const suffix = [11, 12, 13].includes(n % 100) ? "th" : { 1: "st", 2: "nd", 3: "rd" }[n % 10] || "th";
  return `${n}${suffix}`;
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

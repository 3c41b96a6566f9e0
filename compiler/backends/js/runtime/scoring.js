// Steps of an Emperor scoring and of final scoring that every ruleset shares (a port of
// compiler/backends/python/runtime/scoring.py).
"use strict";

// Score the points under the marker; a space worth less than nothing stops at the points floor.
function scoreSpace(game, player, points) {
  const scored = Math.max(points, Math.min(0, game.rules.pointsFloor - player.points));
  player.points += scored;
  if (game.explain) {
    const note = scored === points ? "" : say(game, "worth_but_has_only", { worth: points, lost: -scored });
    const text = say(game, "scores_space", { player: player.name, points: say(game, "points", {}, scored), space: player.emperor, note });
    log(game, player, "score", text, { points: scored, space: player.emperor });
  }
}

// Move the marker back, never below space 0.
function moveBack(game, player, spaces, zoneNames) {
  const start = player.emperor;
  player.emperor = Math.max(0, start - spaces);
  const zone = zoneNames[player.emperor];
  if (game.explain) {
    const named = term(game, "zone", zone, zone);
    const text = say(game, "moves_back", { player: player.name, spaces, start, space: player.emperor, zone: named });
    log(game, player, "move_back", text, { space: player.emperor, zone });
  }
}

// Say that the player's role leaves out a part of the Emperor scoring (track_points, move_back, bonus, penalty
// or bonus_or_penalty).
function roleSkips(game, player, part) {
  if (game.explain) {
    const role = term(game, "role", player.role, player.role);
    log(game, player, "role", say(game, `role_no_${part}`, { player: player.name, role }), { role: player.role, part });
  }
}

// A hired Staff (card `number`) lets the player pay krones to ignore the penalty; returns true if paid.
function waivePenalty(game, player, cost, number) {
  const options = player.krones >= cost ? [true, false] : [false];
  const pay = decide(game, player, "conference_manager", options);
  if (pay) {
    player.krones -= cost;
    if (game.explain) {
      const card = term(game, "staff", String(number), game.rules.staff[number][0]);
      log(game, player, "penalty", say(game, "pays_to_ignore", { player: player.name, krones: say(game, "krones", {}, cost), card }), { krones: -cost });
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
    decide(game, player, "secretary", [null], null, false, "why_nothing_to_copy");
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
    const number = Object.keys(game.rules.staff).find((n) => game.rules.staff[n][0] === copier);
    const named = number === undefined ? copier : term(game, "staff", String(number), copier);
    const text = say(game, "copier_copies", { player: player.name, copier: named, card: cardName(game, chosen), points: say(game, "points", {}, points) });
    log(game, player, "final", text, { card: chosen });
  }
  return [chosen, points];
}

// --- final scoring explained: result.final[i].details[source] is a list of lines, each an object with
// its "points" and a "text"; the lines of a source add up to its breakdown (see finalEntry).

// `label: count × each = points`, the one form of every counted line.
function counted(game, label, count, each) {
  return say(game, "counted", { label, n: count, each, points: say(game, "points", {}, count * each) });
}

// A per-quantity source's line: `each` points per unit of the quantity `per`.
function quantityLine(game, per, count, each) {
  const words = game.words.quantities[per];
  const text = counted(game, words.slice(0, 1).toUpperCase() + words.slice(1), count, each);
  return { per, count, each, points: count * each, text };
}

// An expression source's line: the expression in words (its key: ir.expression_key), then its points.
function expressionLine(game, key, points) {
  const words = game.words.quantity_totals[key];
  const what = words.slice(0, 1).toUpperCase() + words.slice(1);
  const text = say(game, "counted_expression", { what, points: say(game, "points", {}, points) });
  return { per: key, count: points, each: 1, points, text };
}

// A source's line that scores `per` by a table of points by amount (past its end: the last entry).
function tableLine(game, per, count, table) {
  const words = game.words.quantities[per];
  const points = table[Math.min(count, table.length - 1)];
  const label = words.slice(0, 1).toUpperCase() + words.slice(1);
  const text = say(game, "counted_table", { label, n: count, points: say(game, "points", {}, points) });
  return { per, count, each: 0, points, text };
}

// One line per floor whose occupied rooms score.
function floorLines(game, player, pointsByFloor) {
  const words = game.words.quantities.occupied_rooms;
  const lines = [];
  pointsByFloor.forEach((each, index) => {
    if (!each) return;
    const floor = index + 1;
    const rooms = player.hotel[index].filter((r) => r === "o").length;
    lines.push({ floor, rooms, each, points: rooms * each, text: counted(game, say(game, "floor_label", { floor, words }), rooms, each) });
  });
  return lines;
}

// [the points of the player's hired game-end Staff (the copier's decision taken here), one line per card]:
// its quantity (`per`: card -> [points each, quantity], said as the game's words say it), count, points each,
// and for a copier (`copiers`: card -> name) the card it copies (`copies`, null when there is none).
function gameEndLines(game, player, formulas, copiers, per) {
  const words = game.words.quantities;
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
      const text = say(game, "nothing_to_copy", { card: cardName(game, number), points: say(game, "points", {}, 0) });
      Object.assign(line, { per: null, count: 0, each: 0, points: 0, text });
    } else {
      const [each, quantity] = per[copied];
      const count = QUANTITIES[quantity](game, player);
      let label = cardName(game, number);
      if (copied !== number) label = say(game, "card_copies", { card: label, copied: cardName(game, copied) });
      const text = counted(game, say(game, "staff_label", { card: label, words: words[quantity] }), count, each);
      Object.assign(line, { per: quantity, count, each, points: count * each, text });
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
    const text = say(game, "total_counts_as", { total, floor, points: say(game, "points", {}, breakdown.points_floor) });
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
// each player's tie-breaker and rank (in standings order), and in the language of `words` how the
// tie-breaker (the sum of `quantities`, said as `tiebreak`) decided it or that they share a rank.
function explainTies(words, standings, quantities, tiebreak) {
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
      text: tieText(words, group, tiebreak),
    }));
}

// A tie in words: who has how many points, the tie-breaker's figures, and the places.
function tieText(words, group, tiebreak) {
  const points = phrase(words, "points", {}, group[0].points);
  const head = phrase(words, "tie_head", { players: named(words, group.map((r) => r.player)), points });
  if (new Set(group.map((r) => r.tiebreak)).size === 1) {
    const same = tiebreak ? phrase(words, "tie_same_tiebreak", { tiebreak, value: group[0].tiebreak }) : "";
    return phrase(words, "tie_shared", { head, same, place: ordinal(words, group[0].rank) });
  }
  if (group.length === 2) {
    const [first, second] = group;
    return phrase(words, "tie_won", {
      head,
      tiebreak,
      first: first.player,
      first_value: first.tiebreak,
      second: second.player,
      second_value: second.tiebreak,
      first_place: ordinal(words, first.rank),
      second_place: ordinal(words, second.rank),
    });
  }
  const figures = group.map((r) => phrase(words, "tie_figure", { player: r.player, value: r.tiebreak })).join(phrase(words, "list_separator"));
  const places = [];
  for (const row of group) {
    const last = places[places.length - 1];
    if (last && last[0].rank === row.rank) last.push(row);
    else places.push([row]);
  }
  const said = places.map((rows) =>
    rows.length === 1
      ? phrase(words, "tie_places", { player: rows[0].player, place: ordinal(words, rows[0].rank) })
      : phrase(words, "tie_share_place", { players: named(words, rows.map((r) => r.player)), place: ordinal(words, rows[0].rank) }),
  );
  return phrase(words, "tie_many", { head, tiebreak, figures, places: said.join("; ") });
}

// `A`, `A and B`, `A, B and C` (in English).
function named(words, names) {
  if (names.length === 1) return names[0];
  return phrase(words, "names_and", { first: names.slice(0, -1).join(phrase(words, "list_separator")), last: names[names.length - 1] });
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
        const said = { path, value: optionText(values[index]), key, player: plain(player.name) };
        const message = asked === 0 ? say(game, "unused_none", said) : say(game, "unused_only", said, asked);
        unused.push({ player: player.name, path, value: values[index], message });
      }
    }
  });
  return unused;
}

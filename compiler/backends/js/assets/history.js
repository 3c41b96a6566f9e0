// A game as it went, from the rounds the pad scored (game.history: each round's state before and
// its result): each player's points after every round, and the whole game as data (CSV: one row
// per player and scoring; JSON: every round's state before and after). No DOM here:
// tests/test_pad_views.py runs it under Node against the Python module's results.
"use strict";

const PadHistory = (function () {
  // Each scoring so far: {round, tier (null: no Emperor scoring), final, players: [{name, points, krones,
  // emperor, objectives, total?, rank?}]}; the deal is round 0, the final scoring a row of its own.
  function rows(game, scorings) {
    const tierOf = {};
    for (const s of scorings) tierOf[s.round] = s.tier;
    const out = [];
    for (const entry of game ? game.history : []) {
      const result = entry.result;
      const players = result.state.players.map((p) => ({ name: p.name, points: p.points, krones: p.krones, emperor: p.emperor, objectives: p.objectives || 0 }));
      out.push({ round: entry.round, tier: entry.round > 0 && tierOf[entry.round] !== undefined ? tierOf[entry.round] : null, final: false, players });
      if (!result.final) continue;
      const finals = result.final.map((line, index) => {
        const standing = result.standings.find((s) => s.player === line.player);
        return Object.assign({}, players[index], { points: line.total, before: line.points, total: line.total, rank: standing.rank, tiebreak: standing.tiebreak, breakdown: line.breakdown });
      });
      out.push({ round: entry.round, tier: null, final: true, players: finals });
    }
    return out;
  }

  // The rows the points-by-round table shows (issue 42): the deal, the Emperor scorings and the final
  // scoring, and a round without a scoring only where someone's points changed in it (the table entered
  // points then); a round left out changed nobody's points, so each change shown is still since the row above.
  function shown(table) {
    return table.filter((row, at) => {
      if (row.final || row.round === 0 || row.tier !== null || at === 0) return true;
      const before = table[at - 1].players;
      return row.players.length !== before.length || row.players.some((p, i) => p.name !== before[i].name || p.points !== before[i].points);
    });
  }

  // Every name that played, in seat order of first appearance (a player added or removed keeps a column).
  function names(table) {
    const seen = [];
    for (const row of table) for (const p of row.players) if (!seen.includes(p.name)) seen.push(p.name);
    return seen;
  }

  // The points of `name` in each row (null where the player was not in the game then).
  function series(table, name) {
    return table.map((row) => {
      const found = row.players.find((p) => p.name === name);
      return found ? found.points : null;
    });
  }

  // The whole game as CSV: one row per player and scoring, the final sources where the final scoring
  // is. Its header is data (the state's keys), as the one-scoring CSV's (report.js).
  function csv(game, scorings) {
    const table = rows(game, scorings);
    const sources = [];
    for (const row of table) for (const p of row.players) for (const s of Object.keys(p.breakdown || {})) if (!sources.includes(s)) sources.push(s);
    const head = ["round", "scoring", "player", "points", "krones", "emperor", "objectives", ...sources.map((s) => "final " + s), "total", "rank", "tiebreak"];
    const lines = [head];
    for (const row of table) {
      const scoring = row.final ? "final" : row.round === 0 ? "deal" : row.tier !== null ? "emperor " + row.tier : "round";
      for (const p of row.players) {
        const finalCells = row.final ? [...sources.map((s) => p.breakdown[s] || 0), p.total, p.rank, p.tiebreak] : [...sources.map(() => ""), "", "", ""];
        lines.push([row.round, scoring, p.name, row.final ? p.before : p.points, p.krones, p.emperor, p.objectives, ...finalCells]);
      }
    }
    return lines.map((line) => line.map(PadReport.field).join(",")).join("\r\n") + "\r\n";
  }

  // The whole game as JSON: each round's state before its scoring (what `gah score` reads) and after
  // it, its events, and the final scoring and standings where the last round is.
  function json(game, ruleset) {
    const rounds = (game ? game.history : []).map((entry) => {
      const out = { round: entry.round, before: entry.before, after: entry.result.state, events: entry.result.events.map((e) => e.text) };
      if (entry.result.final) Object.assign(out, { final: entry.result.final, standings: entry.result.standings });
      return out;
    });
    const seed = game && game.seed !== undefined ? game.seed : null;
    return JSON.stringify({ ruleset, seed, rounds }, null, 2) + "\n";
  }

  return { rows, shown, names, series, csv, json };
})();

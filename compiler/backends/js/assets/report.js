// A scoring result as text and as CSV. The text is `gah score`'s report, line for line (a port of
// compiler/report.py: tests/js/pad.test.js compares the two), in the same phrases (the language's
// `score.report` section), so what is copied at the table reads as what a computer prints. The CSV
// is data (its header is the state's keys). No DOM here.
"use strict";

const PadReport = (function () {
  // Python's len and str.ljust / str.rjust count code points.
  const size = (text) => Array.from(String(text)).length;
  const left = (text, width) => String(text) + " ".repeat(Math.max(0, width - size(text)));
  const right = (text, width) => " ".repeat(Math.max(0, width - size(text))) + String(text);

  // json.dumps with its default ensure_ascii: every character beyond ASCII as \uXXXX.
  function dumps(value) {
    if (value === undefined || value === null) return "null";
    if (Array.isArray(value)) return "[" + value.map(dumps).join(", ") + "]";
    if (typeof value === "object") return "{" + Object.entries(value).map(([k, v]) => dumps(k) + ": " + dumps(v)).join(", ") + "}";
    return JSON.stringify(value).replace(/[\u007f-\uffff]/g, (ch) => "\\u" + ch.charCodeAt(0).toString(16).padStart(4, "0"));
  }

  function commented(text, step, say) {
    let why;
    if (step.how === "recorded") why = say("recorded");
    else if (step.how === "only") why = say("only");
    else {
      why = say("policy", { total: step.total });
      if (step.runner_up) why += say("runner_up", { value: dumps(step.runner_up.value), total: step.runner_up.total });
    }
    return `${left(text, 34)} # ${why}`;
  }

  function decisionsBlock(decisions, say) {
    const players = decisions.filter((entry) => entry.steps.length);
    if (!players.length) return [];
    const lines = ["", say("decisions")];
    for (const entry of players) {
      lines.push(`  ${entry.player}:`, "    choices:");
      const byKey = new Map();
      for (const step of entry.steps) {
        if (!byKey.has(step.key)) byKey.set(step.key, []);
        byKey.get(step.key).push(step);
      }
      for (const [key, steps] of byKey) {
        if (steps.length === 1) {
          lines.push(commented(`      ${key}: ${dumps(steps[0].value)}`, steps[0], say));
          continue;
        }
        lines.push(`      ${key}:`);
        for (const step of steps) lines.push(commented(`        - ${dumps(step.value)}`, step, say));
      }
    }
    return lines;
  }

  // The sources of a final scoring, in the order they first appear.
  function sourcesOf(final) {
    const sources = [];
    for (const entry of final) for (const source of Object.keys(entry.breakdown)) if (!sources.includes(source)) sources.push(source);
    return sources;
  }

  // compiler/report.py's human_report: every step by player, then final scoring, standings and
  // decisions; `say(key, values)` says the `score.report` phrases (words.js).
  function humanReport(result, say) {
    const lines = [say("heading", { ruleset: result.ruleset, round: result.round })];
    const events = result.events.filter((e) => e.kind !== "final");
    if (!events.length) lines.push("  " + say("no_scoring"));
    let current;
    for (const event of events) {
      if (event.player !== current) {
        current = event.player;
        lines.push(`  ${current || say("game")}:`);
      }
      lines.push(`    - ${event.text}`);
    }
    if (result.final) {
      const sources = sourcesOf(result.final);
      const width = Math.max(8, ...result.final.map((e) => size(e.player)));
      lines.push("", say("final"));
      const [player, points, total] = ["player", "points", "total"].map((column) => say("column." + column));
      const heads = Object.fromEntries(sources.map((s) => [s, sourceHead(s, say)]));
      const widths = sources.map((s) => Math.max(8, size(heads[s])));
      const columns = sources.map((s, i) => right(heads[s], widths[i])).join(" ");
      lines.push(`  ${left(player, width)} ${right(points, 6)} ${columns} ${right(total, 6)}`);
      for (const entry of result.final) {
        // "-": not counted (a role)
        const cells = sources.map((s, i) => right(s in entry.breakdown ? entry.breakdown[s] : "-", widths[i])).join(" ");
        lines.push(`  ${left(entry.player, width)} ${right(entry.points, 6)} ${cells} ${right(entry.total, 6)}`);
      }
      // Final-scoring events (a copier's card) are said again, with their figures, in the details.
      lines.push("", say("detail"));
      const label = Math.max(0, ...sources.map((s) => size(heads[s])));
      for (const entry of result.final) {
        lines.push(`  ${entry.player}:`);
        for (const [source, details] of Object.entries(entry.details || {})) {
          const texts = details.length ? details.map((line) => line.text) : [say("none")];
          lines.push(`    ${left(heads[source] || sourceHead(source, say), label)}  ${texts[0]}`);
          for (const text of texts.slice(1)) lines.push(`    ${left("", label)}  ${text}`);
        }
      }
      lines.push("", say("standings"));
      for (const row of result.standings) lines.push("  " + standing(row, result.standings, say));
      for (const tie of result.ties || []) lines.push(`  - ${tie.text}`);
    }
    lines.push(...decisionsBlock(result.decisions || [], say));
    return lines.join("\n") + "\n";
  }

  // A final-scoring source's column head (compiler/report.py: source_head): the language's for the game's own
  // sources, else its id (a ruleset's own source, which no language file names).
  function sourceHead(source, say) {
    if (["player", "points", "total"].includes(source)) return source;
    const head = say("column." + source);
    return head === "[column." + source + "]" ? source : head;
  }

  // A player's place in the standings, with its tie-breaker only where that decided something: another
  // player has as many points and a different tie-breaker (compiler/report.py: standing_line).
  function standing(row, standings, say) {
    const values = { rank: row.rank, player: row.player, points: row.points, count: row.points };
    const decided = standings.some((other) => other.points === row.points && other.tiebreak !== row.tiebreak);
    return decided ? say("standing_tiebreak", Object.assign(values, { tiebreak: row.tiebreak })) : say("standing", values);
  }

  // One CSV field: quoted where it must be, and a leading = + - @ made harmless for spreadsheets.
  function field(value) {
    let text = String(value);
    if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = "'" + text;
    return /[",\r\n]/.test(text) ? '"' + text.replace(/"/g, '""') + '"' : text;
  }

  // The players after a scoring, one row each: their position, and after the last round the final
  // scoring by source, the total, the rank and the tie-breaker value.
  function csv(result) {
    const head = ["player", "points", "krones", "emperor", "objectives"];
    const final = result.final || null;
    const sources = final ? sourcesOf(final) : [];
    if (final) head.push(...sources.map((s) => "final " + s), "total", "rank", "tiebreak");
    const rows = [head];
    result.state.players.forEach((player, index) => {
      const row = [player.name, player.points, player.krones, player.emperor, player.objectives];
      if (final) {
        const entry = final[index];
        const standing = result.standings.find((s) => s.player === player.name);
        row.push(...sources.map((s) => entry.breakdown[s] || 0), entry.total, standing.rank, standing.tiebreak);
      }
      rows.push(row);
    });
    return rows.map((row) => row.map(field).join(",")).join("\r\n") + "\r\n";
  }

  return { humanReport, csv, sourcesOf, field, standing };
})();

// The functions of a pad engine's specialised part that no ruleset changes (a port of
// compiler/backends/python/runtime/entry.py). Not copied whole as the other runtime files are: engine.py copies
// each function by its name to its place among the code and data it writes from the ruleset, which these
// functions read (TILE_NAME, TILES, TRACK_POINTS, OUTCOME, ZONE_NAME, DECIDES, ROLE_PARTS, EMPEROR_SCORINGS, RULES, WORDS,
// TIEBREAK_QUANTITIES, EMPEROR_BONUS, finalScoring, tiebreak). A function named `<name>ByRole` is
// the one copied for a ruleset with roles.
"use strict";

// A tile as the sheets name it: by its name, with its tier (names repeat across tiers).
function tileName(game, tileId) {
  const [name, tier] = TILE_NAME[tileId];
  return say(game, "tile_name", { name: term(game, "tile", tileId, name), tier });
}

// A tile's bonus, then every hired Staff that adds to Emperor bonuses (engine.py adds them: only those hired before
// this bonus, not one hired through it).
function emperorBonus(game, player, tileId) {
  if (game.explain) log(game, player, "bonus", say(game, "takes_bonus", { player: player.name, tile: tileName(game, tileId) }));
  TILES[tileId][0](game, player);
}

// A tile's penalty, unless a hired Staff lets the player pay to ignore it (engine.py adds those that do).
function emperorPenalty(game, player, tileId) {
  if (game.explain) log(game, player, "penalty", say(game, "takes_penalty", { player: player.name, tile: tileName(game, tileId) }));
  TILES[tileId][1](game, player);
}

// One player's part of an Emperor scoring, as the Python module's emperor_scoring_step: its body is copied into
// each scoring's loop over the players (`back`: that scoring's move-back; a Staff that waives a penalty makes
// every penalty a decision).
function emperorScoringStep(game, player, tileId, back) {
  scoreSpace(game, player, TRACK_POINTS[player.emperor]);
  moveBack(game, player, back, ZONE_NAME);
  const outcome = OUTCOME[player.emperor];
  if (outcome === "bonus") {
    if (DECIDES[tileId][0]) takeTurn(game, player, emperorBonus, tileId);
    else emperorBonus(game, player, tileId);
  } else if (outcome === "penalty") {
    if (DECIDES[tileId][1]) takeTurn(game, player, emperorPenalty, tileId);
    else emperorPenalty(game, player, tileId);
  }
  if (outcome === "nothing" && game.explain) {
    log(game, player, "nothing", say(game, "neither_bonus_nor_penalty", { player: player.name }));
  }
}

// The same where players may have roles: each part only where the role has it (ROLE_PARTS); copied into the loop,
// its `return` goes on to the next player.
function emperorScoringStepByRole(game, player, tileId, back) {
  const parts = ROLE_PARTS[player.role];
  if (parts.includes("track_points")) scoreSpace(game, player, TRACK_POINTS[player.emperor]);
  else roleSkips(game, player, "track_points");
  if (parts.includes("move_back")) moveBack(game, player, back, ZONE_NAME);
  else roleSkips(game, player, "move_back");
  const outcome = OUTCOME[player.emperor];
  if (!parts.includes("bonus") && !parts.includes("penalty")) {
    roleSkips(game, player, "bonus_or_penalty");
    return;
  }
  if (outcome !== "nothing" && !parts.includes(outcome)) {
    roleSkips(game, player, outcome);
    return;
  }
  if (outcome === "bonus") {
    if (DECIDES[tileId][0]) takeTurn(game, player, emperorBonus, tileId);
    else emperorBonus(game, player, tileId);
  } else if (outcome === "penalty") {
    if (DECIDES[tileId][1]) takeTurn(game, player, emperorPenalty, tileId);
    else emperorPenalty(game, player, tileId);
  }
  if (outcome === "nothing" && game.explain) {
    log(game, player, "nothing", say(game, "neither_bonus_nor_penalty", { player: player.name }));
  }
}

// The ranking of a final scoring, tie-breakers applied.
function standings(game, final) {
  return rank(final.map((entry, i) => [entry.player, entry.total, tiebreak(game, game.players[i])]));
}

// Apply the Emperor scoring of the round that just ended and, after the last round, final scoring. `language`:
// an id of WORDS or a table of words like theirs (the pad's chooser hands one over); a language the page carries
// no events' words for (say a workspace's own, where the page was made with the shipped languages only) tells
// them in English rather than failing at the table.
function scoreGame(state, language = "en") {
  const words = typeof language === "string" ? WORDS[language] || WORDS.en : language;
  const game = readGame(RULES, state, words);
  game.words = words;
  const scoring = EMPEROR_SCORINGS[game.round];
  if (scoring) scoring(game);
  const result = { ruleset: RULES.name, round: game.round, state: writeGame(game), events: game.events };
  if (game.round === RULES.rounds) {
    result.final = finalScoring(game);
    result.standings = standings(game, result.final);
    result.ties = explainTies(game.words, result.standings, TIEBREAK_QUANTITIES, game.words.tiebreak);
  }
  result.decisions = decisionReport(game);
  result.unused_choices = unusedChoices(game);
  return result;
}

"""The functions of a generated module's specialised part that no ruleset changes: its entry points, and the
Emperor scoring's steps around the tiles' own functions.

Not copied whole as the other runtime files are (standalone.py): the generator (module.py) copies each function
by its name (fixed_lines) to its place among the code and data it writes from the ruleset, which these
functions read: the names it writes are declared in written.pyi, so that mypy and ruff read this file as the
module it lands in. A function named `<name>_by_role` is the one copied as `<name>` for a ruleset with roles.
"""

from __future__ import annotations

from typing import Any

from .chooser import LazyTurn, take_turn
from .core import Game, Player, say, speak, term
from .scoring import (
    decision_report,
    explain_ties,
    final_entry,
    final_total,
    move_back,
    role_skips,
    score_space,
    unused_choices,
)
from .setup import deal, deal_game
from .state import rank, read_game, write_game
from .words import words_in
from .written import (
    DECIDES,
    EMPEROR_SCORINGS,
    FINAL_SOURCES,
    OUTCOME,
    ROLE_FINAL,
    ROLE_PARTS,
    RULES,
    SCORING_STEPS,
    SETUP,
    TIEBREAK_QUANTITIES,
    TILE_NAME,
    TILES,
    TRACK_POINTS,
    WORDS,
    ZONE_NAME,
    projected_total,
    tiebreak,
)


def tile_name(game: Game, tile_id: str) -> str:
    """A tile as the sheets name it: by its name, with its tier (names repeat across tiers)."""
    named = game.voice.tiles.get(tile_id)
    if named is None:
        name, tier = TILE_NAME[tile_id]
        said = say(game, "tile_name", name=term(game, "tile", tile_id, name), tier=tier)
        named = game.voice.tiles[tile_id] = said
    return named


def emperor_bonus(game: Game, player: Player, tile_id: str) -> None:
    """A tile's bonus, then every hired Staff that adds to Emperor bonuses."""
    if game.explain:
        text = game.voice.said["takes_bonus"](player=player.name, tile=tile_name(game, tile_id))
        game.events.append({"round": game.round, "player": player.name, "kind": "bonus", "text": text})
    TILES[tile_id][0](game, player, True)


def emperor_penalty(game: Game, player: Player, tile_id: str) -> None:
    """A tile's penalty, unless a hired Staff lets the player pay to ignore it."""
    if game.explain:
        text = game.voice.said["takes_penalty"](player=player.name, tile=tile_name(game, tile_id))
        game.events.append({"round": game.round, "player": player.name, "kind": "penalty", "text": text})
    TILES[tile_id][1](game, player, True)


def emperor_scoring_step(game: Game, player: Player, tile_id: str, back: int) -> None:
    """One player's part of an Emperor scoring: the points under the marker, the move-back, and the
    bonus or penalty of the space reached. It changes only that player (and the Staff deck and discard
    pile, through cards drawn, put back or removed); the policy's decisions weigh only that player."""
    score_space(game, player, TRACK_POINTS[player.emperor])
    move_back(game, player, back, ZONE_NAME)
    outcome = OUTCOME[player.emperor]
    if outcome == "bonus":
        if DECIDES[tile_id][0]:
            take_turn(game, player, emperor_bonus, tile_id)
        else:
            emperor_bonus(game, player, tile_id)
    elif outcome == "penalty":
        if DECIDES[tile_id][1]:
            take_turn(game, player, emperor_penalty, tile_id)
        else:
            emperor_penalty(game, player, tile_id)
    elif game.explain:
        text = game.voice.said["neither_bonus_nor_penalty"](player=player.name)
        game.events.append({"round": game.round, "player": player.name, "kind": "nothing", "text": text})


def emperor_scoring_step_by_role(game: Game, player: Player, tile_id: str, back: int) -> None:
    """One player's part of an Emperor scoring: the points under the marker, the move-back, and the
    bonus or penalty of the space reached. It changes only that player (and the Staff deck and discard
    pile, through cards drawn, put back or removed); the policy's decisions weigh only that player."""
    parts = ROLE_PARTS[player.role]
    if "track_points" in parts:
        score_space(game, player, TRACK_POINTS[player.emperor])
    else:
        role_skips(game, player, "track_points")
    if "move_back" in parts:
        move_back(game, player, back, ZONE_NAME)
    else:
        role_skips(game, player, "move_back")
    outcome = OUTCOME[player.emperor]
    if "bonus" not in parts and "penalty" not in parts:
        role_skips(game, player, "bonus_or_penalty")
        return
    if outcome != "nothing" and outcome not in parts:
        role_skips(game, player, outcome)
        return
    if outcome == "bonus":
        if DECIDES[tile_id][0]:
            take_turn(game, player, emperor_bonus, tile_id)
        else:
            emperor_bonus(game, player, tile_id)
    elif outcome == "penalty":
        if DECIDES[tile_id][1]:
            take_turn(game, player, emperor_penalty, tile_id)
        else:
            emperor_penalty(game, player, tile_id)
    elif game.explain:
        text = game.voice.said["neither_bonus_nor_penalty"](player=player.name)
        game.events.append({"round": game.round, "player": player.name, "kind": "nothing", "text": text})


def ties(standings: list[dict[str, Any]], language: str | dict[str, Any] = "en") -> list[dict[str, Any]]:
    """Each group of players with equal final points, and how the tie-breaker decided it (see explain_ties),
    in a language of WORDS (or a table of words like theirs)."""
    words = words_in(WORDS, language)
    return explain_ties(words, standings, TIEBREAK_QUANTITIES, words["tiebreak"])


def final_scoring(game: Game) -> list[dict[str, Any]]:
    """Final scoring of every player, in turn order."""
    return [final_entry(game, player, FINAL_SOURCES) for player in game.players]


def final_scoring_by_role(game: Game) -> list[dict[str, Any]]:
    """Final scoring of every player, in turn order."""
    return [final_entry(game, player, ROLE_FINAL.get(player.role, FINAL_SOURCES)) for player in game.players]


def standings(game: Game, final: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The ranking of a final scoring, tie-breakers applied."""
    return final_standings(game, [entry["total"] for entry in final])


def final_totals(game: Game) -> list[int]:
    """Each player's final total, in turn order: final_scoring's totals without the breakdown, sooner
    (for simulators that score many games, like the variant lab).
    """
    return [final_total(game, player, projected_total) for player in game.players]


def final_standings(game: Game, totals: list[int]) -> list[dict[str, Any]]:
    """The ranking of the players' final totals (in turn order), tie-breakers applied."""
    return rank([(p.name, total, tiebreak(game, p)) for p, total in zip(game.players, totals, strict=True)])


def new_game(state: dict[str, Any], explain: bool = True) -> Game:
    """A state dict checked and read into a Game, for callers that play on from it (the variant lab).

    With explain=False the game records no events (nor their texts): the same numbers, sooner.
    """
    game = read_game(RULES, state)
    game.explain = explain
    return game


def emperor_scoring(game: Game) -> None:
    """Apply, in place, the Emperor scoring of the round that just ended (if that round has one)."""
    scoring = EMPEROR_SCORINGS.get(game.round)
    if scoring is not None:
        scoring(game)


def emperor_scoring_of(game: Game, player: Player) -> None:
    """Apply, in place, one player's part of the Emperor scoring of the round that just ended (if any):
    for simulators that weigh a player's options on a copy of the game (see emperor_scoring_step).
    """
    scoring = SCORING_STEPS.get(game.round)
    if scoring is not None:
        emperor_scoring_step(game, player, game.tiles[scoring[0]], scoring[1])


def emperor_scored(state: dict[str, Any], words: dict[str, Any], language: str | dict[str, Any], lazy: bool) -> Game:
    """The game of `state`, its texts in `words` (`language`: their id, or the table itself), after its
    Emperor scoring. `lazy`: a turn of a player with recorded choices copies its start only where its
    search replays it (then LazyTurn; see take_turn)."""
    game = read_game(RULES, state, words)
    if isinstance(language, str):
        speak(game, words, language)
    else:
        speak(game, words)
    game.lazy_turns = lazy
    emperor_scoring(game)
    return game


def score_game(state: dict[str, Any], language: str | dict[str, Any] = "en") -> dict[str, Any]:
    """Apply the Emperor scoring of the round that just ended and, after the last round, final scoring.

    Every text is in `language`: one of WORDS (the languages shipped when the module was made), or a
    table of words like theirs (`gah score --lang` passes one). The result's keys stay the same.
    """
    words = words_in(WORDS, language)
    try:
        game = emperor_scored(state, words, language, True)
    except LazyTurn:  # a turn replays from its start after all: scored again, every start copied
        game = emperor_scored(state, words, language, False)
    result: dict[str, Any] = {
        "ruleset": RULES.name,
        "round": game.round,
        "state": write_game(game),
        "events": game.events,
    }
    if game.round == RULES.rounds:
        final = final_scoring(game)
        result["final"] = final
        result["standings"] = standings(game, final)
        result["ties"] = ties(result["standings"], game.words)
    result["decisions"] = decision_report(game)
    result["unused_choices"] = unused_choices(game)
    return result


def setup_game(
    players: list[str], seed: int, choices: dict[str, Any] | None = None, language: str | dict[str, Any] = "en"
) -> dict[str, Any]:
    """A game state before round 1, dealt from the setup data (see deal_game); a refusal (StateError)
    is said in `language`, as score_game says its texts."""
    words = words_in(WORDS, language)
    return deal_game(RULES, SETUP, players, seed, choices, words)


def setup_new_game(players: list[str], seed: int, choices: dict[str, Any] | None = None, explain: bool = True) -> Game:
    """The game setup_game deals, as a Game (what new_game would read from that state)."""
    game = deal(RULES, SETUP, players, seed, choices)
    game.explain = explain
    return game

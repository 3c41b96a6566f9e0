"""gah setup's printout in the players' language: the words come from the language file's `setup` section."""

from __future__ import annotations

from tests.helpers_rules import run_gah


def test_german_setup_printout_by_hand() -> None:
    """introductory, seed 3, Anna and Ben: the deal of the shipped introductory sets (A to Anna, B to Ben),
    every line in German; the numbers are the English printout's (10 krones, 0 points, 6 cards each, 36 left:
    the 48 Staff cards minus two hands)."""
    run = run_gah("setup", "introductory", "--players", "Anna,Ben", "--seed", "3", "--lang", "de")
    assert run.code == 0, run.err
    lines = run.out.splitlines()
    assert lines[0] == "introductory: Grand Austria Hotel (Einführungsspiel), 2 Spieler, Startwert 3"
    assert lines[1].startswith("Austeilen: Einführungssätze (A, B, C, D): der Startspieler nimmt Satz A")
    assert lines[3] == (
        "Jeder Spieler beginnt mit 10 Kronen, 0 Siegpunkten, Kaiserleiste Feld 0, "
        "Küche: 1 Strudel, 1 Torte, 1 Wein, 1 Kaffee"
    )
    assert lines[5] == "Anna (Startspieler): 6 Personalkarten"
    assert lines[6] == "    1  Frühstückskellner  Kosten 4  einmal pro Runde"
    assert lines[-1] == "Personalkartenstapel: 36 Karten"


def test_english_setup_printout_unchanged() -> None:
    """The same deal in English, as gah setup printed it before its words became data."""
    run = run_gah("setup", "introductory", "--players", "Anna,Ben", "--seed", "3")
    assert run.code == 0, run.err
    lines = run.out.splitlines()
    assert lines[0] == "introductory: Grand Austria Hotel (introductory game), 2 players, seed 3"
    assert lines[3] == (
        "Each player starts with 10 krones, 0 points, Emperor space 0, kitchen: 1 Strudel, 1 Cake, 1 Wine, 1 Coffee"
    )
    assert lines[5] == "Anna (start player): 6 Staff cards"
    assert lines[-1] == "Staff deck: 36 cards"


def test_fresh_seed_line_in_german() -> None:
    """Without --seed, the line naming the seed that deals the game again is in the chosen language."""
    run = run_gah("setup", "base", "--players", "Anna,Ben", "--lang", "de")
    assert run.code == 0, run.err
    assert run.err.startswith("Startwert ")
    assert "teilt dieses Spiel noch einmal aus" in run.err

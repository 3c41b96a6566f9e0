"""The score pad in the players' language (issue 25), in Chromium at 390 px.

The pad carries the languages that ship (English and German): the chooser in its header switches
every word of the page, the choice survives a reload, and the German page fits a phone. Every
expected string below was written by hand from rules/languages/de.yaml and the rules, not read back
from the page. Set GAH_PAD_SHOTS=FOLDER to save the German page (390 px, light) for a person to look at.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from gah.backends.js.page import generate_page
from gah.languages import build_languages
from gah.project import load_one
from gah.workspace import Workspace
from helpers_rules import shipped_workspace
from test_js_pad_browser import (  # noqa: F401
    BEN,
    BEN_ROOMS,
    DevTools,
    Pad,
    by_key,
    by_path,
    chromium,
    enter_player,
    open_pad,
    player_card,
    problems,
    skeleton,
    start_browser,
)
from test_pad_game_browser import axe_counts, axe_source, choose_theme, opened, q

SHOTS = os.environ.get("GAH_PAD_SHOTS")
ANNA = {"name": "Anna", "points": 30, "krones": 7, "emperor": 9}
ANNA_ROOMS = {"4.1": "o", "3.1": "o", "2.1": "o", "1.1": "o", "1.2": "v"}


@pytest.fixture
def browser(chromium: str) -> Iterator[DevTools]:  # noqa: F811
    with tempfile.TemporaryDirectory(prefix="gah-pad-language-") as profile:
        tools = start_browser(chromium, profile)
        try:
            yield tools
        finally:
            tools.close()


@pytest.fixture
def page(tmp_path: Path) -> Path:
    path = tmp_path / "base.html"
    path.write_bytes(generate_page(load_one(shipped_workspace(), "base")))
    return path


def text(pad: Pad, selector: str) -> str:
    return str(pad.evaluate(f"{q(selector)}.textContent"))


def choose_language(pad: Pad, language: str) -> None:
    """Pick a language in the chooser with the keyboard (arrow keys on the focused list), as without a mouse."""
    chooser = q("[data-key=language]")
    pad.evaluate(f"{chooser}.focus()")
    values = pad.evaluate(f"Array.from({chooser}.options).map(o => o.value)")
    steps = values.index(language) - values.index(pad.evaluate(f"{chooser}.value"))
    key, code = ("ArrowDown", 40) if steps > 0 else ("ArrowUp", 38)
    for _ in range(abs(steps)):
        for kind in ("keyDown", "keyUp"):
            pad.tools.send(
                "Input.dispatchKeyEvent", {"type": kind, "key": key, "code": key, "windowsVirtualKeyCode": code}
            )
    assert pad.evaluate(f"{chooser}.value") == language


def overflow(pad: Pad) -> int:
    """How far the page reaches beyond the screen's width (0: it fits)."""
    return int(pad.evaluate("document.documentElement.scrollWidth - window.innerWidth"))


def test_the_chooser_offers_the_shipped_languages_each_in_itself(browser: DevTools, page: Path) -> None:
    pad = opened(browser, page)
    assert pad.evaluate("document.documentElement.lang") == "en"  # Chromium here prefers English
    options = pad.evaluate(
        "Array.from(document.querySelectorAll('[data-key=language] option')).map(o => [o.value, o.lang, o.textContent])"
    )
    assert options == [["de", "de", "Deutsch"], ["en", "en", "English"]]
    label = pad.evaluate(f"document.querySelector('label[for=\"' + {q('[data-key=language]')}.id + '\"]').textContent")
    assert label == "Language"
    assert problems(browser) == []


def test_switching_to_german_changes_the_page_words_and_survives_a_reload(browser: DevTools, page: Path) -> None:
    pad = opened(browser, page)
    assert text(pad, "[data-key=deal]") == "Deal the game"
    choose_language(pad, "de")
    assert pad.evaluate("document.documentElement.lang") == "de"
    assert (
        pad.evaluate("document.title") == "Grand Austria Hotel (Grundspiel): Spielblock"
    )  # the title the ruleset gives in German
    assert text(pad, "label[for^=language]") == "Sprache"
    assert text(pad, "section.card h2") == "Spieler und Verteilung"
    assert text(pad, "section.card p") == (
        "Spieler in Spielreihenfolge, 2 bis 4. Die Verteilung: Jeder Spieler zieht 6 Personalkarten."
    )
    assert text(pad, "[data-key=deal]") == "Partie verteilen"
    assert text(pad, "#round-line") == "Eine neue Partie"
    assert text(pad, "label[for^=name-]") == "Spieler 1 (Startspieler)"
    # Dealt: the round, the next step and the action in German; the rules' things by their German names.
    pad.type_into(q("[data-key=setup-name-0]"), "Anna")
    pad.type_into(q("[data-key=setup-name-1]"), "Ben")
    pad.type_into(q("[data-key=setup-seed]"), "42")
    pad.tap(q("[data-key=deal]"))
    assert text(pad, "#round-line") == "Runde 1 von 7"
    assert text(pad, "#next-step") == (
        "Spiele Runde 1. Trage an ihrem Ende ein, was sich geändert hat, dann tippe auf „Runde 1 beenden“."
    )
    assert text(pad, "#action") == "Runde 1 beenden"
    assert overflow(pad) <= 0  # the German words fit a phone
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        choose_theme(pad, "light")
        pad.shot(Path(SHOTS) / "pad-de-390-round-1-light.png", 390)
        choose_theme(pad, "auto")
    assert text(pad, "#said") == "Verteilt mit dem Startwert 42."
    assert text(pad, "#undo") == "Rückgängig: Verteilen (Startwert 42)"
    labels = pad.evaluate(f"Array.from({player_card(0)}.querySelectorAll('label.label')).map(l => l.textContent)")
    assert labels == [
        "Name",
        "Siegpunkte",
        "Kronen",
        "Feld auf der Kaiserleiste",
        "Politikkarten",
        "Strudel",
        "Torte",
        "Wein",
        "Kaffee",
        "Personal hinzufügen: Name oder Nummer eingeben",
    ]
    assert (
        pad.evaluate(f"{player_card(0)}.querySelector('[data-cell=\"1.1\"]').textContent")
        == "1.1, blau: leer"  # the visible text (1.1) first, then colour and state for screen readers
    )
    assert text(pad, "details[data-key=tiles] summary").startswith("Kaiser-Plättchen: A: ")
    matches = f"Array.from({player_card(0)}.querySelectorAll('.match > span')).map(s => s.textContent)"
    pad.type_into(by_key("players[0].staff-search"), "Sekret")
    assert pad.evaluate(matches) == ["Sekretärin #29 · kostet 5 · bei Spielende"]
    pad.type_into(by_key("players[0].staff-search"), "secretary")  # the English name finds it too
    assert pad.evaluate(matches) == ["Sekretärin #29 · kostet 5 · bei Spielende"]
    # Reloaded: the page opens in German again (the choice is kept for every pad).
    pad = opened(browser, page)
    assert pad.evaluate("document.documentElement.lang") == "de"
    assert pad.evaluate(f"{q('[data-key=language]')}.value") == "de"
    assert text(pad, "#round-line") == "Runde 1 von 7"
    assert text(pad, "#undo") == "Rückgängig: Verteilen (Startwert 42)"
    # And back: every word English again, the Undo label too (kept as a phrase, said when shown).
    choose_language(pad, "en")
    assert pad.evaluate("document.documentElement.lang") == "en"
    assert text(pad, "#round-line") == "Round 1 of 7"
    assert text(pad, "#undo") == "Undo: Deal (seed 42)"
    assert problems(browser) == []


def test_a_german_round_7_fits_a_phone_and_scores_in_german(browser: DevTools, page: Path) -> None:
    """The hand-worked round 7 of tests/test_js_pad_browser.py, entered on the German page."""
    pad = opened(browser, page)
    choose_language(pad, "de")
    pad.type_into("document.getElementById('json-area')", skeleton(2))
    pad.tap(by_key("import"))
    assert text(pad, "#action") == "Runde 7 und die Schlusswertung werten"
    assert overflow(pad) <= 0
    enter_player(pad, 0, ANNA, ANNA_ROOMS)
    for _ in range(2):
        pad.tap(by_key("players[0].kitchen.strudel+"))
    pad.tap(by_key("players[0].kitchen.wine+"))
    for _ in range(2):
        pad.tap(by_key("players[0].cafe-add"))
    for _ in range(2):
        pad.tap(by_key("players[0].cafe[0].cake+"))
    hire(pad, 0, "Sekretärin")
    enter_player(pad, 1, BEN, BEN_ROOMS)
    hire(pad, 1, "27")
    hire(pad, 1, "Zimmermädchen")
    # A field typed wrong: the problem is said next to it, the action waits (the count in German).
    pad.type_into(by_path("players[1].krones"), "x")
    assert text(pad, "#action-why strong") == "Zuerst korrigieren: "
    # gah score --lang de's words for krones: x (tests/test_pad_words.py), next to the field.
    shown = pad.evaluate(
        f"document.getElementById({by_path('players[1].krones')}.getAttribute('aria-describedby')).textContent"
    )
    # Then what to type instead, in German too (issue 42).
    assert shown == 'erwartet: eine ganze Zahl, erhalten: Text ("x") Tippe eine ganze Zahl von 0 bis 100000.'

    pad.type_into(by_path("players[1].krones"), "0")
    pad.tap("document.getElementById('action')")
    standings = pad.evaluate("Array.from(document.querySelectorAll('.standings li')).map(li => li.textContent)")
    assert standings == [
        "1. Ben: 61 Siegpunkte",
        "2. Anna: 50 Siegpunkte",
    ]
    # Both on space 9 after round 7 (tier C): 6 points each, back 7 to space 2 (neutral).
    events = "Array.from(document.querySelectorAll('#result .event')).map(li => li.textContent)"
    assert pad.evaluate(events)[:2] == [
        "Anna erhält 6 Siegpunkte für Feld 9",
        "Anna zieht von Feld 9 um 7 zurück auf Feld 2 (Neutral)",
    ]
    rows = pad.evaluate("Array.from(document.querySelectorAll('table.final th[scope=row]')).map(th => th.textContent)")
    assert rows[0] == "Siegpunkte vorher" and rows[-1] == "Summe"
    assert "Bezogene Zimmer" in rows and "Übrige Kronen" in rows
    assert text(pad, "#result-heading") == "Runde 7: Kaiserwertung (Stufe C: Siegpunkte) und Schlusswertung"
    assert text(pad, "#round-line") == "Partie zu Ende"
    assert overflow(pad) <= 0
    if SHOTS:
        folder = Path(SHOTS)
        folder.mkdir(parents=True, exist_ok=True)
        choose_theme(pad, "light")
        pad.shot(folder / "pad-de-390-light.png", 390)
    # Back to English: the rounds scored are told again in English (scored again from their states).
    choose_language(pad, "en")
    assert pad.evaluate(events)[:2] == [
        "Anna scores 6 points on space 9",
        "Anna moves back 7 from space 9 to space 2 (Neutral)",
    ]
    assert text(pad, ".standings li") == "1. Ben: 61 points"
    assert problems(browser) == []


def hire(pad: Pad, index: int, query: str) -> None:
    pad.type_into(by_key(f"players[{index}].staff-search"), query)
    pad.tap(f"{player_card(index)}.querySelector('.matches button[aria-label$=\": eingestellt\"]')")


def test_a_workspace_language_is_built_in_and_the_tables_language_opens_first(
    browser: DevTools, tmp_path: Path
) -> None:
    """A workspace's own rules/languages/fr.yaml (extends en: what it does not say stays English) joins the
    chooser, and gah.toml's language is the one a fresh pad opens in, whatever the browser prefers."""
    (tmp_path / "gah.toml").write_text('language = "fr"\n', encoding="utf-8")
    folder = tmp_path / "rules" / "languages"
    folder.mkdir(parents=True)
    (folder / "fr.yaml").write_text(
        "language: fr\nname: Français\nextends: en\npad:\n  deal_button: Distribuer la partie\n", encoding="utf-8"
    )
    languages = build_languages(Workspace.at(tmp_path))  # as gah build: fr (gah.toml's) first
    page = tmp_path / "base.html"
    page.write_bytes(generate_page(load_one(shipped_workspace(), "base"), languages, "fr"))
    assert '<html lang="fr">' in page.read_text(encoding="utf-8")
    pad = opened(browser, page)
    assert pad.evaluate("document.documentElement.lang") == "fr"
    options = pad.evaluate(
        "Array.from(document.querySelectorAll('[data-key=language] option')).map(o => o.textContent)"
    )
    assert options == ["Deutsch", "English", "Français"]
    assert text(pad, "[data-key=deal]") == "Distribuer la partie"
    assert text(pad, "section.card h2") == "Players and the deal"
    assert problems(browser) == []


def test_axe_finds_nothing_serious_on_the_german_page(browser: DevTools, page: Path) -> None:
    """The German page, dealt and then with an entry to fix: no serious or critical axe-core finding (the
    language attribute follows the chooser, so `html-lang-valid` and `valid-lang` are checked too)."""
    source = axe_source()
    pad = opened(browser, page)
    choose_language(pad, "de")
    seen = {"empty pad": axe_counts(pad, source)}
    pad.type_into(q("[data-key=setup-name-0]"), "Anna")
    pad.type_into(q("[data-key=setup-name-1]"), "Ben")
    pad.tap(q("[data-key=deal]"))
    pad.type_into(by_path("players[0].krones"), "-5")
    seen["a round with an entry to fix"] = axe_counts(pad, source)
    for screen, counts in seen.items():
        assert not counts.get("critical") and not counts.get("serious"), (screen, counts)


def test_a_browser_that_prefers_austrian_german_opens_the_pad_in_german(browser: DevTools, page: Path) -> None:
    """No choice made yet and no table language: the browser's first language the pad has, by its main tag."""
    agent = str(browser.send("Browser.getVersion", browser=True)["userAgent"])
    browser.send("Network.setUserAgentOverride", {"userAgent": agent, "acceptLanguage": "de-AT,fr"})
    pad = opened(browser, page)
    assert pad.evaluate("navigator.languages[0]") == "de-AT"
    assert pad.evaluate("document.documentElement.lang") == "de"
    assert text(pad, "[data-key=deal]") == "Partie verteilen"
    assert problems(browser) == []

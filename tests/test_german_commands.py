"""Every command in a German workspace speaks German (issue 40, build 5): each command a user runs, its error paths
too (a missing file, an unknown ruleset, a name taken, a broken gah.toml), goes through the English scanner
(tests/helpers_english.py); the same commands in an English workspace are its control: there the scanner finds
English in every one. `--help` and argparse's own errors are left out (the command line's tests cover them).

The lab runs play 2 games on the pure path (no kernels to compile) and `gah build` renders no PDF (its HTML is
what is said; the PDF is that HTML printed), so the whole tour takes seconds.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from gah.lab.runs import voice
from gah.languages import english

from tests.helpers_english import english_words
from tests.helpers_rules import run_gah

LAB = ("--games", "2", "--workers", "1")
# (what it is, the command line), run in this order in one workspace: later ones use what earlier ones wrote.
TOUR: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("check", ("check",)),
    ("check a missing file", ("check", "no-such.yaml")),
    ("new-variant", ("new-variant", "mine")),
    ("new-variant of a taken name", ("new-variant", "mine")),
    ("new-variant of a bad name", ("new-variant", "Mine")),
    ("new-variant from an unknown ruleset", ("new-variant", "other", "--from", "nope")),
    ("show", ("show", "mine")),
    ("show an unknown ruleset", ("show", "nope")),
    ("diff", ("diff", "base", "draft")),
    ("diff of the same rules", ("diff", "base", "mine")),
    ("diff with an unknown ruleset", ("diff", "base", "nope")),
    ("build", ("build",)),
    ("build --check", ("build", "--check")),
    ("score", ("score", "examples/round7.yaml")),
    ("score a missing file", ("score", "no-such.yaml")),
    ("score a folder", ("score", "rules")),
    ("sheet", ("sheet", "base", "--format", "md", "-o", "aid.md")),
    ("sheet of an unknown ruleset", ("sheet", "nope")),
    ("setup", ("setup", "base", "--players", "Anna,Ben", "--seed", "7")),
    ("setup of an unknown ruleset", ("setup", "nope", "--players", "Anna,Ben")),
    ("lab-model", ("lab-model",)),
    ("lab-model over its copy", ("lab-model",)),
    ("docs", ("docs",)),
    ("docs of an unknown topic", ("docs", "nope")),
    ("compare", ("compare", "base", "draft", *LAB, "--html", "compare.html")),
    ("sweep", ("sweep", "base", "--vary", "emperor_scorings.3.move_back=1,99", *LAB)),
    ("tune", ("tune", "base", "--vary", "final_scoring.cafe.points=-5..0", "--target", "total_mean=170", *LAB)),
    ("report", ("report", "run.json")),
    ("report a missing file", ("report", "no-such.json")),
    ("report a file that is no run", ("report", "aid.md")),
    ("init --update", ("init", "--update")),
    ("init a workspace again", ("init", ".")),
    ("init a new one inside", ("init", "inner")),
)
# gah.toml's own problems: one, two (the count's plural), and TOML's own message (a key given twice)
CONFIGS = {
    "gah.toml's problem": "colour = 3\n",
    "gah.toml's two problems": 'colour = 3\nlanguages = "de"\n',
    "gah.toml's TOML": 'paper = "a4"\n',
}
# A line of each command's output in German: the tour did run each (the scanner alone would pass a silent one).
GERMAN = {
    "check": "ok  house-rules        erweitert base",
    "check a missing file": "gah check: keine solche Datei: no-such.yaml",
    "new-variant": "rules/mine.yaml geschrieben (erweitert base); bearbeite sie, dann: gah check rules/mine.yaml",
    "new-variant of a taken name": "gah new-variant: ein Regelwerk namens 'mine' gibt es schon (rules/mine.yaml)",
    "new-variant of a bad name": "gah new-variant: 'Mine' ist kein gültiger Name",
    "new-variant from an unknown ruleset": "gah new-variant: --from: unbekanntes Regelwerk 'nope'; bekannte",
    "show": "# mine: das ganze Regelwerk nach `extends`, als eine Datei (geschrieben von gah show).",
    "show an unknown ruleset": "gah show: unbekanntes Regelwerk 'nope'",
    "diff": "draft weicht in 1 Punkt von base ab:",
    "diff of the same rules": "mine hat dieselben Regeln wie base.",
    "diff with an unknown ruleset": "gah diff: unbekanntes Regelwerk 'nope'",
    "build": "2 Regelwerke gebaut",
    "build --check": "generated/ und schemas/ sind aktuell",
    "score": "  Spieler  Punkte Personal   Zimmer   Kronen    Küche     Café  Summe",
    "score a missing file": "gah score: keine solche Datei: no-such.yaml",
    "score a folder": "gah score: rules ist keine gewöhnliche Datei",
    "sheet": "aid.md geschrieben (md, base)",
    "sheet of an unknown ruleset": "gah sheet: unbekanntes Regelwerk 'nope'",
    "setup": "base: Grand Austria Hotel (Grundspiel), 2 Spieler, Startwert 7",
    "setup of an unknown ruleset": "gah setup: unbekanntes Regelwerk 'nope'",
    "lab-model": 'lab_model = "rules/lab/default.yaml" in gah.toml eingetragen',
    "lab-model over its copy": "gah lab-model: rules/lab/default.yaml gibt es schon (--force überschreibt sie)",
    "docs": "  rules         Das Format der Regeldaten",
    "docs of an unknown topic": "gah docs: unbekanntes Thema 'nope'; die Themen sind:",
    "compare": "draft gegenüber base:",
    "sweep": "emperor_scorings.3.move_back: 99 ist länger als die Kaiserleiste (letztes Feld 13)",
    "tune": "Schritt 1, grobes Raster: -5, -4, -3, -2, 0",
    "report": "draft gegenüber base:",
    "report a missing file": "gah report: no-such.json ist nicht lesbar: keine solche Datei",
    "report a file that is no run": "gah report: aid.md ist nicht lesbar: kein JSON (Zeile 1, Spalte 1)",
    "init --update": "schemas/ ist aktuell",
    "init a workspace again": "gah init: . ist schon ein Arbeitsbereich (gah.toml gibt es)",
    "init a new one inside": "weiter mit: cd inner && gah check && gah score examples/round7.yaml",
    "the new variant's file": "description: Sag in einem Satz, was diese Hausregel ändert.",
    "the variant's sheet": "*Sag in einem Satz, was diese Hausregel ändert.*",
    "the sheet's file": "# Grand Austria Hotel (Grundspiel): Spielhilfe",
    "gah.toml's problem": "gah.toml:21:1: unbekannte Einstellung 'colour'; bekannte Einstellungen:",
    "gah.toml's two problems": "\n2 Probleme gefunden\n",
    "gah.toml's TOML": "gah.toml:21:13: kein gültiges TOML: ein Wert kann nicht überschrieben werden",
}
HTML = "compare.html"  # the lab's HTML report: kept aside for its model's description (markup is not scanned)


def _tour(folder: Path) -> dict[str, str]:
    """What each command of the tour printed (stdout and stderr) in the workspace `folder`, the files it wrote
    for people to read (the new variant, its sheet, a sheet), and gah check's with a broken gah.toml."""
    said = {}
    for label, args in TOUR:
        if label == "report":
            saved = run_gah("compare", "base", "draft", *LAB, "--json", cwd=folder)
            (folder / "run.json").write_text(saved.out, encoding="utf-8")
        run = run_gah(*args, cwd=folder)
        assert "Traceback" not in run.err, (label, run.err)
        # gah show prints the rules data as written (its names and notes are the data's): its comments are gah's
        said[label] = _comments(run.out) + run.err if label == "show" else run.out + run.err
    said["the new variant's file"] = (folder / "rules" / "mine.yaml").read_text(encoding="utf-8")
    said["the variant's sheet"] = (folder / "generated" / "sheets" / "mine.md").read_text(encoding="utf-8")
    said["the sheet's file"] = (folder / "aid.md").read_text(encoding="utf-8")
    config = folder / "gah.toml"
    kept = config.read_text(encoding="utf-8")
    for label, added in CONFIGS.items():
        config.write_text(kept + added, encoding="utf-8")
        said[label] = run_gah("check", cwd=folder).err
    config.write_text(kept, encoding="utf-8")
    return said


def _comments(text: str) -> str:
    return "".join(line for line in text.splitlines(keepends=True) if line.startswith("#"))


def _workspace(folder: Path, language: str) -> Path:
    assert run_gah("init", str(folder)).code == 0
    config = folder / "gah.toml"
    config.write_text(config.read_text(encoding="utf-8") + f'language = "{language}"\n', encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def toured(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, dict[str, str]]]:
    """Each language's tour (German, then English as the control), with no PDF rendered and no kernel compiled,
    and the lab's HTML report under HTML."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("GAH_LAB_ENGINE", "pure")
        patch.setattr("gah.sheets.render.render_pdf", lambda html, name: b"%PDF-1.4 not rendered\n")
        tours = {}
        for language in ("de", "en"):
            folder = _workspace(tmp_path_factory.mktemp(language) / "table", language)
            tours[language] = _tour(folder)
            tours[language][HTML] = (folder / HTML).read_text(encoding="utf-8")
        yield tours
    voice.use(english())  # the in-process lab runs chose a language for this process


def _scanned(tour: dict[str, str]) -> dict[str, str]:
    return {label: text for label, text in tour.items() if label != HTML}


def test_every_command_says_german_in_a_german_workspace(toured: dict[str, dict[str, str]]) -> None:
    english = {label: english_words(text) for label, text in _scanned(toured["de"]).items()}
    assert {label: words for label, words in english.items() if words} == {}


def test_each_command_of_the_tour_said_its_german_line(toured: dict[str, dict[str, str]]) -> None:
    said = _scanned(toured["de"])
    assert set(GERMAN) == set(said)
    assert {label: said[label] for label, line in GERMAN.items() if line not in said[label]} == {}
    assert said["gah.toml's problem"].endswith("\n1 Problem gefunden\n")
    assert "Ein mittelstarker Tisch: stetiges Einkommen" in toured["de"][HTML]  # the model's own German


def test_the_scanner_finds_english_in_every_command_of_an_english_workspace(
    toured: dict[str, dict[str, str]],
) -> None:
    """The control: the same tour in English, where every command's words are caught."""
    said = _scanned(toured["en"])
    assert sorted(label for label, text in said.items() if not english_words(text)) == []
    assert set(said) == set(GERMAN)
    assert said["gah.toml's problem"].endswith("\n1 problem found\n")
    assert said["gah.toml's two problems"].endswith("\n2 problems found\n")
    assert "A mid-strength table: steady income" in toured["en"][HTML]
    assert "  player   points    staff    rooms   krones  kitchen     cafe  total" in said["score"]

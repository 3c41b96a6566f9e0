"""Languages as data (compiler/languages.py, rules/languages/): the loader's checks, choosing a language,
a workspace's own language and overrides, and German words on the sheets (worked out by hand)."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
from gah.errors import Position, RulesError
from gah.languages import Language, Phrase, english, language_ids, load_language, localised
from gah.project import load_one
from gah.sheets import render_sheet
from gah.words.effects import Speaker
from gah.words.text import Words, plain
from gah.workspace import Workspace
from helpers_rules import ROOT, SHIPPED, run_gah, shipped_workspace
from helpers_sheets import assert_tiles_on_the_front

NL = ROOT / "tests" / "data" / "languages" / "nl.yaml"


def make_workspace(folder: Path, toml: str = "", languages: dict[str, str] | None = None) -> Path:
    """A workspace with no rulesets of its own, `toml` as gah.toml and language files by id."""
    (folder / "rules" / "languages").mkdir(parents=True)
    (folder / "gah.toml").write_text(toml, encoding="utf-8")
    for language_id, text in (languages or {}).items():
        (folder / "rules" / "languages" / f"{language_id}.yaml").write_text(text, encoding="utf-8")
    return folder


def sheet(out: Path, *args: str, cwd: Path | None = None, fmt: str = "md") -> tuple[int, str, str]:
    """`gah sheet ARGS --format FMT -o OUT`: the exit code, the file's text (empty when none) and stderr."""
    run = run_gah("sheet", *args, "--format", fmt, "-o", str(out), cwd=cwd)
    return run.code, out.read_text(encoding="utf-8") if out.is_file() else "", run.err


def german() -> Language:
    return load_language(shipped_workspace(), "de")


# --- the shipped files ----------------------------------------------------------------------


def test_english_and_german_ship_and_have_the_same_keys() -> None:
    assert language_ids(Workspace(None)) == ("de", "en")
    assert set(german().phrases) == set(english().phrases)
    assert german().name == "Deutsch" and english().name == "English"


def test_the_schema_names_every_sheet_and_diff_phrase_of_english() -> None:
    schema = json.loads((ROOT / "schemas" / "language.schema.json").read_text(encoding="utf-8"))
    for section in ("sheet", "diff"):
        listed = set(schema["properties"][section]["properties"])
        keys = {key.split(".", 1)[1] for key in english().phrases if key.startswith(section + ".")}
        assert listed == keys, section


def test_plural_forms_are_chosen_by_the_count() -> None:
    here = Position("x.yaml", 1, 1)
    phrase = Phrase((("zero", "none"), ("one", "one {n}"), ("two", "a pair"), ("other", "{n} of them")), here)
    assert [phrase.text(n) for n in (0, 1, -1, 2, 3, None)] == ["none", "one {n}", "one {n}", "a pair"] + [
        "{n} of them"
    ] * 2
    short = Phrase((("one", "krone"), ("other", "krones")), here)
    assert [short.text(n) for n in (0, 1, 2)] == ["krones", "krone", "krones"]


def test_say_and_term() -> None:
    de = german()
    assert de.say("sheet.count.krone", 1, n=1) == "1 Krone"  # the icon mark is left out of plain text
    assert de.say("sheet.count.krone", 3, n=3) == "3 Kronen"
    assert de.say("sheet.track.beyond", last=13, points="1 Siegpunkt") == (
        "Nie über Feld 13 hinaus: Jeder Schritt darüber bringt sofort 1 Siegpunkt."
    )
    assert de.term("staff", "42") == "Gärtner"
    assert de.say("terms.point", 2) == "Siegpunkte" and de.say("terms.point", 1) == "Siegpunkt"
    assert de.term("items", "cake") == "Torte" and english().term("tiles", "c-points") == "Points"


# --- German on the sheets -----------------------------------------------------------------------


def test_german_effect_words() -> None:
    base = localised(load_one(shipped_workspace(), "base"), german())
    s = Speaker(Words(german()), base.items)
    assert plain(s.penalty(base.tile("a-krones").penalty)) == (
        "verliere 3 Kronen; geht das nicht ganz, stattdessen: verliere 5 Siegpunkte"
    )
    assert plain(s.effects(base.tile("c-staff-points").bonus)) == (
        "erhalte 2 Siegpunkte für jede Personalkarte, die du angestellt hast"
    )
    assert plain(s.effects(base.tile("b-one-of-each").bonus)) == "erhalte 1 Strudel, 1 Torte, 1 Wein und 1 Kaffee"
    assert plain(s.penalty(base.tile("c-occupied-room").penalty)) == (
        "entferne auf deiner höchsten Etage ein Zimmer, das bezogen ist, dann, wenn möglich, "
        "ein solches von der höchsten Etage darunter"
    )
    assert base.tile("c-free-staff").name == "Personal gratis" and base.track.zones[0].name == "Schwarz"


def test_the_german_sheet_of_the_base_game(tmp_path: Path) -> None:
    code, text, err = sheet(tmp_path / "base.md", "base", "--lang", "de")
    assert code == 0, err
    assert "# Grand Austria Hotel (Grundspiel): Spielhilfe" in text
    assert "## Die Kaiserleiste †4" in text and "## Kaiser-Plättchen †4" in text
    assert (
        "| Personalpunkte `c-staff-points` | Erhalte 2 Siegpunkte für jede Personalkarte, die du angestellt hast |"
        in text
    )
    assert "| 3 | A | 3 Felder | Feld 6 oder höher | Feld 4 oder höher |" in text
    assert "- Ein über eine Belohnung angestellter Gärtner erhöht diese Belohnung nicht." in text
    assert (
        "- **†1** Startaufstellung: Ob beim Spielaufbau Zimmer vorbereitet werden, ist nicht bestätigt; hier keine."
        in text
    )
    assert (
        "- **†4** Unsere Wörter (nicht aus deutschen Quellen): die Namen der Kaiser-Plättchen, „Stufe“ (A, B, C),"
        in text
    )
    assert '<html lang="de">' in sheet(tmp_path / "base.html", "base", "--lang", "de", fmt="html")[1]


def test_a_variant_names_its_own_tile_in_german_and_a_renamed_entry_keeps_its_name(tmp_path: Path) -> None:
    banquet = localised(load_one(shipped_workspace(), "royal-banquet"), german())
    assert banquet.tile("b-royal-banquet").name == "Königliches Bankett"
    assert banquet.title == "Das Plättchen Königliches Bankett"
    # A ruleset that renames a shipped tile keeps its own name: the language's term names the stock tile only.
    folder = make_workspace(tmp_path)
    (folder / "rules" / "renamed.yaml").write_text(
        "extends: base\nname: renamed\ntitle: Renamed\ntiles:\n  c-points: {name: Glory}\n", encoding="utf-8"
    )
    renamed = localised(load_one(Workspace.at(folder), "renamed"), german())
    assert renamed.tile("c-points").name == "Glory" and renamed.tile("a-krones").name == "Kronen"
    # A variant does not inherit its parent's German title.
    assert renamed.title == "Renamed"


def test_gah_diff_in_german() -> None:
    run = run_gah("diff", "base", "no-penalties", "--lang", "de")
    assert run.code == 0, run.err
    assert "- Bereich black (Schwarz) auf Feld 0 gibt nichts statt die Bestrafung des Plättchens.\n" in run.out


# --- choosing ---------------------------------------------------------------------------------


def test_gah_toml_chooses_the_language(tmp_path: Path) -> None:
    folder = make_workspace(tmp_path / "ws", 'language = "de"\n')
    code, text, err = sheet(tmp_path / "de.md", "base", cwd=folder)
    assert code == 0 and "## Die Kaiserleiste" in text, err
    assert "## The Emperor track" in sheet(tmp_path / "en.md", "base", "--lang", "en", cwd=folder)[1]


def test_an_unknown_language_in_gah_toml_is_placed_at_its_line(tmp_path: Path) -> None:
    folder = make_workspace(tmp_path / "ws", 'paper = "a4"\nlanguage = "fr"\n')
    code, _text, err = sheet(tmp_path / "x.md", "base", cwd=folder)
    assert code == 1
    assert err.startswith(
        "gah.toml:2:1: unknown language 'fr'; known languages: de, en\n    language = \"fr\"\n    ^\n"
    ), err


def test_a_malformed_language_setting_is_a_config_problem(tmp_path: Path) -> None:
    folder = make_workspace(tmp_path, 'language = "German"\n')
    run = run_gah("check", cwd=folder)
    assert run.code == 1
    assert run.err.startswith("gah.toml:1:1: language: expected a language id such as 'en' or 'de' (got 'German')")


def test_an_unknown_lang_option_says_what_there_is(tmp_path: Path) -> None:
    code, _text, err = sheet(tmp_path / "x.md", "base", "--lang", "xx")
    assert code == 1 and err == "gah sheet: unknown language 'xx'; known languages: de, en\n", err


# --- a workspace's own languages ----------------------------------------------------------------


def test_a_workspace_adds_a_third_language_by_a_data_file(tmp_path: Path) -> None:
    folder = make_workspace(tmp_path / "ws", 'language = "nl"\n', {"nl": NL.read_text(encoding="utf-8")})
    ws = Workspace.at(folder)
    assert language_ids(ws) == ("de", "en", "nl")
    code, text, err = sheet(tmp_path / "nl.md", "base", cwd=folder)
    assert code == 0, err
    assert "# Grand Austria Hotel (base game): spelershulp" in text
    assert "## Het keizersspoor" in text
    # Its own words where it has them, English where it says nothing; plural forms by count.
    assert "| Kronen `a-krones` | Ontvang 3 kronen | Lose 3 kronen; if you cannot do all of that" in text
    assert "- **†4** Termen in het Nederlands: de namen van de keizerstegels." in text
    check = run_gah("check", cwd=folder)
    assert "ok  language nl (Nederlands): rules/languages/nl.yaml" in check.out


def test_gah_build_writes_every_language_known_here(tmp_path: Path) -> None:
    folder = make_workspace(tmp_path, 'languages = ["en", "nl"]\n', {"nl": NL.read_text(encoding="utf-8")})
    (folder / "rules" / "house.yaml").write_text("extends: base\nname: house\ntitle: House\n", encoding="utf-8")
    run = run_gah("build", cwd=folder)
    assert run.code == 0, run.err
    sheets = sorted(
        p.relative_to(folder / "generated" / "sheets").as_posix()
        for p in (folder / "generated" / "sheets").rglob("*.md")
    )
    assert sheets == ["house.md", "nl/house.md"]
    assert "## Het keizersspoor" in (folder / "generated" / "sheets" / "nl" / "house.md").read_text(encoding="utf-8")
    manifest = json.loads((folder / "generated" / "sheets" / "pdf-manifest.json").read_text(encoding="utf-8"))
    assert {"house.pdf", "nl/house.pdf"} <= set(manifest)
    assert run_gah("build", "--check", cwd=folder).code == 0


def test_a_workspace_overrides_some_german_terms(tmp_path: Path) -> None:
    override = (
        "language: de\nname: Deutsch\nextends: de\n"
        "terms:\n  staff: {42: Gartenmeister}\nsheet:\n  track.heading: Die Kaiserleiste (Hausregel)\n"
    )
    folder = make_workspace(tmp_path / "ws", 'language = "de"\n', {"de": override})
    code, text, err = sheet(tmp_path / "de.md", "base", cwd=folder)
    assert code == 0, err
    assert "## Die Kaiserleiste (Hausregel)" in text and "- Gartenmeister (Nr. 42): Jedes Mal" in text
    assert "## Kaiser-Plättchen" in text  # the rest is the shipped German


# --- the loader's checks ------------------------------------------------------------------------


def problems_of(folder: Path, language_id: str) -> str:
    ws = Workspace.at(folder)
    with pytest.raises(RulesError) as caught:
        load_language(ws, language_id)
    return str(caught.value)


def test_a_missing_phrase_is_named_with_its_english(tmp_path: Path) -> None:
    text = "language: fr\nname: Français\nterms:\n  game: Grand Austria Hotel\nsheet:\n  track.heading: La piste\n"
    folder = make_workspace(tmp_path, "", {"fr": text})
    found = problems_of(folder, "fr")
    # A few by name in each section (at the section's key; the diff section is missing: at `language:`), then a count.
    assert "rules/languages/fr.yaml:5:1: missing phrase 'sheet.bonus.none' (in English: 'nothing')" in found
    assert "rules/languages/fr.yaml:5:1: missing phrase 'sheet.track.heading'" not in found  # it has that one
    assert "rules/languages/fr.yaml:3:1: missing phrase 'terms.bonus' (in English: 'bonus')" in found
    assert "rules/languages/fr.yaml:1:1: missing phrase 'diff.beyond' (in English: " in found
    missing_sheet = len([k for k in english().phrases if k.startswith("sheet.")]) - 1
    assert (
        f"rules/languages/fr.yaml:5:1: sheet: and {missing_sheet - 5} more missing phrases (English has every key)"
        in found
    )
    sections = {key.split(".")[0] for key in english().phrases}  # terms, sheet, diff, pad, check, score, ...
    assert found.count("missing phrase '") == 5 * len(sections)


def test_a_wrong_placeholder_and_a_wrong_icon_are_placed_at_the_phrase(tmp_path: Path) -> None:
    text = (
        "language: fr\nname: Français\nextends: en\nsheet:\n"
        "  track.beyond: Jamais au-delà de la case {lastt}.\n"
        '  count.point: {one: "[[star]]{n} point", other: "{n} points"}\n'
    )
    folder = make_workspace(tmp_path, "", {"fr": text})
    found = problems_of(folder, "fr")
    assert (
        "rules/languages/fr.yaml:5:17: sheet.track.beyond: unknown placeholder {lastt}; this phrase has: {last}, {points}"
        in found
    )
    assert "rules/languages/fr.yaml:6:16: sheet.count.point: unknown icon [[star]]" in found


def test_schema_mistakes_are_positioned_and_shown_by_the_command(tmp_path: Path) -> None:
    text = "language: fr\nname: Français\nextends: en\nsheet:\n  track.heading: [La, piste]\n  track.headng: x\n"
    folder = make_workspace(tmp_path / "ws", "", {"fr": text})
    code, _text, err = sheet(tmp_path / "x.md", "base", "--lang", "fr", cwd=folder)
    assert code == 1
    assert "rules/languages/fr.yaml:5:18: sheet.track.heading: " in err
    assert "rules/languages/fr.yaml:6:3: sheet: unknown key 'track.headng' (did you mean 'track.heading'?)" in err
    assert "\n      track.headng: x\n      ^\n" in err and "Traceback" not in err


def test_a_file_must_be_named_after_its_language(tmp_path: Path) -> None:
    folder = make_workspace(tmp_path, "", {"fr": "language: de\nname: Deutsch\nextends: de\n"})
    assert "rules/languages/fr.yaml:1:11: language: this file says 'de' but is named fr.yaml; name it de.yaml" in (
        problems_of(folder, "fr")
    )


def test_languages_that_extend_each_other_in_a_loop(tmp_path: Path) -> None:
    folder = make_workspace(
        tmp_path,
        "",
        {"xa": "language: xa\nname: A\nextends: xb\n", "xb": "language: xb\nname: B\nextends: xa\n"},
    )
    # Reported at the `extends:` value that closes the loop (xb's, line 3, column 10).
    said = problems_of(folder, "xa")
    assert "rules/languages/xb.yaml:3:10: extends: the languages extend each other in a loop" in said


def test_the_shipped_files_are_in_the_wheel_layout() -> None:
    # pyproject's package-dir mapping ships rules/ as gah/_bundled/rules, its subfolders' YAML included: the
    # languages go with the rulesets.
    setuptools = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    assert setuptools["package-dir"]["gah._bundled.rules"] == "rules"
    assert "*/*.yaml" in setuptools["package-data"]["gah._bundled.rules"]
    assert (Path(shipped_workspace().bundle) / "rules" / "languages" / "de.yaml").is_file()


def test_gah_score_takes_the_language_too() -> None:
    state = str(ROOT / "examples" / "round7.yaml")
    assert run_gah("score", state, "--lang", "de").code == 0
    unknown = run_gah("score", state, "--lang", "xx")
    assert unknown.code == 1 and unknown.err == "gah score: unknown language 'xx'; known languages: de, en\n"


# Every shipped sheet in German on A4, and the longest on the shorter letter page (a PDF takes a few seconds).
GERMAN_PAGES = [
    *((name, "a4") for name in SHIPPED),
    # Known since the merge of issue 34's German wording: on letter the fit estimate puts the German royal-banquet
    # front's last tile (c-free-staff) overleaf, where the sheet continues it as the design allows, though the
    # right column has room for it. The estimate is the thing to fix (sheets/fit.py).
    pytest.param("royal-banquet", "letter", marks=pytest.mark.xfail(strict=True, raises=AssertionError)),
    ("long-track", "letter"),
    # On the shorter letter page the German backs of these are too long at 9 pt: they condense to 8 pt
    # (layout.py; the introductory one ran over by its footer line before, tests/test_back_fit.py).
    ("introductory", "letter"),
    ("solo", "letter"),
]


@pytest.mark.parametrize(("name", "paper"), GERMAN_PAGES)
def test_every_german_sheet_prints_its_tiles_on_the_front_in_weasyprint(name: str, paper: str) -> None:
    ruleset = load_one(shipped_workspace(), name)
    parent = load_one(shipped_workspace(), ruleset.extends) if ruleset.extends else None
    data = render_sheet(ruleset, parent, "pdf", paper, language=german())  # type: ignore[arg-type]
    assert_tiles_on_the_front(data, ruleset, german())


def test_a_ruleset_translations_mistake_is_positioned(tmp_path: Path) -> None:
    folder = make_workspace(tmp_path)
    (folder / "rules" / "house.yaml").write_text(
        "extends: base\nname: house\ntitle: House\ntranslations:\n  de:\n    titel: Haus\n", encoding="utf-8"
    )
    run = run_gah("check", cwd=folder)
    assert run.code == 1
    assert run.err.startswith(
        "rules/house.yaml:6:5: translations.de: unknown key 'titel' (did you mean 'title'?); expected one of: "
    ), run.err


def test_extending_an_unknown_language_is_placed_at_extends(tmp_path: Path) -> None:
    folder = make_workspace(tmp_path, "", {"fr": "language: fr\nname: Français\nextends: xx\n"})
    assert "rules/languages/fr.yaml:3:10: unknown language 'xx'; known languages: de, en, fr" in problems_of(
        folder, "fr"
    )

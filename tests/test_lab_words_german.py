"""One language everywhere, in the variant lab: in a German workspace (`language = "de"` in gah.toml) the reports
of gah compare, gah sweep and gah tune (text and HTML) give every metric its German words and none of its
English ones; ids (metric names, JSON keys, CSV columns) stay as written, and the JSON keeps English definitions."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from gah.lab.runs import voice
from gah.lab.runs.metrics import Metric, catalogue
from gah.languages import english, load_language
from gah.workspace import Workspace

from tests.helpers_rules import run_gah

GAMES = "40"
ROUNDS, PLAYERS = (3, 5, 7), 4


@pytest.fixture(scope="module")
def german(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    folder = tmp_path_factory.mktemp("lab-de") / "t"
    assert run_gah("init", str(folder)).code == 0
    config = folder / "gah.toml"
    config.write_text(config.read_text(encoding="utf-8") + 'language = "de"\n', "utf-8")
    yield folder
    voice.use(english())  # the in-process runs chose German for this process


def _words(metric: Metric, language_id: str) -> tuple[str, str]:
    """A metric's label and definition in a language."""
    language = english() if language_id == "en" else load_language(Workspace(None), "de")
    number = "".join(ch for ch in metric.name if ch.isdigit()) or "0"
    values: dict[str, str | int] = {"round": int(number), "seat": int(number)}
    return tuple(language.say(f"lab.{key}", None, **values) for key in metric.words)  # type: ignore[return-value]


METRICS = catalogue(ROUNDS, PLAYERS)
# Rows that show shorter words of their own in their sections ("mean", "bonus"): their label is the long one.
OWN_ROW_WORDS = {"total_mean", "total_stdev", *(f"{kind}_r{r}" for kind in ("bonus", "penalty") for r in ROUNDS)}


def test_compare_says_every_metric_in_german(german: Path, tmp_path: Path) -> None:
    page = tmp_path / "lab.html"
    run = run_gah("compare", "base", "gentle-move-backs", "--games", GAMES, "--all", "--html", str(page), cwd=german)
    assert run.code == 0, run.err
    html = page.read_text(encoding="utf-8")
    for metric in METRICS:
        (en_label, en_definition), (de_label, de_definition) = _words(metric, "en"), _words(metric, "de")
        assert f"{en_label} [{metric.name}]" not in run.out, metric.name
        assert en_label not in html and en_definition not in html, metric.name
        if metric.name not in OWN_ROW_WORDS:
            assert f"{de_label} [{metric.name}]" in run.out, metric.name
        assert de_definition in html.replace("&#39;", "'"), metric.name
    for english_words in ("FINAL TOTALS", "WINNERS", "same in all:", "(same)", "Histogram of final totals"):
        assert english_words not in run.out + html, english_words
    assert "ENDSTÄNDE (jeder Spieler)" in run.out and 'lang="de"' in html


def test_the_json_keeps_ids_and_english_definitions(german: Path) -> None:
    run = run_gah("compare", "base", "gentle-move-backs", "--games", GAMES, "--json", cwd=german)
    data = json.loads(run.out)
    for metric in METRICS:
        assert data["metric_definitions"][metric.name]["definition"] == _words(metric, "en")[1]
    assert "total_mean" in data["rulesets"][0]["metrics"]


def test_sweep_says_its_report_in_german(german: Path, tmp_path: Path) -> None:
    page = tmp_path / "sweep.html"
    args = ("sweep", "base", "--vary", "emperor_scorings.7.move_back=5,6", "--games", GAMES, "--html", str(page))
    run = run_gah(*args, cwd=german)
    assert run.code == 0, run.err
    html = page.read_text(encoding="utf-8").replace("&#39;", "'")
    assert "Verändert:" in run.out and "Varied:" not in run.out
    assert "HTML-Heatmaps:" in run.out and "within noise" not in run.out
    for metric in METRICS:
        if f'id="{metric.name}"' in html:
            en_definition, de_definition = _words(metric, "en")[1], _words(metric, "de")[1]
            assert en_definition not in html and de_definition in html, metric.name
    assert "Sweep von base" in html and "Sweep of" not in html and 'lang="de"' in html


def test_tune_says_its_report_in_german(german: Path) -> None:
    args = ("tune", "base", "--vary", "emperor_scorings.7.move_back=3..9", "--target", "penalty_r7=10%")
    run = run_gah(*args, "--games", GAMES, cwd=german)
    assert run.code == 0, run.err
    penalty = next(m for m in METRICS if m.name == "penalty_r7")
    assert _words(penalty, "de")[1] in run.out and _words(penalty, "en")[1] not in run.out
    assert "Schritt 1, grobes Raster" in run.out and "Step 1" not in run.out
    assert "Antwort" in run.out or "kein Wert" in run.out
    assert "Answer" not in run.out


def test_usage_messages_in_german(german: Path) -> None:
    assert "nenne mindestens zwei Regelwerke" in run_gah("compare", "base", cwd=german).err
    assert "nenne mindestens ein --vary" in run_gah("sweep", "base", cwd=german).err
    bad = run_gah("tune", "base", "--vary", "emperor_scorings.7.move_back=3..5", "--target", "margin=2%", cwd=german)
    assert "ist kein Anteil" in bad.err


def test_the_engine_s_article_agrees_in_sweep_s_line() -> None:
    """ "gespielt auf dem reinen Python-Weg" but "auf den gebündelten Rechenkernen" (a plural): each engine's
    phrase carries its article."""
    german = load_language(Workspace(None), "de")
    said = {
        engine: german.say("lab.sweep_played", engine=german.say(f"lab.engine_{engine}"), groups="…")
        for engine in ("pure", "batched")
    }
    assert said["pure"].startswith("gah sweep: gespielt auf dem reinen Python-Weg. ")
    assert said["batched"].startswith("gah sweep: gespielt auf den gebündelten Rechenkernen. ")
    english_line = english().say("lab.sweep_played", engine=english().say("lab.engine_batched"), groups="…")
    assert english_line.startswith("gah sweep: played on the batched engine. ")

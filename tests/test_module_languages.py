"""A third language is data only (issue 40, build 6): a workspace's own language file goes into the scoring
modules `gah build` writes (their WORDS), so score_game(state, "fr") speaks it; a language a module does not carry
is English with a warning that names it and the module's languages, never a bare KeyError.

The French here is a test-only file (tests/data/languages/fr-test.yaml): its words are markers, not French.
"""

from __future__ import annotations

import copy
import importlib.util
import shutil
import sys
import warnings
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
import yaml
from gah.backends.python.load import import_source
from gah.backends.python.module import generate_module
from gah.languages import load_language
from gah.workspace import Workspace

from tests.helpers_rules import ROOT, ruleset, run_gah
from tests.helpers_scoring import module

FRENCH = ROOT / "tests" / "data" / "languages" / "fr-test.yaml"
STATE: dict[str, Any] = yaml.safe_load((ROOT / "examples" / "round7.yaml").read_text(encoding="utf-8"))
MISSING = (
    "this scoring module has no words in language 'it' (it has: {languages}; gah build in a workspace whose "
    "rules/languages/ holds that language adds it): speaking English"
)


def _import(path: Path) -> ModuleType:
    """A generated module imported from its file, as a user's script imports it."""
    name = f"built_{path.stem}"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    found = importlib.util.module_from_spec(spec)
    sys.modules[name] = found  # dataclasses look their module up there
    spec.loader.exec_module(found)
    return found


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ModuleType]:
    """A workspace with rules/languages/fr.yaml, built; its module of house-rules (PDFs not rendered: not asked)."""
    folder = tmp_path_factory.mktemp("fr") / "table"
    assert run_gah("init", str(folder)).code == 0
    (folder / "rules" / "languages").mkdir()
    shutil.copyfile(FRENCH, folder / "rules" / "languages" / "fr.yaml")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("gah.sheets.render.render_pdf", lambda html, name: b"%PDF-1.4 not rendered\n")
        run = run_gah("build", cwd=folder)
    assert run.code == 0, run.err
    yield _import(folder / "generated" / "scoring" / "house_rules.py")
    sys.modules.pop("built_house_rules", None)


def _first_event(result: dict[str, Any]) -> str:
    text: str = result["events"][0]["text"]
    return text


def test_gah_build_puts_the_workspace_language_into_its_modules(built: ModuleType) -> None:
    assert list(built.WORDS) == ["en", "de", "fr"]
    assert _first_event(built.score_game(copy.deepcopy(STATE), "fr")) == "Anna scores 6 pts-fr on space 9"
    assert _first_event(built.score_game(copy.deepcopy(STATE), "de")) == "Anna erhält 6 Siegpunkte für Feld 9"
    assert _first_event(built.score_game(copy.deepcopy(STATE))) == "Anna scores 6 points on space 9"


def test_a_language_the_module_lacks_is_english_with_a_warning_naming_it(built: ModuleType) -> None:
    with pytest.warns(UserWarning) as caught:
        result = built.score_game(copy.deepcopy(STATE), "it")
    assert _first_event(result) == "Anna scores 6 points on space 9"
    assert [str(warning.message) for warning in caught] == [MISSING.format(languages="en, de, fr")]
    assert caught[0].filename == __file__  # it points at the caller's line


def test_every_entry_point_falls_back_alike(built: ModuleType) -> None:
    """setup_game and ties take a language too: the same warning, the same English."""
    with pytest.warns(UserWarning, match="no words in language 'it'"):
        dealt = built.setup_game(["Anna", "Ben"], 7, language="it")
    assert dealt == built.setup_game(["Anna", "Ben"], 7)
    standings = built.score_game(copy.deepcopy(STATE))["standings"]
    with pytest.warns(UserWarning, match="no words in language 'it'"):
        assert built.ties(standings, "it") == built.ties(standings, "en")


def test_a_shipped_module_names_its_languages_instead_of_a_key_error() -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = module("base").score_game(copy.deepcopy(STATE), "it")
    assert _first_event(result) == "Anna scores 6 points on space 9"
    assert [str(warning.message) for warning in caught] == [MISSING.format(languages="en, de")]
    assert caught[0].filename == __file__ and issubclass(caught[0].category, UserWarning)


def test_the_generator_takes_the_languages_and_always_keeps_english(tmp_path: Path) -> None:
    """generate_module(ruleset, languages): English first whatever it is given; none given, the shipped ones."""
    folder = tmp_path / "table"
    (folder / "rules" / "languages").mkdir(parents=True)
    (folder / "gah.toml").write_text("", encoding="utf-8")
    shutil.copyfile(FRENCH, folder / "rules" / "languages" / "fr.yaml")
    french = load_language(Workspace.at(folder), "fr")
    made = import_source(generate_module(ruleset("base"), [french]), "base_with_french")
    assert list(made.WORDS) == ["en", "fr"]
    assert list(import_source(generate_module(ruleset("base")), "base_shipped").WORDS) == ["en", "de"]

"""`gah build`: all or nothing, fresh or stale, and the PDF manifest."""

from __future__ import annotations

from pathlib import Path

import pytest
from gah.cli import main
from helpers_rules import copy_project

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A copy of the shipped workspace: rules, schemas and generated output (PDFs fresh, so nothing renders)."""
    return copy_project(tmp_path)


def snapshot(root: Path) -> dict[str, bytes]:
    return {
        p.relative_to(root).as_posix(): p.read_bytes() for p in sorted((root / "generated").rglob("*")) if p.is_file()
    }


def gah(root: Path, *args: str) -> int:
    return main(["--root", str(root), *args])


def test_a_copy_of_the_project_is_fresh(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert gah(project, "build", "--check") == 0
    assert "up to date" in capsys.readouterr().out


def test_a_failing_ruleset_changes_nothing(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    before = snapshot(project)
    variant = project / "rules" / "variants" / "mild-cafe.yaml"
    # A valid change in one ruleset, and a broken one in another: the build must write neither.
    variant.write_text(variant.read_text().replace("points: -3", "points: -2"))
    broken = project / "rules" / "variants" / "long-track.yaml"
    broken.write_text(broken.read_text().replace("yellow: {from: 4, to: 15}", "yellow: {from: 5, to: 15}"))
    assert gah(project, "build") == 1
    assert "space(s) 4 of the Emperor track are in no zone" in capsys.readouterr().err
    assert snapshot(project) == before


def test_check_names_stale_files_and_build_refreshes_them(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    variant = project / "rules" / "variants" / "mild-cafe.yaml"
    variant.write_text(variant.read_text().replace("points: -3", "points: -2"))
    assert gah(project, "build", "--check") == 1
    err = capsys.readouterr().err
    for stale in ("generated/scoring/mild_cafe.py", "generated/sheets/mild-cafe.md", "generated/sheets/mild-cafe.pdf"):
        assert f"{stale}: stale" in err
    # The German sheet changes with it (every sheet is written in every shipped language).
    for stale in ("generated/sheets/de/mild-cafe.md", "generated/sheets/de/mild-cafe.pdf"):
        assert f"{stale}: stale" in err
    assert "generated/scoring/base.py" not in err and "generated/sheets/de/base" not in err
    assert gah(project, "build") == 0
    assert "2 PDFs rendered" in capsys.readouterr().out
    assert "-2 * len(player.cafe)" in (project / "generated" / "scoring" / "mild_cafe.py").read_text()
    assert gah(project, "build", "--check") == 0


def test_a_hand_edited_pdf_is_stale(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pdf = project / "generated" / "sheets" / "base.pdf"
    pdf.write_bytes(pdf.read_bytes() + b"\n% edited by hand\n")
    assert gah(project, "build", "--check") == 1
    assert "generated/sheets/base.pdf: stale" in capsys.readouterr().err


def test_files_no_ruleset_produces_are_reported_then_removed(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (project / "rules" / "variants" / "no-penalties.yaml").unlink()
    leftover = project / "generated" / "scoring" / "no_penalties.py"
    assert gah(project, "build", "--check") == 1
    assert "generated/scoring/no_penalties.py: no ruleset produces it" in capsys.readouterr().err
    assert gah(project, "build") == 0
    assert not leftover.exists()
    assert not (project / "generated" / "sheets" / "no-penalties.pdf").exists()
    assert gah(project, "build", "--check") == 0


def test_the_first_build_says_what_it_wrote_and_the_next_what_it_left(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Into an empty output folder nothing is "unchanged" (gah init's schemas/ are not the build's output)."""
    folder = tmp_path / "hotel"
    assert main(["init", str(folder)]) == 0
    capsys.readouterr()
    assert gah(folder, "build") == 0
    assert capsys.readouterr().out == "built 1 ruleset: wrote 9 files to generated/ (2 PDFs rendered)\n"
    assert gah(folder, "build") == 0
    assert capsys.readouterr().out == "built 1 ruleset: 0 files written (0 PDFs rendered), 14 unchanged, 0 removed\n"

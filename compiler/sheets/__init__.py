"""Printable player aids (HTML, PDF, Markdown) generated from the IR of a ruleset."""

from __future__ import annotations

from typing import Literal

from compiler import ir

Format = Literal["html", "md", "pdf"]
Paper = Literal["a4", "letter"]
FORMATS: tuple[Format, ...] = ("html", "md", "pdf")
PAPERS: tuple[Paper, ...] = ("a4", "letter")


def render_sheet(
    ruleset: ir.Ruleset, parent: ir.Ruleset | None, fmt: Format, paper: Paper = "a4", *, language: str = "en"
) -> bytes:
    """The player aid of `ruleset` as bytes; with `parent`, it opens with the house rules that differ from it.

    `language` picks a wording table of compiler/sheets/wording.py (only "en" ships).
    """
    # Imported here so that compiler.irdiff can use the sheet wording without an import cycle.
    from compiler.sheets.render import render

    return render(ruleset, parent, fmt, paper, language)


__all__ = ["FORMATS", "PAPERS", "Format", "Paper", "render_sheet"]

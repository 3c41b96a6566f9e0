"""Printable player aids (HTML, PDF, Markdown) generated from the IR of a ruleset."""

from __future__ import annotations

from typing import Literal

from .. import ir
from ..languages import Language

Format = Literal["html", "md", "pdf"]
Paper = Literal["a4", "letter"]
FORMATS: tuple[Format, ...] = ("html", "md", "pdf")
PAPERS: tuple[Paper, ...] = ("a4", "letter")


def render_sheet(
    ruleset: ir.Ruleset,
    parent: ir.Ruleset | None,
    fmt: Format,
    paper: Paper = "a4",
    *,
    language: Language | None = None,
) -> bytes:
    """The player aid of `ruleset` as bytes; with `parent`, it opens with the house rules that differ from it.

    `language`: the words (compiler/languages.py; default: the shipped English).
    """
    from .render import render  # imported when a sheet is made: the sheets' templates and WeasyPrint are heavy

    return render(ruleset, parent, fmt, paper, language)


__all__ = ["FORMATS", "PAPERS", "Format", "Paper", "render_sheet"]

"""Render the view model with Jinja2: HTML (autoescaped, self-contained), Markdown (escaped), PDF (WeasyPrint)."""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Callable, Iterator
from typing import Any, NoReturn, NotRequired, TypedDict

from jinja2 import Environment, PackageLoader, StrictUndefined
from markupsafe import Markup

from .. import ir
from ..languages import Language
from ..words.text import Rich, SheetError, Words, ident, md_escape, plain, to_html, to_markdown
from .context import Sheet, build_sheet
from .fit import MARGIN_Y
from .icons import icon_table
from .track import NARROW_WIDTH, WIDTH, track_svg

# fontTools stamps subset fonts with the current time unless SOURCE_DATE_EPOCH is set; a fixed value
# keeps the PDF bytes identical from run to run (the date is not shown anywhere).
PDF_EPOCH = "315532800"  # 1980-01-01T00:00:00Z


def _comment(text: str) -> Markup:
    """Text to write as it is inside an HTML comment: no `--` (which could end it early), so `<` and `>` need
    no escape there (an escape would show as `&lt;` to whoever reads the source)."""
    return Markup(text.replace("--", "- -"))


def _is_rich(value: Any) -> bool:
    return isinstance(value, tuple)


def _environment() -> Environment:
    return Environment(
        loader=PackageLoader("gah.sheets", "templates"),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )


def _html_environment() -> Environment:
    icons = icon_table()
    env = _environment()

    def finalize(value: Any) -> Any:
        if _is_rich(value):
            return Markup(to_html(value, icons))
        return value

    env.finalize = finalize
    return env


def _md_environment() -> Environment:
    # Autoescape is on so that macro output (already Markdown) is not escaped twice; `finalize` turns every
    # value into escaped Markdown first, so markupsafe's HTML escaping never applies.
    env = _environment()

    def finalize(value: Any) -> Markup:
        if isinstance(value, Markup):
            return value
        if _is_rich(value):
            return Markup(to_markdown(value))
        return Markup(md_escape(str(value)))

    env.finalize = finalize
    return env


class _Globals(TypedDict):
    """What the sheet's templates see: the sheet, its phrases (rich and plain), and the pieces each format adds."""

    s: Sheet
    t: Callable[..., Rich]
    text: Callable[..., str]
    ident: Callable[[str], Rich]
    marker: str
    comment: Markup
    description: str
    track_svg: NotRequired[Markup]  # html
    narrow_track_svg: NotRequired[Markup]  # html
    bold: NotRequired[Callable[[Any], Markup]]  # markdown: any value the template shows


def _globals(sheet: Sheet, words: Words, html: bool) -> _Globals:
    def t(key: str, **values: Any) -> Rich:
        return words.rich(key, **values)

    def text(key: str, **values: Any) -> str:
        return words.text(key, **values)

    result: _Globals = {
        "s": sheet,
        "t": t,
        "text": text,
        "ident": ident,
        "marker": words.text("sheet.changed_marker"),
        "comment": _comment(sheet.header),
        "description": sheet.header,  # an attribute value: escaped once, by autoescape
    }
    if html:
        result["track_svg"] = _track(sheet, WIDTH, "wide")
        result["narrow_track_svg"] = _track(sheet, NARROW_WIDTH, "narrow")
    else:
        result["bold"] = lambda value: Markup(f"**{to_markdown(value) if _is_rich(value) else md_escape(str(value))}**")
    return result


def _track(sheet: Sheet, width: float, css_class: str) -> Markup:
    """The track picture: `wide` for paper and wide screens, `narrow` (in more rows) for phones."""
    return Markup(
        track_svg(
            sheet.track,
            sheet.track_labels,
            changed_spaces=sheet.changes.spaces,
            changed_zones=sheet.changes.zones,
            cap_changed=sheet.changes.cap,
            beyond_changed=sheet.changes.beyond,
            width=width,
            css_class=css_class,
        )
    )


def render_html(sheet: Sheet) -> str:
    env = _html_environment()
    return env.get_template("sheet.html.j2").render(_globals(sheet, sheet.words, html=True))


def render_markdown(sheet: Sheet) -> str:
    env = _md_environment()
    return env.get_template("sheet.md.j2").render(_globals(sheet, sheet.words, html=False))


def _refuse_fetch(url: str, *args: Any, **kwargs: Any) -> NoReturn:
    raise SheetError(f"sheets are self-contained; refusing to fetch {url}")


@contextlib.contextmanager
def _fixed_epoch() -> Iterator[None]:
    saved = os.environ.get("SOURCE_DATE_EPOCH")
    os.environ["SOURCE_DATE_EPOCH"] = PDF_EPOCH
    try:
        yield
    finally:
        if saved is None:
            del os.environ["SOURCE_DATE_EPOCH"]
        else:
            os.environ["SOURCE_DATE_EPOCH"] = saved


def render_pdf(html: str, name: str = "this") -> bytes:
    """The PDF of a sheet's HTML; a SheetError unless its pages are the ones it says: every tile on the front,
    the rest on the back, and on the further pages that hold only tiles (check_pages)."""
    import weasyprint  # type: ignore[import-untyped]  # imported late: slow, and only the PDF needs it

    with _fixed_epoch():
        document = weasyprint.HTML(string=html, url_fetcher=_refuse_fetch).render()
        # Anchors are (x1, y1, x2, y2) in CSS px (older WeasyPrint: (x, y)); the last number is the bottom.
        pages = []
        for page in document.pages:
            bottom = page.height - MARGIN_Y * 96 / 25.4 + 0.5
            pages.append({anchor: position[-1] <= bottom for anchor, position in page.anchors.items()})
        check_pages(pages, name)
        data = document.write_pdf()
    if not isinstance(data, bytes):  # pragma: no cover - write_pdf without a target returns bytes
        raise SheetError("WeasyPrint returned no PDF")
    return data


def check_pages(pages: list[dict[str, bool]], name: str) -> None:
    """The pages the sheet says: every tile of the front (ids tile-...) and the end of the front (front-end) on the
    first, inside its margins; the back (id back) starts the second, with the tiles continued there (overleaf-...);
    each further page N (id pageN) holds its tiles (pageN-...), and the line naming it (to-pageN) is on a page
    before it, inside its margins.

    `pages` holds, per page, the ids placed on it and whether each lies above the page's bottom margin.
    """
    tiles_later = sorted(a.removeprefix("tile-") for page in pages[1:] for a in page if a.startswith("tile-"))
    if tiles_later:
        raise SheetError(
            f"the {name} sheet prints tiles {', '.join(tiles_later)} on the back; the front must hold them"
        )
    astray = sorted(
        a.removeprefix("overleaf-") for i, page in enumerate(pages) if i != 1 for a in page if a.startswith("overleaf-")
    )
    if astray:
        raise SheetError(
            f"the {name} sheet prints tiles {', '.join(astray)} off the back, where the front says they are"
        )
    if not pages or not pages[0].get("front-end", False):
        raise SheetError(f"the front of the {name} sheet runs past the bottom margin of its page")
    expected = max([2, *(int(found) for page in pages for a in page for found in re.findall(r"^page(\d+)$", a))])
    if len(pages) != expected or "back" not in pages[1]:
        must = "the two sides of one sheet" if expected == 2 else f"{expected} pages"
        raise SheetError(f"the {name} sheet takes {len(pages)} pages; it must print on {must}")
    pointers = {anchor for page in pages for anchor in page if anchor.startswith("to-page")}
    missing = [n for n in range(3, expected + 1) if f"to-page{n}" not in pointers]
    if missing:
        raise SheetError(f"the {name} sheet has no line naming page {missing[0]}, where its tiles continue")
    _check_further_pages(pages, name)


def _check_further_pages(pages: list[dict[str, bool]], name: str) -> None:
    """Pages 3 on: each tile on the page its id names, each line naming a page on a page before it."""
    for index, page in enumerate(pages):
        for anchor, inside in page.items():
            found = re.match(r"(to-)?page(\d+)-?(.*)$", anchor)
            if found is None:
                continue
            pointer, number, tile = found.group(1), int(found.group(2)), found.group(3)
            if pointer and (index >= number - 1 or not inside):
                raise SheetError(
                    f"the {name} sheet's line naming page {number} is not above the margin of a page before it"
                )
            if not pointer and index != number - 1:
                what = f"tile {tile}" if tile else f"page {number}"
                raise SheetError(f"the {name} sheet prints {what} on page {index + 1}, where it says page {number}")


def render(
    ruleset: ir.Ruleset, parent: ir.Ruleset | None, fmt: str, paper: str = "a4", language: Language | None = None
) -> bytes:
    if fmt not in ("html", "md", "pdf"):
        raise SheetError(f"unknown sheet format '{fmt}'; expected html, md or pdf")
    if paper not in ("a4", "letter"):
        raise SheetError(f"unknown paper '{paper}'; expected a4 or letter")
    # Only the PDF is refused for page length: Markdown and the screen have no page.
    sheet = build_sheet(ruleset, parent, paper, Words(language), paged=fmt == "pdf")
    if fmt == "md":
        return render_markdown(sheet).encode("utf-8")
    html = render_html(sheet)
    if fmt == "html":
        return html.encode("utf-8")
    return render_pdf(html, ruleset.name)


__all__ = ["plain", "render", "render_html", "render_markdown", "render_pdf"]

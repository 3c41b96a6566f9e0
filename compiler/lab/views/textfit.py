"""Text tables that fit a terminal: at most WIDTH columns, rows equal in every ruleset folded into one line.

A table too wide for the screen is cut into blocks of columns (the first, the reference, in every block), long
column names are replaced by letters with a legend, and prose is wrapped. Used by the comparison table
(gah.lab.views.report), the planners' rows (planners) and the sweep table (gah.lab.views.sweep).
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from dataclasses import dataclass

from ..runs.voice import say

WIDTH = 100
NAME_LIMIT = 20  # a column name longer than this turns every column's name into a letter, with a legend
GAP = "  "
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def wrap(text: str, indent: str = "", then: str | None = None) -> list[str]:
    """A paragraph as lines of at most WIDTH characters (a word longer than a line is cut)."""
    return textwrap.wrap(
        text,
        WIDTH,
        initial_indent=indent,
        subsequent_indent=indent if then is None else then,
        break_on_hyphens=False,
    ) or [indent.rstrip()]


@dataclass(frozen=True)
class Row:
    """A table row: a label and one cell per column; without cells, a section heading. `same`: the figure is
    the same under every ruleset (folded into the section's "same in all" line unless everything is shown),
    and `short` is how that line shows it."""

    label: str
    cells: tuple[str, ...] = ()
    same: bool = False
    short: str = ""


@dataclass(frozen=True)
class Folded:
    """The "same in all" line of a section: the rows it stands for, as `label = value` items."""

    items: tuple[str, ...]

    def lines(self) -> list[str]:
        return wrap(say("same_in_all", items="; ".join(self.items)), "  ", "    ")


Line = Row | Folded


def fold(rows: Sequence[Row]) -> list[Line]:
    """The rows with, in each section, the rows that are the same in every ruleset replaced by one line
    after the section's heading (the other rows keep their order)."""
    sections: list[list[Row]] = [[]]
    for row in rows:
        if not row.cells and sections[-1]:
            sections.append([])
        sections[-1].append(row)
    found: list[Line] = []
    for section in sections:
        same = [row for row in section if row.cells and row.same]
        head = [row for row in section[:1] if not row.cells]
        found.extend(head)
        if same:
            found.append(Folded(tuple(f"{row.label.strip()} = {row.short}" for row in same)))
        found.extend(row for row in section[len(head) :] if not (row.cells and row.same))
    return found


def column_names(names: Sequence[str]) -> tuple[list[str], list[str]]:
    """The columns' headings, and the legend lines when they are letters (a name is too long for a column)."""
    if all(len(name) <= NAME_LIMIT for name in names) or len(names) > len(LETTERS):
        return list(names), []
    letters = list(LETTERS[: len(names)])
    legend = [
        f"{say('columns') if index == 0 else '':8} "
        + (say("legend_reference", letter=letter, name=name) if index == 0 else say("legend", letter=letter, name=name))
        for index, (letter, name) in enumerate(zip(letters, names, strict=True))
    ]
    return letters, [line for text in legend for line in wrap(text, "", " " * 13)]


def blocks(fixed: int, widths: Sequence[int], keep_first: bool = True) -> list[list[int]]:
    """Columns (indices into `widths`) cut into as few blocks of at most WIDTH characters (after `fixed`
    characters of labels) as they need, as even as can be; with `keep_first`, column 0 starts every block. A
    block holds at least one column of its own."""
    fewest = _greedy(fixed, widths, keep_first, WIDTH)
    limit = WIDTH
    while limit > fixed and len(_greedy(fixed, widths, keep_first, limit - 1)) == len(fewest):
        limit -= 1
    return _greedy(fixed, widths, keep_first, limit)


def _greedy(fixed: int, widths: Sequence[int], keep_first: bool, limit: int) -> list[list[int]]:
    """Columns in order, a new block whenever the next would pass `limit` characters."""
    start = [0] if keep_first else []
    base = fixed + sum(widths[i] + len(GAP) for i in start)
    found: list[list[int]] = []
    current: list[int] = []
    used = base
    for index in range(len(start), len(widths)):
        width = widths[index] + len(GAP)
        if current and used + width > limit:
            found.append(start + current)
            current, used = [], base
        current.append(index)
        used += width
    if current or not found:
        found.append(start + current)
    return found


def table(rows: Sequence[Row], names: Sequence[str], fold_same: bool = True) -> list[str]:
    """A table with one column per name (the first is the reference), cut into blocks that fit WIDTH; rows the
    same in every column folded into one line per section unless `fold_same` is False."""
    headings, legend = column_names(names)
    lines_: list[Line] = fold(rows) if fold_same else list(rows)
    shown = [row for row in lines_ if isinstance(row, Row) and row.cells]
    label_width = max([len(row.label) for row in shown], default=0)
    widths = [max([len(headings[i]), *(len(row.cells[i]) for row in shown)]) for i in range(len(names))]
    cut = blocks(label_width, widths)
    out = list(legend)
    for number, columns in enumerate(cut):
        if len(cut) > 1:
            out.append(f"({number + 1} of {len(cut)}: {', '.join(headings[i] for i in columns)})")
        out.append(_line("", [headings[i].rjust(widths[i]) for i in columns], label_width))
        out.extend(_block(lines_, columns, widths, label_width, first=number == 0))
        if number < len(cut) - 1:
            out.append("")
    return out


def _block(
    lines_: Sequence[Line], columns: Sequence[int], widths: Sequence[int], label_width: int, first: bool
) -> list[str]:
    """One block's lines: the "same in all" lines and the headings of sections left with nothing are shown in
    the first block only."""
    out: list[str] = []
    for index, item in enumerate(lines_):
        if isinstance(item, Folded):
            if first:
                out.extend(item.lines())
            continue
        if not item.cells:
            rest = lines_[index + 1 :]
            following = next((i for i, x in enumerate(rest) if isinstance(x, Row) and not x.cells), len(rest))
            if first or any(isinstance(x, Row) for x in rest[:following]):
                out.append(item.label)
            continue
        out.append(_line(item.label, [item.cells[i].rjust(widths[i]) for i in columns], label_width))
    return out


def _line(label: str, cells: Sequence[str], label_width: int) -> str:
    return (label.ljust(label_width) + GAP + GAP.join(cells)).rstrip()

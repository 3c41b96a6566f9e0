"""The score pad: one self-contained HTML page per ruleset (inline engine, UI and style; no network).

Rules data reaches the page only as JSON inside <script> elements, escaped so that no string can
end the element (js_literal), and as HTML-escaped text (the title). The UI writes data with
textContent only. A Content-Security-Policy meta tag allows exactly the page's own inline script
and style (by hash) and nothing from anywhere else.
"""

from __future__ import annotations

import base64
import hashlib
import html
from pathlib import Path

from compiler import ir
from compiler.backends.js.effects import js_literal
from compiler.backends.js.engine import generate_engine

ASSETS = Path(__file__).resolve().parent / "assets"  # the UI script and style, copied into every page


def page_data(ruleset: ir.Ruleset) -> dict[str, object]:
    """What the UI shows and asks for: names and shapes, never mechanics (those are in the engine)."""
    hotel = ruleset.hotel
    return {
        "name": ruleset.name,
        "title": ruleset.title,
        "description": ruleset.description,
        "rounds": ruleset.rounds,
        "minPlayers": ruleset.min_players,
        "maxPlayers": ruleset.max_players,
        "scorings": [{"round": s.round, "tier": s.tier} for s in ruleset.scorings],
        "tiers": list(ruleset.tiers()),
        "tiles": [{"id": t.id, "tier": t.tier, "name": t.name} for t in ruleset.tiles],
        "staff": [{"number": c.number, "name": c.name, "cost": c.cost, "kind": c.kind} for c in ruleset.staff],
        "items": [{"id": i.id, "name": i.name, "kind": i.kind} for i in ruleset.items],
        "floors": hotel.floors,
        "columns": hotel.columns,
        "colours": [list(row) for row in hotel.colours],
        "firstRoom": f"{hotel.first_room[0]}.{hotel.first_room[1]}",
        "cafeSeats": hotel.cafe_seats,
        "trackLast": ruleset.track.last_space,
        "zones": [ruleset.track.zone_of(space).name for space in range(ruleset.track.last_space + 1)],
        "start": {"krones": ruleset.setup.start.krones, "points": ruleset.setup.start.points},
    }


def _csp_hash(text: str) -> str:
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return "'sha256-" + base64.b64encode(digest).decode("ascii") + "'"


def generate_page(ruleset: ir.Ruleset) -> bytes:
    """The full text of <output>/pads/<name>.html."""
    engine = "\n" + generate_engine(ruleset)
    ui = "\n" + (ASSETS / "ui.js").read_text(encoding="utf-8")
    style = "\n" + (ASSETS / "pad.css").read_text(encoding="utf-8")
    csp = "; ".join(
        [
            "default-src 'none'",
            f"script-src {_csp_hash(engine)} {_csp_hash(ui)}",
            f"style-src {_csp_hash(style)}",
            "img-src data:",
            "base-uri 'none'",
            "form-action 'none'",
        ]
    )
    title = html.escape(f"{ruleset.title}: score pad")
    text = (
        "<!DOCTYPE html>\n"
        '<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f'<meta http-equiv="Content-Security-Policy" content="{csp}">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        '<meta name="generator" content="gah build (generated from the rules data; do not edit)">\n'
        f"<title>{title}</title>\n"
        f"<style>{style}</style>\n"
        "</head>\n<body>\n"
        '<noscript><p class="noscript">This score pad needs JavaScript.</p></noscript>\n'
        '<main id="app"></main>\n'
        f'<script type="application/json" id="gah-data">{js_literal(page_data(ruleset))}</script>\n'
        f'<script id="gah-engine">{engine}</script>\n'
        f'<script id="gah-ui">{ui}</script>\n'
        "</body>\n</html>\n"
    )
    return text.encode("utf-8")

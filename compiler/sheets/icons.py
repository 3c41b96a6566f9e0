"""Small inline SVG icons drawn with shapes only (no text, so PDF text extraction reads just the words).

Each icon reads in greyscale: dark outlines, light fills, distinct silhouettes (coin with crown, star,
covered dish, cup, person on a card, room tile with a door).
"""

from __future__ import annotations

INK = "#222"

_SHAPES: dict[str, str] = {
    # A coin with a crown: krones.
    "krone": (
        '<circle cx="8" cy="8" r="7" fill="#f0cf5a" stroke="{ink}" stroke-width="1.2"/>'
        '<path d="M4.3 11 L4.3 6 L6.3 8 L8 4.8 L9.7 8 L11.7 6 L11.7 11 Z" fill="{ink}"/>'
    ),
    # A five-pointed star in a laurel-ish ring: points.
    "point": (
        '<circle cx="8" cy="8" r="7" fill="#fff" stroke="{ink}" stroke-width="1.2"/>'
        '<path d="M8 2.8 L9.5 6.4 L13.2 6.6 L10.3 9 L11.3 12.7 L8 10.6 L4.7 12.7 L5.7 9 L2.8 6.6 L6.5 6.4 Z" '
        'fill="{ink}"/>'
    ),
    # A covered dish (cloche on a plate): dishes.
    "dish": (
        '<path d="M2.5 11.5 A5.5 5.5 0 0 1 13.5 11.5 Z" fill="#e9e2d0" stroke="{ink}" stroke-width="1.1"/>'
        '<circle cx="8" cy="5.2" r="1.1" fill="{ink}"/>'
        '<rect x="1" y="11.6" width="14" height="1.8" rx="0.9" fill="{ink}"/>'
    ),
    # A steaming cup: drinks.
    "drink": (
        '<path d="M3 6.5 H11.5 V11 A3 3 0 0 1 8.5 14 H6 A3 3 0 0 1 3 11 Z" fill="#d9ecf5" stroke="{ink}" '
        'stroke-width="1.1"/>'
        '<path d="M11.5 8 H12.8 A1.6 1.6 0 0 1 12.8 11.2 H11.3" fill="none" stroke="{ink}" stroke-width="1.1"/>'
        '<path d="M5.5 1.8 Q4.6 3.2 5.5 4.6 M8.3 1.8 Q7.4 3.2 8.3 4.6" fill="none" stroke="{ink}" stroke-width="0.9"/>'
    ),
    # A dish and a cup together: "a dish or drink".
    "item": (
        '<path d="M0.8 11 A4.2 4.2 0 0 1 9.2 11 Z" fill="#e9e2d0" stroke="{ink}" stroke-width="1"/>'
        '<circle cx="5" cy="6.1" r="0.9" fill="{ink}"/>'
        '<rect x="0" y="11.1" width="10" height="1.6" rx="0.8" fill="{ink}"/>'
        '<path d="M10.6 7.2 H15.2 V11.2 A2 2 0 0 1 13.2 13.2 H12.6 A2 2 0 0 1 10.6 11.2 Z" fill="#d9ecf5" '
        'stroke="{ink}" stroke-width="1"/>'
    ),
    # A person on a card: Staff cards.
    "staff": (
        '<rect x="2.5" y="1" width="11" height="14" rx="1.6" fill="#fff" stroke="{ink}" stroke-width="1.1"/>'
        '<circle cx="8" cy="5.6" r="2.2" fill="{ink}"/>'
        '<path d="M4.2 12.8 A3.8 3.6 0 0 1 11.8 12.8 Z" fill="{ink}"/>'
    ),
    # A room tile with a door and a window: rooms.
    "room": (
        '<rect x="1.5" y="1.5" width="13" height="13" rx="1" fill="#f4e6e6" stroke="{ink}" stroke-width="1.2"/>'
        '<rect x="6" y="7.5" width="4" height="7" fill="{ink}"/>'
        '<rect x="3.5" y="3.5" width="3" height="2.5" fill="none" stroke="{ink}" stroke-width="0.9"/>'
        '<rect x="9.5" y="3.5" width="3" height="2.5" fill="none" stroke="{ink}" stroke-width="0.9"/>'
    ),
}

ICON_NAMES: tuple[str, ...] = tuple(_SHAPES)


def icon_svg(name: str) -> str:
    """The inline SVG markup of one icon (trusted: built from the constants above only)."""
    shapes = _SHAPES[name].format(ink=INK)
    return (
        f'<svg class="icon icon-{name}" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16" '
        f'width="11" height="11" aria-hidden="true" focusable="false">{shapes}</svg>'
    )


def icon_table() -> dict[str, str]:
    return {name: icon_svg(name) for name in ICON_NAMES}

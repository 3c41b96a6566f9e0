"""Values of the rules data written into the pad's JavaScript: JSON, safe inside an HTML <script> element."""

from __future__ import annotations

import json

# Inside a <script> element, these would end the element or start a comment; JSON allows escaping them.
_SCRIPT_UNSAFE = {"<": "\\u003c", ">": "\\u003e", "&": "\\u0026", "\u2028": "\\u2028", "\u2029": "\\u2029"}


def js_literal(value: object) -> str:
    """A JSON value that is also a JavaScript expression and safe inside an HTML <script> element."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    for char, escaped in _SCRIPT_UNSAFE.items():
        text = text.replace(char, escaped)
    return text

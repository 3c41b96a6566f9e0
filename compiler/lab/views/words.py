"""The lab's phrases in an HTML page: the phrase's own text with &, < and > escaped (as a template's text would
be written), each value escaped as Jinja2's autoescape does (a value given as Markup, such as a `<code>` around
an id, kept as it is). Templates call it by the name `say`."""

from __future__ import annotations

import html

from markupsafe import Markup, escape

from ..runs.voice import say


def say_html(key: str, count: int | None = None, /, **values: str | int | Markup) -> Markup:
    """The phrase `lab.KEY` as HTML (plural by `count`)."""
    tokens = {name: f"\x00{index}\x00" for index, name in enumerate(values)}
    text = html.escape(say(key, count, **tokens), quote=False)
    for name, token in tokens.items():
        text = text.replace(token, str(escape(values[name])))
    return Markup(text)


def code(text: str) -> Markup:
    """An id as the pages show it: `<code>ID</code>`."""
    return Markup("<code>{}</code>").format(text)


def strong(text: str) -> Markup:
    return Markup("<strong>{}</strong>").format(text)


def emphasis(text: str) -> Markup:
    return Markup("<em>{}</em>").format(text)


# What the lab's templates may call: say (say_html) and the markup around ids and words.
GLOBALS = {"say": say_html, "code": code, "strong": strong, "emphasis": emphasis}

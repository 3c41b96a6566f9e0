"""The front end's edge: data as read from YAML or JSON, before the IR gives it types."""

from __future__ import annotations

from typing import Any

# A mapping as read from YAML (or JSON): keys and values as the file holds them, checked by a schema at most.
# The front end reads it only to build the typed IR (compiler/ir.py); nothing past the front end sees one.
RawMapping = dict[str, Any]

# A JSON Schema, or a part of one, as read from schemas/*.json (or derived from one for variants): the schema
# documents are JSON at their edge and jsonschema reads them as such.
JsonSchema = dict[str, Any]

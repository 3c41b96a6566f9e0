"""The front end's edge: data as read from YAML or JSON, before the IR gives it types."""

from __future__ import annotations

from typing import Any

# A mapping as read from YAML (or JSON): keys and values as the file holds them, checked by a schema at most.
# The front end reads it only to build the typed IR (compiler/ir.py); nothing past the front end sees one.
RawMapping = dict[str, Any]

"""The JavaScript backend: a self-contained score pad (HTML page) per ruleset, generated from the IR."""

"""The Python backend: a self-contained scoring module per ruleset."""

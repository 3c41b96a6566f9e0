"""The documents `gah docs` prints, by topic: the user guide's and the file formats'. Kept apart from the command
(commands/format_docs.py) so that shell completion offers the topics without loading the command."""

from __future__ import annotations

# The user guide, in reading order: topic -> file (hand-written; each links to the others by topic name).
GUIDE = {
    "commands": "guide-commands.md",
    "workspaces": "guide-workspaces.md",
    "house-rules": "guide-house-rules.md",
    "translations": "guide-translations.md",
    "sheets": "guide-sheets.md",
    "pad": "guide-pad.md",
    "modules": "guide-modules.md",
    "lab": "guide-lab.md",
    "sweeps": "guide-sweeps.md",
    "metrics": "guide-metrics.md",
    "ci": "guide-ci.md",
    "development": "guide-development.md",
}
# The file formats, generated from the schemas by python -m gah.docs.
FORMATS = {
    "rules": "rules-format.md",
    "state": "state-format.md",
    "lab-model": "lab-model-format.md",
    "language": "language-format.md",
}
TOPICS = {**GUIDE, **FORMATS}


def topics() -> list[str]:
    """The topics in the listing's order: the guide's, then the file formats."""
    return list(TOPICS)

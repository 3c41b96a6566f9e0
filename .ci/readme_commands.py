"""Print one of the README's two set-up commands, as written, for .ci/run to run verbatim.

    python3 .ci/readme_commands.py 1    # installs and runs the main job
    python3 .ci/readme_commands.py 2    # installs and runs the tests

The commands are the non-comment lines of the first sh block under the heading "## Two commands".
"""

from __future__ import annotations

import sys
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"
HEADING = "## Two commands"


def readme_commands(text: str) -> list[str]:
    """The command lines of the first ```sh block after the heading (comments and blank lines left out)."""
    lines = text.splitlines()
    start = lines.index(HEADING)
    fence = next(i for i in range(start, len(lines)) if lines[i].startswith("```sh"))
    end = next(i for i in range(fence + 1, len(lines)) if lines[i].startswith("```"))
    return [line for line in lines[fence + 1 : end] if line.strip() and not line.lstrip().startswith("#")]


def main(argv: list[str]) -> int:
    commands = readme_commands(README.read_text(encoding="utf-8"))
    if len(commands) != 2 or len(argv) != 1 or argv[0] not in ("1", "2"):
        print(f"usage: readme_commands.py 1|2 (the README has {len(commands)} commands, expected 2)", file=sys.stderr)
        return 2
    print(commands[int(argv[0]) - 1])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

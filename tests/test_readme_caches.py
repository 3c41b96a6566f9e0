"""The README's "Where caches live" section says where gah.user_cache puts its caches: a sentence there is a promise."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from gah import user_cache

ROOT = Path(__file__).resolve().parents[1]
SECTION = (ROOT / "README.md").read_text(encoding="utf-8").split("## Where caches live", 1)[1].split("\n## ", 1)[0]


@pytest.mark.parametrize(
    ("platform", "variables", "expected"),
    [
        ("linux", {"HOME": "/h"}, "/h/.cache/gah"),
        ("linux", {"HOME": "/h", "XDG_CACHE_HOME": "/x"}, "/x/gah"),
        ("darwin", {"HOME": "/h"}, "/h/Library/Caches/gah"),
        ("linux", {"HOME": "/h", "GAH_CACHE_DIR": "/mine"}, "/mine"),
    ],
)
def test_the_cache_folder_is_where_the_readme_says(
    monkeypatch: pytest.MonkeyPatch, platform: str, variables: dict[str, str], expected: str
) -> None:
    for name in ("XDG_CACHE_HOME", "GAH_CACHE_DIR", "NUMBA_CACHE_DIR"):
        monkeypatch.delenv(name, raising=False)
    for name, value in variables.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setattr(sys, "platform", platform)
    assert user_cache.cache_root() == Path(expected)
    assert user_cache.kernels_folder() == Path(expected) / "kernels"
    said = {"linux": "~/.cache/gah", "darwin": "~/Library/Caches/gah"}[platform]
    assert said in SECTION and "$XDG_CACHE_HOME/gah" in SECTION and "`GAH_CACHE_DIR`" in SECTION


def test_deleting_the_cache_folder_changes_no_answer(tmp_path: Path) -> None:
    """ "Deleting either folder, or the whole cache folder, is always safe": a check and a score in an emptied cache
    say what they said with a full one."""
    env = {**os.environ, "GAH_CACHE_DIR": str(tmp_path / "cache")}
    env.pop("NUMBA_CACHE_DIR", None)

    def both() -> list[str]:
        runs = [["check"], ["score", "examples/round7.yaml"]]
        done = [
            subprocess.run([sys.executable, "-m", "gah", *a], cwd=ROOT, env=env, capture_output=True, text=True)
            for a in runs
        ]
        return [f"{d.returncode}{d.stdout}{d.stderr}" for d in done]

    first = both()
    key = tmp_path / "cache" / "valid" / "key"
    assert key.is_file() and stat.S_IMODE(key.stat().st_mode) == 0o600, "valid/key: readable by you alone"
    assert both() == first
    subprocess.run(["rm", "-rf", str(tmp_path / "cache")], check=True)
    assert both() == first
    assert "Deleting either folder, or the\nwhole cache folder, is always safe" in SECTION

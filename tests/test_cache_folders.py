"""Where the caches cannot be trusted or written (issue 43): the kernels' fallback in the temporary folder is
used only if it is this user's own (gah.user_cache.private_folder), and a full disk under a cache is said in
one line that names the folder, the command going on without that cache (the same answer, only slower)."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from gah import said, user_cache
from gah.lab.runs import warm
from helpers_rules import ROOT, copy_project, run_gah


@pytest.fixture
def notices(monkeypatch: pytest.MonkeyPatch) -> None:
    """Notices said at once, in English, and none said yet in this test."""
    monkeypatch.setattr(said, "_NOTICED", set())
    monkeypatch.setattr(said, "_WAITING", [])
    monkeypatch.setattr(said, "_LANGUAGE", [said.shipped_english()])


@pytest.fixture
def unwritable_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A cache folder that cannot be written (a file stands where it should be) and a temporary folder of the
    test's own: the kernels' folder is refused, so the temporary one is tried."""
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the cache folder should be")
    monkeypatch.setenv("GAH_CACHE_DIR", str(blocker))
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    (tmp_path / "tmp").mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    return blocker / "kernels"


# A folder of the fallback's name made before gah: by another user (0700, but not this user's: the uid gah sees is
# not its owner's, as the suite runs as root), or writable by others.
PLANTS = {"another_users": (1, 0o700), "world_writable": (0, 0o777), "group_writable": (0, 0o770)}


@pytest.mark.skipif(sys.platform == "win32", reason="owners and modes: Windows' temporary folder is the user's own")
@pytest.mark.parametrize("plant", list(PLANTS))
def test_a_temporary_folder_others_could_write_in_is_refused_in_one_line(
    unwritable_cache: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    notices: None,
    plant: str,
) -> None:
    shift, mode = PLANTS[plant]
    owner = os.getuid()
    monkeypatch.setattr(os, "getuid", lambda: owner + shift)
    planted = user_cache.temporary_kernels_folder()
    planted.mkdir()
    planted.chmod(mode)
    home = user_cache.kernels_home()
    assert home.folder is None and home.unwritable is not None and home.unwritable.folder == unwritable_cache
    assert capsys.readouterr().err.splitlines() == [
        f"gah: not using {planted}: another user could have written in it (owner {owner}, mode {mode:04o})"
    ]


@pytest.mark.skipif(sys.platform == "win32", reason="symbolic links need privileges on Windows")
def test_a_link_in_place_of_the_temporary_folder_is_refused(
    unwritable_cache: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], notices: None
) -> None:
    """A link another user put there, even to a private folder of this user's, is not followed."""
    target = tmp_path / "private"
    target.mkdir(mode=0o700)
    user_cache.temporary_kernels_folder().symlink_to(target)
    assert user_cache.kernels_home().folder is None
    [line] = capsys.readouterr().err.splitlines()
    assert line.startswith(f"gah: not using {user_cache.temporary_kernels_folder()}: another user could have")


def test_this_users_own_temporary_folder_is_made_private_and_used(
    unwritable_cache: Path, capsys: pytest.CaptureFixture[str], notices: None
) -> None:
    home = user_cache.kernels_home()
    fallback = user_cache.temporary_kernels_folder()
    assert home.folder == fallback
    if sys.platform != "win32":
        assert fallback.stat().st_mode & 0o777 == 0o700
    [line] = capsys.readouterr().err.splitlines()
    assert line.startswith(f"gah: cannot write in {unwritable_cache} (")
    assert line.endswith(f"); the lab's compiled kernels go to {fallback}")


def _no_compile(lock: object) -> None:
    raise AssertionError("no compile is started where its kernels could not be kept")


def _full_disk(fd: int, data: object) -> int:
    raise OSError(errno.ENOSPC, "No space left on device")


def test_a_full_disk_under_the_kernels_plays_on_the_pure_path_with_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The kernels not compiled and no folder to keep them in (a full disk: every write fails): the default
    engine plays on the pure path, with one line naming the folder; the report is the pure path's (which is the
    batched engine's, byte for byte), and the exit code 0."""
    monkeypatch.setenv("GAH_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    monkeypatch.delenv("GAH_LAB_PURE", raising=False)
    (tmp_path / "tmp").mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    command = ("compare", "base", "introductory", "--games", "40", "--workers", "1")
    monkeypatch.setenv("GAH_LAB_ENGINE", "pure")
    pure = run_gah(*command)  # also remembers the rulesets found valid: only the kernels meet the full disk
    assert (pure.code, pure.err) == (0, "")
    monkeypatch.delenv("GAH_LAB_ENGINE")
    monkeypatch.setattr(warm, "compiled", lambda: False)
    monkeypatch.setattr(warm, "_STARTED", [])
    monkeypatch.setattr(warm, "compile_in_background", _no_compile)
    monkeypatch.setattr(os, "write", _full_disk)
    user_cache._home.cache_clear()  # chosen again, as a new process does (the run above imported the kernels)
    full = run_gah(*command)
    user_cache._home.cache_clear()
    kernels = tmp_path / "cache" / "kernels"
    assert full.err.splitlines() == [
        f"gah: no space left on device in {kernels}; the lab plays on the pure path (the same numbers, more slowly)"
    ]
    assert (full.code, full.out) == (0, pure.out)


FULL_CHECK = """import errno, os, sys


def full(fd, data):
    raise OSError(errno.ENOSPC, "No space left on device")


os.write = full
from gah.cli import main

sys.exit(main(sys.argv[1:]))
"""


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        (
            "en",
            "gah: no space left on device in {folder}; the files found valid are not remembered (they are "
            "validated again next time)",
        ),
        (
            "de",
            "gah: kein Platz mehr auf dem Gerät in {folder}; als gültig befundene Dateien werden nicht gemerkt "
            "(sie werden beim nächsten Mal wieder geprüft)",
        ),
    ],
)
def test_a_full_disk_under_the_files_found_valid_is_said_once_and_checks_as_ever(
    tmp_path: Path, lang: str, line: str
) -> None:
    """gah check on a full disk (every write fails): the same lines and exit code as with room, and one line
    that names the folder, in the command's language."""
    env = {**os.environ, "GAH_CACHE_DIR": str(tmp_path / "cache")}
    project = copy_project(tmp_path / "project")
    if lang != "en":
        config = project / "gah.toml"
        config.write_text(config.read_text(encoding="utf-8") + f'language = "{lang}"\n', encoding="utf-8")
    args = ["--workspace", str(project), "check"]
    full = subprocess.run(
        [sys.executable, "-c", FULL_CHECK, *args], env=env, cwd=ROOT, capture_output=True, text=True, check=False
    )
    room = subprocess.run(
        [sys.executable, "-m", "gah", *args], env=env, cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert (full.returncode, full.stdout) == (room.returncode, room.stdout) == (0, room.stdout)
    assert full.stderr.splitlines() == [line.format(folder=tmp_path / "cache" / "valid")]
    assert room.stderr == ""


def test_kernels_asked_for_where_none_can_be_kept_are_compiled_for_the_run_with_one_line(
    unwritable_cache: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], notices: None
) -> None:
    """GAH_LAB_ENGINE=batched (the engine asked for) with no folder to keep the kernels in: they compile for this
    run, and a line says so, naming the folder, before the compile's own lines."""
    monkeypatch.setattr(tempfile, "tempdir", str(unwritable_cache.parent))  # a file: no temporary folder either
    monkeypatch.setattr(warm, "compiled", lambda: False)
    played: list[bool] = []
    warm.compile_first(lambda: played.append(True))
    lines = [line for line in capsys.readouterr().err.splitlines() if "the files found valid" not in line]
    assert played == [True] and lines[0].startswith(f"gah: cannot write in {unwritable_cache} (")
    assert lines[0].endswith("); the lab's kernels are compiled for this run only")
    assert lines[1].startswith("gah: compiling the lab's kernels for this machine before the games")

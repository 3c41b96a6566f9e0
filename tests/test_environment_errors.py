"""What a user's machine can do to gah (issue 32): a link loop among the rules, a folder gah may not write, a
disk that fills while writing, Ctrl-C while the lab's workers play. Each gives one clear line and exit 0, 1 or 2,
never a traceback; a refused write leaves every file as it was."""

from __future__ import annotations

import errno
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from gah import writer
from gah.errors import GahError
from helpers_rules import ROOT, run_gah, run_gah_process


def _workspace(tmp_path: Path) -> Path:
    folder = tmp_path / "table"
    assert run_gah("init", str(folder)).code == 0
    return folder


# --- a rules file that is a link to itself -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("command", "code"),
    [(("check",), 1), (("build",), 1), (("score", "examples/round7.yaml"), 0), (("sheet", "base", "-o", "-"), 0)],
)
def test_a_rules_file_linked_to_itself_is_a_file_gah_cannot_read(
    tmp_path: Path, command: tuple[str, ...], code: int
) -> None:
    folder = _workspace(tmp_path)
    (folder / "rules" / "loop.yaml").symlink_to("loop.yaml")
    run = run_gah_process(*command, cwd=folder)
    assert "Traceback" not in run.err and "RuntimeError" not in run.err
    assert run.code == code, run.err
    if code == 1:
        assert "rules/loop.yaml:1:1: cannot read file: Too many levels of symbolic links" in run.err


# --- writes the machine refuses ----------------------------------------------------------------------------


def _refuse_after(monkeypatch: pytest.MonkeyPatch, allowed: int, reason: int) -> list[Path]:
    """Make the (allowed+1)-th file gah stages fail with OSError `reason`; the staged paths are recorded."""
    staged: list[Path] = []
    real = writer._stage

    def stage(path: Path, data: bytes) -> str:
        staged.append(path)
        if len(staged) > allowed:
            raise OSError(reason, os.strerror(reason), str(path.parent / f".{path.name}.x.tmp"))
        return real(path, data)

    monkeypatch.setattr(writer, "_stage", stage)
    return staged


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_a_disk_that_fills_during_a_build_leaves_every_generated_file_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = _workspace(tmp_path)
    assert run_gah("build", cwd=folder).code == 0
    before = _snapshot(folder)
    rules = folder / "rules" / "house-rules.yaml"
    rules.write_text(rules.read_text() + "emperor_track:\n  spaces: {13: 10}\n", encoding="utf-8")
    before["rules/house-rules.yaml"] = rules.read_bytes()
    staged = _refuse_after(monkeypatch, 2, errno.ENOSPC)
    run = run_gah("build", cwd=folder)
    assert run.code == 1
    assert len(staged) == 3, "two files were staged, the third refused"
    assert run.err.strip().splitlines() == [f"gah build: cannot write {staged[2]}: No space left on device"]
    assert _snapshot(folder) == before, "no file changed and no temporary file stayed"


@pytest.mark.parametrize("command", [("new-variant", "spicy"), ("lab-model",), ("sheet", "base", "-o", "x.md")])
def test_a_read_only_workspace_is_one_line_naming_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: tuple[str, ...]
) -> None:
    folder = _workspace(tmp_path)
    before = _snapshot(folder)
    _refuse_after(monkeypatch, 0, errno.EROFS)
    run = run_gah(*command, cwd=folder)
    assert run.code == 1
    [line] = run.err.strip().splitlines()
    assert line.startswith(f"gah {command[0]}: cannot write ") and line.endswith(": Read-only file system")
    assert ".tmp" not in line, "the message names the file gah meant to write, not its temporary twin"
    assert _snapshot(folder) == before


def _renames_refused(monkeypatch: pytest.MonkeyPatch, after: int, lasting: bool) -> None:
    """os.replace refuses its (after+1)-th call (EIO), and with `lasting` every later one too."""
    real = os.replace
    calls = [0]

    def replace(source: str, target: object) -> None:
        calls[0] += 1
        if calls[0] == after + 1 or (lasting and calls[0] > after):
            raise OSError(errno.EIO, os.strerror(errno.EIO), source)
        real(source, target)

    monkeypatch.setattr(os, "replace", replace)


def test_a_rename_refused_midway_puts_every_old_file_back(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("a.txt", "b.txt"):
        (tmp_path / name).write_text("old " + name)
    # a.txt: old aside (1), new in (2); b.txt: old aside (3), new in (4: refused); then undone.
    _renames_refused(monkeypatch, 3, lasting=False)
    files = {tmp_path / "a.txt": b"new a", tmp_path / "b.txt": b"new b", tmp_path / "c.txt": b"new c"}
    with pytest.raises(GahError, match=r"cannot write .*b\.txt: Input/output error$"):
        writer.write_all_or_nothing(files)
    assert {p.name: p.read_text() for p in tmp_path.iterdir()} == {"a.txt": "old a.txt", "b.txt": "old b.txt"}


def test_a_rename_refused_for_good_says_how_many_files_were_replaced(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "a.txt").write_text("old a")
    _renames_refused(monkeypatch, 2, lasting=True)  # a.txt replaced (2 renames), b.txt's refused, undo refused
    with pytest.raises(GahError, match=r"cannot write .*b\.txt: Input/output error; 1 file was already replaced"):
        writer.write_all_or_nothing({tmp_path / "a.txt": b"new a", tmp_path / "b.txt": b"new b"})
    assert (tmp_path / "a.txt").read_text() == "new a"


def test_a_refused_rename_removes_every_staged_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _renames_refused(monkeypatch, 0, lasting=True)
    with pytest.raises(GahError, match=r"cannot write .*a\.txt: Input/output error"):
        writer.write_all_or_nothing({tmp_path / "a.txt": b"a", tmp_path / "b.txt": b"b"})
    assert list(tmp_path.iterdir()) == []


def test_an_os_error_nobody_foresaw_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    from gah.commands import handler
    from gah.commands.registry import HANDLERS

    handler("check")  # imports the command, which registers its handler

    def broken(*args: object) -> int:
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), "rules/secret.yaml")

    monkeypatch.setitem(HANDLERS, "check", broken)
    run = run_gah("check")
    assert run.code == 1
    assert run.err.strip() == "gah check: rules/secret.yaml: Permission denied"


# --- Ctrl-C -----------------------------------------------------------------------------------------------


def test_a_pool_worker_leaves_ctrl_c_to_the_parent() -> None:
    code = (
        "import signal\nfrom gah.lab.runs import runner\n"
        "runner._init_pool_worker(None, True)\n"
        "print(signal.getsignal(signal.SIGINT) == signal.SIG_IGN)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert done.stdout.strip() == "True"


def _children(pid: int) -> list[int]:
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        found += [int(c) for c in (task / "children").read_text().split()]
    return found


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="reads child processes from /proc (Linux)")
def test_ctrl_c_while_the_pure_lab_plays_on_two_workers_prints_one_line(tmp_path: Path) -> None:
    env = dict(os.environ, GAH_LAB_ENGINE="pure")
    command = [sys.executable, "-m", "gah", "compare", "base", "gentle-move-backs", "--games", "400000"]
    play = subprocess.Popen(
        command,
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),  # a background shell would ignore it
    )
    try:
        deadline = time.monotonic() + 120
        while len(_children(play.pid)) < 2 and time.monotonic() < deadline and play.poll() is None:
            time.sleep(0.2)
        assert len(_children(play.pid)) >= 2, "the pool's workers started"
        time.sleep(1.0)
        os.killpg(play.pid, signal.SIGINT)  # as a terminal's Ctrl-C: the whole process group
        _out, err = play.communicate(timeout=60)
    finally:
        if play.poll() is None:
            os.killpg(play.pid, signal.SIGKILL)
    assert play.returncode == 130
    assert err.strip().splitlines() == ["interrupted"]


# --- a named pipe where a file belongs (found by the fuzzer: gah waited on it for ever) ---------------------------


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a Unix thing")
def test_a_named_pipe_among_the_rules_or_as_the_state_is_refused_at_once(tmp_path: Path) -> None:
    folder = _workspace(tmp_path)
    os.mkfifo(folder / "rules" / "pipe.yaml")
    run = run_gah_process("check", cwd=folder)  # 60 s limit: a hang fails
    assert run.code == 1
    assert "rules/pipe.yaml:1:1: cannot read file: not a plain file" in run.err
    (folder / "rules" / "pipe.yaml").unlink()
    os.mkfifo(folder / "state.yaml")
    run = run_gah_process("score", "state.yaml", cwd=folder)
    assert run.code == 2
    assert run.err.strip() == "gah score: state.yaml is not a plain file (a folder, pipe or device); name a state file"

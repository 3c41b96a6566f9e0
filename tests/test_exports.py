"""Exports never destroy (issue 43, item 3). pyarrow removed the file it was to replace when its write failed
(`--games-parquet /dev/stdout | head` took the /dev/stdout link, `/dev/full` the device node), and every export was
written after the games, before the report: a bad path lost the whole run. Now a regular file is replaced whole
through a temporary file (or left as it was), a device, pipe or gah's own stdout is written as a stream and never
removed, a file that cannot be written is refused before any game is played, and the report comes first.

Devices are copies made in tmp_path (a link to /dev/full, a node made with mknod): an old gah removing them
removes nothing of the machine's."""

from __future__ import annotations

import contextlib
import errno
import json
import os
import stat
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any, BinaryIO

import pyarrow.parquet as pq
import pytest
from gah import writer
from gah.cli import main
from gah.commands import compare, tune
from gah.errors import GahError
from gah.lab.runs import games
from gah.lab.runs.batches import ENGINE_ENV
from helpers_rules import ROOT, shipped_root

GAMES = ("--games", "4", "--seed", "3", "--workers", "1")
RUN = ("compare", "base", "no-penalties", *GAMES, "--json")
FULL = os.makedev(1, 7)  # /dev/full's device number on Linux


@pytest.fixture(autouse=True)
def _pure(monkeypatch: pytest.MonkeyPatch) -> None:
    """The pure engine plays these few games at once (the batched one would wait for its kernels)."""
    monkeypatch.setenv(ENGINE_ENV, "pure")


def gah(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["--workspace", str(shipped_root()), *argv])
    out, err = capsys.readouterr()
    return code, out, err


def _report(out: str) -> list[str]:
    """The rulesets of the --json report printed on stdout (it was printed in full)."""
    return [entry["name"] for entry in json.loads(out)["rulesets"]]


def _full_device(tmp_path: Path, kind: str) -> Path:
    """A target that refuses every byte: a link to /dev/full, or a /dev/full node of its own (made as root)."""
    target = tmp_path / "full"
    if kind == "link":
        target.symlink_to("/dev/full")
    else:
        try:
            os.mknod(target, stat.S_IFCHR | 0o666, FULL)
        except PermissionError:
            pytest.skip("making a device node needs root (CI runs as root)")
    return target


def _still_full_device(target: Path, kind: str) -> bool:
    if kind == "link":
        return target.is_symlink() and os.readlink(target) == "/dev/full"
    found = os.lstat(target)
    return stat.S_ISCHR(found.st_mode) and found.st_rdev == FULL


# --- a failed export leaves its target as it was, and the report is printed --------------------------------


@pytest.mark.parametrize("kind", ["link", "node"])
@pytest.mark.parametrize("option", ["--games-parquet", "--games-csv", "--html"])
def test_a_full_device_stays_and_the_report_is_printed(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, option: str, kind: str
) -> None:
    target = _full_device(tmp_path, kind)
    code, out, err = gah(capsys, *RUN, option, str(target))
    assert _still_full_device(target, kind)
    assert code == 1
    assert _report(out) == ["base", "no-penalties"], "the report came before the export"
    assert err.splitlines()[-1] == f"gah compare: cannot write {target}: No space left on device"


def _fail_halfway(monkeypatch: pytest.MonkeyPatch, option: str) -> None:
    """The export fails after part of it is written: a CSV after its first rows, Parquet inside pyarrow's writer
    (where pyarrow removed the file it had been given by name)."""
    if option == "--games-csv":
        real = games.game_rows

        def rows(*args: Any) -> Iterator[list[games.Cell]]:
            found = real(*args)
            yield next(found)
            yield next(found)
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

        monkeypatch.setattr(games, "game_rows", rows)
    else:

        def write_table(self: Any, *args: Any, **kwargs: Any) -> None:
            raise OSError(errno.EIO, os.strerror(errno.EIO))

        monkeypatch.setattr(pq.ParquetWriter, "write_table", write_table)


@pytest.mark.parametrize("option", ["--games-csv", "--games-parquet"])
def test_a_regular_file_keeps_its_old_contents_when_the_write_fails_halfway(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, option: str
) -> None:
    target = tmp_path / "games.out"
    target.write_text("the last run's games\n", encoding="utf-8")
    _fail_halfway(monkeypatch, option)
    code, out, err = gah(capsys, *RUN, option, str(target))
    assert target.read_text(encoding="utf-8") == "the last run's games\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.out"], "no temporary file stays"
    assert code == 1
    assert _report(out) == ["base", "no-penalties"]
    assert err.splitlines()[-1].startswith(f"gah compare: cannot write {target}: ")


@pytest.mark.parametrize("target_kind", ["link to /dev/null", "named pipe"])
def test_a_failed_parquet_export_leaves_a_link_to_dev_null_or_a_named_pipe(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, target_kind: str
) -> None:
    target = tmp_path / "games.parquet"
    if target_kind == "named pipe":
        os.mkfifo(target)
    else:
        target.symlink_to(os.devnull)
    _fail_halfway(monkeypatch, "--games-parquet")
    with _reading(target) if target_kind == "named pipe" else contextlib.nullcontext():
        code, out, err = gah(capsys, *RUN, "--games-parquet", str(target))
    if target_kind == "named pipe":
        assert stat.S_ISFIFO(os.lstat(target).st_mode)
    else:
        assert target.is_symlink() and os.readlink(target) == os.devnull
    assert code == 1 and _report(out) == ["base", "no-penalties"]
    assert err.splitlines()[-1] == f"gah compare: cannot write {target}: Input/output error"


@contextlib.contextmanager
def _reading(fifo: Path) -> Iterator[list[bytes]]:
    """A reader on a named pipe for as long as the block runs; what it read (after the block)."""
    read: list[bytes] = []

    def drain() -> None:
        with open(fifo, "rb") as pipe:
            read.append(pipe.read())

    thread = threading.Thread(target=drain, daemon=True)
    thread.start()
    try:
        yield read
    finally:
        with contextlib.suppress(OSError):  # nobody wrote: end the reader's wait for a writer
            os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        thread.join(10)


# --- a target that cannot be written is refused before any game is played ------------------------------------


@pytest.fixture
def no_games(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """The lab's runner, replaced: a test asserts it was never called."""
    calls: list[object] = []

    def run_lab(*args: object, **kwargs: object) -> None:
        calls.append(args)
        raise AssertionError("a game was played")

    monkeypatch.setattr(compare, "run_lab", run_lab)
    monkeypatch.setattr(tune, "run_chunks", run_lab)
    return calls


SWEEP = ("sweep", "base", "--vary", "emperor_scorings.7.move_back=6,8", *GAMES)
TUNE = ("tune", "base", "--vary", "emperor_scorings.7.move_back=4..10", "--target", "penalty_r7=0.2", *GAMES)


@pytest.mark.parametrize("option", ["--games-csv", "--games-parquet", "--html"])
@pytest.mark.parametrize("command", [RUN, SWEEP], ids=["compare", "sweep"])
def test_a_target_in_a_missing_folder_is_refused_before_any_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, no_games: list[object], option: str, command: tuple[str, ...]
) -> None:
    target = tmp_path / "no-such-folder" / "out.file"
    code, out, err = gah(capsys, *command, option, str(target))
    assert (code, out, no_games) == (2, "", [])
    assert err == f"gah {command[0]}: {option} {target}: there is no folder {target.parent} to write it in\n"
    assert not target.parent.exists()


def test_tune_checks_its_html_before_any_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, no_games: list[object]
) -> None:
    target = tmp_path / "no-such-folder" / "t.html"
    code, out, err = gah(capsys, *TUNE, "--html", str(target))
    assert (code, out, no_games) == (2, "", [])
    assert err == f"gah tune: --html {target}: there is no folder {target.parent} to write it in\n"


def test_a_folder_named_as_the_file_is_refused_before_any_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, no_games: list[object]
) -> None:
    (tmp_path / "keep").mkdir()
    code, out, err = gah(capsys, *RUN, "--games-csv", str(tmp_path / "keep"))
    assert (code, out, no_games) == (2, "", [])
    assert err == f"gah compare: --games-csv {tmp_path / 'keep'}: it is a folder; name the file to write\n"


def test_a_read_only_folder_is_refused_before_any_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, no_games: list[object]
) -> None:
    """Root may write anywhere, so the read-only file system is the machine's answer to a new file there."""
    real = tempfile.mkstemp

    def mkstemp(*args: Any, **kwargs: Any) -> Any:
        if Path(kwargs.get("dir", "")) == tmp_path:
            raise OSError(errno.EROFS, os.strerror(errno.EROFS))
        return real(*args, **kwargs)

    monkeypatch.setattr(tempfile, "mkstemp", mkstemp)
    code, out, err = gah(capsys, *RUN, "--games-parquet", str(tmp_path / "g.parquet"))
    assert (code, out, no_games) == (2, "", [])
    assert err == f"gah compare: --games-parquet {tmp_path / 'g.parquet'}: cannot write there: Read-only file system\n"


def test_parquet_into_a_terminal_is_refused_before_any_game(
    capsys: pytest.CaptureFixture[str], no_games: list[object]
) -> None:
    main_side, terminal_side = os.openpty()
    drained = threading.Thread(target=_drain_terminal, args=(main_side,), daemon=True)
    drained.start()  # an old gah writing Parquet there must not block on a full terminal
    try:
        terminal = os.ttyname(terminal_side)
        code, out, err = gah(capsys, *RUN, "--games-parquet", terminal)
    finally:
        os.close(terminal_side)
        drained.join(10)
        os.close(main_side)
    assert (code, out, no_games) == (2, "", [])
    assert err == (
        f"gah compare: --games-parquet {terminal}: it is a terminal, and Parquet is binary; "
        "name a file or pipe it to a program\n"
    )


def _drain_terminal(descriptor: int) -> None:
    with contextlib.suppress(OSError):
        while os.read(descriptor, 65536):
            pass


def test_gah_report_checks_its_html_before_printing(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    saved = tmp_path / "run.json"
    code, out, _ = gah(capsys, *RUN)
    assert code == 0
    saved.write_text(out, encoding="utf-8")
    target = tmp_path / "missing" / "r.html"
    assert gah(capsys, "report", str(saved), "--html", str(target)) == (
        2,
        "",
        f"gah report: --html {target}: there is no folder {target.parent} to write it in\n",
    )


# --- streams -----------------------------------------------------------------------------------------------


def _gah_process(*argv: str, stdout: int = subprocess.PIPE) -> subprocess.Popen[bytes]:
    env = {**os.environ, ENGINE_ENV: "pure"}
    command = [sys.executable, "-m", "gah", "--workspace", str(shipped_root()), *argv]
    return subprocess.Popen(command, cwd=ROOT, stdout=stdout, stderr=subprocess.PIPE, env=env)


@pytest.mark.parametrize("option", ["--games-csv", "--games-parquet"])
def test_games_stream_into_a_pipe_after_the_report(tmp_path: Path, option: str) -> None:
    """`--games-csv /dev/stdout` (through a link of our own: an old gah removed what it failed to write): the
    report, then the games, in one pipe; the games are the bytes the same run writes into a file."""
    saved, link = tmp_path / "games.out", tmp_path / "stdout"
    link.symlink_to("/dev/stdout")
    into_file = _gah_process(*RUN, option, str(saved))
    into_pipe = _gah_process(*RUN, option, str(link))
    (report, _), (both, err) = into_file.communicate(timeout=300), into_pipe.communicate(timeout=300)
    assert (into_file.returncode, into_pipe.returncode) == (0, 0), err
    assert both == report + saved.read_bytes()
    assert _report(report.decode("utf-8")) == ["base", "no-penalties"]
    assert link.is_symlink()


def test_a_pipe_closed_early_leaves_the_link_that_named_it(tmp_path: Path) -> None:
    """The issue's `--games-parquet /dev/stdout | head`, through a link of our own to /dev/stdout: the reader
    goes after 10 bytes; the link stays, and gah ends quietly."""
    link = tmp_path / "stdout"
    link.symlink_to("/dev/stdout")
    process = _gah_process(
        "compare", "base", "no-penalties", "--games", "20", "--workers", "1", "--json", "--games-parquet", str(link)
    )
    assert process.stdout is not None and process.stderr is not None
    first = process.stdout.read(10)
    process.stdout.close()
    err = process.stderr.read().decode("utf-8")
    process.wait(timeout=300)
    assert link.is_symlink() and os.readlink(link) == "/dev/stdout"
    assert first == b'{\n  "forma', "the report comes first"
    assert process.returncode == 0 and "Traceback" not in err and "cannot write" not in err


def test_a_named_pipe_gets_the_csv_and_stays(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    fifo, saved = tmp_path / "games.pipe", tmp_path / "games.csv"
    os.mkfifo(fifo)
    assert gah(capsys, *RUN, "--games-csv", str(saved))[0] == 0
    with _reading(fifo) as read:
        code, out, err = gah(capsys, *RUN, "--games-csv", str(fifo))
    assert (code, err) == (0, "") and _report(out) == ["base", "no-penalties"]
    assert read == [saved.read_bytes()]
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


# --- gah.writer, for every command ---------------------------------------------------------------------------


def test_a_folder_or_a_pipe_among_several_files_is_refused_and_kept(tmp_path: Path) -> None:
    """gah build's all-or-nothing write renamed a folder aside (left as .NAME.XXXX.tmp.old) and replaced a pipe."""
    (tmp_path / "a.html").mkdir()
    (tmp_path / "a.html" / "mine").write_text("mine")
    os.mkfifo(tmp_path / "b.html")
    for name in ("a.html", "b.html"):
        with pytest.raises(GahError, match=rf"cannot write .*{name}: not a plain file \(a folder, pipe or device\)$"):
            writer.write_all_or_nothing({tmp_path / name: b"new", tmp_path / "c.html": b"new"})
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.html", "b.html"]
    assert (tmp_path / "a.html" / "mine").read_text() == "mine" and stat.S_ISFIFO(os.lstat(tmp_path / "b.html").st_mode)


def test_a_sheet_written_onto_a_folder_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "aids"
    folder.mkdir()
    (folder / "mine.md").write_text("mine")
    code, _out, err = gah(capsys, "sheet", "base", "--format", "md", "-o", str(folder))
    assert (code, err) == (1, f"gah sheet: cannot write {folder}: it is a folder\n")
    assert [p.name for p in tmp_path.iterdir()] == ["aids"] and (folder / "mine.md").read_text() == "mine"


def test_a_sheet_written_to_a_link_to_stdout_streams_and_the_link_stays(tmp_path: Path) -> None:
    """An old gah replaced the link (as root, `-o /dev/stdout` renamed the machine's own link aside)."""
    link = tmp_path / "stdout"
    link.symlink_to("/dev/stdout")
    piped = _gah_process("sheet", "base", "--format", "md", "-o", "-").communicate(timeout=120)
    through_link = _gah_process("sheet", "base", "--format", "md", "-o", str(link))
    out, err = through_link.communicate(timeout=120)
    assert link.is_symlink() and os.readlink(link) == "/dev/stdout"
    assert (through_link.returncode, err) == (0, b"")
    assert out == piped[0] and b"\n# " in out, "the Markdown sheet, as `-o -` prints it"


def test_a_link_to_a_file_stays_a_link_and_the_file_it_names_is_replaced(tmp_path: Path) -> None:
    real, link = tmp_path / "real.html", tmp_path / "link.html"
    real.write_text("old")
    real.chmod(0o600)
    link.symlink_to(real.name)
    writer.write_atomically(link, b"new")
    assert link.is_symlink() and real.read_text() == "new"
    assert stat.S_IMODE(real.stat().st_mode) == 0o600, "a file replaced keeps its permissions"


def test_a_write_that_fails_midway_keeps_the_old_file(tmp_path: Path) -> None:
    target = tmp_path / "report.html"
    target.write_text("old")

    def fill(handle: BinaryIO) -> None:
        handle.write(b"half of the new")
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    with pytest.raises(GahError, match=r"cannot write .*report\.html: No space left on device$"):
        writer.write_atomically(target, fill)
    assert [p.name for p in tmp_path.iterdir()] == ["report.html"] and target.read_text() == "old"

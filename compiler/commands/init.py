"""`gah init [DIR] [--update]`: make a house-rules workspace, or refresh the editor schemas of one."""

from __future__ import annotations

import argparse
from pathlib import Path

from ..errors import GahError
from ..outputs import schema_files
from ..workspace import CONFIG_NAME, Workspace, bundle_root
from ..writer import write_atomically
from .new_variant import starter_variant
from .registry import command

TEMPLATES = Path(__file__).resolve().parent.parent / "templates" / "workspace"
STARTER = "house-rules"
EXAMPLE_STATE = Path("examples") / "round7.yaml"


@command("init")
def run_init(args: argparse.Namespace, _workspace: Workspace) -> int:
    given: Path = args.folder
    folder = given.resolve()
    config = folder / CONFIG_NAME
    if args.update:
        if not config.is_file():
            raise GahError(f"{given} is not a workspace (no {CONFIG_NAME}); run gah init {given} to make one")
        return _write_new_or_changed(schema_files(folder / "schemas"), folder)
    if config.exists():
        raise GahError(
            f"{given} is already a workspace ({CONFIG_NAME} exists); gah init --update refreshes its schemas"
        )
    if folder.exists() and not folder.is_dir():
        raise GahError(f"{given} exists and is not a folder")
    files = schema_files(folder / "schemas")
    files[config] = (TEMPLATES / "gah.toml").read_bytes()
    files[folder / EXAMPLE_STATE] = (bundle_root() / EXAMPLE_STATE).read_bytes()
    ignore = folder / ".gitignore"
    if not ignore.exists():
        files[ignore] = (TEMPLATES / "gitignore").read_bytes()
    workspace = Workspace(folder)
    starter, text = starter_variant(workspace, STARTER, "base")
    files[starter] = text
    kept = [path for path in files if path.exists() and path != config]
    for path in kept:
        del files[path]
    for path in sorted(files):
        write_atomically(path, files[path])
    written = ", ".join(_shown(folder, path) for path in sorted(files))
    print(f"made a gah workspace in {given}: {written}")
    if kept:
        print(f"kept existing files: {', '.join(_shown(folder, path) for path in sorted(kept))}")
    cd = "" if folder == Path.cwd().resolve() else f"cd {given} && "
    print(f"next: {cd}gah check && gah score {EXAMPLE_STATE.as_posix()}")
    return 0


def _write_new_or_changed(files: dict[Path, bytes], folder: Path) -> int:
    changed = [path for path, data in sorted(files.items()) if not path.is_file() or path.read_bytes() != data]
    for path in changed:
        write_atomically(path, files[path])
    if changed:
        print(f"updated {', '.join(_shown(folder, path) for path in changed)}")
    else:
        print("schemas/ is up to date")
    return 0


def _shown(folder: Path, path: Path) -> str:
    return path.relative_to(folder).as_posix()

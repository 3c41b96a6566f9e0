"""`gah init [DIR] [--update]`: make a house-rules workspace, or refresh the editor schemas of one."""

from __future__ import annotations

import argparse
from pathlib import Path

from ..errors import GahError, Speaks
from ..outputs import schema_files
from ..said import error_of
from ..workspace import CONFIG_NAME, Workspace, bundle_root
from ..writer import write_atomically
from .common import speaker
from .new_variant import starter_variant
from .registry import command

TEMPLATES = Path(__file__).resolve().parent.parent / "templates" / "workspace"
STARTER = "house-rules"
EXAMPLE_STATE = Path("examples") / "round7.yaml"


@command("init")
def run_init(args: argparse.Namespace, workspace: Workspace) -> int:
    given: Path = args.folder
    folder = given.resolve()
    config = folder / CONFIG_NAME
    says = speaker(_target(folder) or workspace)
    if args.update:
        if not config.is_file():
            raise error_of(GahError, "errors.init.not_workspace", folder=str(given), file=CONFIG_NAME)
        return _write_new_or_changed(schema_files(folder / "schemas"), folder, says)
    if config.exists():
        raise error_of(GahError, "errors.init.already", folder=str(given), file=CONFIG_NAME)
    if folder.exists() and not folder.is_dir():
        raise error_of(GahError, "errors.init.not_folder", folder=str(given))
    files = schema_files(folder / "schemas")
    files[config] = (TEMPLATES / "gah.toml").read_bytes()
    files[folder / EXAMPLE_STATE] = (bundle_root() / EXAMPLE_STATE).read_bytes()
    ignore = folder / ".gitignore"
    if not ignore.exists():
        files[ignore] = (TEMPLATES / "gitignore").read_bytes()
    starter, text = starter_variant(Workspace(folder), STARTER, "base")  # the new workspace speaks English
    files[starter] = text
    kept = [path for path in files if path.exists() and path != config]
    for path in kept:
        del files[path]
    for path in sorted(files):
        write_atomically(path, files[path])
    written = ", ".join(_shown(folder, path) for path in sorted(files))
    print(says.say("cli.init.made", folder=str(given), files=written))
    if kept:
        print(says.say("cli.init.kept", files=", ".join(_shown(folder, path) for path in sorted(kept))))
    cd = "" if folder == Path.cwd().resolve() else f"cd {given} && "
    print(says.say("cli.init.next", command=f"{cd}gah check && gah score {EXAMPLE_STATE.as_posix()}"))
    return 0


def _target(folder: Path) -> Workspace | None:
    """The workspace at `folder` when it is one whose gah.toml reads (its language is the one to speak), else None."""
    try:
        return Workspace.at(folder) if (folder / CONFIG_NAME).is_file() else None
    except GahError:
        return None


def _write_new_or_changed(files: dict[Path, bytes], folder: Path, says: Speaks) -> int:
    changed = [path for path, data in sorted(files.items()) if not path.is_file() or path.read_bytes() != data]
    for path in changed:
        write_atomically(path, files[path])
    if changed:
        print(says.say("cli.init.updated", files=", ".join(_shown(folder, path) for path in changed)))
    else:
        print(says.say("cli.init.up_to_date"))
    return 0


def _shown(folder: Path, path: Path) -> str:
    return path.relative_to(folder).as_posix()

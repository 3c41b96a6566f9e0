"""Shell completion for bash, zsh and fish, by argcomplete: `gah completion SHELL` prints the script a shell
sources; when that script asks (it sets _ARGCOMPLETE), gah builds its whole parser, attaches the completers
below by argument name and answers. Commands, options and choices come from the parser; ruleset names, language
ids, metric ids and `--vary` paths from the workspace the command line names."""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from .errors import GahError
from .frontend.loader import Node
from .workspace import Workspace

Completer = Callable[..., Iterable[str]]


def _workspace(parsed_args: argparse.Namespace) -> Workspace:
    folder: Path | None = getattr(parsed_args, "workspace", None)
    return Workspace.at(folder) if folder else Workspace.find()


def rulesets(prefix: str, parsed_args: argparse.Namespace, **_: Any) -> list[str]:
    """The ruleset names of the workspace (and the bundled ones), and rules files under the prefix's folder."""
    from .frontend.rulesets import Library

    names = Library(_workspace(parsed_args)).names()
    return [*names, *_yaml_files(prefix)]


def _yaml_files(prefix: str) -> list[str]:
    folder = Path(prefix).parent if prefix else Path(".")
    try:
        entries = sorted(folder.iterdir())
    except OSError:
        return []
    shown = (str(p) if str(folder) != "." else p.name for p in entries if p.is_dir() or p.suffix in (".yaml", ".yml"))
    return [f"{name}/" if Path(name).is_dir() else name for name in shown]


def languages(prefix: str, parsed_args: argparse.Namespace, **_: Any) -> list[str]:
    from .languages import language_ids

    return list(language_ids(_workspace(parsed_args)))


def metrics(prefix: str, parsed_args: argparse.Namespace, **_: Any) -> list[str]:
    """The metric ids `--where` and `--sort` take, for the game's rounds of Emperor scoring and player count."""
    from .lab.runs.metrics import catalogue

    players = getattr(parsed_args, "players", None)
    count = players if isinstance(players, int) else 4
    return [metric.name for metric in catalogue([3, 5, 7], count)]


def vary_paths(prefix: str, parsed_args: argparse.Namespace, **_: Any) -> list[str]:
    """The paths of the starting ruleset one level below the prefix's: a mapping's keys end in '.', a value
    that can vary in '='; on `gah sweep` also `model.` and below it the game model's paths (model.planning.share)."""
    from .frontend.rulesets import Library

    name = getattr(parsed_args, "ruleset", None) or "base"
    library = Library(_workspace(parsed_args))
    sweep = hasattr(parsed_args, "where")  # gah sweep (gah tune varies the ruleset alone)
    path = prefix.split(".")[:-1]
    if sweep and path[:1] == ["model"]:
        return _below(_model_document(parsed_args), path[1:], "model.")
    if name not in library.files:
        return []
    found = _below(library.resolve(name).document, path, "")
    return [*found, "model."] if sweep and not path else found


def _model_document(parsed_args: argparse.Namespace) -> Node | None:
    from .lab.engine.model import default_model_path, model_document

    workspace = _workspace(parsed_args)
    path = getattr(parsed_args, "model", None) or default_model_path(workspace)
    try:
        return model_document(workspace, Path(path))
    except (GahError, OSError):  # a model file that cannot be read completes nothing
        return None


def _below(document: Node | None, path: list[str], head: str) -> list[str]:
    """The keys of `document` under `path`, as completions after `head`."""
    if document is None:
        return []
    node = document
    for step in path:
        node_value = node.value
        if not isinstance(node_value, dict) or step not in node_value:
            return []
        node = node_value[step]
    if not isinstance(node.value, dict):
        return []
    stem = head + "".join(f"{step}." for step in path)
    return [f"{stem}{key}{'.' if _is_branch(child) else '='}" for key, child in node.value.items()]


def docs_topics(**_: Any) -> list[str]:
    """What `gah docs <Tab>` offers: the guide's topics and the file formats, in the listing's order."""
    from .doc_topics import topics

    return topics()


def _is_branch(node: Node) -> bool:
    return isinstance(node.value, dict)


# Completers by argument name (dest), for every command that has the argument.
BY_NAME: dict[str, Completer] = {
    "ruleset": rulesets,
    "rules": rulesets,
    "first": rulesets,
    "second": rulesets,
    "parent": rulesets,
    "lang": languages,
    "where": metrics,
    "sort": metrics,
    "vary": vary_paths,
    "topic": docs_topics,
}


def attach(parser: argparse.ArgumentParser) -> None:
    """Give every argument named in BY_NAME, in every command, its completer."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for command_parser in action.choices.values():
                attach(command_parser)
        elif action.dest in BY_NAME:
            action.completer = BY_NAME[action.dest]  # type: ignore[attr-defined]


def complete_if_asked(build: Callable[[list[str]], argparse.ArgumentParser]) -> None:
    """Answer the shell's completion request and exit, if this process is one (argcomplete sets _ARGCOMPLETE).
    `build(words)` makes the parser for the words typed so far (importing only the command they name)."""
    if "_ARGCOMPLETE" not in os.environ:
        return
    from argcomplete.finders import CompletionFinder

    class Finder(CompletionFinder):
        def quote_completions(
            self, completions: list[str], cword_prequote: str, last_wordbreak_pos: int | None
        ) -> list[str]:
            """No space after a path that goes on (`emperor_scorings.`), as none after `key=`."""
            quoted = super().quote_completions(completions, cword_prequote, last_wordbreak_pos)
            return [q[:-1] if q.endswith(". ") else q for q in quoted]

    line = os.environ.get("COMP_LINE", "")[: int(os.environ.get("COMP_POINT", "0") or 0)]
    parser = build(line.split()[1:] + ([""] if line.endswith(" ") else []))
    attach(parser)
    Finder()(parser, always_complete_options=False)


def script(shell: str) -> str:
    """The completion script for `shell` (bash, zsh or fish)."""
    from argcomplete.shell_integration import shellcode

    return shellcode(["gah"], shell=shell)

"""Drive the real `yaml-language-server` over stdio, as an editor does, and collect its diagnostics.

One server process checks every file of a folder: initialize with the folder as the
workspace, open each file, and wait until the server has published diagnostics for all
of them. Files name their schema on their first line (the `yaml-language-server`
modeline), so nothing else needs configuring; the JSON Schema Store is switched off so
the server never reaches the network.

The server comes from npm: `npm install --prefix .ci-node yaml-language-server` (CI does
this); `YAML_LANGUAGE_SERVER` may name another executable.
"""

from __future__ import annotations

import json
import os
import queue
import shutil
import subprocess
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
LOCAL_SERVER = ROOT / ".ci-node" / "node_modules" / ".bin" / "yaml-language-server"
TIMEOUT = 120.0  # seconds for the whole conversation: a hang guard, not a speed test
SETTLE = 0.5  # seconds without news after every file has diagnostics (the server may publish twice)

SETTINGS = {
    "yaml": {
        "validate": True,
        "hover": True,
        "completion": True,
        "format": {"enable": False},
        "schemaStore": {"enable": False},
        "schemas": {},
        "customTags": [],
    }
}


@dataclass(frozen=True)
class Diagnostic:
    """One diagnostic as the editor shows it (line and column from 1)."""

    line: int
    column: int
    message: str
    source: str

    def __str__(self) -> str:
        return f"{self.line}:{self.column}: {self.message} [{self.source}]"


def server_command() -> list[str] | None:
    """The command that starts the server, or None when it is not installed."""
    named = os.environ.get("YAML_LANGUAGE_SERVER")
    if named:
        return [named, "--stdio"]
    if LOCAL_SERVER.exists():
        return [str(LOCAL_SERVER), "--stdio"]
    found = shutil.which("yaml-language-server")
    return [found, "--stdio"] if found else None


def require_server() -> list[str]:
    """The server command; skips the test locally without it, fails under CI (CI installs it)."""
    command = server_command()
    if command is None or shutil.which("node") is None:
        message = "yaml-language-server not installed (npm install --prefix .ci-node yaml-language-server)"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message)
        pytest.skip(message)
    return command


class _Connection:
    """LSP JSON-RPC framing over a child process's stdin and stdout."""

    def __init__(self, command: Sequence[str], cwd: Path) -> None:
        self.process = subprocess.Popen(
            list(command), cwd=cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
        )
        self.inbox: queue.Queue[dict[str, Any] | None] = queue.Queue()
        self.next_id = 0
        assert self.process.stdout is not None
        threading.Thread(target=self._read, args=(self.process.stdout,), daemon=True).start()

    def _read(self, stream: IO[bytes]) -> None:
        while True:
            length = 0
            while True:
                header = stream.readline()
                if not header:
                    self.inbox.put(None)
                    return
                if header in (b"\r\n", b"\n"):
                    break
                name, _, value = header.decode("ascii").partition(":")
                if name.strip().lower() == "content-length":
                    length = int(value)
            self.inbox.put(json.loads(stream.read(length)))

    def send(self, message: dict[str, Any]) -> None:
        body = json.dumps({"jsonrpc": "2.0", **message}).encode("utf-8")
        assert self.process.stdin is not None
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def request(self, method: str, params: dict[str, Any]) -> int:
        self.next_id += 1
        self.send({"id": self.next_id, "method": method, "params": params})
        return self.next_id

    def call(self, method: str, params: dict[str, Any], deadline: float) -> Any:
        """A request and its result (diagnostics arriving meanwhile are dropped: ask after collecting them)."""
        wanted = self.request(method, params)
        while (message := self.receive(deadline)) is None or message.get("id") != wanted:
            pass
        return message.get("result")

    def notify(self, method: str, params: dict[str, Any]) -> None:
        self.send({"method": method, "params": params})

    def receive(self, deadline: float) -> dict[str, Any] | None:
        """The next message, answering the server's own requests on the way; None on a quiet spell."""
        while True:
            try:
                message = self.inbox.get(timeout=max(0.01, min(SETTLE, deadline - time.monotonic())))
            except queue.Empty:
                if time.monotonic() >= deadline:
                    raise TimeoutError("yaml-language-server did not answer in time") from None
                return None
            if message is None:
                raise RuntimeError("yaml-language-server exited")
            if "id" in message and "method" in message:  # a request from the server
                result: Any = None
                if message["method"] == "workspace/configuration":
                    result = [SETTINGS.get(item.get("section", "")) for item in message["params"]["items"]]
                self.send({"id": message["id"], "result": result})
                continue
            return message

    def close(self) -> None:
        try:
            self.request("shutdown", {})
            self.notify("exit", {})
            self.process.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            self.process.kill()
            self.process.wait()


@dataclass(frozen=True)
class EditorReport:
    """What the editor showed: diagnostics per file, and the completion items asked for."""

    diagnostics: dict[Path, list[Diagnostic]]
    completions: dict[tuple[Path, int, int], list[tuple[str, str]]]  # (file, line, column) -> (label, documentation)


def yaml_diagnostics(folder: Path, files: Sequence[Path]) -> dict[Path, list[Diagnostic]]:
    """What the editor underlines in each file (`folder` is the workspace)."""
    return run_editor(folder, files).diagnostics


def run_editor(folder: Path, files: Sequence[Path], completions: Sequence[tuple[Path, int, int]] = ()) -> EditorReport:
    """Open `files` in one server run; collect their diagnostics, then the completions at the
    given (file, line, column) places (from 1, as an editor shows them)."""
    command = require_server()
    folder = folder.resolve()
    uris = {path.resolve().as_uri(): path for path in files}
    connection = _Connection(command, folder)
    deadline = time.monotonic() + TIMEOUT
    try:
        connection.call(
            "initialize",
            {
                "processId": os.getpid(),
                "rootUri": folder.as_uri(),
                "workspaceFolders": [{"uri": folder.as_uri(), "name": folder.name}],
                "capabilities": {
                    "workspace": {"configuration": True, "workspaceFolders": True},
                    "textDocument": {
                        "publishDiagnostics": {},
                        "completion": {"completionItem": {"documentationFormat": ["plaintext"]}},
                    },
                },
                "initializationOptions": {},
            },
            deadline,
        )
        connection.notify("initialized", {})
        connection.notify("workspace/didChangeConfiguration", {"settings": SETTINGS})
        for uri, path in uris.items():
            text = path.read_text(encoding="utf-8")
            connection.notify(
                "textDocument/didOpen",
                {"textDocument": {"uri": uri, "languageId": "yaml", "version": 1, "text": text}},
            )
        found: dict[str, list[Diagnostic]] = {}
        while True:
            message = connection.receive(deadline)
            if message is None:
                if len(found) == len(uris):
                    break
                continue
            if message.get("method") == "textDocument/publishDiagnostics":
                params = message["params"]
                if params["uri"] in uris:
                    found[params["uri"]] = [_diagnostic(d) for d in params["diagnostics"]]
        items = {}
        for path, line, column in completions:
            position = {"line": line - 1, "character": column - 1}
            where = {"textDocument": {"uri": path.resolve().as_uri()}, "position": position}
            result = connection.call("textDocument/completion", where, deadline) or {}
            listed = result.get("items", []) if isinstance(result, dict) else result
            items[(path, line, column)] = [(str(i["label"]), _documentation(i)) for i in listed]
    finally:
        connection.close()
    return EditorReport({uris[uri]: found[uri] for uri in uris}, items)


def _documentation(item: dict[str, Any]) -> str:
    text = item.get("documentation", "")
    return str(text.get("value", "") if isinstance(text, dict) else text)


def _diagnostic(raw: dict[str, Any]) -> Diagnostic:
    start = raw["range"]["start"]
    return Diagnostic(start["line"] + 1, start["character"] + 1, str(raw["message"]), str(raw.get("source", "")))

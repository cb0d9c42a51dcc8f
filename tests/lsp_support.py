"""A language-server client for the tests: starts `touring lsp` as a process and speaks JSON-RPC to it over
its pipes, one message at a time (requests wait for their answer; notifications are kept as they come)."""
from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import threading
from pathlib import Path

LAUNCH = [sys.executable, "-c", "from touring_dsl.cli.app import main; main()", "lsp"]
WAIT = 60.0  # seconds a test waits for an answer before it fails (never a timing assertion)


class Client:
    def __init__(self, cwd: Path | None = None):
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        self.process = subprocess.Popen(LAUNCH, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, cwd=cwd, env=env)
        self.next_id = 0
        self.answers: dict[int, queue.Queue] = {}
        self.notes: queue.Queue = queue.Queue()
        self.lock = threading.Lock()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()
        self.versions: dict[str, int] = {}

    # the wire -------------------------------------------------------------------------------------
    def send_raw(self, body: bytes) -> None:
        self.process.stdin.write(f"Content-Length: {len(body)}\r\n\r\n".encode() + body)
        self.process.stdin.flush()

    def _send(self, message: dict) -> None:
        self.send_raw(json.dumps({"jsonrpc": "2.0", **message}).encode())

    def _read(self) -> None:
        stream = self.process.stdout
        while True:
            length = None
            while True:
                line = stream.readline()
                if not line:
                    return
                line = line.strip()
                if not line:
                    break
                name, _, value = line.decode().partition(":")
                if name.lower() == "content-length":
                    length = int(value)
            message = json.loads(stream.read(length))
            if "id" in message and "method" not in message:
                self.answers.setdefault(message["id"], queue.Queue()).put(message)
            elif "id" in message:  # a request from the server (registering capabilities...): answered empty
                self._send({"id": message["id"], "result": None})
            else:
                self.notes.put(message)

    def request(self, method: str, params: dict | None = None):
        with self.lock:
            self.next_id += 1
            number = self.next_id
            self.answers.setdefault(number, queue.Queue())
        self._send({"id": number, "method": method, "params": params or {}})
        answer = self.answers[number].get(timeout=WAIT)
        if "error" in answer:
            raise AssertionError(f"{method} answered an error: {answer['error']}")
        return answer["result"]

    def notify(self, method: str, params: dict) -> None:
        self._send({"method": method, "params": params})

    # the session ----------------------------------------------------------------------------------
    def initialize(self, root: Path) -> dict:
        result = self.request("initialize", {"processId": os.getpid(), "rootUri": root.resolve().as_uri(),
                                             "capabilities": {}})
        self.notify("initialized", {})
        return result

    def open(self, uri: str, text: str, language: str = "touring") -> None:
        self.versions[uri] = 1
        self.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": language, "version": 1,
                                                              "text": text}})

    def change(self, uri: str, text: str) -> int:
        self.versions[uri] += 1
        self.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": self.versions[uri]},
                                               "contentChanges": [{"text": text}]})
        return self.versions[uri]

    def diagnostics(self, uri: str, version: int | None = None) -> list[dict]:
        """The diagnostics the server publishes next for this document (at this version, when given)."""
        while True:
            note = self.notes.get(timeout=WAIT)
            if note.get("method") != "textDocument/publishDiagnostics":
                continue
            params = note["params"]
            if params["uri"] == uri and (version is None or params.get("version") == version):
                return params["diagnostics"]

    def at(self, uri: str, method: str, line: int, character: int, **extra):
        return self.request(method, {"textDocument": {"uri": uri}, "position": {"line": line, "character": character},
                                     **extra})

    def close(self) -> int:
        try:
            self.request("shutdown")
            self.notify("exit", {})
            return self.process.wait(timeout=WAIT)
        finally:
            if self.process.poll() is None:
                self.process.kill()
            for stream in (self.process.stdin, self.process.stdout, self.process.stderr):
                stream.close()

"""The language server under load, through a minimal JSON-RPC client over the subprocess's stdio
(no pygls on the client side: every byte the test sends is visible here).

- 20 open documents, bursts of 500 edits spread over them: each document ends with the
  diagnostics of its final text, published for its final version, versions never going back;
- `$/cancelRequest`: every request gets exactly one answer, cancelled ones `RequestCancelled`
  (-32800) when the cancel arrives in time; unknown ids are ignored;
- 10,000 edits to one document: the server's RSS (server and its worker processes, read from
  /proc/<pid>/status) stops growing — the growth over the second half is small;
- hover stays responsive while a ~10,000-line document is being analyzed: its answer comes
  before that document's diagnostics.

No timings are asserted; waits have generous timeouts only so that a hang fails the test.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path
from typing import Any, Callable

import pytest


SERVER = [sys.executable, "-m", "jaxerr_lsp", "serve"]
WAIT = 60.0  # seconds before a wait counts as a hang

CAPABILITIES = {
    "general": {"positionEncodings": ["utf-16"]},
    "textDocument": {
        "synchronization": {"didSave": True, "dynamicRegistration": False},
        "publishDiagnostics": {"relatedInformation": True, "versionSupport": True,
                               "codeDescriptionSupport": True, "dataSupport": True},
        "hover": {"contentFormat": ["markdown", "plaintext"]},
        "codeAction": {"resolveSupport": {"properties": ["edit"]}, "dataSupport": True,
                       "codeActionLiteralSupport": {"codeActionKind": {"valueSet": [
                           "quickfix", "source", "source.fixAll"]}}},
    },
    "workspace": {"configuration": False, "workspaceEdit": {"documentChanges": True}},
    "window": {"workDoneProgress": False},
}


class RpcClient:
    """A language client in ~100 lines: Content-Length framing, requests with ids, a reader
    thread, auto-answers to the server's requests, and a log of everything received."""

    def __init__(self, command: list[str], cwd: Path, env: dict[str, str] | None = None) -> None:
        self.stderr_path = cwd / f"server-stderr-{os.getpid()}-{id(self)}.log"
        self._stderr = open(self.stderr_path, "wb")
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=self._stderr, cwd=cwd, env=env)
        self._next_id = 0
        self._lock = threading.Lock()
        self._changed = threading.Condition()
        self.responses: dict[int, dict] = {}
        self.notifications: list[dict] = []
        self.received: list[tuple[str, Any]] = []  # ("response", id) / ("notification", method)
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    # ---- wire
    def _write(self, message: dict) -> None:
        body = json.dumps(message).encode("utf-8")
        with self._lock:
            self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
            self.process.stdin.flush()

    def write_many(self, messages: list[dict]) -> None:
        """Several messages in one write: the server sees them back to back."""
        data = b"".join(b"Content-Length: %d\r\n\r\n" % len(b) + b
                        for b in (json.dumps(m).encode("utf-8") for m in messages))
        with self._lock:
            self.process.stdin.write(data)
            self.process.stdin.flush()

    def _read(self) -> None:
        stream = self.process.stdout
        while True:
            length = None
            while True:
                line = stream.readline()
                if not line:
                    with self._changed:
                        self._changed.notify_all()
                    return
                line = line.strip()
                if not line:
                    break
                name, _, value = line.partition(b":")
                if name.lower() == b"content-length":
                    length = int(value)
            message = json.loads(stream.read(length or 0))
            if "id" in message and "method" in message:  # a request from the server
                self._answer_server_request(message)
                continue
            with self._changed:
                if "id" in message:
                    self.responses[message["id"]] = message
                    self.received.append(("response", message["id"]))
                else:
                    self.notifications.append(message)
                    self.received.append(("notification", message.get("method")))
                self._changed.notify_all()

    def _answer_server_request(self, message: dict) -> None:
        result: Any = None
        if message["method"] == "workspace/configuration":
            result = [None for _ in message.get("params", {}).get("items", [])]
        self._write({"jsonrpc": "2.0", "id": message["id"], "result": result})

    # ---- API
    def request_message(self, method: str, params: Any) -> tuple[int, dict]:
        with self._lock:
            self._next_id += 1
            ident = self._next_id
        return ident, {"jsonrpc": "2.0", "id": ident, "method": method, "params": params}

    def send_request(self, method: str, params: Any) -> int:
        ident, message = self.request_message(method, params)
        self._write(message)
        return ident

    def notify(self, method: str, params: Any) -> None:
        self._write({"jsonrpc": "2.0", "method": method, "params": params})

    def wait_for(self, predicate: Callable[[], Any], timeout: float = WAIT, what: str = "") -> Any:
        deadline = time.monotonic() + timeout
        with self._changed:
            while True:
                value = predicate()
                if value:
                    return value
                if self.process.poll() is not None:
                    raise AssertionError(f"the server exited ({self.process.returncode}) waiting for "
                                         f"{what}:\n{self.stderr_path.read_text(errors='replace')[-3000:]}")
                left = deadline - time.monotonic()
                if left <= 0:
                    raise AssertionError(f"no {what or 'answer'} within {timeout} s (a hang)")
                self._changed.wait(min(left, 0.5))

    def response(self, ident: int, timeout: float = WAIT) -> dict:
        return self.wait_for(lambda: self.responses.get(ident), timeout, f"response {ident}")

    def request(self, method: str, params: Any, timeout: float = WAIT) -> Any:
        answer = self.response(self.send_request(method, params), timeout)
        assert "error" not in answer, answer
        return answer.get("result")

    def diagnostics(self, uri: str) -> list[dict]:
        return [n["params"] for n in self.notifications
                if n.get("method") == "textDocument/publishDiagnostics" and n["params"]["uri"] == uri]

    def wait_diagnostics(self, uri: str, version: int, timeout: float = WAIT) -> dict:
        def found():
            for params in reversed(self.diagnostics(uri)):
                if params.get("version") == version:
                    return params
            return None
        return self.wait_for(found, timeout, f"diagnostics of {uri} version {version}")

    # ---- lifecycle
    def initialize(self, root: Path, options: dict | None = None) -> dict:
        result = self.request("initialize", {
            "processId": os.getpid(), "rootUri": root.as_uri(), "capabilities": CAPABILITIES,
            "initializationOptions": options or {}, "workspaceFolders": [
                {"uri": root.as_uri(), "name": root.name}]})
        self.notify("initialized", {})
        return result

    def open(self, uri: str, text: str, version: int = 1) -> None:
        self.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "python", "version": version, "text": text}})

    def change(self, uri: str, version: int, changes: list[dict]) -> dict:
        return {"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": uri, "version": version}, "contentChanges": changes}}

    def close(self) -> None:
        if self.process.poll() is None:
            try:
                self.response(self.send_request("shutdown", None), timeout=20)
                self.notify("exit", None)
                self.process.wait(timeout=20)
            except Exception:  # noqa: BLE001 - a server that does not stop is killed
                self.process.kill()
                self.process.wait(timeout=20)
        self._stderr.close()

    # ---- memory
    def rss_kib(self) -> int:
        """VmRSS of the server and all its descendants (the analysis worker), in KiB."""
        total = 0
        for pid in [self.process.pid, *_descendants(self.process.pid)]:
            try:
                for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                    if line.startswith("VmRSS:"):
                        total += int(line.split()[1])
            except OSError:
                pass
        return total


def _descendants(root: int) -> list[int]:
    parents: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            parents[int(entry)] = int(stat.rsplit(")", 1)[1].split()[1])
    found, frontier = [], [root]
    while frontier:
        parent = frontier.pop()
        children = [pid for pid, ppid in parents.items() if ppid == parent]
        found += children
        frontier += children
    return found


# ------------------------------------------------------------------------------------ programs
def trigger_program(name: str) -> str:
    """A JXE001 program (the with_refs line is the finding's line), unique per `name`."""
    return textwrap.dedent(f'''\
        """Document {name}."""
        import jax
        import jax.numpy as jnp

        params_{name} = {{"w": jnp.ones(3), "b": jnp.zeros(3)}}


        def loss(params, x):
            return jnp.sum(params["w"] * x + params["b"])


        grads = (jax.new_ref(jnp.zeros(3)), jax.new_ref(jnp.zeros(3)))
        out, f_vjp = jax.vjp(loss, params_{name}, jnp.ones(3))
        f_vjp.with_refs(grads, jax.ad.DontWant())(1.0)
    ''')


TRIGGER_LINE = 13  # 0-based line of the with_refs call in trigger_program
FIXED_REFS = 'grads = {"w": jax.new_ref(jnp.zeros(3)), "b": jax.new_ref(jnp.zeros(3))}'


def line_range(line: int, start: int, end: int) -> dict:
    return {"start": {"line": line, "character": start}, "end": {"line": line, "character": end}}


@pytest.fixture
def server(tmp_path):
    client = RpcClient(SERVER, tmp_path)
    client.initialize(tmp_path, {"debounce": 50})
    yield client
    client.close()


# ------------------------------------------------------------------------------------ tests
def test_twenty_documents_bursts_of_500_edits(server, tmp_path):
    uris = [(tmp_path / f"doc_{i:02d}.py").as_uri() for i in range(20)]
    texts = {uri: trigger_program(f"d{i}") for i, uri in enumerate(uris)}
    versions = {uri: 1 for uri in uris}
    for uri in uris:
        server.open(uri, texts[uri])
    for uri in uris:
        published = server.wait_diagnostics(uri, 1)
        assert [d["range"]["start"]["line"] for d in published["diagnostics"]] == [TRIGGER_LINE]

    grads_line = texts[uris[0]].split("\n").index(
        "grads = (jax.new_ref(jnp.zeros(3)), jax.new_ref(jnp.zeros(3)))")
    for burst in range(2):
        messages = []
        for step in range(500):
            uri = uris[(step * 7 + burst) % len(uris)]
            versions[uri] += 1
            lines = texts[uri].split("\n")
            if step % 5 == 4:
                # Toggle the bug: refs as a dict (fixed) or a tuple (JXE001), whole line replaced.
                old = lines[grads_line]
                new = FIXED_REFS if old.startswith("grads = (") else \
                    "grads = (jax.new_ref(jnp.zeros(3)), jax.new_ref(jnp.zeros(3)))"
                change = {"range": line_range(grads_line, 0, len(old)), "text": new}
                lines[grads_line] = new
            else:
                # Typing in the docstring: one character in, sometimes partial code elsewhere.
                insert = "x" if step % 3 else "("
                change = {"range": line_range(0, 3, 3), "text": insert}
                lines[0] = lines[0][:3] + insert + lines[0][3:]
            texts[uri] = "\n".join(lines)
            messages.append(server.change(uri, versions[uri], [change]))
        server.write_many(messages)
        for uri in uris:
            published = server.wait_diagnostics(uri, versions[uri])
            expected = [TRIGGER_LINE] if "grads = (" in texts[uri] else []
            assert [d["range"]["start"]["line"] for d in published["diagnostics"]] == expected, uri
    # Versions published for a document never go back (no stale result after a newer one).
    for uri in uris:
        published = [p["version"] for p in server.diagnostics(uri)]
        assert published == sorted(published), (uri, published)
        assert published[-1] == versions[uri]
    # The server knows every document's final text: a hover on each works.
    for uri in uris[:5]:
        server.request("textDocument/hover", {"textDocument": {"uri": uri},
                                              "position": {"line": TRIGGER_LINE, "character": 2}})


def test_cancel_request_is_honoured(server, tmp_path):
    uri = (tmp_path / "cancel.py").as_uri()
    # Many findings, so that code actions have work to do (fixes are computed off the loop).
    text = "\n".join(trigger_program(f"c{i}").replace("import jax\n", "import jax\n" if i == 0 else "")
                     .replace("import jax.numpy as jnp\n", "import jax.numpy as jnp\n" if i == 0 else "")
                     .replace("def loss", f"def loss_{i}").replace("jax.vjp(loss,", f"jax.vjp(loss_{i},")
                     .replace("grads", f"grads_{i}").replace("f_vjp", f"f_vjp_{i}").replace("out, ", f"out_{i}, ")
                     for i in range(40))
    server.open(uri, text)
    published = server.wait_diagnostics(uri, 1)
    assert len(published["diagnostics"]) == 40
    every = {"start": {"line": 0, "character": 0}, "end": {"line": text.count("\n"), "character": 0}}
    messages, idents = [], []
    for round_ in range(30):
        ident, message = server.request_message("textDocument/codeAction", {
            "textDocument": {"uri": uri}, "range": every,
            "context": {"diagnostics": published["diagnostics"], "only": ["quickfix"]}})
        idents.append(ident)
        messages += [message, {"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": ident}}]
    # Cancels for ids never sent, and for a request long answered: ignored.
    messages.append({"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": 99_999}})
    messages.append({"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": "nope"}})
    server.write_many(messages)
    answers = [server.response(i) for i in idents]
    cancelled = [a for a in answers if "error" in a]
    for answer in cancelled:
        assert answer["error"]["code"] == -32800, answer
    for answer in answers:
        assert ("error" in answer) != ("result" in answer), answer
    assert cancelled, "no request was cancelled although each cancel followed it immediately"
    # Exactly one answer per request.
    assert sorted(i for kind, i in server.received if kind == "response" and i in idents) == sorted(idents)
    # Still serving: a code action now, uncancelled, has the quick fixes.
    first = published["diagnostics"][0]
    result = server.request("textDocument/codeAction", {
        "textDocument": {"uri": uri}, "range": first["range"],
        "context": {"diagnostics": [first], "only": ["quickfix"]}})
    assert result and all(action["kind"] == "quickfix" for action in result)


def test_rss_stops_growing_over_10000_edits(server, tmp_path):
    uri = (tmp_path / "typing.py").as_uri()
    text = trigger_program("rss")
    server.open(uri, text)
    server.wait_diagnostics(uri, 1)
    lines = text.split("\n")
    version = 1
    samples: list[tuple[int, int]] = []
    # A line typed character by character and deleted again, over and over, with the
    # document often not parsing (an open bracket) and the finding toggling.
    typed = "x = jnp.sum(jnp.ones((3, 4)) * 2.0)"
    base_line = len(lines) - 1
    for batch in range(20):
        messages = []
        for step in range(500):
            version += 1
            position = step % (2 * len(typed))
            if position < len(typed):  # type one more character
                char = typed[position]
                change = {"range": line_range(base_line, position, position), "text": char}
            else:  # delete the last character
                end = 2 * len(typed) - position
                change = {"range": line_range(base_line, end - 1, end), "text": ""}
            messages.append(server.change(uri, version, [change]))
        server.write_many(messages)
        server.wait_diagnostics(uri, version)
        samples.append((version, server.rss_kib()))
    assert version == 1 + 10_000
    first_half_end = samples[len(samples) // 2 - 1][1]
    last = samples[-1][1]
    peak = max(rss for _, rss in samples)
    print("RSS (KiB) after each 500 edits:", [rss for _, rss in samples])
    # Without a leak the RSS is flat to within tens of KiB over the 10,000 edits; a leak of
    # ~1 KB per edit shows as ~5 MiB over the second half.
    assert last - first_half_end < 2 * 1024, samples
    assert peak - first_half_end < 4 * 1024, samples


def test_hover_answers_while_a_large_file_is_analyzed(server, tmp_path):
    small = (tmp_path / "small.py").as_uri()
    server.open(small, trigger_program("small"))
    server.wait_diagnostics(small, 1)
    big = (tmp_path / "big.py").as_uri()
    body = "".join(f"def fn_{i}(a, b):\n    c = jnp.tanh(a @ b + {i}) * jnp.ones((3, 3))\n"
                   f"    return {{'c': c, 'd': (c, [c, c])}}\n\n" for i in range(2_500))
    big_text = trigger_program("big") + body
    assert big_text.count("\n") >= 10_000
    for round_ in range(3):
        version = round_ + 1
        if round_ == 0:
            server.open(big, big_text)
        else:
            server.notify("textDocument/didChange", {
                "textDocument": {"uri": big, "version": version},
                "contentChanges": [{"range": line_range(0, 3, 3), "text": "v"}]})
        hover = server.send_request("textDocument/hover", {
            "textDocument": {"uri": small}, "position": {"line": TRIGGER_LINE, "character": 2}})
        server.response(hover)
        published = server.wait_diagnostics(big, version)
        assert [d["range"]["start"]["line"] for d in published["diagnostics"]] == [TRIGGER_LINE]
        order = [entry for entry in server.received
                 if entry == ("response", hover) or entry == ("notification", "textDocument/publishDiagnostics")]
        # The hover was answered before the big document's diagnostics of this version came.
        hover_at = server.received.index(("response", hover))
        diag_at = max(i for i, entry in enumerate(server.received)
                      if entry == ("notification", "textDocument/publishDiagnostics"))
        assert hover_at < diag_at, order

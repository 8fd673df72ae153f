"""End-to-end tests of the language server: a real server subprocess spoken to over stdio by
pytest-lsp's client, with real client capability profiles."""

from __future__ import annotations

import asyncio
import contextlib
import sys
import time
from pathlib import Path
from typing import Any

from lsprotocol import types
from pygls.protocol import default_converter
from pygls.uris import from_fs_path
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities
from pytest_lsp.client import DEFAULT_CLIENT_FEATURES, register_lsp_features

SERVER_COMMAND = [sys.executable, "-m", "jaxerr_lsp", "serve"]

TRIGGER = '''import jax
import jax.numpy as jnp

def loss(params, x):
    return jnp.sum(params["w"] * x + params["b"])

params = {"w": jnp.ones(3), "b": jnp.zeros(3)}
x = jnp.ones(3)
out, f_vjp = jax.vjp(loss, params, x)
grads = f_vjp.with_refs((jax.new_ref(jnp.zeros(3)), jax.new_ref(jnp.zeros(3))), jax.new_ref(jnp.zeros(3)))(1.0)
'''
TRIGGER_LINE = 9  # 0-based line of the with_refs call

# The same program, fixed by hand: the refs mirror the primals.
FIXED = TRIGGER.replace(
    "f_vjp.with_refs((jax.new_ref(jnp.zeros(3)), jax.new_ref(jnp.zeros(3))), ",
    'f_vjp.with_refs({"w": jax.new_ref(jnp.zeros(3)), "b": jax.new_ref(jnp.zeros(3))}, ')
assert FIXED != TRIGGER

PROFILES = ["visual-studio-code", "neovim"]

_CODEC = {"utf-8": ("utf-8", 1), "utf-16": ("utf-16-le", 2), "utf-32": ("utf-32-le", 4)}


# ---------------------------------------------------------------------------------------------
# Position helpers, written independently of jaxerr_lsp.server.positions


def lines_of(text: str) -> list[str]:
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def to_units(line: str, column: int, encoding: str) -> int:
    codec, width = _CODEC[encoding]
    return len(line[:column].encode(codec, "surrogatepass")) // width


def from_units(line: str, units: int, encoding: str) -> int:
    codec, width = _CODEC[encoding]
    for column in range(len(line) + 1):
        if len(line[:column].encode(codec, "surrogatepass")) // width >= units:
            return column
    return len(line)


def lsp_range(text: str, span, encoding: str) -> tuple[int, int, int, int]:
    lines = lines_of(text)
    return (span.start_line - 1, to_units(lines[span.start_line - 1], span.start_column, encoding),
            span.end_line - 1, to_units(lines[span.end_line - 1], span.end_column, encoding))


def as_tuple(rng: types.Range) -> tuple[int, int, int, int]:
    return rng.start.line, rng.start.character, rng.end.line, rng.end.character


def offset(text: str, position: types.Position, encoding: str) -> int:
    lines = text.split("\n")  # test texts use "\n"
    before = sum(len(line) + 1 for line in lines[:position.line])
    return before + from_units(lines[position.line], position.character, encoding)


def apply_edits(text: str, edits: list[types.TextEdit], encoding: str) -> str:
    spans = sorted(((offset(text, e.range.start, encoding), offset(text, e.range.end, encoding), e.new_text)
                    for e in edits), reverse=True)
    for start, end, new in spans:
        text = text[:start] + new + text[end:]
    return text


def edits_for(edit: types.WorkspaceEdit, uri: str, version: int | None = None) -> list[types.TextEdit]:
    if edit.document_changes:
        out = []
        for change in edit.document_changes:
            assert isinstance(change, types.TextDocumentEdit)
            assert change.text_document.uri == uri
            if version is not None:
                assert change.text_document.version == version
            out.extend(change.edits)
        return out
    assert edit.changes is not None and set(edit.changes) == {uri}
    return list(edit.changes[uri])


# ---------------------------------------------------------------------------------------------
# Client


def _record_publish(client: LanguageClient, params: types.PublishDiagnosticsParams):
    client.diagnostics[params.uri] = params.diagnostics
    client.published.append(params)  # type: ignore[attr-defined]


def _record_trace(client: LanguageClient, params: types.LogTraceParams):
    client.traces.append(params.message)  # type: ignore[attr-defined]


def make_client() -> LanguageClient:
    client = LanguageClient(converter_factory=default_converter)
    client.published = []  # type: ignore[attr-defined]
    client.traces = []  # type: ignore[attr-defined]
    features = dict(DEFAULT_CLIENT_FEATURES)
    features[types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS] = _record_publish
    features[types.LOG_TRACE] = _record_trace
    register_lsp_features(client, features)
    return client


def capabilities(profile: str, encodings: list[str] | None | str = "keep") -> types.ClientCapabilities:
    caps = client_capabilities(profile)
    if encodings != "keep":
        if caps.general is None:
            caps.general = types.GeneralClientCapabilities()
        caps.general.position_encodings = encodings  # type: ignore[assignment]
    return caps


@contextlib.asynccontextmanager
async def session(caps: types.ClientCapabilities, *, init_options: Any = None,
                  trace: types.TraceValue | None = None, root: Path | None = None):
    config = ClientServerConfig(server_command=SERVER_COMMAND, client_factory=make_client)
    client = await config.start()
    try:
        result = await client.initialize_session(types.InitializeParams(
            capabilities=caps, initialization_options=init_options, trace=trace,
            root_uri=from_fs_path(str(root)) if root else None))
        client.init_result = result  # type: ignore[attr-defined]
        yield client
        await asyncio.wait_for(client.shutdown_session(), 30)
        assert client._server is not None and client._server.returncode == 0
    finally:
        # pygls' stop() waits for the server to exit: after a failure, make sure it does.
        server = client._server
        if server is not None and server.returncode is None:
            server.kill()
        await client.stop()


# ---------------------------------------------------------------------------------------------
# Documents


def open_doc(client: LanguageClient, path: Path, text: str, version: int = 1) -> str:
    path.write_text(text, encoding="utf-8")
    uri = from_fs_path(str(path))
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id="python", version=version, text=text)))
    return uri


def change_doc(client: LanguageClient, uri: str, version: int, text: str) -> None:
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)]))


async def wait_published(client: LanguageClient, uri: str, version: int | None,
                         timeout: float = 15.0) -> list[types.Diagnostic]:
    """The diagnostics of the first publication for (uri, version)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for params in client.published:  # type: ignore[attr-defined]
            if params.uri == uri and params.version == version:
                return list(params.diagnostics)
        await asyncio.sleep(0.01)
    seen = [(p.uri, p.version, len(p.diagnostics)) for p in client.published]  # type: ignore[attr-defined]
    raise AssertionError(f"no diagnostics published for {uri} version {version}; seen {seen}")



async def wait_next(client: LanguageClient, uri: str, after: int, timeout: float = 15.0):
    """The first publication for `uri` among client.published[after:]."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for params in client.published[after:]:  # type: ignore[attr-defined]
            if params.uri == uri:
                return params
        await asyncio.sleep(0.01)
    raise AssertionError(f"no new diagnostics published for {uri}")


async def send_raw(client: LanguageClient, message: dict[str, Any]):
    """Write a JSON-RPC message as is (the typed client refuses malformed params). For a
    request, return a future for the server's answer (an error raises a JsonRpcException)."""
    import inspect
    import json
    from concurrent.futures import Future

    future: Future | None = None
    if "id" in message:
        future = Future()
        client.protocol._request_futures[message["id"]] = future
    body = json.dumps({"jsonrpc": "2.0", **message}).encode()
    res = client.protocol.writer.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    if inspect.isawaitable(res):
        await res
    return asyncio.wrap_future(future) if future is not None else None

"""Checks that need the server's insides: the same server, driven in this process."""

from __future__ import annotations

import asyncio

from lsprotocol import types

from jaxerr_lsp.server.worker import AnalysisRunner
from jaxerr_lsp.server import create_server

from .helpers import TRIGGER


class _Sink:
    def __init__(self) -> None:
        self.sent: list[bytes] = []

    def write(self, data: bytes) -> None:
        self.sent.append(data)

    def close(self) -> None:
        pass


async def test_notifications_leave_no_futures_behind():
    """pygls keeps a future per coroutine/generator handler until a response pops it;
    notifications never get one. 1,000 didChange must not leave 1,000 futures."""
    server = create_server()
    session = server.session
    session.runner = AnalysisRunner(use_process=False)
    sink = _Sink()
    server.protocol.set_writer(sink)
    protocol = server.protocol
    protocol.handle_message(types.InitializeRequest(id=1, params=types.InitializeParams(
        capabilities=types.ClientCapabilities(), initialization_options={"debounce": 0})))
    protocol.handle_message(types.InitializedNotification(params=types.InitializedParams()))
    uri = "untitled:leak"
    protocol.handle_message(types.DidOpenTextDocumentNotification(params=types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri, language_id="python", version=1, text=TRIGGER))))
    for version in range(2, 1002):
        protocol.handle_message(types.DidChangeTextDocumentNotification(params=types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=TRIGGER + "#" * (version % 5))])))
        await asyncio.sleep(0)
    for _ in range(500):
        program = session.documents[uri].program
        if program is not None and program.version == 1001 and program.job is not None \
                and not protocol._request_futures and any(b'"version": 1001' in data for data in sink.sent):
            break
        await asyncio.sleep(0.02)
    try:
        program = session.documents[uri].program
        assert program is not None and program.version == 1001 and program.job is not None
        assert protocol._request_futures == {}
        assert any(b'"version": 1001' in data for data in sink.sent)
    finally:
        session.runner.shutdown()
        session.fix_pool.shutdown()

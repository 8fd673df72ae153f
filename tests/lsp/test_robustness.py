"""Malformed and unexpected input never takes the server down."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from lsprotocol import types
from pygls.exceptions import JsonRpcException, JsonRpcInvalidParams, JsonRpcMethodNotFound

from .helpers import TRIGGER, capabilities, open_doc, send_raw, session, wait_published


async def _alive(client, uri: str) -> None:
    """The server still answers, with the right answer."""
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        position=types.Position(line=8, character=18)))  # on jax.vjp
    assert hover is not None and "jax.vjp(fun, *primals)" in hover.contents.value


async def test_malformed_requests_leave_the_server_up(profile: str, tmp_path: Path):
    async with session(capabilities(profile), init_options={"debounce": 0}) as client:
        uri = open_doc(client, tmp_path / "train.py", TRIGGER)
        await wait_published(client, uri, 1)
        unknown = (tmp_path / "never-opened.py").as_uri()
        (tmp_path / "never-opened.py").write_text(TRIGGER)  # on disk, but not open: not read

        def hover(uri_, line, character):
            return client.text_document_hover_async(types.HoverParams(
                text_document=types.TextDocumentIdentifier(uri=uri_),
                position=types.Position(line=line, character=character)))

        assert await hover(unknown, 8, 18) is None
        assert await hover("untitled:Untitled-1", 0, 0) is None
        assert await hover(uri, 10**6, 0) is None
        assert await hover(uri, 8, 10**6) is None  # past the end of the line: the line's end
        assert not await client.text_document_code_action_async(types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=unknown),
            range=types.Range(start=types.Position(line=0, character=0),
                              end=types.Position(line=10**6, character=0)),
            context=types.CodeActionContext(diagnostics=[])))
        # Resolve of an action we never made, or whose document is gone: returned as is.
        for data in [None, "x", {"uri": 3}, {"uri": unknown, "action": "fix", "index": 0},
                     {"uri": uri, "action": "fix", "index": 99, "code": "JXE999"},
                     {"uri": uri, "version": 1, "action": "fix", "finding": "garbage"},
                     {"uri": uri, "version": 1, "action": "ignore", "finding": {"code": 5}},
                     {"uri": uri, "version": 1, "action": "fix", "fix_id": "refs-from-primals",
                      "finding": {"code": "JXE999", "span": [10, 24, 10, 105]}},
                     {"uri": uri, "action": "nonsense"}]:
            action = await client.code_action_resolve_async(types.CodeAction(title="t", data=data))
            assert action.title == "t" and action.edit is None

        # Garbage params: an InvalidParams error response (not silence, not a crash).
        for number, (method, params) in enumerate([
            (types.TEXT_DOCUMENT_HOVER, {"garbage": True}),
            (types.TEXT_DOCUMENT_HOVER, "not an object"),
            (types.TEXT_DOCUMENT_HOVER, {"textDocument": {"uri": uri}, "position": {"line": -1, "character": "x"}}),
            (types.TEXT_DOCUMENT_CODE_ACTION, {"textDocument": {"uri": uri}}),
            (types.CODE_ACTION_RESOLVE, [1, 2, 3]),
            (types.WORKSPACE_EXECUTE_COMMAND, {"command": 5}),
        ]):
            answer = await send_raw(client, {"id": f"bad-{number}", "method": method, "params": params})
            with pytest.raises(JsonRpcInvalidParams):
                await asyncio.wait_for(answer, 10)
        answer = await send_raw(client, {"id": "bad-method", "method": "jaxerr/noSuchMethod", "params": {}})
        with pytest.raises(JsonRpcMethodNotFound):
            await asyncio.wait_for(answer, 10)
        with pytest.raises(JsonRpcException):
            await client.workspace_execute_command_async(types.ExecuteCommandParams(command="jaxerr.nope"))

        # Notifications for documents that are not open, and with garbage params.
        client.text_document_did_change(types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=unknown, version=7),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text="x = (")]))
        client.text_document_did_close(types.DidCloseTextDocumentParams(
            text_document=types.TextDocumentIdentifier(uri=unknown)))
        client.text_document_did_save(types.DidSaveTextDocumentParams(
            text_document=types.TextDocumentIdentifier(uri=unknown)))
        await send_raw(client, {"method": types.TEXT_DOCUMENT_DID_OPEN, "params": {"textDocument": 5}})
        await send_raw(client, {"method": types.TEXT_DOCUMENT_DID_CHANGE, "params": {"bogus": []}})
        await send_raw(client, {"method": types.CANCEL_REQUEST, "params": {"id": 123456}})
        await send_raw(client, {"method": "$/jaxerr/unknownNotification", "params": {"x": 1}})
        await send_raw(client, {"method": types.WORKSPACE_DID_CHANGE_CONFIGURATION, "params": {"settings": [1]}})
        await _alive(client, uri)
        # The didChange for a document that is not open was an error in pygls' handler: logged
        # through window/logMessage.
        for _ in range(200):
            if any(m.type == types.MessageType.Error for m in client.log_messages):
                break
            await asyncio.sleep(0.01)
        assert any(m.type == types.MessageType.Error for m in client.log_messages)
        assert not client.messages  # nothing popped up in the user's face

        # Nothing was published for the unknown document except the clearing on close.
        published = [p for p in client.published if p.uri == unknown]
        assert all(list(p.diagnostics) == [] for p in published)


async def test_hostile_documents(tmp_path: Path):
    deep = "x = " + "(" * 5000 + "1" + ")" * 5000 + "\n"
    unbalanced = "import jax\n" + "[" * 200 + "\n" + "def f(:\n"
    surrogate = TRIGGER + "s = '\ud800'\n"
    nul = TRIGGER.replace("import jax\n", "import jax\x00\n")
    mixed_newlines = TRIGGER.replace("\n", "\r\n", 4).replace("\n", "\r", 2)
    async with session(capabilities("neovim"), init_options={"debounce": 0}) as client:
        uri = open_doc(client, tmp_path / "train.py", TRIGGER)
        await wait_published(client, uri, 1)
        for number, text in enumerate([deep, unbalanced, surrogate, nul, mixed_newlines, ""], start=1):
            other = (tmp_path / f"hostile{number}.py").as_uri()
            client.text_document_did_open(types.DidOpenTextDocumentParams(
                text_document=types.TextDocumentItem(uri=other, language_id="python", version=1, text=text)))
            await wait_published(client, other, 1)
            await client.text_document_hover_async(types.HoverParams(
                text_document=types.TextDocumentIdentifier(uri=other),
                position=types.Position(line=0, character=3)))
        await _alive(client, uri)


async def test_cancelled_request_is_answered_and_server_stays_up(tmp_path: Path):
    async with session(capabilities("neovim"), init_options={"debounce": 0}) as client:
        uri = open_doc(client, tmp_path / "train.py", TRIGGER)
        [diag] = await wait_published(client, uri, 1)
        future = client.protocol.send_request(types.TEXT_DOCUMENT_CODE_ACTION, types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri), range=diag.range,
            context=types.CodeActionContext(diagnostics=[diag])), msg_id="cancel-me")
        client.protocol.notify(types.CANCEL_REQUEST, types.CancelParams(id="cancel-me"))
        try:
            result = await asyncio.wait_for(asyncio.wrap_future(future), 10)
            assert result  # finished before the cancellation arrived
        except JsonRpcException as exc:
            assert exc.code == types.LSPErrorCodes.RequestCancelled.value
        await _alive(client, uri)


def _children(pid: int) -> list[int]:
    out: list[int] = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        children = (task / "children").read_text().split()
        out.extend(int(c) for c in children)
    return out


async def test_a_crashed_analysis_worker_is_replaced(tmp_path: Path):
    import os
    import signal

    async with session(capabilities("neovim"), init_options={"debounce": 0}) as client:
        uri = open_doc(client, tmp_path / "train.py", TRIGGER)
        assert len(await wait_published(client, uri, 1)) == 1
        workers = [pid for pid in _children(client._server.pid)
                   if "spawn_main" in Path(f"/proc/{pid}/cmdline").read_text().replace("\0", " ")]
        assert len(workers) == 1, "diagnostics run in one worker process"
        os.kill(workers[0], signal.SIGKILL)
        await asyncio.sleep(0.5)
        for version in (2, 3):
            client.text_document_did_change(types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
                content_changes=[types.TextDocumentContentChangeWholeDocument(text=TRIGGER + "#" * version + "\n")]))
        assert len(await wait_published(client, uri, 3, timeout=30)) == 1
        await _alive(client, uri)


async def test_worker_follows_a_killed_server(tmp_path: Path):
    """An editor that kills the server (or a crash) leaves nothing behind: the worker exits,
    and it does not hold the server's stdout open (the editor sees the end of the stream)."""
    import os
    import signal
    import time

    from pytest_lsp import ClientServerConfig

    from .helpers import SERVER_COMMAND, make_client

    client = await ClientServerConfig(server_command=SERVER_COMMAND, client_factory=make_client).start()
    try:
        await client.initialize_session(types.InitializeParams(
            capabilities=capabilities("neovim"), initialization_options={"debounce": 0}))
        uri = open_doc(client, tmp_path / "train.py", TRIGGER)
        assert len(await wait_published(client, uri, 1)) == 1
        server = client._server
        [worker] = [pid for pid in _children(server.pid)
                    if "spawn_main" in Path(f"/proc/{pid}/cmdline").read_text().replace("\0", " ")]
        # The worker let go of the server's stdio.
        for fd in (0, 1, 2):
            assert os.readlink(f"/proc/{worker}/fd/{fd}") == os.devnull
        os.kill(server.pid, signal.SIGKILL)
        await asyncio.wait_for(server.wait(), 10)
        deadline = time.monotonic() + 15
        while Path(f"/proc/{worker}").exists() and time.monotonic() < deadline:
            status = Path(f"/proc/{worker}/status").read_text() if Path(f"/proc/{worker}").exists() else ""
            if "State:\tZ" in status:
                break
            await asyncio.sleep(0.1)
        status = Path(f"/proc/{worker}/status").read_text() if Path(f"/proc/{worker}").exists() else ""
        assert not status or "State:\tZ" in status, "the worker outlived the server"
    finally:
        if client._server is not None and client._server.returncode is None:
            client._server.kill()
        await asyncio.wait_for(client.stop(), 15)

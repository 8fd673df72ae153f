"""Negotiated position encodings, end to end, with an emoji before the offending expression."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from lsprotocol import types

from jaxerr_lsp.engine.run import analyze

from .helpers import (TRIGGER, TRIGGER_LINE, apply_edits, as_tuple, capabilities, edits_for,
                      lsp_range, open_doc, session, wait_published)

EMOJI = TRIGGER.replace("grads = f_vjp", 'tag = "🙂é"; grads = f_vjp')
TWIN = TRIGGER.replace("grads = f_vjp", 'tag = "ab"; grads = f_vjp')  # same code-point columns
assert EMOJI != TRIGGER and len(EMOJI) == len(TWIN)
# 🙂 takes 1 code point, 2 UTF-16 units, 4 UTF-8 bytes; é takes 1, 1, 2.
SHIFT = {"utf-32": 0, "utf-16": 1, "utf-8": 3 + 1}


@pytest.mark.parametrize("offered, encoding", [
    (["utf-8"], "utf-8"),
    (["utf-32", "utf-8"], "utf-32"),
    (["utf-8", "utf-16", "utf-32"], "utf-16"),
    (None, "utf-16"),
])
async def test_ranges_hover_and_fixes_in_each_encoding(offered, encoding, tmp_path: Path):
    caps = capabilities("neovim", encodings=offered)
    async with session(caps, init_options={"debounce": 0}) as client:
        assert client.init_result.capabilities.position_encoding == encoding
        twin_uri = open_doc(client, tmp_path / "twin.py", TWIN)
        [twin] = await wait_published(client, twin_uri, 1)
        uri = open_doc(client, tmp_path / "emoji.py", EMOJI)
        [diag] = await wait_published(client, uri, 1)

        # Same line; columns shifted by what the two characters cost in this encoding.
        line, start, end_line, end = as_tuple(twin.range)
        assert line == end_line == TRIGGER_LINE
        assert as_tuple(diag.range) == (line, start + SHIFT[encoding], line, end + SHIFT[encoding])
        [finding] = analyze(EMOJI).findings
        assert as_tuple(diag.range) == lsp_range(EMOJI, finding.span, encoding)

        # Hover just inside the range (in this encoding) finds the diagnostic; just before it,
        # on `f_vjp.with_refs`, the API.
        inside = await client.text_document_hover_async(types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            position=types.Position(line=line, character=diag.range.start.character + 1)))
        assert inside is not None and inside.range == diag.range
        assert "with_refs arguments are not shaped like the primal arguments" in inside.contents.value
        api = await client.text_document_hover_async(types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            position=types.Position(line=line, character=diag.range.start.character - 2)))
        assert api is not None and "VJP.with_refs" in api.contents.value
        # The diagnostic starts at the first argument, right after `with_refs(`.
        assert api.range.end.character == diag.range.start.character - 1
        assert api.range.start.character == api.range.end.character - len("with_refs")

        # Incremental edit in this encoding: "é" -> "e" (one UTF-8 byte less).
        e_at = EMOJI.splitlines()[line].index("é")
        units = len(EMOJI.splitlines()[line][:e_at].encode(
            {"utf-8": "utf-8", "utf-16": "utf-16-le", "utf-32": "utf-32-le"}[encoding])) // {
            "utf-8": 1, "utf-16": 2, "utf-32": 4}[encoding]
        client.text_document_did_change(types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[types.TextDocumentContentChangePartial(
                range=types.Range(start=types.Position(line=line, character=units),
                                  end=types.Position(line=line, character=units + (2 if encoding == "utf-8" else 1))),
                text="e")]))
        text = EMOJI.replace("é", "e")
        [diag] = await wait_published(client, uri, 2)
        shift = SHIFT[encoding] - (1 if encoding == "utf-8" else 0)
        assert as_tuple(diag.range) == (line, start + shift, line, end + shift)

        # Each quick fix, in this encoding, applied to the text: parses, and the server agrees.
        actions = await client.text_document_code_action_async(types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri), range=diag.range,
            context=types.CodeActionContext(diagnostics=[diag])))
        assert actions
        version = 2
        for action in actions:
            resolved = await client.code_action_resolve_async(action)
            new_text = apply_edits(text, edits_for(resolved.edit, uri), encoding)
            ast.parse(new_text)
            # the characters before the edits survive (a fix may add a statement before grads)
            assert 'tag = "🙂e"; ' in new_text and "; grads = " in new_text
            [finding] = analyze(text).findings
            assert analyze(new_text).findings == []
            # back to `text` for the next action
            version += 1
            client.text_document_did_change(types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
                content_changes=[types.TextDocumentContentChangeWholeDocument(text=new_text)]))
            assert await wait_published(client, uri, version) == []
            version += 1
            client.text_document_did_change(types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
                content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)]))
            assert len(await wait_published(client, uri, version)) == 1

"""Diagnostics: published on open / change / save, versioned, cleared on close."""

from __future__ import annotations

import asyncio
from pathlib import Path

from lsprotocol import types
from pygls.uris import to_fs_path

from jaxerr_lsp.engine.run import analyze

from .helpers import (FIXED, TRIGGER, TRIGGER_LINE, as_tuple, capabilities, change_doc, lsp_range,
                       open_doc, session, wait_published)


async def test_diagnostic_for_the_trigger(profile: str, tmp_path: Path):
    async with session(capabilities(profile), init_options={"debounce": 0}) as client:
        uri = open_doc(client, tmp_path / "train.py", TRIGGER)
        diagnostics = await wait_published(client, uri, 1)

    [finding] = analyze(TRIGGER).findings
    assert len(diagnostics) == 1
    diag = diagnostics[0]
    assert diag.source == "jaxerr"
    assert diag.code == "JXE001"
    assert diag.severity == types.DiagnosticSeverity.Error
    assert diag.message == finding.message
    assert diag.message.startswith("ValueError: unexpected tree structure")
    assert "args[0] was a <class 'dict'> in the primal arguments" in diag.message
    assert as_tuple(diag.range) == lsp_range(TRIGGER, finding.span, "utf-16")
    assert diag.range.start.line == TRIGGER_LINE
    # Documentation link: the catalog entry's TOML.
    assert diag.code_description is not None
    href = diag.code_description.href
    assert href.startswith("file://") and href.endswith("/vjp-with-refs-tree-mismatch.toml")
    assert Path(to_fs_path(href)).is_file()
    # Where the primal structure comes from: the jax.vjp call, in the same document.
    assert diag.related_information
    related = diag.related_information[0]
    assert related.location.uri == uri
    assert as_tuple(related.location.range) == lsp_range(TRIGGER, finding.related[0].span, "utf-16")
    assert related.location.range.start.line == TRIGGER_LINE - 1
    assert isinstance(diag.data, dict) and diag.data["uri"] == uri and diag.data["index"] == 0


async def test_the_code_links_to_the_entry_page_of_the_website(profile: str, tmp_path: Path):
    """`codeDescription.href`: the entry's page under the editor's `docsUrl`, else under the
    file's `[tool.jaxerr] docs-url`."""
    (tmp_path / "site").mkdir()
    (tmp_path / "site" / "pyproject.toml").write_text('[tool.jaxerr]\ndocs-url = "https://docs.example.org/jaxerr"\n')
    async with session(capabilities(profile), init_options={"debounce": 0}) as client:
        uri = open_doc(client, tmp_path / "site" / "train.py", TRIGGER)
        [diag] = await wait_published(client, uri, 1)
    assert diag.code_description is not None
    assert diag.code_description.href == "https://docs.example.org/jaxerr/errors/vjp-with-refs-tree-mismatch.html"
    async with session(capabilities(profile),
                       init_options={"debounce": 0, "docsUrl": "file:///opt/jaxerr-site/"}) as client:
        uri = open_doc(client, tmp_path / "site" / "train.py", TRIGGER)
        [diag] = await wait_published(client, uri, 1)
    assert diag.code_description.href == "file:///opt/jaxerr-site/errors/vjp-with-refs-tree-mismatch.html"


async def test_cleared_after_fix_and_on_close(profile: str, tmp_path: Path):
    async with session(capabilities(profile), init_options={"debounce": 0}) as client:
        uri = open_doc(client, tmp_path / "train.py", TRIGGER)
        assert len(await wait_published(client, uri, 1)) == 1
        change_doc(client, uri, 2, FIXED)
        assert await wait_published(client, uri, 2) == []
        change_doc(client, uri, 3, TRIGGER)
        assert len(await wait_published(client, uri, 3)) == 1
        client.text_document_did_close(types.DidCloseTextDocumentParams(
            text_document=types.TextDocumentIdentifier(uri=uri)))
        assert await wait_published(client, uri, None) == []


async def test_partial_code_keeps_the_diagnostic(profile: str, tmp_path: Path):
    partial = TRIGGER + "grads2 = f_vjp.with_refs(jax.new_ref(\n"
    async with session(capabilities(profile), init_options={"debounce": 0}) as client:
        uri = open_doc(client, tmp_path / "train.py", TRIGGER)
        assert len(await wait_published(client, uri, 1)) == 1
        change_doc(client, uri, 2, partial)
        diagnostics = await wait_published(client, uri, 2)
    assert [d.code for d in diagnostics] == ["JXE001"]
    assert diagnostics[0].range.start.line == TRIGGER_LINE


async def test_recheck_on_save(tmp_path: Path):
    """didSave re-checks: the configuration in pyproject.toml changed on disk meanwhile."""
    async with session(capabilities("neovim"), init_options={"debounce": 0}) as client:
        uri = open_doc(client, tmp_path / "train.py", TRIGGER)
        assert len(await wait_published(client, uri, 1)) == 1
        (tmp_path / "pyproject.toml").write_text('[tool.jaxerr]\nignore = ["JXE001"]\n')
        count = len(client.published)
        client.text_document_did_save(types.DidSaveTextDocumentParams(
            text_document=types.TextDocumentIdentifier(uri=uri)))
        for _ in range(1000):
            if len(client.published) > count:
                break
            await asyncio.sleep(0.01)
        assert len(client.published) > count
        last = client.published[-1]
        assert last.uri == uri and last.version == 1 and list(last.diagnostics) == []


async def test_burst_of_edits_publishes_only_the_last_version(tmp_path: Path):
    """50 incremental didChange notifications inside the debounce window: one analysis, of the
    last version, and no diagnostics for any intermediate version."""
    async with session(capabilities("visual-studio-code"), init_options={"debounce": 400},
                       trace=types.TraceValue.Verbose) as client:
        uri = open_doc(client, tmp_path / "train.py", TRIGGER)
        assert len(await wait_published(client, uri, 1)) == 1
        start = len(client.published)
        traces_before = len(client.traces)
        # Version 2 inserts a line at the top (the trigger moves down one line); versions 3..51
        # type a comment on that new line, one character at a time.
        changes = [(types.Position(line=0, character=0), "#\n")]
        changes += [(types.Position(line=0, character=i + 1), "x") for i in range(49)]
        for number, (position, text) in enumerate(changes, start=2):
            client.text_document_did_change(types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=number),
                content_changes=[types.TextDocumentContentChangePartial(
                    range=types.Range(start=position, end=position), text=text)]))
        last = 1 + len(changes)
        assert last == 51
        diagnostics = await wait_published(client, uri, last)
        await asyncio.sleep(0.8)  # anything late would show up now
        published = client.published[start:]
        traces = client.traces[traces_before:]
    assert [p.version for p in published] == [last]
    assert [d.range.start.line for d in diagnostics] == [TRIGGER_LINE + 1]
    # The trace of the didOpen analysis (version 1) may arrive just after its publication.
    analyses = [t for t in traces if t.startswith("analyzed ") and " version 1 " not in t]
    assert len(analyses) == 1 and f"version {last} " in analyses[0], traces


async def test_no_stale_publication_without_debounce(tmp_path: Path):
    """With debounce 0 every change may be analyzed, but a result is published only while its
    version is the document's current one: versions only go up, each publication matches its
    version's text, and the last version is published."""
    async with session(capabilities("neovim"), init_options={"debounce": 0}) as client:
        uri = open_doc(client, tmp_path / "train.py", TRIGGER)
        assert len(await wait_published(client, uri, 1)) == 1
        start = len(client.published)
        # Odd versions hold the fixed program, even versions the trigger, shifted down by
        # (version // 10) blank lines.
        texts = {}
        for version in range(2, 52):
            texts[version] = "\n" * (version // 10) + (FIXED if version % 2 else TRIGGER)
            change_doc(client, uri, version, texts[version])
        await wait_published(client, uri, 51)
        await asyncio.sleep(0.5)
        published = [p for p in client.published[start:] if p.uri == uri]
    versions = [p.version for p in published]
    assert versions == sorted(set(versions)) and versions[-1] == 51, versions
    for params in published:
        expected = [] if params.version % 2 else [TRIGGER_LINE + params.version // 10]
        assert [d.range.start.line for d in params.diagnostics] == expected, params.version


async def test_hover_answers_while_a_large_file_is_analyzed(tmp_path: Path):
    """Analysis runs off the event loop (in a worker process): a hover sent right after an edit
    of a big file is answered before that edit's diagnostics."""
    block = FIXED.split("\n", 2)[2]  # without the imports
    for name in ("loss", "params", "out", "f_vjp", "grads"):
        block = block.replace(name, name + "_{n}")
    body = "".join(block.replace("{n}", str(n)) for n in range(2000))
    big = "import jax\nimport jax.numpy as jnp\n" + body + TRIGGER.split("\n", 2)[2]
    assert big.count("\n") > 15_000
    last = big.count("\n") - 1
    with_refs = big.split("\n")[last].index("with_refs")
    async with session(capabilities("neovim"), init_options={"debounce": 0}) as client:
        uri = open_doc(client, tmp_path / "big.py", big)
        [diag] = await wait_published(client, uri, 1, timeout=120)
        assert diag.range.start.line == last
        for version in (2, 3, 4):
            # Type a space at the end of the first line.
            end = types.Position(line=0, character=len("import jax") + version - 2)
            client.text_document_did_change(types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
                content_changes=[types.TextDocumentContentChangePartial(
                    range=types.Range(start=end, end=end), text=" ")]))
            hover = await client.text_document_hover_async(types.HoverParams(
                text_document=types.TextDocumentIdentifier(uri=uri),
                position=types.Position(line=last, character=with_refs + 2)))
            assert hover is not None and "VJP.with_refs" in hover.contents.value
            # Answered before this version's diagnostics were published.
            assert not any(p.uri == uri and p.version == version for p in client.published)
            [diag] = await wait_published(client, uri, version, timeout=120)
            assert diag.range.start.line == last

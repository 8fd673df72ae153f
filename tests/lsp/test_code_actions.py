"""Code actions: every action resolved, applied to the text, and re-checked by the server."""

from __future__ import annotations

import ast
from pathlib import Path

from lsprotocol import types

from jaxerr_lsp.engine.run import analyze
from jaxerr_lsp.app.compute_fixes import compute_fixes

from .helpers import (TRIGGER, apply_edits, capabilities, change_doc, edits_for, open_doc,
                      session, wait_published)

FORGOT_LOGS = (Path(__file__).parents[2] / "examples" / "triggers" / "jxe002_forgot_logs.py").read_text()


def _supports_resolve(caps: types.ClientCapabilities) -> bool:
    ca = caps.text_document.code_action if caps.text_document else None
    return bool(ca and ca.resolve_support and "edit" in ca.resolve_support.properties)


async def _actions(client, uri, diag, only=None):
    return await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), range=diag.range,
        context=types.CodeActionContext(diagnostics=[diag], only=only)))


async def _resolved(client, caps, action):
    if _supports_resolve(caps):
        assert action.edit is None, "edits are computed lazily, in codeAction/resolve"
        action = await client.code_action_resolve_async(action)
    assert action.edit is not None, action.title
    return action


async def _apply_and_recheck(client, uri, text, version, action, encoding="utf-16"):
    new_text = apply_edits(text, edits_for(action.edit, uri, version), encoding)
    assert new_text != text
    ast.parse(new_text)
    change_doc(client, uri, version + 1, new_text)
    return new_text, await wait_published(client, uri, version + 1)


async def test_every_action_fixes_the_trigger(profile: str, tmp_path: Path):
    caps = capabilities(profile)
    async with session(caps, init_options={"debounce": 0}) as client:
        uri = open_doc(client, tmp_path / "train.py", TRIGGER)
        [diag] = await wait_published(client, uri, 1)
        actions = await _actions(client, uri, diag)
        quick = [a for a in actions if a.kind == types.CodeActionKind.QuickFix]
        titles = [a.title for a in quick]
        # One action per fix of the fixes module, in its order, then "ignore this line"; all
        # for this diagnostic, each saying it is unsafe and why.
        [finding] = analyze(TRIGGER).findings
        fixes = compute_fixes(TRIGGER, finding)
        assert len(fixes) == 2 and not any(f.safe for f in fixes)
        assert len(quick) == len(fixes) + 1, titles
        for title, fix in zip(titles, fixes):
            # The safety comes from Fix.safe, the reason from Fix.why.
            assert title == f"{fix.title} (unsafe: {fix.why.rstrip('.')})", title
        # Each action carries its finding (for codeAction/resolve), with the fix it offers.
        for action, fix in zip(quick, fixes):
            assert action.data["finding"]["code"] == "JXE001"
            assert action.data["finding"]["span"] == finding.span.as_list()
            assert action.data["fix_id"] == fix.fix_id and action.data["version"] == 1
        assert all(a.diagnostics and a.diagnostics[0].code == "JXE001" for a in quick)
        assert titles[-1].startswith("Ignore JXE001 on this line")
        assert not any(a.is_preferred for a in quick)  # no safe fix here
        # No safe fix: nothing for source.fixAll.
        assert not [a for a in actions if a.kind == "source.fixAll.jaxerr"]

        version = 1
        for action in quick:
            # Start each action from the trigger again.
            change_doc(client, uri, version + 1, TRIGGER)
            version += 1
            [diag] = await wait_published(client, uri, version)
            [fresh] = [a for a in await _actions(client, uri, diag) if a.title == action.title]
            resolved = await _resolved(client, caps, fresh)
            new_text, diagnostics = await _apply_and_recheck(client, uri, TRIGGER, version, resolved)
            version += 1
            assert diagnostics == [], (action.title, new_text)
            if action.title.startswith("Ignore"):
                assert "# jaxerr: ignore[JXE001]" in new_text


async def test_safe_fix_is_preferred_and_fix_all(profile: str, tmp_path: Path):
    caps = capabilities(profile)
    async with session(caps, init_options={"debounce": 0}) as client:
        uri = open_doc(client, tmp_path / "mul.py", FORGOT_LOGS)
        [diag] = await wait_published(client, uri, 1)
        assert diag.code == "JXE002"
        actions = await _actions(client, uri, diag)
        quick = [a for a in actions if a.kind == types.CodeActionKind.QuickFix]
        assert quick[0].is_preferred is True
        assert "safe" in quick[0].title and "unsafe" not in quick[0].title
        assert [a.is_preferred for a in quick[1:]] == [None] * (len(quick) - 1)
        # source.fixAll.jaxerr when asked for source actions (and nothing else then).
        fix_all = await _actions(client, uri, diag, only=[types.CodeActionKind.SourceFixAll])
        assert [a.kind for a in fix_all] == ["source.fixAll.jaxerr"]
        resolved = await _resolved(client, caps, fix_all[0])
        new_text, diagnostics = await _apply_and_recheck(client, uri, FORGOT_LOGS, 1, resolved)
        assert diagnostics == []
        assert "return (g * y, g * x), None" in new_text
        # And the preferred quick fix does the same.
        change_doc(client, uri, 3, FORGOT_LOGS)
        [diag] = await wait_published(client, uri, 3)
        [preferred] = [a for a in await _actions(client, uri, diag) if a.is_preferred]
        resolved = await _resolved(client, caps, preferred)
        fixed, diagnostics = await _apply_and_recheck(client, uri, FORGOT_LOGS, 3, resolved)
        assert diagnostics == [] and fixed == new_text


async def test_client_without_resolve_gets_edits_inline(tmp_path: Path):
    caps = capabilities("emacs")  # no codeAction resolveSupport, no diagnostic data support
    assert not _supports_resolve(caps)
    async with session(caps, init_options={"debounce": 0}) as client:
        uri = open_doc(client, tmp_path / "train.py", TRIGGER)
        [diag] = await wait_published(client, uri, 1)
        diag.data = None  # this client would not send it back
        actions = await _actions(client, uri, diag)
        assert len(actions) == 3
        new_text, diagnostics = await _apply_and_recheck(client, uri, TRIGGER, 1, actions[0])
        assert diagnostics == []


async def test_resolve_after_an_edit_elsewhere_uses_the_current_text(tmp_path: Path):
    caps = capabilities("visual-studio-code")
    async with session(caps, init_options={"debounce": 0}) as client:
        uri = open_doc(client, tmp_path / "train.py", TRIGGER)
        [diag] = await wait_published(client, uri, 1)
        [action, *_] = await _actions(client, uri, diag)
        # Two lines inserted above before the user picks the action.
        shifted = "# one\n# two\n" + TRIGGER
        change_doc(client, uri, 2, shifted)
        await wait_published(client, uri, 2)
        resolved = await client.code_action_resolve_async(action)
        assert resolved.edit is not None
        new_text, diagnostics = await _apply_and_recheck(client, uri, shifted, 2, resolved)
        assert diagnostics == [] and new_text.startswith("# one\n# two\n")


async def test_fix_all_applies_the_safe_fixes_of_every_finding(tmp_path: Path):
    """source.fixAll.jaxerr: one pass of non-overlapping safe edits over the whole document."""
    second = FORGOT_LOGS[FORGOT_LOGS.index("@jax.custom_vjp"):].replace("mul", "mul2")
    text = FORGOT_LOGS + "\n\n" + second
    caps = capabilities("visual-studio-code")
    async with session(caps, init_options={"debounce": 0}) as client:
        uri = open_doc(client, tmp_path / "two.py", text)
        diagnostics = await wait_published(client, uri, 1)
        assert [d.code for d in diagnostics] == ["JXE002", "JXE002"]
        [fix_all] = await _actions(client, uri, diagnostics[0], only=[types.CodeActionKind.SourceFixAll])
        resolved = await _resolved(client, caps, fix_all)
        assert len(edits_for(resolved.edit, uri, 1)) == 2
        new_text, after = await _apply_and_recheck(client, uri, text, 1, resolved)
        assert after == []
        assert new_text.count("return (g * y, g * x), None") == 2

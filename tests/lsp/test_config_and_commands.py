"""Configuration layering (pyproject < initialization options < didChangeConfiguration) and
the jaxerr.explain command."""

from __future__ import annotations

from pathlib import Path

import pytest
from lsprotocol import types
from pygls.exceptions import JsonRpcException

from jaxerr_lsp.errors.catalog import load_catalog
from jaxerr_lsp.engine.run import analyze

from .helpers import TRIGGER, capabilities, open_doc, session, wait_next, wait_published

CATALOG = load_catalog()


async def test_pyproject_then_editor_settings(profile: str, tmp_path: Path):
    """[tool.jaxerr] of the nearest pyproject.toml, under the editor's settings: `select`
    starts the selection over, `ignore` adds to the project's, `severity` replaces
    (jaxerr_lsp.app.configuration)."""
    (tmp_path / "pyproject.toml").write_text('[tool.jaxerr]\nseverity = "warning"\n')
    (tmp_path / "pkg").mkdir()
    (tmp_path / "quiet").mkdir()
    (tmp_path / "quiet" / "pyproject.toml").write_text('[tool.jaxerr]\nignore = ["JXE001"]\n')
    async with session(capabilities(profile), init_options={"jaxerr": {"debounce": 0}}) as client:
        uri = open_doc(client, tmp_path / "pkg" / "train.py", TRIGGER)
        quiet = open_doc(client, tmp_path / "quiet" / "train.py", TRIGGER)
        [diag] = await wait_published(client, uri, 1)
        assert diag.severity == types.DiagnosticSeverity.Warning  # from pyproject.toml
        assert await wait_published(client, quiet, 1) == []  # ignored by its pyproject.toml

        async def configure(settings):
            mark = len(client.published)
            client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings=settings))
            return (list((await wait_next(client, uri, mark)).diagnostics),
                    list((await wait_next(client, quiet, mark)).diagnostics))

        # The editor's default `ignore: []` re-enables nothing; its severity wins.
        [diag], quiet_diags = await configure({"jaxerr": {"ignore": [], "severity": "hint"}})
        assert diag.severity == types.DiagnosticSeverity.Hint and quiet_diags == []
        # The editor's ignore adds to the project's.
        assert await configure({"jaxerr": {"ignore": ["vjp-with-refs-tree-mismatch"]}}) == ([], [])
        # Flat settings are accepted too; select replaces.
        assert await configure({"select": ["JXE002"], "ignore": []}) == ([], [])
        # And starts over: what a project ignored counts no more (as `jaxerr check --select`).
        [diag], [quiet_diag] = await configure({"jaxerr": {"select": ["JXE001"]}})
        assert diag.code == quiet_diag.code == "JXE001"
        assert diag.severity == types.DiagnosticSeverity.Warning  # pkg's pyproject.toml
        assert quiet_diag.severity == types.DiagnosticSeverity.Error
        # Nothing set in the editor: the projects' own configuration again.
        [diag], quiet_diags = await configure({"jaxerr": {}})
        assert diag.severity == types.DiagnosticSeverity.Warning and quiet_diags == []


async def test_initialization_options_flat_and_nested(tmp_path: Path):
    async with session(capabilities("neovim"), init_options={"severity": "information", "debounce": 0}) as client:
        uri = open_doc(client, tmp_path / "train.py", TRIGGER)
        [diag] = await wait_published(client, uri, 1)
        assert diag.severity == types.DiagnosticSeverity.Information
    async with session(capabilities("neovim"), init_options={"jaxerr": {"select": ["custom-vjp-logs-not-dict"], "debounce": 0}}) as client:
        uri = open_doc(client, tmp_path / "train.py", TRIGGER)
        assert await wait_published(client, uri, 1) == []


async def test_settings_pulled_with_workspace_configuration(tmp_path: Path):
    """VS Code sends `settings: null` and expects the server to ask (workspace/configuration)."""
    async with session(capabilities("visual-studio-code"), init_options={"debounce": 0}) as client:
        uri = open_doc(client, tmp_path / "train.py", TRIGGER)
        [diag] = await wait_published(client, uri, 1)
        assert diag.severity == types.DiagnosticSeverity.Error
        client.set_configuration({"severity": "hint"}, section="jaxerr")
        mark = len(client.published)
        client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings=None))
        [diag] = (await wait_next(client, uri, mark)).diagnostics
        assert diag.severity == types.DiagnosticSeverity.Hint


async def test_bad_settings_are_reported_and_ignored(tmp_path: Path):
    (tmp_path / "pyproject.toml").write_text('[tool.jaxerr]\nseverity = "loud"\n')
    async with session(capabilities("neovim"), init_options={"select": 42, "debounce": "soon"}) as client:
        uri = open_doc(client, tmp_path / "train.py", TRIGGER)
        [diag] = await wait_published(client, uri, 1, timeout=5)  # debounce stayed usable
        assert diag.severity == types.DiagnosticSeverity.Error
        messages = [m.message for m in client.log_messages if m.type == types.MessageType.Warning]
        assert any("debounce" in m for m in messages), messages
        assert any("select" in m for m in messages), messages
        assert any("pyproject.toml" in m and "severity" in m for m in messages), messages


async def _explain(client, *arguments):
    return await client.workspace_execute_command_async(types.ExecuteCommandParams(
        command="jaxerr.explain", arguments=list(arguments)))


async def test_explain_command(tmp_path: Path):
    async with session(capabilities("visual-studio-code")) as client:
        commands = client.init_result.capabilities.execute_command_provider.commands
        assert "jaxerr.explain" in commands
        entry = CATALOG.get("vjp-with-refs-tree-mismatch")
        by_id = await _explain(client, "vjp-with-refs-tree-mismatch")
        assert isinstance(by_id, str) and entry.title in by_id
        assert await _explain(client, "jxe001") == by_id
        logs = CATALOG.by_rule("JXE002")
        assert logs.title in await _explain(client, "JXE002")
        # Pasted error text: the message the diagnostic predicts, as JAX would print it.
        [finding] = analyze(TRIGGER).findings
        pasted = "Traceback (most recent call last):\n  ...\n" + finding.message
        assert await _explain(client, pasted) == by_id

        for bad, expected in [
            ("../../x", "invalid catalog id"),
            ("/etc/passwd", "invalid catalog id"),
            ("no-such-entry", "no catalog entry"),
            ("JXE999", "no catalog entry"),
            ("this is not an error JAX raises", "no catalog entry matches"),
        ]:
            with pytest.raises(JsonRpcException) as info:
                await _explain(client, bad)
            assert expected in info.value.message, (bad, info.value.message)
        for arguments in [(), ("a", "b"), (42,), ({"id": "x"},)]:
            with pytest.raises(JsonRpcException) as info:
                await _explain(client, *arguments)
            assert "jaxerr.explain" in info.value.message
        # Still up.
        assert entry.title in await _explain(client, "vjp-with-refs-tree-mismatch")

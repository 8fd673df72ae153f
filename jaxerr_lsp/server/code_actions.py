"""Code actions: one quick fix per fix of each finding in the range, "ignore this line", and
`source.fixAll.jaxerr` (every safe fix that applies together, jaxerr_lsp.app.fix_loop).

Edits are computed in `codeAction/resolve` (or at once for a client without resolve support).
An action's data carries its finding (`Finding.to_json()`): on resolve, for the same document
version, the finding is rebuilt from it and its fixes computed on the current text; for a
document edited since, the current finding of the same rule nearest to where it was is used.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from lsprotocol import types

from jaxerr_lsp.app.fix_loop import FindingFixes, fixes_for, select_fixes
from jaxerr_lsp.core.findings import Finding, Span
from jaxerr_lsp.server.diagnostics import document_path, to_diagnostic
from jaxerr_lsp.server.language_server import DocState
from jaxerr_lsp.server.positions import PositionConverter

if TYPE_CHECKING:
    from pygls.workspace import TextDocument

    from jaxerr_lsp.fixes import Fix, TextEdit
    from jaxerr_lsp.server.language_server import JaxerrLanguageServer

logger = logging.getLogger("jaxerr_lsp.server")

FIX_ALL_KIND = "source.fixAll.jaxerr"
OPTIONS = types.CodeActionOptions(
    code_action_kinds=[types.CodeActionKind.QuickFix, FIX_ALL_KIND], resolve_provider=True)


async def code_action(ls: JaxerrLanguageServer, params: types.CodeActionParams) -> list[types.CodeAction]:
    notebook = ls.notebook_of_cell(params.text_document.uri)
    if notebook is not None:  # a notebook cell: asked of the notebook's program
        from jaxerr_lsp.server.notebooks import code_action_in_cell
        return await code_action_in_cell(ls, notebook, params)
    _, state = ls.current_state(params.text_document.uri)
    conv = ls.converter(state.text) if state is not None else None
    wanted = conv.to_span(params.range) if conv is not None else None
    if state is None or conv is None or wanted is None:
        return []
    only = [str(getattr(k, "value", k)) for k in params.context.only or []] or None
    indices = [i for i, f in enumerate(state.findings) if _overlaps(f.span, wanted)]
    actions: list[types.CodeAction] = []
    considered: list[FindingFixes] = []
    if only is None or any(_kind_matches(k, types.CodeActionKind.QuickFix.value) for k in only):
        considered = await fixes_of(ls, state, [state.findings[i] for i in indices])
        for index, item in zip(indices, considered):
            actions += _quick_fixes(ls, state, index, item, conv)
    fix_all_requested = only is not None and any(_kind_matches(k, FIX_ALL_KIND) for k in only)
    if fix_all_requested:
        considered = await fixes_of(ls, state, state.findings)
    if (only is None or fix_all_requested) and any(item.first(unsafe=False) for item in considered):
        actions.append(types.CodeAction(
            title="Fix all safely fixable jaxerr problems", kind=FIX_ALL_KIND,
            data={"uri": state.uri, "version": state.version, "action": "fixAll"}))
    if not resolve_supported(ls):
        actions = [await resolve(ls, action) for action in actions]
    return actions


async def resolve(ls: JaxerrLanguageServer, action: types.CodeAction) -> types.CodeAction:
    data = action.data if isinstance(action.data, dict) else {}
    uri, kind = data.get("uri"), data.get("action")
    doc = ls.open_document(uri)
    if not isinstance(uri, str) or doc is None or kind not in ("fix", "ignore", "fixAll"):
        ls.log(f"jaxerr-lsp: codeAction/resolve: nothing to resolve for {action.title!r} "
               f"(its document is not open, or its data is not jaxerr's)", types.MessageType.Log)
        return action
    if kind == "fixAll":
        edits = select_fixes(await fixes_of(ls, *await _current(ls, uri, doc))).edits
    else:
        finding = await _finding_of(ls, uri, doc, data)
        if finding is None:
            ls.log(f"jaxerr-lsp: the problem this action fixed is gone from {uri}", types.MessageType.Info)
            return action
        if kind == "ignore":
            ignore = _ignore_fix(doc.source, finding)
            edits = list(ignore.edits) if ignore is not None else []
        else:
            _, state = ls.current_state(uri)
            [item] = await fixes_of(ls, state if state is not None else doc.source, [finding])
            fix = _chosen_fix(item.fixes, data)
            if fix is None:
                return action
            edits = list(fix.edits)
    action.edit = _workspace_edit(ls, uri, doc, edits)
    return action


async def fixes_of(ls: JaxerrLanguageServer, where: DocState | str,
                   findings: Sequence[Finding]) -> list[FindingFixes]:
    """The fixes of `findings`, computed in the fix threads on the analyzed text of a current
    document state (and kept there), or on the given text."""
    text, cache = (where.text, where.fix_cache) if isinstance(where, DocState) else (where, {})
    todo = [f for f in findings if f not in cache]
    if todo:
        loop = asyncio.get_running_loop()
        for item in await loop.run_in_executor(ls.fix_pool, fixes_for, text, todo):
            if item.error:
                ls.log_once(f"jaxerr-lsp: fixes for {item.finding.code} failed: {item.error}",
                            types.MessageType.Error)
            cache[item.finding] = item
    return [cache[f] for f in findings]


def action_title(fix: Fix) -> str:
    """The fix's title with its safety, from `Fix.safe` (a fix's title never states it)."""
    safety = "safe" if fix.safe else "unsafe"
    why = fix.why.strip().rstrip(".")
    return f"{fix.title.strip()} ({safety}: {why})" if why else f"{fix.title.strip()} ({safety})"


def _quick_fixes(ls: JaxerrLanguageServer, state: DocState, index: int, item: FindingFixes,
                 conv: PositionConverter) -> list[types.CodeAction]:
    diagnostic = to_diagnostic(ls, state, index, conv)
    base = {"uri": state.uri, "version": state.version, "finding": item.finding.to_json()}
    preferred = item.first(unsafe=False)
    actions = [types.CodeAction(
        title=action_title(fix), kind=types.CodeActionKind.QuickFix, diagnostics=[diagnostic],
        is_preferred=fix is preferred or None,
        data={**base, "action": "fix", "fix_id": fix.fix_id, "fix": number})
        for number, fix in enumerate(item.fixes)]
    ignore = _ignore_fix(state.text, item.finding)
    if ignore is not None and ignore.edits:  # no edit: already ignored
        actions.append(types.CodeAction(
            title=f"{ignore.title} (# jaxerr: ignore[{item.finding.code}])",
            kind=types.CodeActionKind.QuickFix, diagnostics=[diagnostic],
            data={**base, "action": "ignore"}))
    return actions


async def _current(ls: JaxerrLanguageServer, uri: str,
                   doc: TextDocument) -> tuple[DocState | str, list[Finding]]:
    """Where the document's current findings were found (its state, or its text), and them:
    the last analysis when it is of this version, else one analysis now, in the worker."""
    _, state = ls.current_state(uri)
    if state is not None:
        return state, state.findings
    job = await asyncio.wrap_future(ls.runner.submit(doc.source, document_path(uri), ls.settings))
    ls.runner.succeeded()
    return doc.source, job.analysis.findings


async def _finding_of(ls: JaxerrLanguageServer, uri: str, doc: TextDocument,
                      data: dict[str, Any]) -> Finding | None:
    """The finding an action was made for, in the document's current text."""
    from jaxerr_lsp.engine.registry import finding_from_json  # the rules: imported on first use

    raw = data.get("finding")
    if data.get("version") == doc.version:
        finding = finding_from_json(raw)
        if finding is not None:
            return finding
    # Edited since (or a finding the registry cannot rebuild): the current finding of the same
    # rule nearest to where it was.
    _, findings = await _current(ls, uri, doc)
    code = raw.get("code") if isinstance(raw, dict) else None
    candidates = [f for f in findings if f.code == code]
    span = raw.get("span") if isinstance(raw, dict) else None
    if candidates and isinstance(span, list) and len(span) == 4 and all(type(v) is int for v in span):
        return min(candidates, key=lambda f: (abs(f.span.start_line - span[0]),
                                              abs(f.span.start_column - span[1])))
    return candidates[0] if len(candidates) == 1 else None


def _chosen_fix(fixes: Sequence[Fix], data: dict[str, Any]) -> Fix | None:
    """The fix the action offered: by its fix id, at the same place in the list if it is there."""
    fix_id, number = data.get("fix_id"), data.get("fix")
    if isinstance(number, int) and 0 <= number < len(fixes) and fixes[number].fix_id == fix_id:
        return fixes[number]
    return next((fix for fix in fixes if fix.fix_id == fix_id), None)


def _ignore_fix(text: str, finding: Finding) -> Fix | None:
    try:
        from jaxerr_lsp.fixes import ignore_line_fix

        return ignore_line_fix(text, finding)
    except Exception:  # noqa: BLE001 - no "ignore" action rather than no actions
        logger.exception("ignore_line_fix failed")
        return None


def _workspace_edit(ls: JaxerrLanguageServer, uri: str, doc: TextDocument,
                    edits: Sequence[TextEdit]) -> types.WorkspaceEdit | None:
    notebook = ls.notebooks.get(uri)
    if notebook is not None:  # a notebook's program: the edits go to its cells
        from jaxerr_lsp.server.notebooks import cell_workspace_edit
        return cell_workspace_edit(ls, notebook, edits)
    conv = ls.converter(doc.source)
    text_edits = [types.TextEdit(range=conv.range(e.span), new_text=e.new_text) for e in edits]
    capability = ls.workspace_capabilities().workspace_edit
    if capability is not None and capability.document_changes:
        return types.WorkspaceEdit(document_changes=[types.TextDocumentEdit(
            text_document=types.OptionalVersionedTextDocumentIdentifier(uri=uri, version=doc.version),
            edits=list(text_edits))])
    return types.WorkspaceEdit(changes={uri: text_edits})


def resolve_supported(ls: JaxerrLanguageServer) -> bool:
    capability = ls.text_capabilities().code_action
    support = capability.resolve_support if capability is not None else None
    return bool(support is not None and "edit" in (support.properties or []))


def _kind_matches(requested: str, kind: str) -> bool:
    return requested == "" or kind == requested or kind.startswith(requested + ".")


def _overlaps(span: Span, other: Span) -> bool:
    return (span.start_line, span.start_column) <= (other.end_line, other.end_column) and \
        (other.start_line, other.start_column) <= (span.end_line, span.end_column)

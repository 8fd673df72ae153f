"""Code actions: one quick fix per fix of each finding in the range, "ignore this line", and
`source.fixAll.jaxerr` (every safe fix that applies together, jaxerr_lsp.app.fix_loop), asked of
the document's snapshot (a file, or a notebook cell: the range is the program's, the actions'
diagnostics are the cell's, and a fix's edits become edits of the cells it touches).

Edits are computed in `codeAction/resolve` (or at once for a client without resolve support:
then an action that gets no edit, such as a fix no cell can take, is left out). An action's
data names the program (the file, or the notebook) and its version, and carries its finding
(`Finding.to_json()`): on resolve, for the same version, the finding is rebuilt from it and its
fixes computed on the current text; for a program edited since, the current finding of the same
rule nearest to where it was is used.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from lsprotocol import types

from jaxerr_lsp.app.fix_loop import FindingFixes, fixes_for, select_fixes
from jaxerr_lsp.core.findings import Finding, Span
from jaxerr_lsp.server.diagnostics import to_diagnostic
from jaxerr_lsp.server.session import Server, Session
from jaxerr_lsp.server.snapshot import DocumentSnapshot, Program

if TYPE_CHECKING:
    from jaxerr_lsp.fixes import Fix

logger = logging.getLogger("jaxerr_lsp.server")

FIX_ALL_KIND = "source.fixAll.jaxerr"
OPTIONS = types.CodeActionOptions(
    code_action_kinds=[types.CodeActionKind.QuickFix, FIX_ALL_KIND], resolve_provider=True)


async def code_action(ls: Server, params: types.CodeActionParams) -> list[types.CodeAction]:
    snapshot = ls.session.snapshot(params.text_document.uri)
    if snapshot is None:
        return []
    return await actions_in(ls.session, snapshot, params.range, params.context.only)


async def actions_in(session: Session, snapshot: DocumentSnapshot, rng: types.Range,
                     only_kinds: Sequence[str] | None) -> list[types.CodeAction]:
    program = snapshot.program
    wanted = snapshot.span(rng)
    if snapshot.analysis is None or wanted is None:
        return []
    findings = program.findings
    only = [str(getattr(k, "value", k)) for k in only_kinds or []] or None
    indices = [i for i, f in enumerate(findings) if _overlaps(f.span, wanted)]
    actions: list[types.CodeAction] = []
    considered: list[FindingFixes] = []
    if only is None or any(_kind_matches(k, types.CodeActionKind.QuickFix.value) for k in only):
        considered = await fixes_of(session, program, [findings[i] for i in indices])
        for index, item in zip(indices, considered):
            actions += _quick_fixes(session, program, index, item)
    fix_all_requested = only is not None and any(_kind_matches(k, FIX_ALL_KIND) for k in only)
    if fix_all_requested:
        considered = await fixes_of(session, program, findings)
    if (only is None or fix_all_requested) and any(item.first(unsafe=False) for item in considered):
        actions.append(types.CodeAction(
            title="Fix all safely fixable jaxerr problems", kind=FIX_ALL_KIND,
            data={"uri": program.uri, "version": program.version, "action": "fixAll"}))
    if not resolve_supported(session):
        resolved = [await resolve_in(session, snapshot, action) for action in actions]
        actions = [action for action in resolved if action.edit is not None]
    return actions


async def resolve(ls: Server, action: types.CodeAction) -> types.CodeAction:
    data = action.data if isinstance(action.data, dict) else {}
    snapshot = ls.session.snapshot(data.get("uri"))
    if snapshot is None or data.get("action") not in ("fix", "ignore", "fixAll"):
        ls.session.log(f"jaxerr-lsp: codeAction/resolve: nothing to resolve for {action.title!r} "
                       f"(its document is not open, or its data is not jaxerr's)", types.MessageType.Log)
        return action
    return await resolve_in(ls.session, snapshot, action)


async def resolve_in(session: Session, snapshot: DocumentSnapshot, action: types.CodeAction) -> types.CodeAction:
    """The action with its edits, on the program as it is now (its data names the program)."""
    data = action.data if isinstance(action.data, dict) else {}
    program = snapshot.program
    kind = data.get("action")
    if kind == "fixAll":
        job = await session.analysed(program)
        edits = select_fixes(await fixes_of(session, program, job.analysis.findings)).edits
    else:
        finding = await _finding_of(session, program, data)
        if finding is None:
            session.log(f"jaxerr-lsp: the problem this action fixed is gone from {program.uri}",
                        types.MessageType.Info)
            return action
        if kind == "ignore":
            ignore = _ignore_fix(program.source, finding)
            edits = list(ignore.edits) if ignore is not None else []
        else:
            [item] = await fixes_of(session, program, [finding])
            fix = _chosen_fix(item.fixes, data)
            if fix is None:
                return action
            edits = list(fix.edits)
    capability = session.workspace_capabilities().workspace_edit
    action.edit = program.workspace_edit(edits, bool(capability is not None and capability.document_changes))
    if action.edit is None:
        session.log(f"jaxerr-lsp: a fix in {program.uri} edits across cells or a magic; not applied",
                    types.MessageType.Info)
    return action


async def fixes_of(session: Session, program: Program, findings: Sequence[Finding]) -> list[FindingFixes]:
    """The fixes of `findings`, computed in the fix threads on the program's text (and kept
    there, per version)."""
    cache = program.fixes
    todo = [f for f in findings if f not in cache]
    if todo:
        loop = asyncio.get_running_loop()
        for item in await loop.run_in_executor(session.fix_pool, fixes_for, program.source, todo):
            if item.error:
                session.log_once(f"jaxerr-lsp: fixes for {item.finding.code} failed: {item.error}",
                                 types.MessageType.Error)
            cache[item.finding] = item
    return [cache[f] for f in findings]


def action_title(fix: Fix) -> str:
    """The fix's title with its safety, from `Fix.safe` (a fix's title never states it)."""
    safety = "safe" if fix.safe else "unsafe"
    why = fix.why.strip().rstrip(".")
    return f"{fix.title.strip()} ({safety}: {why})" if why else f"{fix.title.strip()} ({safety})"


def _quick_fixes(session: Session, program: Program, index: int,
                 item: FindingFixes) -> list[types.CodeAction]:
    located = to_diagnostic(session, program, index)
    diagnostics = [located[1]] if located is not None else None
    base = {"uri": program.uri, "version": program.version, "finding": item.finding.to_json()}
    preferred = item.first(unsafe=False)
    actions = [types.CodeAction(
        title=action_title(fix), kind=types.CodeActionKind.QuickFix, diagnostics=diagnostics,
        is_preferred=fix is preferred or None,
        data={**base, "action": "fix", "fix_id": fix.fix_id, "fix": number})
        for number, fix in enumerate(item.fixes)]
    ignore = _ignore_fix(program.source, item.finding)
    if ignore is not None and ignore.edits:  # no edit: already ignored
        actions.append(types.CodeAction(
            title=f"{ignore.title} (# jaxerr: ignore[{item.finding.code}])",
            kind=types.CodeActionKind.QuickFix, diagnostics=diagnostics,
            data={**base, "action": "ignore"}))
    return actions


async def _finding_of(session: Session, program: Program, data: dict[str, Any]) -> Finding | None:
    """The finding an action was made for, in the program's current text."""
    from jaxerr_lsp.engine.registry import finding_from_json  # the rules: imported on first use

    raw = data.get("finding")
    if data.get("version") == program.version:
        finding = finding_from_json(raw)
        if finding is not None:
            return finding
    # Edited since (or a finding the registry cannot rebuild): the current finding of the same
    # rule nearest to where it was.
    findings = (await session.analysed(program)).analysis.findings
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


def resolve_supported(session: Session) -> bool:
    capability = session.text_capabilities().code_action
    support = capability.resolve_support if capability is not None else None
    return bool(support is not None and "edit" in (support.properties or []))


def _kind_matches(requested: str, kind: str) -> bool:
    return requested == "" or kind == requested or kind.startswith(requested + ".")


def _overlaps(span: Span, other: Span) -> bool:
    return (span.start_line, span.start_column) <= (other.end_line, other.end_column) and \
        (other.start_line, other.start_column) <= (span.end_line, span.end_column)

"""The fixes of one finding: its rule's `fix`, checked against the text it edits.

A fix must fit the current text (the editor's round trip may bring data from an older version)
and must never turn code Python reads into code it cannot.
"""

from __future__ import annotations

import functools
import logging

from jaxerr_lsp.core.findings import Finding, Span
from jaxerr_lsp.core.source import syntax_error_of
from jaxerr_lsp.engine.registry import rule_for
from jaxerr_lsp.fixes.edits import Fix, TextEdit, apply_edits
from jaxerr_lsp.fixes.locate import enclosing_statement, parses_whole
from jaxerr_lsp.fixes.text import Lines

__all__ = ["compute_fixes"]

log = logging.getLogger("jaxerr_lsp.fixes")


def compute_fixes(source: str, finding: Finding) -> list[Fix]:
    """The fixes for `finding` in `source`, best first; [] when none applies. Never raises.

    A fix whose rewritten statement would not parse is dropped.
    """
    try:
        rule = rule_for(finding.code)
        if rule is None or rule.fix is None or not isinstance(finding.data, rule.data or ()):
            return []
        fixes = [f for f in rule.fix(Lines(source), finding) if f.edits and _applies(source, f)]
        if fixes and parses_whole(source):
            # A fix never turns code Python reads into code it cannot.
            fixes = [f for f in fixes if _still_parses(source, f)]
        return fixes
    except Exception:  # noqa: BLE001 - a fix must never take the caller down
        log.exception("computing fixes for %s failed", finding.code)
        return []


def _applies(source: str, fix: Fix) -> bool:
    """Whether every edit of `fix` is a span of this text (start before end, inside the
    document) and the edits do not overlap: data from an older version of the text (the
    editor's round trip) may not fit the current one."""
    lines = Lines(source)
    for edit in fix.edits:
        span = edit.span
        if not (1 <= span.start_line <= span.end_line <= lines.count) or (
                span.start_line == span.end_line and span.start_column > span.end_column):
            return False
    try:
        apply_edits(source, fix.edits)
    except ValueError:
        return False
    return True


def _still_parses(source: str, fix: Fix) -> bool:
    """Whether `source` (which parses) still parses with `fix` applied. Only the statements
    the edits touch are parsed again, each with its edits (a statement parses on its own:
    an indented one under `if 1:`); the whole text when an edit lies outside any statement."""
    lines = Lines(source)
    located: list[tuple[int, int, TextEdit]] = []
    for edit in fix.edits:
        statement = enclosing_statement(lines, edit.span)
        if statement is None:
            return _parses(apply_edits(source, fix.edits))
        located.append((statement.start[0], statement.end[0], edit))
    # Statements sharing lines (one inside the other, or `a; b`) are parsed together.
    groups: list[tuple[int, int, list[TextEdit]]] = []
    for first, last, edit in sorted(located, key=lambda item: (item[0], item[1])):
        if groups and first <= groups[-1][1]:
            start, end, edits = groups[-1]
            groups[-1] = (start, max(end, last), [*edits, edit])
        else:
            groups.append((first, last, [edit]))
    for first, last, edits in groups:
        region = "".join(lines.line(n) + "\n" for n in range(first, last + 1))
        shifted = [TextEdit(Span(e.span.start_line - first + 1, e.span.start_column,
                                 e.span.end_line - first + 1, e.span.end_column), e.new_text)
                   for e in edits]
        text = apply_edits(region, shifted)
        if text[:1] in (" ", "\t"):
            text = "if 1:\n" + text
        if syntax_error_of(text) is not None:
            return False
    return True


@functools.lru_cache(maxsize=16)
def _parses(text: str) -> bool:
    """Whether Python reads `text` (asked once per text: every finding of a document asks it
    of the same source, and a fix may be computed for the CLI and again for the editor)."""
    return syntax_error_of(text) is None

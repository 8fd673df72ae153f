"""Applying fixes: which fixes go together, and the loop that applies them until none is left.

One overlap rule everywhere: two fixes conflict when an edit of one overlaps or touches an edit
of the other (an insertion where the other edit starts or ends counts), unless the two edits
are identical (the same import added by two fixes is applied once). Findings are taken in
order; each contributes its first allowed fix (safe ones, and unsafe ones only when asked for);
a fix that conflicts with one already chosen waits for the next round, when it is computed
again on the new text.

`select_fixes` is one pass over one text (the server's "fix all" on one document version).
`fix_until_stable` is the CLI's `--fix`: select, apply, re-check, and again, until a round
applies nothing (at most MAX_ROUNDS rounds), then says what was applied and how many findings
are left with an unsafe fix only.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxerr_lsp.core.findings import Finding, Span

if TYPE_CHECKING:  # jaxerr_lsp.fixes is imported when fixes are computed (it brings libcst)
    from jaxerr_lsp.fixes import Fix, TextEdit

__all__ = ["MAX_ROUNDS", "FindingFixes", "Selection", "FixOutcome", "fixes_for", "select_fixes",
           "fix_until_stable"]

logger = logging.getLogger("jaxerr_lsp.app")

# More rounds than any chain of fixes needs; a fix that keeps re-creating its finding stops here.
MAX_ROUNDS = 20


@dataclass(frozen=True)
class FindingFixes:
    """A finding and its fixes on one text, best first."""

    finding: Finding
    fixes: tuple[Fix, ...]
    error: str | None = None  # computing the fixes raised (then there are none)

    def first(self, unsafe: bool) -> Fix | None:
        """The first fix allowed: a safe one, or any with `unsafe`."""
        return next((fix for fix in self.fixes if fix.safe or unsafe), None)

    def only_unsafe(self) -> bool:
        """Whether it has fixes, none of them safe."""
        return bool(self.fixes) and self.first(unsafe=False) is None


def fixes_for(source: str, findings: Iterable[Finding]) -> list[FindingFixes]:
    """The fixes of each finding in `source` (libcst, imported on the first call)."""
    from jaxerr_lsp.app.compute_fixes import compute_fixes

    out = []
    for finding in findings:
        try:
            out.append(FindingFixes(finding, tuple(compute_fixes(source, finding))))
        except Exception as exc:  # noqa: BLE001 - one fix failing must not cost the others
            logger.exception("computing the fixes of %s failed", finding.code)
            out.append(FindingFixes(finding, (), f"{type(exc).__name__}: {exc}"))
    return out


@dataclass(frozen=True)
class Selection:
    fixes: tuple[Fix, ...]  # chosen, in finding order; their edits never conflict
    deferred: int  # allowed fixes left for a later round: they conflict with a chosen one
    hidden: int  # findings left out because their only fixes are unsafe (not allowed)

    @property
    def edits(self) -> list[TextEdit]:
        return [edit for fix in self.fixes for edit in fix.edits]


def _bounds(span: Span) -> tuple[tuple[int, int], tuple[int, int]]:
    return (span.start_line, span.start_column), (span.end_line, span.end_column)


def _conflict(edit: TextEdit, other: TextEdit) -> bool:
    if edit == other:
        return False
    start, end = _bounds(edit.span)
    other_start, other_end = _bounds(other.span)
    return start <= other_end and other_start <= end


def select_fixes(candidates: Iterable[FindingFixes], *, unsafe: bool = False) -> Selection:
    """The fixes one pass applies together (see the module docstring for the rule)."""
    chosen: list[Fix] = []
    taken: list[TextEdit] = []
    deferred = hidden = 0
    for item in candidates:
        fix = item.first(unsafe)
        if fix is None:
            hidden += item.only_unsafe()
            continue
        if any(_conflict(edit, other) for edit in fix.edits for other in taken):
            deferred += 1
            continue
        chosen.append(fix)
        taken.extend(fix.edits)
    return Selection(tuple(chosen), deferred, hidden)


@dataclass(frozen=True)
class FixOutcome:
    source: str  # the text with every applied fix
    applied: int  # fixes applied, over all rounds
    remaining: tuple[FindingFixes, ...]  # the findings of `source`, with their fixes
    unsafe_left: int  # remaining findings whose only fixes are unsafe (and were not allowed)
    converged: bool  # False: MAX_ROUNDS ran out while fixes still applied


def fix_until_stable(source: str, analyze: Callable[[str], Sequence[Finding]], *,
                     unsafe: bool = False, findings: Sequence[Finding] | None = None,
                     max_rounds: int = MAX_ROUNDS) -> FixOutcome:
    """Apply fixes to `source` round after round until a round has nothing to apply.

    `analyze(text)` gives the findings of a text (with the caller's configuration);
    `findings`, when given, are those of `source` already. Raises ValueError if a fix's own
    edits overlap (a bug in that fix)."""
    from jaxerr_lsp.fixes import apply_edits

    text = source
    current = list(findings) if findings is not None else list(analyze(text))
    applied = 0
    for _ in range(max_rounds):
        candidates = fixes_for(text, current)
        selection = select_fixes(candidates, unsafe=unsafe)
        fixed = apply_edits(text, selection.edits) if selection.fixes else text
        if fixed == text:
            return FixOutcome(text, applied, tuple(candidates), selection.hidden, converged=True)
        text = fixed
        applied += len(selection.fixes)
        current = list(analyze(text))
    candidates = fixes_for(text, current)
    selection = select_fixes(candidates, unsafe=unsafe)
    return FixOutcome(text, applied, tuple(candidates), selection.hidden,
                      converged=not selection.fixes)

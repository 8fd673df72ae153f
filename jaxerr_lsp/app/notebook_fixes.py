"""Fixes on a notebook's code cells: the program's fixes that map onto cells, and `--fix`'s loop.

The engine checks the cells joined as one program (`jaxerr_lsp.notebooks.cells`); a fix is kept only
if every one of its edits maps onto one cell (`JoinedCells.edit_to_cell`): an edit across two
cells, or over a masked magic, cannot be written back, so that fix is not offered.
`fix_cells_until_stable` is `fix_until_stable` on cells: select the fixes of the program, apply
their edits to the cells' own texts, join again, re-check, until a round applies nothing.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxerr_lsp.app.fix_loop import MAX_ROUNDS, FindingFixes, fixes_for, select_fixes
from jaxerr_lsp.core.findings import Finding
from jaxerr_lsp.notebooks.cells import CellEdit, JoinedCells, apply_cell_edits, join_cells

if TYPE_CHECKING:  # jaxerr_lsp.fixes is imported when fixes are computed (it brings libcst)
    from jaxerr_lsp.fixes import TextEdit

__all__ = ["CellFixOutcome", "cell_fixes", "fix_cells_until_stable"]


def cell_fixes(joined: JoinedCells, candidates: Iterable[FindingFixes]) -> list[FindingFixes]:
    """Each finding with only the fixes whose every edit maps onto one cell."""
    return [FindingFixes(item.finding,
                         tuple(fix for fix in item.fixes
                               if all(joined.edit_to_cell(e.span, e.new_text) is not None
                                      for e in fix.edits)),
                         item.error)
            for item in candidates]


@dataclass(frozen=True)
class CellFixOutcome:
    cells: tuple[str, ...]  # the cells' texts with every applied fix
    joined: JoinedCells  # the program of `cells`, which `remaining` refer to
    applied: int  # fixes applied, over all rounds
    remaining: tuple[FindingFixes, ...]  # the findings of the program, with their cell fixes
    unsafe_left: int  # remaining findings whose only fixes are unsafe (and were not allowed)
    converged: bool  # False: MAX_ROUNDS ran out while fixes still applied


def fix_cells_until_stable(cells: Sequence[str], analyze: Callable[[str], Sequence[Finding]], *,
                           unsafe: bool = False, findings: Sequence[Finding] | None = None,
                           numbers: Sequence[int] = (),
                           max_rounds: int = MAX_ROUNDS) -> CellFixOutcome:
    """Apply fixes to the cells round after round until a round has nothing to apply.

    `analyze(program)` gives the findings of the joined program; `findings`, when given, are
    those of `cells` already; `numbers` name the cells (`join_cells`). Raises ValueError if a fix's own edits overlap."""
    texts = tuple(cells)
    joined = join_cells(texts, numbers)
    current = list(findings) if findings is not None else list(analyze(joined.source))
    applied = 0
    for round_ in range(max_rounds + 1):
        candidates = cell_fixes(joined, fixes_for(joined.source, current))
        selection = select_fixes(candidates, unsafe=unsafe)
        fixed = _apply(joined, selection.edits) if selection.fixes else texts
        if fixed == texts or round_ == max_rounds:
            return CellFixOutcome(texts, joined, applied, tuple(candidates), selection.hidden,
                                  converged=fixed == texts)
        texts, joined = fixed, join_cells(fixed, numbers)
        applied += len(selection.fixes)
        current = list(analyze(joined.source))
    raise AssertionError("unreachable")


def _apply(joined: JoinedCells, edits: Iterable[TextEdit]) -> tuple[str, ...]:
    by_cell: dict[int, list[CellEdit]] = defaultdict(list)
    for edit in edits:
        moved = joined.edit_to_cell(edit.span, edit.new_text)
        if moved is None:  # cell_fixes kept only fixes that map
            raise ValueError(f"an edit that maps onto no cell: {edit}")
        by_cell[moved.cell].append(moved)
    return tuple(apply_cell_edits(text, by_cell[index]) if index in by_cell else text
                 for index, text in enumerate(joined.cells))

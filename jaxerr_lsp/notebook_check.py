"""`jaxerr check` on one `.ipynb`: its code cells checked as one program, `--fix` written back.

The command line (`cli.check_file`) turns the outcome into its `FileResult`: findings stay in
program positions, with `joined` to say where they are in the cells.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from jaxerr_lsp.app.fix_loop import FindingFixes, fixes_for
from jaxerr_lsp.app.notebook_fixes import cell_fixes, fix_cells_until_stable
from jaxerr_lsp.config import Config
from jaxerr_lsp.findings import Finding
from jaxerr_lsp.notebook import JoinedCells, join_cells
from jaxerr_lsp.notebook_files import NotebookError, NotebookFile, parse_notebook

__all__ = ["NotebookCheck", "NotebookError", "check_notebook", "read_notebook"]


@dataclass
class NotebookCheck:
    joined: JoinedCells  # the program the findings' positions refer to
    findings: list[FindingFixes] = field(default_factory=list)  # after --fix: what is left
    notes: list[str] = field(default_factory=list)
    syntax_error: tuple[int, int, str] | None = None  # (program line, column, message)
    fixed: int = 0
    converged: bool = True


def read_notebook(path: Path) -> NotebookFile:
    """The notebook at `path`; NotebookError (with the path) if unreadable or malformed."""
    try:
        text = path.read_bytes().decode("utf-8-sig")
    except OSError as error:
        raise NotebookError(f"{path}: cannot read: {error.strerror or error}") from error
    except UnicodeDecodeError as error:
        raise NotebookError(f"{path}: not a notebook: not UTF-8 ({error.reason})") from error
    try:
        return parse_notebook(text)
    except NotebookError as error:
        raise NotebookError(f"{path}: {error}") from error


def check_notebook(path: Path, config: Config, *, fix: bool = False,
                   unsafe_fixes: bool = False) -> NotebookCheck:
    """Check the notebook at `path` (with `fix`, write the fixed cells back). Raises
    NotebookError for a notebook it cannot read or write."""
    from jaxerr_lsp.engine import analyze

    notebook = read_notebook(path)
    joined = join_cells(notebook.sources, notebook.numbers)
    analysis = analyze(joined.source, config, str(path), syntax=True)
    result = NotebookCheck(joined, notes=analysis.notes, syntax_error=analysis.syntax_error)
    if not (fix and analysis.findings):
        result.findings = _in_cells(path, joined, fixes_for(joined.source, analysis.findings))
        return result

    def findings_of(program: str) -> list[Finding]:
        fixed = analyze(program, config, str(path))
        result.notes = fixed.notes
        return fixed.findings

    outcome = fix_cells_until_stable(joined.cells, findings_of, unsafe=unsafe_fixes,
                                     findings=analysis.findings, numbers=joined.numbers)
    if outcome.applied:
        write_notebook(path, notebook.with_sources(list(outcome.cells)))
    result.joined = outcome.joined
    result.findings = _in_cells(path, outcome.joined, outcome.remaining)
    result.fixed, result.converged = outcome.applied, outcome.converged
    return result


def _in_cells(path: Path, joined: JoinedCells,
              items: Iterable[FindingFixes]) -> list[FindingFixes]:
    """The findings with only the fixes that map onto cells, their messages naming cells."""
    out = []
    for item in cell_fixes(joined, items):
        message = joined.cell_references(item.finding.message, str(path))
        finding = dataclasses.replace(item.finding, message=message)
        out.append(FindingFixes(finding, item.fixes, item.error))
    return out


def write_notebook(path: Path, text: str) -> None:
    try:
        path.write_bytes(text.encode("utf-8"))
    except OSError as error:
        raise NotebookError(f"{path}: cannot write the fixes: {error.strerror or error}") from error

"""`jaxerr check` on one notebook: its code cells checked as one program, `--fix` written back.

`.ipynb` (`check_notebook`): the findings stay in program positions, with `joined` to say where
they are in the cells. Jupytext Markdown (`check_text_notebook`): the findings are moved to the
.md file's own lines. The command line (`cli.check_notebook_file`) makes its `FileResult` of it.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from jaxerr_lsp.app.fix_loop import FindingFixes, fixes_for
from jaxerr_lsp.app.notebook_fixes import cell_fixes, fix_cells_until_stable
from jaxerr_lsp.core.config import Config
from jaxerr_lsp.core.findings import Finding, Span
from jaxerr_lsp.notebooks.cells import JoinedCells, join_cells
from jaxerr_lsp.notebooks.ipynb_files import NotebookError, NotebookFile, parse_notebook
from jaxerr_lsp.notebooks.text_notebooks import (CodeBlock, code_blocks, is_text_notebook, to_markdown,
                                       with_cells)

__all__ = ["NotebookCheck", "NotebookError", "check_notebook", "check_notebook_path",
           "check_text_notebook", "read_notebook"]


@dataclass
class NotebookCheck:
    # The program the findings' positions refer to; None: they are in the file's own positions.
    joined: JoinedCells | None
    findings: list[FindingFixes] = field(default_factory=list)  # after --fix: what is left
    notes: list[str] = field(default_factory=list)
    syntax_error: tuple[int, int, str] | None = None  # (program line, column, message)
    fixed: int = 0
    converged: bool = True


def read_notebook(path: Path) -> NotebookFile:
    """The notebook at `path`; NotebookError (with the path) if unreadable or malformed."""
    text = _read_text(path)
    try:
        return parse_notebook(text)
    except NotebookError as error:
        raise NotebookError(f"{path}: {error}") from error


def check_notebook_path(path: Path, config: Config, *, fix: bool = False,
                        unsafe_fixes: bool = False) -> NotebookCheck | None:
    """Check the `.ipynb` or Jupytext `.md` notebook at `path`; None for a `.md` file that is
    no notebook. Raises NotebookError for a notebook it cannot read or write."""
    if path.suffix != ".md":
        return check_notebook(path, config, fix=fix, unsafe_fixes=unsafe_fixes)
    text = _read_text(path)
    if not is_text_notebook(text):
        return None
    return check_text_notebook(path, text, config, fix=fix, unsafe_fixes=unsafe_fixes)


def check_notebook(path: Path, config: Config, *, fix: bool = False,
                   unsafe_fixes: bool = False) -> NotebookCheck:
    """Check the notebook at `path` (with `fix`, write the fixed cells back). Raises
    NotebookError for a notebook it cannot read or write."""
    notebook = read_notebook(path)
    result, fixed_cells = _check_cells(path, notebook.sources, notebook.numbers, config, fix,
                                       unsafe_fixes)
    if fixed_cells is not None:
        write_notebook(path, notebook.with_sources(list(fixed_cells)))
    result.findings = _in_cells(path, result.joined, result.findings)
    return result


def check_text_notebook(path: Path, text: str, config: Config, *, fix: bool = False,
                        unsafe_fixes: bool = False) -> NotebookCheck:
    """Check the Jupytext Markdown notebook `text` read from `path` (with `fix`, write the
    fixed cells back into their blocks). Its findings come in the .md file's own lines
    (`NotebookCheck.joined` is None)."""
    blocks = code_blocks(text)
    result, fixed_cells = _check_cells(path, [b.text for b in blocks], (), config, fix,
                                       unsafe_fixes)
    if fixed_cells is not None:
        text = with_cells(text, blocks, fixed_cells)
        write_notebook(path, text)
        blocks = code_blocks(text)
    joined = result.joined
    assert joined is not None
    result.findings = [_in_markdown(path, joined, blocks, item)
                       for item in cell_fixes(joined, result.findings)]
    if result.syntax_error is not None and blocks:
        line, column, message = result.syntax_error
        result.syntax_error = (to_markdown(joined, blocks, Span(line, column, line, column)).start_line,
                               column, message)
    result.joined = None
    return result


def _check_cells(path: Path, cells: Sequence[str], numbers: Sequence[int], config: Config,
                 fix: bool, unsafe_fixes: bool) -> tuple[NotebookCheck, tuple[str, ...] | None]:
    """The cells checked as one program (findings in its positions, with all their fixes),
    and with `fix` the fixed cells (None if nothing was fixed)."""
    from jaxerr_lsp.engine.run import analyze

    joined = join_cells(cells, numbers)
    analysis = analyze(joined.source, config, str(path), syntax=True)
    result = NotebookCheck(joined, notes=analysis.notes, syntax_error=analysis.syntax_error)
    if not (fix and analysis.findings):
        result.findings = fixes_for(joined.source, analysis.findings)
        return result, None

    def findings_of(program: str) -> list[Finding]:
        fixed = analyze(program, config, str(path))
        result.notes = fixed.notes
        return fixed.findings

    outcome = fix_cells_until_stable(joined.cells, findings_of, unsafe=unsafe_fixes,
                                     findings=analysis.findings, numbers=joined.numbers)
    result.joined, result.findings = outcome.joined, list(outcome.remaining)
    result.fixed, result.converged = outcome.applied, outcome.converged
    return result, outcome.cells if outcome.applied else None


def _in_cells(path: Path, joined: JoinedCells | None,
              items: Iterable[FindingFixes]) -> list[FindingFixes]:
    """The findings with only the fixes that map onto cells, their messages naming cells."""
    assert joined is not None
    out = []
    for item in cell_fixes(joined, items):
        message = joined.cell_references(item.finding.message, str(path))
        finding = dataclasses.replace(item.finding, message=message)
        out.append(FindingFixes(finding, item.fixes, item.error))
    return out


def _in_markdown(path: Path, joined: JoinedCells, blocks: Sequence[CodeBlock],
                 item: FindingFixes) -> FindingFixes:
    """A finding on the program, its related locations and its fixes (all of which map onto
    cells) in the .md file's positions; its message's `path:LINE` too."""
    from jaxerr_lsp.fixes import TextEdit

    def md(span: Span) -> Span:
        return to_markdown(joined, blocks, span)

    def md_line(match: re.Match[str]) -> str:
        line = int(match.group(1))
        return f"{path}:{md(Span(line, 0, line, 0)).start_line}"

    finding = item.finding
    message = re.sub(re.escape(str(path)) + r":(\d+)\b", md_line, finding.message)
    related = tuple(dataclasses.replace(r, span=md(r.span)) if r.path is None else r
                    for r in finding.related)
    finding = dataclasses.replace(finding, span=md(finding.span), related=related, message=message)
    fixes = []
    for fix in item.fixes:
        edits = []
        for edit in fix.edits:
            moved = joined.edit_to_cell(edit.span, edit.new_text)
            assert moved is not None  # cell_fixes kept only the fixes that map
            start = blocks[moved.cell].first_line - 1
            span = moved.span
            edits.append(TextEdit(Span(span.start_line + start, span.start_column,
                                       span.end_line + start, span.end_column), moved.new_text))
        fixes.append(dataclasses.replace(fix, edits=tuple(edits)))
    return FindingFixes(finding, tuple(fixes), item.error)


def _read_text(path: Path) -> str:
    try:
        return path.read_bytes().decode("utf-8-sig")
    except OSError as error:
        raise NotebookError(f"{path}: cannot read: {error.strerror or error}") from error
    except UnicodeDecodeError as error:
        raise NotebookError(f"{path}: not a notebook: not UTF-8 ({error.reason})") from error


def write_notebook(path: Path, text: str) -> None:
    try:
        path.write_bytes(text.encode("utf-8"))
    except OSError as error:
        raise NotebookError(f"{path}: cannot write the fixes: {error.strerror or error}") from error

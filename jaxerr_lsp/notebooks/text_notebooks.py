"""Jupytext text notebooks in Markdown (`.md`): MyST (```` ```{code-cell} ipython3 ````) and
Jupytext's own Markdown format (```` ```python ````), recognised by their front matter
(a `jupytext:` section between `---` lines at the top).

Their code cells are the fenced blocks; a MyST cell's options (`:tags: [...]` lines or a `---`
YAML block right after the fence) are not code. The cells are checked as one program
(`notebook.join_cells`) and the findings are reported in the `.md` file's own lines, as for any
text file; fixed cells are written back into their blocks, the rest of the file unchanged.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from jaxerr_lsp.core.findings import Span
from jaxerr_lsp.notebooks.cells import JoinedCells, split_lines

__all__ = ["CodeBlock", "is_text_notebook", "is_text_notebook_file", "code_blocks", "with_cells", "to_markdown"]

# ```{code-cell} ipython3 (MyST) or ```python tags=["x"] (Jupytext's Markdown, cell metadata after it)
_FENCE = re.compile(r"(?P<fence>`{3,}|~{3,})\s*(?P<info>\{code-cell\}(?:\s+\S+)?|i?python3?(?:\s+.*)?)\s*")
_OPTION = re.compile(r":[\w-]+:")
_REGIONS = ("<!-- #region", "<!-- #raw", "<!-- #md")  # Jupytext's Markdown: not code cells
_MYST = re.compile(r"\s*format_name:\s*myst\b")


@dataclass(frozen=True)
class CodeBlock:
    first_line: int  # the 1-based line of the .md file where the cell's code starts
    line_count: int  # the code's lines (0 for an empty cell)
    text: str  # the code, lines joined with "\n"


def is_text_notebook(text: str) -> bool:
    """Whether `text` starts with Jupytext front matter (a `jupytext:` section, at the top for
    MyST, under `jupyter:` for Jupytext's Markdown)."""
    lines = split_lines(text.lstrip("\ufeff"))
    if not lines or lines[0].strip() != "---":
        return False
    for line in lines[1:200]:
        if line.strip() == "---":
            return False
        if line.lstrip().startswith("jupytext:"):  # MyST's, or under `jupyter:` (Markdown's)
            return True
    return False


def is_text_notebook_file(path: Path) -> bool:
    """Whether the file at `path` starts as a Jupytext notebook (its first 8 KiB read)."""
    try:
        with open(path, "rb") as file:
            head = file.read(8192).decode("utf-8", errors="ignore")
    except OSError:
        return False
    return is_text_notebook(head)


def code_blocks(text: str) -> list[CodeBlock]:
    """The code cells of a text notebook, in order: the `{code-cell}` blocks of a MyST one
    (`format_name: myst`; its ```` ```python ```` blocks are Markdown), else the ```` ```python ````
    blocks outside `<!-- #region -->` (and `#raw`, `#md`) regions."""
    lines = split_lines(text)
    blocks = []
    index = _front_matter_end(lines)
    myst = any(_MYST.match(line) for line in lines[:index])
    while index < len(lines):
        if not myst and lines[index].lstrip().startswith(_REGIONS):
            index = _region_end(lines, index + 1)
            continue
        opening = _FENCE.fullmatch(lines[index].strip()) if not lines[index].startswith(" " * 4) else None
        index += 1
        if opening is None or opening.group("info").startswith("{code-cell}") != myst:
            continue
        fence = opening.group("fence")
        start = index
        if opening.group("info").startswith("{code-cell}"):
            start = _after_options(lines, start)
        end = start
        while end < len(lines) and not _closes(lines[end], fence):
            end += 1
        blocks.append(CodeBlock(start + 1, end - start, "\n".join(lines[start:end])))
        index = end + 1
    return blocks


def with_cells(text: str, blocks: Sequence[CodeBlock], cells: Sequence[str]) -> str:
    """`text` with each block's code replaced by the matching cell; the line breaks, the fences
    and everything between the blocks unchanged."""
    pieces = re.split(r"(\r\n|\r|\n)", text)  # lines at even indexes, their breaks between
    lines, breaks = pieces[0::2], pieces[1::2]
    newline = breaks[0] if breaks else "\n"
    out_lines: list[str] = []
    out_breaks: list[str] = []
    position = 0
    for block, cell in zip(blocks, cells):
        start = block.first_line - 1
        out_lines += lines[position:start]
        out_breaks += breaks[position:start]
        new = split_lines(cell) if cell else []
        out_lines += new
        out_breaks += [newline] * len(new)
        position = start + block.line_count
    out_lines += lines[position:]
    out_breaks += breaks[position:]
    return "".join(line + (out_breaks[i] if i < len(out_breaks) else "")
                   for i, line in enumerate(out_lines))


def to_markdown(joined: JoinedCells, blocks: Sequence[CodeBlock], span: Span) -> Span:
    """A program span as a span of the .md file (its end counted from the start's cell)."""
    cell, line, column = joined.to_cell(span.start_line, span.start_column)
    shift = blocks[cell].first_line - joined.starts[cell]
    return Span(line + blocks[cell].first_line - 1, column, span.end_line + shift, span.end_column)


def _front_matter_end(lines: Sequence[str]) -> int:
    for index in range(1, len(lines)):
        if lines[index].strip() == "---":
            return index + 1
    return len(lines)


def _after_options(lines: Sequence[str], start: int) -> int:
    """The first code line of a MyST cell: after its `:key: value` lines or `---` YAML block."""
    if start < len(lines) and lines[start].strip() == "---":
        for index in range(start + 1, len(lines)):
            if lines[index].strip() == "---":
                return index + 1
        return start
    index = start
    while index < len(lines) and _OPTION.match(lines[index]):
        index += 1
    if index > start and index < len(lines) and not lines[index].strip():
        index += 1  # the blank line Jupytext writes after the options
    return index


def _region_end(lines: Sequence[str], start: int) -> int:
    for index in range(start, len(lines)):
        if lines[index].lstrip().startswith("<!-- #end"):
            return index + 1
    return len(lines)


def _closes(line: str, fence: str) -> bool:
    stripped = line.strip()
    return (len(stripped) >= len(fence) and set(stripped) == {fence[0]}
            and len(line) - len(line.lstrip()) < 4)

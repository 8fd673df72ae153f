"""What a fix is (text edits, safety) and how edits apply to a text."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from jaxerr_lsp.core.findings import Span
from jaxerr_lsp.fixes.text import Lines

@dataclass(frozen=True)
class TextEdit:
    """Replace the text at `span` (1-based lines, 0-based code-point columns) by `new_text`."""

    span: Span
    new_text: str


@dataclass(frozen=True)
class Fix:
    title: str
    safe: bool  # ruff's sense: keeps the program's meaning beyond removing the error
    why: str  # one sentence: why it is (un)safe
    edits: tuple[TextEdit, ...]
    fix_id: str  # the catalog entry's [[fixes]] id


def apply_edits(source: str, edits: Sequence[TextEdit]) -> str:
    """`source` with `edits` applied; spans refer to the original text. Insertions at the same
    position apply in the given order; an edit identical to an earlier one (the same import
    added by two fixes) applies once. Raises ValueError if two edits overlap."""
    lines = Lines(source)
    located = []
    for order, e in enumerate(dict.fromkeys(edits)):
        start = lines.offset(e.span.start_line, e.span.start_column)
        end = lines.offset(e.span.end_line, e.span.end_column)
        if end < start:
            raise ValueError(f"edit span ends before it starts: {e.span}")
        located.append((start, end, order, e.new_text))
    located.sort()
    out = []
    pos = 0
    for start, end, _order, new_text in located:
        if start < pos:
            raise ValueError("overlapping edits")
        out.append(source[pos:start])
        out.append(new_text)
        pos = end
    out.append(source[pos:])
    return "".join(out)


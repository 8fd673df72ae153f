"""The `# jaxerr: ignore[CODE]` suppression fix."""

from __future__ import annotations

import io
import re
import tokenize

from jaxerr_lsp.findings import Finding, Span
from jaxerr_lsp.fixes.edits import Fix, TextEdit
from jaxerr_lsp.fixes.text import Lines

IGNORE_FIX_ID = "ignore-line"

_IGNORE_COMMENT = re.compile(r"#\s*jaxerr:\s*ignore\b(?:\[(?P<ids>[^\]]*)\])?", re.IGNORECASE)


def ignore_line_fix(source: str, finding: Finding) -> Fix:
    """Suppress `finding` with `# jaxerr: ignore[CODE]` at the end of its start line, merged
    into a jaxerr ignore comment already there; other comments are kept."""
    code = finding.code
    title = f"Ignore {code} on this line"
    why = "This only silences the diagnostic; the code will still raise when it runs."
    lines = Lines(source)
    n = finding.span.start_line
    text = lines.line(n)

    def fix(*edits: TextEdit) -> Fix:
        return Fix(title, False, why, tuple(edits), IGNORE_FIX_ID)

    comment_col = _comment_column(text)
    if comment_col is not None:
        m = _IGNORE_COMMENT.search(text, comment_col)
        if m is not None:
            if m.group("ids") is None:
                return fix()  # a bare `# jaxerr: ignore` already silences every rule
            ids = [i.strip() for i in m.group("ids").split(",") if i.strip()]
            if code in ids or finding.catalog_id in ids:
                return fix()
            sep = ", " if ", " in m.group("ids") else ","
            new_ids = m.group("ids").rstrip() + (sep if ids else "") + code
            start, end = m.start("ids"), m.end("ids")
            return fix(TextEdit(Span(n, start, n, end), new_ids))
    body = text.rstrip()
    if body.endswith("\\"):
        return fix()  # a comment cannot follow a line continuation
    comment = f"# jaxerr: ignore[{code}]"
    return fix(TextEdit(Span(n, len(body), n, len(text)), ("  " if body else "") + comment))


def _comment_column(line: str) -> int | None:
    """Column of the comment on `line`, if any (a '#' outside strings)."""
    try:
        for tok in tokenize.generate_tokens(io.StringIO(line + "\n").readline):
            if tok.type == tokenize.COMMENT:
                return tok.start[1]
    except (tokenize.TokenError, SyntaxError, ValueError):
        pass
    return None


"""The `# jaxerr: ignore[CODE]` suppression fix."""

from __future__ import annotations

import io
import tokenize

from jaxerr_lsp.core.findings import Finding, Span
from jaxerr_lsp.fixes.edits import Fix, TextEdit
from jaxerr_lsp.fixes.text import Lines
from jaxerr_lsp.core.suppression import IGNORE_COMMENT, ignored_ids

IGNORE_FIX_ID = "ignore-line"


def ignore_line_fix(source: str, finding: Finding) -> Fix:
    """Suppress `finding` with `# jaxerr: ignore[CODE]` at the end of its start line, merged
    into a jaxerr ignore comment already there; other comments are kept. When a comment
    cannot end that line (it ends inside a string, or continues with a backslash), the
    finding's end line is used (the engine reads both); when neither can, no edit."""
    code = finding.code
    title = f"Ignore {code} on this line"
    why = "This only silences the diagnostic; the code will still raise when it runs."
    lines = Lines(source)

    def fix(*edits: TextEdit) -> Fix:
        return Fix(title, False, why, tuple(edits), IGNORE_FIX_ID)

    numbers = dict.fromkeys([finding.span.start_line, finding.span.end_line])
    for n in numbers:
        text = lines.line(n)
        state, comment_col = _line_end(text)
        if state == "closed":
            continue
        if comment_col is not None:
            m = IGNORE_COMMENT.search(text, comment_col)
            if m is not None:
                ids = ignored_ids(m.group("ids"))
                if ids is None:
                    return fix()  # a bare `# jaxerr: ignore` already silences every rule
                if code in ids or finding.catalog_id in ids:
                    return fix()
                sep = ", " if ", " in m.group("ids") else ","
                new_ids = m.group("ids").rstrip() + (sep if ids else "") + code
                return fix(TextEdit(Span(n, m.start("ids"), n, m.end("ids")), new_ids))
        body = text.rstrip()
        comment = f"# jaxerr: ignore[{code}]"
        return fix(TextEdit(Span(n, len(body), n, len(text)), ("  " if body else "") + comment))
    return fix()


def _line_end(line: str) -> tuple[str, int | None]:
    """("open", comment column or None) when a comment can end `line`; ("closed", None) when
    the line ends inside a string or continues with a backslash."""
    comment = None
    try:
        for tok in tokenize.generate_tokens(io.StringIO(line + "\n").readline):
            if tok.type == tokenize.COMMENT:
                comment = tok.start[1]
    except (tokenize.TokenError, SyntaxError, ValueError) as error:
        if "string" in str(error):
            return "closed", None
    if comment is None and line.rstrip().endswith("\\"):
        return "closed", None
    return "open", comment

"""Quick fixes for findings, computed on demand with libcst.

A fix never touches more than it must: the smallest statement holding the change is located
with stdlib `ast` (cheap; the whole module, or when it does not parse, the top-level chunk
around the finding), only that statement's text is parsed with libcst, transformed, and
emitted as one `TextEdit` replacing the statement's text. Comments and formatting outside the
statement survive byte for byte; inside it, libcst keeps everything it does not rewrite.
A fix may add a second edit: an import at the top of the module.

Each rule's fix lives in its rule module (`jaxerr_lsp/rules/`, `Rule.fix`, with the catalog
`[[fixes]]` ids it returns in `Rule.fix_ids`); this package holds what they share and the
"Ignore this line" fix.

The fixes of findings are computed by `jaxerr_lsp.app.compute_fixes` (it asks the finding's
rule). Modules: `text` (positions), `edits` (TextEdit, Fix, apply_edits), `statement` (the enclosing
statement, libcst on it alone, import placement), `nodes` (libcst helpers), `ignore` (the
suppression comment).

Nothing here imports jax or runs the user's code.
"""

from __future__ import annotations

from jaxerr_lsp.fixes.edits import Fix, TextEdit, apply_edits
from jaxerr_lsp.fixes.ignore import IGNORE_FIX_ID, ignore_line_fix

__all__ = ["TextEdit", "Fix", "ignore_line_fix", "apply_edits", "IGNORE_FIX_ID"]

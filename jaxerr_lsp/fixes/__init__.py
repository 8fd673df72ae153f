"""Quick fixes for findings, computed on demand with libcst.

A fix never touches more than it must: the smallest statement holding the change is located
with stdlib `ast` (cheap; the whole module, or when it does not parse, the top-level chunk
around the finding), only that statement's text is parsed with libcst, transformed, and
emitted as one `TextEdit` replacing the statement's text. Comments and formatting outside the
statement survive byte for byte; inside it, libcst keeps everything it does not rewrite.
A fix may add a second edit: an import at the top of the module.

Fix ids (the catalog entries' `[[fixes]]` ids):

| rule | fix_id | safe |
| --- | --- | --- |
| JXE001 | `refs-as-dict` | when every ref's name says which key it belongs to |
| JXE001 | `refs-from-primals` | never (new refs replace the user's) |
| JXE002 | `return-cts-no-logs` | yes (only fix when `missing_logs`) |
| JXE002 | `logs-as-dict` | for a dict subclass (`dict(...)`); not with key names chosen here |
| JXE002 | `logs-none` | never (drops the logs) |
| JXE003 | `pair-cts-with-logs` | when the last element is clearly the logs (`return dx, dw, logs`) |
| JXE003 | `return-pair-none-logs` | when the value is a tuple/list of cotangents |
| any | `ignore-line` | never (suppression, from `ignore_line_fix`) |

Besides the `Finding.data` contract in CONTRIBUTING.md, JXE003 reads an optional `arity` (how
many cotangents the primal function takes) when the rule gives it: then a flat
`return dx, dw, logs` is split for certain, and a bare value is wrapped only for arity 1.

Modules: `text` (positions, `Finding.data` readers), `edits` (TextEdit, Fix, apply_edits),
`statement` (the enclosing statement, libcst on it alone, import placement), `nodes` (libcst
helpers), one module per rule (`jxe001`...), `ignore` (the suppression comment).

Nothing here imports jax or runs the user's code.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from jaxerr_lsp.findings import Finding
from jaxerr_lsp.fixes import jxe001, jxe002, jxe003
from jaxerr_lsp.fixes.edits import Fix, TextEdit, apply_edits
from jaxerr_lsp.fixes.ignore import IGNORE_FIX_ID, ignore_line_fix
from jaxerr_lsp.fixes.text import Lines

__all__ = [
    "TextEdit", "Fix", "compute_fixes", "ignore_line_fix", "apply_edits", "FIX_IDS", "IGNORE_FIX_ID",
]

log = logging.getLogger(__name__)

FIX_IDS: dict[str, tuple[str, ...]] = {
    "JXE001": ("refs-as-dict", "refs-from-primals"),
    "JXE002": ("return-cts-no-logs", "logs-as-dict", "logs-none"),
    "JXE003": ("pair-cts-with-logs", "return-pair-none-logs"),
}

_BUILDERS: dict[str, Callable[[Lines, Finding], list[Fix]]] = {
    "JXE001": jxe001.compute,
    "JXE002": jxe002.compute,
    "JXE003": jxe003.compute,
}


def compute_fixes(source: str, finding: Finding) -> list[Fix]:
    """The fixes for `finding` in `source`, best first; [] when none applies. Never raises.

    A fix whose rewritten statement would not parse is dropped.
    """
    try:
        builder = _BUILDERS.get(finding.code)
        if builder is None or not isinstance(finding.data, dict):
            return []
        return [f for f in builder(Lines(source), finding) if f.edits]
    except Exception:  # noqa: BLE001 - a fix must never take the caller down
        log.exception("computing fixes for %s failed", finding.code)
        return []

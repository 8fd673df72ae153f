"""JXE099 prng-key-reuse beyond its cases: what JAX's own checker cannot show.

The cases (tests/cases/prng-key-reuse) run under `jax_debug_key_reuse`, which tracks typed
keys only (`jax.random.key`). Reusing a legacy `jax.random.PRNGKey` is the same bug, silent
even in that mode: the rule flags it too, as a warning, with the same fix.
"""

from __future__ import annotations

import textwrap

from jaxerr_lsp.engine.run import analyze
from jaxerr_lsp.fixes import apply_edits
from jaxerr_lsp.app.compute_fixes import compute_fixes

LEGACY = textwrap.dedent('''
    import jax

    key = jax.random.PRNGKey(0)
    w = jax.random.normal(key, (3, 3))
    b = jax.random.normal(key, (3,))
''')


def test_a_legacy_key_reused_is_a_warning() -> None:
    findings = analyze(LEGACY).findings
    assert [(f.code, f.span.start_line, f.severity) for f in findings] == [("JXE099", 6, "warning")]
    assert findings[0].predicted == "Previously-consumed key passed to jit-compiled function at index 0"


def test_the_split_fix_leaves_no_reuse() -> None:
    finding = analyze(LEGACY).findings[0]
    [fix] = compute_fixes(LEGACY, finding)
    fixed = apply_edits(LEGACY, fix.edits)
    assert not fix.safe
    assert "key, subkey = jax.random.split(key)\nw = jax.random.normal(subkey, (3, 3))" in fixed
    assert analyze(fixed).findings == []

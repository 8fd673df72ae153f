"""Every quick fix, applied to every positive case of the rule tests, gives code that parses
and no longer carries the finding it fixed. (tests/test_fixes.py runs the catalog examples and
the example triggers, fixed, under real JAX.)"""

from __future__ import annotations

import ast

import pytest

from jaxerr_lsp.engine import analyze
from jaxerr_lsp.fixes import apply_edits, compute_fixes, ignore_line_fix
from tests import test_rules_custom_vjp as custom_vjp
from tests import test_rules_with_refs as with_refs

CASES = {
    **{f"JXE001:{name}": with_refs.PRELUDE + body
       for name, body in {**with_refs.POSITIVE, **with_refs.OPAQUE, **with_refs.HELPERS,
                                         **with_refs.NAMED}.items()},
    **{f"custom_vjp:{name}": custom_vjp.PRELUDE + body for name, (body, _, _) in custom_vjp.POSITIVE.items()},
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_every_fix_removes_its_finding(name: str) -> None:
    source = CASES[name]
    findings = analyze(source).findings
    assert findings
    for finding in findings:
        fixes = [*compute_fixes(source, finding), ignore_line_fix(source, finding)]
        for fix in fixes:
            if not fix.edits:
                continue
            fixed = apply_edits(source, fix.edits)
            ast.parse(fixed)
            remaining = [f for f in analyze(fixed).findings if f.code == finding.code]
            assert len(remaining) < len([f for f in findings if f.code == finding.code]), (
                name, fix.title, fixed)

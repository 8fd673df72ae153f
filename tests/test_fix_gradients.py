"""JXE001's fixes keep what the program computes: each fixed program runs under real JAX and
the refs it reads hold the gradients plain `f_vjp(ct)` gives (issue 9: a fix keeps every entry
that was already right and touches only the mismatched one; its "why" names each change)."""

from __future__ import annotations

import pytest

from jaxerr_lsp.engine.run import analyze
from jaxerr_lsp.fixes import apply_edits
from jaxerr_lsp.app.compute_fixes import compute_fixes
from tests.jax_runner import run_programs

HEAD = """\
import jax
import jax.numpy as jnp


def loss(params, x):
    return jnp.sum(params["w"] * x + params["b"] ** 2)


params = {"w": jnp.ones(3), "b": jnp.full(3, 2.0)}
x = jnp.arange(3.0)
out, pullback = jax.vjp(loss, params, x)
g1 = jax.new_ref(jnp.zeros(3))
g2 = jax.new_ref(jnp.zeros(3))
"""

# A check appended to a fixed program: `refs` (an expression over its names) holds what
# plain pullback gives for the primals named by `which`.
CHECK = """
_expected = pullback(1.0)
_got = jax.tree.map(lambda r: r[...], {refs})
_want = {want}
assert jax.tree.structure(_got) == jax.tree.structure(_want), (_got, _want)
for _a, _b in zip(jax.tree.leaves(_got), jax.tree.leaves(_want)):
    assert jnp.allclose(_a, _b), (_a, _b)
print("ok")
"""

CASES = {
    # issue 9: the DontWant for x was already right; (g1, g2) for the dict is not
    "tuple_for_dict_and_dont_want": (
        "pullback.with_refs((g1, g2), jax.ad.DontWant())(1.0)\n",
        {"refs-as-dict": ("(g1, g2)", "(_expected[0]['w'], _expected[0]['b'])"),
         "refs-from-primals": ("params_refs", "_expected[0]")},
        ["jax.ad.DontWant()"]),
    "missing_ref_for_x": (
        "pullback.with_refs({'w': g1, 'b': g2})(1.0)\n",
        {"refs-from-primals": ("({'w': g1, 'b': g2}, x_refs)", "_expected")},
        ["{'w': g1, 'b': g2}"]),
    "extra_ref": (
        "gx = jax.new_ref(jnp.zeros(3))\n"
        "pullback.with_refs({'w': g1, 'b': g2}, gx, jax.new_ref(jnp.zeros(3)))(1.0)\n",
        {"refs-from-primals": ("({'w': g1, 'b': g2}, gx)", "_expected")},
        ["{'w': g1, 'b': g2}", "gx"]),
}


def _fixed_programs() -> list[tuple[str, str, str, str]]:
    """(case, fix id, fixed program with its check, why) for every fix of every case."""
    out = []
    for name, (tail, expected, _kept) in CASES.items():
        source = HEAD + tail
        (finding,) = analyze(source).findings
        fixes = {fix.fix_id: fix for fix in compute_fixes(source, finding)}
        assert set(fixes) == set(expected), (name, list(fixes))
        for fix_id, (refs, want) in expected.items():
            fix = fixes[fix_id]
            fixed = apply_edits(source, fix.edits)
            assert analyze(fixed).findings == [], (name, fix_id, fixed)
            out.append((name, fix_id, fixed + CHECK.format(refs=refs, want=want), fix.why))
    return out


@pytest.fixture(scope="module")
def results() -> list[tuple[tuple[str, str, str, str], dict]]:
    programs = _fixed_programs()
    return list(zip(programs, run_programs([p for _, _, p, _ in programs])))


def test_each_fixed_program_holds_the_gradients_plain_vjp_gives(results) -> None:
    for (name, fix_id, program, _why), result in results:
        assert not result.raised, (name, fix_id, str(result), program)


@pytest.mark.parametrize("name", sorted(CASES))
def test_rebuild_keeps_the_right_entries_and_says_what_changes(name: str) -> None:
    tail, _expected, kept = CASES[name]
    source = HEAD + tail
    (finding,) = analyze(source).findings
    fix = next(f for f in compute_fixes(source, finding) if f.fix_id == "refs-from-primals")
    fixed_call = apply_edits(source, fix.edits).splitlines()[-1]
    for entry in kept:
        assert entry in fixed_call and f"`{entry}`" in fix.why, (fixed_call, fix.why)
    assert not fix.safe


def test_one_key_dict_fix_writes_no_stray_comma_and_describes_one_key() -> None:
    source = HEAD.replace('"b": jnp.full(3, 2.0)', '"b": 2.0').replace(
        'params["b"] ** 2', "0.0") + "pullback.with_refs((jax.new_ref(jnp.zeros(3)),), g2)(1.0)\n"
    source = source.replace('params = {"w": jnp.ones(3), "b": 2.0}', 'params = {"w": jnp.ones(3)}')
    (finding,) = analyze(source).findings
    fix = next(f for f in compute_fixes(source, finding) if f.fix_id == "refs-as-dict")
    fixed = apply_edits(source, fix.edits)
    assert fixed.splitlines()[-1] == "pullback.with_refs({\"w\": jax.new_ref(jnp.zeros(3))}, g2)(1.0)"
    assert fix.safe and "one key, 'w'" in fix.why and "name" not in fix.why
    (result,) = run_programs([fixed])
    assert not result.raised, str(result)

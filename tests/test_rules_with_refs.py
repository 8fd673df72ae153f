"""JXE001: `with_refs` arguments whose structure differs from the primals.

Every positive case is a complete program: it is run under real JAX 0.12.0.1 and must raise
the ValueError with exactly the itemized lines the finding predicts. Every runnable negative
case must run clean under JAX and get no finding.
"""

from __future__ import annotations

import re

import pytest

from jaxerr_lsp.engine import analyze
from jaxerr_lsp.findings import Span
from tests.jax_runner import run_programs

PRELUDE = """\
import jax
import jax.numpy as jnp

def loss(p, x):
    return jnp.sum(p["w"] * x + p["b"])

def loss3(a, b, c):
    return jnp.sum(a * b * c)

w = jnp.ones(3)
b = jnp.zeros(3)
x = jnp.ones(3)
def ref():
    return jax.new_ref(jnp.zeros(3))
"""

POSITIVE = {
    "dict_vs_tuple": """
params = {"w": w, "b": b}
out, f_vjp = jax.vjp(loss, params, x)
f_vjp.with_refs((ref(), ref()), ref())(1.0)
""",
    "alias_module": """
import jax as J
params = {"w": w, "b": b}
out, f_vjp = J.vjp(loss, params, x)
f_vjp.with_refs([ref(), ref()], ref())(1.0)
""",
    "from_import": """
from jax import vjp
params = {"w": w, "b": b}
out, f_vjp = vjp(loss, params, x)
f_vjp.with_refs({"w": ref()}, ref())(1.0)
""",
    "from_import_alias": """
from jax import vjp as V
params = {"w": w, "b": b}
out, f_vjp = V(loss, params, x)
f_vjp.with_refs({"w": ref(), "c": ref()}, ref())(1.0)
""",
    "has_aux_three_results": """
def loss_aux(p, x):
    return loss(p, x), {"aux": 1}
params = {"w": w, "b": b}
out, f_vjp, aux = jax.vjp(loss_aux, params, x, has_aux=True)
f_vjp.with_refs((ref(), ref()), ref())(1.0)
""",
    "subscript_one": """
params = {"w": w, "b": b}
jax.vjp(loss, params, x)[1].with_refs((ref(), ref()), ref())(1.0)
""",
    "assigned_subscript": """
params = {"w": w, "b": b}
f_vjp = jax.vjp(loss, params, x)[1]
f_vjp.with_refs((ref(), ref()), ref())(1.0)
""",
    "too_few_refs": """
params = {"w": w, "b": b}
out, f_vjp = jax.vjp(loss, params, x)
f_vjp.with_refs({"w": ref(), "b": ref()})(1.0)
""",
    "none_is_not_a_placeholder": """
params = {"w": w, "b": b}
out, f_vjp = jax.vjp(loss, params, x)
f_vjp.with_refs({"w": ref(), "b": ref()}, None)(1.0)
""",
    "list_vs_tuple_nested": """
def loss2(p, x):
    return jnp.sum(p["a"][0] * p["a"][1] * x)
params = {"a": (w, b)}
out, f_vjp = jax.vjp(loss2, params, x)
f_vjp.with_refs({"a": [ref(), ref()]}, ref())(1.0)
""",
    "tree_map_of_other_tree": """
params = {"w": w, "b": b}
other = (w, b)
refs = jax.tree.map(lambda p: jax.new_ref(jnp.zeros_like(p)), other)
out, f_vjp = jax.vjp(loss, params, x)
f_vjp.with_refs(refs, ref())(1.0)
""",
    "tree_util_tree_map": """
params = dict(w=w, b=b)
refs = jax.tree_util.tree_map(lambda p: jax.new_ref(jnp.zeros_like(p)), [w, b])
out, f_vjp = jax.vjp(loss, params, x)
f_vjp.with_refs(refs, ref())(1.0)
""",
    "inside_function_and_loop": """
def train(steps):
    params = {"w": w, "b": b}
    for _ in range(steps):
        out, f_vjp = jax.vjp(loss, params, x)
        grads = (ref(), ref())
        f_vjp.with_refs(grads, ref())(1.0)
train(1)
""",
    "three_args_leaf_vs_dict": """
out, f_vjp = jax.vjp(loss3, w, b, x)
f_vjp.with_refs(ref(), {"b": ref()}, ref())(1.0)
""",
    "numpy_alias_leaves": """
from jax import numpy as xp
params = {"w": xp.ones(3), "b": xp.zeros(3)}
out, f_vjp = jax.vjp(loss, params, xp.ones(3))
f_vjp.with_refs((jax.new_ref(xp.zeros(3)),), jax.new_ref(xp.zeros(3)))(1.0)
""",
    "closure_uses_module_binding": """
params = {"w": w, "b": b}
out, f_vjp = jax.vjp(loss, params, x)
def backward():
    return f_vjp.with_refs((ref(), ref()), ref())(1.0)
backward()
""",
}

NEGATIVE_RUNNABLE = {
    "refs_mirror_primals": """
params = {"w": w, "b": b}
refs = jax.tree.map(lambda p: jax.new_ref(jnp.zeros_like(p)), params)
out, f_vjp = jax.vjp(loss, params, x)
f_vjp.with_refs(refs, ref())(1.0)
""",
    "placeholders": """
params = {"w": w, "b": b}
out, f_vjp = jax.vjp(loss, params, x)
f_vjp.with_refs({"b": jax.ad.DontWant(), "w": ref()}, jax.ad.GradValue())(1.0)
""",
    "key_order_irrelevant": """
params = {"w": w, "b": b}
out, f_vjp = jax.vjp(loss, params, x)
f_vjp.with_refs({"b": ref(), "w": ref()}, ref())(1.0)
""",
    "rebound_name": """
params = {"w": w, "b": b}
refs = (ref(), ref())
refs = {"w": ref(), "b": ref()}
out, f_vjp = jax.vjp(loss, params, x)
f_vjp.with_refs(refs, ref())(1.0)
""",
    "conditionally_bound": """
import os
params = {"w": w, "b": b}
if os.environ.get("NEVER_SET_XYZ"):
    refs = (ref(), ref())
else:
    refs = {"w": ref(), "b": ref()}
out, f_vjp = jax.vjp(loss, params, x)
f_vjp.with_refs(refs, ref())(1.0)
""",
    "built_by_mutation": """
params = {"w": w, "b": b}
refs = {}
refs["w"] = ref()
refs["b"] = ref()
out, f_vjp = jax.vjp(loss, params, x)
f_vjp.with_refs(refs, ref())(1.0)
""",
    "mutated_by_method": """
params = {"w": w}
params.update(b=b)
out, f_vjp = jax.vjp(loss, params, x)
f_vjp.with_refs({"w": ref(), "b": ref()}, ref())(1.0)
""",
    "users_own_with_refs": """
class Accumulator:
    def with_refs(self, *refs):
        return len(refs)
acc = Accumulator()
acc.with_refs((1, 2), {"a": 3})
""",
    "no_refs": """
params = {"w": w, "b": b}
out, f_vjp = jax.vjp(loss, params, x)
f_vjp.with_refs()(1.0)
""",
    "starred_refs": """
params = {"w": w, "b": b}
refs = [{"w": ref(), "b": ref()}, ref()]
out, f_vjp = jax.vjp(loss, params, x)
f_vjp.with_refs(*refs)(1.0)
""",
    "from_unknown_function": """
def make_refs(tree):
    return jax.tree.map(lambda p: jax.new_ref(jnp.zeros_like(p)), tree)
params = {"w": w, "b": b}
refs = make_refs(params)
out, f_vjp = jax.vjp(loss, params, x)
f_vjp.with_refs(refs, ref())(1.0)
""",
    "mutated_through_call": """
def fill(d):
    d["b"] = ref()
params = {"w": w, "b": b}
refs = {"w": ref()}
fill(refs)
out, f_vjp = jax.vjp(loss, params, x)
f_vjp.with_refs(refs, ref())(1.0)
""",
    "leaves_from_unknown_calls": """
def init():
    return jnp.ones(3)
params = {"w": init(), "b": init()}
out, f_vjp = jax.vjp(loss, params, x)
f_vjp.with_refs({"w": ref(), "b": ref()}, ref())(1.0)
""",
}

NEGATIVE_STATIC = {
    "refs_parameter": PRELUDE + """
def backward(refs, params):
    out, f_vjp = jax.vjp(loss, params, x)
    return f_vjp.with_refs(refs, ref())(1.0)
""",
    "refs_from_other_module": PRELUDE + """
from mylib import refs
params = {"w": w, "b": b}
out, f_vjp = jax.vjp(loss, params, x)
f_vjp.with_refs(refs, ref())(1.0)
""",
    "vjp_from_other_library": """
from mylib import vjp
params = {"w": 1, "b": 2}
out, f_vjp = vjp(lambda p: p, params)
f_vjp.with_refs((1, 2))
""",
    "jax_shadowed": """
import jax
jax = object()
params = {"w": 1}
out, f_vjp = jax.vjp(lambda p: p, params)
f_vjp.with_refs((1, 2))
""",
    "has_aux_unknown": PRELUDE + """
def go(flag):
    params = {"w": w, "b": b}
    out, f_vjp, aux = jax.vjp(loss, params, x, has_aux=flag)
    f_vjp.with_refs((ref(), ref()), ref())
""",
    "wrong_unpack_arity": PRELUDE + """
params = {"w": w, "b": b}
out, f_vjp, aux = jax.vjp(loss, params, x)
f_vjp.with_refs((ref(), ref()), ref())
""",
    "starred_primals": PRELUDE + """
args = ({"w": w, "b": b}, x)
out, f_vjp = jax.vjp(loss, *args)
f_vjp.with_refs((ref(), ref()), ref())
""",
    "single_conditional_binding": PRELUDE + """
import os
if os.environ.get("X"):
    grads = (ref(), ref())
params = {"w": w, "b": b}
out, f_vjp = jax.vjp(loss, params, x)
if os.environ.get("Y"):
    f_vjp.with_refs(grads, ref())
""",
    "star_import": """
import jax
from somewhere import *
params = {"w": 1, "b": 2}
out, f_vjp = jax.vjp(f, params)
f_vjp.with_refs((1, 2))
""",
    "custom_node_unknown": PRELUDE + """
from typing import NamedTuple
class P(NamedTuple):
    w: object
    b: object
params = P(w, b)
out, f_vjp = jax.vjp(lambda p, x: jnp.sum(p.w * x), params, x)
f_vjp.with_refs(P(ref(), ref()), ref())
""",
}


@pytest.fixture(scope="module")
def jax_results() -> dict[str, dict]:
    names = [*POSITIVE, *NEGATIVE_RUNNABLE]
    sources = [PRELUDE + (POSITIVE | NEGATIVE_RUNNABLE)[n] for n in names]
    return dict(zip(names, run_programs(sources)))


def _jax_items(message: str) -> list[str]:
    return [line.strip() for line in message.split("But the tree structures differ:")[1].strip().splitlines()]


@pytest.mark.parametrize("name", sorted(POSITIVE))
def test_positive_predicts_jax(name: str, jax_results: dict[str, dict]) -> None:
    source = PRELUDE + POSITIVE[name]
    findings = analyze(source, path="case.py").findings
    assert [f.code for f in findings] == ["JXE001"], findings
    result = jax_results[name]
    assert result["raised"] and result["type"] == "ValueError", result
    predicted = [line.strip() for line in findings[0].message.split("differ:\n")[1].splitlines()]
    assert predicted == _jax_items(result["message"])
    # The full predicted message matches JAX's, function location included.
    assert findings[0].data["jax_message"].split("But the")[0].split("function ")[0] == \
        result["message"].split("But the")[0].split("function ")[0]


@pytest.mark.parametrize("name", sorted(NEGATIVE_RUNNABLE))
def test_negative_runs_clean_and_is_silent(name: str, jax_results: dict[str, dict]) -> None:
    source = PRELUDE + NEGATIVE_RUNNABLE[name]
    assert analyze(source, path="case.py").findings == []
    assert not jax_results[name]["raised"], jax_results[name]


@pytest.mark.parametrize("name", sorted(NEGATIVE_STATIC))
def test_negative_static_is_silent(name: str) -> None:
    assert analyze(NEGATIVE_STATIC[name], path="case.py").findings == []


def test_range_covers_the_with_refs_arguments() -> None:
    source = PRELUDE + POSITIVE["dict_vs_tuple"]
    (finding,) = analyze(source).findings
    line = source.splitlines()[finding.span.start_line - 1]
    assert line[finding.span.start_column:finding.span.end_column] == "(ref(), ref()), ref()"
    assert finding.span.start_line == finding.span.end_line


def test_multiline_range_and_related_vjp_call() -> None:
    source = PRELUDE + """
params = {"w": w, "b": b}
out, f_vjp = jax.vjp(loss, params, x)
f_vjp.with_refs(
    (ref(), ref()),
    ref(),
)(1.0)
"""
    (finding,) = analyze(source).findings
    lines = source.splitlines()
    assert finding.span == Span(finding.span.start_line, 4, finding.span.start_line + 1, 9)
    assert lines[finding.span.start_line - 1].strip() == "(ref(), ref()),"
    (related,) = finding.related
    vjp_line = lines[related.span.start_line - 1]
    assert vjp_line[related.span.start_column:related.span.end_column] == "jax.vjp(loss, params, x)"
    assert "{'b': *, 'w': *}" in related.message


def test_columns_count_characters_not_bytes() -> None:
    source = PRELUDE + """
params = {"w": w, "b": b}
out, f_vjp = jax.vjp(loss, params, x)
note = "é😀"; f_vjp.with_refs((ref(), ref()), ref())
"""
    (finding,) = analyze(source).findings
    line = source.splitlines()[finding.span.start_line - 1]
    assert line[finding.span.start_column:finding.span.end_column] == "(ref(), ref()), ref()"


def test_inferred_structures_for_hover() -> None:
    source = PRELUDE + POSITIVE["dict_vs_tuple"]
    analysis = analyze(source)
    shown = {s.structure for s in analysis.inferred}
    # `ref()` is followed into its body: `jax.new_ref(...)` is a leaf.
    assert "{'b': *, 'w': *}" in shown and "(*, *)" in shown


def test_unknown_parts_are_shown_as_question_marks() -> None:
    source = PRELUDE + """
from mylib import make_ref
params = {"w": w, "b": b}
out, f_vjp = jax.vjp(loss, params, x)
f_vjp.with_refs((make_ref(), make_ref()), ref())
"""
    assert "(?, ?)" in {s.structure for s in analyze(source).inferred}


def test_restructure_data_lines_up_keys() -> None:
    source = PRELUDE + """
params = {"w": w, "b": b}
out, f_vjp = jax.vjp(loss, params, x)
g_w, g_b = ref(), ref()
f_vjp.with_refs((g_w, g_b), ref())
"""
    (finding,) = analyze(source).findings
    restructure = finding.data["restructure"]
    assert restructure["arg"] == 0 and restructure["keys"] == ["w", "b"]
    assert [e["source"] for e in restructure["elements"]] == ["g_w", "g_b"]
    assert finding.data["jax_alias"] == "jax" and finding.data["jnp_alias"] == "jnp"


def test_symmetric_difference_lists_every_key() -> None:
    source = PRELUDE + """
params = {"w": w, "b": b}
out, f_vjp = jax.vjp(loss, params, x)
f_vjp.with_refs({"w": ref(), "b": ref(), "c": ref(), "d": ref()}, ref())
"""
    (finding,) = analyze(source).findings
    assert re.search(r"symmetric difference of key sets: \{'c' 'd'\}", finding.message)


def check_against_jax(positive: dict[str, str], clean: dict[str, str]) -> None:
    """Each `positive` program gets one JXE001 whose itemized lines are the ones real JAX
    prints when it runs; each `clean` program gets no finding and runs clean under JAX."""
    names = [*positive, *clean]
    results = dict(zip(names, run_programs([PRELUDE + (positive | clean)[n] for n in names])))
    for name, body in positive.items():
        findings = analyze(PRELUDE + body, path="case.py").findings
        assert [f.code for f in findings] == ["JXE001"], name
        result = results[name]
        assert result["raised"] and result["type"] == "ValueError", (name, result)
        predicted = [line.strip() for line in findings[0].message.split("differ:\n")[1].splitlines()]
        assert predicted == _jax_items(result["message"]), name
    for name, body in clean.items():
        assert analyze(PRELUDE + body, path="case.py").findings == [], name
        assert not results[name]["raised"], (name, results[name])


OPAQUE = {
    "comprehension_refs_for_dict": """
params = {"w": w, "b": b}
out, f_vjp = jax.vjp(loss, params, x)
f_vjp.with_refs([jax.new_ref(jnp.zeros_like(p)) for p in params.values()], ref())(1.0)
""",
    "dict_comprehension_for_leaf": """
params = {"w": w, "b": b}
out, f_vjp = jax.vjp(loss, params, x)
f_vjp.with_refs(params, {k: ref() for k in "ab"})(1.0)
""",
    "tree_map_new_ref_function": """
params = {"w": w, "b": b}
zeros = jax.tree.map(jnp.zeros_like, (w, b))
refs = jax.tree.map(jax.new_ref, zeros)
out, f_vjp = jax.vjp(loss, params, x)
f_vjp.with_refs(refs, ref())(1.0)
""",
}

OPAQUE_CLEAN = {
    "comprehension_same_type": """
params = [w, b]
def loss_list(p, x):
    return jnp.sum(p[0] * x + p[1])
out, f_vjp = jax.vjp(loss_list, params, x)
f_vjp.with_refs([jax.new_ref(jnp.zeros_like(p)) for p in params], ref())(1.0)
""",
    "dict_from_zip": """
params = {"w": w, "b": b}
out, f_vjp = jax.vjp(loss, params, x)
f_vjp.with_refs(dict(zip(["w", "b"], [ref(), ref()])), ref())(1.0)
""",
}


def test_containers_known_only_by_type() -> None:
    """`[... for ...]`, `{k: v for ...}`, `dict(zip(...))`: the type is known, the children
    are not. A different type is a finding JAX confirms; the same type is silence."""
    check_against_jax(OPAQUE, OPAQUE_CLEAN)


HELPERS = {
    "init_helper_returns_dict": """
def init_params(scale):
    return {"w": jnp.ones(3) * scale, "b": jnp.zeros(3)}
params = init_params(2.0)
out, f_vjp = jax.vjp(loss, params, x)
f_vjp.with_refs((ref(), ref()), ref())(1.0)
""",
    "buffer_helper_on_other_tree": """
def grad_buffers(tree):
    zeros = jax.tree.map(jnp.zeros_like, tree)
    return jax.tree.map(jax.new_ref, zeros)
params = {"w": w, "b": b}
out, f_vjp = jax.vjp(loss, params, x)
f_vjp.with_refs(grad_buffers([w, b]), ref())(1.0)
""",
}

HELPERS_CLEAN = {
    "buffer_helper_on_primals": """
def grad_buffers(tree):
    return jax.tree.map(lambda p: jax.new_ref(jnp.zeros_like(p)), tree)
params = {"w": w, "b": b}
out, f_vjp = jax.vjp(loss, params, x)
f_vjp.with_refs(grad_buffers(params), ref())(1.0)
""",
    "helper_mutates_its_argument": """
def with_bias(tree):
    tree["b"] = jax.new_ref(jnp.zeros(3))
    return tree
params = {"w": w, "b": b}
out, f_vjp = jax.vjp(loss, params, x)
f_vjp.with_refs(with_bias({"w": ref()}), ref())(1.0)
""",
    "helper_with_two_returns": """
import os
def pick(tree):
    if os.environ.get("NEVER_SET_XYZ"):
        return (ref(), ref())
    return jax.tree.map(lambda p: jax.new_ref(jnp.zeros_like(p)), tree)
params = {"w": w, "b": b}
out, f_vjp = jax.vjp(loss, params, x)
f_vjp.with_refs(pick(params), ref())(1.0)
""",
    "helper_with_default_argument": """
def buffers(tree, scale=1.0):
    return jax.tree.map(lambda p: jax.new_ref(jnp.zeros_like(p) * scale), tree)
params = {"w": w, "b": b}
out, f_vjp = jax.vjp(loss, params, x)
f_vjp.with_refs(buffers(params), ref())(1.0)
""",
}


def test_through_the_files_own_helper_functions() -> None:
    """`init_params(...)`, `grad_buffers(tree)`: a plain def whose body ends in its only
    return is followed with the call's arguments; anything less certain stays silent."""
    check_against_jax(HELPERS, HELPERS_CLEAN)


def test_one_line_program_and_repeated_imports() -> None:
    one_line = ('import jax; import jax.numpy as jnp; p = {"w": jnp.ones(3)}; '
                'out, f_vjp = jax.vjp(lambda p: jnp.sum(p["w"]), p); '
                'f_vjp.with_refs((jax.new_ref(jnp.zeros(3)),))(1.0)\n')
    repeated = "import jax\n" + PRELUDE + POSITIVE["dict_vs_tuple"]
    for source in (one_line, repeated):
        assert [f.code for f in analyze(source).findings] == ["JXE001"]
    (result,) = run_programs([one_line])
    assert result["raised"] and result["type"] == "ValueError"
    # Read on the same line before it is bound: NameError comes first, nothing is said.
    early = 'import jax; import jax.numpy as jnp; f_vjp.with_refs((1,)); out, f_vjp = jax.vjp(jnp.sum, {"w": 1.0})\n'
    assert analyze(early).findings == []


NAMED = {
    "namedtuple_params_tuple_refs": """
from typing import NamedTuple
class Params(NamedTuple):
    w: jax.Array
    b: jax.Array
def loss_nt(p, x):
    return jnp.sum(p.w * x + p.b)
params = Params(w, b)
out, f_vjp = jax.vjp(loss_nt, params, x)
f_vjp.with_refs((ref(), ref()), ref())(1.0)
""",
    "collections_namedtuple_vs_dict": """
import collections
Params = collections.namedtuple("Params", "w b")
def loss_nt(p, x):
    return jnp.sum(p.w * x + p.b)
params = Params(w=w, b=b)
out, f_vjp = jax.vjp(loss_nt, params, x)
f_vjp.with_refs({"w": ref(), "b": ref()}, ref())(1.0)
""",
    "namedtuple_nested_field": """
from typing import NamedTuple
class Params(NamedTuple):
    w: jax.Array
    b: jax.Array
def loss_nt(p, x):
    return jnp.sum(p.w * x + p.b)
out, f_vjp = jax.vjp(loss_nt, Params(w, b), x)
f_vjp.with_refs(Params(ref(), (ref(), ref())), ref())(1.0)
""",
}

NAMED_CLEAN = {
    "namedtuple_refs_mirror": """
from typing import NamedTuple
class Params(NamedTuple):
    w: jax.Array
    b: jax.Array
def loss_nt(p, x):
    return jnp.sum(p.w * x + p.b)
params = Params(w, b)
out, f_vjp = jax.vjp(loss_nt, params, x)
f_vjp.with_refs(jax.tree.map(lambda p: jax.new_ref(jnp.zeros_like(p)), params), ref())(1.0)
f_vjp.with_refs(Params(b=ref(), w=ref()), ref())(1.0)
""",
}


def test_namedtuples_defined_in_the_file() -> None:
    """NamedTuple classes of the file are pytree nodes of their own type (JAX prints
    `<class '__main__.Params'>` for a program run as a script) with `.field` children."""
    check_against_jax(NAMED, NAMED_CLEAN)

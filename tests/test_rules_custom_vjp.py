"""JXE002 (logs not None or a dict) and JXE003 (bwd not returning a pair).

Positive cases are complete programs, run under real JAX 0.12.0.1: each must raise the
TypeError the finding predicts (for JXE002, with the same type name). Runnable negative cases
must run clean under JAX and get no finding.
"""

from __future__ import annotations

import pytest

from jaxerr_lsp.engine import analyze
from tests.jax_runner import run_programs

PRELUDE = """\
import functools
from collections import OrderedDict, defaultdict
import jax
import jax.numpy as jnp
from jax import custom_vjp

@jax.custom_vjp
def f(x, y):
    return x * y

def f_fwd(x, y):
    return f(x, y), (x, y)

@jax.custom_vjp
def g1(x):
    return jnp.sin(x)

def g1_fwd(x):
    return g1(x), x
"""

GRAD_F = "\njax.grad(f)(1.0, 2.0)\n"
GRAD_G = "\njax.grad(g1)(1.0)\n"

# name -> (body, expected code, expected JAX type name for JXE002 or None)
POSITIVE = {
    "logs_list": ("""
def f_bwd(res, g):
    x, y = res
    return (g * y, g * x), [g]
f.defvjp_with_logs(f_fwd, f_bwd)""" + GRAD_F, "JXE002", "list"),
    "logs_tuple": ("""
def f_bwd(res, g):
    x, y = res
    return (g * y, g * x), (g, g)
f.defvjp_with_logs(f_fwd, f_bwd)""" + GRAD_F, "JXE002", "tuple"),
    "logs_set": ("""
def f_bwd(res, g):
    x, y = res
    return (g * y, g * x), {1, 2}
f.defvjp_with_logs(f_fwd, f_bwd)""" + GRAD_F, "JXE002", "set"),
    "logs_string": ("""
def f_bwd(res, g):
    x, y = res
    return (g * y, g * x), "grad"
f.defvjp_with_logs(f_fwd, f_bwd)""" + GRAD_F, "JXE002", "str"),
    "logs_fstring": ("""
def f_bwd(res, g):
    x, y = res
    return (g * y, g * x), f"g={g}"
f.defvjp_with_logs(f_fwd, f_bwd)""" + GRAD_F, "JXE002", "str"),
    "logs_number": ("""
def f_bwd(res, g):
    x, y = res
    return (g * y, g * x), 0.5
f.defvjp_with_logs(f_fwd, f_bwd)""" + GRAD_F, "JXE002", "float"),
    "logs_array_call": ("""
def f_bwd(res, g):
    x, y = res
    return (g * y, g * x), jnp.stack([x, y])
f.defvjp_with_logs(f_fwd, f_bwd)""" + GRAD_F, "JXE002", "ArrayImpl"),
    "logs_array_method": ("""
def f_bwd(res, g):
    x, y = res
    return (g * y, g * x), g.sum()
f.defvjp_with_logs(f_fwd, f_bwd)""" + GRAD_F, "JXE002", "ArrayImpl"),
    "logs_ref": ("""
def f_bwd(res, g):
    x, y = res
    return (g * y, g * x), jax.new_ref(g)
f.defvjp_with_logs(f_fwd, f_bwd)""" + GRAD_F, "JXE002", "Ref"),
    "logs_from_local_helper": ("""
def gather(*values):
    return list(values)
def f_bwd(res, g):
    x, y = res
    return (g * y, g * x), gather(x, y)
f.defvjp_with_logs(f_fwd, f_bwd)""" + GRAD_F, "JXE002", "list"),
    "logs_ordered_dict": ("""
def f_bwd(res, g):
    x, y = res
    return (g * y, g * x), OrderedDict(g=g)
f.defvjp_with_logs(f_fwd, f_bwd)""" + GRAD_F, "JXE002", "OrderedDict"),
    "logs_defaultdict": ("""
def f_bwd(res, g):
    x, y = res
    logs = defaultdict(list)
    return (g * y, g * x), logs
f.defvjp_with_logs(f_fwd, f_bwd)""" + GRAD_F, "JXE002", "defaultdict"),
    "logs_through_local_name": ("""
def f_bwd(res, g):
    x, y = res
    logs = [x, y]
    logs.append(g)
    return (g * y, g * x), logs
f.defvjp_with_logs(f_fwd, f_bwd)""" + GRAD_F, "JXE002", "list"),
    "pair_through_local_name": ("""
def f_bwd(res, g):
    x, y = res
    out = ((g * y, g * x), [g])
    return out
f.defvjp_with_logs(f_fwd, f_bwd)""" + GRAD_F, "JXE002", "list"),
    "lambda_bwd": ("""
g1.defvjp_with_logs(g1_fwd, lambda x, g: ((g * jnp.cos(x),), [g]))""" + GRAD_G, "JXE002", "list"),
    "bwd_defined_after_registration": ("""
def register():
    g1.defvjp_with_logs(g1_fwd, late_bwd)
def late_bwd(x, g):
    return (g * jnp.cos(x),), ["late"]
register()""" + GRAD_G, "JXE002", "list"),
    "custom_vjp_by_call": ("""
def h_impl(x):
    return jnp.sin(x)
h = jax.custom_vjp(h_impl)
h.defvjp_with_logs(lambda x: (h(x), x), lambda x, g: ((g * jnp.cos(x),), "log"))
jax.grad(h)(1.0)""", "JXE002", "str"),
    "from_import_custom_vjp_partial": ("""
@functools.partial(custom_vjp, nondiff_argnums=(0,))
def k(n, x):
    return x * n
def k_fwd(n, x):
    return k(n, x), x
def k_bwd(n, x, g):
    return (g * n,), [n]
k.defvjp_with_logs(k_fwd, k_bwd)
jax.grad(k, argnums=1)(2.0, 1.0)""", "JXE002", "list"),
    "forgot_logs_two_cotangents": ("""
def f_bwd(res, g):
    x, y = res
    return g * y, g * x
f.defvjp_with_logs(f_fwd, f_bwd)""" + GRAD_F, "JXE002", "ArrayImpl"),
    "one_path_of_several": ("""
def f_bwd(res, g):
    x, y = res
    if jnp.ndim(x) > 5:
        return (g * y, g * x), None
    return (g * y, g * x), ["only here"]
f.defvjp_with_logs(f_fwd, f_bwd)""" + GRAD_F, "JXE002", "list"),
    "not_pair_one_tuple": ("""
def g1_bwd(x, g):
    return (g * jnp.cos(x),)
g1.defvjp_with_logs(g1_fwd, g1_bwd)""" + GRAD_G, "JXE003", None),
    "not_pair_three_tuple": ("""
def f_bwd(res, g):
    x, y = res
    return g * y, g * x, {"g": g}
f.defvjp_with_logs(f_fwd, f_bwd)""" + GRAD_F, "JXE003", None),
    "not_pair_none": ("""
def g1_bwd(x, g):
    return None
g1.defvjp_with_logs(g1_fwd, g1_bwd)""" + GRAD_G, "JXE003", None),
    "not_pair_bare_array": ("""
def g1_bwd(x, g):
    return g * jnp.cos(x)
g1.defvjp_with_logs(g1_fwd, g1_bwd)""" + GRAD_G, "JXE003", None),
    "not_pair_dict": ("""
def g1_bwd(x, g):
    return {"ct": g}
g1.defvjp_with_logs(g1_fwd, g1_bwd)""" + GRAD_G, "JXE003", None),
}

NEGATIVE_RUNNABLE = {
    "logs_dict": """
def f_bwd(res, g):
    x, y = res
    return (g * y, g * x), {"g": g}
f.defvjp_with_logs(f_fwd, f_bwd)""" + GRAD_F,
    "logs_none": """
def f_bwd(res, g):
    x, y = res
    return (g * y, g * x), None
f.defvjp_with_logs(f_fwd, f_bwd)""" + GRAD_F,
    "logs_dict_call_and_comprehension": """
def f_bwd(res, g):
    x, y = res
    if jnp.ndim(x) > 3:
        return (g * y, g * x), {k: g for k in "ab"}
    return (g * y, g * x), dict(g=g)
f.defvjp_with_logs(f_fwd, f_bwd)""" + GRAD_F,
    "plain_defvjp_returns_list": """
def f_bwd(res, g):
    x, y = res
    return [g * y, g * x]
f.defvjp(f_fwd, f_bwd)""" + GRAD_F,
    "plain_defvjp_lambda": """
g1.defvjp(g1_fwd, lambda x, g: (g * jnp.cos(x),))""" + GRAD_G,
    "logs_rebound": """
def f_bwd(res, g):
    x, y = res
    logs = [g]
    logs = {"g": g}
    return (g * y, g * x), logs
f.defvjp_with_logs(f_fwd, f_bwd)""" + GRAD_F,
    "logs_conditionally_bound": """
def f_bwd(res, g):
    x, y = res
    if jnp.ndim(x) > 3:
        logs = [g]
    else:
        logs = {"g": g}
    return (g * y, g * x), logs
f.defvjp_with_logs(f_fwd, f_bwd)""" + GRAD_F,
    "logs_from_helper": """
def make_logs(g):
    return {"g": g}
def f_bwd(res, g):
    x, y = res
    return (g * y, g * x), make_logs(g)
f.defvjp_with_logs(f_fwd, f_bwd)""" + GRAD_F,
    "pair_from_helper": """
def both(g, x, y):
    return (g * y, g * x), None
def f_bwd(res, g):
    x, y = res
    return both(g, x, y)
f.defvjp_with_logs(f_fwd, f_bwd)""" + GRAD_F,
    "users_own_defvjp_with_logs": """
class Registry:
    def defvjp_with_logs(self, fwd, bwd):
        return bwd(None, None)
Registry().defvjp_with_logs(None, lambda r, g: [1, 2, 3])
""",
    "nested_helper_returns_list": """
def f_bwd(res, g):
    x, y = res
    def helper():
        return [1, 2, 3]
    helper()
    return (g * y, g * x), None
f.defvjp_with_logs(f_fwd, f_bwd)""" + GRAD_F,
    "pair_from_comprehension": """
def f_bwd(res, g):
    x, y = res
    return [v for v in ((g * y, g * x), None)]
f.defvjp_with_logs(f_fwd, f_bwd)""" + GRAD_F,
    "one_argument_int_times": """
def g1_bwd(x, g):
    return (g * jnp.cos(x),), None
g1.defvjp_with_logs(g1_fwd, g1_bwd)""" + GRAD_G,
}

NEGATIVE_STATIC = {
    "bwd_used_before_its_def": PRELUDE + """
g1.defvjp_with_logs(g1_fwd, late_bwd)  # NameError at run time, not a JAX error
def late_bwd(x, g):
    return (g * jnp.cos(x),), ["late"]
""",
    "custom_vjp_from_other_module": """
from mylib import f, f_fwd
def f_bwd(res, g):
    return (g,), [g]
f.defvjp_with_logs(f_fwd, f_bwd)
""",
    "bwd_from_other_module": PRELUDE + """
from mylib import f_bwd
f.defvjp_with_logs(f_fwd, f_bwd)
""",
    "bwd_decorated": PRELUDE + """
from mylib import wrap
@wrap
def f_bwd(res, g):
    return (g, g), [g]
f.defvjp_with_logs(f_fwd, f_bwd)
""",
    "jit_outside_custom_vjp": """
import jax
@jax.jit
@jax.custom_vjp
def f(x):
    return x
f.defvjp_with_logs(lambda x: (x, None), lambda r, g: ((g,), [g]))
""",
    "logs_parameter": PRELUDE + """
def make_bwd(extra):
    def f_bwd(res, g):
        return (g, g), extra
    return f_bwd
""",
    "generator_bwd": PRELUDE + """
def f_bwd(res, g):
    yield (g, g), [g]
f.defvjp_with_logs(f_fwd, f_bwd)
""",
    "tuple_times_int_unknown": PRELUDE + """
def f_bwd(res, g):
    x, y = res
    return g * 2, g * 2
f.defvjp_with_logs(f_fwd, f_bwd)
""",
}


@pytest.fixture(scope="module")
def jax_results() -> dict[str, dict]:
    names = [*POSITIVE, *NEGATIVE_RUNNABLE]
    sources = [PRELUDE + (POSITIVE[n][0] if n in POSITIVE else NEGATIVE_RUNNABLE[n]) for n in names]
    return dict(zip(names, run_programs(sources)))


@pytest.mark.parametrize("name", sorted(POSITIVE))
def test_positive_predicts_jax(name: str, jax_results: dict[str, dict]) -> None:
    body, code, type_name = POSITIVE[name]
    findings = analyze(PRELUDE + body, path="case.py").findings
    assert [f.code for f in findings] == [code], findings
    result = jax_results[name]
    assert result["raised"] and result["type"] == "TypeError", result
    if code == "JXE002":
        assert "must be None or a dict of backward-pass log entries" in result["message"]
        assert result["message"].endswith(f"but got {type_name}."), result["message"]
        assert f"but got {type_name}." in findings[0].message
        assert findings[0].data["logs_type"] == type_name
    else:
        assert "must produce a pair (in_cts, logs)" in result["message"]
        assert "must produce a pair (in_cts, logs)" in findings[0].message


@pytest.mark.parametrize("name", sorted(NEGATIVE_RUNNABLE))
def test_negative_runs_clean_and_is_silent(name: str, jax_results: dict[str, dict]) -> None:
    assert analyze(PRELUDE + NEGATIVE_RUNNABLE[name], path="case.py").findings == []
    assert not jax_results[name]["raised"], jax_results[name]


@pytest.mark.parametrize("name", sorted(NEGATIVE_STATIC))
def test_negative_static_is_silent(name: str) -> None:
    assert analyze(NEGATIVE_STATIC[name], path="case.py").findings == []


def _text(source: str, finding) -> str:
    lines = source.splitlines()
    span = finding.span
    assert span.start_line == span.end_line
    return lines[span.start_line - 1][span.start_column:span.end_column]


def test_logs_range_is_the_logs_element() -> None:
    source = PRELUDE + POSITIVE["logs_list"][0]
    (finding,) = analyze(source).findings
    assert _text(source, finding) == "[g]"
    assert finding.data["elements"] == [{"source": "g", "name": "g"}]
    related_line = source.splitlines()[finding.related[0].span.start_line - 1]
    assert "defvjp_with_logs" in related_line


def test_logs_through_name_points_at_the_name_in_the_return() -> None:
    source = PRELUDE + POSITIVE["logs_through_local_name"][0]
    (finding,) = analyze(source).findings
    assert _text(source, finding) == "logs"
    assert [e["name"] for e in finding.data["elements"]] == ["x", "y"]


def test_forgotten_logs_is_explained() -> None:
    source = PRELUDE + POSITIVE["forgot_logs_two_cotangents"][0]
    (finding,) = analyze(source).findings
    assert finding.data["missing_logs"] is True
    assert "two cotangents and no logs" in finding.message
    assert _text(source, finding) == "g * x"


def test_not_pair_range_is_the_returned_value() -> None:
    source = PRELUDE + POSITIVE["not_pair_one_tuple"][0]
    (finding,) = analyze(source).findings
    assert _text(source, finding) == "(g * jnp.cos(x),)"
    assert "a tuple of length 1" in finding.message


def test_bwd_without_any_return_returns_none() -> None:
    source = PRELUDE + """
def g1_bwd(x, g):
    ct = g * jnp.cos(x)
g1.defvjp_with_logs(g1_fwd, g1_bwd)
"""
    (finding,) = analyze(source).findings
    assert finding.code == "JXE003" and "but got None" in finding.message
    assert _text(source, finding) == "g1_bwd"
    (result,) = run_programs([source + GRAD_G])
    assert result["raised"] and result["type"] == "TypeError"
    assert result["message"].endswith("must produce a pair (in_cts, logs), but got None.")


def test_bwd_that_only_raises_is_silent() -> None:
    source = PRELUDE + """
def g1_bwd(x, g):
    raise NotImplementedError("no gradient")
g1.defvjp_with_logs(g1_fwd, g1_bwd)
"""
    assert analyze(source).findings == []

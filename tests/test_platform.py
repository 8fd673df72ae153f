"""The rule platform's shared pieces: lookups by qualified name, the argument binder (checked
against Python's own binding), the value inference, and typed rule data across JSON."""

from __future__ import annotations

import ast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jaxerr_lsp.engine.run import analyze
from jaxerr_lsp.analysis.model import ModuleModel
from jaxerr_lsp.engine.registry import finding_from_json
from jaxerr_lsp.analysis.values import Inference, Signature, bind_arguments

CALLS = """
import functools
from functools import partial
import jax
import jax as J
from jax import jit
from jax import jit as compile_it

jax.jit(f1)
J.jit(f2)
jit(f3)
compile_it(f4)
functools.partial(jax.jit, static_argnums=0)(f5)
p = partial(J.jit, donate_argnums=1)
jax.grad(f6)
other.jit(f7)

def shadow(jit):
    jit(f8)
"""


def _unparse_all(nodes) -> list[str]:
    return [ast.unparse(n) for n in nodes]


def test_calls_to_finds_every_import_form_and_partials() -> None:
    model = ModuleModel(ast.parse(CALLS))
    sites = model.calls_to("jax.jit")
    assert [ast.unparse(s.call) for s in sites] == [
        "jax.jit(f1)", "J.jit(f2)", "jit(f3)", "compile_it(f4)",
        "functools.partial(jax.jit, static_argnums=0)(f5)", "partial(J.jit, donate_argnums=1)"]
    assert [_unparse_all(s.args) for s in sites] == [["f1"], ["f2"], ["f3"], ["f4"], ["f5"], []]
    assert [s.complete for s in sites] == [True] * 5 + [False]
    assert [k.arg for k in sites[4].keywords] == ["static_argnums"]
    assert [ast.unparse(s.call) for s in model.calls_to("jax.grad")] == ["jax.grad(f6)"]


DECORATED = """
import functools
import jax
from jax import custom_vjp

@jax.custom_vjp
def a(x): ...

@functools.partial(jax.custom_vjp, nondiff_argnums=(0,))
def b(n, x): ...

@other
@custom_vjp
def c(x): ...

@make_decorator(jax.custom_vjp)
def d(x): ...

@jax.jit
class E: ...
"""


def test_decorations_resolve_like_calls() -> None:
    model = ModuleModel(ast.parse(DECORATED))
    found = model.decorations("jax.custom_vjp")
    assert [(d.target.name, d.position) for d in found] == [("a", 0), ("b", 0), ("c", 1)]
    assert [k.arg for k in found[1].keywords] == ["nondiff_argnums"]
    assert [d.target.name for d in model.decorations("jax.jit")] == ["E"]
    assert [f.name for f in model.functions] == ["a", "b", "c", "d"]  # type: ignore[union-attr]
    assert [c.name for c in model.classes] == ["E"]


# ---------------------------------------------------------------- the binder against Python
NAMES = ["a", "b", "c", "d"]


@st.composite
def signatures_and_calls(draw) -> tuple[str, str]:
    names = draw(st.permutations(NAMES))
    n_pos = draw(st.integers(0, 3))
    n_posonly = draw(st.integers(0, n_pos))
    n_kwonly = draw(st.integers(0, 4 - n_pos))
    positional, kwonly = names[:n_pos], names[n_pos:n_pos + n_kwonly]
    n_defaults = draw(st.integers(0, n_pos))
    params = []
    for i, name in enumerate(positional):
        params.append(name + ("=0" if i >= n_pos - n_defaults else ""))
        if i == n_posonly - 1:
            params.append("/")
    if draw(st.booleans()):
        params.append("*args")
    elif kwonly:
        params.append("*")
    params += [name + draw(st.sampled_from(["", "=1"])) for name in kwonly]
    if draw(st.booleans()):
        params.append("**kwargs")
    n_args = draw(st.integers(0, 4))
    keywords = draw(st.lists(st.sampled_from([*NAMES, "e"]), max_size=3, unique=True))
    args = [f"x{i}" for i in range(n_args)] + [f"{k}=k{k}" for k in keywords]
    return f"def f({', '.join(params)}): pass", f"f({', '.join(args)})"


@settings(max_examples=400, deadline=None)
@given(signatures_and_calls())
def test_bind_arguments_binds_as_python_does(case: tuple[str, str]) -> None:
    definition, call_text = case
    function = ast.parse(definition).body[0]
    call = ast.parse(call_text, mode="eval").body
    assert isinstance(function, ast.FunctionDef) and isinstance(call, ast.Call)
    # Python itself binds: the function returns its locals; arguments are their own names.
    namespace: dict = {f"x{i}": f"x{i}" for i in range(4)} | {f"k{n}": f"k{n}" for n in [*NAMES, "e"]}
    exec(definition.replace("pass", "return dict(locals())"), namespace)
    try:
        python = eval(call_text, namespace)
    except TypeError:
        python = None
    ours = bind_arguments(Signature.of(function.args), call.args, call.keywords)
    if python is None:
        assert ours is None, (definition, call_text)
        return
    assert ours is not None, (definition, call_text)
    ours_text = {k: ast.unparse(v) for k, v in ours.given.items()}
    signature = Signature.of(function.args)
    if signature.vararg:
        ours_text[signature.vararg] = tuple(ast.unparse(v) for v in ours.extra_positional)
    if signature.kwarg:
        ours_text[signature.kwarg] = {k: ast.unparse(v) for k, v in ours.extra_keywords}
    # defaults are values in Python (0, 1) and source text for us ("0", "1")
    assert {k: str(v) if isinstance(v, int) else v for k, v in python.items()} == ours_text


# ---------------------------------------------------------------- one value inference
VALUES = """
import collections
import jax
import jax.numpy as jnp

def helper(a, b=(1, 2), *rest, scale=None, **extra):
    return {"a": a, "b": b, "rest": rest, "extra": extra}

w = jnp.ones(3)
pair = (w, [w, w])
d = helper(w, k=w)
od = collections.OrderedDict(x=1)
grown = [1, 2]
grown.append(3)
refs = jax.tree.map(jax.new_ref, {"w": w})
"""


@pytest.mark.parametrize("expr, type_name, structure", [
    ("w", "ArrayImpl", "*"),
    ("pair", "tuple", "(*, [*, *])"),
    ("pair[1]", "list", "[*, *]"),
    ("d", "dict", "{'a': *, 'b': (*, *), 'extra': {'k': *}, 'rest': ()}"),
    ("od", "OrderedDict", "?"),
    ("grown", "list", "?"),
    ("refs", "dict", "{'w': *}"),
    ("w * 2", "ArrayImpl", "*"),
    ("unknown_name", None, "?"),
])
def test_value_gives_type_and_structure(expr: str, type_name: str | None, structure: str) -> None:
    from jaxerr_lsp.analysis.pytree import describe

    tree = ast.parse(VALUES + f"\n{expr}\n")  # a bare expression: it only reads its names
    probe = tree.body[-1]
    assert isinstance(probe, ast.Expr)
    value = Inference(ModuleModel(tree)).value(probe.value)
    assert (value.type, describe(value.tree)) == (type_name, structure)


def test_leaf_types_of_the_tree_are_jax_type_names() -> None:
    tree = ast.parse(VALUES + "\nrefs\n")
    probe = tree.body[-1]
    assert isinstance(probe, ast.Expr)
    value = Inference(ModuleModel(tree)).value(probe.value)
    assert [child.kind for _, child in value.tree.entries] == ["Ref"]  # type: ignore[union-attr]


# ---------------------------------------------------------------- typed data across JSON
@pytest.mark.parametrize("mangle", [
    lambda w: {**w, "code": "JXE999"},
    lambda w: {**w, "span": [1, 2, 3]},
    lambda w: {**w, "data": {**w["data"], next(iter(w["data"])): {"not": "the type"}}},
    lambda w: {**w, "data": {}},
    lambda w: "not an object",
])
def test_malformed_finding_json_is_refused(mangle) -> None:
    source = """import jax
import jax.numpy as jnp
def loss(p, x):
    return jnp.sum(p["w"] * x)
params = {"w": jnp.ones(3)}
x = jnp.ones(3)
out, f_vjp = jax.vjp(loss, params, x)
f_vjp.with_refs((jax.new_ref(jnp.zeros(3)),), jax.new_ref(jnp.zeros(3)))
"""
    (finding,) = analyze(source).findings
    assert finding_from_json(mangle(finding.to_json())) is None

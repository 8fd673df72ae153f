"""The lookups JXE107-JXE109 share (jaxerr_lsp/families/reverse_loops.py, axis_names.py,
x64_requests.py), asked directly on small programs: what each one counts and what it leaves
out. (The rule cases in tests/cases/ run the same forms under real JAX.)"""

from __future__ import annotations

import ast

import pytest

from jaxerr_lsp.analysis.model import ModuleModel
from jaxerr_lsp.core.source import parse_source
from jaxerr_lsp.engine.rule import Context
from jaxerr_lsp.families.axis_names import runs_at_module_level, unbound_collectives
from jaxerr_lsp.families.reverse_loops import reverse_mode_loops
from jaxerr_lsp.families.x64_requests import dtype_named, x64_requests

HEADER = "import jax\nimport jax.numpy as jnp\nimport numpy as np\nfrom jax import lax\n"


def context(body: str) -> Context:
    parsed = parse_source(HEADER + body)
    assert parsed.tree is not None
    return Context(parsed, ModuleModel(parsed.tree))


def last_value(ctx: Context) -> ast.expr:
    assert ctx.parsed.tree is not None
    statement = ctx.parsed.tree.body[-1]
    assert isinstance(statement, (ast.Assign, ast.Expr))
    return statement.value


# ------------------------------------------------------------------------ x64_requests
@pytest.mark.parametrize("expr,dtype", [
    ("jnp.float64", "float64"), ("np.float64", "float64"), ("'float64'", "float64"),
    ("'double'", "float64"), ("np.double", "float64"), ("jnp.int64", "int64"),
    ("np.uint64", "uint64"), ("jnp.complex128", "complex128"), ("np.dtype('float64')", "float64"),
    ("jnp.dtype(jnp.int64)", "int64"),
    ("float", None), ("jnp.float32", None), ("'float32'", None), ("some.float64", None),
])
def test_dtype_named(expr: str, dtype: str | None) -> None:
    ctx = context(f"x = {expr}\n")
    assert dtype_named(ctx, last_value(ctx)) == dtype


def test_a_name_bound_once_to_a_dtype_is_followed() -> None:
    ctx = context("D = jnp.float64\nx = D\n")
    assert dtype_named(ctx, last_value(ctx)) == "float64"


@pytest.mark.parametrize("line,function", [
    ("jnp.zeros(3, dtype=jnp.float64)", "zeros"),
    ("jnp.zeros(3, jnp.float64)", "zeros"),
    ("jnp.full((2,), 1.0, 'float64')", "full"),
    ("jnp.arange(0, 3, 1, jnp.int64)", "arange"),
    ("jnp.ones(3).astype(np.float64)", "astype"),
    ("jnp.astype(jnp.ones(3), jnp.float64)", "astype"),
    ("lax.convert_element_type(jnp.ones(3), new_dtype=jnp.float64)", "convert_element_type"),
    ("jnp.float64(1.0)", "asarray"),
    ("jnp.sum(jnp.ones(3), dtype=jnp.float64)", "sum"),
])
def test_requests(line: str, function: str) -> None:
    requests = x64_requests(context(f"x = {line}\n"))
    assert [r.function for r in requests] == [function]


@pytest.mark.parametrize("line", [
    "np.zeros(3, dtype=np.float64)",  # NumPy's own function
    "np.ones(3).astype(np.float64)",  # NumPy's astype
    "jnp.zeros(3, dtype=float)",  # JAX's default float: no warning
    "jnp.sum([1.0, 2.0], dtype=jnp.float64)",  # a list: TypeError first
    "jnp.arange(3, jnp.float64)",  # the dtype is not at its position
    "jnp.finfo(jnp.float64)",
])
def test_not_requests(line: str) -> None:
    assert x64_requests(context(f"x = {line}\n")) == []


def test_an_astype_on_a_parameter_is_not_a_request() -> None:
    assert x64_requests(context("def f(x):\n    return x.astype(jnp.float64)\n")) == []


# ------------------------------------------------------------------------ axis_names
@pytest.mark.parametrize("body,runs", [
    ("lax.psum(jnp.ones(2), 'i')\n", True),
    ("y = print(lax.psum(jnp.ones(2), 'i'))\n", True),
    ("if __name__ == '__main__':\n    lax.psum(jnp.ones(2), 'i')\n", True),
    ("if True:\n    lax.psum(jnp.ones(2), 'i')\n", False),
    ("with open('f'):\n    lax.psum(jnp.ones(2), 'i')\n", False),
    ("try:\n    lax.psum(jnp.ones(2), 'i')\nexcept NameError:\n    pass\n", False),
    ("y = [lax.psum(v, 'i') for v in (1.0,)]\n", False),
    ("y = None or lax.psum(jnp.ones(2), 'i')\n", False),
])
def test_runs_at_module_level(body: str, runs: bool) -> None:
    ctx = context(body)
    call = next(c for c in ctx.model.calls_in(ctx.parsed.tree)  # type: ignore[arg-type]
                if isinstance(c.func, ast.Attribute) and c.func.attr == "psum")
    assert runs_at_module_level(ctx, call) is runs


@pytest.mark.parametrize("body,found", [
    ("def f(x):\n    return lax.psum(x, 'i')\nf(jnp.ones(2))\n", [("psum", "i", False)]),
    ("@jax.jit\ndef f(x):\n    return lax.pmean(x, 'j')\nf(jnp.ones(2))\n", [("pmean", "j", True)]),
    ("def f(x):\n    return lax.psum(x, 'i')\ng = jax.jit(f)\ng(1.0)\n", [("psum", "i", True)]),
    # not called, called under vmap, guarded, a name that is not a literal, a mesh set
    ("def f(x):\n    return lax.psum(x, 'i')\n", []),
    ("def f(x):\n    return lax.psum(x, 'i')\njax.vmap(f, axis_name='i')(jnp.ones(2))\n", []),
    ("def f(x):\n    if x is None:\n        return x\n    return lax.psum(x, 'i')\nf(jnp.ones(2))\n", []),
    ("def f(x, name):\n    return lax.psum(x, name)\nf(jnp.ones(2), 'i')\n", []),
    ("jax.set_mesh(None)\nlax.psum(jnp.ones(2), 'i')\n", []),
    ("def f(x):\n    return lax.psum(x, 'i')\nf(unknown)\n", []),
])
def test_unbound_collectives(body: str, found: list[tuple[str, str, bool]]) -> None:
    got = unbound_collectives(context(body))
    assert [(u.function, u.axis_name, u.jitted) for u in got] == found


# ------------------------------------------------------------------------ reverse_loops
@pytest.mark.parametrize("body,kinds", [
    ("def f(x):\n    return lax.while_loop(lambda c: c < 9.0, lambda c: c * 2.0, x)\n"
     "jax.grad(f)(1.0)\n", ["while_loop"]),
    ("def f(x):\n    return lax.while_loop(lambda c: c < 9.0, lambda c: c * 2.0, x)\n"
     "jax.jacfwd(f)(1.0)\n", []),  # forward mode
    ("def f(x, n):\n    return lax.fori_loop(0, n, lambda i, c: c * 2.0, x)\n"
     "jax.grad(f)(1.0, 3)\n", []),  # concrete bounds: a scan
    ("def f(x, n):\n    return lax.fori_loop(0, n, lambda i, c: c * 2.0, x)\n"
     "jax.jit(jax.grad(f))(1.0, 3)\n", ["fori_loop"]),  # traced bounds: a while loop
    ("def f(x):\n    return lax.while_loop(lambda c: c < 9.0, lambda c: c * 2.0, x)\n"
     "jax.grad(f)(jnp.ones(3))\n", []),  # a vector output: JXE091 first
    ("def f(x):\n    return jnp.round(lax.while_loop(lambda c: c < 9.0, lambda c: c * 2.0, x))\n"
     "jax.grad(f)(1.0)\n", []),  # the output drops the loop's tangent
    ("def f(x):\n    return lax.while_loop(lambda c: c < 9, lambda c: c * 2, x)\n"
     "jax.grad(f)(1)\n", []),  # an integer input: JXE090 first
])
def test_reverse_mode_loops(body: str, kinds: list[str]) -> None:
    assert [r.kind for r in reverse_mode_loops(context(body))] == kinds

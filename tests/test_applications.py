"""Applications of transformed functions (`jaxerr_lsp.analysis.applications`) and the traced
scalars they make, against the real JAX.

Each program defines a function whose parameter `n` is given a Python number or bool at the
call the program makes; inside, it prints whether `n` is a scalar array tracer. The tracing
model must say the same (`TracedFunction.scalars`): a number passed for a traced parameter of
jit, checkpoint, make_jaxpr, eval_shape or a lax body is a scalar tracer; for a static
parameter, under vmap or grad alone, it is the Python number. The silent forms (a call inside
`try` with handlers, `*args`, a method, options not written out) are checked without JAX.
"""

from __future__ import annotations

import ast
import textwrap

import pytest

from jaxerr_lsp.analysis.model import ModuleModel
from jaxerr_lsp.analysis.tracing import Tracing
from tests.jax_runner import Program, run_programs

HEADER = """\
import functools
import jax
import jax.numpy as jnp
from jax import lax


def probe(n):
    print("SCALAR-TRACER", isinstance(n, jax.core.Tracer) and jnp.ndim(n) == 0)


x = jnp.ones(3)
xs = jnp.ones((2, 3))
"""

# name -> (program after HEADER, whether `n` is a scalar tracer in JAX and in the model)
PROGRAMS: dict[str, tuple[str, bool]] = {
    "decorated": ("""
@jax.jit
def f(x, n):
    probe(n)
    return x
f(x, 5)
""", True),
    "assigned": ("""
def f(x, n):
    probe(n)
    return x
g = jax.jit(f)
g(x, 2.5)
""", True),
    "rebound_same_name": ("""
def f(x, n):
    probe(n)
    return x
f = jax.jit(f)
f(x, -3)
""", True),
    "direct_keyword_bool": ("""
def f(x, n):
    probe(n)
    return x
jax.jit(f)(x, n=True)
""", True),
    "default_given": ("""
@jax.jit
def f(x, n=False):
    probe(n)
    return x
f(x, True)
""", True),
    "constant_name": ("""
STEPS = 4
@jax.jit
def f(x, n):
    probe(n)
    return x
f(x, STEPS)
""", True),
    "partial_static": ("""
def f(x, n):
    probe(n)
    return x
functools.partial(jax.jit, static_argnums=1)(f)(x, 5)
""", False),
    "static_argnames_decorator": ("""
@jax.jit(static_argnames="n")
def f(x, n):
    probe(n)
    return x
f(x, 5)
""", False),
    "partial_other_static": ("""
@functools.partial(jax.jit, static_argnums=0)
def f(k, x, n):
    probe(n)
    return x
f(1, x, 5)
""", True),
    "jit_of_vmap_unmapped": ("""
def f(x, n):
    probe(n)
    return x
jax.jit(jax.vmap(f, in_axes=(0, None)))(xs, 5)
""", True),
    "jit_of_grad_undifferentiated": ("""
def f(x, n):
    probe(n)
    return jnp.sum(x)
jax.jit(jax.grad(f))(x, 5.0)
""", True),
    "vmap_alone": ("""
def f(x, n):
    probe(n)
    return x
jax.vmap(f, in_axes=(0, None))(xs, 5)
""", False),
    "grad_alone": ("""
def f(x, n):
    probe(n)
    return jnp.sum(x)
jax.grad(f)(x, 5.0)
""", False),
    "checkpoint": ("""
def f(x, n):
    probe(n)
    return x
jax.checkpoint(f)(x, 5)
""", True),
    "make_jaxpr": ("""
def f(x, n):
    probe(n)
    return x
jax.make_jaxpr(f)(x, 5)
""", True),
    "eval_shape": ("""
def f(x, n):
    probe(n)
    return x
jax.eval_shape(f, x, 5)
""", True),
    "fori_loop_init": ("""
def f(i, n):
    probe(n)
    return n
lax.fori_loop(0, 2, f, 0)
""", True),
    "scan_carry": ("""
def f(n, y):
    probe(n)
    return n, y
lax.scan(f, 0.0, xs)
""", True),
    "while_loop_init": ("""
def f(n):
    probe(n)
    return n + 1
lax.while_loop(lambda v: v < 3, f, 0)
""", True),
    "cond_operand": ("""
def f(n):
    probe(n)
    return n
lax.cond(True, f, lambda v: v, 1.0)
""", True),
}


def model_says(program: str) -> bool:
    tree = ast.parse(HEADER + program)
    tracing = Tracing(ModuleModel(tree))
    return any(f.name == "f" and "n" in f.scalars for f in tracing.functions)


def test_the_model_agrees_with_jax() -> None:
    names = list(PROGRAMS)
    results = run_programs([Program(HEADER + PROGRAMS[name][0]) for name in names])
    for name, result in zip(names, results):
        source, expected = PROGRAMS[name]
        assert not result.raised, (name, str(result))
        seen = {line.split()[1] == "True" for line in result.stdout.splitlines()
                if line.startswith("SCALAR-TRACER")}
        assert seen == {expected}, (name, result.stdout)
        assert model_says(source) is expected, name


@pytest.mark.parametrize("source", [
    # a call inside `try` with handlers may be meant to fail
    """
    @jax.jit
    def f(x, n):
        return x
    try:
        f(x, 5)
    except TypeError:
        pass
    """,
    # the argument is not shown
    """
    @jax.jit
    def f(x, n):
        return x
    args = (x, 5)
    f(*args)
    """,
    # the options are not written out
    """
    OPTIONS = {"static_argnums": 1}
    def f(x, n):
        return x
    jax.jit(f, **OPTIONS)(x, 5)
    """,
    # a method: the call passes self too
    """
    class Model:
        @functools.partial(jax.jit, static_argnums=0)
        def f(self, x, n):
            return x
    Model().f(x, 5)
    """,
    # the name is rebound in a branch: which function runs is not certain
    """
    def f(x, n):
        return x
    if x.size:
        f = jax.jit(f)
    f(x, 5)
    """,
    # a name bound to a number somewhere, and to something else elsewhere
    """
    @jax.jit
    def f(x, n):
        return x
    k = 3
    k = jnp.ones(())
    f(x, k)
    """,
    # pmap maps a number along an axis it does not have: another error
    """
    def f(x, n):
        return x
    jax.pmap(f)(xs, 5)
    """,
])
def test_silent_where_the_code_does_not_show_it(source: str) -> None:
    assert not model_says(textwrap.dedent(source))


def test_applications_bind_arguments_to_parameters() -> None:
    tree = ast.parse(HEADER + textwrap.dedent("""
        def f(x, n, *, scale=1.0):
            return x
        g = jax.jit(f, static_argnames="scale")
        g(x, 2, scale=3.0)
        jax.jit(f)(x, n=4)
    """))
    tracing = Tracing(ModuleModel(tree))
    traced = next(t for t in tracing.functions if t.name == "f")
    applications = tracing.applications.of(traced)
    given = sorted((sorted((k, ast.unparse(v)) for k, v in a.arguments.items()), sorted(a.traced))
                   for a in applications)
    assert given == [
        ([("n", "2"), ("scale", "3.0"), ("x", "x")], ["n", "x"]),
        ([("n", "4"), ("x", "x")], ["n", "x"]),
    ]


def test_runs_of_one_transformation() -> None:
    """`runs(traced, transform)`: the calls that run the function through that transformation
    only. A finding raised under `jit` points at the `jit` call that runs the function, not at
    a `grad` call that also runs it (and raises nothing: its tracer is concrete)."""
    from jaxerr_lsp.engine.run import analyze

    source = textwrap.dedent("""\
        import jax


        def f(x):
            y = x > 0
            if y:
                return x
            return -x


        print(jax.grad(f)(1.0))
        jax.jit(f)(1)
    """)
    tracing = Tracing(ModuleModel(ast.parse(source)))
    traced = next(t for t in tracing.functions if t.name == "f")
    by_transform = {t.qualname: sorted(c.lineno for c in tracing.applications.runs(traced, t))
                    for t in traced.transforms}
    assert by_transform == {"jax.grad": [11], "jax.jit": [12]}
    assert sorted(c.lineno for c in tracing.applications.runs(traced)) == [11, 12]
    [finding] = analyze(source).findings
    assert finding.code == "JXE070" and finding.span.start_line == 6
    assert sorted(r.span.start_line for r in finding.related) == [12, 12]

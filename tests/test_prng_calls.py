"""The `jax.random` functions the key rules (JXE128-JXE130) know: `KEY_CHECKING`'s parameters
are the installed JAX's, and each one checks its key before reading another argument (given
a key array and arguments JAX would refuse, it still complains about the key first, under the
name the table gives it); `key_calls` binds a call as Python would."""

from __future__ import annotations

import json
import textwrap

import pytest

from jaxerr_lsp.analysis.model import ModuleModel
from jaxerr_lsp.analysis.values import RANDOM_ONE_ARRAY
from jaxerr_lsp.core.source import parse_source
from jaxerr_lsp.engine.rule import Context
from jaxerr_lsp.families.prng_keys import KEY_CHECKING, key_calls
from tests.jax_runner import run_programs

SIGNATURES = textwrap.dedent('''
    import inspect, json
    import jax.random as jr
    found = {}
    for name in NAMES:
        s = inspect.signature(getattr(jr, name))
        positional = [p.name + ("?" if p.default is not p.empty else "") for p in s.parameters.values()
                      if p.kind == p.POSITIONAL_OR_KEYWORD]
        keyword = [p.name for p in s.parameters.values() if p.kind == p.KEYWORD_ONLY]
        found[name] = " ".join(positional) + (" | " + " ".join(keyword) if keyword else "")
    print(json.dumps(found))
''')

# Given a batch of keys and, for every other parameter, a value JAX would refuse (None for a
# required array, a string shape): the key is what JAX complains about.
KEY_FIRST = textwrap.dedent('''
    import inspect
    import jax
    import jax.random as jr
    keys = jax.random.split(jax.random.key(0), 3)
    for name in NAMES:
        s = inspect.signature(getattr(jr, name))
        args = {p.name: "bad" for p in s.parameters.values()
                if p.default is p.empty and p.name != "key" and p.kind == p.POSITIONAL_OR_KEYWORD}
        if name in ("bernoulli", "truncated_normal"):
            args["shape"] = (3,)  # read before the key (the rules check it)
        try:
            getattr(jr, name)(keys, **args)
        except ValueError as error:
            print(name, str(error).split(" accepts a single key")[0])
''')


# Arguments for each `RANDOM_ONE_ARRAY` function (ints and tuples static under jit).
ONE_ARRAY_ARGUMENTS = """{
 "normal": (k,), "uniform": (k,), "bernoulli": (k,), "randint": (k, (2,), 0, 3),
 "categorical": (k, jnp.zeros(3)), "choice": (k, 5), "permutation": (k, 5), "gamma": (k, 1.0),
 "beta": (k, 1.0, 1.0), "dirichlet": (k, jnp.ones(3)), "exponential": (k,), "gumbel": (k,),
 "laplace": (k,), "logistic": (k,), "multivariate_normal": (k, jnp.zeros(2), jnp.eye(2)),
 "truncated_normal": (k, -1.0, 1.0), "poisson": (k, 1.0), "rademacher": (k, (2,)), "cauchy": (k,),
 "chisquare": (k, 2.0), "t": (k, 2.0), "lognormal": (k,), "maxwell": (k,), "pareto": (k, 2.0),
 "weibull_min": (k, 1.0, 1.0), "binomial": (k, 3.0, 0.5), "geometric": (k, 0.5), "loggamma": (k, 1.0),
 "rayleigh": (k, 1.0), "wald": (k, 1.0), "triangular": (k, 0.0, 0.5, 1.0),
 "double_sided_maxwell": (k, 0.0, 1.0), "f": (k, 2.0, 3.0), "split": (k,), "fold_in": (k, 3),
 "bits": (k,), "ball": (k, 3), "orthogonal": (k, 3), "generalized_normal": (k, 2.0), "key": (0,),
 "PRNGKey": (0,), "key_data": (k,), "wrap_key_data": (jr.key_data(k),), "clone": (k,),
}"""
ONE_ARRAY = textwrap.dedent('''
    import jax, jax.numpy as jnp, jax.random as jr
    k = jr.key(0)
    calls = ARGUMENTS
    assert sorted(calls) == NAMES, sorted(set(calls) ^ set(NAMES))
    for name, args in calls.items():
        static = tuple(i for i, a in enumerate(args) if type(a) in (int, tuple))
        out = jax.jit(lambda *a, _name=name: getattr(jr, _name)(*a), static_argnums=static)(*args)
        assert isinstance(out, jax.Array), (name, type(out))
    print("ok")
''')


def test_random_functions_the_tracing_model_takes_for_one_array_return_one() -> None:
    """`RANDOM_ONE_ARRAY` (a traced key, or staged code, makes their result one tracer)."""
    program = ONE_ARRAY.replace("ARGUMENTS", ONE_ARRAY_ARGUMENTS).replace(
        "NAMES", repr(sorted(RANDOM_ONE_ARRAY)))
    result, = run_programs([program])
    assert not result.raised, result.traceback
    assert result.stdout.strip() == "ok"


def test_the_table_matches_the_installed_signatures() -> None:
    program = f"NAMES = {sorted(KEY_CHECKING)!r}\n" + SIGNATURES
    result, = run_programs([program])
    assert not result.raised, result.traceback
    assert json.loads(result.stdout) == KEY_CHECKING


def test_every_function_checks_its_key_first_under_its_own_name() -> None:
    program = f"NAMES = {sorted(KEY_CHECKING)!r}\n" + KEY_FIRST
    result, = run_programs([program])
    assert not result.raised, result.traceback
    named = dict(line.split(" ", 1) for line in result.stdout.splitlines())
    assert named == {name: name for name in KEY_CHECKING}


def _calls(body: str) -> list[tuple[str, str, list[str]]]:
    parsed = parse_source("import jax\nfrom jax import random as jr\n" + body)
    assert parsed.tree is not None
    ctx = Context(parsed, ModuleModel(parsed.tree))
    return [(c.name, ctx.segment(c.key), sorted(c.given)) for c in key_calls(ctx)]


@pytest.mark.parametrize("body,expected", [
    ("jax.random.normal(k, (3,))\n", [("normal", "k", ["key", "shape"])]),
    ("jr.uniform(key=k, maxval=2.0)\n", [("uniform", "k", ["key", "maxval"])]),
    ("jax.random.split(k, num=4)\n", [("split", "k", ["key", "num"])]),
    # Python refuses these before JAX runs: not bound
    ("jax.random.normal(k, (3,), None, 1)\n", []),
    ("jax.random.randint(k, (3,), 0)\n", []),
    ("jax.random.normal(k, shape=(3,), scale=2)\n", []),
    ("jax.random.normal(*args)\n", []),
    ("jax.random.normal(k, **options)\n", []),
    ("jax.random.key_data(k)\n", []),  # accepts key arrays
])
def test_key_calls_bind_as_python_does(body: str, expected: list[tuple[str, str, list[str]]]) -> None:
    assert _calls(body) == expected

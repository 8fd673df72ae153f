"""`families.tangents.PASSING` against the real JAX: every function it lists passes a nonzero
tangent on from each argument it names (None: every positional argument that takes an
array), measured with `jax.jvp` on arguments where the function is differentiable.

Each function is called as `CALLS` writes it: `{0}`, `{1}`... are the array operands (a
positive definite 3x3 matrix with entries in (0, 1) off the diagonal, and a second matrix),
the rest are the options the function needs."""

from __future__ import annotations

import json

from jaxerr_lsp.families.tangents import PASSING
from tests.jax_runner import run_programs

# qualname -> the call, with `{i}` for the i-th array operand (the others are constants).
CALLS: dict[str, str] = {
    "jax.numpy.reshape": "jnp.reshape({0}, (9,))",
    "jax.numpy.expand_dims": "jnp.expand_dims({0}, 0)",
    "jax.numpy.power": "jnp.power({0}, 2.0)",
    "jax.numpy.roll": "jnp.roll({0}, 1)",
    "jax.numpy.broadcast_to": "jnp.broadcast_to({0}, (2, 3, 3))",
    "jax.numpy.tile": "jnp.tile({0}, 2)",
    "jax.numpy.repeat": "jnp.repeat({0}, 2)",
    "jax.numpy.squeeze": "jnp.squeeze({0}[None])",
    "jax.numpy.arcsin": "jnp.arcsin({0} / 10)",
    "jax.numpy.arccos": "jnp.arccos({0} / 10)",
    "jax.numpy.arctanh": "jnp.arctanh({0} / 10)",
    "jax.numpy.clip": "jnp.clip({0}, -10.0, 10.0)",
    "jax.numpy.where": "jnp.where(jnp.eye(3) > 0, {1}, {2})",
    "jax.numpy.einsum": "jnp.einsum('ij,jk->ik', {1}, {2})",
    "jax.lax.reduce_window": "jax.lax.reduce_window({0}, 0.0, jax.lax.add, (2, 2), (1, 1), 'VALID')",
    "jax.lax.dynamic_slice": "jax.lax.dynamic_slice({0}, (0, 1), (2, 2))",
    "jax.lax.dynamic_update_slice": "jax.lax.dynamic_update_slice({0}, {1}[:2, :2], (1, 0))",
}
# Functions of two array operands (every positional argument passes a tangent).
BINARY = "{f}({0}, {1})"
UNARY = "{f}({0})"

PROGRAM = """\
import json
import jax
import jax.numpy as jnp

a = jnp.array([[2.0, 0.3, 0.2], [0.3, 3.0, 0.4], [0.2, 0.4, 4.0]])
b = jnp.array([[1.5, 0.1, 0.7], [0.2, 2.5, 0.3], [0.6, 0.5, 1.8]])
operands = [a, b, a + b]
calls = json.loads({calls!r})
found = {{}}
for qualname, (template, positions) in calls.items():
    passing = []
    for position in positions:
        def f(v, template=template, position=position):
            args = [v if i == position else o for i, o in enumerate(operands)]
            return eval(template.format(*[f"args[{{i}}]" for i in range(3)]), {{"jax": jax, "jnp": jnp, "args": args}})
        _, tangent = jax.jvp(f, (operands[position],), (jnp.arange(1.0, 10.0).reshape(3, 3) ** 2,))
        passing.append(bool(jnp.any(jax.tree_util.tree_leaves(tangent)[0] != 0)))
    found[qualname] = passing
print("FOUND", json.dumps(found))
"""


def _call(qualname: str, positions: tuple[int, ...] | None) -> tuple[str, list[int]]:
    """The call written with the operands `{i}`, and the operand positions to differentiate
    (the function's argument positions PASSING names)."""
    function = "jnp." + qualname.removeprefix("jax.numpy.") if qualname.startswith("jax.numpy.") else qualname
    if qualname in CALLS:
        template = CALLS[qualname]
    elif positions is None:
        template = BINARY.format("{0}", "{1}", f=function)
    else:
        template = UNARY.format("{0}", f=function)
    if qualname in ("jax.numpy.where", "jax.numpy.einsum"):
        return template, [1, 2]  # (the operands after the condition / the subscripts)
    if positions is None:
        return template, [0, 1]
    return template, list(positions)


def test_every_listed_function_passes_a_nonzero_tangent() -> None:
    calls = {qualname: _call(qualname, positions) for qualname, positions in PASSING.items()}
    [result] = run_programs([PROGRAM.format(calls=json.dumps(calls))])
    assert not result.raised, result.traceback
    line = next(line for line in result.stdout.splitlines() if line.startswith("FOUND "))
    found: dict[str, list[bool]] = json.loads(line.removeprefix("FOUND "))
    assert set(found) == set(PASSING)
    not_passing = {qualname: passing for qualname, passing in found.items() if not all(passing)}
    assert not not_passing, f"listed as passing a tangent, but JAX's is zero: {not_passing}"

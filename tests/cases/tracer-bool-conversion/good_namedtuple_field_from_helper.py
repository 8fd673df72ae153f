from typing import NamedTuple

import jax
import jax.numpy as jnp


class SolverOutput(NamedTuple):
    value: jax.Array
    errors: jax.Array
    num_iters: int


def solve(x, num_iters=10):
    def body(carry, _):
        new = 0.5 * (carry + 1.0 / carry)
        return new, jnp.max(jnp.abs(new - carry))

    value, errors = jax.lax.scan(body, x, None, length=num_iters)
    return SolverOutput(value, errors, num_iters)


@jax.jit
def checked_root(x):
    out = solve(x)
    if out.num_iters > 5:
        return jnp.where(out.errors[-1] < 1e-3, out.value, jnp.nan)
    return out.value


out = solve(jnp.array([2.0, 3.0]))
if out.errors[-1] < 1e-3:
    print(out.value)
print(checked_root(jnp.array([2.0, 3.0])))

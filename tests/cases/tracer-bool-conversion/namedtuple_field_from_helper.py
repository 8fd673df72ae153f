from typing import NamedTuple

import jax
import jax.numpy as jnp


class SolverOutput(NamedTuple):
    value: jax.Array
    errors: jax.Array
    converged: jax.Array


def solve(x, num_iters=10, threshold=1e-3):
    def body(carry, _):
        new = 0.5 * (carry + 1.0 / carry)
        return new, jnp.max(jnp.abs(new - carry))

    value, errors = jax.lax.scan(body, x, None, length=num_iters)
    return SolverOutput(value, errors, errors[-1] < threshold)


@jax.jit
def checked_root(x):
    out = solve(x)
    if out.converged:  # expect: JXE070
        return out.value
    return jnp.full_like(x, jnp.nan)


print(checked_root(jnp.array([2.0, 3.0])))

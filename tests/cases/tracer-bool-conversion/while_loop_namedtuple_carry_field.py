from typing import NamedTuple

import jax
import jax.numpy as jnp


class SolverState(NamedTuple):
    iter_num: jnp.ndarray
    error: jnp.ndarray
    failed: jnp.ndarray


def solve(x0, maxiter=50, tol=1e-4, stop_on_failure=False):
    def cond_fun(carry):
        _, state = carry
        keep_going = (state.iter_num < maxiter) & (state.error > tol)
        return keep_going & (not stop_on_failure | ~state.failed)  # expect: JXE070

    def body_fun(carry):
        x, state = carry
        x = x - 0.1 * x
        return x, SolverState(state.iter_num + 1, jnp.linalg.norm(x), state.failed)

    init = SolverState(jnp.asarray(0), jnp.asarray(jnp.inf), jnp.asarray(False))
    return jax.lax.while_loop(cond_fun, body_fun, (x0, init))


print(solve(jnp.ones(3)))

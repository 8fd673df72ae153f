import jax
import jax.numpy as jnp
from jax import lax


def relax(x, steps):
    def cond(state):
        return state[0] < steps

    def body(state):
        i, y = state
        return i + 1, y - 0.1 * jnp.sin(y)

    _, y = lax.while_loop(cond, body, (0, x))  # expect: JXE107
    return y / jnp.linalg.norm(y)


def loss(x):
    return jnp.linalg.norm(relax(x, 5) - 1.0)


print(jax.grad(loss)(jnp.ones(3)))

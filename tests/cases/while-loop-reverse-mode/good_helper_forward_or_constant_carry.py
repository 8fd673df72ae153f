import jax
import jax.numpy as jnp
from jax import lax


def relax(x, steps):
    def cond(state):
        return state[0] < steps

    def body(state):
        i, y = state
        return i + 1, y - 0.1 * jnp.sin(y)

    _, y = lax.while_loop(cond, body, (0, x))
    return y / jnp.linalg.norm(y)


def counted(x, steps):
    # The loop's carry does not hold x: nothing to transpose.
    n = lax.while_loop(lambda i: i < steps, lambda i: i + 1, 0)
    return x * n


def loss(x):
    return jnp.linalg.norm(relax(x, 5) - 1.0)


print(jax.jacfwd(loss)(jnp.ones(3)))
print(jax.grad(lambda x: jnp.sum(counted(x, 3)))(jnp.ones(3)))

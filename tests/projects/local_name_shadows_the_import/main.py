import jax
import jax.numpy as jnp

from pkg.layers import dense


def dense(x, w):  # noqa: F811 - this module's own dense replaces the imported one
    return jnp.where(x.sum() > 0, x @ w, jnp.zeros_like(w))


@jax.jit
def step(x, w):
    return dense(x, w)


print(step(jnp.ones((2, 2)), jnp.ones((2, 2))))

import jax
import jax.numpy as jnp

DEBUG = True


def loss(w):
    if DEBUG:
        return jnp.sum(w ** 2), jnp.max(w)
    return jnp.sum(w ** 2)


print(jax.grad(loss, has_aux=True)(jnp.ones(2)))

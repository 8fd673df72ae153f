import jax
import jax.numpy as jnp

AUX = False


def loss(w):
    return jnp.sum(w ** 2)


print(jax.grad(loss, has_aux=AUX)(jnp.ones(2)))

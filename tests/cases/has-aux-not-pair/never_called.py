import jax
import jax.numpy as jnp


def loss(w):
    return jnp.sum(w ** 2)


grad_with_aux = jax.grad(loss, has_aux=True)  # made but never run
print(jax.grad(loss)(jnp.ones(2)))

import jax
import jax.numpy as jnp


def loss(params, x):
    return jnp.sum(x * params)


args = (jnp.ones(2), jnp.ones(2))
print(jax.grad(loss, argnums=1)(*args))

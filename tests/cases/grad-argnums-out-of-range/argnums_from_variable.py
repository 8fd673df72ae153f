import jax
import jax.numpy as jnp

WRT = 0


def loss(params, x):
    return jnp.sum(x * params)


print(jax.grad(loss, argnums=WRT)(jnp.ones(2), x=jnp.ones(2)))
